"""The Killer: twelve life points, five dice, one survivor (RULINGS.md §5)."""
