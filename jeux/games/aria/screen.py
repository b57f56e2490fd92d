"""Cartes Divinités Aria plays on the Arena's screen: the cards it draws come from the match."""

from jeux.games.arcane_arena.screen import ArenaScreen

SCREEN = ArenaScreen
