"""The declaration of Lucky Odds that the catalogue loads: its options, its robots and how a match
begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import Choice, Game, Option

from .rules import ANY_TIME, FIRST_THROW, LuckyOddsState, Roll, Stop


class LuckyOdds(Game):
    info = GAMES["lucky_odds"]
    action_types = (Roll, Stop)
    version = 2
    """2: a rethrow takes every even die left (§7 step 5), no longer a choice among them."""
    options = (
        Option(
            "equal_turns",
            "Tours égaux",
            (
                Choice(False, "Non : le·la premier·e à 50 pile gagne aussitôt"),
                Choice(True, "Oui : on finit le tour de table, tous ceux à 50 gagnent"),
            ),
            False,
            "Avec une cible exacte, finir le tour de table compte peu.",
        ),
        Option(
            "all_odd_rethrow",
            "Trois dés impairs",
            (
                Choice(FIRST_THROW, "Relance des trois dés après un premier lancer tout impair"),
                Choice(ANY_TIME, "Relance des trois dés dès que les trois sont gardés"),
            ),
            FIRST_THROW,
            "Relancer les trois dés ajoute leurs points au tour.",
        ),
    )

    levels = ("debutant", "moyen", "fort")

    def new(
        self, players: Sequence[str], options: Mapping[str, Any], rng: Random
    ) -> LuckyOddsState:
        return LuckyOddsState(players, options)


GAME = LuckyOdds()
