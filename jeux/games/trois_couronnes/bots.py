"""Le Jeu des Trois Couronnes' robots at three levels (RULINGS.md §9). Nothing is hidden, so
each reads its seat's view whole; all follow the options chosen at setup.

- Débutant keeps every die it may, stops on a kingdom worth 8 or more (or after the third
  throw), never goes to war and accepts most alliances.
- Moyen plays each kingdom turn for the most points on average, accepts every alliance and
  goes to war only when it pays: on top of a normal turn (the TRC-6 variant), or in the last
  round against a leader that a kingdom turn can no longer catch.
- Fort plays every choice (each throw, war, alliance and answer) for its chance of winning
  the game; alone it plays for a total above 0. At two it reads that chance from the race
  solved backwards over both scores and the turns left, both sides playing their best turns
  and wars (`duel_tables`, computed once per set of options in a fraction of a second):
  the race's equilibrium (alliances aside, which move both scores alike, and a tie counted
  half), not a reply to Moyen. At three or four it models every rival as Moyen. Until the
  last rounds each rival's score is known in distribution (Moyen only plays kingdom turns
  then, for points: `moyen_finish`). The last round is where a field is decided: every
  Moyen that trails the leader by 10 or more goes to war on it, and a war won takes 30, so
  a lead of 15 before it at four is worth about half the game, not the 80 % that the
  rivals' kingdom turns alone give. `last_round_table` plays the end of the game back seat
  by seat over every rival's lead on Fort (the whole game at three, the last round at
  four), Moyen's wars as it declares them and Fort's turns and wars at their best; Fort's
  turns before are solved back from it (`field_tables`). Its own last turn is played out
  exactly against the rivals still to play (`LastRound`), and it declares no war in the
  round before the last (the target would be sheltered from the last round's wars, which
  only ever helps a rival). With the TRC-6 variant (Moyen at war every turn) it multiplies
  its duels against each.

A kingdom turn is small enough to solve exactly: locked dice are always the role faces 6, 5,
4 in order and every other die is thrown again, so a position is told by the free faces, the
number of locks and the throws made. `TurnSolver` plays it best for any worth of the turn's
change of score (the points themselves for Moyen); `TurnTable` does the same for every
score at once, to build the race tables and to play Fort's turns (`RowSolver`).

The game leaves little to skill: the best possible reply to Moyen's play at two (solved the
same way, Moyen's turns and last-round wars as it plays them) wins about 52.6 % of games,
seats alternated, and the equilibrium Fort wins 53 % (52 % to 54 % over 10,000 games), at
that bound. Against three Moyen, Fort used to win its share and no more (25 %): it valued
its field by the rivals' kingdom turns alone, sure to win with a lead that the last
round's wars take away half the time, and went to war almost every turn. With the last
round's wars in its tables it wins 27 %, seats rotated (25.8 % to 28.9 % over five runs of
1,200 to 1,500 games; 26.9 %, 25.9 % to 27.9 %, over the 7,200), and against two Moyen 36 %
instead of 33 % (34.8 % to 36.8 % over three runs; 35.8 %, 34.2 % to 37.5 %, over 3,100
games). Most of a four-seat game is chance: a 6-5-4 at the first throw (50 points) and the
wars of the last round.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

import numpy as np

from jeux.engine.bots import Robot
from jeux.engine.core import Action
from jeux.engine.dice import throw_chances

from .rules import (
    ALLIANCE_BET,
    ALLIANCE_CHANCE,
    ALLIANCE_GAIN,
    ANSWER,
    DICE,
    MAX_THROWS,
    ROLE_FACES,
    ROLLING,
    ROUNDS,
    START,
    WAR_BET,
    WAR_CHANCE,
    WAR_STEAL,
    AnswerAlliance,
    DeclareWar,
    ProposeAlliance,
    Roll,
    Stop,
    TroisCouronnesState,
    kingdom,
    kingdom_total,
)

POINT = 1e-6
"""What Fort counts a point for, on top of its chance of winning: enough to break ties
(a game already lost, or won whatever happens) for points, never to risk the game."""


THROWS = {dice: throw_chances(dice) for dice in range(1, DICE + 1)}


@dataclass(frozen=True)
class Scoring:
    """The options that change what a kingdom is worth."""

    legacy: bool
    additive: bool
    literal: bool
    decline: str

    @classmethod
    def of(cls, state: TroisCouronnesState) -> Scoring:
        return cls(state.legacy_prosperous, state.additive, state.literal_halving, state.decline)

    def change(self, faces: Sequence[int], locks: int, throw: int, before: int) -> int:
        """How a total of `before` changes when the player stops on `faces`."""
        prosperous = locks == 0 if self.legacy else throw == 1
        found = kingdom(faces, prosperous, self.legacy, self.additive)
        return kingdom_total(found, before, self.literal, self.decline) - before


class TurnSolver:
    """The best play of one kingdom turn when ending it with a change of `r` points is
    worth `worth(r)`; `rethrow(locks, throw)` is the value of locking `locks` dice in all
    after `throw` throws and throwing the others."""

    def __init__(self, scoring: Scoring, before: int, worth: Callable[[int], float]) -> None:
        self.scoring, self.before, self.worth = scoring, before, worth
        self._stops: dict[tuple, float] = {}
        self._rethrows: dict[tuple[int, int], float] = {}
        self._choices: dict[tuple, int | None] = {}
        self._spread: dict[int, float] | None = None

    def stop(self, faces: tuple[int, ...], locks: int, throw: int) -> float:
        key = (tuple(sorted(faces)), locks == 0 if self.scoring.legacy else throw == 1)
        if key not in self._stops:
            self._stops[key] = self.worth(self.scoring.change(faces, locks, throw, self.before))
        return self._stops[key]

    def rethrow(self, locks: int, throw: int) -> float:
        key = (locks, throw)
        if key not in self._rethrows:
            kept = ROLE_FACES[:locks]
            self._rethrows[key] = sum(
                chance * self.value(kept + faces, locks, throw + 1)
                for faces, chance in THROWS[DICE - locks]
            )
        return self._rethrows[key]

    def choice(self, faces: tuple[int, ...], locks: int, throw: int) -> int | None:
        """How many dice to have locked before throwing again, or None to stop (on a tie,
        stopping, then the fewest locks)."""
        key = (faces[:locks], tuple(sorted(faces[locks:])), throw)
        if key not in self._choices:
            best, best_value = None, self.stop(faces, locks, throw)
            if throw < MAX_THROWS:
                for count in range(locks, lockable(faces, locks) + 1):
                    value = self.rethrow(count, throw)
                    if value > best_value + 1e-9:
                        best, best_value = count, value
            self._choices[key] = best
        return self._choices[key]

    def value(self, faces: tuple[int, ...], locks: int, throw: int) -> float:
        count = self.choice(faces, locks, throw)
        return self.stop(faces, locks, throw) if count is None else self.rethrow(count, throw)

    def spread(self) -> dict[int, float]:
        """The chance of each change of score a whole turn played this way ends on."""
        if self._spread is None:
            self._spread = self.spread_now()
        return self._spread

    def spread_now(self) -> dict[int, float]:
        cache_: dict[tuple[int, int], dict[int, float]] = {}

        def after(locks: int, throw: int) -> dict[int, float]:
            if (locks, throw) not in cache_:
                found: dict[int, float] = {}
                kept = ROLE_FACES[:locks]
                for faces, chance in THROWS[DICE - locks]:
                    dice = kept + faces
                    count = self.choice(dice, locks, throw + 1)
                    if count is None:
                        change = self.scoring.change(dice, locks, throw + 1, self.before)
                        ends = {change: 1.0}
                    else:
                        ends = after(count, throw + 1)
                    for change, p in ends.items():
                        found[change] = found.get(change, 0.0) + chance * p
                cache_[(locks, throw)] = found
            return cache_[(locks, throw)]

        return after(0, 0)


def lockable(faces: Sequence[int], locks: int) -> int:
    """The most dice that may be locked in all before the next throw."""
    free, most = list(faces[locks:]), locks
    while most < DICE - 1 and ROLE_FACES[most] in free:
        free.remove(ROLE_FACES[most])
        most += 1
    return most


def best_roll(state: TroisCouronnesState, solver: TurnSolver | RowSolver) -> Action:
    """The solver's move in this rolling position, as an action of the state."""
    locks = len(state.locks)
    faces = tuple(state.dice[i] for i in state.locks) + tuple(
        f for i, f in enumerate(state.dice) if i not in state.locks
    )
    count = solver.choice(faces, locks, state.throw_no)
    if count is None:
        return Stop()
    return Roll(next(c for c in state.lock_choices() if len(c) == count - locks))


@lru_cache(maxsize=4096)
def points_solver(scoring: Scoring, before: int) -> TurnSolver:
    """The turn played for the most points on average (before matters to a 6-6-6 only)."""
    return TurnSolver(scoring, before, float)


# --- the race, solved for two ------------------------------------------------------------

LOW, HIGH = -60, 240
"""The scores the race tables hold; a score beyond is counted as the nearest edge (a lead
of 200 is as won as one of 180)."""
SCORES = np.arange(LOW, HIGH + 1)
BOOLS = (False, True)
Tables = list[dict[tuple[bool, bool], np.ndarray]]


def grid(points: Any) -> Any:
    """The row of these points in a race table (an array of them: their rows)."""
    if isinstance(points, np.ndarray):
        return np.clip(points - LOW, 0, len(SCORES) - 1)
    return min(max(int(points) - LOW, 0), len(SCORES) - 1)  # numpy's clip is slow on one


class TurnTable:
    """`TurnSolver` for every score at once: `start(worth)` is the value of a whole kingdom
    turn played best from each row, when ending it on row r is worth `worth[r]` (trailing
    axes ride along: the rival's score)."""

    def __init__(self, scoring: Scoring) -> None:
        self.scoring = scoring
        self.rows: list[np.ndarray] = []
        """The rows a turn may end on, from each row (one list per change of score)."""
        self.ends: dict[tuple, int] = {}
        """Each end of the turn (its dice, and whether a 6-5-4 is prospère): its rows."""
        found: dict[bytes, int] = {}
        for throw in range(1, MAX_THROWS + 1):
            for locks in range(DICE):
                for free, _ in THROWS[DICE - locks]:
                    end = self.end(ROLE_FACES[:locks] + free, locks, throw)
                    rows = grid(self.totals(*end))
                    if rows.tobytes() not in found:
                        found[rows.tobytes()] = len(self.rows)
                        self.rows.append(rows)
                    self.ends[end] = found[rows.tobytes()]
        self.throws: dict[tuple[int, int], list[tuple[int, int, float]]] = {}
        """For each throw number and locks before it, what it may show that plays apart:
        the rows of its end, the most dice it lets lock, and its chance."""
        for throw in range(1, MAX_THROWS + 1):
            for locks in range(DICE):
                alike: dict[tuple[int, int], float] = {}
                for free, chance in THROWS[DICE - locks]:
                    faces = ROLE_FACES[:locks] + free
                    most = lockable(faces, locks) if throw < MAX_THROWS else locks - 1
                    key = (self.ends[self.end(faces, locks, throw)], most)
                    alike[key] = alike.get(key, 0.0) + chance
                self.throws[(locks, throw)] = [(e, m, p) for (e, m), p in alike.items()]

    def end(self, faces: tuple[int, ...], locks: int, throw: int) -> tuple:
        return tuple(sorted(faces)), locks == 0 if self.scoring.legacy else throw == 1

    def totals(self, faces: tuple[int, ...], prosperous: bool) -> np.ndarray:
        """The total after stopping on `faces`, from each score."""
        s = self.scoring
        found = kingdom(faces, prosperous, s.legacy, s.additive)
        if found.excess:  # the only kingdom whose worth depends on the total
            return np.array([kingdom_total(found, a, s.literal, s.decline) for a in SCORES])
        return SCORES + kingdom_total(found, 0, s.literal, s.decline)

    def start(self, worth: np.ndarray) -> np.ndarray:
        return self.rethrows(worth)[(0, 0)]

    def rethrows(self, worth: np.ndarray) -> dict[tuple[int, int], np.ndarray]:
        """The value of throwing again with `locks` dice locked after `throw` throws, by
        (locks, throw), from each row."""
        return self.rethrows_from([worth[rows] for rows in self.rows], np.maximum)

    def rethrows_from(self, stops: Sequence[Any], maximum: Callable) -> dict[tuple[int, int], Any]:
        """`rethrows` from the worth of each end of the turn (`stops`, by its rows): arrays
        of every row, or the numbers of one row (with the builtin `max`, far quicker)."""
        rethrow: dict[tuple[int, int], Any] = {}
        for throw in range(MAX_THROWS, 0, -1):
            for locks in range(DICE):
                total: Any = 0.0
                for end, most, chance in self.throws[(locks, throw)]:
                    best = stops[end]
                    for count in range(locks, most + 1):
                        best = maximum(best, rethrow[(count, throw)])
                    total += chance * best
                rethrow[(locks, throw - 1)] = total
        return rethrow

    def moves(self, worth: np.ndarray) -> np.ndarray:
        """`moves[a, b]`: the chance that a kingdom turn played best for `worth` (one
        dimension) moves a score from row a to row b; on a tie it stops, else locks the
        fewest, as `TurnSolver` does."""
        rethrow = self.rethrows(worth)
        size = len(worth)
        moves = np.zeros((size, size))
        starts = np.arange(size)
        mass = {(0, 0): np.ones(size)}
        for throw in range(1, MAX_THROWS + 1):
            for locks in range(DICE):
                if (locks, throw - 1) not in mass:
                    continue
                for end, most, chance in self.throws[(locks, throw)]:
                    rows = self.rows[end]
                    here = chance * mass[(locks, throw - 1)]
                    best, chosen = worth[rows], np.full(size, -1)
                    for count in range(locks, most + 1):
                        better = rethrow[(count, throw)] > best + 1e-12
                        best = np.where(better, rethrow[(count, throw)], best)
                        chosen = np.where(better, count, chosen)
                    stop = chosen < 0
                    np.add.at(moves, (starts[stop], rows[stop]), here[stop])
                    for count in np.unique(chosen[~stop]):
                        going = mass.setdefault((int(count), throw), np.zeros(size))
                        going += np.where(chosen == count, here, 0.0)
        return moves


class RowSolver:
    """`TurnSolver`'s answers for a worth known by each row the turn may end on, read
    from `TurnTable` (a whole turn at once, far cheaper than throw by throw)."""

    def __init__(self, table: TurnTable, before: int, worth: np.ndarray) -> None:
        row = grid(before)
        self.table, self.stops = table, [float(worth[rows[row]]) for rows in table.rows]
        self.rethrows = table.rethrows_from(self.stops, max)

    def rethrow(self, locks: int, throw: int) -> float:
        return self.rethrows[(locks, throw)]

    def choice(self, faces: tuple[int, ...], locks: int, throw: int) -> int | None:
        table = self.table
        best, best_value = None, self.stops[table.ends[table.end(faces, locks, throw)]]
        if throw < MAX_THROWS:
            for count in range(locks, lockable(faces, locks) + 1):
                value = self.rethrow(count, throw)
                if value > best_value + 1e-9:
                    best, best_value = count, value
        return best


@cache
def turn_table(scoring: Scoring) -> TurnTable:
    return TurnTable(scoring)


# --- the field: every rival playing as Moyen ---------------------------------------------


@cache
def moyen_moves(scoring: Scoring) -> np.ndarray:
    """Moyen's kingdom turn, played for points, as moves between the rows of scores."""
    return turn_table(scoring).moves(SCORES.astype(float))


@lru_cache(maxsize=8192)
def moyen_finish(scoring: Scoring, row: int, turns: int) -> np.ndarray:
    """The chance of each final row for a Moyen player on `row` with `turns` kingdom turns
    left (wars and alliances aside: Moyen plays kingdom turns until the last round)."""
    if not turns:
        finish = np.zeros(len(SCORES))
        finish[row] = 1.0
        return finish
    before = moyen_finish(scoring, row, turns - 1)
    rows = np.flatnonzero(before)
    return (before[rows, None] * moyen_moves(scoring)[rows]).sum(axis=0)


Field = tuple[tuple[int, int], ...]
"""The rivals of a seat in seat order, each as the row of its score and its kingdom turns
left (the last round's included)."""
FIELDS: dict[tuple[Scoring, int, Field, int], np.ndarray] = {}

LEAD = 70
"""The leads of a rival over Fort (either way) the last-round table holds; a lead beyond
counts as the nearest edge. A war swings 60 points between two seats: with an edge at 60
the table, checked against `LastRound`, was off by up to 14 points of chance for leads of
60 to 70, and by 0.4 at most with this one."""
LEADS = 2 * LEAD + 1
ANCHOR = 30
"""The score at which the last-round table counts a 6-6-6 (it halves a total, and the table
holds only leads): a typical score before the last round."""
MOYEN_GAP = 10
"""The lead over Moyen from which it goes to war in the last round: more than twice what
its kingdom turn brings (2 × 4.77 from a total of 0 or less, less as a 6-6-6 costs more)."""
SAMPLES = 256
"""The rivals' scores before the rounds a table plays out are read at this many points
(all of them when there are fewer): 4,096 move the chances by 0.001 at most."""


class Shifts:
    """A last-round table read with every rival's lead moved by some points (the edge
    repeated beyond): views of one padded copy, not a copy per move."""

    def __init__(self, table: np.ndarray) -> None:
        self.padded = np.pad(table, 2 * WAR_STEAL, mode="edge")

    def __call__(self, moves: Sequence[int]) -> np.ndarray:
        pad = 2 * WAR_STEAL  # a longer move (an additive 6-5-4: 65) is read as this one
        starts = [pad + min(max(m, -pad), pad) for m in moves]
        return self.padded[tuple(slice(s, s + LEADS) for s in starts)]


@cache
def leads(rivals: int) -> tuple[np.ndarray, ...]:
    """Each rival's lead over Fort in every cell of a last-round table."""
    axis = np.arange(-LEAD, LEAD + 1, dtype=np.int16)
    return tuple(np.meshgrid(*[axis] * rivals, indexing="ij"))


def game_won(rivals: int) -> np.ndarray:
    """Fort's share of the game once all have played: a win, or its share of a tie
    (complete kingdoms, which break ties, are left out)."""
    lead = leads(rivals)
    top = np.max(lead, axis=0)
    ties = sum((d == 0).astype(np.float32) for d in lead)
    return np.where(top < 0, 1.0, np.where(top == 0, 1 / (1 + ties), 0.0)).astype(np.float32)


def moyen_turn(scoring: Scoring, table: np.ndarray, axis: int, last: bool) -> np.ndarray:
    """Fort's chance before the turn of the rival on `axis`, played as Moyen plays it: in
    the `last` round, war on the best score (Fort's lead is 0) when it trails it by
    `MOYEN_GAP` or more, a draw among tied leaders, else the kingdom turn for points.
    Nobody is sheltered (Moyen never goes to war before the last round, and Fort does not
    in the one before)."""
    shift, rivals = Shifts(table), table.ndim
    kingdom = sum(
        np.float32(chance) * shift([change * (j == axis) for j in range(rivals)])
        for change, chance in points_solver(scoring, ANCHOR).spread().items()
    )
    if not last:
        return kingdom
    lead = leads(rivals)
    targets = [None, *(t for t in range(rivals) if t != axis)]  # None: Fort
    scores = [np.zeros_like(lead[axis]) if t is None else lead[t] for t in targets]
    top = np.max(scores, axis=0)
    won, count = np.zeros_like(table), np.zeros_like(table)
    for target, score in zip(targets, scores, strict=True):
        on = (score == top).astype(np.float32)
        won += on * war_after(shift, rivals, axis, target)
        count += on
    return np.where(top - lead[axis] >= MOYEN_GAP, won / np.maximum(count, 1), kingdom)


def war_after(shift: Shifts, rivals: int, attacker: int | None, target: int | None) -> Any:
    """Fort's chance before a war between two seats (None: Fort), from the table after."""
    chance = np.float32(WAR_CHANCE)
    ends = []
    for delta in (WAR_STEAL, -WAR_BET):
        # Fort's own points move every lead the other way.
        fort = delta * ((target is None) - (attacker is None))
        ends.append(
            shift([fort + delta * ((j == attacker) - (j == target)) for j in range(rivals)])
        )
    return chance * ends[0] + (1 - chance) * ends[1]


def fort_turn(scoring: Scoring, table: np.ndarray, last: bool) -> np.ndarray:
    """Fort's chance before its turn, played best: its kingdom turn for the table's worth,
    or in the `last` round a war on any rival (the exact play is `LastRound`'s; this one
    values the rounds before; a war the round before would shelter its target)."""
    turn, row, shift, rivals = turn_table(scoring), grid(ANCHOR), Shifts(table), table.ndim
    stops = [shift([int(row - rows[row])] * rivals) for rows in turn.rows]
    best = best_turn(turn, stops)
    for target in range(rivals if last else 0):
        best = np.maximum(best, war_after(shift, rivals, None, target))
    return best


def best_turn(turn: TurnTable, stops: Sequence[np.ndarray]) -> np.ndarray:
    """`turn.start` for big tables, from the worth of each end of the turn: the same sums,
    in place, and each run of throws again (locks to most) taken at its best once."""
    rethrow: dict[tuple[int, int], np.ndarray] = {}
    buffer = np.empty_like(stops[0])
    for throw in range(MAX_THROWS, 0, -1):
        runs: dict[tuple[int, int], np.ndarray] = {}
        for locks in range(DICE):
            total = np.zeros_like(stops[0])
            for end, most, chance in turn.throws[(locks, throw)]:
                if most < locks:
                    np.multiply(stops[end], np.float32(chance), out=buffer)
                else:
                    if (locks, most) not in runs:
                        run = rethrow[(locks, throw)]
                        for count in range(locks + 1, most + 1):
                            run = np.maximum(run, rethrow[(count, throw)])
                        runs[(locks, most)] = run
                    np.maximum(stops[end], runs[(locks, most)], out=buffer)
                    buffer *= np.float32(chance)
                total += buffer
            rethrow[(locks, throw - 1)] = total
    return rethrow[(0, 0)]


TABLE_ROUNDS = {3: ROUNDS, 4: 1}
"""By the number of seats, the rounds at the end of the game the tables play out seat by
seat, every score known at each turn (Fort's turns before are planned from its own score
only): at three the table is small enough to hold the whole game; at four one round takes
about a second to build, and a second round won nothing measurable (26.6 % against 26.5 %
over the same 1,500 games)."""


@cache
def last_round_table(scoring: Scoring, seats: int, me: int, rounds: int = 1) -> np.ndarray:
    """Fort's chance of winning from the start of the `rounds` last rounds, in seat `me`
    among Moyen rivals, by each rival's lead over it (one axis each, in seat order): the
    rounds played backwards, each Moyen going to war on the leader in the last one as it
    does. The field's wars and the ties they shift are what the rivals' kingdom turns alone
    leave out: a lead of 15 before the last round at four is worth about half its chance of
    winning, not 80 %."""
    if rounds == 1:
        table = game_won(seats - 1)
    else:
        table = last_round_table(scoring, seats, me, rounds - 1)
    for seat in range(seats - 1, -1, -1):
        if seat == me:
            table = fort_turn(scoring, table, rounds == 1)
        else:
            table = moyen_turn(scoring, table, seat - (seat > me), rounds == 1)
    return table.astype(np.float32)


@cache
def halton(count: int, dims: int) -> np.ndarray:
    """`count` points spread evenly over the unit cube (Halton's sequence): the same for
    every choice of a turn, so that choices are weighed on the same rivals' scores."""
    points = np.zeros((count, dims))
    for dim, base in enumerate((2, 3, 5, 7)[:dims]):
        for k in range(count):
            n, f, x = k + 1, 1.0, 0.0
            while n:
                f /= base
                x += f * (n % base)
                n //= base
            points[k, dim] = x
    return points


def rivals_before(scoring: Scoring, field: Field, rounds: int) -> tuple[np.ndarray, np.ndarray]:
    """The rows of the rivals' scores before the `rounds` last rounds (one column each) and
    their weights: every combination when there are few, else `SAMPLES` even quantiles."""
    finishes = [moyen_finish(scoring, row, left - rounds) for row, left in field]
    supports = [np.flatnonzero(f > 1e-9) for f in finishes]
    if np.prod([len(s) for s in supports]) <= SAMPLES:
        rows = np.stack([g.ravel() for g in np.meshgrid(*supports, indexing="ij")], axis=1)
        weights = np.prod([f[rows[:, i]] for i, f in enumerate(finishes)], axis=0)
        return rows, weights / weights.sum()
    points = halton(SAMPLES, len(field))
    columns = [
        np.minimum(np.searchsorted(np.cumsum(f) / f.sum(), points[:, i]), len(f) - 1)
        for i, f in enumerate(finishes)
    ]
    return np.stack(columns, axis=1), np.full(SAMPLES, 1 / SAMPLES)


@cache
def lead_cells() -> np.ndarray:
    """`cells[a, b]`: the cell of a last-round table's axis where a rival on row b leads a
    seat on row a."""
    return np.clip(
        np.arange(len(SCORES))[None, :] - np.arange(len(SCORES))[:, None] + LEAD, 0, LEADS - 1
    )


def field_tables(
    scoring: Scoring, me: int, fields: Sequence[Field], turns: int
) -> list[np.ndarray]:
    """By each row of the score of seat `me` with `turns` kingdom turns left after this one
    (the last round's among them), played best, its chance of winning against a field of
    Moyen rivals. The rounds at the end are read from `last_round_table`, the last one's
    wars on the leader included; before them the rivals' kingdom turns are independent
    (`moyen_finish`) and Fort's own are solved back by its score alone. The fields not
    known yet are solved together, one column each."""
    if len(FIELDS) > 4096:  # cleared before the missing are told, so none is lost
        FIELDS.clear()
    missing = [f for f in dict.fromkeys(fields) if (scoring, me, f, turns) not in FIELDS]
    if missing:
        rounds = min(TABLE_ROUNDS[len(missing[0]) + 1], turns)
        table = last_round_table(scoring, len(missing[0]) + 1, me, rounds)
        chances = np.empty((len(SCORES), len(missing)))
        flat, cells = table.ravel(), lead_cells()
        for column, field in enumerate(missing):
            rows, weights = rivals_before(scoring, field, rounds)
            at = sum(
                cells[:, rows[:, i]] * LEADS ** (len(field) - 1 - i) for i in range(len(field))
            )
            chances[:, column] = flat[at] @ weights
        for _ in range(turns - rounds):
            chances = turn_table(scoring).start(chances)
        for column, field in enumerate(missing):
            FIELDS[(scoring, me, field, turns)] = chances[:, column]
    return [FIELDS[(scoring, me, f, turns)] for f in fields]


class LastRound:
    """The last round played out exactly for one seat (`me`) among Moyen rivals: each rival
    still to play goes to war on the best score it may attack when that lead is more than
    twice what a kingdom turn brings it, as Moyen does, and else plays its kingdom turn for
    points. In the last round most of a four-seat table goes to war on the leader."""

    def __init__(
        self,
        scoring: Scoring,
        me: int,
        sheltered: frozenset[int],
        covered: bool,
        complete: tuple[int, ...],
    ) -> None:
        self.scoring, self.me, self.sheltered = scoring, me, sheltered
        self.covered, self.complete = covered, complete
        self.seen: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}

    def chance(self, scores: tuple[int, ...], order: tuple[int, ...]) -> float:
        """The chance that `me` ends first once the seats in `order` play their last turn."""
        key = (scores, order)
        if key not in self.seen:
            self.seen[key] = self.played(scores, order) if order else self.share(scores)
        return self.seen[key]

    def share(self, scores: tuple[int, ...]) -> float:
        """A win, or its share of a tie (complete kingdoms break ties, TRC-11)."""
        keys = [(score, self.complete[s]) for s, score in enumerate(scores)]
        best = max(keys)
        return (keys[self.me] == best) / keys.count(best)

    def played(self, scores: tuple[int, ...], order: tuple[int, ...]) -> float:
        seat, rest = order[0], order[1:]
        solver = points_solver(self.scoring, scores[seat])
        targets = [
            s
            for s in range(len(scores))
            if s != seat
            and s not in self.sheltered
            and not (self.covered and scores[seat] < WAR_BET)
        ]
        top = max((scores[s] for s in targets), default=None)
        if top is not None and top - scores[seat] > 2 * solver.rethrow(0, 0):
            leaders = [s for s in targets if scores[s] == top]  # Moyen draws among ties
            total = 0.0
            for target in leaders:
                steal = min(WAR_STEAL, max(0, top)) if self.covered else WAR_STEAL
                for chance, delta in ((WAR_CHANCE, steal), (1 - WAR_CHANCE, -WAR_BET)):
                    after = list(scores)
                    after[seat] += delta
                    after[target] -= delta
                    total += float(chance) * self.chance(tuple(after), rest)
            return total / len(leaders)
        total = 0.0
        for change, chance in solver.spread().items():
            after = list(scores)
            after[seat] += change
            total += chance * self.chance(tuple(after), rest)
        return total


@lru_cache(maxsize=256)
def last_round(
    scoring: Scoring, me: int, sheltered: frozenset[int], covered: bool, complete: tuple[int, ...]
) -> LastRound:
    """Kept: every decision of a last turn plays out the same rivals."""
    return LastRound(scoring, me, sheltered, covered, complete)


@dataclass(frozen=True)
class Race:
    """The options the race tables depend on."""

    scoring: Scoring
    plus_turn: bool

    @classmethod
    def of(cls, state: TroisCouronnesState) -> Race:
        return cls(Scoring.of(state), state.special_plus_turn)


@cache
def duel_tables(race: Race) -> Tables:
    """The two-player game solved backwards over the scores: `tables[t][barred](a, b)` is
    the chance that the seat to move at half-turn `t` (0 to 13, seats alternating) ends
    ahead with `a` points against `b`, each side playing its best kingdom turns and wars.
    `barred` says whether the seat to move, then the other, attacked at its previous turn
    (TRC-8 then forbids a War on the same seat). A tie counts half (the tie-break on
    complete kingdoms is left out), alliances too (in a duel they move both scores alike).
    Tables are float32: the race is solved eight times faster, and ample for chances."""
    turn, chance = turn_table(race.scoring), float(WAR_CHANCE)
    won = np.ix_(grid(SCORES + WAR_STEAL), grid(SCORES - WAR_STEAL))
    lost = np.ix_(grid(SCORES - WAR_BET), grid(SCORES + WAR_BET))
    tie = (0.5 + 0.5 * np.sign(SCORES[:, None] - SCORES[None, :])).astype(np.float32)
    tables: Tables = [{(m, o): tie for m in BOOLS for o in BOOLS}]
    for _ in range(2 * ROUNDS):  # from the last half-turn back
        # After the mover's turn the rival moves: its barred pair is (o, k), seen from it.
        ended = {
            (o, k): np.ascontiguousarray(1 - tables[0][(o, k)].T) for o in BOOLS for k in BOOLS
        }
        wars = (True, False) if race.plus_turn else (False,)
        normal = {(o, k): turn.start(ended[(o, k)]) for o in BOOLS for k in wars}
        after_war = normal if race.plus_turn else ended
        now = {}
        for o in BOOLS:
            war = chance * after_war[(o, True)][won] + (1 - chance) * after_war[(o, True)][lost]
            now[(True, o)] = normal[(o, False)]
            now[(False, o)] = np.maximum(normal[(o, False)], war)
        tables.insert(0, now)
    return tables


@cache
def solo_tables(scoring: Scoring) -> list[np.ndarray]:
    """`tables[k][a]`: the chance of ending above 0 from `a` points with `k` turns left."""
    turn = turn_table(scoring)
    tables = [(SCORES > 0).astype(np.float32)]
    for _ in range(ROUNDS):
        tables.append(turn.start(tables[-1]))
    return tables


def duel_column(
    tables: Tables,
    rival: int,
    turns: tuple[int, int],
    first: bool,
    barred: tuple[bool, bool],
) -> np.ndarray:
    """By each row of a seat's score, its chance to end above a rival on `rival` points,
    with their turns left, whether the seat plays before the rival, and whether each
    attacked the other last."""
    mine, theirs = turns
    if first:
        t = 2 * (ROUNDS - mine) + (theirs < mine)
        return tables[t][barred][:, grid(rival)]
    t = 2 * (ROUNDS - theirs) + (mine < theirs)
    return 1 - tables[t][barred[::-1]][grid(rival), :]


def against_a_field(state: TroisCouronnesState) -> bool:
    """Whether Fort plays against a field of Moyen rivals (`field_tables`) rather than a duel
    with each (`duel_tables`): at three or four, unless Moyen goes to war every turn (TRC-6)."""
    return state.seats > 2 and not state.special_plus_turn


def field_of(me: int, scores: Sequence[int], turns: Sequence[int]) -> Field:
    return tuple((int(grid(scores[s])), turns[s]) for s in range(len(scores)) if s != me)


def turns_left(state: TroisCouronnesState) -> list[int]:
    """Kingdom turns each seat still has after the one being played."""
    rounds = ROUNDS - state.round
    return [rounds + (s > state.current) for s in range(state.seats)]


# --- the robots --------------------------------------------------------------------------


class Debutant(Robot):
    """Keeps every die it may, stops on a kingdom worth 8 or more (or after the third
    throw), never goes to war and accepts most alliances."""

    def choose(self, state: TroisCouronnesState) -> Action:
        if state.phase == ANSWER:
            return AnswerAlliance(self.rng.random() < 0.7)
        if state.phase == START:
            return Roll()
        found = state.kingdom_now()
        if state.throws_left == 0 or (found is not None and found.points >= 8):
            return Stop()
        return Roll(state.suggested_lock())


class Moyen(Robot):
    """Stops or throws again for the most points on average, always accepts an alliance (it
    is worth +1.3 on average), and goes to war only when it pays: on top of a normal turn
    (the TRC-6 variant), or in the last round against a leader a kingdom turn can no longer
    catch."""

    def choose(self, state: TroisCouronnesState) -> Action:
        if state.phase == ANSWER:
            return AnswerAlliance(True)
        solver = points_solver(Scoring.of(state), state.scores[state.current])
        if state.phase == ROLLING:
            return best_roll(state, solver)
        me = state.current
        rivals = sorted(state.war_targets(), key=lambda s: (-state.scores[s], self.rng.random()))
        if state.special_plus_turn:
            if rivals:
                return DeclareWar(rivals[0])
            partners = state.alliance_partners()
            if partners:
                return ProposeAlliance(min(partners, key=lambda s: (state.scores[s], s)))
        elif state.round == ROUNDS and rivals:
            gap = state.scores[rivals[0]] - state.scores[me]
            if gap > 2 * solver.rethrow(0, 0):
                return DeclareWar(rivals[0])
        return Roll()


class Fort(Robot):
    """Plays every choice for its chance of ending first: at two read from the race solved
    backwards (`duel_tables`), against a field of Moyen from the end of the game played
    back over the rivals' leads (`field_tables`, `last_round_table`), its own last turn
    played out exactly (`LastRound`). Each throw, war, alliance and answer is weighed so."""

    def choose(self, state: TroisCouronnesState) -> Action:
        if state.phase == ANSWER:
            return self.answer(state)
        if state.phase == ROLLING:
            return best_roll(state, self.solver(state, {}, state.last_war_target_round))
        return self.start(state)

    def chances(
        self,
        state: TroisCouronnesState,
        me: int,
        scores: Sequence[int],
        turns: Sequence[int],
        targeted: Sequence[int | None],
    ) -> np.ndarray | None:
        """By each row of `me`'s score, its chance to end first (alone: above 0), the others
        on these scores, with these kingdom turns left to each seat after the one being
        played and the round each seat was last attacked in. None in a field's last round,
        played out score by score (`LastRound`)."""
        if state.seats == 1:
            return solo_tables(Scoring.of(state))[turns[me]]
        field = against_a_field(state)
        if field and state.round == ROUNDS:
            return None
        if field:
            (table,) = field_tables(Scoring.of(state), me, [field_of(me, scores, turns)], turns[me])
            return table
        tables = duel_tables(Race.of(state))
        chance = np.ones(len(SCORES))
        for rival in range(state.seats):
            if rival == me:
                continue
            pair = (turns[me], turns[rival])
            first = pair[0] > pair[1] or (pair[0] == pair[1] and me < rival)
            barred = (targeted[rival] == ROUNDS - pair[0], targeted[me] == ROUNDS - pair[1])
            chance = chance * duel_column(tables, scores[rival], pair, first, barred)
        return chance

    def chance(
        self,
        state: TroisCouronnesState,
        me: int,
        scores: Sequence[int],
        turns: Sequence[int],
        targeted: Sequence[int | None],
    ) -> float:
        """`chances` at `me`'s own score."""
        table = self.chances(state, me, scores, turns, targeted)
        if table is not None:
            return float(table[grid(scores[me])])
        order = sorted(
            (s for s in range(state.seats) if turns[s]),
            key=lambda s: (s - state.current) % state.seats,
        )
        sheltered = frozenset(s for s in range(state.seats) if state.war_protected(s))
        complete = tuple(state.complete_kingdoms)
        game = last_round(Scoring.of(state), me, sheltered, state.covered_stakes, complete)
        return game.chance(tuple(scores), tuple(order))

    def solver(
        self,
        state: TroisCouronnesState,
        changes: Mapping[int, int],
        targeted: Sequence[int | None],
    ) -> TurnSolver | RowSolver:
        """The turn of the seat to move played for the win, once `changes` are counted."""
        me, turns = state.current, turns_left(state)
        scores = [state.scores[s] + changes.get(s, 0) for s in range(state.seats)]
        table = self.chances(state, me, scores, turns, targeted)
        if table is not None:
            worth = table.astype(float) + POINT * (SCORES - scores[me])
            return RowSolver(turn_table(Scoring.of(state)), scores[me], worth)

        @cache
        def worth(change: int) -> float:
            ended = [score + change * (s == me) for s, score in enumerate(scores)]
            return self.chance(state, me, ended, turns, targeted) + POINT * change

        return TurnSolver(Scoring.of(state), scores[me], worth)

    def after_special(
        self,
        state: TroisCouronnesState,
        outcomes: Sequence[tuple[float, Mapping[int, int]]],
        targeted: Sequence[int | None],
    ) -> float:
        """The win chance after a War or an Alliance with these (chance, changes) outcomes:
        its throw is the turn, or a normal turn follows (TRC-6 variant)."""
        me, turns = state.current, turns_left(state)
        total = 0.0
        for chance, changes in outcomes:
            if state.special_plus_turn:
                total += chance * self.solver(state, changes, targeted).rethrow(0, 0)
            else:
                scores = [state.scores[s] + changes.get(s, 0) for s in range(state.seats)]
                total += chance * self.chance(state, me, scores, turns, targeted)
        return total

    def start(self, state: TroisCouronnesState) -> Action:
        me, targeted = state.current, state.last_war_target_round
        specials: list[tuple[Action, list[tuple[float, dict[int, int]]], list[int | None]]] = []
        for target in self.war_targets(state):
            steal = WAR_STEAL
            if state.covered_stakes:
                steal = min(WAR_STEAL, max(0, state.scores[target]))
            won, lost = {me: steal, target: -steal}, {me: -WAR_BET, target: WAR_BET}
            attacked = [state.round if s == target else r for s, r in enumerate(targeted)]
            chance = float(WAR_CHANCE)
            specials.append((DeclareWar(target), [(chance, won), (1 - chance, lost)], attacked))
        for partner in state.alliance_partners():
            won = {me: ALLIANCE_GAIN, partner: ALLIANCE_GAIN}
            lost = {me: -ALLIANCE_BET, partner: -ALLIANCE_BET}
            chance = float(ALLIANCE_CHANCE)
            specials.append(
                (ProposeAlliance(partner), [(chance, won), (1 - chance, lost)], targeted)
            )
        self.prepare(
            state, [{}] + [changes for _, outcomes, _ in specials for _, changes in outcomes]
        )
        best: Action = Roll()
        best_value = self.solver(state, {}, targeted).rethrow(0, 0)
        for action, outcomes, attacked in specials:
            value = self.after_special(state, outcomes, attacked)
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best

    @staticmethod
    def war_targets(state: TroisCouronnesState) -> list[int]:
        """The seats worth weighing a war on. Against a field, none in the round before the
        last: its target would be sheltered from the last round's wars, which only ever
        helps a rival (Moyen attacks the best score it may), and the tables assume none."""
        sheltering = against_a_field(state) and state.round == ROUNDS - 1
        return [] if sheltering else state.war_targets()

    @staticmethod
    def prepare(state: TroisCouronnesState, changes: Sequence[Mapping[int, int]]) -> None:
        """Solve at once the fields a turn's choices lead to (`field_tables`)."""
        me, turns = state.current, turns_left(state)
        if not against_a_field(state) or state.round == ROUNDS:
            return
        fields = []
        for change in changes:
            scores = [state.scores[s] + change.get(s, 0) for s in range(state.seats)]
            fields.append(field_of(me, scores, turns))
        field_tables(Scoring.of(state), me, fields, turns[me])

    def answer(self, state: TroisCouronnesState) -> Action:
        """Accept when the alliance leaves a better chance than the proposer's normal turn."""
        me, proposer, targeted = state.partner, state.current, state.last_war_target_round
        assert me is not None
        turns = turns_left(state)
        played = [*turns]
        played[proposer] += 1  # a refusal, or the variant, gives the proposer a turn now
        refused = self.chance(state, me, state.scores, played, targeted)
        accepted = 0.0
        chance = float(ALLIANCE_CHANCE)
        for p, delta in ((chance, ALLIANCE_GAIN), (1 - chance, -ALLIANCE_BET)):
            scores = list(state.scores)
            scores[me] += delta
            scores[proposer] += delta
            after = played if state.special_plus_turn else turns
            accepted += p * self.chance(state, me, scores, after, targeted)
        return AnswerAlliance(accepted >= refused)


def solution() -> str:
    """What Fort plays, for the lab; the bound is the one worked out in this module's
    docstring (the best reply to Moyen solved like `duel_tables`, Moyen's turns as it plays)."""
    return (
        "À deux, l'équilibre de la course (`duel_tables` : les deux scores et les tours "
        "restants, chaque joueur au mieux, alliances mises à part). La meilleure réponse "
        "possible à Moyen, calculée de même, gagne environ 52,6 % des duels, places alternées. "
        "À trois et quatre, la meilleure réponse à des rivaux Moyens : la fin de partie jouée "
        "à rebours sur l'avance de chaque rival·e (toute la partie à trois, la dernière "
        "manche à quatre), avec les guerres du dernier tour contre qui mène, et le dernier "
        "tour joué exactement. Environ 27 % à quatre et 36 % à trois, places tournantes."
    )


LEVEL_BOTS = {"debutant": Debutant, "moyen": Moyen, "fort": Fort}
