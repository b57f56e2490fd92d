"""The Last Spell: push-your-luck spell casting for 2 to 6 players (RULINGS.md §17)."""
