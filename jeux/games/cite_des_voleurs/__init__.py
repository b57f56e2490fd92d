"""La Cité des Voleurs: four dice, loot tokens, thefts and a shared pot (RULINGS.md §8)."""
