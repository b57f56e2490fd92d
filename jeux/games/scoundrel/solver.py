"""Scoundrel solved: an exact search over a known deck order, and hints from what the player
knows (RULINGS.md §26).

`winning_line(state)` searches a state whose deck order is known (the real one once the run is
over): a depth-first search over compact positions, memoising the lost ones (with the most
health they were lost with, since less health loses too) and cutting a branch as soon as its
health cannot cover the damage no weapon left in the dungeon can absorb.

`hint(view)` never reads the real order: it deals the unseen cards of the view at random
`DEALS` times, plays every undominated way to finish the room (and fleeing) on each deal with a
quick player (`QuickPlayer`), and suggests the way with the best total (flat Monte Carlo). The
same view always gives the same hint, whatever the hidden order.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import accumulate, combinations
from random import Random
from typing import TypeVar

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
ACE = 14
"""The strongest monster."""
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
T = TypeVar("T")


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


def resolutions(
    card: int, hp: int, weapon: int, bound: int, drunk: bool, rules: Rules
) -> list[tuple[bool, int, int, int, bool]]:
    """Each way to resolve `card`: with the weapon or not, then the health (0 or below: a
    death), weapon, binding and potion flag after it."""
    if card < 20:
        fists = (False, hp - card, weapon, bound, drunk)
        if weapon and (card < bound or (card == bound and not rules.strict)):
            return [(True, hp - max(0, card - weapon), weapon, card, drunk), fists]
        return [fists]
    if card < 40:
        return [(False, hp, card - 20, FREE, drunk)]
    if drunk:
        return [(False, hp, weapon, bound, True)]
    return [(False, min(rules.max_hp, hp + card - 40), weapon, bound, True)]


def moves(pos: Position, rules: Rules) -> Iterator[tuple[Action, Position | str | None]]:
    """Every legal action with what follows: a Position, WON, or None for a death."""
    for slot, card in enumerate(pos.room):
        if card:
            for armed, *after in resolutions(
                card, pos.hp, pos.weapon, pos.bound, pos.potion_used, rules
            ):
                yield Pick(slot, armed), _after(pos, rules, slot, *after)
    if not pos.last_avoided and not pos.resolved and pos.deck:
        under = pos.deck + tuple(card for card in pos.room if card)
        yield Avoid(), _deal(under, (0,) * ROOM_SIZE, pos.hp, pos.weapon, pos.bound, True)


def _after(
    pos: Position, rules: Rules, slot: int, hp: int, weapon: int, bound: int, drunk: bool
) -> Position | str | None:
    if hp <= 0:
        return None
    room = pos.room[:slot] + (0,) + pos.room[slot + 1 :]
    resolved = pos.resolved + 1
    if resolved < pos.quota:
        return Position(pos.deck, room, hp, weapon, bound, drunk, resolved, pos.quota, False)
    held = ROOM_SIZE - room.count(0)
    if not pos.deck and held <= rules.classic_end:
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
        kept = undominated(
            ends, lambda a: ((a.deck, a.room, a.weapon, a.last_avoided), a.hp, a.bound)
        )
        kept.sort(key=_promise_of, reverse=True)
        return [(ends[after], after) for after in kept]

    def hopeless(self, pos: Position) -> bool:
        """No weapon left can absorb all of a monster above it, and the potions left cannot
        cover that much damage (an optimistic bound: every potion drunk in full)."""
        cards = [c for c in pos.deck + pos.room if c]
        best = max([pos.weapon] + [c - 20 for c in cards if 20 < c < 40])
        damage = sum(c - best for c in cards if best < c < 20)
        heal = sum(c - 40 for c in cards if c > 40)
        return pos.hp + heal <= damage


def _promise_of(pos: Position) -> float:
    """The `Promise` of a dealt room, to try the likeliest wins first."""
    room = tuple(card for card in pos.room if card)
    return Promise([*pos.deck, *room])(room, pos.hp, pos.weapon, pos.bound)


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


DEALS = 48
"""Deals of the unseen cards on which every way to finish the room is played out: on the same
200 dungeons, 24 deals won 43 % and 48 won 52 %, for about 0.1 s a room (0.4 s at most)."""
WIN = 100
"""A playout's score for a cleared dungeon, above any death's."""


def unseen(view: ScoundrelState) -> list[PlayingCard]:
    """The cards of the deck the player has never seen: the dungeon less every card met."""
    known = set(view.discard) | set(view.slain) | {c for c in view.room if c is not None}
    known |= {c for c in view.deck if c is not None}
    if view.weapon is not None:
        known.add(view.weapon)
    return [card for card in dungeon_deck() if card not in known]


def sampled_decks(view: ScoundrelState, count: int) -> list[list[int]]:
    """`count` orders of the deck consistent with the view, as codes: its unseen cards
    shuffled, then the cards the player saw go under it. Seeded by the view alone, so a hint
    never changes with the hidden order."""
    hidden = sorted(unseen(view), key=lambda c: (c.suit, c.rank))
    under = [code(c) for c in view.deck if c is not None]
    rng = Random(repr((view.hp, view.room, hidden, under, view.weapon, view.slain)))
    decks = []
    for _ in range(count):
        order = hidden[:]
        rng.shuffle(order)
        decks.append([code(c) for c in order] + under)
    return decks


Step = tuple[int, bool]
"""One card resolved, by value: its code, and whether the weapon strikes it."""
End = tuple[tuple[int, ...], int, int, int]
"""What finishing a room leaves: the cards still in it (sorted), health, weapon, binding."""
Health = tuple[int, int, int]
"""How a way through some cards of a fresh room changes the health, whatever it starts at:
its `before`, the damage before the potion, which the health must exceed; its `cost`, the
damage less the potion; its `cap`, the most it can end with (the maximum less the damage
after the potion, NO_CAP without one). It ends with `min(cap, health - cost)`, alive above 0."""
Ways = tuple[tuple[int, int, tuple[Health, ...]], ...]
"""Each weapon and binding some ways through cards leave (KEPT: those the room started
with), with the `Health`s of those no other beats."""
Exit = tuple[tuple[int, ...], float, tuple[int, int, tuple[Health, ...]]]
"""A way out of a room: the cards it leaves (sorted), what they add to a `Promise`, then a
weapon, binding and `Health`s as in `Ways`."""


def finishes(
    room: tuple[int, ...],
    hp: int,
    weapon: int,
    bound: int,
    drunk: bool,
    to_resolve: int,
    rules: Rules,
) -> dict[End, tuple[Step, ...]]:
    """Every end of the room (its cards sorted, no empty slots) that resolving `to_resolve`
    more cards reaches alive, each with the first steps found to reach it."""
    found: dict[End, tuple[Step, ...]] = {}
    visited = set()
    stack = [(room, hp, weapon, bound, drunk, to_resolve, ())]
    while stack:
        room, hp, weapon, bound, drunk, count, steps = stack.pop()
        if not count:
            found.setdefault((room, hp, weapon, bound), steps)
            continue
        for i, card in enumerate(room):
            if card == room[i - 1] and i:
                continue  # the same card again: the same ends
            rest = room[:i] + room[i + 1 :]
            for armed, *after in resolutions(card, hp, weapon, bound, drunk, rules):
                here = (rest, *after, count)
                if after[0] > 0 and here not in visited:
                    visited.add(here)
                    stack.append((rest, *after, count - 1, (*steps, (card, armed))))
    return found


def quick_ends(
    room: tuple[int, ...], hp: int, weapon: int, bound: int, to_resolve: int, rules: Rules
) -> set[End]:
    """The ends of `finishes` from a fresh room, without their steps: the playouts spend most
    of their time here, so the rules of `resolutions` are written inline (a test holds the
    two to the same ends)."""
    found: set[End] = set()
    strict, max_hp = rules.strict, rules.max_hp

    def resolve(room: tuple[int, ...], hp: int, weapon: int, bound: int, drunk: bool, count: int):
        if not count:
            found.add((room, hp, weapon, bound))
            return
        previous = 0
        for i, card in enumerate(room):
            if card == previous:
                continue  # the same card again: the same ends
            previous = card
            rest = room[:i] + room[i + 1 :]
            if card < 20:
                if weapon and (card < bound or (card == bound and not strict)):
                    left = hp - card + weapon if card > weapon else hp
                    if left > 0:
                        resolve(rest, left, weapon, card, drunk, count - 1)
                if hp > card:
                    resolve(rest, hp - card, weapon, bound, drunk, count - 1)
            elif card < 40:
                resolve(rest, hp, card - 20, FREE, drunk, count - 1)
            elif drunk:
                resolve(rest, hp, weapon, bound, True, count - 1)
            else:
                resolve(rest, min(max_hp, hp + card - 40), weapon, bound, True, count - 1)

    resolve(room, hp, weapon, bound, False, to_resolve)
    return found


def undominated(ends: Iterable[T], facts: Callable[[T], tuple[Hashable, int, int]]) -> list[T]:
    """The ends that no other beats, in their order: `facts` tells what makes two ends alike
    (the next room or the cards left, and the weapon), the health and the binding; among
    alike ends, one with at least as much health and a binding at least as free beats it."""
    ends = list(ends)
    alike: dict[Hashable, set[tuple[int, int]]] = {}
    for end in ends:
        group, hp, bound = facts(end)
        alike.setdefault(group, set()).add((hp, bound))

    def beaten(end: T) -> bool:
        group, hp, bound = facts(end)
        return any(h >= hp and b >= bound and (h, b) != (hp, bound) for h, b in alike[group])

    return [end for end in ends if not beaten(end)]


LEFT_BEHIND = [
    -0.2 * card if card < 20 else 0.2 * (card - 40) if card > 40 else 0 for card in range(51)
]
"""What a card left in the room adds to `promise`, by code: a monster is a threat, a potion
a resource."""


class Promise:
    """The quick player's guess at the start of a room, given the cards still to come (those
    the room leaves included), called with what the room leaves. Health, less a share of the
    monsters, plus the potions, what the weapon can still absorb and the better weapons to
    come; a monster left behind is a threat, a potion a resource. Weights fitted by
    coordinate search on the quick player's wins over 600 dungeons."""

    def __init__(self, cards: Iterable[int]) -> None:
        # Sorted, the codes put the monsters first, then the weapons, then the potions: any
        # count or sum of cards up to a value is a search and a difference of prefix sums.
        # Tuples, not lists: the garbage collector soon stops counting them.
        self.stock = tuple(sorted(cards))
        self.sums = (0, *accumulate(self.stock))
        """The sum of the first i cards of the stock, by i."""
        self.monsters = bisect_left(self.stock, 20)
        self.cards = bisect_left(self.stock, 40)
        """How many monsters, and monsters and weapons."""
        potions = self.sums[-1] - self.sums[self.cards] - 40 * (len(self.stock) - self.cards)
        self.base = 0.52 * potions - 0.27 * self.sums[self.monsters]
        self.armed: dict[int, float] = {}
        """`held` by `armed_key`, as the playouts ask the same few again and again."""

    def __call__(self, left: tuple[int, ...], hp: int, weapon: int, bound: int) -> float:
        guess = hp + self.base + self.held(weapon, bound)
        for card in left:
            guess += LEFT_BEHIND[card]
        return guess

    def held(self, weapon: int, bound: int) -> float:
        """What the weapon is worth: it absorbs all of the monsters it may strike up to its
        value, its value of the others; the better weapons to come are better by their
        excess."""
        held = self.armed.get(armed_key(weapon, bound))
        if held is None:
            stock, monsters, cards, sums = self.stock, self.monsters, self.cards, self.sums
            below = bisect_right(stock, weapon if weapon < bound else bound, 0, monsters)
            struck = bisect_right(stock, bound, 0, monsters) - below
            absorbed = sums[below] + weapon * struck
            worse = bisect_right(stock, 20 + weapon, monsters, cards)
            better = sums[cards] - sums[worse] - (20 + weapon) * (cards - worse)
            held = 0.12 * weapon + 0.15 * absorbed + 0.07 * better
            self.armed[armed_key(weapon, bound)] = held
        return held


def armed_key(weapon: int, bound: int) -> int:
    """A weapon and binding as one int: unlike a tuple, it leaves nothing for the garbage
    collector, which the playouts' millions of lookups would keep busy."""
    return weapon * 128 + bound


FLEE_COST = 0.5
"""What the quick player's guess takes off for fleeing: the next room cannot be fled."""


class QuickPlayer:
    """The quick player of one plan's playouts, who takes each room's end of best `Promise`,
    or flees when fleeing promises more. All the plan's options play the same deals, so the
    same games and stocks of cards come back: it remembers the promise of each stock, and
    how each game it met on the current deal ended."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.promises: dict[tuple[int, ...], Promise] = {}
        """Kept from deal to deal: each option's first room comes with the same stock."""
        self.scores: dict[tuple, int] = {}

    def new_deal(self) -> None:
        """Forget the games of the last deal: they will not come back."""
        self.scores = {}

    def playout(
        self, room: list[int], deck: list[int], hp: int, weapon: int, bound: int, fled: bool
    ) -> int:
        """Play the dungeon on from the start of a room. A win scores WIN plus the health
        left; a death, the health it had less the monsters not slain."""
        met = []
        while True:
            game = (tuple(room), tuple(deck), hp, weapon, bound, fled)
            if game in self.scores:
                score = self.scores[game]
                break
            met.append(game)
            if not deck and len(room) <= self.rules.classic_end:
                score = WIN + hp
                break
            dealt = ROOM_SIZE - len(room)
            room, deck = sorted(room + deck[:dealt]), deck[dealt:]
            full = len(room) == ROOM_SIZE
            to_resolve = TO_RESOLVE if full else len(room) - self.rules.classic_end
            worth = self.promise(deck + room)
            dealt_room = tuple(room)
            best = self.best_end(dealt_room, hp, weapon, bound, to_resolve, worth)
            stay = worth(*best) if best else -WIN
            if (
                full
                and deck
                and not fled
                and worth(dealt_room, hp, weapon, bound) - FLEE_COST > stay
            ):
                room, deck, fled = [], deck + room, True
                continue
            if best is None:
                score = hp - sum(card for card in deck + room if card < 20)
                break
            left, hp, weapon, bound = best
            room, fled = list(left), False
        for game in met:
            self.scores[game] = score
        return score

    def promise(self, cards: list[int]) -> Promise:
        stock = tuple(sorted(cards))
        if stock not in self.promises:
            self.promises[stock] = Promise(cards)
        return self.promises[stock]

    def best_end(
        self,
        room: tuple[int, ...],
        hp: int,
        weapon: int,
        bound: int,
        to_resolve: int,
        worth: Promise,
    ) -> End | None:
        """The end of the room (of `quick_ends`) of best `worth`, None if every way dies: of
        each way out, the healthiest end (the others are worth less). Among equal worths,
        the first in the order of the set of `quick_ends`, as the quick player has always
        chosen: the rare ties are settled by listing them, so the order of the ways out does
        not matter. The playouts spend most of their time here: the health each way leaves
        and the `Promise` of each end are written inline."""
        best, most, tied = None, 0.0, False
        base, armed_worth = worth.base, worth.armed
        striker = striking(room, weapon, bound, self.rules.strict)
        exits = room_exits(room, *striker, to_resolve, self.rules.strict, self.rules.max_hp)
        for left, behind, (armed, binding, healths) in exits:
            health = 0
            for before, cost, cap in healths:
                if hp > before:
                    after = hp - cost if hp - cost < cap else cap
                    if after > health:
                        health = after
            if health > 0:
                armed = weapon if armed == KEPT else armed
                binding = bound if binding == KEPT else binding
                held = armed_worth.get(armed * 128 + binding)  # armed_key, inline
                if held is None:
                    held = worth.held(armed, binding)
                value = health + base + held + behind  # in the order of `Promise`: same float
                if best is None or value > most:
                    best, most, tied = (left, health, armed, binding), value, False
                elif value == most and (left, health, armed, binding) != best:
                    tied = True
        if tied:
            ends = quick_ends(room, hp, weapon, bound, to_resolve, self.rules)
            return max(ends, key=lambda end: worth(*end))
        return best


EXITS_KEPT = 50_000
"""Rooms whose ways out `room_exits` keeps: the plans of a dungeon meet the same rooms again
(three in four asked are kept, for some 50 MB)."""


@lru_cache(maxsize=EXITS_KEPT)
def room_exits(
    room: tuple[int, ...], weapon: int, bound: int, to_resolve: int, strict: bool, max_hp: int
) -> tuple[Exit, ...]:
    """The ways out of the room (sorted) whatever the health: each choice of the cards it
    leaves, with the ways through the others. Asked with the weapon and binding `striking`
    the room, as many rooms differ only by what strikes nothing in them."""
    return tuple(
        [
            (left, behind, way)
            for left, behind, resolved in splits(room, to_resolve)
            for way in ways(resolved, *striking(resolved, weapon, bound, strict), strict, max_hp)
        ]
    )


@cache
def splits(
    room: tuple[int, ...], to_resolve: int
) -> tuple[tuple[tuple[int, ...], float, tuple[int, ...]], ...]:
    """Each choice of the cards a room (sorted) leaves, with what they add to a `Promise` and
    the cards it resolves. The quick player's rooms leave one card at most, so it adds in
    one term, as `Promise` adds it."""
    found: dict[tuple[int, ...], tuple[int, ...]] = {}
    for kept in combinations(range(len(room)), len(room) - to_resolve):
        left = tuple(room[i] for i in kept)
        found.setdefault(left, tuple(card for i, card in enumerate(room) if i not in kept))
    return tuple(
        (left, sum(LEFT_BEHIND[card] for card in left), resolved)
        for left, resolved in found.items()
    )


def striking(cards: tuple[int, ...], weapon: int, bound: int, strict: bool) -> tuple[int, int]:
    """The least weapon and binding that strike the monsters of `cards` (sorted) as `weapon`
    and `bound` do, for as much damage; (0, 0) if none can be struck."""
    strongest, reach = 0, bound - strict if bound < FREE else ACE
    for card in cards:
        if card > reach:
            break  # sorted: the rest are stronger monsters or other cards
        strongest = card
    if not weapon or not strongest:
        return 0, 0
    return weapon if weapon < strongest else strongest, strongest + strict


NO_CAP = 1_000
"""The `cap` of a way without a potion drunk."""


KEPT = -1
"""A way's weapon or binding when it leaves the one the room started with."""


@lru_cache(maxsize=100_000)
def ways(cards: tuple[int, ...], weapon: int, bound: int, strict: bool, max_hp: int) -> Ways:
    """Every way to resolve all of `cards` (sorted) in a fresh room, less those another way
    leaving the same weapon and binding beats from any health. The playouts meet the same few
    cards again and again with another health: kept for the whole process, as listing them
    anew for each plan would cost more than the list of ends it replaces."""
    found: dict[tuple[int, int], set[Health]] = {}

    def resolve(
        cards: tuple[int, ...],
        weapon: int,
        bound: int,
        leaves: tuple[int, int],
        before: int,
        cost: int,
        cap: int,
    ) -> None:
        """`weapon` and `bound` rule the strikes; `leaves` is the weapon and binding the way
        leaves, KEPT until it changes them."""
        if not cards:
            found.setdefault(leaves, set()).add((before, cost, cap))
            return
        previous = 0
        for i, card in enumerate(cards):
            if card == previous:
                continue  # the same card again: the same ways
            previous = card
            rest = cards[:i] + cards[i + 1 :]
            if card < 20:
                hits = [(bound, leaves, card)]
                if weapon and (card < bound or (card == bound and not strict)):
                    hits.append((card, (leaves[0], card), max(0, card - weapon)))
                for binding, after, damage in hits:
                    if cap == NO_CAP:  # before the potion: to be survived from the start
                        resolve(rest, weapon, binding, after, before + damage, cost + damage, cap)
                    else:
                        resolve(rest, weapon, binding, after, before, cost + damage, cap - damage)
            elif card < 40:
                resolve(rest, card - 20, FREE, (card - 20, FREE), before, cost, cap)
            elif cap == NO_CAP:
                resolve(rest, weapon, bound, leaves, before, cost - card + 40, max_hp)
            else:
                resolve(rest, weapon, bound, leaves, before, cost, cap)  # heals nothing more

    resolve(cards, weapon, bound, (KEPT, KEPT), 0, 0, NO_CAP)
    return tuple(shared((*leaves, unbeaten(healths))) for leaves, healths in found.items())


SHARED: dict[tuple, tuple] = {}
"""One copy of each weapon, binding and `Health`s that `ways` returns: for other cards, its
cache holds the same few again and again (this nearly halves its memory: some 600 bytes an
entry, 60 MB when full)."""


def shared(value: tuple) -> tuple:
    """The copy of `value` in SHARED."""
    return SHARED.setdefault(value, value)


def unbeaten(healths: set[Health]) -> tuple[Health, ...]:
    """The `Health`s no other beats from any health: as low a `before` and `cost`, as high
    a `cap`."""
    kept: list[Health] = []
    for before, cost, cap in sorted(healths, key=lambda h: (h[0], h[1], -h[2])):
        if not any(b <= before and c <= cost and p >= cap for b, c, p in kept):
            kept.append((before, cost, cap))  # whatever beats it sorts before it
    return tuple(kept)


def plan(view: ScoundrelState, deals: int = DEALS) -> list[Action]:
    """The best way to finish the room from the view, or to flee it: each undominated end,
    and fleeing, played out by the quick player on the same sampled deals (flat Monte Carlo);
    the best total wins."""
    rules = rules_of(view)
    here = position_of(view, [])
    room = tuple(sorted(card for card in here.room if card))
    ends = finishes(
        room, here.hp, here.weapon, here.bound, here.potion_used, view.cards_to_resolve, rules
    )
    options: list[tuple[End | None, tuple[Step, ...]]] = [
        (end, ends[end]) for end in undominated(ends, lambda e: ((e[0], e[2]), e[1], e[3]))
    ]
    if view.can_avoid:
        options.append((None, ()))
    if not options:
        return view.legal_actions()[:1]  # every way dies
    under = [card for card in here.room if card]  # where fleeing puts the room, in order
    totals = [0] * len(options)
    player = QuickPlayer(rules)
    for deck in sampled_decks(view, deals if len(options) > 1 else 0):
        player.new_deal()
        for i, (end, _) in enumerate(options):
            if end is None:
                fled = deck + under
                totals[i] += player.playout([], fled, here.hp, here.weapon, here.bound, True)
            else:
                totals[i] += player.playout(list(end[0]), deck, *end[1:], False)
    end, steps = options[max(range(len(options)), key=totals.__getitem__)]
    return [Avoid()] if end is None else actions_of(steps, here.room)


def actions_of(steps: tuple[Step, ...], room: tuple[int, ...]) -> list[Action]:
    """The steps of a plan as picks of the room's slots."""
    slots = list(room)
    actions: list[Action] = []
    for card, armed in steps:
        slot = slots.index(card)
        slots[slot] = 0
        actions.append(Pick(slot, armed))
    return actions


@dataclass(frozen=True)
class Hint:
    action: Action
    reason: str


def hint(view: ScoundrelState) -> Hint:
    """The suggested next move with a one-line French reason."""
    actions = plan(view)
    return Hint(actions[0], reason(view, actions))


def reason(view: ScoundrelState, actions: list[Action]) -> str:
    """Why the first of the room's planned `actions`, in French."""
    action = actions[0]
    if isinstance(action, Avoid):
        return "Fuis cette salle : elle coûterait trop cher maintenant."
    card = view.room[action.slot]
    kind = card_kind(card)
    if kind == WEAPON:
        later = [view.room[a.slot] for a in actions[1:] if card_kind(view.room[a.slot]) == WEAPON]
        if later:
            return (
                f"Prends {the_card(card)} pour t'en débarrasser : "
                f"{the_card(later[0])} le remplacera dans cette salle."
            )
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
    """The « Fort » solo player: it follows the hints, planning each room as a whole (nothing
    new shows until the room is done, so the plan holds to its end)."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.planned: list[Action] = []
        self.at: tuple[int, int] = (-1, -1)
        """The room and the count of its cards resolved where `planned` goes on."""

    def choose(self, state: ScoundrelState) -> Action:
        here = (state.room_number, state.resolved_this_room)
        if here != self.at or not self.planned or self.planned[0] not in state.legal_actions():
            self.planned = plan(state)
        self.at = (state.room_number, state.resolved_this_room + 1)
        return self.planned.pop(0)
