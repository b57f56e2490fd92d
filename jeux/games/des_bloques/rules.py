"""Les dés bloqués (RULINGS.md §4): throw, add the dice unless a 2 or a 5 shows, block them.

Each `Roll` is one throw of the dice still active. A throw without any 2 or 5 adds its sum to
the turn; a throw with one scores nothing (DB-1) and its 2s and 5s are set aside for good.
The turn ends when every die is blocked, and the game after ten turns each. By the text the
player decides nothing: the only action is the next throw (DB-2), unless a variant allows
`Stop`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from jeux.engine.bots import Robot
from jeux.engine.core import Action, Event, Outcome, State, ranks_from_scores
from jeux.engine.dice import roll
from jeux.engine.text import TURN_LIMIT, de, plural

DICE = 5
TURNS = 10
BLOCKING = (2, 5)

ROLL, OVER = "roll", "over"
"""Phases: the current player throws (or stops, in the variants); the game is over."""

THROW, TURN = "throw", "turn"
"""What a 2 or 5 cancels: the throw only (DB-1), or the whole turn so far (strict)."""

SHARED, PLAYOFF = "shared", "playoff"
"""Ties for first place: shared victory (DB-3), or extra turns for the tied leaders."""

BY_KEY, AUTO = "key", "auto"
"""The pace of a human's turn (DB-2): a key per throw, or the throws follow each other once
the turn's first is thrown. The engine plays the same either way; the screen reads it."""

SCORED, BLOCKED, VOID = "scored", "blocked", "void"
"""What a die of a throw did: added its face, was blocked (a 2 or a 5), or scored nothing
because another die of the throw was blocked (DB-1)."""


@dataclass(frozen=True)
class ThrowResult:
    """One throw judged: its points, the dice it blocks, its value in the game's words."""

    faces: tuple[int, ...]
    points: int
    blocked: tuple[int, ...]

    @property
    def marks(self) -> tuple[str, ...]:
        """SCORED, BLOCKED or VOID for each die of the throw, in order."""
        if not self.blocked:
            return (SCORED,) * len(self.faces)
        return tuple(BLOCKED if f in BLOCKING else VOID for f in self.faces)

    @property
    def label(self) -> str:
        """The throw in words: "Aucun 2 ni 5 : +20", "2 dés bloqués (2, 5) : aucun point"."""
        if not self.blocked:
            return f"Aucun 2 ni 5 : +{self.points}"
        shown = ", ".join(map(str, self.blocked))
        count = len(self.blocked)
        return f"{plural(count, 'dé')} bloqué{'s' * (count > 1)} ({shown}) : aucun point"


def judge_throw(faces: Sequence[int]) -> ThrowResult:
    faces = tuple(faces)
    blocked = tuple(f for f in faces if f in BLOCKING)
    return ThrowResult(faces, 0 if blocked else sum(faces), blocked)


def clean_chance(dice: int) -> float:
    """The chance that a throw of this many dice shows no 2 and no 5 (and so scores)."""
    return (2 / 3) ** dice if dice else 0.0


CLEAN_AVERAGE = 3.5
"""The average die of a throw without 2 or 5 (faces 1, 3, 4, 6)."""


# --- actions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll(Action):
    """Throw every die that is not blocked yet."""


@dataclass(frozen=True)
class Stop(Action):
    """Variants only: end the turn now and keep its points (DB-2)."""


# --- events -------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnStarted(Event):
    player: str
    turn: int
    playoff: bool = False

    def describe(self) -> str:
        if self.playoff:
            return f"Barrage : au tour {de(self.player)}."
        return f"Tour {self.turn} : au tour {de(self.player)}."


@dataclass(frozen=True)
class DiceRolled(Event):
    player: str
    result: ThrowResult
    active: int
    """Dice still free after this throw."""
    turn_total: int
    lost: int = 0
    """Strict variant: the turn's points wiped out by this throw."""

    def describe(self) -> str:
        faces = ", ".join(map(str, self.result.faces))
        text = f"{self.player} lance {faces} — {self.result.label}."
        if self.lost:
            text += f" Les {self.lost} points du tour sont perdus."
        if self.active:
            text += f" Encore {plural(self.active, 'dé')} ; tour : {self.turn_total}."
        return text


@dataclass(frozen=True)
class TurnEnded(Event):
    player: str
    points: int
    total: int
    stopped: bool = False

    def describe(self) -> str:
        how = "s'arrête et marque" if self.stopped else "marque"
        return f"{self.player} {how} {plural(self.points, 'point')} ce tour : total {self.total}."


@dataclass(frozen=True)
class PlayoffStarted(Event):
    players: tuple[str, ...]
    score: int

    def describe(self) -> str:
        names = ", ".join(self.players[:-1]) + " et " + self.players[-1]
        return f"Égalité à {self.score} points entre {names} : tour de barrage."


@dataclass(frozen=True)
class GameEnded(Event):
    summary: str

    def describe(self) -> str:
        return self.summary


# --- state --------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnRecord:
    """One row of the score sheet: the turn's points and the total after it."""

    points: int
    total: int
    playoff: bool = False


class DesBloquesState(State):
    """Public, for the screen: `scores`, `sheet` (one `TurnRecord` per turn played; a seat
    left out of a playoff has fewer rows), `turn` (1..10, then 11… for playoff turns),
    `current`, `phase`, `faces` (the last throw), `last_throw` (its `ThrowResult`),
    `blocked` (faces set aside this turn), `active` (dice the next throw uses),
    `turn_total`, `throws`, `playoff` (seats in a tie-break, else empty), `can_stop`."""

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = tuple(players)
        self.strict: bool = options["penalty"] == TURN
        self.stop_allowed: bool = options["stop"] or self.strict
        self.playoffs: bool = options["ties"] == PLAYOFF
        self.auto: bool = options["pace"] == AUTO and not self.stop_allowed
        """Throws follow each other on screen: nothing is left to decide (DB-2)."""
        self.scores = [0] * self.seats
        self.sheet: list[list[TurnRecord]] = [[] for _ in range(self.seats)]
        self.turn = 1
        self.current = 0
        self.playoff: tuple[int, ...] = ()
        self.phase = ROLL
        self._start_turn()

    def _start_turn(self) -> None:
        self.active = DICE
        self.blocked: list[int] = []
        self.faces: tuple[int, ...] = ()
        self.last_throw: ThrowResult | None = None
        self.turn_total = 0
        self.throws = 0

    @property
    def turns(self) -> int:
        return TURNS

    @property
    def can_stop(self) -> bool:
        """Variants only: a player may stop after the first throw of the turn."""
        return self.stop_allowed and self.throws > 0 and self.phase == ROLL

    @property
    def earlier_blocked(self) -> tuple[int, ...]:
        """The faces blocked before the last throw: the dice lying beside it on the table."""
        if self.last_throw is None:
            return tuple(self.blocked)
        return tuple(self.blocked[: len(self.blocked) - len(self.last_throw.blocked)])

    def stop_preview(self) -> int:
        """The player's total if they stopped now (variants only)."""
        return self.scores[self.current] + self.turn_total

    def leaders(self) -> tuple[int, ...]:
        best = max(self.scores)
        return tuple(s for s in range(self.seats) if self.scores[s] == best)

    # --- turn bookkeeping -------------------------------------------------------------------

    def _end_turn(self, stopped: bool = False) -> list[Event]:
        seat = self.current
        self.scores[seat] += self.turn_total
        self.sheet[seat].append(TurnRecord(self.turn_total, self.scores[seat], bool(self.playoff)))
        events: list[Event] = [
            TurnEnded(self.players[seat], self.turn_total, self.scores[seat], stopped)
        ]
        order = self.playoff or tuple(range(self.seats))
        if seat != order[-1]:
            self.current = order[order.index(seat) + 1]
        else:
            leaders = self.leaders()
            if (self.turn < TURNS and not self.playoff) or (self.playoffs and len(leaders) > 1):
                if self.turn >= TURNS:
                    self.playoff = leaders
                    score = self.scores[leaders[0]]
                    events.append(PlayoffStarted(tuple(self.players[s] for s in leaders), score))
                self.turn += 1
                self.current = (self.playoff or (0,))[0]
            else:
                self.phase = OVER
                return [*events, GameEnded(self.outcome().summary)]
        self._start_turn()
        started = TurnStarted(self.players[self.current], self.turn, bool(self.playoff))
        return [*events, started]

    # --- the contract -----------------------------------------------------------------------

    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.current

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        return [Roll(), Stop()] if self.can_stop else [Roll()]

    def refusal(self, action: Action) -> str:
        if isinstance(action, Stop) and not self.stop_allowed:
            return "On ne s'arrête pas aux dés bloqués : on lance jusqu'à ce que tout soit bloqué."
        if isinstance(action, Stop):
            return "Lance les dés au moins une fois avant de t'arrêter."
        return super().refusal(action)

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        if isinstance(action, Stop):
            return self._end_turn(stopped=True)
        name = self.players[self.current]
        self.faces = roll(rng, self.active)
        result = self.last_throw = judge_throw(self.faces)
        self.throws += 1
        lost = 0
        if not result.blocked:
            self.turn_total += result.points
        elif self.strict:
            lost, self.turn_total = self.turn_total, 0
        self.blocked += result.blocked
        self.active -= len(result.blocked)
        events: list[Event] = [DiceRolled(name, result, self.active, self.turn_total, lost)]
        if self.active == 0:
            return events + self._end_turn()
        return events

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        ranks = ranks_from_scores(self.scores)
        best = max(self.scores)
        if self.seats == 1:
            turns = plural(len(self.sheet[0]), "tour")
            summary = f"{self.players[0]} termine avec {plural(best, 'point')} en {turns}."
            return Outcome(tuple(self.scores), ranks, summary, won=True, ending=TURN_LIMIT)
        winners = [self.players[s] for s in range(self.seats) if ranks[s] == 1]
        if len(winners) == 1:
            summary = f"{winners[0]} gagne avec {plural(best, 'point')}."
        else:
            names = ", ".join(winners[:-1]) + " et " + winners[-1]
            summary = f"{names} gagnent ex æquo avec {plural(best, 'point')}."
        return Outcome(tuple(self.scores), ranks, summary, ending=TURN_LIMIT)


class DesBloquesBot(Robot):
    """Throws; in the variants, stops when the next throw risks more than it brings on average
    (with the throw-only penalty a throw never loses points, so it never stops there)."""

    def choose(self, state: DesBloquesState) -> Action:
        if not state.can_stop or not state.strict:
            return Roll()
        chance = clean_chance(state.active)
        gain = chance * CLEAN_AVERAGE * state.active
        risk = (1 - chance) * state.turn_total
        return Stop() if risk > gain else Roll()
