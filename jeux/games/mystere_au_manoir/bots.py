"""Mystère au Manoir's robots, one per level (RULINGS.md §10, interaction profile: nothing
hidden; the bot spends witnesses on low leads and chases four of a kind or triple 1).

A pass is a small Markov decision process: five dice, whether the double 1 is spent, and the
rerolls allowed. Fort solves it once per scoring variant (value iteration over the 504
positions) for the most points a pass brings on average, and in the last round, when a
number of points decides the game, for the best chance of scoring at least that many.
Moyen follows the rules of thumb of the ruling; Débutant only spends each witness on itself.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement, product

from jeux.engine.bots import Robot
from jeux.engine.core import Action
from jeux.engine.dice import throw_chances

from .rules import (
    CHOOSE,
    CLUE,
    DICE,
    FALSE_LEAD,
    PERFECT_POINTS,
    WITNESS,
    DoubleOneReroll,
    MystereState,
    Roll,
    Score,
    WitnessReroll,
    throw_value,
)

Dice = tuple[int, ...]
"""Five faces, sorted: the positions of the solved pass."""


def rerolls(dice: Dice, double_one_used: bool) -> list[tuple[Dice, bool]]:
    """The distinct rerolls allowed from `dice` (sorted): the dice kept, and whether the
    double 1 pays for it (MM-2, MM-4)."""
    counts = Counter(dice)
    faces = sorted(f for f in counts if f != FALSE_LEAD)
    found: list[tuple[Dice, bool]] = []
    for taken in product(*(range(counts[f] + 1) for f in faces)):
        thrown = Counter(dict(zip(faces, taken, strict=True)))
        if thrown[WITNESS]:
            found.append((tuple(sorted((counts - thrown).elements())), False))
    if not double_one_used and counts[CLUE] >= 2:
        for face in faces:
            if face != CLUE:
                found.append((tuple(sorted((counts - Counter([face])).elements())), True))
    return found


POSITIONS: tuple[Dice, ...] = tuple(d for d, _ in throw_chances(DICE))
INDEX = {dice: i for i, dice in enumerate(POSITIONS)}


@cache
def kept_sets() -> tuple[Dice, ...]:
    """Every multiset of dice a reroll may keep (up to four)."""
    return tuple(k for n in range(DICE) for k in combinations_with_replacement(range(1, 7), n))


@cache
def landing(kept: Dice) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The positions (indices) a throw of the other dice leads to, and their chances."""
    outcomes = throw_chances(DICE - len(kept))
    return (
        tuple(INDEX[tuple(sorted(kept + r))] for r, _ in outcomes),
        tuple(q for _, q in outcomes),
    )


@cache
def choices_of() -> tuple[tuple[tuple[tuple[Dice, bool], ...], ...], ...]:
    """For each double-1 state (unused, used) and position, its rerolls (kept, double 1)."""
    return tuple(tuple(tuple(rerolls(dice, used)) for dice in POSITIONS) for used in (False, True))


class Pass:
    """A pass solved for one scoring variant and one goal: the most points on average
    (`need` None), or the best chance to bank at least `need` points this turn. `value`
    gives each position's worth when played best from there (by double-1 state, position
    index), `after` a reroll's worth by the dice it keeps."""

    def __init__(self, easy: bool, exact_square: bool, need: int | None) -> None:
        self.easy, self.exact_square, self.need = easy, exact_square, need
        self.start = 0.0
        """A fresh pass's worth; for the average goal, a perfect one adds it to its 50."""
        self.value = [[0.0] * len(POSITIONS) for _ in range(2)]
        self.after: list[dict[Dice, float]] = [{}, {}]
        self._solve()

    def scored(self, dice: Dice) -> float:
        """What scoring these dice is worth now; a perfect one banks 50 and throws again."""
        value = throw_value(dice, self.easy, self.exact_square)
        if self.need is None:
            return value.points + (self.start if value.perfect else 0.0)
        if value.points >= self.need:
            return 1.0
        if value.perfect:
            return solved(self.easy, self.exact_square, self.need - PERFECT_POINTS).start
        return 0.0

    def rerolled(self, kept: Dice, double_one_used: bool) -> float:
        """A reroll's worth, by the dice it keeps."""
        return self.after[double_one_used][kept]

    def _solve(self) -> None:
        scored = [self.scored(d) for d in POSITIONS]
        perfect = [throw_value(d, self.easy, self.exact_square).perfect for d in POSITIONS]
        every = choices_of()
        for _ in range(1000):
            for used in (0, 1):
                value = self.value[used]
                self.after[used] = {
                    kept: sum([q * value[i] for i, q in zip(*landing(kept), strict=True)])
                    for kept in kept_sets()
                }
            change = 0.0
            for used in (0, 1):
                value = self.value[used]
                for i, rerolls_here in enumerate(every[used]):
                    bonus = self.start if perfect[i] and self.need is None else 0.0
                    best = max(
                        [scored[i] + bonus]
                        + [self.after[used or d1][kept] for kept, d1 in rerolls_here]
                    )
                    change = max(change, abs(best - value[i]))
                    value[i] = best
            start = sum([q * v for q, v in zip(landing(())[1], self.value[0], strict=True)])
            change, self.start = max(change, abs(start - self.start)), start
            if change < 1e-9:
                return


@cache
def solved(easy: bool, exact_square: bool, need: int | None) -> Pass:
    return Pass(easy, exact_square, need)


def last_turn_need(state: MystereState) -> int | None:
    """The points this turn must bank to beat every other score when it is the seat's last
    turn (the round finished after someone reached the target, or a turn limit's last round);
    None when the game goes on after it, or alone."""
    race = state.race
    if race.solo:
        return None
    last = race.equal_turns and race.final_round
    if not (last or 0 < race.turn_limit <= race.round):
        return None
    best = max(score for seat, score in enumerate(race.scores) if seat != race.current)
    return best - race.scores[race.current] + 1


class MystereBot(Robot):
    """What every level shares: its own rng, and throwing whenever a throw is due (the bonus
    pass of a perfect investigation can only add points)."""

    def choose(self, state: MystereState) -> Action:
        if state.phase != CHOOSE:
            return Roll()
        return self.decide(state)

    def decide(self, state: MystereState) -> Action:
        raise NotImplementedError


class Debutant(MystereBot):
    """Lets each witness speak for itself alone (a 5 scores nothing, so this never loses),
    when it remembers to: half the time it scores its dice as they fall."""

    def decide(self, state: MystereState) -> Action:
        value = state.value()
        if value and value.perfect or not state.witnesses() or self.rng.random() < FORGETS:
            return Score()
        return WitnessReroll(state.witnesses())


FORGETS = 0.5
"""How often Débutant forgets its witnesses."""


class Moyen(MystereBot):
    """The ruling's rules of thumb: witnesses reroll the low leads, keeping three of a kind
    to chase the four, or two 1s to chase the third; the double 1 rerolls a low die."""

    def decide(self, state: MystereState) -> Action:
        dice, value = state.dice, state.value()
        if value and value.perfect:
            return Score()
        if state.witnesses():
            keep = self.keepers(dice)
            return WitnessReroll(tuple(i for i in state.rerollable() if dice[i] not in keep))
        targets = state.double_one_targets()
        if targets:
            lowest = min(targets, key=lambda i: dice[i])
            if dice[lowest] <= 3:
                return DoubleOneReroll(lowest)
        return Score()

    @staticmethod
    def keepers(dice: list[int]) -> set[int]:
        """The faces a witness reroll keeps."""
        counts = Counter(dice)
        square = next((f for f in (4, 3, 2) if counts[f] >= 3), None)
        if square is not None:
            return {square, 3, 4}
        if counts[CLUE] >= 2:
            return {CLUE, 3, 4}
        return {3, 4}


class Fort(MystereBot):
    """Plays the solved pass: each reroll is worth the average, over the dice, of playing on
    best from where it lands; on its last turn it plays for the points that win instead."""

    def decide(self, state: MystereState) -> Action:
        need = last_turn_need(state)
        if need is not None:
            need -= state.turn_points
        goal = need if need is not None and need > 0 else None
        table = solved(state.easy_perfect, state.exact_square, goal)
        dice = tuple(sorted(state.dice))
        best: Action = Score()
        best_value = table.scored(dice)
        for action in state.legal_actions():
            if isinstance(action, WitnessReroll):
                thrown, double_one = action.dice, False
            elif isinstance(action, DoubleOneReroll):
                thrown, double_one = (action.die,), True
            else:
                continue
            kept = tuple(sorted(f for i, f in enumerate(state.dice) if i not in thrown))
            worth = table.rerolled(kept, state.double_one_used or double_one)
            if worth > best_value + 1e-9:
                best, best_value = action, worth
        return best


def solution() -> str:
    """What Fort plays, for the lab."""
    return (
        "Ni l'équilibre ni la meilleure réponse à Moyen : la passe résolue exactement (504 "
        "positions) pour le plus de points en moyenne, et au dernier tour pour la meilleure "
        "chance de marquer ce qui gagne."
    )


LEVEL_BOTS = {"debutant": Debutant, "moyen": Moyen, "fort": Fort}
