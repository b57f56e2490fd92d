"""Reusable widgets: given data, holding no rules."""
