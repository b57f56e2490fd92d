"""Persistence: profiles and settings as JSON (config dir), matches in SQLite (data dir)."""
