"""Gladiator's Duel (RULINGS.md §11): two gladiators, two dice each, a round at a time.

Each round one seat throws the four dice (both pairs at once). The higher die of a pair
attacks, the lower defends; a double lets its owner pick a stance instead. When both roll a
double the stances are picked in secret, one seat after the other, and revealed together.
Then the blows land at the same time: an attack above the other's defence takes the
difference in life points. `dice[seat]` is always (attack die, defence die).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from jeux.engine.core import (
    Action,
    Event,
    Outcome,
    State,
)
from jeux.engine.dice import roll
from jeux.engine.events import GameOver

FURIOUS, TOTAL, TACTIC_ATTACK, TACTIC_DEFENCE = "furious", "total", "tactic_a", "tactic_d"
STANCES = (FURIOUS, TOTAL, TACTIC_ATTACK, TACTIC_DEFENCE)
STANCE_NAMES = {
    FURIOUS: "Attaque furieuse",
    TOTAL: "Défense totale",
    TACTIC_ATTACK: "Tactique (relance l'attaque)",
    TACTIC_DEFENCE: "Tactique (relance la défense)",
}
DRAW, REMATCH = "draw", "rematch"
ROLL, OPEN, SECRET, OVER = "roll", "open", "secret", "over"
KO, DOUBLE_KO = "KO", "Double KO"
"""Phases: the dice to throw, one double's open choice, both doubles' secret choices."""


def stats(pair: tuple[int, int], stance: str | None) -> tuple[int, int]:
    """(attack, defence) of a pair under a stance (GD-1: a stance on both dice is their sum
    and the other stat is 0; Tactics keeps one die in each role, GD-2)."""
    attack, defence = pair
    if stance == FURIOUS:
        return attack + defence, 0
    if stance == TOTAL:
        return 0, attack + defence
    return attack, defence


def losses(attacks: Sequence[int], defences: Sequence[int]) -> tuple[int, int]:
    """The life points each seat loses: the other's attack minus its defence, if above."""
    return tuple(max(0, attacks[1 - s] - defences[s]) for s in range(2))


@dataclass(frozen=True)
class Roll(Action):
    """Throw the four dice: both gladiators' pairs at once."""


@dataclass(frozen=True)
class Choose(Action):
    """A double's stance: FURIOUS, TOTAL, or Tactics rerolling the attack or defence die."""

    stance: str = FURIOUS


@dataclass(frozen=True)
class Sealed:
    """A stance picked in secret, kept by the state until both are picked."""

    round: int
    seat: int
    stance: str


@dataclass(frozen=True)
class DiceRolled(Event):
    players: tuple[str, str]
    round: int
    dice: tuple[tuple[int, int], tuple[int, int]]
    """Each seat's pair, sorted as (attack die, defence die)."""

    def describe(self) -> str:
        pairs = []
        for name, (a, d) in zip(self.players, self.dice, strict=True):
            pairs.append(f"{name} {a}-{d}" + (" (double)" if a == d else ""))
        return f"Manche {self.round} : " + ", ".join(pairs) + "."


@dataclass(frozen=True)
class StanceChosen(Event):
    seat: int
    player: str
    stance: str

    def describe(self) -> str:
        return f"{self.player} choisit {STANCE_NAMES[self.stance]}."


@dataclass(frozen=True)
class SecretChosen(Event):
    """Someone picked in secret: everyone learns that, nobody learns what."""

    seat: int
    player: str

    def describe(self) -> str:
        return f"{self.player} a choisi en secret."


@dataclass(frozen=True)
class StancesRevealed(Event):
    players: tuple[str, str]
    stances: tuple[str, str]
    reveals = True

    def describe(self) -> str:
        shown = ", ".join(
            f"{name} : {STANCE_NAMES[s]}"
            for name, s in zip(self.players, self.stances, strict=True)
        )
        return f"Révélation ! {shown}."


@dataclass(frozen=True)
class Rerolled(Event):
    seat: int
    player: str
    die: int
    """0: the attack die, 1: the defence die (it keeps its role, GD-2)."""
    face: int

    def describe(self) -> str:
        role = "d'attaque" if self.die == 0 else "de défense"
        return f"{self.player} relance son dé {role} : {self.face}."


@dataclass(frozen=True)
class Blows(Event):
    players: tuple[str, str]
    attacks: tuple[int, int]
    defences: tuple[int, int]
    healed: tuple[int, int]
    lost: tuple[int, int]
    hp: tuple[int, int]

    def describe(self) -> str:
        parts = []
        for s, name in enumerate(self.players):
            change = []
            if self.healed[s]:
                change.append(f"+{self.healed[s]}")
            if self.lost[s]:
                change.append(f"-{self.lost[s]}")
            change_text = " ".join(change) if change else "intact"
            parts.append(f"{name} {change_text} ({self.hp[s]} PV)")
        return "Coups : " + ", ".join(parts) + "."


@dataclass(frozen=True)
class Rematch(Event):
    hp: int

    def describe(self) -> str:
        return f"Double KO ! Revanche immédiate : chacun·e repart à {self.hp} PV."


class DuelState(State):
    """One duel. Public, for the screen: `hp`, `max_hp`, `round`, `phase`, `roller`,
    `dice` (() before the first throw), `doubles`, `stances` (chosen openly or revealed),
    `sealed` (the secret picks this view may see), `chosen` (seats that picked in secret)."""

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = tuple(players)
        self.max_hp: int = options["hp"]
        self.cap: bool = options["cap"]
        self.double_ko: str = options["double_ko"]
        self.hp = [self.max_hp, self.max_hp]
        self.round = 0
        self.dice: tuple[tuple[int, int], ...] = ()
        self.stances: list[str | None] = [None, None]
        self.sealed: dict[int, Sealed] = {}
        self.choosers: list[int] = []
        """Seats still to pick a stance, in order."""
        self.phase = ROLL
        self.winner: int | None = None
        self._new_round()

    @property
    def roller(self) -> int:
        """Who throws this round's dice: the seats take turns."""
        return (self.round - 1) % 2

    @property
    def doubles(self) -> tuple[bool, ...]:
        return tuple(a == d for a, d in self.dice)

    @property
    def chosen(self) -> tuple[int, ...]:
        """Seats that have picked in secret this round (public: not what they picked)."""
        return tuple(s for s in (0, 1) if self.phase == SECRET and s not in self.choosers)

    def stance_stats(self, seat: int, stance: str | None) -> tuple[int, int]:
        """(attack, defence) of `seat`'s pair under `stance`, before any Tactics reroll."""
        return stats(self.dice[seat], stance)

    def heal(self, seat: int) -> int:
        """What Total Defence heals `seat` now: 1, or 0 at the cap (GD-3)."""
        return 0 if self.cap and self.hp[seat] >= self.max_hp else 1

    def _new_round(self) -> None:
        self.round += 1
        self.phase = ROLL
        self.stances = [None, None]
        self.sealed = {}
        self.choosers = []

    # --- the contract -----------------------------------------------------------------

    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        return self.choosers[0] if self.choosers else self.roller

    def whose_turn(self) -> int | None:
        return None if self.phase == OVER else self.roller

    def decides_in_secret(self) -> bool:
        return self.phase == SECRET

    def prompt(self) -> str:
        if self.phase == SECRET:
            return "deux doubles ! Choisis ton coup en secret."
        return ""

    def legal_actions(self) -> list[Action]:
        if self.phase == ROLL:
            return [_ROLL]
        if self.phase in (OPEN, SECRET):
            return list(_CHOICES)
        return []

    def refusal(self, action: Action) -> str:
        if isinstance(action, Choose) and self.phase == ROLL:
            return "Lance d'abord les dés (l)."
        if isinstance(action, Roll):
            return "Un double : choisis d'abord ton coup."
        return super().refusal(action)

    def view(self, seat: int | None) -> DuelState:
        """Everything is public but the other's secret pick; a spectator sees neither."""
        seen = copy.copy(self)
        seen.hp, seen.stances, seen.choosers = (
            list(self.hp),
            list(self.stances),
            list(self.choosers),
        )
        seen.sealed = {s: p for s, p in self.sealed.items() if s == seat}
        return seen

    def secrets(self, seat: int) -> frozenset[Any]:
        return frozenset(p for s, p in self.sealed.items() if s != seat)

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        if isinstance(action, Roll):
            return self._throw(rng)
        return self._choose(action.stance, rng)

    def _throw(self, rng: Random) -> list[Event]:
        faces = roll(rng, 4)
        self.dice = tuple(tuple(sorted(faces[i : i + 2], reverse=True)) for i in (0, 2))
        events: list[Event] = [DiceRolled(self.players, self.round, self.dice)]
        doubled = [s for s in (0, 1) if self.doubles[s]]
        if len(doubled) == 2:  # the one who did not throw picks first
            self.phase, self.choosers = SECRET, [1 - self.roller, self.roller]
            return events
        if doubled:  # GD-4: only one double, chosen openly, seeing the other's dice
            self.phase, self.choosers = OPEN, doubled
            return events
        return events + self._resolve(rng)

    def _choose(self, stance: str, rng: Random) -> list[Event]:
        seat = self.choosers.pop(0)
        if self.phase == OPEN:
            self.stances[seat] = stance
            return [StanceChosen(seat, self.players[seat], stance), *self._resolve(rng)]
        self.sealed[seat] = Sealed(self.round, seat, stance)
        events: list[Event] = [SecretChosen(seat, self.players[seat])]
        if self.choosers:
            return events
        self.stances = [self.sealed[0].stance, self.sealed[1].stance]
        self.sealed = {}
        events.append(StancesRevealed(self.players, tuple(self.stances)))
        return events + self._resolve(rng)

    def _resolve(self, rng: Random) -> list[Event]:
        """Tactics rerolls, then the heal of Total Defence (GD-3: before the blows), then
        the blows at the same time; then a KO ends the duel or, both down, a rematch."""
        events: list[Event] = []
        dice = [list(pair) for pair in self.dice]
        for seat, stance in enumerate(self.stances):
            if stance in (TACTIC_ATTACK, TACTIC_DEFENCE):
                die = 0 if stance == TACTIC_ATTACK else 1
                (dice[seat][die],) = roll(rng, 1)
                events.append(Rerolled(seat, self.players[seat], die, dice[seat][die]))
        self.dice = tuple(tuple(pair) for pair in dice)
        attacks, defences = zip(
            *(stats(self.dice[s], self.stances[s]) for s in (0, 1)), strict=True
        )
        healed = [0, 0]
        for seat, stance in enumerate(self.stances):
            if stance == TOTAL:
                healed[seat] = self.heal(seat)
                self.hp[seat] += healed[seat]
        lost = losses(attacks, defences)
        for seat in (0, 1):
            self.hp[seat] -= lost[seat]
        events.append(Blows(self.players, attacks, defences, tuple(healed), lost, tuple(self.hp)))
        down = [s for s in (0, 1) if self.hp[s] <= 0]
        if len(down) == 2 and self.double_ko == REMATCH:  # GD-5
            self.hp = [self.max_hp, self.max_hp]
            events.append(Rematch(self.max_hp))
        elif down:
            self.phase = OVER
            self.winner = None if len(down) == 2 else 1 - down[0]
            return [*events, GameOver(self.outcome().summary)]
        self._new_round()
        return events

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        scores = tuple(max(0, hp) for hp in self.hp)
        if self.winner is None:
            return Outcome(scores, (1, 1), "Double KO : match nul.", won=False, ending=DOUBLE_KO)
        name = self.players[self.winner]
        ranks = tuple(1 if s == self.winner else 2 for s in (0, 1))
        left = self.hp[self.winner]
        summary = f"{name} gagne le duel avec {left} PV restants."
        return Outcome(scores, ranks, summary, ending=KO)


_ROLL = Roll()
_CHOICES = tuple(Choose(s) for s in STANCES)
