"""What the Pilleurs screen writes: the words of the faces, gains and combinations, and each
explorer's way to the centre. Pure, tested without Pilot."""

from __future__ import annotations

from typing import NamedTuple

from .rules import (
    ADVANCE,
    ARTIFACT,
    CAVE_IN,
    DROP,
    FOUR_THROWS,
    PICKAXE,
    SNAKE,
    SNAKE_REROLL,
    TORCH,
    Gains,
    PilleursState,
    advances_word,
    artifacts_word,
)

FACE_WORDS = {
    TORCH: "torche",
    ARTIFACT: "artefact",
    SNAKE: "serpent",
    PICKAXE: "pioche",
    CAVE_IN: "éboulis",
    ADVANCE: "avance",
}
"""The word under a die (nine cells at most)."""

POWER_SHORT = {FOUR_THROWS: "4 lancers", SNAKE_REROLL: "serpent relançable", DROP: "délester"}
"""A power in the status line (the setup and the rules say it in full)."""

COMBO_EFFECTS = {
    TORCH: "tous les dés annulés, puis relance",
    ARTIFACT: "vole un artefact à un joueur",
    SNAKE: "tu recules d'un cran (obligatoire)",
    PICKAXE: "prends le joker Pioche",
    CAVE_IN: "un éboulement sur un joueur",
    ADVANCE: "fais reculer un joueur d'un cran",
}

LEGEND = (
    "1 torche · 2 artefact · 3 serpent (bloqué)\n"
    "4 pioche · 5 éboulement · 6 avancer\n"
    "Torche + 6 : un cran · torche + 2 : un artefact\n"
    "Triples : 1 annonce, 2 vol, 3 recul (forcé),\n"
    "4 joker, 5 éboulement, 6 recul d'un autre."
)


def gains_text(gains: Gains) -> str:
    """ "+2 crans, +1 artefact, éboulement" — or "rien" when the dice give nothing."""
    parts = []
    if gains.advances:
        parts.append(f"+{advances_word(gains.advances)}")
    if gains.artifacts:
        parts.append(f"+{artifacts_word(gains.artifacts)}")
    if gains.blocked:
        parts.append("bloqué·e")
    return ", ".join(parts) or "rien"


class PathLine(NamedTuple):
    """One explorer on the way to the centre."""

    seat: int
    done: int
    """Advances made (at most the target)."""
    left: int
    artifacts: int
    flags: str
    """"B" blocked by a cave-in, "J" holding the joker."""


def path_lines(state: PilleursState) -> list[PathLine]:
    lines = []
    for seat in range(state.seats):
        done = min(state.advances[seat], state.target)
        flags = ("B" if state.blocked[seat] else "") + ("J" if state.joker == seat else "")
        lines.append(PathLine(seat, done, state.target - done, state.artifacts[seat], flags))
    return lines
