"""Sortie 20 (RULINGS.md §15): keep, eliminate one die to reroll the others, stop at two dice.

Each die of the turn is free (part of the last throw), kept (locked for the turn) or eliminated
(out of the turn, scoring nothing). A reroll keeps some free dice, eliminates one other and
throws the rest (S20-1). Once per turn the player may flip a die to its opposite face or
activate a 6 for +2 (S20-3). The kept dice and the free dice of the last throw score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from random import Random
from typing import Any, NamedTuple

from jeux.engine.core import Action, Event
from jeux.engine.dice import faces_text, roll
from jeux.engine.race import Race, RaceState, TargetReached

TARGET = 20
DICE = 5
TRIPLE_ONE_POINTS = 5
ACTIVATED_SIX_POINTS = 2
FIVE_PENALTY = 3

FREE, KEPT, ELIMINATED = "free", "kept", "eliminated"
"""The status of each die during a turn."""

STATUS_LABELS = {FREE: "libre", KEPT: "gardé", ELIMINATED: "éliminé"}

ROLL, CHOOSE, OVER = "roll", "choose", "over"
"""Phases: throw the five dice; reroll, use the special or stop; game over."""

NUMBER_WORDS = {1: "un", 2: "deux", 3: "trois", 4: "quatre", 5: "cinq"}
ALL_DICE = tuple(range(DICE))


def flipped(face: int) -> int:
    """The opposite face of a d6: 5 → 2, 6 → 1 (7 − x)."""
    return 7 - face


class ThrowValue(NamedTuple):
    """What the scoring dice are worth, in the game's own words."""

    points: int
    text: str
    """The whole reckoning, e.g. "Trois 1 : +5, un 5 : -3, six activé : +2 = 4"."""


def score_dice(faces: Sequence[int], activated_six: bool = False) -> ThrowValue:
    """Score the kept and final dice: 1 → +1, each three 1s → +5 instead (S20-4), 5 → −3,
    the activated 6 → +2 (pass it in `activated_six`, not in `faces`). Five dice at most."""
    return _score(faces.count(1), faces.count(5), activated_six)


@cache
def _score(ones: int, fives: int, activated_six: bool) -> ThrowValue:
    """Only the 1s, the 5s and the activated six count: few cases, each reckoned once."""
    parts: list[tuple[str, int]] = []
    if ones >= 3:
        parts.append(("trois 1", TRIPLE_ONE_POINTS))
    if ones % 3:
        parts.append((f"{NUMBER_WORDS[ones % 3]} 1", ones % 3))
    if fives:
        parts.append((f"{NUMBER_WORDS[fives]} 5", -FIVE_PENALTY * fives))
    if activated_six:
        parts.append(("six activé", ACTIVATED_SIX_POINTS))
    points = sum(p for _, p in parts)
    if not parts:
        return ThrowValue(0, "Rien : 0")
    text = ", ".join(f"{label} : {p:+d}" for label, p in parts)
    if len(parts) > 1:
        text += f" = {points}"
    return ThrowValue(points, text[0].upper() + text[1:])


class SpecialPreview(NamedTuple):
    """What a flip or an activated six would do, before the player chooses it."""

    value: ThrowValue
    gain: int
    """Points it adds to (or takes from) the turn as it stands."""
    forced: bool
    """Whether the turn must then stop: too few free dice are left to reroll."""


def points_text(points: int) -> str:
    return f"{points} point" if -2 < points < 2 else f"{points} points"


# --- actions --------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll(Action):
    """Throw the five dice to start the turn."""


@dataclass(frozen=True)
class Reroll(Action):
    """Keep the `keep` dice (locked for the turn), eliminate the `eliminate` die, and throw
    every other free die (S20-1)."""

    eliminate: int = 0
    keep: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "keep", tuple(sorted(set(self.keep))))


@dataclass(frozen=True)
class Flip(Action):
    """The once-per-turn special: turn a die to its opposite face; it becomes kept."""

    die: int = 0


@dataclass(frozen=True)
class Activate(Action):
    """The once-per-turn special: a 6 scores +2; it becomes kept."""

    die: int = 0


@dataclass(frozen=True)
class Stop(Action):
    """End the turn and score the kept and free dice."""


# --- events ---------------------------------------------------------------------------


@dataclass(frozen=True)
class DiceRolled(Event):
    """Dice were thrown; `faces` are all five dice afterwards, `rolled` the thrown ones."""

    player: str
    faces: tuple[int, ...]
    rolled: tuple[int, ...]
    eliminated: int | None = None
    """The face of the die eliminated to pay for this reroll (None on the first throw)."""
    kept: int = 0
    """How many dice were newly kept before this reroll."""

    def describe(self) -> str:
        thrown = faces_text(self.faces[i] for i in self.rolled)
        if self.eliminated is None:
            return f"{self.player} lance les dés : {thrown}."
        kept = ""
        if self.kept:
            kept = " garde un dé," if self.kept == 1 else f" garde {self.kept} dés,"
        count = len(self.rolled)
        return (
            f"{self.player}{kept} élimine un {self.eliminated} et relance {count} dés : {thrown}."
        )


@dataclass(frozen=True)
class DieFlipped(Event):
    player: str
    die: int
    before: int
    after: int

    def describe(self) -> str:
        return f"{self.player} retourne un {self.before}, qui devient {self.after}."


@dataclass(frozen=True)
class SixActivated(Event):
    player: str
    die: int

    def describe(self) -> str:
        return f"{self.player} active un 6 : +2 points."


@dataclass(frozen=True)
class TurnEnded(Event):
    player: str
    faces: tuple[int, ...]
    """The scoring dice (kept and free)."""
    points: int
    text: str
    total: int
    forced: bool
    """Whether the player had to stop (only two dice left to throw)."""
    dice: tuple[int, ...] = field(default=(), compare=False)
    """All five dice at the end of the turn, eliminated ones included (for the screen)."""
    status: tuple[str, ...] = field(default=(), compare=False)
    """Their statuses then: free, kept or eliminated."""

    def describe(self) -> str:
        verb = "doit s'arrêter" if self.forced else "s'arrête"
        gain = (
            f"perd {points_text(-self.points)}"
            if self.points < 0
            else (f"marque {points_text(self.points)}")
        )
        return f"{self.player} {verb} et {gain} (total {self.total})."


# --- legal actions, cached by the shape of the dice -------------------------------------


@cache
def _choices(
    status: tuple[str, ...], sixes: tuple[bool, ...], special_used: bool, min_free: int
) -> tuple[Action, ...]:
    free = [i for i, s in enumerate(status) if s == FREE]
    actions: list[Action] = []
    if len(free) >= min_free:
        for eliminate in free:
            others = [i for i in free if i != eliminate]
            for size in range(len(free) - min_free + 1):
                actions += [Reroll(eliminate, keep) for keep in combinations(others, size)]
    if not special_used:
        alive = [i for i, s in enumerate(status) if s != ELIMINATED]
        actions += [Flip(i) for i in alive]
        actions += [Activate(i) for i in alive if sixes[i]]
    actions.append(Stop())
    return tuple(actions)


# --- the state ------------------------------------------------------------------------


class SortieState(RaceState):
    """One match. Public for the screen: `dice`, `status`, `phase`, `current`, `round`,
    `totals`, `sheet` (one list of turn scores per seat, before the floor at 0), `target`,
    `special_used`, `activated`, `flipped_die`, `throws`, and the helpers `value()`,
    `free()`, `kept()`, `eliminated()`, `can_reroll`, `must_stop`, `max_keep`,
    `keepable()`, `eliminable()`, `flippable()`, `activatable()`, `selectable()`,
    `flip_preview()`, `activate_preview()`, `mark_refusal()`."""

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = tuple(players)
        self.target = TARGET
        self.strict: bool = options["strict_reroll"]
        self.floor: bool = options["floor"]
        self.turn_limit: int = options["turn_limit"]
        self.min_free = 4 if self.strict else 3
        """Free dice needed to reroll: eliminate one, throw at least 2 (S20-2; strict: 3)."""
        self.race = Race(
            self.seats,
            TARGET,
            equal_turns=options["equal_turns"],
            turn_limit=self.turn_limit,
            floor=0 if self.floor else None,  # S20-5
        )
        self.totals = self.race.scores
        self._start_turn()

    def _start_turn(self) -> None:
        self.phase = ROLL
        self.dice: list[int] = []
        """The five dice of the turn (empty before the first throw), eliminated ones included."""
        self.status: list[str] = []
        self.special_used = False
        self.activated: int | None = None
        """The index of the activated 6, if any."""
        self.flipped_die: int | None = None
        self.throws = 0
        self._free: tuple[int, ...] = ()
        self._key: tuple = ()

    def _game_over(self) -> None:
        self.phase = OVER

    # --- what the screen shows ---------------------------------------------------------

    def free(self) -> tuple[int, ...]:
        return self._free

    def _changed(self) -> None:
        """Refresh what the queries read after the dice or their statuses moved."""
        status = tuple(self.status)
        self._free = tuple([i for i, s in enumerate(status) if s == FREE])
        sixes = tuple([d == 6 for d in self.dice])
        self._key = (status, sixes, self.special_used, self.min_free)

    def kept(self) -> tuple[int, ...]:
        return tuple([i for i, s in enumerate(self.status) if s == KEPT])

    def eliminated(self) -> tuple[int, ...]:
        return tuple([i for i, s in enumerate(self.status) if s == ELIMINATED])

    @property
    def can_reroll(self) -> bool:
        return self.phase == CHOOSE and len(self.free()) >= self.min_free

    @property
    def must_stop(self) -> bool:
        """ "Obligé d'arrêter": too few dice left to throw (the special may still be used)."""
        return self.phase == CHOOSE and not self.can_reroll

    @property
    def max_keep(self) -> int:
        """How many free dice a reroll may keep (0 when no reroll is possible)."""
        return max(0, len(self.free()) - self.min_free) if self.can_reroll else 0

    def keepable(self) -> tuple[int, ...]:
        """Free dice that may be kept with the next reroll."""
        return self.free() if self.max_keep else ()

    def eliminable(self) -> tuple[int, ...]:
        """Free dice that may be eliminated to pay for a reroll."""
        return self.free() if self.can_reroll else ()

    def flippable(self) -> tuple[int, ...]:
        if self.phase != CHOOSE or self.special_used:
            return ()
        return tuple(i for i, s in enumerate(self.status) if s != ELIMINATED)

    def activatable(self) -> tuple[int, ...]:
        return tuple(i for i in self.flippable() if self.dice[i] == 6)

    def selectable(self) -> tuple[int, ...]:
        """Every die the player may pick right now (to keep, eliminate, flip or activate)."""
        return tuple(sorted(set(self.eliminable()) | set(self.flippable())))

    def scoring_faces(self) -> tuple[int, ...]:
        """The dice that score: kept and free, not eliminated."""
        return tuple(f for f, s in zip(self.dice, self.status, strict=True) if s != ELIMINATED)

    def value(self) -> ThrowValue | None:
        """What the turn would score if the player stopped now."""
        if not self.dice:
            return None
        return self._value(self.dice, self.activated)

    def _value(self, dice: Sequence[int], activated: int | None) -> ThrowValue:
        faces = [f for i, f in enumerate(dice) if self.status[i] != ELIMINATED and i != activated]
        return score_dice(faces, activated is not None)  # the activated six scores on its own

    def stop_total(self) -> int:
        """The player's total if they stopped now, the floor at 0 applied (S20-5)."""
        value = self.value()
        total = self.totals[self.current] + (value.points if value else 0)
        return max(0, total) if self.floor else total

    def flip_preview(self, die: int) -> ThrowValue:
        """What the turn would score with this die flipped, if the player then stopped."""
        dice = list(self.dice)
        dice[die] = flipped(dice[die])
        return self._value(dice, self.activated)

    def activate_preview(self, die: int) -> ThrowValue:
        """What the turn would score with this 6 activated, if the player then stopped."""
        return self._value(self.dice, die)

    def special_preview(self, action: Flip | Activate) -> SpecialPreview:
        """What the special on this die would do: the turn's value after it, its gain over
        the value now, and whether it ends the turn (the die becomes kept, S20-3)."""
        value = self.value()
        after = (
            self.flip_preview(action.die)
            if isinstance(action, Flip)
            else self.activate_preview(action.die)
        )
        free = len(self._free) - (action.die in self._free)
        gain = after.points - (value.points if value else 0)
        return SpecialPreview(after, gain, free < self.min_free)

    def mark_refusal(self, die: int) -> str | None:
        """Why this die may not be kept or eliminated for the next reroll, in French (None:
        it may)."""
        if self.phase != CHOOSE:
            return self.refusal(Reroll(die))
        if not 0 <= die < len(self.dice):
            return "Ce dé n'existe pas."
        if self.status[die] == ELIMINATED:
            return "Ce dé est éliminé pour ce tour."
        if self.status[die] == KEPT:
            return "Ce dé est gardé jusqu'à la fin du tour."
        if not self.can_reroll:
            return self.refusal(Reroll(die))
        return None

    # --- the contract ------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == ROLL:
            return [Roll()]
        return list(_choices(*self._key))

    def refusal(self, action: Action) -> str:
        if self.phase == ROLL:
            return "Lance d'abord les dés."
        if isinstance(action, Roll):
            return "Les dés sont lancés : garde, élimine et relance, ou arrête-toi."
        if isinstance(action, Reroll):
            free = self.free()
            if not self.can_reroll:
                return f"Obligé d'arrêter : il ne reste que {len(free)} dés à lancer."
            if action.eliminate not in free:
                return "On n'élimine qu'un dé libre (ni gardé ni éliminé)."
            if any(i not in free or i == action.eliminate for i in action.keep):
                return "On ne garde que des dés libres, autres que le dé éliminé."
            thrown = self.min_free - 1
            return f"Garde au plus {self.max_keep} dé(s) : la relance doit lancer {thrown} dés."
        if isinstance(action, Flip | Activate):
            if self.special_used:
                return "Le pouvoir spécial ne sert qu'une fois par tour."
            if action.die not in self.flippable():
                return "Ce dé est éliminé."
            return "Seul un 6 peut être activé."
        return super().refusal(action)

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        kind = type(action)
        if kind is Reroll:
            return self._reroll(action, rng)
        name = self.players[self.current]
        if kind is Roll:
            self.dice = list(roll(rng, DICE))
            self.status = [FREE] * DICE
            self.phase = CHOOSE
            self.throws = 1
            self._changed()
            return [DiceRolled(name, tuple(self.dice), ALL_DICE)]
        if kind is Flip:
            before = self.dice[action.die]
            self.dice[action.die] = flipped(before)
            self.flipped_die = action.die
            event: Event = DieFlipped(name, action.die, before, self.dice[action.die])
            return [event, *self._use_special(action.die)]
        if kind is Activate:
            self.activated = action.die
            return [SixActivated(name, action.die), *self._use_special(action.die)]
        return self._end_turn()

    def _reroll(self, action: Reroll, rng: Random) -> list[Event]:
        eliminated = self.dice[action.eliminate]
        self.status[action.eliminate] = ELIMINATED
        for i in action.keep:
            self.status[i] = KEPT
        thrown = tuple([i for i, s in enumerate(self.status) if s == FREE])
        dice = self.dice
        for i, face in zip(thrown, roll(rng, len(thrown)), strict=True):
            dice[i] = face
        self.throws += 1
        self._changed()
        name = self.players[self.current]
        events: list[Event] = [
            DiceRolled(name, tuple(self.dice), thrown, eliminated, len(action.keep))
        ]
        return events + self._settle()

    def _use_special(self, die: int) -> list[Event]:
        self.special_used = True
        self.status[die] = KEPT  # S20-3
        self._changed()
        return self._settle()

    def _settle(self) -> list[Event]:
        """Stop at once when nothing is left to decide: forced stop, special spent."""
        if self.special_used and self.must_stop:
            return self._end_turn()
        return []

    def _end_turn(self) -> list[Event]:
        """Score the turn; "Tours égaux" finishes the round, solo stops at 20 (S20-6)."""
        name, value = self.players[self.current], self.value()
        assert value is not None
        forced, faces = self.must_stop, self.scoring_faces()
        end = self.race.end_turn(value.points)
        events: list[Event] = [
            TurnEnded(
                name,
                faces,
                value.points,
                value.text,
                end.mark.total,
                forced,
                tuple(self.dice),
                tuple(self.status),
            )
        ]
        if end.reached and not end.over:
            events.append(TargetReached(name, end.mark.total))
        return self._next_turn(events)

    def summary(self) -> str:
        """Out of the labyrinth or not, alone; the winner or a tie otherwise. Nobody wins
        under 20 points unless a chosen turn limit ended the game."""
        race = self.race
        points = points_text(max(race.scores))
        if race.solo:
            return race.solo_verdict(
                self.players[0], points, "sort du labyrinthe", "toujours dans le labyrinthe"
            )
        return race.verdict(self.players, points, "sort du labyrinthe")
