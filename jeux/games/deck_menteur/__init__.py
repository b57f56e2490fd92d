"""Deck menteur: bluff with face-down cards, and flip your pack when caught (RULINGS.md §21)."""
