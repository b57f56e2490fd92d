"""The declaration of Sortie 20 that the catalogue loads: its options, its robots and how a match
begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import Choice, Game, Option
from jeux.engine.race import equal_turns_option

from .rules import TARGET, Activate, Flip, Reroll, Roll, SortieState, Stop


class Sortie20(Game):
    info = GAMES["sortie_20"]
    action_types = (Roll, Reroll, Flip, Activate, Stop)
    options = (
        equal_turns_option(TARGET),
        Option(
            "strict_reroll",
            "Relances",
            (
                Choice(False, "Jusqu'à 2 dés relancés (5 → 4 → 3 → 2)"),
                Choice(True, "Strict : jamais de relance à 2 dés (5 → 4 → 3)"),
            ),
            False,
        ),
        Option(
            "floor",
            "Score négatif",
            (
                Choice(True, "Le total ne descend jamais sous 0"),
                Choice(False, "Le total peut devenir négatif"),
            ),
            True,
            "Un tour peut coûter des points ; le total peut-il passer sous 0 ?",
        ),
        Option(
            "turn_limit",
            "Limite de tours",
            (
                Choice(0, "Aucune"),
                Choice(15, "15 tours"),
                Choice(20, "20 tours"),
                Choice(30, "30 tours"),
                Choice(50, "50 tours"),
            ),
            0,
            "Les points viennent lentement : une partie dure souvent une vingtaine de tours. Avec"
            " une limite, le plus haut score l'emporte à la fin du dernier tour ; en solo, il"
            " faut 20 points avant.",
        ),
    )
    playout_options = {"turn_limit": 20}
    """Random play seldom reaches 20 points (rerolls cost a third of a point a die on
    average): random playouts stop after twenty rounds, about a game of people."""

    levels = ("debutant", "moyen", "fort")

    def new(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> SortieState:
        return SortieState(players, options)


GAME = Sortie20()
