"""Le Capitaine: a ship, a captain, a crew in order, then the cargo sails (RULINGS.md §1)."""
