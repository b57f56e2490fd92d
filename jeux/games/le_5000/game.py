"""The declaration of Le 5000 that the catalogue loads: its options, its robots and how a match
begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import Choice, Game, Option

from .rules import DOUBLE, EXACT, LAST_TURN, REACH, STANDARD, Bank, Le5000State, Roll


class Le5000(Game):
    info = GAMES["le_5000"]
    action_types = (Roll, Bank)
    options = (
        Option(
            "target",
            "Objectif",
            (Choice(5000, "5 000 points"), Choice(10000, "10 000 points")),
            5000,
        ),
        Option(
            "finish",
            "Arrivée",
            (
                Choice(REACH, "Atteindre ou dépasser l'objectif"),
                Choice(EXACT, "Tomber pile sur l'objectif"),
                Choice(LAST_TURN, "Les 1 000 derniers points en un seul tour"),
            ),
            REACH,
            "Pile : un tour qui dépasse l'objectif ne compte pas. Derniers 1\u00a0000 : le score "
            "reste bloqué à 1\u00a0000 sous l'objectif tant qu'un tour ne l'atteint pas.",
        ),
        Option(
            "equal_turns",
            "Tours égaux",
            (
                Choice(True, "On finit le tour de table, le meilleur score gagne"),
                Choice(False, "Le·la premier·e à l'objectif gagne aussitôt"),
            ),
            True,
            "Cinq 1 d'un seul lancer gagnent toujours sur-le-champ.",
        ),
        Option(
            "four_of_a_kind",
            "Carré",
            (
                Choice(STANDARD, "Brelan + dé seul (quatre 1 = 1 100)"),
                Choice(DOUBLE, "Règle maison : double du brelan (quatre 4 = 800)"),
            ),
            STANDARD,
        ),
        Option(
            "turn_limit",
            "Limite de tours",
            (
                Choice(0, "Aucune"),
                Choice(10, "10 tours chacun·e"),
                Choice(20, "20 tours chacun·e"),
                Choice(30, "30 tours chacun·e"),
            ),
            0,
            "À plusieurs, le meilleur score gagne à la limite ; en solo, la partie est perdue "
            "si l'objectif n'est pas atteint à temps.",
        ),
    )

    def new(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> Le5000State:
        return Le5000State(players, options)

    levels = ("debutant", "moyen", "fort")


GAME = Le5000()
