"""The declaration of Mystère au Manoir that the catalogue loads: its options, its robots and how a
match begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import Choice, Game, Option
from jeux.engine.race import equal_turns_option

from .rules import TARGET, DoubleOneReroll, EndTurn, MystereState, Roll, Score, WitnessReroll


class MystereAuManoir(Game):
    info = GAMES["mystere_au_manoir"]
    action_types = (Roll, WitnessReroll, DoubleOneReroll, Score, EndTurn)
    options = (
        equal_turns_option(TARGET),
        Option(
            "easy_perfect",
            "Enquête parfaite",
            (
                Choice(False, "1-2-3-4-5 seulement"),
                Choice(True, "Mode facile : 1-2-3-4 suffit"),
            ),
            False,
            "L'aide-mémoire parle de 1-2-3-4, la règle de 1-2-3-4-5.",
        ),
        Option(
            "exact_square",
            "Carré",
            (
                Choice(False, "Carré × 10, plus la valeur du cinquième dé"),
                Choice(True, "Carré × 10 exactement, cinquième dé ignoré"),
            ),
            False,
            "2-2-2-2-3 vaut 23 ou 20.",
        ),
        Option(
            "turn_limit",
            "Limite de tours",
            (
                Choice(0, "Aucune"),
                Choice(10, "10 tours"),
                Choice(15, "15 tours"),
                Choice(20, "20 tours"),
            ),
            0,
            "Après la limite, le plus haut score gagne ; en solo, il faut 100 points avant.",
        ),
    )

    levels = ("debutant", "moyen", "fort")

    def new(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> MystereState:
        return MystereState(players, options)


GAME = MystereAuManoir()
