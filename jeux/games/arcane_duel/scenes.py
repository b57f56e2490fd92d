"""Arcane Duel's own screenshot scenes (found by jeux/screenshots.py): it opens behind the
handoff, so its play scene is the board of the seat that took the screen; a defence gets a
scene of its own (the defender's board, the attack paused)."""

from __future__ import annotations

from jeux.screenshots import behind_handoff

from .rules import DEFEND

GAME_ID = "arcane_duel"


def scenes() -> dict[str, object]:
    defence = behind_handoff(GAME_ID, 100_000, until=lambda state: state.phase == DEFEND)
    return {
        f"{GAME_ID}-partie": behind_handoff(GAME_ID, 4),  # Lina's turn to cast
        f"{GAME_ID}-defense": defence,
    }
