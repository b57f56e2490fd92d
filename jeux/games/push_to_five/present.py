"""What Push to Five's screen says, worded from the state it draws: pure, tested without Pilot."""

from __future__ import annotations

from jeux.engine.text import percent, plural

from .rules import (
    CARD_NAMES,
    DOUBLE,
    LOSE_ALL,
    POINTS,
    PROTECTION,
    SPRINT_ROUNDS,
    TARGET,
    CardTurned,
    PushToFiveState,
    Reshuffled,
    TurnEnded,
)


def points(count: int) -> str:
    return plural(count, "point")


def number(value: float) -> str:
    """12.5 → "12,5": one French decimal, none when round."""
    return f"{round(value, 1):g}".replace(".", ",")


def card_face(card: str) -> tuple[str, str, str, bool]:
    """(corner, title, text, red) of a card; Perdre tout is the red one."""
    if card in POINTS:
        return card, card, "points", False
    if card == DOUBLE:
        return "×2", "×2", "double", False
    if card == PROTECTION:
        return "P", "Protec-", "tion", False
    return "X", "Perdre", "tout", True


def turn_head(state: PushToFiveState) -> str:
    if state.seats == 1:
        return f"Manche {state.round}/{state.rounds}"
    if state.final_round:
        return f"Dernier tour ({state.round})"
    return f"Tour {state.round}/{SPRINT_ROUNDS}" if state.sprint else f"Tour {state.round}"


def goal(state: PushToFiveState) -> str:
    """The sheet's caption: what wins."""
    if state.seats == 1:
        return f"Solo : {plural(state.rounds, 'manche')}"
    if state.sprint:
        return f"But : {TARGET} en un tour"
    return f"But : {TARGET} en banque"


def bank_line(state: PushToFiveState, seat: int) -> str:
    """Where the seat to move stands before this turn."""
    bank = state.banks[seat]
    if state.seats == 1:
        return f"Banque {bank}"
    if state.sprint and state.final_round:
        best = max(state.standing(s)[0] for s in range(state.seats) if s != seat)
        return f"Banque {bank} · à battre : {best} en un tour"
    if state.sprint:
        return f"Banque {bank} · il faut {TARGET} en un seul tour"
    if state.final_round:  # the others' banks stand: passing the best one wins
        best = max(b for s, b in enumerate(state.banks) if s != seat)
        return f"Banque {bank} · {best + 1 - bank} ce tour pour passer en tête"
    return f"Banque {bank}/{TARGET} · il manque {TARGET - bank}"


def turn_line(state: PushToFiveState) -> str:
    """The turn so far: points, Protection, the cycle."""
    parts = [f"Ce tour : {points(state.turn)}"]
    if state.protected:
        parts.append("protégé")
    if state.cycle > 1:
        parts.append(f"{state.cycle}e mélange")
    return " · ".join(parts)


def odds_lines(state: PushToFiveState, arrow: str) -> list[str]:
    """The choice in numbers, as the dice games give it: what stopping keeps, what turning
    one more card risks and brings on average."""
    seat = state.current
    keep = state.banks[seat] + state.turn
    stop = f"Arrêter (a) {arrow} garder {points(state.turn)}, banque {keep}"
    if state.phase == "full":
        return [stop, "Remélanger (r) : on repart, sans Protection"]
    odds = state.odds()
    risk = f"{percent(odds.bust)} de tout perdre" if odds.bust else "aucun risque"
    flip = [f"Retourner (1-5) : {risk}", f"  puis {points_mean(odds.mean)} en moyenne"]
    return [stop, *flip] if state.phase == "push" else flip


def points_mean(mean: float) -> str:
    return f"{number(mean)} point{'s' if mean >= 2 else ''}"


def news(event: CardTurned | Reshuffled | TurnEnded, arrow: str) -> str:
    """What the row just did, in a line short enough for the board."""
    if isinstance(event, Reshuffled):
        return f"Tour complet : {event.player} remélange."
    if isinstance(event, TurnEnded):
        return event.describe()
    if event.card == LOSE_ALL and event.cancelled:
        return f"{event.player} : Perdre tout, annulée {arrow} {event.turn}"
    if event.card == LOSE_ALL:
        return f"{event.player} : Perdre tout !"
    return f"{event.player} : {CARD_NAMES[event.card]} {arrow} {points(event.turn)}"
