"""Le Jeu des Trois Couronnes' robots at three levels (RULINGS.md §9). Nothing is hidden, so
each reads its seat's view whole; all follow the options chosen at setup.

- Débutant keeps every die it may, stops on a kingdom worth 8 or more (or after the third
  throw), never goes to war and accepts most alliances.
- Moyen plays each kingdom turn for the most points on average, accepts every alliance and
  goes to war only when it pays: on top of a normal turn (the TRC-6 variant), or in the last
  round against a leader that a kingdom turn can no longer catch.
- Fort plays every choice (each throw, war, alliance and answer) for its chance of winning
  the game, read from the two-player race solved backwards over both scores and the turns
  left, both sides playing their best turns and wars (`duel_tables`, computed once per set
  of options in well under a second). Against several rivals it multiplies its chances of
  ending above each; alone it plays for a total above 0.

A kingdom turn is small enough to solve exactly: locked dice are always the role faces 6, 5,
4 in order and every other die is thrown again, so a position is told by the free faces, the
number of locks and the throws made. `TurnSolver` plays it best for any worth of the turn's
change of score (the points themselves for Moyen, the chance of winning for Fort);
`TurnTable` does the same for every score at once, to build the race tables.

The game leaves little to skill: the best possible reply to Moyen's play (solved the same
way) wins about 52.6 % of two-player games, seats alternated, and Fort wins 53 % (52 % to
54 % over 10,000 games). Against three Moyen, Fort wins its share, 25 %: holding back its
wars until the end, or playing for points until then, did no better.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from random import Random
from typing import Any

import numpy as np

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


def best_roll(state: TroisCouronnesState, solver: TurnSolver) -> Action:
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
    """The row of these points in a race table."""
    return np.clip(points - LOW, 0, len(SCORES) - 1)


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
        stops = [worth[rows] for rows in self.rows]
        rethrow: dict[tuple[int, int], np.ndarray] = {}
        for throw in range(MAX_THROWS, 0, -1):
            for locks in range(DICE):
                total = np.zeros_like(worth)
                for free, chance in THROWS[DICE - locks]:
                    faces = ROLE_FACES[:locks] + free
                    best = stops[self.ends[self.end(faces, locks, throw)]]
                    if throw < MAX_THROWS:
                        for count in range(locks, lockable(faces, locks) + 1):
                            best = np.maximum(best, rethrow[(count, throw)])
                    total += chance * best
                rethrow[(locks, throw - 1)] = total
        return rethrow[(0, 0)]


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
    turn, chance = TurnTable(race.scoring), float(WAR_CHANCE)
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
    turn = TurnTable(scoring)
    tables = [(SCORES > 0).astype(np.float32)]
    for _ in range(ROUNDS):
        tables.append(turn.start(tables[-1]))
    return tables


def duel_chance(
    tables: Tables,
    scores: tuple[int, int],
    turns: tuple[int, int],
    first: bool,
    barred: tuple[bool, bool],
) -> float:
    """The chance that a seat ends above a rival, with their scores, their turns left,
    whether the seat plays before the rival, and whether each attacked the other last."""
    if not first:
        return 1 - duel_chance(tables, scores[::-1], turns[::-1], True, barred[::-1])
    mine, theirs = turns
    t = 2 * (ROUNDS - mine) + (theirs < mine)
    return float(tables[t][barred][grid(scores[0]), grid(scores[1])])


def turns_left(state: TroisCouronnesState) -> list[int]:
    """Kingdom turns each seat still has after the one being played."""
    rounds = ROUNDS - state.round
    return [rounds + (s > state.current) for s in range(state.seats)]


# --- the robots --------------------------------------------------------------------------


class Debutant:
    """Keeps every die it may, stops on a kingdom worth 8 or more (or after the third
    throw), never goes to war and accepts most alliances."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, state: TroisCouronnesState) -> Action:
        if state.phase == ANSWER:
            return AnswerAlliance(self.rng.random() < 0.7)
        if state.phase == START:
            return Roll()
        found = state.kingdom_now()
        if state.throws_left == 0 or (found is not None and found.points >= 8):
            return Stop()
        return Roll(state.suggested_lock())


class Moyen:
    """Stops or throws again for the most points on average, always accepts an alliance (it
    is worth +1.3 on average), and goes to war only when it pays: on top of a normal turn
    (the TRC-6 variant), or in the last round against a leader a kingdom turn can no longer
    catch."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)

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


class Fort:
    """Plays every choice for its chance of ending first, read from the race solved backwards
    for two (`duel_tables`); against several rivals, the chances of ending above each are
    multiplied. Each throw, war, alliance and answer is weighed so."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, state: TroisCouronnesState) -> Action:
        if state.phase == ANSWER:
            return self.answer(state)
        if state.phase == ROLLING:
            return best_roll(state, self.solver(state, {}, state.last_war_target_round))
        return self.start(state)

    def chance(
        self,
        state: TroisCouronnesState,
        me: int,
        scores: Sequence[int],
        turns: Sequence[int],
        targeted: Sequence[int | None],
    ) -> float:
        """The chance that `me` ends first (alone: above 0) with these scores, kingdom turns
        left to each seat, and the round each seat was last attacked in."""
        if state.seats == 1:
            return float(solo_tables(Scoring.of(state))[turns[me]][grid(scores[me])])
        tables = duel_tables(Race.of(state))
        chance = 1.0
        for rival in range(state.seats):
            if rival == me:
                continue
            pair = (turns[me], turns[rival])
            first = pair[0] > pair[1] or (pair[0] == pair[1] and me < rival)
            barred = (targeted[rival] == ROUNDS - pair[0], targeted[me] == ROUNDS - pair[1])
            duel = (scores[me], scores[rival])
            chance *= duel_chance(tables, duel, pair, first, barred)
        return chance

    def solver(
        self,
        state: TroisCouronnesState,
        changes: Mapping[int, int],
        targeted: Sequence[int | None],
    ) -> TurnSolver:
        """The turn of the seat to move played for the win, once `changes` are counted."""
        me, turns = state.current, turns_left(state)
        scores = [state.scores[s] + changes.get(s, 0) for s in range(state.seats)]

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
        best: Action = Roll()
        best_value = self.solver(state, {}, targeted).rethrow(0, 0)
        for target in state.war_targets():
            steal = WAR_STEAL
            if state.covered_stakes:
                steal = min(WAR_STEAL, max(0, state.scores[target]))
            won, lost = {me: steal, target: -steal}, {me: -WAR_BET, target: WAR_BET}
            attacked = [state.round if s == target else r for s, r in enumerate(targeted)]
            chance = float(WAR_CHANCE)
            value = self.after_special(state, [(chance, won), (1 - chance, lost)], attacked)
            if value > best_value + 1e-9:
                best, best_value = DeclareWar(target), value
        for partner in state.alliance_partners():
            won = {me: ALLIANCE_GAIN, partner: ALLIANCE_GAIN}
            lost = {me: -ALLIANCE_BET, partner: -ALLIANCE_BET}
            chance = float(ALLIANCE_CHANCE)
            value = self.after_special(state, [(chance, won), (1 - chance, lost)], targeted)
            if value > best_value + 1e-9:
                best, best_value = ProposeAlliance(partner), value
        return best

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


LEVEL_BOTS = {"debutant": Debutant, "moyen": Moyen, "fort": Fort}
