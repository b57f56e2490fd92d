"""What the Cité des Voleurs screen writes: what the dice on the table are worth, and each
thief's loot beside the pot. Pure, tested without Pilot."""

from __future__ import annotations

from typing import NamedTuple

from .rules import (
    ANNOUNCING,
    NO_TARGET,
    TARGETED_TRIPLES,
    TRIPLE_NAMES,
    CiteState,
)

TRIPLE_EFFECTS = {
    1: "vole 3, puis fuite",
    2: "échange les jetons",
    3: "vole 2 jetons",
    4: "à l'abri un tour",
    5: "la cagnotte",
    6: "la cagnotte",
}
"""What a triple does, short enough for the line under the dice."""

LEGEND = (
    "Triples : 1 vol de 3 · 2 échange · 3 vol de 2\n"
    "4 camouflage · 5 ou 6 toute la cagnotte\n"
    "Suite : 1 de la cagnotte · Carré : 2 à chacun·e"
)

LOOT_PIPS = 12
"""Tokens drawn one by one at most; beyond, the count says it."""


def triple_text(face: int, pot: int) -> str:
    """ "5-5-5 Récupération du Butin : la cagnotte (3)" """
    text = f"{face}-{face}-{face} {TRIPLE_NAMES[face]} : {TRIPLE_EFFECTS[face]}"
    return f"{text} ({pot})" if face >= 5 else text


def table_text(state: CiteState) -> str:
    """What the dice showing are worth (the line under the dice)."""
    shown = state.shown
    if state.phase == ANNOUNCING:
        return f"Carré de {state.announced} annoncé : il faut un {state.announced}"
    parts = []
    if shown.quad:
        parts.append(f"Carré de {shown.triple} (2 jetons à chacun·e) ou son triple")
    elif shown.triple is not None:
        parts.append(triple_text(shown.triple, state.pot))
    if shown.straight:
        parts.append("Suite : 1 jeton de la cagnotte" if state.pot else "Suite : vole 1 jeton")
    if not parts:
        return "Aucune combinaison"
    if not state.applicable():
        parts.append("personne à voler")
    return " · ".join(parts)


def needs_target(state: CiteState) -> bool:
    """Whether applying the triple or straight on the table asks whom to rob."""
    shown = state.shown
    return shown.triple in TARGETED_TRIPLES or (shown.straight and not state.pot)


def first_target(state: CiteState) -> int:
    targets = state.targets()
    return targets[0] if targets else NO_TARGET


class LootLine(NamedTuple):
    """One thief at the table."""

    seat: int
    tokens: int
    pips: int
    """Tokens drawn (at most LOOT_PIPS)."""
    more: bool
    """More tokens than drawn."""
    camouflaged: bool


def loot_lines(tokens: tuple[int, ...] | list[int], camouflaged: list[bool]) -> list[LootLine]:
    return [
        LootLine(seat, count, min(count, LOOT_PIPS), count > LOOT_PIPS, camouflaged[seat])
        for seat, count in enumerate(tokens)
    ]
