"""Lucky Odds (RULINGS.md §7): odd dice score, two dice summing to 7 go out, reach exactly 50.

Three dice keep their positions for the whole turn, so the screen can show each die where it
lies: `faces[i]` is what die i shows and `status[i]` whether it is kept (an odd die that
scored), out (one of a pair summing to 7) or free (an even die, or not thrown yet). Pairs and
odd dice are settled automatically; the decisions are to stop or to rethrow even dice (LO-2),
and after an all-odd first throw to rethrow all three (LO-3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from random import Random
from typing import Any, NamedTuple

from jeux.catalog import GAMES
from jeux.engine.core import (
    Action,
    Choice,
    Event,
    Game,
    Option,
    Outcome,
    State,
    ranks_from_scores,
)
from jeux.engine.dice import roll
from jeux.engine.text import de, join_names

DICE = 3
TARGET = 50
"""Exactly this many points wins; going above busts the turn (LO-4)."""
SEVEN = 7

FREE, KEPT, OUT = "free", "kept", "out"
STATUS_LABELS = {FREE: "à relancer", KEPT: "gardé", OUT: "hors-jeu"}

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


@cache
def rethrow_odds(count: int, room: int) -> RethrowOdds:
    """The odds of throwing `count` dice when the turn may still grow by `room` points
    (50 minus the score and the turn so far): every outcome counted, none sampled."""
    good = total = 0
    outcomes = 6**count
    for faces in product(range(1, 7), repeat=count):
        points = throw_value(faces).points
        if 0 < points <= room:
            good += 1
            total += points
    return RethrowOdds(good / outcomes, total / good if good else 0.0)


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
    throw), else some of the even dice left on the table."""

    dice: tuple[int, ...] = ALL_DICE


@dataclass(frozen=True)
class Stop(Action):
    """Bank the turn's points."""


@dataclass(frozen=True)
class TurnStarted(Event):
    player: str
    round: int

    def describe(self) -> str:
        return f"Au tour {de(self.player)}."


@dataclass(frozen=True)
class DiceRolled(Event):
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
        shown = ", ".join(str(self.faces[i]) for i in self.thrown)
        return f"{self.player} lance {shown}. {self.label}."


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


@dataclass(frozen=True)
class GameOver(Event):
    summary: str

    def describe(self) -> str:
        return self.summary


@cache
def _subsets(positions: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every non-empty choice among these positions, smallest masks first."""
    return tuple(
        tuple(p for k, p in enumerate(positions) if mask >> k & 1)
        for mask in range(1, 1 << len(positions))
    )


_STOP = Stop()
_ROLLS = {dice: Roll(dice) for dice in _subsets(ALL_DICE)}
"""Every throw a player can ask for, built once: legal_actions hands these out."""


class LuckyOddsState(State):
    """One match. Public, for the screen:

    - `faces` (0 = not thrown yet this turn), `status`, `pair` (the 7-pair of the last
      throw), `kept_dice`, `rerollable`, `may_rethrow_all`, `turn_total`, `label`, `phase`;
    - `scores` per seat, `sheet` (one row per round, a cell per seat: points or None if that
      seat has not played it), `round`, `target`, `final_round`, `current`.
    """

    target = TARGET

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = tuple(players)
        self.equal_turns: bool = options["equal_turns"]
        self.all_odd_rethrow: str = options["all_odd_rethrow"]
        self.scores = [0] * self.seats
        self.sheet: list[list[int | None]] = []
        self.round = 0
        self.final_round = False
        """Equal turns: someone has reached 50, the round is being finished."""
        self.over = False
        self.current = 0
        self._start_round()

    # --- turn and round bookkeeping ---------------------------------------------------

    def _start_round(self) -> None:
        self.round += 1
        self.sheet.append([None] * self.seats)
        self.current = 0
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
        """Positions of the even dice that may be thrown again."""
        self._legal: list[Action] = [_ROLLS[ALL_DICE]]

    # --- what the screen shows --------------------------------------------------------

    @property
    def kept_dice(self) -> tuple[int, ...]:
        return tuple(i for i in ALL_DICE if self.status[i] == KEPT)

    @property
    def phase(self) -> str:
        """One of: start (first throw to come), choose (stop or throw again), over."""
        if self.over:
            return "over"
        return "choose" if self.throws else "start"

    @property
    def turns_taken(self) -> list[int]:
        """Turns each seat has played (the solo score)."""
        return [sum(row[s] is not None for row in self.sheet) for s in range(self.seats)]

    @property
    def room(self) -> int:
        """How many points the turn may still add without passing 50."""
        if self.over:
            return 0
        return TARGET - self.scores[self.current] - self.turn_total

    def may_rethrow(self, dice: Sequence[int]) -> bool:
        """Whether throwing exactly these positions is a legal move now."""
        return _ROLLS.get(tuple(sorted(dice))) in self._legal

    def odds(self, dice: Sequence[int]) -> RethrowOdds:
        """The odds of throwing these dice now (see `rethrow_odds`)."""
        return rethrow_odds(len(dice), self.room)

    # --- the contract -----------------------------------------------------------------

    def to_move(self) -> int | None:
        return None if self.over else self.current

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
            return "Seuls les dés pairs restés en jeu peuvent être relancés."
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
        self._legal = [_STOP]
        if self.may_rethrow_all:
            self._legal.append(_ROLLS[ALL_DICE])
        else:
            self._legal += [_ROLLS[s] for s in _subsets(self.rerollable)]
        return events

    def _end_turn(self, how: str) -> list[Event]:
        seat = self.current
        gained = self.turn_total if how == BANKED else 0
        self.scores[seat] += gained
        self.sheet[-1][seat] = gained
        name = self.players[seat]
        events: list[Event] = [TurnEnded(name, gained, self.scores[seat], how)]
        reached = self.scores[seat] == TARGET
        if reached and (self.seats == 1 or not self.equal_turns):
            return events + self._finish()
        if reached and not self.final_round:
            self.final_round = True
            events.append(TargetReached(name))
        if seat + 1 < self.seats:
            self.current = seat + 1
            self._start_turn()
            return events + [TurnStarted(self.players[self.current], self.round)]
        if self.final_round:  # LO-6 option: the round is complete, everyone at 50 wins
            return events + self._finish()
        self._start_round()
        return events + [TurnStarted(self.players[self.current], self.round)]

    def _finish(self) -> list[Event]:
        self.over = True  # the last dice stay on the table for the results
        self._legal = []
        self.rerollable = ()
        self.may_rethrow_all = False
        return [GameOver(self.outcome().summary)]

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        if self.seats == 1:  # score attack: fewer turns is better
            turns = len(self.sheet)
            summary = f"{self.players[0]} atteint {TARGET} points en {turns} tours."
            if turns == 1:
                summary = f"{self.players[0]} atteint {TARGET} points en un seul tour !"
            return Outcome((turns,), (1,), summary, won=True, lower_is_better=True)
        ranks = ranks_from_scores(self.scores)
        winners = [self.players[s] for s in range(self.seats) if ranks[s] == 1]
        if len(winners) == 1:
            summary = f"{winners[0]} atteint {TARGET} points pile et gagne."
        else:
            summary = f"{join_names(winners)} atteignent {TARGET} points pile et gagnent ex aequo."
        return Outcome(tuple(self.scores), ranks, summary)


class OddsBot:
    """RULINGS.md §7: weighs the distance to 50 and the even dice left. It throws again
    when the expected turn afterwards beats banking now, with every even die it may."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)  # kept for the contract: this bot needs no chance

    def choose(self, state: LuckyOddsState) -> Action:
        legal = state.legal_actions()
        if state.phase == "start":
            return legal[0]
        dice = ALL_DICE if state.may_rethrow_all else state.rerollable
        odds = state.odds(dice)
        if odds.chance * (state.turn_total + odds.mean) > state.turn_total:
            return _ROLLS[dice]
        return _STOP


class LuckyOdds(Game):
    info = GAMES["lucky_odds"]
    action_types = (Roll, Stop)
    options = (
        Option(
            "equal_turns",
            "Tours égaux",
            (
                Choice(False, "Non : le premier à 50 pile gagne aussitôt"),
                Choice(True, "Oui : on finit le tour de table, tous ceux à 50 gagnent"),
            ),
            False,
            "Avec une cible exacte, finir le tour de table compte peu.",
        ),
        Option(
            "all_odd_rethrow",
            "Trois dés impairs",
            (
                Choice(FIRST_THROW, "Relance des trois dés après un premier lancer tout impair"),
                Choice(ANY_TIME, "Relance des trois dés dès que les trois sont gardés"),
            ),
            FIRST_THROW,
            "Relancer les trois dés ajoute leurs points au tour.",
        ),
    )

    def bot(self, seed: int | str | None = None) -> OddsBot:
        return OddsBot(seed)

    def new(
        self, players: Sequence[str], options: Mapping[str, Any], rng: Random
    ) -> LuckyOddsState:
        return LuckyOddsState(players, options)


GAME = LuckyOdds()
