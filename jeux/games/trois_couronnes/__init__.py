"""Le Jeu des Trois Couronnes: lock a 6, a 5, a 4 in order, wage war, seal alliances (§9)."""
