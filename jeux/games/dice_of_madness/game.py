"""The declaration of Lovecraftian Dice of Madness that the catalogue loads: its options, its robots
and how a match begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import Choice, Game, Option

from .rules import (
    FIRST,
    FIRST_ROLL,
    HARSH,
    LEGACY,
    MUST_REACH,
    PREVIOUS,
    WINS,
    MadnessState,
    Roll,
    Stop,
)


class DiceOfMadness(Game):
    info = GAMES["dice_of_madness"]
    action_types = (Roll, Stop)
    options = (
        Option(
            "test_timing",
            "Test de folie",
            (
                Choice(PREVIOUS, "En début de tour, si un 6 est resté"),
                Choice(FIRST_ROLL, "Juste après le premier lancer"),
            ),
            PREVIOUS,
            "Le d20 n'est lancé que si un 6 est là et que ta Folie vaut au moins 1 ; "
            "d20 ≤ Folie : +2 Folie.",
        ),
        Option(
            "sixes",
            "Les 6 des relances",
            (
                Choice(FIRST, "Sans effet (seul le 1er lancer compte)"),
                Choice(HARSH, "Dur : chaque nouveau 6, +1 Folie"),
                Choice(LEGACY, "Prise de risque (règle barrée)"),
            ),
            FIRST,
            "Prise de risque : test de folie avant chaque relance ; chaque 6 relancé vaut "
            "+2 Folie à la 1re relance, +3 à la 2e.",
        ),
        Option(
            "full_bonus",
            "Brelan et paire",
            (
                Choice(True, "Brelan, et la paire retire 1 Folie"),
                Choice(False, "Brelan seulement (+3 Savoir)"),
            ),
            True,
        ),
        Option(
            "survivor",
            "Dernier·e à garder la raison",
            (
                Choice(WINS, "Victoire aussitôt"),
                Choice(MUST_REACH, "Encore 50 Savoir à atteindre"),
            ),
            WINS,
            "À 15 de Folie, un joueur sombre et quitte la partie.",
        ),
        Option(
            "equal_turns",
            "Tours égaux",
            (
                Choice(False, "Non : le·la premier·e à 50 gagne aussitôt"),
                Choice(True, "Oui : on finit le tour de table"),
            ),
            False,
        ),
    )

    levels = ("debutant", "moyen", "fort")

    def new(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> MadnessState:
        return MadnessState(players, options)


GAME = DiceOfMadness()
