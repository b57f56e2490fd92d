"""Les pilleurs de tombe: torches, artifacts, snakes and cave-ins (RULINGS.md §3)."""
