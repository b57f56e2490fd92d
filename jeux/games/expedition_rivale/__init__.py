"""L'Expédition Rivale: lay artifacts when their condition holds (RULINGS.md §24)."""
