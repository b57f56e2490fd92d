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
    return f"{combo.name} : {combo.text}"


def attack_words(state: ArenaState) -> str:
    """'Boule de feu (1 dégât)', 'Main du Poisson (vol)'."""
    attack = state.attack
    what = "vol d'une carte" if attack.steal else plural(attack.damage, "dégât")
    return f"{attack.spell} ({what})"


def status(state: ArenaState, seat: int) -> str:
    """'7 PV · 1 manche · immunisé·e'."""
    words = [f"{state.hp[seat]} PV" if state.alive(seat) else "éliminé·e"]
    words.append(plural(state.wins[seat], "manche"))
    if state.veiled[seat]:
        words.append("immunisé·e")
    if state.warded[seat]:
        words.append("−1 dégât")
    return " · ".join(words)


def count_word(state: ArenaState, seat: int) -> str:
    """After the count of an opponent's card backs: « carte » or « cartes »."""
    return "carte" if len(state.hands[seat]) < 2 else "cartes"


def own_note(state: ArenaState, seat: int | None) -> str:
    """What the seat on screen alone knows or may forget: its alliance, its protections."""
    if seat is None:
        return ""
    words = []
    if state.veiled[seat]:
        words.append("immunisé·e")
    if state.warded[seat]:
        words.append("−1 dégât par coup")
    if state.options.get("alliances") and state.allied[seat] is not None:
        words.append("allié·e de la Guilde" if state.allied[seat] else "sans alliance")
    return ", ".join(words)


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


def turn_text(state: ArenaState, seat: int | None = None) -> str:
    """'Manche 2 · au tour de Lina · toi : immunisé·e'."""
    turn = state.whose_turn()
    if turn is None:
        return "Partie terminée"
    note = own_note(state, seat)
    mine = f" · toi : {note}" if note else ""
    return f"Manche {state.round} · au tour {de(state.players[turn])}{mine}"


def aim_question(count: int, picking: bool) -> str:
    """Once the cards are chosen: whom to aim at, or which card to take back."""
    keys = "a" if count == 1 else f"a-{chr(ord('a') + count - 1)}"
    return f"Quelle carte reprendre ? ({keys})" if picking else f"Sur qui ? ({keys})"


def parries(state: ArenaState, seat: int) -> bool:
    """Whether the seat holds an answer to the attack under way: only then is a parry offered
    (a Bouclier does nothing against a steal, nothing parries a piercing Mensonge)."""
    return bool(state.reactions(seat))


def question(state: ArenaState, seat: int | None) -> str:
    """What the seat on screen must decide, with the keys that do it."""
    if not state.decides(seat):
        return ""  # the screen says who decides elsewhere (`GameScreen.waiting_text`)
    held = len(state.hands[seat])
    keys = "1" if held == 1 else f"1-{held}"
    if state.phase == ACTION:
        return "À toi : une carte, ou deux en combinaison." if held else "Rien en main."
    if state.phase == REACT:
        if state.pierces(seat):  # ARIA-6: said on this seat's screen only
            return f"{state.attack.spell} ignore tes défenses (pas d'alliance) : encaisse (x)."
        if parries(state, seat):
            return f"Pare ({keys}, Entrée) ou encaisse (x)."
        return "Rien en main ne pare cette attaque : encaisse (x)." if held else "Encaisse (x)."
    if state.phase == REWARD:
        return "Bonus de combinaison : une carte ou 1 PV."
    if state.phase == DISCARD:
        if held > HAND_LIMIT:
            return f"Plus de {HAND_LIMIT} cartes : défausse-en une ({keys})."
        return f"Échange une carte ({keys}) ou garde ta main (x)."
    return ""


def sheet_rows(state: ArenaState) -> tuple[tuple[str, tuple[str, ...]], ...]:
    hp = tuple(str(max(0, hp)) if state.alive(s) else "†" for s, hp in enumerate(state.hp))
    return (("PV", hp), ("Manches", tuple(str(w) for w in state.wins)))
