"""The declaration of Le Capitaine that the catalogue loads: its options, its robots and how a match
begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import Choice, Game, Option

from .rules import BOTH, ONE_OR_BOTH, CapitaineState, Roll, Stop


class Capitaine(Game):
    info = GAMES["le_capitaine"]
    action_types = (Roll, Stop)
    options = (
        Option(
            "target",
            "Partie",
            (Choice(100, "Normale : 100 nœuds"), Choice(50, "Courte : 50 nœuds")),
            100,
        ),
        Option(
            "equal_turns",
            "Tours égaux",
            (
                Choice(True, "Oui : on finit le tour de table, le plus de nœuds gagne"),
                Choice(False, "Non : le·la premier·e qui atteint le but gagne aussitôt"),
            ),
            True,
            "En cas d'égalité en tête, les ex aequo jouent des tours de départage.",
        ),
        Option(
            "cargo_reroll",
            "Relance de la cargaison",
            (
                Choice(ONE_OR_BOTH, "Un dé ou les deux, au choix"),
                Choice(BOTH, "Les deux dés ensemble"),
            ),
            ONE_OR_BOTH,
            "Une fois l'équipage complet, les lancers restants peuvent relancer la cargaison.",
        ),
    )

    levels = ("debutant", "moyen", "fort")

    def new(
        self, players: Sequence[str], options: Mapping[str, Any], rng: Random
    ) -> CapitaineState:
        return CapitaineState(players, options)


GAME = Capitaine()
