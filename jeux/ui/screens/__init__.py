"""The app's screens outside a game."""
