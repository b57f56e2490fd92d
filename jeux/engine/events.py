"""Events several games announce in the very same words."""

from __future__ import annotations

from dataclasses import dataclass

from jeux.engine.core import Event, quick_init
from jeux.engine.dice import DiceThrow
from jeux.engine.text import de


@quick_init
@dataclass(frozen=True)
class Passed(Event):
    """A seat lets its turn go by (Arcane Arena, Le Coffre et la Clé)."""

    seat: int
    player: str

    def describe(self) -> str:
        return f"{self.player} passe."

    def describe_to(self, seat: int | None) -> str:
        return "Tu passes." if seat == self.seat else super().describe_to(seat)


@quick_init
@dataclass(frozen=True)
class TurnStarted(Event):
    player: str
    round: int

    def describe(self) -> str:
        return f"Au tour {de(self.player)}."


@quick_init
@dataclass(frozen=True)
class DiceRolled(DiceThrow, Event):
    """A throw of some of the dice: `faces` are all of them after it, by position."""

    player: str
    faces: tuple[int, ...]
    thrown: tuple[int, ...]
    throw: int
    """The throw's number in the turn."""

    def describe(self) -> str:
        return f"{self.player} lance {self.thrown_text()}."


@quick_init
@dataclass(frozen=True)
class Eliminated(Event):
    """A seat out of the round: its health is gone."""

    seat: int
    player: str

    def describe(self) -> str:
        return f"{self.player} est éliminé·e de la manche."

    def describe_to(self, seat: int | None) -> str:
        if seat == self.seat:
            return "Tu es éliminé·e de la manche."
        return super().describe_to(seat)


@quick_init
@dataclass(frozen=True)
class GameOver(Event):
    summary: str

    def describe(self) -> str:
        return self.summary
