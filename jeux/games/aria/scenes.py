"""Aria's own screenshot scene (found by jeux/screenshots.py): as Arcane Arena, it opens behind
the handoff, so its play scene is the board of the seat that took the screen."""

from __future__ import annotations

from jeux.screenshots import behind_handoff


def scenes() -> dict[str, object]:
    return {"aria-partie": behind_handoff("aria", 5)}
