"""The Killer's words for the screen, kept out of it so they are tested without Pilot."""

from __future__ import annotations

from .rules import DEAD, DYING, STATUS_WORDS, ZOMBIE, KillerState

SIDE_MARKS = {"low": "<11", "high": ">24"}


def life_text(state: KillerState, seat: int) -> str:
    """What follows a seat's life gauge: "-5 PV mourant·e", "1 PV zombie >24", "8 PV T2"."""
    status = state.status(seat)
    words = [f"{state.hp[seat]:>3} PV"]
    if status == ZOMBIE:
        side = state.side[seat]
        words.append(f"zombie {SIDE_MARKS[side]}" if side else "zombie")
    elif status in (DYING, DEAD):
        words.append(STATUS_WORDS[status])
    if state.level[seat]:
        words.append(f"T{state.level[seat]}")
    return " ".join(words)


def in_danger(state: KillerState, seat: int) -> bool:
    return state.hp[seat] <= 3 or state.status(seat) != "alive"


def target_detail(state: KillerState, seat: int) -> str:
    """A seat as the target picker shows it: life, state, immunity."""
    if seat == state.current:
        return "toi"
    parts = [f"{state.hp[seat]} PV"]
    status = state.status(seat)
    if status != "alive":
        parts.append(STATUS_WORDS[status])
    if state.level[seat]:
        immune = state.phase == "target" and state.immune(seat, state.attack)
        parts.append(f"T{state.level[seat]}" + (" immunisé·e" if immune else ""))
    return " · ".join(parts)


def goal_text(state: KillerState) -> str:
    """What the current player's Phase 1 looks for."""
    seat = state.current
    if state.zombie[seat]:
        side = state.side[seat]
        return (
            "Zombie : moins de 11 pour attaquer."
            if side == "low"
            else ("Zombie : plus de 24 pour attaquer.")
        )
    if state.hp[seat] < 0:
        if state.dying_attack:
            return "Mourant·e : 11 ou 24 pile pour +6, ou une attaque."
        return "Mourant·e : 11 ou 24 pile pour regagner 6 PV."
    return "Moins de 11 ou plus de 24 : une attaque."
