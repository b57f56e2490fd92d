"""Push to Five: five cards turned one by one, push or stop, 15 points wins (RULINGS.md §22)."""
