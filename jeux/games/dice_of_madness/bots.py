"""The robots of Lovecraftian Dice of Madness (RULINGS.md §13), weakest first.

Nothing is hidden and nothing is narrated: a robot decides which dice to throw again and
when to stop, from its seat's view and under the options of the match.

- Débutant chases the biggest group of equal faces and stops at two pairs or better; it
  does not count its sixes.
- Moyen weighs the Knowledge a reroll may bring against the Madness it may cost, one
  throw ahead.
- Fort plays the policy computed ahead of time, by value iteration over every sheet
  (Knowledge, Madness, a 6 left on the table) and an exact expectimax over the dice of a
  turn: it maximises its chance of reaching 50 before 15, discounted per turn so that a
  faster way there is worth more (the race).
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from functools import cache, lru_cache
from itertools import accumulate, combinations_with_replacement, product

import numpy as np

from jeux.engine.bots import Robot
from jeux.engine.core import Action

from .rules import (
    _ROLLS,
    _START,
    _STOP,
    D20,
    DICE,
    FIRST_ROLL,
    HARSH,
    KNOWLEDGE_GOAL,
    LEGACY,
    LEGACY_COST,
    MADNESS_LIMIT,
    PREVIOUS,
    REROLLS,
    TEST_PENALTY,
    Category,
    MadnessState,
    category,
)

# --- Débutant -------------------------------------------------------------------------------

GOOD_ENOUGH = 2
"""Débutant stops once the dice are worth this much Knowledge (two pairs) or more."""


class NoviceBot(Robot):
    """Keeps the biggest group of equal faces (the highest on a tie) and throws the rest,
    until two pairs or better show; the sixes and the Madness go unnoticed."""

    def choose(self, state: MadnessState) -> Action:
        if state.phase == "start":
            return _START[0]
        faces = state.faces
        if state.category().knowledge >= GOOD_ENOUGH:
            return _STOP
        counts = Counter(faces)
        kept = max(counts, key=lambda face: (counts[face], face))
        return _ROLLS[tuple(i for i, face in enumerate(faces) if face != kept)]


# --- Moyen ----------------------------------------------------------------------------------


@cache
def _chances(
    kept: tuple[int, ...], thrown: int, full_bonus: bool
) -> tuple[tuple[Category, bool, float], ...]:
    """What throwing `thrown` dice beside the sorted `kept` ones may give: (category, a 6
    showing, probability), merged; computed once per kept set."""
    found: Counter[tuple[Category, bool]] = Counter()
    for new in product(range(1, 7), repeat=thrown):
        faces = (*kept, *new)
        found[(category(faces, full_bonus), 6 in faces)] += 1
    total = 6**thrown
    return tuple((cat, six, count / total) for (cat, six), count in found.items())


_KEEPS = tuple(tuple(i for i in range(DICE) if i not in dice) for dice in _ROLLS)
"""The positions each reroll of `_ROLLS` keeps."""
WIN_WORTH = 100.0
"""What Moyen counts dice that reach 50 as: more than any Knowledge or Madness."""


def _worth(cat: Category, six: bool, to_win: int, weight: float, six_risk: float) -> float:
    """What Moyen makes of a throw: Knowledge less the weighed Madness and the risk of a 6."""
    if cat.knowledge >= to_win:
        return WIN_WORTH
    return cat.knowledge - weight * cat.madness - six_risk * six


@cache
def _outlook(kept: tuple[int, ...], thrown: int, full_bonus: bool) -> tuple[list, list, list]:
    """`_chances` as `_expected` reads them for any stakes, highest Knowledge first: the
    negated Knowledges (ascending, to bisect), then for each i the chance of the first i
    throws (those that win when i of them reach 50) and the Knowledge, Madness and 6s that
    the other throws bring on average."""
    chances = sorted(_chances(kept, thrown, full_bonus), key=lambda c: -c[0].knowledge)
    lows = [-cat.knowledge for cat, _, _ in chances]
    won = list(accumulate((p for _, _, p in chances), initial=0.0))
    rest = [(0.0, 0.0, 0.0)]
    for cat, six, p in reversed(chances):
        knowledge, madness, sixes = rest[-1]
        rest.append((knowledge + p * cat.knowledge, madness + p * cat.madness, sixes + p * six))
    return lows, won, rest[::-1]


def _expected(
    kept: tuple[int, ...],
    thrown: int,
    full_bonus: bool,
    to_win: int,
    weight: float,
    six_risk: float,
) -> float:
    """`_worth` on average over a reroll: one lookup in the reroll's outlook, whatever the
    stakes."""
    lows, won, rest = _outlook(kept, thrown, full_bonus)
    i = bisect_right(lows, -to_win)  # the throws whose Knowledge reaches what is left to win
    knowledge, madness, sixes = rest[i]
    return WIN_WORTH * won[i] + knowledge - weight * madness - six_risk * sixes


class MadnessBot(Robot):
    """Weighs Knowledge against Madness, a point of Madness costing more the closer 15 is,
    and stops when no reroll is worth its risk; dice that reach 50 are worth the most. It
    rerolls the 6s away when the test of the next turn can hurt (MAD-1), and counts what
    rerolls cost under the harsher options."""

    def choose(self, state: MadnessState) -> Action:
        if state.phase == "start":
            return _START[0]
        seat = state.current
        madness = state.madness[seat]
        weight = 2 + madness / 3  # Knowledge one point of Madness is worth now
        six_risk = 0.0
        if state.test_timing == PREVIOUS:
            six_risk = TEST_PENALTY * weight * min(madness + 1, D20) / D20
        cost = state.reroll_cost() * weight / 6
        cost_test = TEST_PENALTY * weight * madness / D20 if state.sixes == LEGACY else 0.0
        to_win = KNOWLEDGE_GOAL - state.knowledge[seat]
        stakes = (to_win, weight, six_risk, cost, cost_test)
        faces = tuple(state.faces)
        kept = _best_keep(tuple(sorted(faces)), state.full_bonus, stakes)
        return _STOP if kept is None else _reroll_keeping(faces, kept)


@lru_cache(maxsize=1 << 16)
def _best_keep(
    hand: tuple[int, ...], full_bonus: bool, stakes: tuple[int, float, float, float, float]
) -> tuple[int, ...] | None:
    """Moyen's choice on a sorted hand, given what a win is worth to it, a point of Madness,
    a 6 showing, each die rerolled and each reroll's test: the dice to keep for a reroll, or
    None to stop. The same hands and stakes come back game after game, whatever the order
    the dice fell in."""
    to_win, weight, six_risk, cost, cost_test = stakes
    best = None
    best_value = _worth(category(hand, full_bonus), 6 in hand, to_win, weight, six_risk)
    for kept in _sub_hands(hand):
        thrown = DICE - len(kept)
        value = _expected(kept, thrown, full_bonus, to_win, weight, six_risk)
        value -= cost * thrown + cost_test
        if value > best_value + 0.05:
            best, best_value = kept, value
    return best


@cache
def _sub_hands(hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The distinct sets of dice a reroll of this sorted hand may keep (not all five)."""
    return tuple(dict.fromkeys(tuple(hand[i] for i in keep) for keep in _KEEPS))


@cache
def _reroll_keeping(faces: tuple[int, ...], kept: tuple[int, ...]) -> Action:
    """The first reroll of these dice, in the order of `_ROLLS`, that keeps `kept`."""
    return next(
        action
        for keep, action in zip(_KEEPS, _ROLLS.values(), strict=True)
        if tuple(sorted(faces[i] for i in keep)) == kept
    )


# --- Fort -----------------------------------------------------------------------------------

DISCOUNT = 0.95
"""What the same sheet is worth one turn later: the opponents race on meanwhile."""

SETTLED = 1e-7
"""Value iteration stops when no value of a level moves more than this: far finer than
any difference between two moves worth choosing."""
MAD = MADNESS_LIMIT
"""The row of the Madness axis that stands for « out » (worth nothing); higher levels are
clipped onto it."""
ROWS = MAD + 1

HANDS = tuple(combinations_with_replacement(range(1, 7), DICE))
"""Every set of five dice, sorted: the states of a turn."""
KEEPERS = tuple(
    kept for n in range(DICE + 1) for kept in combinations_with_replacement(range(1, 7), n)
)
"""Every set of dice a player may keep, sorted, from none to all five."""
_HAND = {hand: i for i, hand in enumerate(HANDS)}
_KEEPER = {kept: i for i, kept in enumerate(KEEPERS)}
SUBSETS = tuple(dice for dice in _ROLLS)
"""The positions a reroll throws, in the order of `_ROLLS`."""


def _tables() -> tuple[np.ndarray, ...]:
    """The dice's arithmetic, once. Where each keeper may land, as a sparse list sorted by
    keeper: (keeper, hand, chance, sixes among the dice thrown); where each keeper's list
    starts; the sixes of each hand; the keeper of each reroll of each sorted hand."""
    landings = []
    for q, kept in enumerate(KEEPERS):
        thrown = DICE - len(kept)
        found = Counter(tuple(sorted(kept + new)) for new in product(range(1, 7), repeat=thrown))
        for hand, count in sorted(found.items()):
            landings.append((q, _HAND[hand], count / 6**thrown, hand.count(6) - kept.count(6)))
    keeper, hand, chance, sixes = (np.array(column) for column in zip(*landings, strict=True))
    starts = np.searchsorted(keeper, np.arange(len(KEEPERS)))
    hand_sixes = np.array([h.count(6) for h in HANDS])
    keeps = np.array(
        [
            [_KEEPER[tuple(f for i, f in enumerate(h) if i not in dice)] for dice in SUBSETS]
            for h in HANDS
        ]
    )
    start = np.zeros(len(HANDS))
    empty = keeper == _KEEPER[()]
    start[hand[empty]] = chance[empty]
    return hand, chance, sixes, starts, hand_sixes, keeps, start


LAND_HAND, LAND_CHANCE, LAND_SIXES, LAND_STARTS, HAND_SIXES, KEEPS, START = _tables()
"""NumPy's own loops only: its matrix products call a BLAS whose threads crawl on a busy
machine."""
MADNESS = np.arange(ROWS)
TEST_FAILS = np.minimum(MADNESS, D20) / D20
"""The chance a Madness test fails at each level (d20 ≤ Madness; none at 0)."""
UP_TWO = np.minimum(MADNESS + TEST_PENALTY, MAD)


class Rules:
    """The options of a match that change the arithmetic of a turn."""

    def __init__(self, test_timing: str, sixes: str, full_bonus: bool) -> None:
        self.test_timing, self.sixes = test_timing, sixes
        cats = [category(hand, full_bonus) for hand in HANDS]
        self.knowledge = np.array([c.knowledge for c in cats])
        self.madness = np.array([c.madness for c in cats])
        self.six_left = (HAND_SIXES > 0).astype(int)

    def reroll_cost(self, rerolls_left: int) -> int:
        if self.sixes == HARSH:
            return 1
        if self.sixes == LEGACY:
            return LEGACY_COST[REROLLS - rerolls_left]
        return 0

    def kept_value(self, after: np.ndarray, rerolls_left: int) -> np.ndarray:
        """[madness, keeper]: what keeping these dice and throwing the others is worth,
        given `after`[madness, hand], the value once they land."""
        cost = self.reroll_cost(rerolls_left)
        rows = np.minimum(MADNESS[:, None] + cost * LAND_SIXES[None, :], MAD)
        landed = after[rows, LAND_HAND[None, :]] * LAND_CHANCE
        value = np.add.reduceat(landed, LAND_STARTS, axis=1)
        if self.sixes == LEGACY:  # the struck-out rule: a test before every reroll
            value = (1 - TEST_FAILS[:, None]) * value + TEST_FAILS[:, None] * value[UP_TWO]
        value[MAD] = 0.0
        return value

    def turn(self, scored: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """From `scored`[madness, hand] (the dice kept at the end), the value of keeping
        dice before the second reroll, before the first, and of a hand just thrown."""
        second = self.kept_value(scored, 1)
        choose_last = np.maximum(scored, second[:, KEEPS].max(axis=2))
        first = self.kept_value(choose_last, 2)
        choose = np.maximum(scored, first[:, KEEPS].max(axis=2))
        return second, first, choose

    def scored(self, sheets: np.ndarray, knowledge: int) -> np.ndarray:
        """[madness, hand]: a turn ending with this hand, from `sheets`[knowledge, madness,
        six left] (the value of the sheets to come; 50 or more wins)."""
        madness = np.maximum(0, MADNESS[:, None] + self.madness[None, :])
        gained = knowledge + self.knowledge[None, :]
        won = gained >= KNOWLEDGE_GOAL
        later = sheets[
            np.minimum(gained, KNOWLEDGE_GOAL - 1), np.minimum(madness, MAD), self.six_left
        ]
        value = np.where(won, 1.0, DISCOUNT * later)
        value[madness >= MAD] = 0.0
        value[MAD] = 0.0
        return value

    def opening(self, choose: np.ndarray) -> np.ndarray:
        """[madness, six left]: a turn's worth before its tests and its first throw."""
        landed = np.minimum(MADNESS[:, None] + HAND_SIXES[None, :], MAD)
        thrown = choose[landed, np.arange(len(HANDS))]
        if self.test_timing == FIRST_ROLL:  # tested against the Madness before the sixes
            failed = choose[np.minimum(landed + TEST_PENALTY, MAD), np.arange(len(HANDS))]
            fails = np.where(HAND_SIXES[None, :] > 0, TEST_FAILS[:, None], 0.0)
            thrown = (1 - fails) * thrown + fails * failed
        rolled = (thrown * START).sum(axis=1)
        rolled[MAD] = 0.0
        tested = (1 - TEST_FAILS) * rolled + TEST_FAILS * rolled[UP_TWO]
        if self.test_timing != PREVIOUS:
            tested = rolled
        return np.stack([rolled, tested], axis=1)

    def solve(self) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """Value iteration, sheet by sheet from 49 Knowledge down: a pair or nothing keeps
        the Knowledge, so each level is iterated until its values settle."""
        sheets = np.zeros((KNOWLEDGE_GOAL, ROWS, 2))
        plans: list = [None] * KNOWLEDGE_GOAL
        for knowledge in reversed(range(KNOWLEDGE_GOAL)):
            if knowledge + 1 < KNOWLEDGE_GOAL:
                sheets[knowledge] = sheets[knowledge + 1]
            for _ in range(200):
                scored = self.scored(sheets, knowledge)
                second, first, choose = self.turn(scored)
                values = self.opening(choose)
                change = np.abs(values - sheets[knowledge]).max()
                sheets[knowledge] = values
                if change < SETTLED:
                    break
            plans[knowledge] = (scored, second, first)
        return plans


@cache
def _plans(test_timing: str, sixes: str, full_bonus: bool) -> list:
    return Rules(test_timing, sixes, full_bonus).solve()


class PlannerBot(Robot):
    """Follows the precomputed policy: among stopping and the 31 rerolls, the one worth the
    most by the exact expectation over the dice and the sheets to come."""

    def choose(self, state: MadnessState) -> Action:
        if state.phase == "start":
            return _START[0]
        seat = state.current
        plans = _plans(state.test_timing, state.sixes, state.full_bonus)
        scored, second, first = plans[min(state.knowledge[seat], KNOWLEDGE_GOAL - 1)]
        madness, faces = state.madness[seat], state.faces
        kept_value = first if state.rerolls_left == REROLLS else second
        best, best_value = _STOP, scored[madness, _HAND[tuple(sorted(faces))]]
        for dice in SUBSETS:
            kept = tuple(sorted(f for i, f in enumerate(faces) if i not in dice))
            value = kept_value[madness, _KEEPER[kept]]
            if value > best_value + 1e-12:
                best, best_value = _ROLLS[dice], value
        return best


def solution() -> str:
    """What Fort plays, for the lab."""
    return (
        "Ni l'équilibre ni la meilleure réponse à Moyen : sa propre course résolue "
        "exactement (itération sur les valeurs de chaque feuille et de chaque main), la "
        "chance d'atteindre 50 avant 15, escomptée à chaque tour."
    )


LEVEL_BOTS = {"debutant": NoviceBot, "moyen": MadnessBot, "fort": PlannerBot}
