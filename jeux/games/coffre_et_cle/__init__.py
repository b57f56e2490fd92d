"""Le Coffre et la Clé: secret roles, blind swaps and the Treasure's guess (RULINGS.md §23)."""
