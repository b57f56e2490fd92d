"""Le 5000 robots at three levels (RULINGS.md §2: push-your-luck thresholds, the 750 opening).

- Débutant sets aside every scoring die it can and banks at a whim between 300 and 500
  once opened: plausible, greedy with dice and timid with points.
- Moyen sets aside what scores most for the dice it keeps in hand and banks at classic
  thresholds, sooner with few dice left.
- Fort plays each turn by expectimax over every throw to come (`Plan`), a bank valued by
  its chance to win the race against every rival (`race_chance`: each rival's chance to
  reach the target within k turns when playing for points, seats in the round counted);
  in the last round, by whether it catches the leader.

Fort is not the game solved: at two players Le 5000 is close to Farkle, which Neller and
Busche solved by value iteration, but here that does not fit the two seconds a robot may
take once. A turn played for given values of its banks (`Plan`) weighs about 530 positions
(turn total, dice in hand) and takes 19 ms on this machine; the duel has about 15 000
positions between turns (two scores of 0 or 750 to 4 950, and who plays first in the
round), each solved over its turn at least three times (a lost turn hands the dice over
with the scores unchanged, so each pair of positions is a fixed point): 7.8 million turn
positions and some 14 minutes.

Every level banks a winning total.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from heapq import heappop, heappush
from itertools import combinations_with_replacement
from math import prod
from operator import mul
from typing import NamedTuple

from jeux.engine.bots import Robot
from jeux.engine.core import Action
from jeux.engine.dice import ways
from jeux.engine.text import decimal

from .rules import (
    _BANKS,
    _FIRST_THROW,
    _ROLLS,
    DICE,
    NOTE_OVERSHOOT,
    OPENING,
    REACH,
    ROLL,
    Bank,
    Le5000State,
    Roll,
    bank_result,
    keep_choices,
    target_met,
)

UNIT = 50
"""Every score is a multiple of 50: the plans count in these units."""


@cache
def _richest_first(faces: tuple[int, ...], four_double: bool) -> tuple[tuple[int, tuple], ...]:
    """The set-asides of a throw as (points, dice indices), the richest first (on equal
    points, the larger indices first, as `max` orders them)."""
    choices = keep_choices(faces, four_double)
    return tuple(sorted(((scoring.points, indices) for indices, scoring in choices), reverse=True))


def _best_bank(state: Le5000State) -> tuple[int, int, tuple[int, ...]] | None:
    """The bank allowed now to the highest total, without passing an exact target: (total,
    points kept, dice kept). Totals grow with the points kept, and so does the right to
    bank before opening, so the richest set-aside allowed is the one."""
    me = state.current
    score, opened = state.scores[me], state.opened[me]
    for points, indices in _richest_first(state.faces, state.four_double):
        turn = state.turn_total + points
        if not opened and turn < OPENING:
            return None
        total, note = bank_result(score, turn, state.target, state.finish)
        if note != NOTE_OVERSHOOT:
            return total, points, indices
    return None


def _best_other(state: Le5000State) -> int:
    return max((s for i, s in enumerate(state.scores) if i != state.current), default=0)


def _wins(state: Le5000State, total: int) -> bool:
    """Whether banking to `total` wins: reaching the target, or in the last round of "Tours
    égaux", reaching the best score of the others (a tie shares the victory)."""
    if state.last_round:
        return total >= _best_other(state)
    return target_met(total, state.target, state.finish)


def _winning_bank(state: Le5000State) -> Action | None:
    """A bank that wins, with the most points."""
    best = _best_bank(state)
    return _BANKS[best[2]] if best and _wins(state, best[0]) else None


class BeginnerBot(Robot):
    """Sets aside every die that scores (the most points, whatever dice it leaves) and banks
    once the turn is worth a whim between 300 and 500, or 750 to open."""

    def choose(self, state: Le5000State) -> Action:
        if state.phase == ROLL:
            return Roll()
        if win := _winning_bank(state):
            return win
        keep, scoring = max(state.keep_choices, key=lambda c: (c[1].points, len(c[0])))
        if state.last_round:  # banking short of the leader loses for sure
            return Roll(keep)
        enough = self.rng.choice((300, 350, 400, 450, 500))
        if state.can_bank(keep) and state.turn_total + scoring.points >= enough:
            total, note = state.bank_preview(keep)
            if note != NOTE_OVERSHOOT:
                return Bank(keep)
        return Roll(keep)


BANK_AT = {1: 300, 2: 300, 3: 400, 4: 1000, DICE: 2000}
"""Moyen banks once the turn is worth this much, by the number of dice it would throw next."""
DIE_WORTH = 150
"""How much Moyen values keeping one more die in hand, when it chooses what to set aside."""


class MediumBot(Robot):
    """Sets aside what scores most for the dice kept in hand, and banks at classic
    push-your-luck thresholds (sooner with few dice left); always banks a winning total."""

    def choose(self, state: Le5000State) -> Action:
        if state.phase == ROLL:
            return _FIRST_THROW
        keep, left = _medium_keep(state.faces, state.four_double)
        if win := _winning_bank(state):
            return win
        best = _best_bank(state)
        if best and not state.last_round:  # banking short of the leader loses for sure
            _, points, indices = best
            if state.turn_total + points >= BANK_AT[left]:
                return _BANKS[indices]
        return _ROLLS[keep]


@cache
def _medium_keep(faces: tuple[int, ...], four_double: bool) -> tuple[tuple[int, ...], int]:
    """Moyen's set-aside of a throw, worth its points and DIE_WORTH for each die kept in
    hand, and the dice it leaves to throw (5 after hot dice)."""
    keep, _ = max(
        keep_choices(faces, four_double),
        key=lambda c: (c[1].points + DIE_WORTH * (len(faces) - len(c[0]) or DICE), c[1].points),
    )
    return keep, len(faces) - len(keep) or DICE


# --- Fort: expectimax over the dice ---------------------------------------------------------


@cache
def throw_kinds(count: int, four_double: bool) -> tuple[tuple[float, frozenset, bool], ...]:
    """The throws of `count` dice grouped by what they allow: (chance, the set-asides as
    (points in units, dice thrown next), five 1s). Five dice that all score come back."""
    kinds: Counter[tuple[frozenset, bool]] = Counter()
    for faces in combinations_with_replacement(range(1, 7), count):
        choices = frozenset(
            (scoring.points // UNIT, count - len(indices) or DICE)
            for indices, scoring in keep_choices(faces, four_double)
        )
        kinds[choices, faces == (1,) * DICE] += ways(faces)
    return tuple((n / 6**count, choices, five) for (choices, five), n in kinds.items())


class Plan:
    """The best play of one turn, worked out on demand: `banks[t]` is what banking a turn of
    t units is worth (None: not allowed yet; the last entry stands for every larger turn,
    which always banks), `bust` what losing the turn is worth, `five_ones` what winning at
    once is worth. Values are any measure to maximise: points, or the chance to win."""

    def __init__(
        self,
        banks: Sequence[float | None],
        bust: float,
        five_ones: float,
        four_double: bool,
    ) -> None:
        self.banks, self.bust, self.five_ones = banks, bust, five_ones
        self.four_double = four_double
        self.cap = len(banks) - 1
        self.memo: dict[tuple[int, int], float] = {}

    def after(self, turn: int, dice: int) -> float:
        """The value of a turn of `turn` units with `dice` to throw next: bank or throw."""
        if turn >= self.cap:
            return self.banks[self.cap]
        bank = self.banks[turn]
        throw = self.throw(turn, dice)
        return throw if bank is None or throw > bank else bank

    def bank_value(self, turn: int) -> float | None:
        return self.banks[min(turn, self.cap)]

    def throw(self, turn: int, dice: int) -> float:
        """The value of throwing `dice` dice with `turn` units at stake, then playing well."""
        key = turn, dice
        known = self.memo.get(key)
        if known is not None:
            return known
        value = 0.0
        for chance, choices, five_ones in throw_kinds(dice, self.four_double):
            if five_ones:
                value += chance * self.five_ones
            elif not choices:
                value += chance * self.bust
            else:
                value += chance * max(self.after(turn + p, left) for p, left in choices)
        self.memo[key] = value
        return value


@lru_cache(maxsize=256)
def points_plan(score: int, target: int, finish: str, opened: bool, four_double: bool) -> Plan:
    """The plan that maximises the points a turn adds to `score`: nothing for a turn that
    passes an exact target, the capped points when the last 1000 come in one turn. Only
    those finishes depend on the score: with the default one, pass 0."""
    cap = (target - score) // UNIT + 1
    need = 0 if opened else OPENING // UNIT
    banks = [
        (bank_result(score, t * UNIT, target, finish)[0] - score) / UNIT if t >= need else None
        for t in range(max(cap, need) + 1)
    ]
    return Plan(banks, 0.0, float(target // UNIT), four_double)


@lru_cache(maxsize=64)
def catch_up_plan(
    score: int, best: int, target: int, finish: str, opened: bool, four_double: bool
) -> Plan:
    """The last turn of a player at `score` who must reach `best`: the plan that maximises
    the chance to get there (a bank short of it loses)."""
    cap = (best - score) // UNIT + 1
    need = 0 if opened else OPENING // UNIT
    banks = [
        (1.0 if bank_result(score, t * UNIT, target, finish)[0] >= best else 0.0)
        if t >= need
        else None
        for t in range(max(cap, need) + 1)
    ]
    return Plan(banks, 0.0, 1.0, four_double)


def _plan(state: Le5000State) -> Plan:
    """The plan for the turn being played: catch up with the leader in the last round,
    else the race against every rival (alone, the most points)."""
    me = state.current
    score, opened = state.scores[me], state.opened[me]
    if state.last_round:
        best = _best_other(state)
        return catch_up_plan(score, best, state.target, state.finish, opened, state.four_double)
    if state.solo:
        score = 0 if state.finish == REACH else score
        return points_plan(score, state.target, state.finish, opened, state.four_double)
    rivals = tuple(
        sorted((state.scores[s], state.opened[s], s > me) for s in range(state.seats) if s != me)
    )
    return race_plan(
        Duel(state.target, state.finish, state.race.equal_turns, state.four_double),
        (score, opened),
        rivals,
    )


# --- Fort: the race of two, turn by turn ---------------------------------------------------

TURNS = 40
"""Turns looked ahead by the race model: far more than a game lasts."""


class Duel(NamedTuple):
    """The options that shape a race of two."""

    target: int
    finish: str
    equal_turns: bool
    four_double: bool


@cache
def turn_spread(target: int, opened: bool, four_double: bool) -> tuple[float, list[float]]:
    """What a turn played by the points plan banks: the chance of five 1s, and by number
    of units banked, its chance (at 0: a bust)."""
    plan = points_plan(0, target, REACH, opened, four_double)
    spread = [0.0] * (plan.cap + 1)
    five = 0.0
    waiting = {(0, DICE): 1.0}  # (units at stake, dice to throw): chance
    order = [(0, DICE)]
    while order:
        turn, dice = key = heappop(order)  # the turn only grows: each state comes once
        mass = waiting.pop(key)
        for chance, choices, five_ones in throw_kinds(dice, four_double):
            share = mass * chance
            if five_ones:
                five += share
                continue
            if not choices:
                spread[0] += share
                continue
            p, left = max(choices, key=lambda c: plan.after(turn + c[0], c[1]))
            after = turn + p
            bank = plan.bank_value(after)
            if after >= plan.cap or (bank is not None and bank >= plan.throw(after, left)):
                spread[min(after, plan.cap)] += share
            elif (after, left) in waiting:
                waiting[after, left] += share
            else:
                waiting[after, left] = share
                heappush(order, (after, left))
    return five, spread


@cache
def finish_odds(target: int, four_double: bool) -> tuple[list[list[float]], list[list[float]]]:
    """`odds[k][d]`: the chance to cover d units within k turns, for a player who has
    opened and for one who has not (whose first points must make the opening)."""
    units = target // UNIT
    five_o, spread_o = turn_spread(target, True, four_double)
    five_c, spread_c = turn_spread(target, False, four_double)
    tail_o, tail_c = _tails(spread_o, units), _tails(spread_c, units)
    opened = [[1.0] + [0.0] * units]
    closed = [[1.0] + [0.0] * units]
    for _ in range(TURNS):
        po, pc = opened[-1], closed[-1]
        # A turn of x units covers d from the odds of covering d - x in one turn fewer.
        opened.append(
            [1.0]
            + [
                five_o + tail_o[d] + sum(map(mul, spread_o[:d], po[d:0:-1]))
                for d in range(1, units + 1)
            ]
        )
        closed.append(
            [1.0]
            + [
                five_c
                + tail_c[d]
                + spread_c[0] * pc[d]
                + sum(map(mul, spread_c[1:d], po[d - 1 : 0 : -1]))
                for d in range(1, units + 1)
            ]
        )
    return opened, closed


def _tails(spread: list[float], units: int) -> list[float]:
    """`tails[d]`: the chance that one turn banks d units or more."""
    tails = [0.0] * (units + 2)
    for d in range(len(spread) - 1, -1, -1):
        if d <= units + 1:
            tails[d] = spread[d] + (tails[d + 1] if d + 1 <= units + 1 else 0.0)
    return tails


@lru_cache(maxsize=1024)
def _odds(duel: Duel, score: int, opened: bool) -> tuple[float, ...]:
    """The chance to reach the target within 0, 1, 2… turns from `score`."""
    tables = finish_odds(duel.target, duel.four_double)[0 if opened else 1]
    d = max(0, (duel.target - score) // UNIT)
    return tuple(row[d] for row in tables)


Rival = tuple[int, bool, bool]
"""A rival in the race: its score, whether it has opened, and whether it plays after me
in this round."""


def race_chance(duel: Duel, me: tuple[int, bool], rivals: Sequence[Rival]) -> float:
    """The chance that I, at `me` (score, opened) and my turn just over, win the race
    against every rival, each playing for points on its own (the chances independent).

    Every rival plays its k-th turn from now before my k-th. I win at my k-th turn if no
    rival has reached the target first: one after me in the round must not have reached it
    within k turns, nor pass me in the last round it then plays (even odds); one before me
    within k - 1, and if it reached it on the k-th, in my round, I pass it at even odds.
    Without equal turns the first there wins at once."""
    mine = _odds(duel, *me)
    stay, none = _rivals_behind(duel, tuple(rivals))
    win = sum((mine[k] - mine[k - 1]) * stay[k] for k in range(1, TURNS + 1))
    return win + (1.0 - mine[TURNS]) * none / (len(rivals) + 1)


@lru_cache(maxsize=256)
def _rivals_behind(duel: Duel, rivals: tuple[Rival, ...]) -> tuple[tuple[float, ...], float]:
    """For `race_chance`, worked out once for all my totals: by k, the chance that no rival
    beats me if I reach the target at my k-th turn; and the chance that none reaches it
    within the turns looked ahead."""
    share = 0.5 if duel.equal_turns else 0.0
    stay = [1.0] * (TURNS + 1)
    for score, opened, after in rivals:
        theirs = _odds(duel, score, opened)
        for k in range(1, TURNS + 1):
            if after:
                later = theirs[min(k + 1, TURNS)] - theirs[k]
                stay[k] *= 1.0 - theirs[k] - share * later
            else:
                stay[k] *= 1.0 - theirs[k - 1] - (1.0 - share) * (theirs[k] - theirs[k - 1])
    none = prod(1.0 - _odds(duel, score, opened)[TURNS] for score, opened, _ in rivals)
    return tuple(stay), none


@lru_cache(maxsize=256)
def race_plan(duel: Duel, me: tuple[int, bool], rivals: tuple[Rival, ...]) -> Plan:
    """The turn that gives the best chance to win the race against every rival, each bank
    valued by `race_chance`; a bank that reaches the target, by the chance that no rival
    after me in the round passes it on its last turn."""
    score, opened = me
    cap = (duel.target - score) // UNIT + 11  # a bigger lead still helps, a little
    need = 0 if opened else OPENING // UNIT
    later = [rival for rival in rivals if rival[2]]
    banks: list[float | None] = []
    for t in range(cap + 1):
        total, note = bank_result(score, t * UNIT, duel.target, duel.finish)
        if t < need:
            banks.append(None)
        elif target_met(total, duel.target, duel.finish):
            banks.append(
                prod(1.0 - _last_chance(duel, r[:2], total) for r in later)
                if duel.equal_turns
                else 1.0
            )
        else:
            banks.append(race_chance(duel, (total, opened or note != NOTE_OVERSHOOT), rivals))
    return Plan(banks, race_chance(duel, me, rivals), 1.0, duel.four_double)


def _last_chance(duel: Duel, player: tuple[int, bool], total: int) -> float:
    """The chance that `player` reaches `total` in one last turn, roughly: as if the
    target were that far."""
    score, opened = player
    tables = finish_odds(duel.target, duel.four_double)[0 if opened else 1]
    d = min(duel.target // UNIT, max(0, (total - score) // UNIT))
    return tables[1][d]


class StrongBot(Robot):
    """Picks the set-aside and the bank or the throw that the turn's plan values most."""

    def choose(self, state: Le5000State) -> Action:
        if state.phase == ROLL:
            return Roll()
        if win := _winning_bank(state):
            return win
        plan = _plan(state)
        turn = state.turn_total // UNIT
        best: tuple[float, Action] | None = None
        for indices, scoring in state.keep_choices:
            after = turn + scoring.points // UNIT
            options = [(plan.throw(after, state.dice_to_throw(indices)), Roll(indices))]
            if state.can_bank(indices) and (bank := plan.bank_value(after)) is not None:
                options.append((bank, Bank(indices)))
            for option in options:
                if best is None or option[0] > best[0]:
                    best = option
        return best[1]


def solution() -> str:
    """Why Fort is not Le 5000 solved, in figures measured now: the positions a duel solved
    by value iteration would weigh, and the time it would take on this machine."""
    duel = Duel(5000, REACH, True, False)
    banks = race_plan(duel, (0, False), ((0, False, True),)).banks
    start = time.process_time()
    plan = Plan(banks, 0.0, 1.0, False)
    plan.throw(0, DICE)
    seconds = time.process_time() - start
    scores = 1 + (duel.target - OPENING) // UNIT  # 0, or the opening and more
    between = 2 * scores**2  # and who plays first in the round
    minutes = between * SOLVES * seconds / 60
    return (
        f"Pas le jeu résolu : à deux, le résoudre comme Neller et Busche le Farkle pèserait "
        f"{decimal(between * len(plan.memo) / 1e6)} millions de positions ({between} entre les "
        f"tours, {len(plan.memo)} dans un tour, chacun calculé en {1000 * seconds:.0f} ms ici), "
        f"soit environ {minutes:.0f} minutes, loin des deux secondes permises. Fort joue chaque "
        "tour exactement (la moyenne sur tous les lancers à venir), chaque banque valant sa "
        "chance de gagner la course contre chacun·e des autres."
    )


SOLVES = 3
"""Times each position between turns would be solved at least: a lost turn hands the dice
over with the scores unchanged, so each pair of positions is a fixed point."""

LEVEL_BOTS = {"debutant": BeginnerBot, "moyen": MediumBot, "fort": StrongBot}
