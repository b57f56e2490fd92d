"""Gladiators' Duel's own screenshot scenes (found by jeux/screenshots.py): its play scene falls
on both gladiators' doubles, the board of the first to pick in secret, once the screen is
passed."""

from __future__ import annotations

from jeux.screenshots import behind_handoff


def scenes() -> dict[str, object]:
    return {"gladiators_duel-partie": behind_handoff("gladiators_duel", 5)}
