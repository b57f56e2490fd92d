"""The declaration of La Cité des Voleurs that the catalogue loads: its options, its robots and how
a match begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import DEFAULT_LEVEL, LEVELS, Bot, Choice, Game, Option

from .rules import EVERY_THROW, NEXT_THROW, Announce, Apply, CiteState, Roll


class Cite(Game):
    info = GAMES["cite_des_voleurs"]
    action_types = (Roll, Apply, Announce)
    options = (
        Option(
            "announce_tries",
            "Carré annoncé",
            (
                Choice(EVERY_THROW, "Tenté à chaque lancer restant"),
                Choice(NEXT_THROW, "Une seule tentative, au lancer suivant"),
            ),
            EVERY_THROW,
            "Après un triple, le carré annoncé relance le quatrième dé.",
        ),
        Option(
            "rob_camouflaged",
            "Viser un camouflé",
            (
                Choice(False, "Non : on ne peut rien lui voler"),
                Choice(True, "Oui : le vol échoue, le tour est perdu"),
            ),
            False,
        ),
    )

    levels = tuple(LEVELS)

    def bot(self, seed: int | str | None = None, level: str = DEFAULT_LEVEL) -> Bot:
        from .bots import robot  # on first use: a setup or a replay needs no robot

        return robot(seed, level)

    def new(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> CiteState:
        return CiteState(players, options)


GAME = Cite()
