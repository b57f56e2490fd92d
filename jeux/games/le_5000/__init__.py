"""Le 5000: keep 1s, 5s and combinations, open at 750, reach 5000 (RULINGS.md §2)."""
