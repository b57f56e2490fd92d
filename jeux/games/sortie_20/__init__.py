"""Sortie 20: keep, eliminate and reroll five dice to reach 20 points first (RULINGS.md §15)."""
