"""Scoundrel solved: an exact search over a known deck order, and hints from what the player
knows (RULINGS.md §26).

`winning_line(state)` searches a state whose deck order is known (the real one once the run is
over): a depth-first search over compact positions, memoising the lost ones (with the most
health they were lost with, since less health loses too) and cutting a branch as soon as its
health cannot cover the damage no weapon left in the dungeon can absorb.

`hint(view)` never reads the real order: it deals the unseen cards of the view at random many
times, solves each deal exactly, and suggests the move that wins the most deals (perfect
information Monte Carlo). The same view always gives the same hint, whatever the hidden order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from random import Random

from jeux.engine.cards import PlayingCard
from jeux.engine.core import Action

from .rules import (
    MONSTER,
    POTION,
    ROOM_SIZE,
    TO_RESOLVE,
    WEAPON,
    Avoid,
    Pick,
    ScoundrelState,
    card_kind,
    dungeon_deck,
    the_card,
)

FREE = 99
"""The binding of a weapon that has killed nothing yet."""
_OFFSET = {MONSTER: 0, WEAPON: 20, POTION: 40}
"""Cards as small ints: monsters 2–14, weapons 22–30, potions 42–50 (suits do not matter)."""


def code(card: PlayingCard) -> int:
    return card.rank + _OFFSET[card_kind(card)]


@dataclass(frozen=True)
class Position:
    """The facts that decide the rest of a run, with the deck order known."""

    deck: tuple[int, ...]
    room: tuple[int, ...]
    """Four slots, 0 where the card has been played."""
    hp: int
    weapon: int
    bound: int
    potion_used: bool
    resolved: int
    quota: int
    last_avoided: bool


@dataclass(frozen=True)
class Rules:
    max_hp: int
    strict: bool
    classic_end: bool


WON = "won"


def position_of(state: ScoundrelState, deck: list[PlayingCard]) -> Position:
    """`state` as a Position, with `deck` (top first) as the order of its deck."""
    return Position(
        tuple(code(c) for c in deck),
        tuple(code(c) if c is not None else 0 for c in state.room),
        state.hp,
        code(state.weapon) - 20 if state.weapon is not None else 0,
        state.bound_to if state.bound_to is not None else FREE,
        state.potion_used,
        state.resolved_this_room,
        state.room_quota,
        state.last_avoided,
    )


def rules_of(state: ScoundrelState) -> Rules:
    return Rules(state.max_hp, state.strict_binding, state.classic_web_end)


def moves(pos: Position, rules: Rules) -> Iterator[tuple[Action, Position | str | None]]:
    """Every legal action with what follows: a Position, WON, or None for a death."""
    for slot, card in enumerate(pos.room):
        if not card:
            continue
        if card < 20:
            if pos.weapon and (card < pos.bound or (card == pos.bound and not rules.strict)):
                damage = card - pos.weapon if card > pos.weapon else 0
                yield Pick(slot, True), _after(pos, rules, slot, pos.hp - damage, bound=card)
            yield Pick(slot), _after(pos, rules, slot, pos.hp - card)
        elif card < 40:
            yield Pick(slot), _after(pos, rules, slot, pos.hp, weapon=card - 20, bound=FREE)
        elif pos.potion_used:
            yield Pick(slot), _after(pos, rules, slot, pos.hp)
        else:
            hp = min(rules.max_hp, pos.hp + card - 40)
            yield Pick(slot), _after(pos, rules, slot, hp, potion=True)
    if not pos.last_avoided and not pos.resolved and pos.deck:
        under = pos.deck + tuple(card for card in pos.room if card)
        yield Avoid(), _deal(under, (0,) * ROOM_SIZE, pos.hp, pos.weapon, pos.bound, True)


def _after(
    pos: Position,
    rules: Rules,
    slot: int,
    hp: int,
    weapon: int | None = None,
    bound: int | None = None,
    potion: bool = False,
) -> Position | str | None:
    if hp <= 0:
        return None
    room = pos.room[:slot] + (0,) + pos.room[slot + 1 :]
    weapon = pos.weapon if weapon is None else weapon
    bound = pos.bound if bound is None else bound
    resolved = pos.resolved + 1
    if resolved < pos.quota:
        return Position(
            pos.deck, room, hp, weapon, bound, pos.potion_used or potion, resolved, pos.quota, False
        )
    held = ROOM_SIZE - room.count(0)
    if not pos.deck and held <= (1 if rules.classic_end else 0):
        return WON
    return _deal(pos.deck, room, hp, weapon, bound, False, rules.classic_end)


def _deal(
    deck: tuple[int, ...],
    room: tuple[int, ...],
    hp: int,
    weapon: int,
    bound: int,
    last_avoided: bool,
    classic_end: bool = False,
) -> Position:
    """Fill the empty slots from the top of the deck, as `ScoundrelState._deal` does."""
    slots = list(room)
    taken = 0
    for slot in range(ROOM_SIZE):
        if not slots[slot] and taken < len(deck):
            slots[slot] = deck[taken]
            taken += 1
    held = ROOM_SIZE - slots.count(0)
    if held < ROOM_SIZE:
        quota = held - 1 if classic_end else held
    else:
        quota = TO_RESOLVE
    return Position(deck[taken:], tuple(slots), hp, weapon, bound, False, 0, quota, last_avoided)


class Search:
    """One exact search over known deck orders, its memory shared between the questions
    asked of it (the lost positions stay lost)."""

    def __init__(self, rules: Rules, max_steps: int | None = None) -> None:
        self.rules = rules
        self.lost: dict[tuple, int] = {}
        """A position without its health → the most health it is known to lose with."""
        self.max_steps = max_steps
        """Positions searched before giving up (TimeoutError): a count, not a clock, so the
        same question gets the same answer on any machine."""
        self.steps = 0

    def line(self, pos: Position | str | None) -> list[Action] | None:
        """The actions of a win from `pos`, or None if none exists."""
        if pos is None:
            return None
        if pos == WON:
            return []
        key = (pos.deck, pos.room, pos.weapon, pos.bound, pos.potion_used, pos.resolved)
        key = (*key, pos.last_avoided)
        if self.lost.get(key, 0) >= pos.hp or self.hopeless(pos):
            return None
        self.steps += 1
        if self.max_steps and self.steps > self.max_steps:
            raise TimeoutError
        for actions, after in self.room_ends(pos):
            rest = self.line(after)
            if rest is not None:
                return [*actions, *rest]
        self.lost[key] = max(self.lost.get(key, 0), pos.hp)
        return None

    def room_ends(self, pos: Position) -> list[tuple[list[Action], Position | str]]:
        """The ways this room can end, each with its actions, the dominated ones dropped
        (same next room and weapon with less health and a lower binding), best first."""
        ends: dict[Position | str, list[Action]] = {}
        stack: list[tuple[Position, list[Action]]] = [(pos, [])]
        while stack:
            here, done = stack.pop()
            for action, after in moves(here, self.rules):
                if after is None:
                    continue
                actions = [*done, action]
                if after == WON:
                    return [(actions, WON)]
                if after.resolved == 0:
                    ends.setdefault(after, actions)
                else:
                    stack.append((after, actions))
        best: dict[tuple, list[tuple[int, int, Position]]] = {}
        for after in ends:
            group = (after.deck, after.room, after.weapon, after.last_avoided)
            best.setdefault(group, []).append((after.hp, after.bound, after))
        kept = []
        for group in best.values():
            for hp, bound, after in group:
                if not any(h >= hp and b >= bound and (h, b) != (hp, bound) for h, b, _ in group):
                    kept.append(after)
        kept.sort(key=_worth, reverse=True)
        return [(ends[after], after) for after in kept]

    def outlook(self, pos: Position | str | None, rooms: int) -> float:
        """The best `_worth` reachable by finishing this room and playing `rooms` more."""
        if pos is None:
            return -1000.0
        if pos == WON:
            return 1000.0
        if pos.resolved == 0:
            if not rooms:
                return _worth(pos)
            rooms -= 1
        return max(
            (self.outlook(after, rooms) for _, after in self.room_ends(pos)), default=-1000.0
        )

    def hopeless(self, pos: Position) -> bool:
        """No weapon left can absorb all of a monster above it, and the potions left cannot
        cover that much damage (an optimistic bound: every potion drunk in full)."""
        cards = [c for c in pos.deck + pos.room if c]
        best = max([pos.weapon] + [c - 20 for c in cards if 20 < c < 40])
        damage = sum(c - best for c in cards if best < c < 20)
        heal = sum(c - 40 for c in cards if c > 40)
        return pos.hp + heal <= damage


def _worth(pos: Position) -> float:
    """A guess at how good a room's start is: health, less a share of the monsters still to
    face, plus the potions left and what the weapon can still absorb (weights picked by
    comparing two sets on the same sixty dungeons: a rough guess, open to tuning)."""
    worth = float(pos.hp) - 0.5 * pos.last_avoided
    for card in pos.deck + pos.room:
        if 0 < card < 20:
            worth -= 0.35 * card
            if card <= pos.bound:
                worth += 0.35 * min(card, pos.weapon)
        elif card > 40:
            worth += 0.5 * (card - 40)
    return worth


def winning_line(state: ScoundrelState, max_steps: int | None = None) -> list[Action] | None:
    """The actions that clear this dungeon from `state`, read with its real deck order, or None
    if it cannot be cleared (RULINGS §26; the avoided rooms go back in order, SC-2). Raises
    TimeoutError past `max_steps` positions if given."""
    return Search(rules_of(state), max_steps).line(position_of(state, state.deck))


QUESTION = "Ce donjon était-il gagnable ?"
SEARCH_STEPS = 200_000
"""About twenty seconds of search on a slow machine."""


def answer(first: ScoundrelState) -> list[str]:
    """« Ce donjon était-il gagnable ? » answered in French from the dungeon as first dealt,
    with the winning line told room by room."""
    if first.shuffle_avoided:
        return ["Impossible à dire : les salles fuies repassent sous la pioche au hasard."]
    try:
        line = winning_line(first, SEARCH_STEPS)
    except TimeoutError:
        return ["Pas de réponse : trop de chemins à essayer, la recherche abandonne."]
    if line is None:
        return ["Non : aucune façon de jouer ne traversait ce donjon."]
    lines = ["Oui ! Une façon de le traverser :"]
    rng = Random(0)  # never drawn: avoided rooms keep their order here
    for action in line:
        lines += [event.describe() for event in first.apply(action, rng)]
    return lines


# --- hints from the player's view ----------------------------------------------------------


SAMPLES = 8
"""Deals looked at per hint: enough to weigh the next room, fast enough to answer at once."""
EXACT_UNSEEN = 12
"""With this few cards never seen, each sampled deal is solved to the end."""
EXACT_STEPS = 500
"""Positions each sampled deal may take (about 0.3 s for all of them); past this the exact
counts are dropped and the plans alone decide."""


def unseen(view: ScoundrelState) -> list[PlayingCard]:
    """The cards of the deck the player has never seen: the dungeon less every card met."""
    known = set(view.discard) | set(view.slain) | {c for c in view.room if c is not None}
    known |= {c for c in view.deck if c is not None}
    if view.weapon is not None:
        known.add(view.weapon)
    return [card for card in dungeon_deck() if card not in known]


def sampled_decks(view: ScoundrelState, count: int) -> list[list[PlayingCard]]:
    """`count` orders of the deck consistent with the view: its unseen cards shuffled, then
    the cards the player saw go under it. Seeded by the view alone, so a hint never changes
    with the hidden order."""
    hidden = sorted(unseen(view), key=lambda c: (c.suit, c.rank))
    under = [c for c in view.deck if c is not None]
    rng = Random(repr((view.hp, view.room, hidden, under, view.weapon, view.slain)))
    decks = []
    for _ in range(count):
        order = hidden[:]
        rng.shuffle(order)
        decks.append(order + under)
    return decks


@dataclass(frozen=True)
class Hint:
    action: Action
    reason: str


def best_action(view: ScoundrelState, samples: int = SAMPLES) -> Action:
    """The move whose plan for this room and the next scores best over sampled deals; near
    the end, the move that wins the most deals solved exactly, the plans breaking ties."""
    legal = view.legal_actions()
    if len(legal) == 1:
        return legal[0]
    rules = rules_of(view)
    decks = sampled_decks(view, samples)
    totals: Counter[Action] = Counter()
    for deck in decks:
        search = Search(rules)
        for action, after in moves(position_of(view, deck), rules):
            totals[action] += search.outlook(after, 1)
    wins: Counter[Action] = Counter()
    if len(unseen(view)) <= EXACT_UNSEEN:
        try:
            for deck in decks:
                search = Search(rules, EXACT_STEPS)
                for action, after in moves(position_of(view, deck), rules):
                    wins[action] += search.line(after) is not None
        except TimeoutError:
            wins.clear()
    return max(legal, key=lambda action: (wins[action], totals[action]))


def hint(view: ScoundrelState) -> Hint:
    """The suggested next move with a one-line French reason."""
    action = best_action(view)
    return Hint(action, reason(view, action))


def reason(view: ScoundrelState, action: Action) -> str:
    if isinstance(action, Avoid):
        return "Fuis cette salle : elle coûterait trop cher maintenant."
    card = view.room[action.slot]
    kind = card_kind(card)
    if kind == WEAPON:
        return f"Prends {the_card(card)} : une arme fraîche pour les monstres à venir."
    if kind == POTION:
        if view.heal_of(card):
            return f"Bois {the_card(card)} : +{view.heal_of(card)} PV."
        return f"Défausse {the_card(card)} : mieux vaut s'en débarrasser maintenant."
    damage = view.damage_of(action)
    hurt = f"{damage} dégât{'s' * (damage > 1)}" if damage else "aucun dégât"
    if action.weapon:
        return f"Abats {the_card(card)} avec ton arme : {hurt}."
    if view.weapon is not None and view.can_use_weapon(card):
        return f"Affronte {the_card(card)} à mains nues ({hurt}) : garde ton arme libre."
    return f"Affronte {the_card(card)} à mains nues : {hurt}."


class Guide:
    """The « Fort » solo player: it follows the hints."""

    def __init__(self, seed: int | str | None = None) -> None:
        pass

    def choose(self, state: ScoundrelState) -> Action:
        return best_action(state)
