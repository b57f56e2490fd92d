"""French wording shared by engines and screens."""

from __future__ import annotations

from collections.abc import Sequence


def plural(count: int, word: str) -> str:
    """ "1 partie", "2 parties": French puts 0 and 1 in the singular."""
    return f"{count} {word}{'s' if count > 1 else ''}"


def join_names(names: Sequence[str]) -> str:
    """ "Lina", "Lina et Marc", "Lina, Marc et Zoé"."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " et " + names[-1]


def percent(chance: float) -> str:
    """0.583 → "58 %"."""
    return f"{round(100 * chance)} %"


def dice_keys(positions: Sequence[int]) -> str:
    """(3, 4) → "4 et 5": dice named by the keys that pick them."""
    return join_names([str(i + 1) for i in positions])
