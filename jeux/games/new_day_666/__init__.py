"""New Day 666: three rolls of a d6 a day, a line of story, until three 6s (RULINGS.md §16)."""
