"""Cartes Divinités Aria (RULINGS.md §20): Arcane Arena's engine and rules (§19) with the gods'
spellbook, and the hidden alliances of the Guilde des Poissonniers as an option (ARIA-2)."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import Choice, Option
from jeux.games.arcane_arena.rules import ArenaGame

from .cards import ARIA

ALLIANCES = Option(
    "alliances",
    "Alliances avec la Guilde des Poissonniers",
    (Choice(False, "Aucune : Mensonge de Gobie ignore toute défense"), Choice(True, "Secrètes")),
    False,
    help="Secrètes : chacun est allié ou non, au hasard et en secret ; un allié peut parer "
    "Mensonge de Gobie.",
)


class AriaGame(ArenaGame):
    info = GAMES["aria"]
    book = ARIA
    options = (*ArenaGame.options, ALLIANCES)

    def alliances(self, seats: int, options: Mapping[str, Any], rng: Random) -> list[bool | None]:
        """ARIA-2 option: each seat is allied or not, by a coin nobody else sees."""
        if not options.get(ALLIANCES.key):
            return [False] * seats
        return [rng.random() < 0.5 for _ in range(seats)]


GAME = AriaGame()
