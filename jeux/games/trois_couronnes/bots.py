"""Le Jeu des Trois Couronnes' robots at three levels (RULINGS.md §9). Nothing is hidden, so
each reads its seat's view whole; all follow the options chosen at setup.

A kingdom turn is small enough to solve exactly: locked dice are always the role faces 6, 5,
4 in order and every other die is thrown again, so a position is told by the free faces, the
number of locks and the throws made. `TurnSolver` plays it best for any worth of the turn's
change of score: the points themselves for Moyen (its tables are kept, so it decides at
once), and in the last round, for Fort, the chance of ending the game first.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import accumulate
from random import Random

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

POINT = 1e-7
"""What Fort counts a point for, on top of its chance of winning: enough to break ties
(a game already lost, or won whatever happens) for points, never to risk the game."""
ACCEPTED = 0.8
"""How likely Fort takes an offered alliance to be accepted."""


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


# --- what the rest of the game may bring -------------------------------------------------


@cache
def turn_spread(scoring: Scoring) -> dict[int, float]:
    """A kingdom turn's change of score, played for points (a 6-6-6 on nothing)."""
    return points_solver(scoring, 0).spread()


@cache
def turns_spread(scoring: Scoring, turns: int) -> dict[int, float]:
    """The sum of `turns` kingdom turns."""
    if turns == 0:
        return {0: 1.0}
    found: dict[int, float] = {}
    for total, p in turns_spread(scoring, turns - 1).items():
        for change, q in turn_spread(scoring).items():
            found[total + change] = found.get(total + change, 0.0) + p * q
    return found


@cache
def lead_gains(scoring: Scoring, mine: int, theirs: int) -> tuple[list[int], list[float], dict]:
    """What my `mine` turns bring minus what their `theirs` bring: the sorted values, the
    chance of reaching each, and each value's chance."""
    found: dict[int, float] = {}
    for a, p in turns_spread(scoring, mine).items():
        for b, q in turns_spread(scoring, theirs).items():
            found[a - b] = found.get(a - b, 0.0) + p * q
    values = sorted(found)
    at_least = list(accumulate(found[v] for v in reversed(values)))[::-1]
    return values, at_least, found


def ahead_chance(scoring: Scoring, mine: int, theirs: int, lead: int, tie: float) -> float:
    """The chance that a lead of `lead` points is still a lead once I play `mine` more
    turns and they play `theirs` (a tie counting `tie`)."""
    values, at_least, found = lead_gains(scoring, mine, theirs)
    index = bisect_right(values, -lead)
    return (at_least[index] if index < len(values) else 0.0) + tie * found.get(-lead, 0.0)


def win_chance(
    state: TroisCouronnesState, me: int, scores: Sequence[int], turns: Sequence[int]
) -> float:
    """The chance that `me` ends first (alone: above 0), with these scores and these kingdom
    turns left to each seat. A rival's very last turn, after mine, is its best answer to my
    total (`overtaken`); turns further off are taken as played for points."""
    scoring = Scoring.of(state)
    if state.seats == 1:
        return ahead_chance(scoring, turns[me], 0, scores[me], 0.0)
    chance = 1.0
    for rival in range(state.seats):
        if rival == me:
            continue
        if state.round == ROUNDS and turns[me] == 0 and turns[rival] == 1:
            chance *= 1 - overtaken(state, me, rival, scores)
        else:
            lead = scores[me] - scores[rival]
            chance *= ahead_chance(scoring, turns[me], turns[rival], lead, 0.5)
    return chance


@lru_cache(maxsize=8192)
def last_turn_chance(scoring: Scoring, before: int, lead: int) -> float:
    """The best chance a last kingdom turn from `before` has of beating a lead of `lead`
    (a tie counting half)."""

    def worth(change: int) -> float:
        return 1.0 if change > lead else 0.5 if change == lead else 0.0

    return TurnSolver(scoring, before, worth).rethrow(0, 0)


def overtaken(state: TroisCouronnesState, me: int, rival: int, scores: Sequence[int]) -> float:
    """The chance that `rival`'s last turn takes the lead from `me`, by its best kingdom or
    by a war on me when that is likelier to (a tie counting half)."""
    lead = scores[me] - scores[rival]
    chance = last_turn_chance(Scoring.of(state), scores[rival], lead)
    sheltered = state.last_war_target_round[me] == ROUNDS - 1  # TRC-8
    poor = state.covered_stakes and scores[rival] < WAR_BET
    if state.special_plus_turn or sheltered or poor:
        return chance
    steal = min(WAR_STEAL, max(0, scores[me])) if state.covered_stakes else WAR_STEAL
    won, lost = lead - 2 * steal, lead + 2 * WAR_BET
    war = float(WAR_CHANCE) * ((won < 0) + 0.5 * (won == 0))
    war += (1 - float(WAR_CHANCE)) * ((lost < 0) + 0.5 * (lost == 0))
    return max(chance, war)


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
    """Plays for points like Moyen until the last round (played for points, seven turns
    leave too little to steer), then for the win: every choice of the last round (each
    throw, war, alliance, answer) is weighed by its chance of ending the game first, each
    rival still to play answering with its best kingdom or a war."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)
        self.points = Moyen(seed)

    def choose(self, state: TroisCouronnesState) -> Action:
        if state.round < ROUNDS:
            return self.points.choose(state)
        if state.phase == ANSWER:
            return self.answer(state)
        if state.phase == ROLLING:
            return best_roll(state, self.solver(state, {}))
        return self.start(state)

    def solver(self, state: TroisCouronnesState, changes: Mapping[int, int]) -> TurnSolver:
        """The turn of the seat to move played for the win, once `changes` are counted."""
        me, turns = state.current, turns_left(state)
        scores = [state.scores[s] + changes.get(s, 0) for s in range(state.seats)]

        @cache
        def worth(change: int) -> float:
            ended = [score + change * (s == me) for s, score in enumerate(scores)]
            return win_chance(state, me, ended, turns) + POINT * change

        return TurnSolver(Scoring.of(state), scores[me], worth)

    def after_special(
        self, state: TroisCouronnesState, outcomes: Sequence[tuple[float, Mapping[int, int]]]
    ) -> float:
        """The win chance after a War or an Alliance with these (chance, changes) outcomes:
        its throw is the turn, or a normal turn follows (TRC-6 variant)."""
        me, turns = state.current, turns_left(state)
        total = 0.0
        for chance, changes in outcomes:
            if state.special_plus_turn:
                total += chance * self.solver(state, changes).rethrow(0, 0)
            else:
                scores = [state.scores[s] + changes.get(s, 0) for s in range(state.seats)]
                total += chance * win_chance(state, me, scores, turns)
        return total

    def start(self, state: TroisCouronnesState) -> Action:
        me = state.current
        normal = self.solver(state, {}).rethrow(0, 0)
        best: Action = Roll()
        best_value = normal
        for target in state.war_targets():
            steal = WAR_STEAL
            if state.covered_stakes:
                steal = min(WAR_STEAL, max(0, state.scores[target]))
            won, lost = {me: steal, target: -steal}, {me: -WAR_BET, target: WAR_BET}
            chance = float(WAR_CHANCE)
            value = self.after_special(state, [(chance, won), (1 - chance, lost)])
            if value > best_value + 1e-9:
                best, best_value = DeclareWar(target), value
        for partner in state.alliance_partners():
            won = {me: ALLIANCE_GAIN, partner: ALLIANCE_GAIN}
            lost = {me: -ALLIANCE_BET, partner: -ALLIANCE_BET}
            chance = float(ALLIANCE_CHANCE)
            allied = self.after_special(state, [(chance, won), (1 - chance, lost)])
            value = ACCEPTED * allied + (1 - ACCEPTED) * normal
            if value > best_value + 1e-9:
                best, best_value = ProposeAlliance(partner), value
        return best

    def answer(self, state: TroisCouronnesState) -> Action:
        """Accept when the alliance leaves a better chance than the proposer's normal turn."""
        me, proposer = state.partner, state.current
        assert me is not None
        turns = turns_left(state)
        played = [*turns]
        played[proposer] += 1  # a refusal, or the variant, gives the proposer a turn now
        refused = win_chance(state, me, state.scores, played)
        accepted = 0.0
        chance = float(ALLIANCE_CHANCE)
        for p, delta in ((chance, ALLIANCE_GAIN), (1 - chance, -ALLIANCE_BET)):
            scores = list(state.scores)
            scores[me] += delta
            scores[proposer] += delta
            after = played if state.special_plus_turn else turns
            accepted += p * win_chance(state, me, scores, after)
        return AnswerAlliance(accepted >= refused)


LEVEL_BOTS = {"debutant": Debutant, "moyen": Moyen, "fort": Fort}
