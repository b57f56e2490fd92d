"""Lucky Odds: odd dice score, pairs summing to 7 go out, reach exactly 50 (RULINGS.md §7)."""
