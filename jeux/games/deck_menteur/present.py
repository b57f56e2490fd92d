"""What the Deck menteur screen says, from a seat's view and the public events: pure text,
unit-tested without Textual. Nothing here reads a card the view does not hold."""

from __future__ import annotations

from collections.abc import Sequence

from jeux.engine.cards import Dealt
from jeux.engine.core import Event
from jeux.engine.text import de, plural

from .rules import ANNOUNCE, PLAY, DeckMenteurState, PackFlipped, PlayRevealed, suit_words


def challenge_cards(events: Sequence[Event]) -> tuple[Dealt, ...]:
    """The cards of the last challenge, from the public events: the play turned over and the
    pack card flipped after it."""
    flip = None
    for event in reversed(events):
        if isinstance(event, PackFlipped) and flip is None:
            flip = event
        elif isinstance(event, PlayRevealed) and flip is not None:
            return (*event.cards, flip.card)
    return ()


def table_text(state: DeckMenteurState) -> str:
    """What lies face down on the table this round."""
    if state.phase == ANNOUNCE:
        return f"{state.players[state.turn]} annonce la couleur de la manche."
    if state.phase != PLAY:
        return ""
    lying = sum(len(p.cards) for p in state.plays)
    if not lying:
        return f"Table vide : {state.players[state.turn]} ouvre la manche."
    play = state.last_play
    return (
        f"Table : {plural(lying, 'carte')} · {state.players[play.seat]} vient "
        f"d'en poser {len(play.cards)}"
    )


def turn_text(state: DeckMenteurState) -> str:
    """'Manche 2 · ♠ pique · au tour de Lina'."""
    seat = state.to_move()
    if seat is None:
        return "Partie terminée"
    announced = f" · {suit_words(state.announced)}" if state.phase == PLAY else ""
    return f"Manche {state.round}{announced} · au tour {de(state.players[seat])}"


def peek_text(state: DeckMenteurState, seat: int | None) -> str:
    """The seat's own pack: how many cards are left, and those already turned."""
    if seat is None or not state.alive(seat):
        return ""
    flipped = " ".join(c.card.label for c in state.flipped[seat])
    turned = f" · retournées : {flipped}" if flipped else " face cachée"
    return f"Ton paquet : {plural(len(state.packs[seat]), 'carte')}{turned}"


def question(state: DeckMenteurState, seat: int | None) -> str:
    """What the seat on screen must decide, with the keys that do it."""
    if not state.decides(seat):
        return ""  # the screen says who decides elsewhere (`GameScreen.waiting_text`)
    if state.phase == ANNOUNCE:
        return "Annonce la couleur de la manche : trèfle (t), pique (p) ou carreau (c)."
    play = state.last_play
    if state.must_accuse():
        return f"Plus de cartes en main : accuse {state.players[play.seat]} (a)."
    held = len(state.hands[seat])
    most = min(state.max_play, held)
    keys = "1" if held == 1 else f"1-{held}"
    cards = "1 carte" if most == 1 else f"1 à {most} cartes"
    choose = f"pose {cards} ({keys} puis Entrée)"
    if play is None:
        meant = "censée" if most == 1 else "censées"
        return f"Ouvre la manche : {choose}, {meant} être du {suit_words(state.announced)}."
    return f"Crois-tu {state.players[play.seat]} ? Sinon accuse (a), ou {choose}."


def sheet_rows(state: DeckMenteurState) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Packs left, cards turned out of them and cards in hand, per seat; eliminated seats say
    so. Short labels: the three columns fit beside the names at 80 columns."""
    packs = tuple(
        str(len(state.packs[s])) if state.alive(s) else "éliminé" for s in range(state.seats)
    )
    turned = tuple(" ".join(c.card.label for c in z) or "–" for z in state.flipped)
    hands = tuple(str(len(h)) if state.alive(s) else "–" for s, h in enumerate(state.hands))
    return (("Paquet", packs), ("Sorties", turned), ("Main", hands))
