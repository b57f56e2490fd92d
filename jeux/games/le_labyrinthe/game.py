"""The declaration of Le Labyrinthe that the catalogue loads: its options, its robots and how a
match begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import Choice, Game, Option

from .rules import TRAP_ADVANCES, TRAP_FREES, Answer, Bonus, Exit, Help, Keep, LabyrintheState, Roll


class Labyrinthe(Game):
    info = GAMES["le_labyrinthe"]
    action_types = (Roll, Keep, Help, Answer, Bonus, Exit)
    options = (
        Option(
            "trap",
            "Piège (2 à 4)",
            (
                Choice(TRAP_ADVANCES, "Payer 1 PV fait avancer d'une étape"),
                Choice(
                    TRAP_FREES, "Payer 1 PV libère sur place ; rester bloqué fait passer un tour"
                ),
            ),
            TRAP_ADVANCES,
        ),
        Option(
            "critical_token",
            "Jeton anti-piège",
            (
                Choice(False, "Il annule un piège (2 à 4)"),
                Choice(True, "Il annule aussi un échec critique (1)"),
            ),
            False,
        ),
    )

    levels = ("debutant", "moyen", "fort")

    def new(
        self, players: Sequence[str], options: Mapping[str, Any], rng: Random
    ) -> LabyrintheState:
        return LabyrintheState(players, options)


GAME = Labyrinthe()
