"""Le Capitaine robots at three levels. Locking the crew is automatic (CAP-4): the only
choice is, once 6-5-4 is complete, to sail or to rethrow one or both cargo dice (CAP-3).

- Débutant sails as soon as the cargo looks decent, and rethrows both dice otherwise.
- Moyen rethrows the cargo while it is below 8, the low dice alone when it may, and in
  the last round while it stays behind the leader.
- Fort maximises the expected cargo, die by die, and in the last round sails only with
  enough to beat the leader.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from random import Random

from jeux.engine.core import Action

from .rules import _ROLLS, _STOP, BOTH, CapitaineState

FACES = range(1, 7)


class BeginnerBot:
    """Sails with a cargo of 6 or more (sometimes 5, sometimes 7), else rethrows both dice."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, state: CapitaineState) -> Action:
        legal = state.legal_actions()
        if not state.crew_complete:
            return legal[0]
        if state.cargo >= self.rng.choice((5, 6, 6, 7)):
            return _STOP
        return _ROLLS[state.cargo_dice]


class MediumBot:
    """RULINGS.md §1: rethrows the cargo while it is below about 8 and throws remain; one
    die at a time when allowed (the low ones), both together otherwise. In the last round
    it rethrows any cargo that leaves it behind the leader."""

    THRESHOLD = 8

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)  # kept for the contract: this bot needs no chance

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


class StrongBot:
    """Chooses the rethrow with the best expected value of the turn (`best_rethrow`); when
    the round is the last one, the value of a cargo is whether it beats the leader."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)  # kept for the contract: this bot needs no chance

    def choose(self, state: CapitaineState) -> Action:
        legal = state.legal_actions()
        if not state.crew_complete:
            return legal[0]
        a, b = (state.faces[i] for i in state.cargo_dice)
        values = _final_values(state) if state.race.final_round else _KNOTS
        rethrow = best_rethrow(values, a, b, state.throws_left, state.cargo_reroll == BOTH)
        return _ROLLS[tuple(state.cargo_dice[i] for i in rethrow)] if rethrow else _STOP


_KNOTS = tuple(range(13))
"""A cargo valued at its knots: the value of the turn is its expected cargo."""


def _final_values(state: CapitaineState) -> tuple[float, ...]:
    """In the last round: a cargo wins if it passes the best score of the others, and ties
    them for a tie-break half the time."""
    me = state.current
    best = max(s for i, s in enumerate(state.knots) if i != me)
    mine = state.knots[me]
    return tuple(1.0 if mine + c > best else 0.5 if mine + c == best else 0.0 for c in _KNOTS)


@cache
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


@cache
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


LEVELS = {"debutant": BeginnerBot, "moyen": MediumBot, "fort": StrongBot}
