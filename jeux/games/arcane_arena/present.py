"""What the Arena screen says, from a seat's view: pure text, unit-tested without Textual.
Nothing here reads a card the view does not hold."""

from __future__ import annotations

from collections.abc import Sequence

from jeux.engine.text import de, plural

from .cards import ATTACK, DEFENCE, Combo, Spell
from .rules import (
    ACTION,
    DISCARD,
    HAND_LIMIT,
    REACT,
    REWARD,
    ArenaState,
)

KIND_MARKS = {ATTACK: "A", DEFENCE: "D", "soutien": "S"}
"""The corner of a card: its type's initial (Attaque, Défense, Soutien)."""


def card_line(spell: Spell) -> str:
    """'Boule de feu (attaque) : Inflige 1 dégât.'"""
    return f"{spell.name} ({spell.kind}) : {spell.text}"


def combo_line(combo: Combo) -> str:
    return f"{combo.name} ({' + '.join(combo.cards)}) : {combo.text}"


def attack_words(state: ArenaState) -> str:
    """'Boule de feu (1 dégât)', 'Main du Poisson (vol)'."""
    attack = state.attack
    what = "vol d'une carte" if attack.steal else plural(attack.damage, "dégât")
    return f"{attack.spell} ({what})"


def status(state: ArenaState, seat: int) -> str:
    """'PV 7 · 1 manche · immunisé·e'."""
    if not state.alive(seat):
        return f"éliminé·e · {plural(state.wins[seat], 'manche')}"
    words = [f"PV {state.hp[seat]}", plural(state.wins[seat], "manche")]
    if state.veiled[seat]:
        words.append("immunisé·e")
    if state.warded[seat]:
        words.append("−1 dégât")
    return " · ".join(words)


def peek_text(state: ArenaState, seat: int | None, cursor: str) -> str:
    """The seat's own status, its secret alliance, then the card or combination in focus."""
    if seat is None:
        return ""
    mine = status(state, seat)
    if state.allied[seat] is not None and state.options.get("alliances"):
        mine += " · allié·e de la Guilde" if state.allied[seat] else " · sans alliance"
    return f"{mine}\n{cursor}" if cursor else mine


def focus_text(state: ArenaState, seat: int, chosen: Sequence[int], cursor: int | None) -> str:
    """The full text of what the player is looking at: the combination the two chosen cards
    make, or the card under the cursor."""
    if len(chosen) == 2:
        combo = state.spells_of(seat, chosen)
        return combo_line(combo) if combo else "Ces deux cartes ne forment pas de combinaison."
    if cursor is None:
        return ""
    return card_line(state.spell(seat, cursor))


def table_text(state: ArenaState) -> str:
    """The attack under way, or the deck and the discard pile."""
    if state.phase == REACT:
        return (
            f"{state.players[state.turn]} lance {attack_words(state)} "
            f"sur {state.players[state.defender]}."
        )
    removed = f" · retirées {len(state.removed)}" if len(state.removed) else ""
    return f"Pioche {len(state.deck)} · défausse {len(state.discard)}{removed}"


def turn_text(state: ArenaState) -> str:
    """'Manche 2 · au tour de Lina'."""
    seat = state.whose_turn()
    if seat is None:
        return "Partie terminée"
    return f"Manche {state.round} · au tour {de(state.players[seat])}"


def question(state: ArenaState, seat: int | None, aiming: Sequence[str] = ()) -> str:
    """What the seat on screen must decide, with the keys that do it."""
    mover = state.to_move()
    if mover is None:
        return ""
    if mover != seat:
        return f"{state.players[mover]} réfléchit…"
    held = len(state.hands[seat])
    keys = "1" if held == 1 else f"1-{held}"
    if aiming:
        return "Choisis : " + " · ".join(
            f"{name} ({chr(ord('a') + i)})" for i, name in enumerate(aiming)
        )
    if state.phase == ACTION:
        options = [f"joue une carte ou deux en combinaison ({keys}, Entrée)"] if held else []
        if state.started_with < HAND_LIMIT and state.can_draw():
            options.append("pioche (p)")
        choice = ", ".join(options) + " ou passe (x)." if options else "passe (x)."
        return choice[0].upper() + choice[1:]
    if state.phase == REACT:
        attacker = state.players[state.turn]
        answer = f"pare ({keys}, Entrée) ou encaisse (x)" if held else "encaisse (x)"
        return f"{attacker} te lance {attack_words(state)} : {answer}."
    if state.phase == REWARD:
        return "Bonus de combinaison : pioche une carte (p) ou gagne 1 PV (s)."
    if state.phase == DISCARD:
        if held > HAND_LIMIT:
            return f"Plus de {HAND_LIMIT} cartes : défausse-en une ({keys})."
        return f"Échange une carte contre la pioche ({keys}) ou garde ta main (x)."
    return ""


def sheet_rows(state: ArenaState) -> tuple[tuple[str, tuple[str, ...]], ...]:
    hp = tuple(str(max(0, hp)) if state.alive(s) else "†" for s, hp in enumerate(state.hp))
    return (
        ("PV", hp),
        ("Main", tuple(str(len(h)) for h in state.hands)),
        ("Manches", tuple(str(w) for w in state.wins)),
    )
