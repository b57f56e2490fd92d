"""What the Arcane Duel screen says, from a seat's view: pure text, unit-tested without
Textual. Nothing here reads a card the view does not hold."""

from __future__ import annotations

from collections.abc import Sequence

from jeux.engine.cards import Dealt
from jeux.engine.core import Action
from jeux.engine.text import card_keys, de, join_names, plural

from .rules import (
    COMBOS,
    DEFEND,
    DISCARD,
    HAND_LIMIT,
    ROUNDS_TO_WIN,
    SPELLS,
    ArcaneState,
    Cast,
    Defend,
    combo_of,
    name_of,
    spell_text,
)

FACE_TITLES = {
    "malediction": "Malédic- tion",
    "lumiere": "Lumière guérison",
    "concentration": "Concen- tration",
    "absorption": "Absorp- tion",
    "controle": "Contrôle l'esprit",
}
"""Names cut to fit a card's face; the detail line under the table gives them in full."""

CHOICE_FIELDS = ("targets", "redirect", "cost", "pick")
"""The parts of an action asked one after the other once its cards are chosen."""


def face_title(key: str) -> str:
    return FACE_TITLES.get(key, SPELLS[key].name)


def corner(key: str) -> str:
    spell = SPELLS[key]
    return f"{spell.number} {spell.kind[:3]}"


SHORT_STATUS = {
    "voile d'ombre": "voile",
    "voile électrique": "élec.",
    "armure gelée": "armure",
    "piège arcanique": "piège",
}


def statuses(state: ArcaneState, seat: int) -> list[str]:
    """An opponent's statuses in short words: they share a line with its name and HP."""
    words = [SHORT_STATUS[w] for w in state.status[seat].words()]
    if state.poison_armed[seat] or state.poison_pending[seat]:
        words.append("poison")
    return words


def opponent_note(state: ArcaneState, seat: int) -> str:
    """HP and statuses on one line; the rounds won are on the sheet."""
    if not state.alive(seat):
        return "éliminé·e"
    return " · ".join([f"{state.hp[seat]} PV", *statuses(state, seat)])


def card_detail(state: ArcaneState, seat: int, cards: Sequence[Dealt]) -> str:
    """The card under the cursor in full and the combinations it makes (✓: its partner is in
    the hand); two chosen cards that combine: their combination in full."""
    keys = [c.card for c in cards]
    combo = combo_of(keys) if len(keys) == 2 else None
    if combo is not None:
        return f"{combo.name} ({' + '.join(SPELLS[k].name for k in keys)}) : {combo.text}"
    if not keys:
        return ""
    key, spell = keys[-1], SPELLS[keys[-1]]
    lines = [f"{spell.name} ({spell.kind}) : {spell_text(key, state.options)}"]
    held = {c.card for c in state.hands[seat]} - {key}
    combos = [
        f"{'✓ ' if partner in held else ''}+ {SPELLS[partner].name} = {combo.name}"
        for combo in COMBOS.values()
        if key in combo.cards
        for partner in combo.cards - {key}
    ]
    if combos:
        lines.append("Combos : " + " ; ".join(sorted(combos, key=lambda t: t[0] != "✓")))
    return "\n".join(lines)


def own_line(state: ArcaneState, seat: int) -> str:
    if not state.alive(seat):
        return f"Tu es éliminé·e de cette manche · {plural(state.wins[seat], 'manche')} sur 3"
    poison = state.poison_armed[seat] or state.poison_pending[seat]
    when = "à la fin de ce tour" if state.poison_armed[seat] else "à la fin de ton prochain tour"
    words = [*state.status[seat].words(), *([f"poison {when}"] if poison else [])]
    mine = " · ".join([f"Toi : {state.hp[seat]} PV", *words])
    return f"{mine} · {plural(state.wins[seat], 'manche')} sur {ROUNDS_TO_WIN}"


def centre_text(state: ArcaneState) -> str:
    """The piles; an empty pile says that a draw shuffles the discard into a new one (the
    rules' reshuffle), so « Pioche 0 » never stands beside a draw that works."""
    top = f", dessus : {name_of(state.discard.cards[-1])}" if state.discard.cards else ""
    pile = f"Pioche {len(state.deck)}"
    if not len(state.deck) and len(state.discard):
        pile = "Pioche vide : piocher mélange la défausse"
    return f"{pile} · défausse {len(state.discard)}{top}"


def turn_text(state: ArcaneState) -> str:
    mover = state.to_move()
    if mover is None:
        return "Partie terminée"
    head = f"Manche {state.round} · au tour {de(state.players[state.turn])}"
    if mover != state.turn:
        return f"{head} · {state.players[mover]} répond"
    return head


def hit_words(state: ArcaneState) -> str:
    hit = state.hits[0]
    if hit.steal:
        return "vol d'une carte"
    if hit.poison:
        return "poison"
    return plural(hit.damage, "dégât")


def question(state: ArcaneState, seat: int | None) -> str:
    """What the seat on screen must decide, with the keys that do it."""
    if not state.decides(seat):
        return ""  # the screen says who decides elsewhere (`GameScreen.waiting_text`)
    keys = card_keys(len(state.hands[seat]))
    if state.owed:
        why = state.owed[0][1]
        return f"{why[0].upper()}{why[1:]} : défausse une carte ({keys})."
    if state.phase == DEFEND:
        return f"{state.sent_by()} ({hit_words(state)}) : défense ({keys}) ou encaisse (e) ?"
    if state.phase == DISCARD:
        if len(state.hands[seat]) > HAND_LIMIT:
            return f"Trop de cartes : défausse-toi jusqu'à {HAND_LIMIT} ({keys})."
        if not len(state.hands[seat]):
            return "Finis ton tour (f)."
        return f"Remplace une carte ({keys}) ou finis ton tour (f)."
    can_draw = state.can_draw()
    if not len(state.hands[seat]):
        return f"Main vide : {'pioche (p) ou ' if can_draw else ''}rien (r)."
    return f"Lance ({keys}, Entrée){', pioche (p)' if can_draw else ''} ou rien (r)."


def choice_label(state: ArcaneState, field: str, value) -> str:
    """How one value of an action's part reads on its button."""
    if field == "targets":
        return join_names([state.players[t] for t in value])
    if field == "redirect":
        return state.players[value]
    card = state.discard.by_uid(value) if field == "pick" else None
    if card is not None:
        return name_of(card)
    return name_of(state.hands[state.to_move()].by_uid(value))


def choice_question(state: ArcaneState, field: str) -> str:
    return {
        "targets": "Qui vises-tu ?",
        "redirect": "Vers qui dévies-tu l'attaque ?",
        "cost": "Quelle carte défausses-tu en prix ?",
        "pick": "Quelle carte reprends-tu dans la défausse ?",
    }[field]


def next_field(candidates: Sequence[Action]) -> str | None:
    """The first part on which the candidates still differ."""
    for name in CHOICE_FIELDS:
        values = {getattr(a, name, None) for a in candidates}
        if len(values) > 1:
            return name
    return None


def field_values(candidates: Sequence[Action], name: str) -> list:
    """The values of a part, in the order the candidates first give them."""
    return list(dict.fromkeys(getattr(a, name) for a in candidates))


def same_cards(action: Action, cards: Sequence) -> bool:
    if isinstance(action, Cast):
        return action.cards == tuple(cards)
    if isinstance(action, Defend):
        return (action.card,) == tuple(cards)
    return False


def sheet_rows(state: ArcaneState) -> tuple[tuple[str, tuple[str, ...]], ...]:
    hp = tuple(str(max(h, 0)) if state.alive(s) else "–" for s, h in enumerate(state.hp))
    wins = tuple(str(w) for w in state.wins)
    return (("Manches", wins), ("PV", hp))  # a turned sheet shows its last row first
