"""Les dés bloqués: ten turns of five dice where 2s and 5s block everything (RULINGS.md §4)."""
