"""Around the games: the history of finished matches, the players' statistics, the journals
of the story games."""
