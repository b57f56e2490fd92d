"""The declaration of Push to Five that the catalogue loads: its options, its robots and how a match
begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import Choice, Game, Option

from .rules import (
    CUMULATIVE,
    NORMAL,
    SLOW,
    SPRINT,
    SPRINT_ROUNDS,
    Flip,
    PushToFiveState,
    Reshuffle,
    Stop,
)


class PushToFive(Game):
    info = GAMES["push_to_five"]
    action_types = (Flip, Stop, Reshuffle)
    options = (
        Option(
            "mode",
            "But",
            (
                Choice(CUMULATIVE, "Cumul : premier·e à 15 points en banque"),
                Choice(SPRINT, "Sprint : 15 points en un seul tour"),
            ),
            CUMULATIVE,
            "On finit toujours le tour de table ; en Sprint, la banque départage "
            f"et la partie s'arrête après {SPRINT_ROUNDS} tours.",
        ),
        Option(
            "deck",
            "Cartes",
            (
                Choice(NORMAL, "+3, +5, ×2, Protection, Perdre tout"),
                Choice(SLOW, "Lentes : +1, +3, ×2, Protection, Perdre tout"),
            ),
            NORMAL,
            "Avec les cartes lentes, 15 points demandent un tour complet.",
        ),
        Option(
            "solo_rounds",
            "Manches en solo",
            (Choice(3, "3 manches"), Choice(5, "5 manches"), Choice(10, "10 manches")),
            5,
            "Seul, on additionne les points gardés sur ces manches.",
        ),
    )

    levels = ("debutant", "moyen", "fort")

    def new(
        self, players: Sequence[str], options: Mapping[str, Any], rng: Random
    ) -> PushToFiveState:
        return PushToFiveState(players, options, rng)


GAME = PushToFive()
