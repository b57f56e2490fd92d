"""Reaction windows: a seat answering during another's turn (a defence, a counter).

If the window opened only for seats that hold a reaction, its mere opening would tell the
table what that hand holds. By default it opens whenever a reaction is conceivable; the seat
then answers, or passes, behind the handoff like any decision (`State.to_move()` is the
answering seat, `State.whose_turn()` stays the attacker, `State.prompt()` says why)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .core import Choice, Option

ALWAYS, WHEN_ABLE = "toujours", "si_possible"

REACTION_WINDOW = Option(
    "reaction_window",
    "Fenêtre de réaction",
    (
        Choice(ALWAYS, "Toujours (ne trahit rien de la main)"),
        Choice(WHEN_ABLE, "Seulement avec une carte jouable (plus rapide)"),
    ),
    ALWAYS,
    help="Demander à chaque cible si elle réagit, même sans carte pour le faire.",
)
"""Offered at setup by every game with reactions."""


def window_opens(options: Mapping[str, Any], can_react: bool) -> bool:
    """Whether the target is asked to react: always, unless the table chose speed."""
    return can_react or options.get(REACTION_WINDOW.key, ALWAYS) == ALWAYS
