"""Le Capitaine (RULINGS.md §1): lock a 6, a 5 and a 4 in that order, then sail the cargo.

Five dice keep their positions for the whole turn, so the screen can show each die where it
lies: `faces[i]` is what die i shows, `roles[i]` the crew member it was locked as (6 ship,
5 captain, 4 crew) or None. Locking is automatic (CAP-4); the only decisions are, once the
crew is complete, to stop or to rethrow one or both cargo dice (CAP-3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from random import Random
from typing import Any, NamedTuple

from jeux.engine.core import Action, Event
from jeux.engine.dice import DiceThrow, roll
from jeux.engine.events import TurnStarted
from jeux.engine.race import Race, RaceState
from jeux.engine.text import join_names, plural

DICE = 5
THROWS = 3
"""Throws allowed per turn."""

SHIP, CAPTAIN, CREW = 6, 5, 4
CREW_ORDER = (SHIP, CAPTAIN, CREW)
"""The faces to lock, in the only order the text allows."""
ROLE_NAMES = {SHIP: "bateau", CAPTAIN: "capitaine", CREW: "équipage"}

ONE_OR_BOTH, BOTH = "one_or_both", "both"


def lock_roles(faces: Sequence[int], roles: Sequence[int | None]) -> tuple[int | None, ...]:
    """Lock the missing crew members in order within one throw: one die per role (CAP-5),
    never a 5 without the 6 nor a 4 without the 5."""
    locked = list(roles)
    for face in CREW_ORDER:
        if face in locked:
            continue
        if face not in faces:
            break
        # A die locked earlier shows its own role's face, so the first `face` found is free.
        locked[faces.index(face)] = face
    return tuple(locked)


def next_member(roles: Sequence[int | None]) -> int | None:
    """The face the turn needs next (6, then 5, then 4), or None once the crew is complete."""
    return next((face for face in CREW_ORDER if face not in roles), None)


def throw_label(faces: Sequence[int], roles: Sequence[int | None]) -> str:
    """The value of the dice on the table, in the game's words ("Équipage complet, cargaison 9")."""
    if not faces:
        return ""
    if CREW in roles:
        return _CARGO_LABELS[sum(f for f, r in zip(faces, roles, strict=True) if r is None)]
    return _CREW_LABELS[next_member(roles)]


_CREW_LABELS = {
    CAPTAIN: "Bateau seul, il manque le capitaine (un 5)",
    CREW: "Bateau et capitaine, il manque l'équipage (un 4)",
    SHIP: "Pas de bateau (il faut un 6)",
}
"""The throw's value while the crew is incomplete, by the face still wanted."""
_CARGO_LABELS = {cargo: f"Équipage complet, cargaison {cargo}" for cargo in range(2, 13)}


class CargoOutlook(NamedTuple):
    """What rethrowing some cargo dice could give: the new cargo's range and its mean."""

    low: int
    high: int
    mean: float


def cargo_outlook(
    faces: Sequence[int], cargo_dice: Sequence[int], rethrow: Sequence[int]
) -> CargoOutlook:
    """The cargo after rethrowing `rethrow` (a subset of `cargo_dice`): the dice kept stay,
    each die thrown adds 1 to 6."""
    kept = sum(faces[i] for i in cargo_dice if i not in rethrow)
    count = len(rethrow)
    return CargoOutlook(kept + count, kept + 6 * count, kept + 3.5 * count)


def _knots(count: int) -> str:
    return f"{count} nœud" if count < 2 else f"{count} nœuds"


@dataclass(frozen=True)
class Roll(Action):
    """Throw the dice at these positions: every unlocked die while the crew is incomplete,
    then one or both cargo dice."""

    dice: tuple[int, ...] = tuple(range(DICE))


@dataclass(frozen=True)
class Stop(Action):
    """Keep the cargo as it is and sail: the turn scores its sum."""


@dataclass(frozen=True)
class DiceRolled(DiceThrow, Event):
    player: str
    faces: tuple[int, ...]
    """All five dice after the throw, by position."""
    thrown: tuple[int, ...]
    """The positions that were thrown."""
    roles: tuple[int | None, ...]
    """After the throw, the role each die is locked as (6, 5, 4) or None."""
    label: str
    throws_left: int

    def describe(self) -> str:
        return f"{self.player} lance {self.thrown_text()}. {self.label}."


@dataclass(frozen=True)
class TurnEnded(Event):
    player: str
    knots: int
    total: int
    crew_complete: bool

    def describe(self) -> str:
        if not self.crew_complete:
            return f"{self.player} n'a pas d'équipage : 0 nœud (total {self.total})."
        return f"{self.player} parcourt {_knots(self.knots)} (total {self.total})."


@dataclass(frozen=True)
class TargetReached(Event):
    player: str
    total: int

    def describe(self) -> str:
        return f"{self.player} atteint {_knots(self.total)} : on termine le tour de table."


@dataclass(frozen=True)
class TieBreak(Event):
    players: tuple[str, ...]
    total: int

    def describe(self) -> str:
        return (
            f"Égalité à {_knots(self.total)} entre {join_names(self.players)} : tour de départage."
        )


_STOP = Stop()
_ROLLS = {
    dice: Roll(dice)
    for mask in range(1, 1 << DICE)
    for dice in [tuple(i for i in range(DICE) if mask >> i & 1)]
}
"""Every throw a player can ask for, built once: legal_actions hands these out."""


class _Layout(NamedTuple):
    free: tuple[int, ...]
    complete: bool
    cargo: tuple[int, ...]
    legal: tuple[Action, ...]
    label: str
    """The throw's value if the crew is incomplete ("" once it is: the cargo decides)."""


@cache
def _layout(roles: tuple[int | None, ...], cargo_reroll: str) -> _Layout:
    """What a set of locked roles allows; few distinct sets exist, so each is built once."""
    free = tuple(i for i, r in enumerate(roles) if r is None)
    if CREW not in roles:
        return _Layout(free, False, (), (_ROLLS[free],), _CREW_LABELS[next_member(roles)])
    a, b = free
    if cargo_reroll == BOTH:
        return _Layout(free, True, free, (_STOP, _ROLLS[free]), "")
    legal = (_STOP, _ROLLS[(a,)], _ROLLS[(b,)], _ROLLS[free])
    return _Layout(free, True, free, legal, "")


class CapitaineState(RaceState):
    """One match. Public, for the screen:

    - `faces` (empty before the turn's first throw), `roles`, `free_dice`, `cargo_dice`,
      `cargo`, `wanted` (the face to lock next), `rerollable`, `throws_left`, `label`, `phase`;
    - `race` (scores, sheet, rounds, tie-breaks: see jeux.engine.race), `knots` per seat,
      `target`, `current`.
    """

    turn_started = TurnStarted

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = tuple(players)
        self.target: int = options["target"]
        self.cargo_reroll: str = options["cargo_reroll"]
        # CAP-1, CAP-6: finish the round, the tied leaders play on.
        equal_turns: bool = options["equal_turns"]
        self.race = Race(self.seats, self.target, equal_turns=equal_turns, tie_break=True)
        self.knots = self.race.scores
        self._start_turn()

    def _start_turn(self) -> None:
        self.faces: tuple[int, ...] = ()
        self.throws_left = THROWS
        self._settle((None,) * DICE)
        self.label = ""

    def _game_over(self) -> None:
        self._legal = ()  # the last dice stay on the table for the results

    def _settle(self, roles: tuple[int | None, ...]) -> None:
        """Set what follows from the dice and their roles, once per throw rather than per
        query: a random playout is mostly throws."""
        self.roles: tuple[int | None, ...] = roles
        layout = _layout(roles, self.cargo_reroll)
        self.free_dice: tuple[int, ...] = layout.free
        """Positions not locked as ship, captain or crew."""
        self.crew_complete: bool = layout.complete
        self.cargo_dice: tuple[int, ...] = layout.cargo
        """The two cargo positions once the crew is complete, else ()."""
        self.cargo: int = 0
        """What the turn is worth now: the cargo's sum, 0 without a full crew (CAP-2)."""
        self.label: str = layout.label
        """The value of the current throw in the game's words ("" before the first)."""
        if layout.complete:
            a, b = layout.cargo
            self.cargo = self.faces[a] + self.faces[b]
            self.label = _CARGO_LABELS[self.cargo]
        self._legal: tuple[Action, ...] = layout.legal

    # --- what the screen shows --------------------------------------------------------

    @property
    def wanted(self) -> int | None:
        """The only face that may be kept next (6, then 5, then 4); None once complete."""
        return next_member(self.roles)

    @property
    def rerollable(self) -> tuple[int, ...]:
        """Positions the player may throw now (the cargo may be thrown one die at a time)."""
        return () if self.race.over else self.free_dice

    @property
    def phase(self) -> str:
        """One of: start (first throw to come), crew (looking for 6-5-4), cargo, over."""
        if self.race.over:
            return "over"
        if not self.faces:
            return "start"
        return "cargo" if self.crew_complete else "crew"

    def may_rethrow(self, dice: Sequence[int]) -> bool:
        """Whether throwing exactly these positions is a legal move now."""
        return _ROLLS.get(tuple(sorted(dice))) in self._legal

    def outlook(self, rethrow: Sequence[int]) -> CargoOutlook:
        """The cargo's range if these cargo dice are thrown again (see `cargo_outlook`)."""
        return cargo_outlook(self.faces, self.cargo_dice, rethrow)

    # --- the contract -----------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        return list(self._legal)

    def refusal(self, action: Action) -> str:
        if isinstance(action, Stop):
            return "Il faut un équipage complet (6, 5 puis 4) avant de garder la cargaison."
        if isinstance(action, Roll) and self.crew_complete and not action.dice:
            return "Choisis au moins un dé de cargaison à relancer, ou arrête-toi."
        if isinstance(action, Roll) and not self.crew_complete:
            return "Relance tous les dés qui ne sont ni bateau, ni capitaine, ni équipage."
        if isinstance(action, Roll) and self.cargo_reroll == BOTH:
            return "Les deux dés de cargaison se relancent ensemble."
        if isinstance(action, Roll):
            return "Seuls les dés de cargaison peuvent être relancés."
        return super().refusal(action)

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        if isinstance(action, Stop):
            return self._end_turn()
        return self._throw(action.dice, rng)

    def _throw(self, dice: tuple[int, ...], rng: Random) -> list[Event]:
        thrown = roll(rng, len(dice))
        if len(dice) == DICE:
            self.faces = thrown
        else:
            faces = list(self.faces)
            for i, face in zip(dice, thrown, strict=True):
                faces[i] = face
            self.faces = tuple(faces)
        self.throws_left -= 1
        roles = self.roles
        self._settle(roles if CREW in roles else lock_roles(self.faces, roles))
        player = self.players[self.race.current]
        events: list[Event] = [
            DiceRolled(player, self.faces, dice, self.roles, self.label, self.throws_left)
        ]
        if self.throws_left == 0:
            events += self._end_turn()
        return events

    def _end_turn(self) -> list[Event]:
        name, complete = self.players[self.current], self.crew_complete
        end = self.race.end_turn(self.cargo)
        events: list[Event] = [TurnEnded(name, end.mark.points, end.mark.total, complete)]
        if end.reached:
            events.append(TargetReached(name, end.mark.total))
        if end.tie_break:
            tied = tuple(self.players[s] for s in end.tie_break)
            events.append(TieBreak(tied, self.knots[end.tie_break[0]]))
        return self._next_turn(events)

    def summary(self) -> str:
        race = self.race
        if race.solo:  # score attack: fewer turns is better
            turns = plural(race.turns(), "tour")
            return f"{self.players[0]} parcourt {_knots(self.knots[0])} en {turns}."
        winners = [self.players[s] for s in race.winners()]
        best = _knots(max(self.knots))
        if len(winners) == 1:
            return f"{winners[0]} gagne avec {best}."
        return f"{join_names(winners)} gagnent ex aequo avec {best}."
