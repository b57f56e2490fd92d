"""Arcane Arena: one engine, also playing Cartes Divinités Aria (jeux.games.aria)."""
