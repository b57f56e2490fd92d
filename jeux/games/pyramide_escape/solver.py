"""Pyramide Escape solved (RULINGS.md §25): whether a state whose room order is known can be
escaped from, and hints from what the player may know.

The search plays the engine itself on light copies of the state, with Sable Vivant's coin
fixed on one side, and remembers positions by what decides the rest of the run.

`hint(view)` never reads the hidden order: it lays the rooms the player has not located in
the unknown places of the deck in every order when they are few, else in a fixed sample
seeded by the view, and suggests the action that escapes surely in the most of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from random import Random

from jeux.engine.core import Action

from .rules import (
    AMULETTE,
    CARTE,
    CORDE,
    ITEM,
    OUTRE,
    OVER,
    ROOMS,
    TORCHE,
    Discard,
    LeaveRoom,
    NoItem,
    PyramideState,
    Reorder,
    UseItem,
    _Coin,
    room_name,
)

_PILE, _FACE = _Coin(1), _Coin(2)
_LISTS = ("deck", "hand", "spent", "active", "discard")


def _clone(state: PyramideState) -> PyramideState:
    """A copy that the engine may play on without touching `state`: its attributes shared,
    its lists new (built directly: `copy.copy` goes through pickling's protocol, a fifth of
    a hint's time)."""
    twin = object.__new__(type(state))
    vars(twin).update(vars(state))
    for name in _LISTS:
        setattr(twin, name, list(getattr(state, name)))
    twin.known = set(state.known)
    twin.journal = []  # the score sheet: no part of the search
    return twin


def _key(state: PyramideState) -> tuple:
    """What decides the rest of the run (the journal and the known places do not)."""
    return (
        state.phase,
        state.room.key if state.room else "",
        state.item.key if state.item else "",
        tuple(room.key for room in state.peeked),
        state.ignored,
        state.cancelled_here,
        state.fatigue,
        tuple(room.key for room in state.deck),
        tuple(item.key for item in state.hand),
        tuple(state.active),
    )


class Search:
    """Whether a state whose room order is known can be escaped from, with Sable Vivant's
    coin always landing on pile (a sure escape) or always on face (an escape with luck).
    Fatigue is monotone: a position lost with some fatigue is lost with less, one won with
    some is won with more, so the memory keeps both bounds per position."""

    def __init__(self, lucky: bool = False) -> None:
        self.coin = _FACE if lucky else _PILE
        self.lost: dict[tuple, int] = {}
        self.won: dict[tuple, int] = {}
        self.steps = 0

    def after(self, state: PyramideState, action: Action) -> PyramideState:
        twin = _clone(state)
        twin._apply(action, self.coin)  # legal by construction: skip the engine's check
        return twin

    def escapes(self, state: PyramideState) -> bool:
        if state.phase == OVER:
            return bool(state.won)
        key = _key(state)
        if self.lost.get(key, -99) >= state.fatigue:
            return False
        if self.won.get(key, 99) <= state.fatigue:
            return True
        self.steps += 1
        for action in _thrifty_first(state.legal_actions()):
            if self.escapes(self.after(state, action)):
                self.won[key] = min(self.won.get(key, 99), state.fatigue)
                return True
        self.lost[key] = max(self.lost.get(key, -99), state.fatigue)
        return False

    def line(self, state: PyramideState) -> list[str]:
        """The French account of an escape from `state`, which must be possible."""
        told: list[str] = []
        state = _clone(state)
        while state.phase != OVER:
            action = next(
                a
                for a in _thrifty_first(state.legal_actions())
                if self.escapes(self.after(state, a))
            )
            told += [event.describe() for event in state.apply(action, self.coin)]
        return told


def _thrifty_first(actions: list[Action]) -> list[Action]:
    """Going on without spending an object first: an escape is often found that way."""
    return sorted(actions, key=lambda a: not isinstance(a, NoItem | LeaveRoom))


QUESTION = "Cette pyramide était-elle franchissable ?"


def answer(first: PyramideState) -> list[str]:
    """« Cette pyramide était-elle franchissable ? » from the rooms as first dealt, knowing
    their order: surely, only if Sable Vivant's coin helps, or not at all; with a way through."""
    for lucky, head in (
        (False, "Oui, à coup sûr, même si la pièce du Sable Vivant tombe toujours sur pile."),
        (True, "Oui, mais seulement si la pièce du Sable Vivant tombe sur face."),
    ):
        search = Search(lucky)
        if search.escapes(first):
            return [head, "Une façon de passer :", *search.line(first)]
    return ["Non : même en connaissant l'ordre des salles, aucune façon de s'en sortir."]


# --- hints from the player's view ----------------------------------------------------------

SAMPLES = 24
"""Orders of the unlocated rooms tried per hint when there are too many to try them all."""


def unlocated(view: PyramideState) -> list[str]:
    """The keys of the deck's rooms whose place the player does not know."""
    gone = {room.key for room in view.discard} | {r.key for r in view.deck if not r.hidden}
    if view.room is not None:
        gone.add(view.room.key)
    return [room.key for room in ROOMS if room.key not in gone]


def sampled_states(view: PyramideState) -> list[PyramideState]:
    """States with the view's unknown places filled by the unlocated rooms: every order when
    there are few, else a sample seeded by the view (never by the hidden order)."""
    keys = unlocated(view)
    rooms = {room.key: room for room in ROOMS}
    if len(keys) <= 5:
        orders = list(permutations(keys))
    else:
        rng = Random(repr(_key(view)))
        orders = [tuple(rng.sample(keys, len(keys))) for _ in range(SAMPLES)]
    states = []
    for order in orders:
        filled = iter(order)
        state = _clone(view)
        state.deck = [rooms[next(filled)] if room.hidden else room for room in view.deck]
        states.append(state)
    return states


@dataclass(frozen=True)
class Hint:
    action: Action
    chance: float
    """The share of the orders weighed where it leads to a sure escape."""
    reason: str


HINT_STEPS = 60_000
"""A hint weighs no more orders once its searches have visited this many positions (at
least one order is always weighed): a count, not a clock, so a view always gets one hint."""


def hint(view: PyramideState) -> Hint:
    """The action that leads to a sure escape in the most orders the rooms may lie in."""
    legal = view.legal_actions()
    sure: dict[Action, int] = dict.fromkeys(legal, 0)
    tried = steps = 0
    for state in sampled_states(view):
        search = Search()
        for action in legal:
            sure[action] += search.escapes(search.after(state, action))
        tried, steps = tried + 1, steps + search.steps
        if steps > HINT_STEPS:
            break
    action = max(legal, key=lambda a: (sure[a], isinstance(a, NoItem | LeaveRoom)))
    odds = f"ordres des salles essayés : sortie sûre dans {sure[action]} sur {tried}"
    return Hint(action, sure[action] / tried, reason(view, action, odds))


def reason(view: PyramideState, action: Action, odds: str) -> str:
    if isinstance(action, NoItem):
        return f"Avance sans objet : garde tes objets pour la suite ({odds})."
    if isinstance(action, UseItem):
        item = ITEM[action.item]
        if action.item == AMULETTE and action.target:
            return f"Utilise l'Amulette contre {room_name(action.target)} ({odds})."
        why = {
            TORCHE: "elle t'épargne cette salle",
            CORDE: "cette salle reviendra plus tard",
            OUTRE: "elle te rend de la fatigue",
            CARTE: "elle te montre les prochaines salles",
            AMULETTE: "elle t'évite la perte de fatigue",
        }[item.key]
        return f"Utilise {item.the} : {why} ({odds})."
    if isinstance(action, Reorder):
        names = ", ".join(view.peeked[i].name for i in action.order)
        return f"Range les salles ainsi : {names} ({odds})."
    if isinstance(action, Discard):
        return f"Abandonne {ITEM[action.item].the} au Sable Vivant : +1 ({odds})."
    if isinstance(action, LeaveRoom):
        return f"Quitte la salle en gardant tes objets ({odds})."
    return f"Révèle la salle suivante ({odds})."
