"""Le Labyrinthe: ten steps to the heart of the maze with a d20, alone or two (RULINGS.md §14)."""
