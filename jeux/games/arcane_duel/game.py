"""The declaration of Arcane Duel that the catalogue loads: its options, its robots and how a match
begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.cards import EVERYONE, Zone
from jeux.engine.core import Choice, Game, Option
from jeux.engine.reactions import REACTION_WINDOW

from .rules import (
    EVERY_PLAYER,
    LATER_HP,
    NEXT_TURN,
    NOW,
    OPPONENTS,
    START_HP,
    ArcaneState,
    Cast,
    Defend,
    Discard,
    Draw,
    EndTurn,
    Endure,
    Pass,
    Statuses,
)


class ArcaneDuel(Game):
    info = GAMES["arcane_duel"]
    options = (
        Option(
            "pv",
            "PV des manches suivantes",
            (Choice(START_HP, "9, comme à la première"), Choice(LATER_HP, "5, plus rapides")),
            START_HP,
            "Toutes les manches commencent à 9 PV, ou seulement la première (5 PV ensuite).",
        ),
        Option(
            "remplacement",
            "Carte défaussée en fin de tour",
            (Choice(NOW, "Remplacée aussitôt"), Choice(NEXT_TURN, "Remplacée au tour suivant")),
            NOW,
        ),
        Option(
            "eclair",
            "Éclair touche",
            (
                Choice(OPPONENTS, "Tous les adversaires"),
                Choice(EVERY_PLAYER, "Tous, lanceur compris"),
            ),
            OPPONENTS,
        ),
        REACTION_WINDOW,
    )
    action_types = (Draw, Cast, Pass, Defend, Endure, Discard, EndTurn)
    version = 2
    """2: after a Déviation the new target answers the deflector, not the caster (AD1-22)."""

    def new(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> ArcaneState:
        seats = len(players)
        state = ArcaneState(
            tuple(players),
            dict(options),
            hands=[Zone((), (s,)) for s in range(seats)],
            deck=Zone(),
            discard=Zone((), EVERYONE),
            hp=[START_HP] * seats,
            wins=[0] * seats,
            status=[Statuses() for _ in range(seats)],
            poison_pending=[0] * seats,
            poison_armed=[0] * seats,
            later_draws=[0] * seats,
            next_uid=1,  # uid 0 never names a card: a Cast's `cost` and `pick` of 0 are none
        )
        state._new_round(rng.choice(range(seats)), rng)
        return state

    levels = ("debutant", "moyen", "fort")


GAME = ArcaneDuel()
