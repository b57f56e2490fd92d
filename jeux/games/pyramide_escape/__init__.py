"""Pyramide Escape: solo escape through ten rooms before fatigue runs out (RULINGS.md §25)."""
