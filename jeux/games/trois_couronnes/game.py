"""The declaration of Le Jeu des Trois Couronnes that the catalogue loads: its options, its robots
and how a match begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import LEVELS, Choice, Game, Option

from .rules import (
    ADDITIVE,
    COVERED,
    FIRST_THROW,
    FREE,
    LEGACY,
    LITERAL,
    NON_POSITIVE,
    OFF,
    PLUS_TURN,
    POSITIVE,
    REPLACE,
    REPLACES_TURN,
    ZERO,
    AnswerAlliance,
    DeclareWar,
    ProposeAlliance,
    Roll,
    Stop,
    TroisCouronnesState,
)


class TroisCouronnes(Game):
    info = GAMES["trois_couronnes"]
    action_types = (Roll, Stop, DeclareWar, ProposeAlliance, AnswerAlliance)
    options = (
        Option(
            "decline",
            "Royaume déclinant",
            (
                Choice(OFF, "Non"),
                Choice(NON_POSITIVE, "Oui : -1 après un tour à 0 point ou moins"),
                Choice(ZERO, "Oui : -1 après un tour à 0 point exactement"),
            ),
            OFF,
            "Variante : un royaume qui ne marque rien perd un point de prestige.",
        ),
        Option(
            "prosperous",
            "Royaume prospère",
            (
                Choice(FIRST_THROW, "50 points, au 1er lancer seulement"),
                Choice(LEGACY, "Ancienne règle : 30 points, d'un seul jet sans dé gardé"),
            ),
            FIRST_THROW,
            "Un 6-5-4 obtenu autrement reste un Royaume complet à 15 points.",
        ),
        Option(
            "bonuses",
            "Bonus thématiques",
            (
                Choice(REPLACE, "Remplacent le score (prospère 50, noble 10)"),
                Choice(ADDITIVE, "S'ajoutent au score (prospère 65, noble 15)"),
            ),
            REPLACE,
            "Par défaut, un royaume nommé vaut sa propre valeur, sans la ligne de base.",
        ),
        Option(
            "excess",
            "Excès de pouvoir (6-6-6)",
            (
                Choice(POSITIVE, "Divise un total positif par 2 ; un total négatif ne bouge pas"),
                Choice(LITERAL, "Divise tout total par 2, même négatif"),
            ),
            POSITIVE,
            "Arrondi en faveur du joueur : 37 devient 19.",
        ),
        Option(
            "special_turn",
            "Guerre et alliance",
            (
                Choice(REPLACES_TURN, "Remplacent le tour"),
                Choice(PLUS_TURN, "Suivies d'un tour normal"),
            ),
            REPLACES_TURN,
            "Par défaut, la guerre ou l'alliance est tout le tour : un seul lancer.",
        ),
        Option(
            "stakes",
            "Mises",
            (
                Choice(FREE, "Libres : les scores peuvent devenir négatifs"),
                Choice(COVERED, "Couvertes : miser ses propres points, vol limité au score"),
            ),
            FREE,
            "Couvertes : il faut avoir la mise, et la guerre ne prend que les points positifs "
            "de la cible.",
        ),
    )

    def new(
        self, players: Sequence[str], options: Mapping[str, Any], rng: Random
    ) -> TroisCouronnesState:
        return TroisCouronnesState(players, options)

    levels = tuple(LEVELS)


GAME = TroisCouronnes()
