"""What Le Labyrinthe's screen says, kept pure so it is tested without a terminal: the path
of ten steps with each explorer on it, the short word under a die, the question asked."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from jeux.engine.text import plural

from .rules import (
    CRITICAL,
    EXIT,
    FIND,
    HELP,
    KEEP,
    LOST,
    MALUS,
    OUT,
    ROLL,
    ROOM,
    STEPS,
    TRAP,
    TRAP_ADVANCES,
    WAITING,
    LabyrintheState,
)

CELL = 4
"""Columns from one step of the path to the next."""

TABLE = "1 : −2 PV · 2–4 piège · 5–9 salle · 10–14 +1\n15–17 +1 et bonus · 18–19 +2 · 20 +1, 2 dés"


def die_word(face: int) -> str:
    """The word under a d20, for the line of the table it falls on."""
    if face == 1:
        return "critique"
    if face <= 4:
        return "piège"
    if face <= 9:
        return "salle"
    if face <= 14:
        return "progrès"
    if face <= 17:
        return "trouvaille"
    return "rapide" if face <= 19 else "vision"


def marks(players: Sequence[str]) -> list[str]:
    """One letter per explorer on the path: initials, or seat numbers if they clash."""
    initials = [(name[:1] or "?").upper() for name in players]
    if len(set(initials)) < len(initials):
        return [str(seat + 1) for seat in range(len(players))]
    return initials


class Station(NamedTuple):
    """One place on the path: 0 the entrance, 1–9 the steps, 10 the heart."""

    index: int
    label: str
    here: tuple[int, ...]
    """The seats standing there (still in the maze, or out at the heart)."""


def stations(state: LabyrintheState, heart: str) -> list[Station]:
    places = []
    for index in range(STEPS + 1):
        label = "E" if index == 0 else heart if index == STEPS else str(index)
        here = tuple(
            seat
            for seat in range(state.seats)
            if state.step[seat] == index and state.status[seat] != LOST
        )
        places.append(Station(index, label, here))
    return places


def marker_row(places: Sequence[Station], letters: Sequence[str]) -> str:
    """The letters of the explorers above their station, columns matching `path_row`."""
    row = ""
    for place in places:
        text = "".join(letters[seat] for seat in place.here)
        row = row.ljust(place.index * CELL) + text
    return row.rstrip()


def path_row(places: Sequence[Station], line: str) -> str:
    """ "E ─ 1 ─ 2 … 9 ─ ★": one station every CELL columns."""
    return f" {line} ".join(place.label for place in places)


def explorer_lines(state: LabyrintheState, seat: int) -> list[str]:
    """What a seat carries, under its gauge: step, tokens, the effects awaiting its next
    throw, its state at the heart."""
    parts = [f"étape {state.step[seat]}/{STEPS}"]
    if state.tokens[seat]:
        parts.append(plural(state.tokens[seat], "jeton"))
    if state.malus[seat]:
        parts.append(f"−{MALUS} au jet")
    if state.advantage[seat]:
        parts.append("2 dés")
    if state.blocked[seat]:
        parts.append("bloqué")
    status = {WAITING: "attend au cœur", OUT: "sorti", LOST: "perdu"}.get(state.status[seat])
    if status:
        parts.append(status)
    return [" · ".join(parts)]


def question(state: LabyrintheState) -> list[str]:
    """The decision asked now and what each answer does, with its key."""
    seat, phase = state.current, state.phase
    name = state.players[seat]
    if phase == ROLL:
        lines = ["Lance le d20 (l). Une ligne au carnet ? (j)"]
        if state.advantage[seat]:
            lines.append("Vision du centre : deux dés, tu en gardes un.")
        if state.malus[seat]:
            lines.append(f"Salle déroutante : −{MALUS} sur ce jet.")
        return lines
    if phase == KEEP:
        return ["Choisis un dé (1 ou 2), puis garde-le (g)."]
    if phase == HELP:
        partner = state.players[1 - seat]
        return [f"{partner} : 1 PV pour que {name} relance ?", "Aider (a) ou refuser (n)."]
    if phase == TRAP:
        pay = "avancer" if state.trap_rule == TRAP_ADVANCES else "te libérer"
        stay = "rester" if state.trap_rule == TRAP_ADVANCES else "rester bloqué un tour"
        lines = [f"Payer 1 PV pour {pay} (p), ou {stay} (r)."]
        if state.tokens[seat]:
            lines.append("Un jeton (t) déjoue le piège sans perdre de PV.")
        return lines
    if phase == ROOM:
        return [f"Avancer (v) avec −{MALUS} au prochain jet,", "ou rester sur place (r)."]
    if phase == CRITICAL:
        return ["Un jeton (t) annule l'échec critique,", "sinon subis −2 PV (r)."]
    if phase == FIND:
        return [
            "Bonus : un objet (o, nomme-le d'abord : j),",
            "+1 PV (s) ou un jeton anti-piège (t).",
        ]
    if phase == EXIT:
        if state.status[seat] == WAITING:
            return ["Sortir seul·e (x), ou attendre encore (a) :", "1 : −2 PV, 2–4 : −1 PV."]
        partner = state.players[1 - seat]
        return [
            f"Sortir seul·e (x), ou attendre {partner} (a) :",
            "chaque tour d'attente peut blesser.",
        ]
    return []
