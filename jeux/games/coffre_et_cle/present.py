"""What the Coffre et la Clé screen says, from a seat's view: pure text, unit-tested without
Textual. Nothing here reads a card the view does not hold, and no role is written on the board
unless the whole table knows it: a seat's own card and what it has seen are told only while
it peeks."""

from __future__ import annotations

from jeux.engine.text import de

from .rules import (
    AFTER,
    DESIGNATE,
    OVER,
    SLOTS,
    TRESOR,
    VOTE,
    CoffreState,
)


def turn_text(state: CoffreState) -> str:
    """'Tour de table 2/3 · au tour de Lina', or who must designate or vote."""
    seat = state.to_move()
    if seat is None:
        return "Partie terminée"
    name = state.players[seat]
    if state.phase == VOTE:
        return f"Phase finale · {name} désigne la Clé Factice"
    if state.phase == DESIGNATE:
        return f"Tours écoulés · {name}, le Trésor, désigne la Clé"
    rounds = state.limit // state.seats
    return f"Tour de table {state.turns_played // state.seats + 1}/{rounds} · au tour {de(name)}"


def targets(state: CoffreState, seat: int) -> list[int]:
    """The other seats, numbered 1, 2… in seat order after `seat` on the board."""
    return state.others(seat)


def seat_note(state: CoffreState, seat: int, viewer: int | None) -> str:
    """What anyone may see of a seat: its number to pick it, its lock, a public role, a vote."""
    parts = []
    if viewer is not None and seat != viewer:
        parts.append(f"({targets(state, viewer).index(seat) + 1})")
    if state.locked(seat):
        parts.append("verrouillé·e")
    if state.treasure == seat:
        parts.append("le Trésor")
    if seat in state.votes:
        parts.append(f"vote : {state.players[state.votes[seat]]}")
    return " ".join(parts)


def own_card_line(state: CoffreState, seat: int | None) -> str:
    """The seat's own card, never named: whether it knows it, its lock, and how to look."""
    if seat is None or state.phase == OVER:
        return ""
    locked = " (verrouillée)" if state.locked(seat) else ""
    if state.knows_own(seat):
        return f"Ta carte{locked} : r pour la revoir."
    return f"Ta nouvelle carte{locked} : r pour la regarder."


def peek_text(state: CoffreState, seat: int) -> str:
    """While the seat peeks: its card and every other face it has seen, where it lies now."""
    own = state.hands[seat]
    lines = [f"Ta carte : {own.name}." if own else "Ta carte : pas encore regardée."]
    known = [
        f"{state.players[s]} : {c.name}"
        for s, c in enumerate(state.hands)
        if c is not None and s != seat
    ]
    known += [f"centre {SLOTS[i]} : {c.name}" for i, c in enumerate(state.centre) if c]
    if known:
        lines.append("Tu sais aussi : " + ", ".join(known) + ".")
    return " ".join(lines) + " (une touche la cache)"


def open_centre_text(state: CoffreState, seat: int) -> str:
    """Above the cards a replay turns face up: whose card lies beside the centre. The card
    set aside is never named, even then (CC-11)."""
    return f"Le centre, et la carte {de(state.players[seat])} à droite."


def numbers(state: CoffreState) -> str:
    """The keys that pick another seat: '1-3' at four players."""
    return f"1-{state.seats - 1}"


def question(
    state: CoffreState, seat: int | None, pending: str | None, target: int | None = None
) -> str:
    """What the seat on screen must decide, with the keys that do it."""
    if not state.decides(seat):
        return ""  # the screen says who decides elsewhere (`GameScreen.waiting_text`)
    if state.phase == VOTE:
        return f"Qui a la Clé Factice ? Dis-le, puis choisis ({numbers(state)})."
    if state.phase == DESIGNATE:
        return f"Tu as le Trésor : désigne la Clé ({numbers(state)})."
    if state.phase == AFTER and pending == "designate":
        return f"Qui a la Clé ? ({numbers(state)})"
    if state.phase == AFTER:
        seen = "" if state.observed is None else f"Tu vois la carte de {SLOTS[state.observed]}. "
        if state.own_role(seat) == TRESOR:
            return f"{seen}Désigner la Clé (d) ou finir ton tour (Entrée) ?"
        return f"{seen}Entrée : finir ton tour."
    if pending in ("observe", "exchange"):
        verb = "observer" if pending == "observe" else "échanger"
        return f"{verb.capitalize()} quelle carte du centre : 1 ou 2 ?"
    if pending == "force" and target is not None:
        name = state.players[target]
        return f"{name} échange avec quelle carte du centre : 1 ou 2 ?"
    if pending == "force":
        return f"Forcer qui ? ({numbers(state)}, sauf les verrouillés)"
    return "À toi : observer, échanger, forcer ou passer ?"


def sheet_rows(state: CoffreState) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Locks while the match runs, the votes of the final phase, every role at the end."""
    seats = range(state.seats)
    rows = []  # the sheet shows its last row first
    if state.votes:
        votes = tuple(state.players[state.votes[s]] if s in state.votes else "–" for s in seats)
        rows.append(("Vote", votes))
    if state.phase == OVER:
        rows.append(("Rôle", tuple(state.hands[s].name for s in seats)))
    else:
        rows.append(("Verrou", tuple("oui" if state.locked(s) else "–" for s in seats)))
    return tuple(rows)


def sheet_title(state: CoffreState) -> str:
    """The turn limit, or the centre cards once they are turned (never the card set aside:
    CC-11)."""
    if state.phase == OVER:
        return "Centre : " + ", ".join(c.name for c in state.centre)
    return f"Limite : {state.options.get('tours', 3)} tours"
