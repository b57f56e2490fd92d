"""Before a match: the menu, a game's setup, the players' profiles and the settings."""
