"""How the duel looks, without Textual: life bars, what each stance offers, the blows."""

from __future__ import annotations

from .rules import FURIOUS, TACTIC_ATTACK, TACTIC_DEFENCE, TOTAL, Blows

BAR_CELLS = 15
"""A life bar longer than this shows two points a cell (30 PV in 15 cells)."""


def bar_cells(hp: int, max_hp: int) -> tuple[int, int]:
    """(cells filled, cells in all) of a life bar: one cell a point, or fewer cells for a
    long duel; a gladiator still standing keeps at least one cell."""
    width = max_hp if max_hp <= BAR_CELLS else BAR_CELLS
    hp = max(0, min(hp, max_hp))
    filled = max(hp * width // max_hp, 1 if hp else 0)  # 1 PV is not an empty bar
    return filled, width


def stance_lines(attack_die: int, defence_die: int, heal: int) -> list[str]:
    """What each stance makes of a double, in the order of its keys."""
    total = attack_die + defence_die
    heal_text = f"+{heal} PV" if heal else "sans soin"
    return [
        f"f Furie : attaque {total}, défense 0",
        f"d Défense totale : défense {total}, {heal_text}",
        f"t Tactique : {attack_die} et {defence_die}, relance le dé choisi",
    ]


STANCE_CAPTIONS = {
    None: ("attaque", "défense"),
    FURIOUS: ("attaque", "attaque"),
    TOTAL: ("défense", "défense"),
    TACTIC_ATTACK: ("relance", "défense"),
    TACTIC_DEFENCE: ("attaque", "relance"),
}
"""The role of each die of a pair (attack die, defence die) once its stance is known."""


def blow_captions(blows: Blows, seat: int) -> tuple[str, str]:
    """Under a pair once the blows landed: its attack and its defence."""
    return f"A {blows.attacks[seat]}", f"D {blows.defences[seat]}"


def blows_line(blows: Blows) -> str:
    """Who struck whom for how much, in one line."""
    parts = []
    for seat, name in enumerate(blows.players):
        other = 1 - seat
        dealt = blows.lost[other]
        if dealt:
            parts.append(f"{name} inflige {dealt}")
        else:
            parts.append(f"{name} ne passe pas")
    return " · ".join(parts)
