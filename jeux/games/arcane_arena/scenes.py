"""Arcane Arena's own screenshot scenes (found by jeux/screenshots.py): it opens behind the
handoff, so its play scene is the board of the seat that took the screen; the reaction scene is
the target's board while an attack waits."""

from __future__ import annotations

from jeux.screenshots import behind_handoff

from .rules import REACT

GAME_ID = "arcane_arena"


def scenes() -> dict[str, object]:
    reaction = behind_handoff(GAME_ID, 100_000, until=lambda state: state.phase == REACT)
    return {f"{GAME_ID}-partie": behind_handoff(GAME_ID, 5), f"{GAME_ID}-reaction": reaction}
