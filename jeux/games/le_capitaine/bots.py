"""Le Capitaine robots at three levels. Locking the crew is automatic (CAP-4): the only
choice is, once 6-5-4 is complete, to sail or to rethrow one or both cargo dice (CAP-3).

- Débutant sails as soon as the cargo looks decent, and rethrows both dice otherwise.
- Moyen rethrows the cargo while it is below 8, the low dice alone when it may, and in
  the last round while it stays behind the leader.
- Fort plays the exact race of two (`race_table`: both playing their best, equal turns, the
  last turn to pass the leader); with more players, the race against every rival, each
  taken for a player sailing by Moyen's rule (`race_values`). In the last round it sails
  only with enough to beat the leader. Alone, it makes the most knots it can.

At two players Fort is thus the race's equilibrium (both at their best), not a reply fitted
to Moyen; with more players, the best reply to rivals taken for Moyen.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import product
from operator import mul

import numpy as np

from jeux.engine.bots import Robot
from jeux.engine.core import Action

from .rules import _ROLLS, _STOP, BOTH, CREW_ORDER, DICE, THROWS, CapitaineState

FACES = range(1, 7)


class BeginnerBot(Robot):
    """Sails with a cargo of 6 or more (sometimes 5, sometimes 7), else rethrows both dice."""

    def choose(self, state: CapitaineState) -> Action:
        legal = state.legal_actions()
        if not state.crew_complete:
            return legal[0]
        if state.cargo >= self.rng.choice((5, 6, 6, 7)):
            return _STOP
        return _ROLLS[state.cargo_dice]


class MediumBot(Robot):
    """RULINGS.md §1: rethrows the cargo while it is below about 8 and throws remain; one
    die at a time when allowed (the low ones), both together otherwise. In the last round
    it rethrows any cargo that leaves it behind the leader."""

    THRESHOLD = 8

    def choose(self, state: CapitaineState) -> Action:
        legal = state.legal_actions()
        if not state.crew_complete:
            return legal[0]
        sailed = state.knots[state.current] + state.cargo
        behind = state.race.final_round and sailed < max(state.knots)
        if state.cargo >= self.THRESHOLD and not behind:
            return _STOP
        low = tuple(i for i in state.cargo_dice if state.faces[i] <= 3)
        if state.may_rethrow(low):
            return _ROLLS[low]
        return _ROLLS[state.cargo_dice]


class StrongBot(Robot):
    """Chooses the rethrow with the best chance to win (`best_rethrow`): in the last round,
    whether the cargo beats the leader; before, the exact race against the best of the
    others (`race_table`)."""

    def choose(self, state: CapitaineState) -> Action:
        legal = state.legal_actions()
        if not state.crew_complete:
            return legal[0]
        a, b = (state.faces[i] for i in state.cargo_dice)
        values = _final_values(state) if state.race.final_round else _race_values(state)
        rethrow = best_rethrow(values, a, b, state.throws_left, state.cargo_reroll == BOTH)
        return _ROLLS[tuple(state.cargo_dice[i] for i in rethrow)] if rethrow else _STOP


_KNOTS = tuple(range(13))
"""Every cargo, and 0 for a turn without a full crew."""


def _final_values(state: CapitaineState) -> tuple[float, ...]:
    """In the last round: a cargo wins if it passes the best score of the others, and ties
    them for a tie-break half the time."""
    me = state.current
    best = max(s for i, s in enumerate(state.knots) if i != me)
    mine = state.knots[me]
    return tuple(1.0 if mine + c > best else 0.5 if mine + c == best else 0.0 for c in _KNOTS)


def _race_values(state: CapitaineState) -> tuple[float, ...]:
    """What ending the turn with each cargo is worth: the chance to win, from the exact race
    of two (`race_table`) or, with more players, the race against every rival
    (`race_values`); alone, its knots."""
    race, me = state.race, state.current
    both_only = state.cargo_reroll == BOTH
    if race.solo:
        return _KNOTS
    if state.seats == 2:
        table = race_table(state.target, race.equal_turns, both_only)
        last = me == race.contenders[-1]  # nobody plays after me in this round
        return table.values(state.knots[me], state.knots[1 - me], last)
    order = race.contenders
    rivals = tuple(
        sorted((state.knots[s], order.index(s) > order.index(me)) for s in order if s != me)
    )
    return race_values(state.knots[me], rivals, state.target, race.equal_turns, both_only)


@lru_cache(maxsize=4096)
def best_rethrow(
    values: tuple[float, ...], a: int, b: int, throws_left: int, both_only: bool
) -> tuple[int, ...]:
    """Which of the two cargo dice (0, 1) to throw again, or () to sail, for the best
    expected value of the cargo, `values[cargo]` giving what each cargo is worth."""
    options = [((), values[a + b])]
    if throws_left:
        choices = [(0, 1)] if both_only else [(0,), (1,), (0, 1)]
        for dice in choices:
            options.append((dice, _rethrow_value(values, a, b, dice, throws_left, both_only)))
    return max(options, key=lambda option: option[1])[0]


@lru_cache(maxsize=4096)
def _value(values: tuple[float, ...], a: int, b: int, throws_left: int, both_only: bool) -> float:
    dice = best_rethrow(values, a, b, throws_left, both_only)
    if not dice:
        return values[a + b]
    return _rethrow_value(values, a, b, dice, throws_left, both_only)


def _rethrow_value(
    values: tuple[float, ...],
    a: int,
    b: int,
    dice: tuple[int, ...],
    throws_left: int,
    both_only: bool,
) -> float:
    total = 0.0
    outcomes = list(product(FACES, repeat=len(dice)))
    for faces in outcomes:
        new = [a, b]
        for i, face in zip(dice, faces, strict=True):
            new[i] = face
        total += _value(values, new[0], new[1], throws_left - 1, both_only)
    return total / len(outcomes)


# --- Fort: the exact race of two --------------------------------------------------------

PAIRS = tuple((x, y) for x in FACES for y in FACES if x <= y)
"""Two cargo dice, in either order; the tables below index them by their place here."""
PAIR_SUMS = tuple(x + y for x, y in PAIRS)
PAIR_CHANCES = tuple((1 if x == y else 2) / 36 for x, y in PAIRS)
WITH = tuple(tuple(PAIRS.index((min(x, k), max(x, k))) for k in FACES) for x in FACES)
"""`WITH[x - 1]`: the pairs a die showing x makes with each face of the other."""
SIDES = tuple((x - 1, y - 1) for x, y in PAIRS)


@cache
def crew_odds() -> tuple[float, tuple[tuple[float, ...], ...]]:
    """The chance that a turn finds no crew in its three throws, and by throws left once
    the crew is complete (0, 1, 2), the chance of each cargo pair. Locking is automatic
    and in order (CAP-4, CAP-5): the cargo is what the completing throw leaves."""
    done = [[0.0] * len(PAIRS) for _ in range(THROWS)]
    locked = {0: 1.0}
    for throw in range(1, THROWS + 1):
        after: dict[int, float] = {}
        for members, chance in locked.items():
            count = DICE - members
            share = chance / 6**count
            for faces in product(FACES, repeat=count):
                left, found = list(faces), members
                for face in CREW_ORDER[members:]:
                    if face not in left:
                        break
                    left.remove(face)
                    found += 1
                if found == len(CREW_ORDER):
                    done[THROWS - throw][PAIRS.index((min(left), max(left)))] += share
                else:
                    after[found] = after.get(found, 0.0) + share
        locked = after
    return sum(locked.values()), tuple(map(tuple, done))


def turn_value(values: Sequence[float], both_only: bool) -> float:
    """The chance to win over one turn played well, `values[cargo]` being what ending the
    turn with that cargo is worth; a turn without a crew counts 0 here (it is added apart,
    as it hands the move over with the scores unchanged)."""
    _, done = crew_odds()
    now = list(map(values.__getitem__, PAIR_SUMS))
    value = sum(map(mul, done[0], now))
    better = now
    for left in (1, 2):
        better = _rethrown(now, better, both_only)
        value += sum(map(mul, done[left], better))
    return value


def _rethrown(now: list[float], after: list[float], both_only: bool) -> list[float]:
    """The value of each cargo pair with one more throw left, `after` valuing each pair
    with one throw fewer: the best of sailing and rethrowing one or both dice."""
    both = sum(map(mul, PAIR_CHANCES, after))
    if both_only:
        return [max(v, both) for v in now]
    keep = [sum(map(after.__getitem__, pairs)) / 6 for pairs in WITH]
    return [max(v, keep[x], keep[y], both) for v, (x, y) in zip(now, SIDES, strict=True)]


class RaceTable:
    """The chances to win a race of two to `target` knots from the start of a turn:
    `first[a][b]` for a player at a with the rival at b playing after them in the round,
    `last[a][b]` for a player who closes the round. With equal turns, reaching the target
    first gives the rival a last turn to pass it (a tie goes to a tie-break, even odds).
    `both_only`: the cargo dice are thrown again together (CAP-3 option)."""

    def __init__(self, target: int, equal_turns: bool, both_only: bool) -> None:
        self.target, self.equal_turns, self.both_only = target, equal_turns, both_only
        self.first = [[0.0] * target for _ in range(target)]
        self.last = [[0.0] * target for _ in range(target)]
        self.finals: dict[tuple[int, int], float] = {}
        self._solve()

    def values(self, mine: int, rival: int, last: bool) -> tuple[float, ...]:
        """What ending my turn with each cargo is worth (index 0: no crew)."""
        t = self.target
        if last:  # the rival starts the next round
            return tuple(
                1.0 if mine + c >= t else 1.0 - self.first[rival][mine + c] for c in _KNOTS
            )
        return tuple(
            (1.0 - self.final(rival, mine + c) if self.equal_turns else 1.0)
            if mine + c >= t
            else 1.0 - self.last[rival][mine + c]
            for c in _KNOTS
        )

    def final(self, mine: int, best: int) -> float:
        """The last turn of a player at `mine` who must pass `best`."""
        key = mine, best
        if key not in self.finals:
            values = [1.0 if mine + c > best else 0.5 if mine + c == best else 0.0 for c in _KNOTS]
            self.finals[key] = turn_value(values, self.both_only)
        return self.finals[key]

    def _solve(self) -> None:
        """By decreasing sum of the scores: a turn adds 0 or at least 2 knots, and a turn
        without a crew hands the move over unchanged, so `first[a][b]` and `last[b][a]`
        depend on each other and on higher sums only: two linear equations."""
        t = self.target
        fail, _ = crew_odds()
        for total in range(2 * t - 2, -1, -1):
            for a in range(max(0, total - t + 1), min(total, t - 1) + 1):
                b = total - a
                x = turn_value(self.values(a, b, last=False), self.both_only)
                y = turn_value(self.values(b, a, last=True), self.both_only)
                # first = x + fail (1 - last) and last = y + fail (1 - first)
                first = (x + fail - fail * (y + fail)) / (1.0 - fail * fail)
                self.first[a][b] = first
                self.last[b][a] = y + fail * (1.0 - first)


# --- Fort: the race against every rival ------------------------------------------------------

HORIZON = 40
"""Turns looked ahead in a race: from 0, Moyen has sailed 100 knots within 40 turns more
than 99 % of the time."""
PAIR_INDEX = np.array(PAIR_SUMS)
PAIR_WEIGHTS = np.array(PAIR_CHANCES)
WITH_INDEX = np.array(WITH)
FIRST_DIE, SECOND_DIE = (np.array(side) for side in zip(*SIDES, strict=True))


@cache
def steady_spread(both_only: bool) -> tuple[float, ...]:
    """The cargo a turn played by Moyen's rule sails, by knots (0: no crew), with its
    chance: the rival every other player is taken for."""
    fail, done = crew_odds()
    spread = [0.0] * len(_KNOTS)
    spread[0] = fail

    def sail(a: int, b: int, left: int, chance: float) -> None:
        if a + b >= MediumBot.THRESHOLD or not left:
            spread[a + b] += chance
            return
        low = [i for i, face in enumerate((a, b)) if face <= 3]
        dice = (0, 1) if both_only or len(low) == 2 else tuple(low)
        for faces in product(FACES, repeat=len(dice)):
            new = [a, b]
            for i, face in zip(dice, faces, strict=True):
                new[i] = face
            sail(new[0], new[1], left - 1, chance / 6 ** len(dice))

    for left, pairs in enumerate(done):
        for (a, b), chance in zip(PAIRS, pairs, strict=True):
            sail(a, b, left, chance)
    return tuple(spread)


@cache
def steady_unfinished(target: int, both_only: bool) -> np.ndarray:
    """`unfinished[k][b]`: the chance that a player at b knots sailing by Moyen's rule has
    not reached the target after k more turns."""
    spread = steady_spread(both_only)
    rows = [np.ones(target + len(_KNOTS))]
    rows[0][target:] = 0.0
    for _ in range(HORIZON):
        last = rows[-1]
        row = np.zeros_like(last)
        for knots, chance in enumerate(spread):
            row[:target] += chance * last[knots : knots + target]
        rows.append(row)
    return np.array(rows)


def turn_values(values: np.ndarray, both_only: bool) -> np.ndarray:
    """`turn_value` for many turns at once: `values[s, cargo]` what ending turn s with each
    cargo is worth (the turn without a crew left out)."""
    _, done = crew_odds()
    now = values[:, PAIR_INDEX]
    value = now @ np.array(done[0])
    better = now
    for left in (1, 2):
        both = (better @ PAIR_WEIGHTS)[:, None]
        if both_only:
            better = np.maximum(now, both)
        else:
            keep = better[:, WITH_INDEX].mean(axis=2)
            better = np.maximum.reduce([now, keep[:, FIRST_DIE], keep[:, SECOND_DIE]])
            better = np.maximum(better, both)
        value += better @ np.array(done[left])
    return value


@lru_cache(maxsize=256)
def race_values(
    mine: int, rivals: tuple[tuple[int, bool], ...], target: int, equal_turns: bool, both_only: bool
) -> tuple[float, ...]:
    """What ending this turn with each cargo is worth against rivals at (knots, plays after
    me in this round), each taken for a player sailing by Moyen's rule, the chances
    independent.

    Every rival plays k - 1 turns before my k-th. I win by reaching the target at my k-th
    turn if no rival has reached it in them and, with equal turns, no rival after me in the
    round passes my knots in its last turn (its knots taken as they are now). My own turns
    are played best, looking back from the horizon."""
    unfinished = steady_unfinished(target, both_only)
    alive = [1.0] + [
        np.prod([unfinished[k - 1, b] for b, _ in rivals]) for k in range(1, HORIZON + 1)
    ]
    kept = np.array(
        [
            np.prod([1.0 - pass_chance(b, total, both_only) for b, after in rivals if after])
            if equal_turns
            else 1.0
            for total in range(target + len(_KNOTS))
        ]
    )
    fail, _ = crew_odds()
    reach = np.arange(target)[:, None] + np.arange(len(_KNOTS))[None, :]
    inside = np.minimum(reach, target - 1)
    later = np.zeros(target)  # my chance to win from each score once my k-th turn is over
    for k in range(HORIZON, 0, -1):
        values = np.where(reach < target, later[inside], alive[k] * kept[reach])
        if k == 1:
            return tuple(values[mine])
        later = turn_values(values, both_only) + fail * later
    raise AssertionError("the horizon is at least one turn")


@lru_cache(maxsize=4096)
def pass_chance(knots: int, total: int, both_only: bool) -> float:
    """The chance that a player at `knots`, in the last round, passes `total` (a tie, which
    a tie-break settles, counts half)."""
    if total - knots >= len(_KNOTS):
        return 0.0
    values = [1.0 if knots + c > total else 0.5 if knots + c == total else 0.0 for c in _KNOTS]
    return turn_value(values, both_only)


@cache
def race_table(target: int, equal_turns: bool, both_only: bool) -> RaceTable:
    """Solved once per option set: about a second."""
    return RaceTable(target, equal_turns, both_only)


def solution() -> str:
    """What Fort plays, for the lab."""
    return (
        "À deux, l'équilibre : la course résolue exactement, les deux joueurs au mieux, tours "
        "égaux et dernier tour compris (`race_table`) ; à plusieurs, la même course contre "
        "chacun·e des autres."
    )


LEVEL_BOTS = {"debutant": BeginnerBot, "moyen": MediumBot, "fort": StrongBot}
