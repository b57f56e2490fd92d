"""Scoundrel: a solo dungeon crawl through a 44-card deck (RULINGS.md §26)."""
