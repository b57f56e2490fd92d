"""The declaration of Gladiator's Duel that the catalogue loads: its options, its robots and how a
match begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import LEVELS, Choice, Game, Option

from .rules import DRAW, REMATCH, Choose, DuelState, Roll


class GladiatorsDuel(Game):
    info = GAMES["gladiators_duel"]
    action_types = (Roll, Choose)
    options = (
        Option(
            "hp",
            "Points de vie",
            (
                Choice(12, "12 PV : duel court (~5 manches)"),
                Choice(30, "30 PV : duel long (~10 manches)"),
            ),
            12,
        ),
        Option(
            "cap",
            "Défense totale : soins",
            (
                Choice(True, "Jamais au-dessus des PV de départ"),
                Choice(False, "Sans plafond"),
            ),
            True,
        ),
        Option(
            "double_ko",
            "Double KO",
            (Choice(DRAW, "Match nul"), Choice(REMATCH, "Revanche immédiate")),
            DRAW,
            "Si les deux gladiateurs tombent dans la même manche.",
        ),
    )

    levels = tuple(LEVELS)

    def new(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> DuelState:
        return DuelState(players, options)


GAME = GladiatorsDuel()
