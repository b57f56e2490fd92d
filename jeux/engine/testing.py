"""Forced randomness for engine tests: scripted dice, decks left in the given order."""

from __future__ import annotations

from collections.abc import Iterable
from random import Random


class ForcedRng(Random):
    """An rng whose `randint` answers the scripted values in order and whose `shuffle`
    keeps the order given, so a test decides every die and every deck. Like the match's
    rng it counts its draws, so a forced die still closes the way back (see Match.undo)."""

    draws = 0

    def __init__(self, rolls: Iterable[int] = (), choices: Iterable[int] = ()) -> None:
        super().__init__(0)
        self.rolls = list(rolls)
        self.picks = list(choices)

    def randint(self, a: int, b: int) -> int:
        if not self.rolls:
            raise AssertionError("the test scripted no more dice")
        self.draws += 1
        value = self.rolls.pop(0)
        if not a <= value <= b:
            raise AssertionError(f"scripted {value} outside {a}..{b}")
        return value

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        self.draws += 1

    def choice(self, seq):  # type: ignore[override]
        self.draws += 1
        return seq[self.picks.pop(0) if self.picks else 0]

    def random(self) -> float:
        self.draws += 1
        return 0.0
