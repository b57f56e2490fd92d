"""Lucky Odds (RULINGS.md §7): odd dice score, two dice summing to 7 go out, reach exactly 50.

Three dice keep their positions for the whole turn, so the screen can show each die where it
lies: `faces[i]` is what die i shows and `status[i]` whether it is kept (an odd die that
scored), out (one of a pair summing to 7) or free (an even die, or not thrown yet). Pairs and
odd dice are settled automatically; the decisions are to stop or to rethrow all the even dice
left (§7 step 5, LO-2), and after an all-odd first throw to rethrow all three (LO-3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from random import Random
from typing import Any, NamedTuple

from jeux.engine.core import Action, Event
from jeux.engine.dice import DiceThrow, roll
from jeux.engine.events import TurnStarted
from jeux.engine.race import Race, RaceState
from jeux.engine.text import join_names

DICE = 3
TARGET = 50
"""Exactly this many points wins; going above busts the turn (LO-4)."""
SEVEN = 7

FREE, KEPT, OUT = "free", "kept", "out"

FIRST_THROW, ANY_TIME = "first_throw", "any_time"
"""When all three dice are kept, may they all be thrown again (LO-3)?"""

ALL_DICE = tuple(range(DICE))


class ThrowValue(NamedTuple):
    """One throw, by index into the faces thrown."""

    pair: tuple[int, int] | None
    """The two dice summing to 7, out of play (at most one pair among three dice)."""
    scoring: tuple[int, ...]
    """The odd dice left: kept, worth their face value (LO-5)."""
    even: tuple[int, ...]
    """The even dice left: worth nothing, may be thrown again."""
    points: int


@cache
def throw_value(faces: tuple[int, ...]) -> ThrowValue:
    """Settle one throw: pairs only within this throw (LO-1), then odd dice score."""
    pair = next(
        (
            (i, j)
            for i in range(len(faces))
            for j in range(i + 1, len(faces))
            if faces[i] + faces[j] == SEVEN
        ),
        None,
    )
    rest = [i for i in range(len(faces)) if pair is None or i not in pair]
    scoring = tuple(i for i in rest if faces[i] % 2)
    even = tuple(i for i in rest if not faces[i] % 2)
    return ThrowValue(pair, scoring, even, sum(faces[i] for i in scoring))


class RethrowOdds(NamedTuple):
    """What throwing some dice again promises, before deciding."""

    chance: float
    """The throw scores something and the turn stays within 50: the turn goes on."""
    mean: float
    """The points that throw adds on average when it does (0 if it never can)."""
    may_overshoot: bool = False
    """Some throw would pass 50 and lose the turn, besides the throws that score nothing."""


@cache
def rethrow_odds(count: int, room: int) -> RethrowOdds:
    """The odds of throwing `count` dice when the turn may still grow by `room` points
    (50 minus the score and the turn so far): every outcome counted, none sampled."""
    good = total = 0
    overshoot = False
    outcomes = 6**count
    for faces in product(range(1, 7), repeat=count):
        points = throw_value(faces).points
        if 0 < points <= room:
            good += 1
            total += points
        overshoot = overshoot or points > room
    return RethrowOdds(good / outcomes, total / good if good else 0.0, overshoot)


def dice_status(faces: Sequence[int], pair: Sequence[int]) -> tuple[str, ...]:
    """What each die on the table is after a throw, from its face and the throw's 7-pair:
    out if in the pair, kept if odd (it scored), free if even (it may be thrown again).
    Lets the screen tell a finished turn's dice apart once the engine has cleared them."""
    return tuple(OUT if i in pair else KEPT if face % 2 else FREE for i, face in enumerate(faces))


def _points(count: int) -> str:
    return f"{count} point" if count < 2 else f"{count} points"


@cache
def throw_label(faces: tuple[int, ...]) -> str:
    """The value of one throw in the game's words ("5 + 2 = 7 hors-jeu, 1 gardé : 1 point")."""
    value = throw_value(faces)
    parts = []
    if value.pair:
        a, b = (faces[i] for i in value.pair)
        parts.append(f"{a} + {b} = 7 hors-jeu")
    if value.scoring:
        kept = join_names([str(faces[i]) for i in value.scoring])
        parts.append(f"{kept} gardé{'s' if len(value.scoring) > 1 else ''}")
    elif not value.pair:
        parts.append("aucun impair")
    text = ", ".join(parts)
    return text[0].upper() + text[1:] + f" : {_points(value.points)}"


@dataclass(frozen=True)
class Roll(Action):
    """Throw the dice at these positions: all three to start a turn (or after an all-odd
    throw), else every even die left on the table."""

    dice: tuple[int, ...] = ALL_DICE


@dataclass(frozen=True)
class Stop(Action):
    """Bank the turn's points."""


@dataclass(frozen=True)
class DiceRolled(DiceThrow, Event):
    player: str
    faces: tuple[int, ...]
    """All three dice after the throw, by position."""
    thrown: tuple[int, ...]
    """The positions that were thrown."""
    pair: tuple[int, ...]
    """The positions of the pair summing to 7 in this throw, or ()."""
    points: int
    turn_total: int
    label: str

    def describe(self) -> str:
        return f"{self.player} lance {self.thrown_text()}. {self.label}."


BANKED, NOTHING, OVERSHOT = "banked", "nothing", "overshot"


@dataclass(frozen=True)
class TurnEnded(Event):
    player: str
    points: int
    """What the turn added: 0 after a bust."""
    total: int
    how: str
    """BANKED, NOTHING (a throw scored nothing) or OVERSHOT (above 50, LO-4)."""

    def describe(self) -> str:
        if self.how == NOTHING:
            return f"{self.player} ne marque rien : les points du tour sont perdus ({self.total})."
        if self.how == OVERSHOT:
            return f"{self.player} dépasserait {TARGET} : le tour ne compte pas ({self.total})."
        return f"{self.player} marque {_points(self.points)} (total {self.total})."


@dataclass(frozen=True)
class TargetReached(Event):
    player: str

    def describe(self) -> str:
        return f"{self.player} atteint {TARGET} points : on termine le tour de table."


_STOP = Stop()
_ROLLS = {
    dice: Roll(dice)
    for mask in range(1, 1 << DICE)
    for dice in [tuple(i for i in ALL_DICE if mask >> i & 1)]
}
"""Every throw a player can ask for, built once: legal_actions hands these out."""


class LuckyOddsState(RaceState):
    """One match. Public, for the screen:

    - `faces` (0 = not thrown yet this turn), `status`, `pair` (the 7-pair of the last
      throw), `kept_dice`, `rerollable`, `may_rethrow_all`, `turn_total`, `label`, `phase`,
      `offered` (the dice a rethrow takes), `odds()`;
    - `race` (scores, sheet, rounds: see jeux.engine.race), `scores` per seat, `target`.
    """

    turn_started = TurnStarted

    target = TARGET

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = tuple(players)
        self.all_odd_rethrow: str = options["all_odd_rethrow"]
        # LO-6: the game ends at once at exactly 50, or (option) the round is finished.
        equal_turns: bool = options["equal_turns"]
        self.race = Race(self.seats, TARGET, equal_turns=equal_turns, exact=True)
        self.scores = self.race.scores
        self._start_turn()

    def _start_turn(self) -> None:
        self.faces = [0] * DICE
        self.status = [FREE] * DICE
        self.pair: tuple[int, ...] = ()
        self.throws = 0
        self.turn_total = 0
        self.label = ""
        """The value of the last throw in the game's words; "" before the first."""
        self.may_rethrow_all = False
        """All three dice are kept and may be thrown again (LO-3)."""
        self.rerollable: tuple[int, ...] = ()
        """Positions of the even dice, all thrown again by the next rethrow."""
        self._legal: list[Action] = [_ROLLS[ALL_DICE]]

    def _game_over(self) -> None:
        # The last dice stay on the table for the results.
        self._legal = []
        self.rerollable = ()
        self.may_rethrow_all = False

    # --- what the screen shows --------------------------------------------------------

    @property
    def kept_dice(self) -> tuple[int, ...]:
        return tuple(i for i in ALL_DICE if self.status[i] == KEPT)

    @property
    def phase(self) -> str:
        """One of: start (first throw to come), choose (stop or throw again), over."""
        if self.race.over:
            return "over"
        return "choose" if self.throws else "start"

    @property
    def offered(self) -> tuple[int, ...]:
        """The dice the next throw takes: all three to start or after an all-odd throw,
        else every even die left."""
        if self.phase == "start" or self.may_rethrow_all:
            return ALL_DICE
        return self.rerollable

    @property
    def room(self) -> int:
        """How many points the turn may still add without passing 50."""
        if self.race.over:
            return 0
        return TARGET - self.scores[self.current] - self.turn_total

    def may_rethrow(self, dice: Sequence[int]) -> bool:
        """Whether throwing exactly these positions is a legal move now."""
        return _ROLLS.get(tuple(sorted(dice))) in self._legal

    def odds(self) -> RethrowOdds:
        """The odds of throwing the offered dice now (see `rethrow_odds`)."""
        return rethrow_odds(len(self.offered), self.room)

    # --- the contract -----------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        return list(self._legal)

    def refusal(self, action: Action) -> str:
        if isinstance(action, Stop):
            return "Lance les dés avant de t'arrêter."
        if isinstance(action, Roll) and not self.throws:
            return "Le tour commence en lançant les trois dés."
        if isinstance(action, Roll) and self.may_rethrow_all:
            return "Les trois dés impairs se relancent ensemble."
        if isinstance(action, Roll):
            return "Tous les dés pairs restés en jeu se relancent ensemble."
        return super().refusal(action)

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        if isinstance(action, Stop):
            return self._end_turn(BANKED)
        return self._throw(action.dice, rng)

    def _throw(self, dice: tuple[int, ...], rng: Random) -> list[Event]:
        thrown = roll(rng, len(dice))
        value = throw_value(thrown)
        faces, status = self.faces, self.status
        for k, i in enumerate(dice):
            faces[i] = thrown[k]
            status[i] = FREE
        if value.pair:
            self.pair = tuple(dice[k] for k in value.pair)
            for i in self.pair:
                status[i] = OUT
        else:
            self.pair = ()
        for k in value.scoring:
            status[dice[k]] = KEPT
        self.throws += 1
        self.turn_total += value.points
        self.label = throw_label(thrown)
        player = self.players[self.current]
        events: list[Event] = [
            DiceRolled(
                player, tuple(faces), dice, self.pair, value.points, self.turn_total, self.label
            )
        ]
        if not value.points:
            return events + self._end_turn(NOTHING)
        reached = self.scores[self.current] + self.turn_total
        if reached > TARGET:
            return events + self._end_turn(OVERSHOT)
        self.rerollable = tuple(i for i in ALL_DICE if status[i] == FREE)
        self.may_rethrow_all = status.count(KEPT) == DICE and (
            self.throws == 1 or self.all_odd_rethrow == ANY_TIME
        )
        if reached == TARGET or not (self.rerollable or self.may_rethrow_all):
            # Nothing left to decide: any throw at exactly 50 could only bust.
            return events + self._end_turn(BANKED)
        self._legal = [_STOP, _ROLLS[self.offered]]
        return events

    def _end_turn(self, how: str) -> list[Event]:
        name = self.players[self.current]
        end = self.race.end_turn(self.turn_total if how == BANKED else 0, how)
        events: list[Event] = [TurnEnded(name, end.mark.points, end.mark.total, how)]
        if end.reached:
            events.append(TargetReached(name))
        return self._next_turn(events)

    def summary(self) -> str:
        race = self.race
        if race.solo:  # score attack: fewer turns is better
            turns = race.turns()
            if turns == 1:
                return f"{self.players[0]} atteint {TARGET} points en un seul tour !"
            return f"{self.players[0]} atteint {TARGET} points en {turns} tours."
        winners = [self.players[s] for s in race.winners()]
        if len(winners) == 1:
            return f"{winners[0]} atteint {TARGET} points pile et gagne."
        return f"{join_names(winners)} atteignent {TARGET} points pile et gagnent ex aequo."
