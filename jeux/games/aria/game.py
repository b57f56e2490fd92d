"""The declaration of Cartes Divinités Aria that the catalogue loads: its options, its robots and
how a match begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.games.arcane_arena.game import ArenaGame

from .cards import ARIA
from .rules import ALLIANCES


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
