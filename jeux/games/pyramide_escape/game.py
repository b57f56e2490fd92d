"""The declaration of Pyramide Escape that the catalogue loads: its options, its robots and how a
match begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import Choice, Game, Option

from .rules import (
    END_OF_ROOM,
    IMMEDIATE,
    LENIENT,
    STRICT,
    Discard,
    LeaveRoom,
    NoItem,
    PyramideState,
    Reorder,
    Reveal,
    UseItem,
)


class PyramideEscape(Game):
    info = GAMES["pyramide_escape"]
    action_types = (Reveal, NoItem, UseItem, Reorder, Discard, LeaveRoom)
    version = 2
    """2: the rooms are shuffled and the first one turned at setup (no first « Révéler »)."""
    options = (
        Option(
            "penombre",
            "Pénombre",
            (
                Choice(LENIENT, "Souple : Torche et Corde affaiblies"),
                Choice(STRICT, "Stricte : tout objet affaibli"),
            ),
            LENIENT,
            "Souple : la Torche et la Corde n'ignorent plus la salle. Stricte : tout objet "
            "n'annule plus qu'1 fatigue, et la Pénombre ne peut plus être annulée.",
        ),
        Option(
            "defeat",
            "Défaite",
            (
                Choice(END_OF_ROOM, "En fin de salle"),
                Choice(IMMEDIATE, "Immédiate, dès 0 de fatigue"),
            ),
            END_OF_ROOM,
            "En fin de salle, l'Outre, l'Offrande ou le Sable Vivant peuvent encore te sauver.",
        ),
    )

    def new(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> PyramideState:
        return PyramideState(players, options, rng)


GAME = PyramideEscape()
