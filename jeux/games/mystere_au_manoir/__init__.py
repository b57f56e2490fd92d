"""Mystère au Manoir: investigation dice, witnesses and clues up to 100 points (RULINGS.md §10)."""
