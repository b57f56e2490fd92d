"""Gladiator's Duel's robots at three levels (RULINGS.md §11). Everything is public but the
other's secret stance, which no level reads (they are handed their seat's view).

The only decision is a double's stance. Moyen weighs the life points each stance swings.
Fort plays the duel solved (`Duel`, once per set of options, under a second at the default
ones): the equilibrium of the whole duel, its open stances the best and, when both roll a
double, a stance drawn from its own rng with the weights of that round's secret game. No
policy wins more than half the points against it (a best reply gains 0.0 point: the lab
says so, `solution`).

The game leaves little to skill: the best possible reply to Moyen wins 51.1 % of the points
against it (a draw counts half), computed exactly; Fort, the equilibrium rather than that
reply, wins 50.9 % (and 20 000 duels are needed to tell it from 50 %).
"""

from __future__ import annotations

import copy
import time
from functools import cache
from itertools import combinations, product
from random import Random
from typing import NamedTuple

import numpy as np

from jeux.engine.bots import Robot
from jeux.engine.core import Action, Bot
from jeux.engine.text import decimal, fine_percent

from .rules import (
    DRAW,
    FURIOUS,
    OPEN,
    REMATCH,
    SECRET,
    STANCES,
    TACTIC_ATTACK,
    TACTIC_DEFENCE,
    TOTAL,
    Choose,
    DuelState,
    Roll,
    stats,
)

PAIRS = tuple(
    ((high, low), (1 if high == low else 2) / 36)
    for high in range(1, 7)
    for low in range(1, high + 1)
)
"""Every throw of a gladiator's two dice as (attack die, defence die), with its chance."""
HEAL_ROOM = 6
"""Without the cap, life above the start is counted up to this much more."""


def rerolled(pair: tuple[int, int], stance: str | None) -> list[tuple[int, int]]:
    """The pairs a stance may end on (Tactics rerolls one die, which keeps its role)."""
    if stance == TACTIC_ATTACK:
        return [(face, pair[1]) for face in range(1, 7)]
    if stance == TACTIC_DEFENCE:
        return [(pair[0], face) for face in range(1, 7)]
    return [pair]


@cache
def blows(
    mine: tuple[int, int], my_stance: str | None, theirs: tuple[int, int], their_stance: str | None
) -> tuple[tuple[float, int, int], ...]:
    """The (chance, points I lose, points they lose) a round may end on, rerolls included."""
    found: dict[tuple[int, int], float] = {}
    my_pairs, their_pairs = rerolled(mine, my_stance), rerolled(theirs, their_stance)
    share = 1 / (len(my_pairs) * len(their_pairs))
    for pair_mine, pair_theirs in product(my_pairs, their_pairs):
        my_attack, my_defence = stats(pair_mine, my_stance)
        their_attack, their_defence = stats(pair_theirs, their_stance)
        lost = (max(0, their_attack - my_defence), max(0, my_attack - their_defence))
        found[lost] = found.get(lost, 0.0) + share
    return tuple((p, a, b) for (a, b), p in found.items())


# --- Fort: the duel solved ------------------------------------------------------------------

DOUBLES = tuple(pair for pair, _ in PAIRS if pair[0] == pair[1])
SINGLES = tuple(pair for pair, _ in PAIRS if pair[0] != pair[1])
CHANCE = dict(PAIRS)
OPEN_DICE = tuple(product(DOUBLES, SINGLES))
"""The throws where only the seat that decides rolled a double: (its pair, the other's)."""
SECRET_DICE = tuple(product(DOUBLES, DOUBLES))
OPEN_INDEX = {dice: i for i, dice in enumerate(OPEN_DICE)}
SECRET_INDEX = {dice: i for i, dice in enumerate(SECRET_DICE)}
MOST_LOST = 12
"""The most life a round can take (a furious 6-6 against no defence)."""
SETTLED = 1e-9
"""Value iteration stops once no value moves more than this."""


@cache
def blocks(rows: int, cols: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The square blocks of a rows × cols matrix larger than one cell, smallest first: the
    size of each, its rows and its columns (the first `size` entries count)."""
    found = [
        (support, against)
        for size in range(2, min(rows, cols) + 1)
        for support in combinations(range(rows), size)
        for against in combinations(range(cols), size)
    ]
    most = min(rows, cols)
    sizes = np.array([len(support) for support, _ in found])
    supports = np.array([support + (0,) * (most - len(support)) for support, _ in found])
    againsts = np.array([against + (0,) * (most - len(against)) for _, against in found])
    return sizes, supports, againsts


def zero_sum(
    games: np.ndarray, hints: np.ndarray | None = None, tolerance: float = 1e-9
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The value and the row player's optimal mixed strategy (it maximises) of each zero-sum
    game of `games` (shape: games, rows, columns), exactly, and the block that solved it.

    Shapley and Snow: some optimal pair of strategies lives on a square block of the matrix
    that makes the other side's moves pay alike. A saddle point is looked for first, in
    every game at once; then each game's hinted block (`hints`, -1 for none: the block that
    solved a game little different); then the blocks of `blocks` in turn on the games left,
    until one gives both players a strategy no move beats."""
    count, rows, cols = games.shape
    worst = games.min(axis=2)
    values, mixes = worst.max(axis=1), np.eye(rows)[worst.argmax(axis=1)]
    used = np.full(count, -1)
    found = values, mixes, used
    todo = np.flatnonzero(games.max(axis=1).min(axis=1) > values + tolerance)
    sizes = blocks(rows, cols)[0]
    if hints is not None:
        hinted = todo[hints[todo] >= 0]
        for size in np.unique(sizes[hints[hinted]]):
            group = hinted[sizes[hints[hinted]] == size]
            _try_blocks(games, group, hints[group], found, tolerance)
        todo = todo[used[todo] < 0]
    for block in range(len(sizes)):
        if not todo.size:
            break
        chosen = np.full(todo.size, block)
        todo = todo[~_try_blocks(games, todo, chosen, found, tolerance)]
    if todo.size:  # never seen: some block always solves a matrix game (Shapley and Snow)
        raise ArithmeticError(f"{todo.size} games left unsolved")
    return values, mixes, used


def _try_blocks(
    games: np.ndarray,
    todo: np.ndarray,
    chosen: np.ndarray,
    found: tuple[np.ndarray, np.ndarray, np.ndarray],
    tolerance: float,
) -> np.ndarray:
    """Whether the block `chosen` for each game of `todo` (all of one size) solves it; the
    solutions go into `found` (values, mixes, blocks used)."""
    count, rows, cols = games.shape
    sizes, supports, againsts = blocks(rows, cols)
    size = sizes[chosen[0]]
    support, against = supports[chosen, :size], againsts[chosen, :size]
    played = games[todo]
    square = played[np.arange(todo.size)[:, None, None], support[:, :, None], against[:, None]]
    x, v, ok = _indifferent(square.transpose(0, 2, 1))
    y, _, ok_y = _indifferent(square)
    ok &= ok_y
    full_x = np.zeros((todo.size, rows))
    np.put_along_axis(full_x, support, x, axis=1)
    full_y = np.zeros((todo.size, cols))
    np.put_along_axis(full_y, against, y, axis=1)
    ok &= np.einsum("gr,grc->gc", full_x, played).min(axis=1) >= v - tolerance
    ok &= np.einsum("grc,gc->gr", played, full_y).max(axis=1) <= v + tolerance
    values, mixes, used = found
    values[todo[ok]], mixes[todo[ok]], used[todo[ok]] = v[ok], full_x[ok], chosen[ok]
    return ok


def _indifferent(blocks: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For square `blocks` (games, k, k): the weights y ≥ 0 summing to 1 that make every row
    of the block pay the same `v` (block · y = v), and where they exist."""
    count, k, _ = blocks.shape
    system = np.zeros((count, k + 1, k + 1))
    system[:, :k, :k] = blocks
    system[:, :k, k] = -1.0
    system[:, k, :k] = 1.0
    solvable = np.abs(np.linalg.det(system)) > 1e-12
    solution = np.zeros((count, k + 1))
    if solvable.any():
        rhs = np.zeros((int(solvable.sum()), k + 1, 1))
        rhs[:, k] = 1.0
        solution[solvable] = np.linalg.solve(system[solvable], rhs)[:, :, 0]
    weights, value = solution[:, :k], solution[:, k]
    return np.maximum(weights, 0.0), value, solvable & (weights >= -1e-9).all(axis=1)


class Policy(NamedTuple):
    """How a seat picks its stance at each (life totals, throw) where it has a double, as
    weights over STANCES: `open[state, throw]` for OPEN_DICE, `secret[state, throw]` for
    SECRET_DICE (the seat's own pair first). None: the seat plays its best."""

    open: np.ndarray | None = None
    secret: np.ndarray | None = None


BEST = Policy()


class Duel:
    """The duel for one set of options, solved: `values[a][b]` is the chance of winning
    minus that of losing for a gladiator at `a` life points against one at `b`, before a
    throw, both playing their best (a double KO draws). Life above the start counts up to
    HEAL_ROOM more without the cap.

    A round is a chance move (the four dice), then at most a choice: one double's open
    stance, or the secret game of two doubles, a 4×4 zero-sum game solved exactly
    (`zero_sum`). Every position's rounds are listed once as where each stance pair may
    land (`_land`); value iteration then sweeps all positions at once (Shapley's)."""

    def __init__(self, max_hp: int, cap: bool, rematch: bool) -> None:
        self.max_hp, self.cap, self.rematch = max_hp, cap, rematch
        self.top = max_hp if cap else max_hp + HEAL_ROOM
        self.states = list(product(range(1, self.top + 1), repeat=2))
        self.mine_hp = np.array([a for a, _ in self.states])
        self.their_hp = np.array([b for _, b in self.states])
        self.behind = np.flatnonzero(self.mine_hp < self.their_hp)
        self._land()
        self.hints = np.full((len(self.states), len(SECRET_DICE)), -1)
        """The block that solved each secret game at the last sweep (`zero_sum`)."""
        self.values = np.zeros((self.top + 1, self.top + 1))
        self.values, self.policy = self._solve(BEST, BEST)

    def index(self, mine: int, theirs: int) -> int:
        """The row of a pair of life totals in the tables (held within the table's room)."""
        return (min(mine, self.top) - 1) * self.top + min(theirs, self.top) - 1

    def _land(self) -> None:
        """Where each round may end, from every position: for each throw and pair of
        stances, its outcomes (chance, life totals after) as indices into `_ends`."""
        cells: list[tuple[tuple, float, str | None, str | None]] = [
            ((mine, theirs), CHANCE[mine] * CHANCE[theirs], None, None)
            for mine in SINGLES
            for theirs in SINGLES
        ]
        self.plain = len(cells)
        """The throws without a double come first: chance nodes, summed."""
        for double, single in OPEN_DICE:
            cells += [((double, single), 1.0, s, None) for s in STANCES]
        for double, single in OPEN_DICE:
            cells += [((single, double), 1.0, None, s) for s in STANCES]
        for mine, theirs in SECRET_DICE:
            cells += [((mine, theirs), 1.0, s, t) for s in STANCES for t in STANCES]
        where, chances, starts = [], [], []
        side = self.top + MOST_LOST + 1
        mine_hp, their_hp = self.mine_hp, self.their_hp
        heals = self.max_hp if self.cap else self.top + 1  # below this, a total defence heals
        for (mine, theirs), weight, s, t in cells:
            starts.append(len(chances))
            a = np.minimum(self.top, mine_hp + ((s == TOTAL) & (mine_hp < heals)))
            b = np.minimum(self.top, their_hp + ((t == TOTAL) & (their_hp < heals)))
            for p, lost_mine, lost_theirs in blows(mine, s, theirs, t):
                chances.append(weight * p)
                where.append((a - lost_mine + MOST_LOST) * side + b - lost_theirs + MOST_LOST)
        self.where = np.array(where, dtype=np.int32).T.copy()  # a row per position, contiguous
        self.chances, self.starts = np.array(chances), np.array(starts)
        self.side = side

    def _ends(self) -> np.ndarray:
        """The value of every pair of life totals a round may end on, KOs included."""
        ko = MOST_LOST + 1  # the first index of a gladiator still standing
        ends = np.zeros((self.side, self.side))
        ends[:ko, :ko] = self.values[self.max_hp, self.max_hp] if self.rematch else 0.0
        ends[:ko, ko:] = -1.0
        ends[ko:, :ko] = 1.0
        ends[ko:, ko:] = self.values[1:, 1:]
        return ends

    def _round(
        self, mine: Policy, theirs: Policy, rows: np.ndarray | slice = slice(None)
    ) -> tuple[np.ndarray, np.ndarray | None]:
        """One sweep: the value of the positions `rows` (all by default) after one more
        round, `mine` and `theirs` playing; and, when both play their best, the row
        player's secret mixes there."""
        ends = self._ends().ravel()
        landed = np.add.reduceat(ends[self.where[rows]] * self.chances, self.starts, 1)
        count, plain, spread = len(landed), self.plain, len(OPEN_DICE) * 4
        value = landed[:, :plain].sum(axis=1)
        weights = np.array([CHANCE[m] * CHANCE[t] for m, t in OPEN_DICE])
        for policy, cells, pick in (
            (mine, landed[:, plain : plain + spread], np.max),
            (theirs, landed[:, plain + spread : plain + 2 * spread], np.min),
        ):
            stances = cells.reshape(count, len(OPEN_DICE), 4)
            if policy.open is None:
                value += pick(stances, axis=2) @ weights
            else:
                value += (stances * policy.open[rows]).sum(axis=2) @ weights
        games = landed[:, plain + 2 * spread :].reshape(count, len(SECRET_DICE), 4, 4)
        weights = np.array([CHANCE[m] * CHANCE[t] for m, t in SECRET_DICE])
        mixes = None
        if mine.secret is None and theirs.secret is None:
            solved, mixes, hints = zero_sum(games.reshape(-1, 4, 4), self.hints[rows].ravel())
            self.hints[rows] = hints.reshape(count, -1)
            secret = solved.reshape(count, -1)
            mixes = mixes.reshape(count, len(SECRET_DICE), 4)
        elif mine.secret is None:
            secret = np.einsum("gmrc,gmc->gmr", games, theirs.secret[rows]).max(axis=2)
        elif theirs.secret is None:
            secret = np.einsum("gmr,gmrc->gmc", mine.secret[rows], games).min(axis=2)
        else:
            secret = np.einsum("gmr,gmrc,gmc->gm", mine.secret[rows], games, theirs.secret[rows])
        return value + secret @ weights, mixes

    def _solve(self, mine: Policy, theirs: Policy) -> tuple[np.ndarray, Policy]:
        """Value iteration from the current values; the best policy of the row player
        (open stances and secret mixes) at the values found. Both at their best, the duel
        is fair by symmetry (my value is minus the other's), so only the positions where
        the row player has less life are swept, the others following."""
        both_best = all(part is None for part in (*mine, *theirs))
        rows = self.behind if both_best else slice(None)
        a, b = self.mine_hp[rows], self.their_hp[rows]
        for _ in range(10_000):
            value, _ = self._round(mine, theirs, rows)
            moved = np.abs(value - self.values[a, b]).max()
            self.values = self.values.copy()  # a twin of `against` shares them at first
            self.values[a, b] = value
            if both_best:
                self.values[b, a] = -value
            if moved < SETTLED:
                break
        mixes = self._round(mine, theirs)[1]
        return self.values, Policy(self._open_best(), mixes)

    def _open_best(self) -> np.ndarray:
        landed = np.add.reduceat(self._ends().ravel()[self.where] * self.chances, self.starts, 1)
        stances = landed[:, self.plain : self.plain + len(OPEN_DICE) * 4]
        best = stances.reshape(len(self.states), len(OPEN_DICE), 4).argmax(axis=2)
        return np.eye(4)[best]

    def against(self, mine: Policy, theirs: Policy) -> float:
        """The row player's share of the points from the start (a draw is half), `mine`
        against `theirs` (BEST: a best reply), from a copy of the solved values."""
        twin = copy.copy(self)
        values, _ = twin._solve(mine, theirs)
        return (1 + values[self.max_hp, self.max_hp]) / 2

    def stance(self, state: DuelState, seat: int, rng: Random) -> str:
        """The solved stance of `seat`: the best open one, or drawn from the secret mix."""
        here = self.index(state.hp[seat], state.hp[1 - seat])
        dice = state.dice[seat], state.dice[1 - seat]
        if state.phase == OPEN:
            weights = self.policy.open[here, OPEN_INDEX[dice]]
        else:
            weights = self.policy.secret[here, SECRET_INDEX[dice]]
        return rng.choices(STANCES, weights=weights)[0]

    def follow(self, robot: Bot) -> Policy:
        """`robot`'s stances at every position and throw, as the column player (it sits at
        the second total), read from the robot itself."""
        double_ko = REMATCH if self.rematch else DRAW
        state = DuelState(("", ""), {"hp": self.max_hp, "cap": self.cap, "double_ko": double_ko})
        opens = np.zeros((len(self.states), len(OPEN_DICE), 4))
        secrets = np.zeros((len(self.states), len(SECRET_DICE), 4))
        for i, (mine, theirs) in enumerate(self.states):
            state.hp = [theirs, mine]
            for j, (double, single) in enumerate(OPEN_DICE):
                state.dice, state.phase, state.choosers = (double, single), OPEN, [0]
                opens[i, j, STANCES.index(robot.choose(state).stance)] = 1.0
            for k, (my_pair, their_pair) in enumerate(SECRET_DICE):
                state.dice, state.phase, state.choosers = (their_pair, my_pair), SECRET, [0, 1]
                secrets[i, k, STANCES.index(robot.choose(state).stance)] = 1.0
        return Policy(opens, secrets)


@cache
def solved(max_hp: int, cap: bool, rematch: bool) -> Duel:
    return Duel(max_hp, cap, rematch)


# --- Moyen's reckoning: life points swung -------------------------------------------------


def expected_swing(state: DuelState, seat: int, stance: str) -> float:
    """How good `stance` looks for `seat`, from what it may see: the mean over the Tactics
    reroll and, in secret, over the three stances the other may take. A KO weighs most."""
    other = 1 - seat
    if state.phase == SECRET:
        theirs = [FURIOUS, TOTAL, TACTIC_ATTACK]
    else:
        theirs = [state.stances[other]]
    total = 0.0
    for their in theirs:
        total += _mean_over_rerolls(state, seat, stance, their)
    return total / len(theirs)


def _mean_over_rerolls(state: DuelState, seat: int, mine: str, theirs: str | None) -> float:
    outcomes = []
    for pair_mine in rerolled(state.dice[seat], mine):
        for pair_theirs in rerolled(state.dice[1 - seat], theirs):
            outcomes.append(
                _swing(state, seat, stats(pair_mine, mine), stats(pair_theirs, theirs), mine)
            )
    return sum(outcomes) / len(outcomes)


def _swing(state: DuelState, seat: int, mine: tuple, theirs: tuple, stance: str) -> float:
    other = 1 - seat
    heal = state.heal(seat) if stance == TOTAL else 0
    dealt = max(0, mine[0] - theirs[1])
    taken = max(0, theirs[0] - mine[1])
    my_hp = state.hp[seat] + heal - taken
    their_hp = state.hp[other] - dealt
    if their_hp <= 0 < my_hp:
        return 100.0
    if my_hp <= 0 < their_hp:
        return -100.0
    if my_hp <= 0:
        return 0.0
    # Behind, a point lost counts more than a point dealt: defend when low.
    fear = 1.5 if state.hp[seat] < state.hp[other] else 1.0
    return dealt - fear * (taken - heal)


# --- the robots --------------------------------------------------------------------------

_ROLL = Roll()


class Debutant(Robot):
    """Strikes with a high double, defends with a low one when hurt, and otherwise tries
    its luck with Tactics or a furious attack."""

    def choose(self, state: DuelState) -> Action:
        if state.phase not in (OPEN, SECRET):
            return _ROLL
        seat = state.to_move()
        face = state.dice[seat][0]
        if face >= 4:
            return Choose(FURIOUS)
        if 2 * state.hp[seat] <= state.max_hp:
            return Choose(TOTAL)
        return Choose(self.rng.choice((TACTIC_ATTACK, FURIOUS)))


class Moyen(Robot):
    """RULINGS.md §11: the stance with the best expected swing of life points (furious when
    ahead, total defence when low follow from it)."""

    def choose(self, state: DuelState) -> Action:
        if state.phase not in (OPEN, SECRET):
            return _ROLL
        seat = state.to_move()
        return Choose(max(STANCES, key=lambda s: expected_swing(state, seat, s)))


class Fort(Robot):
    """Plays the solved duel (`Duel`): the open stance with the best chance of winning, and
    in the secret game of two doubles a stance drawn from its equilibrium mix."""

    def choose(self, state: DuelState) -> Action:
        if state.phase not in (OPEN, SECRET):
            return _ROLL
        duel = solved(state.max_hp, state.cap, state.double_ko == REMATCH)
        return Choose(duel.stance(state, state.to_move(), self.rng))


def solution() -> str:
    """What the lab says of Fort, at the default options: how fast the duel is solved, what
    a best reply wins against Fort (its exploitability) and against Moyen (the bound), and
    what Fort wins against Moyen, all worked out exactly from the start of a duel."""
    start = time.process_time()
    duel = Duel(12, True, False)
    seconds = time.process_time() - start
    moyen = duel.follow(Moyen())
    exploited = 1 - duel.against(duel.policy, BEST)
    bound, fort = duel.against(BEST, moyen), duel.against(duel.policy, moyen)
    return (
        f"Fort joue l'équilibre du duel (résolu en {decimal(seconds)} s) : une meilleure "
        f"réponse gagne {fine_percent(exploited)} contre lui. Contre Moyen, la meilleure réponse "
        f"possible gagne {fine_percent(bound)}, Fort {fine_percent(fort)} (calculs exacts, nuls "
        "comptés pour moitié)."
    )


LEVEL_BOTS = {"debutant": Debutant, "moyen": Moyen, "fort": Fort}
