"""Gladiator's Duel's robots at three levels (RULINGS.md §11). Everything is public but the
other's secret stance, which no level reads (they are handed their seat's view).

The only decision is a double's stance. Moyen weighs the life points each stance swings.
Fort weighs the chance of winning the duel: a table of it, for every pair of life totals, is
worked out once per set of options (the duel played with a plain stance rule), and each
stance is judged by the totals it leads to; when both roll a double it plays the mixed
strategy of that small secret game, drawn from its own rng.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, product
from random import Random

from jeux.engine.core import Action

from .rules import (
    FURIOUS,
    OPEN,
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


def plain_stance(pair: tuple[int, int]) -> str | None:
    """The stance rule the table assumes: a high double strikes, a low one defends."""
    if pair[0] != pair[1]:
        return None
    return FURIOUS if pair[0] >= 4 else TOTAL


@cache
def plain_rounds() -> tuple[tuple[float, int, int, bool, bool], ...]:
    """Every way a round ends when both play `plain_stance`: (chance, points I lose, points
    they lose, I defend totally, they do)."""
    found: dict[tuple[int, int, bool, bool], float] = {}
    for (mine, p), (theirs, q) in product(PAIRS, PAIRS):
        my_stance, their_stance = plain_stance(mine), plain_stance(theirs)
        for chance, lost_mine, lost_theirs in blows(mine, my_stance, theirs, their_stance):
            key = (lost_mine, lost_theirs, my_stance == TOTAL, their_stance == TOTAL)
            found[key] = found.get(key, 0.0) + p * q * chance
    return tuple((p, *key) for key, p in found.items())


class Table:
    """The chance of winning minus that of losing, for every pair of life totals before a
    throw, when both play `plain_stance`."""

    def __init__(self, max_hp: int, cap: bool, rematch: bool) -> None:
        self.max_hp, self.cap, self.rematch = max_hp, cap, rematch
        self.top = max_hp if cap else max_hp + HEAL_ROOM
        self.values = [[0.0] * (self.top + 1) for _ in range(self.top + 1)]
        self._solve()

    def healed(self, hp: int, heals: bool) -> int:
        return min(self.top, hp + (heals and (not self.cap or hp < self.max_hp)))

    def worth(self, mine: int, theirs: int) -> float:
        """The table's value after a round ends on these totals."""
        if mine <= 0 and theirs <= 0:  # a double KO: a draw, or a rematch (GD-5)
            return self.values[self.max_hp][self.max_hp] if self.rematch else 0.0
        if mine <= 0 or theirs <= 0:
            return 1.0 if theirs <= 0 else -1.0
        return self.values[mine][theirs]

    def _solve(self) -> None:
        """Sweeps over the totals, smallest first, until nothing moves. Each total's rounds
        are listed once: a round that changes nothing is solved in place, one that ends the
        duel is a constant (but a rematch), and only heals lead back to larger totals."""
        order = sorted(product(range(1, self.top + 1), repeat=2), key=sum)
        plans = [self._plan(mine, theirs) for mine, theirs in order]
        for _ in range(200):
            moved = 0.0
            for (mine, theirs), (stay, ends, rematch, onward) in zip(order, plans, strict=True):
                rest = ends + rematch * self.values[self.max_hp][self.max_hp]
                rest += sum(p * self.values[a][b] for p, a, b in onward)
                value = rest / (1 - stay)
                moved = max(moved, abs(value - self.values[mine][theirs]))
                self.values[mine][theirs] = value
            if moved < 1e-6:
                return

    def _plan(self, mine: int, theirs: int) -> tuple[float, float, float, list]:
        """A total's rounds: the chance nothing changes, the value of those that end the
        duel, the chance of a rematch, and the others as (chance, totals)."""
        stay, ends, rematch, onward = 0.0, 0.0, 0.0, []
        for p, lost_mine, lost_theirs, heal_mine, heal_theirs in plain_rounds():
            after = (
                self.healed(mine, heal_mine) - lost_mine,
                self.healed(theirs, heal_theirs) - lost_theirs,
            )
            if after == (mine, theirs):
                stay += p
            elif min(after) > 0:
                onward.append((p, *after))
            elif max(after) > 0:
                ends += p * (1.0 if after[1] <= 0 else -1.0)
            elif self.rematch:
                rematch += p
        return stay, ends, rematch, onward


@cache
def table(max_hp: int, cap: bool, rematch: bool) -> Table:
    return Table(max_hp, cap, rematch)


def stance_worth(state: DuelState, seat: int, mine: str, theirs: str | None) -> float:
    """Fort's value of a round where `seat` takes `mine` and the other `theirs`."""
    duel = table(state.max_hp, state.cap, state.double_ko == "rematch")
    other = 1 - seat
    my_hp = duel.healed(state.hp[seat], mine == TOTAL)
    their_hp = duel.healed(state.hp[other], theirs == TOTAL)
    return sum(
        p * duel.worth(my_hp - lost_mine, their_hp - lost_theirs)
        for p, lost_mine, lost_theirs in blows(state.dice[seat], mine, state.dice[other], theirs)
    )


def equilibrium(matrix: Sequence[Sequence[float]]) -> list[float]:
    """The row player's optimal mixed strategy in a small zero-sum game (it maximises):
    supports of equal size are tried, smallest first, until one is an equilibrium."""
    rows, cols = len(matrix), len(matrix[0])
    for size in range(1, min(rows, cols) + 1):
        for support in combinations(range(rows), size):
            for against in combinations(range(cols), size):
                mix = _indifferent(matrix, support, against)
                if mix is None:
                    continue
                value = min(sum(mix[r] * matrix[r][c] for r in support) for c in against)
                guaranteed = all(
                    sum(mix[r] * matrix[r][c] for r in support) >= value - 1e-9 for c in range(cols)
                )
                if guaranteed and _answer_holds(matrix, support, against, value):
                    return mix
    safest = max(range(rows), key=lambda r: min(matrix[r]))  # degenerate games only
    return [float(r == safest) for r in range(rows)]


def _indifferent(
    matrix: Sequence[Sequence[float]], support: Sequence[int], against: Sequence[int]
) -> list[float] | None:
    """Row weights on `support` that make every column of `against` pay the same."""
    size = len(support)
    # Unknowns: the weights, then the value; equations: each column pays the value, sum 1.
    system = [[matrix[r][c] for r in support] + [-1.0, 0.0] for c in against] + [
        [1.0] * size + [0.0, 1.0]
    ]
    solution = _solve_linear(system, size + 1)
    if solution is None or any(w < -1e-9 for w in solution[:size]):
        return None
    mix = [0.0] * len(matrix)
    for r, w in zip(support, solution[:size], strict=True):
        mix[r] = max(0.0, w)
    return mix


def _answer_holds(
    matrix: Sequence[Sequence[float]],
    support: Sequence[int],
    against: Sequence[int],
    value: float,
) -> bool:
    """Whether the column player can mix on `against` so no row beats `value`."""
    transposed = [[-matrix[r][c] for r in range(len(matrix))] for c in range(len(matrix[0]))]
    mix = _indifferent(transposed, against, support)
    if mix is None:
        return False
    return all(
        sum(mix[c] * matrix[r][c] for c in against) <= value + 1e-9 for r in range(len(matrix))
    )


def _solve_linear(system: list[list[float]], unknowns: int) -> list[float] | None:
    """Gaussian elimination of a square augmented system; None when it is singular."""
    rows = [list(row) for row in system]
    if len(rows) != unknowns:
        return None
    for col in range(unknowns):
        pivot = max(range(col, unknowns), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(unknowns):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][-1] / rows[i][i] for i in range(unknowns)]


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


class Debutant:
    """Strikes with a high double, defends with a low one when hurt, and otherwise tries
    its luck with Tactics or a furious attack."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)

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


class Moyen:
    """RULINGS.md §11: the stance with the best expected swing of life points (furious when
    ahead, total defence when low follow from it)."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)  # kept for the contract: this level needs no chance

    def choose(self, state: DuelState) -> Action:
        if state.phase not in (OPEN, SECRET):
            return _ROLL
        seat = state.to_move()
        return Choose(max(STANCES, key=lambda s: expected_swing(state, seat, s)))


class Fort:
    """The stance with the best chance of winning the duel (`Table`); when both rolled a
    double, a stance drawn from the equilibrium of the secret game."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, state: DuelState) -> Action:
        if state.phase not in (OPEN, SECRET):
            return _ROLL
        seat = state.to_move()
        if state.phase == OPEN:
            theirs = state.stances[1 - seat]
            return Choose(max(STANCES, key=lambda s: stance_worth(state, seat, s, theirs)))
        matrix = [[stance_worth(state, seat, s, t) for t in STANCES] for s in STANCES]
        mix = equilibrium(matrix)
        return Choose(self.rng.choices(STANCES, weights=mix)[0])


LEVEL_BOTS = {"debutant": Debutant, "moyen": Moyen, "fort": Fort}
