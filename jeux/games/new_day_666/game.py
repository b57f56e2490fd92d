"""The declaration of New Day 666 that the catalogue loads: its options, its robots and how a match
begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import DEFAULT_LEVEL, Choice, Game, Option

from .rules import Achieve, Begin, Diarist, Farewell, FastForward, NewDayState, Roll, Write


class NewDay666(Game):
    info = GAMES["new_day_666"]
    action_types = (Begin, Roll, FastForward, Write, Farewell, Achieve)
    options = (
        Option(
            "tiers",
            "Qualité de la journée",
            (
                Choice(False, "La somme des dés seulement"),
                Choice(True, "Paliers : 3–7 belle, 8–13 ordinaire, 14–17 mauvaise"),
            ),
            False,
            "La somme des trois dés (3 à 18) dit la journée : plus elle est basse, mieux c'est.",
        ),
        Option(
            "fast",
            "Mode rapide",
            (
                Choice(0, "Non : un jour à la fois"),
                Choice(7, "Une semaine d'un coup (r)"),
                Choice(30, "Un mois d'un coup (r)"),
            ),
            0,
            "Lance plusieurs jours d'un coup et les résume ; on peut toujours vivre un jour.",
        ),
    )

    def new(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> NewDayState:
        return NewDayState(players, options)

    def bot(self, seed: int | str | None = None, level: str = DEFAULT_LEVEL) -> Diarist:
        return Diarist(seed)


GAME = NewDay666()
