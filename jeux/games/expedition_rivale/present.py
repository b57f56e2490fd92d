"""What the Expédition screen says, from a seat's view: pure text, unit-tested without Textual.
Nothing here reads a card the view does not hold; what is playable comes from the engine."""

from __future__ import annotations

from jeux.engine.text import card_keys, de, join_names, plural

from .rules import (
    DISCARD,
    DRAFT,
    KEEP,
    ORDER,
    PLAYER,
    STEAL,
    TURN,
    Artifact,
    Draw,
    ExpeditionState,
    Pass,
    Play,
    bonus,
    kinds,
    points,
    score,
)

SHORT = {
    "statuette": "Statuette",
    "bracelet": "Bracelet",
    "fresque": "Fresque",
    "pierre": "Pierre",
    "urne": "Urne",
    "parchemin": "Parchemin",
    "collier": "Collier",
    "jumelle": "Jumelle",
    "idole_brisee": "Idole brisée",
    "offrande": "Offrande",
    "griffe": "Griffe",
    "serre": "Serre",
    "masque": "Masque",
    "serpent": "Serpent",
    "tablette": "Tablette",
    "sablier": "Sablier",
    "lame": "Lame",
    "oeil": "Œil",
}
"""Names short enough for a row of played cards at 80 columns."""


def choices(state: ExpeditionState, seat: int | None) -> list[Artifact]:
    """The cards listed under the question: what the seat on screen chooses among now, or
    its hand while another seat decides."""
    if seat is None:
        return []
    mover = state.to_move()
    if mover == seat:
        if state.phase == DRAFT:
            return list(state.packs[seat])
        if state.phase in (KEEP, ORDER):
            return list(state.looked)
        if state.phase == DISCARD:
            return list(state.played[1 - state.turn])
        if state.phase == STEAL:
            return list(state.played[1 - seat])
    return list(state.hands[seat])


def can_play(state: ExpeditionState, seat: int | None) -> set[str]:
    """Keys of the hand cards the seat on screen may lay now."""
    if not state.decides(seat) or state.phase != TURN:
        return set()
    return {a.card for a in state.legal_actions() if isinstance(a, Play)}


def row_mark(state: ExpeditionState, seat: int | None, card: Artifact) -> str:
    """✓ / ✗ beside a hand card on one's own turn; nothing while choosing for an effect."""
    if not state.decides(seat) or state.phase != TURN:
        return " "
    return "✓" if card.key in can_play(state, seat) else "✗"


def detail(state: ExpeditionState, seat: int | None, card: Artifact) -> str:
    """The whole card, as printed, and whether its condition holds now."""
    head = f"{card.name} — {card.kind}, {plural(card.value, 'point')}"
    condition = f"Condition : {card.condition}"
    mark = row_mark(state, seat, card)
    if mark == "✓":
        condition += " ✓ remplie"
    elif mark == "✗":
        condition += " ✗ pas remplie"
    effect = f"Effet : {card.effect}" if card.effect else "Sans effet."
    return "\n".join((head, condition, effect))


def played_line(state: ExpeditionState, seat: int) -> str:
    """'Marc · 9 pts : Urne 3, Pierre gravée 2, Masque 4'."""
    cards = state.played[seat]
    laid = ", ".join(f"{SHORT[c.key]} {c.value}" for c in cards) or "rien de posé"
    return f"{state.players[seat]} · {plural(score(cards), 'pt')} : {laid}"


def deck_line(state: ExpeditionState) -> str:
    size = state.deck_size()
    if not size:
        return "Pioche vide."
    on_top = " puis ".join(SHORT[c.key] for c in state.deck)
    known = f" · dessus : {on_top}" if on_top else ""
    return f"Pioche : {plural(size, 'carte')}{known}"


def table_text(state: ExpeditionState, seat: int | None) -> str:
    """Both rows of played cards (the seat on screen last, nearest its hand), then the deck;
    while the rows below list a draft pack or a Tablette look, the hand is named here."""
    order = (0, 1) if seat is None else (1 - seat, seat)
    lines = [*(played_line(state, s) for s in order), deck_line(state)]
    if state.decides(seat) and state.phase in (DRAFT, KEEP, ORDER):
        hand = ", ".join(SHORT[c.key] for c in state.hands[seat]) or "vide"
        lines.append(f"Ta main : {hand}")
    return "\n".join(lines)


def known_note(state: ExpeditionState, seat: int | None) -> str:
    """What the seat on screen knows of the other hand."""
    if seat is None:
        return ""
    known = state.hands[1 - seat]
    return f"dont {join_names([SHORT[c.key] for c in known])}" if known else ""


def turn_text(state: ExpeditionState) -> str:
    mover = state.to_move()
    if mover is None:
        return "Expédition terminée"
    turn = state.whose_turn()
    head = f"Pioche {state.deck_size()}"
    if state.phase == DRAFT:
        head = "Draft"
    elif state.final:
        head = "Dernier tour"
    return f"{head} · au tour {de(state.players[turn])}"


def question(state: ExpeditionState, seat: int | None) -> str:
    """What the seat on screen must decide, with the keys that do it."""
    if not state.decides(seat):
        return ""  # the screen says who decides elsewhere (`GameScreen.waiting_text`)
    other = state.players[1 - seat]
    keys = card_keys(len(choices(state, seat)))
    if state.phase == DRAFT:
        return f"Draft : garde une carte ({keys}, Entrée), le reste passe à {other}."
    if state.phase == KEEP:
        return "Tablette : laquelle gardes-tu ? (1-3, Entrée)"
    if state.phase == ORDER:
        return "Laquelle remets-tu sur le dessus ? (1-2, Entrée)"
    if state.phase == DISCARD:
        if state.options.get("masque") == PLAYER:
            return f"Masque Maudit : quelle carte posée de {other} part ? ({keys}, Entrée)"
        return f"Masque Maudit : défausse une de tes cartes posées ({keys}, Entrée)."
    if state.phase == STEAL:
        return f"Idole Serpent : quelle carte posée voles-tu à {other} ? ({keys}, Entrée)"
    legal = state.legal_actions()
    playable = any(isinstance(a, Play) for a in legal)
    if Pass() in legal:
        return (
            f"Dernier tour : pose une carte ✓ ({keys}, Entrée) ou passe (s)."
            if playable
            else "Dernier tour : aucune carte jouable, passe (s)."
        )
    if not playable:
        return f"Rien de jouable : pioche (p) ; {keys} pour lire."
    if Draw() not in legal:
        return f"Pose une carte ✓ ({keys}, Entrée)."
    return f"Pioche (p) ou pose une carte ✓ ({keys}, Entrée)."


def sheet_rows(state: ExpeditionState) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Printed points, bonuses, types and hand sizes per seat; the total is the score."""
    return (
        ("Posées", tuple(str(points(p)) for p in state.played)),
        ("Bonus", tuple(str(bonus(p)) for p in state.played)),
        ("Types", tuple(str(kinds(p)) for p in state.played)),
        ("En main", tuple(str(state.hand_size(s)) for s in (0, 1))),
    )


def totals(state: ExpeditionState) -> tuple[int, ...]:
    return tuple(score(p) for p in state.played)
