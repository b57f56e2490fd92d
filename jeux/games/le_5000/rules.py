"""Le 5000 (RULINGS.md §2): set aside scoring dice, reroll the rest, bank before a bust.

A turn opens with `Roll()`. After each scoring throw the player decides in one action what
to set aside and whether to go on: `Roll(keep)` or `Bank(keep)`, where `keep` is one of the
throw's legal choices (at most 31 subsets of 5 dice, so the actions stay finite). The screen
lets players pick dice and shows `selection_value()` before they commit. Combinations count
within one throw only (5K-1); the 750 opening may build up over one turn (5K-2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from random import Random
from typing import Any

from jeux.engine.core import (
    Action,
    Event,
    Outcome,
)
from jeux.engine.dice import roll
from jeux.engine.events import TurnStarted
from jeux.engine.race import Race, RaceState
from jeux.engine.text import join_names, number, plural

DICE = 5
OPENING = 750
"""Points to make in one turn before a player may bank for the first time (5K-2)."""
LAST_TURN_SPAN = 1000
"""In the "last 1000 in one turn" variant, banked scores stop this far below the target."""

ROLL, CHOOSE, OVER = "roll", "choose", "over"
"""Phases: first throw of a turn; choose dice to set aside and reroll or bank; game over."""

REACH, EXACT, LAST_TURN = "reach", "exact", "last_turn"
"""How the target is met: at least (default), exactly (5K-7), last 1000 in one turn (5K-8)."""

STANDARD, DOUBLE = "standard", "double"
"""Four of a kind: three of a kind plus a single (5K-3), or twice three of a kind (house)."""

NOTE_OPENED = "Ouverture"
NOTE_BALLOT = "Ballot"
NOTE_BUST = "Aucun point"
NOTE_CAPPED = "Plafonné"
NOTE_OVERSHOOT = "Dépassement"
NOTE_FIVE_ONES = "Cinq 1 !"
ENDING_FIVE_ONES = "Cinq 1"

_COUNT_WORDS = {1: "un", 2: "deux", 3: "trois", 4: "quatre"}


def three_of_a_kind(face: int) -> int:
    return 1000 if face == 1 else 100 * face


@dataclass(frozen=True)
class Scoring:
    """What a set of dice from one throw is worth, in the game's own words."""

    points: int
    label: str
    """The combination in words: "Brelan de 4", "Un 1 et deux 5", "Petite suite"…"""
    five_ones: bool = False

    @property
    def text(self) -> str:
        """The value as the screen shows it: "Brelan de 4 : 400"."""
        if self.five_ones:
            return f"{self.label} : la partie est gagnée !"
        return f"{self.label} : {number(self.points)}"


def score_dice(faces: Sequence[int], four_double: bool = False) -> Scoring | None:
    """The value of dice set aside from one throw, or None unless every die scores (5K-10).

    Straights, three of a kind, five 1s and five 5s only count inside one throw (5K-1); a
    straight is worth 500 in all (5K-4); four 1s or 5s are three of a kind plus a single and
    other fourth dice score nothing (5K-3), unless `four_double` (house rule: 2× the triple).
    """
    return _score_sorted(tuple(sorted(faces)), four_double)


@cache
def _score_sorted(ordered: tuple[int, ...], four_double: bool) -> Scoring | None:
    if not ordered:
        return None
    if len(ordered) == DICE:
        if ordered == (1,) * DICE:
            return Scoring(5000, "Cinq 1", five_ones=True)
        if ordered == (5,) * DICE:
            return Scoring(5000, "Cinq 5")
        if ordered == (1, 2, 3, 4, 5):
            return Scoring(500, "Petite suite")
        if ordered == (2, 3, 4, 5, 6):
            return Scoring(500, "Grande suite")
    tally = Counter(ordered)
    points, parts = 0, []
    for face in sorted(tally):
        if four_double and tally[face] >= 4:
            points += 2 * three_of_a_kind(face)
            parts.append(f"carré de {face}")
            tally[face] -= 4
        elif tally[face] >= 3:
            points += three_of_a_kind(face)
            parts.append(f"brelan de {face}")
            tally[face] -= 3
    for face, single in ((1, 100), (5, 50)):
        if tally[face]:
            points += single * tally[face]
            parts.append(f"{_COUNT_WORDS[tally[face]]} {face}")
            tally[face] = 0
    if any(tally.values()):
        return None
    label = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " et " + parts[-1]
    return Scoring(points, label[0].upper() + label[1:])


@cache
def keep_choices(
    throw: tuple[int, ...], four_double: bool = False
) -> tuple[tuple[tuple[int, ...], Scoring], ...]:
    """Every legal set-aside of a throw: (dice indices, value), smallest choices first.

    Worked out once per set of faces (461 of them), then only renumbered for each order of
    the dice (9 330 throws): a random playout meets most of them."""
    order = sorted(range(len(throw)), key=throw.__getitem__)
    ordered = tuple(throw[i] for i in order)
    if ordered == throw:
        return _sorted_choices(ordered, four_double)
    renumbered = [
        (tuple(sorted([order[j] for j in positions])), scoring)
        for positions, scoring in _sorted_choices(ordered, four_double)
    ]
    renumbered.sort(key=lambda choice: (len(choice[0]), choice[0]))
    return tuple(renumbered)


@cache
def _sorted_choices(
    ordered: tuple[int, ...], four_double: bool
) -> tuple[tuple[tuple[int, ...], Scoring], ...]:
    return tuple(
        (indices, scoring)
        for size in range(1, len(ordered) + 1)
        for indices in combinations(range(len(ordered)), size)
        if (scoring := _score_sorted(tuple(ordered[i] for i in indices), four_double)) is not None
    )


@cache
def bust_chance(dice: int) -> float:
    """The chance that a throw of this many dice scores nothing: no 1, no 5, no three of a
    kind (a straight always holds a 1 or a 5). Shown before a player rerolls."""
    busts = 0
    for throw in product(range(1, 7), repeat=dice):
        if 1 not in throw and 5 not in throw and max(Counter(throw).values()) < 3:
            busts += 1
    return busts / 6**dice


def bank_result(score: int, turn_total: int, target: int, finish: str) -> tuple[int, str]:
    """(new total, note) if a player at `score` banks `turn_total` (5K-7, 5K-8)."""
    total = score + turn_total
    if finish == EXACT and total > target:
        return score, NOTE_OVERSHOOT
    if finish == LAST_TURN and total < target:
        capped = max(score, min(total, target - LAST_TURN_SPAN))
        return capped, NOTE_CAPPED if capped < total else ""
    return total, ""


def target_met(score: int, target: int, finish: str) -> bool:
    return score == target if finish == EXACT else score >= target


# --- actions ------------------------------------------------------------------------------


def _ascending(dice: tuple[int, ...]) -> tuple[int, ...]:
    ordered = tuple(sorted(dice))
    return dice if ordered == dice else ordered


@dataclass(frozen=True)
class Roll(Action):
    """Set aside `keep` (indices into the last throw's `faces`), then throw the dice in hand.

    `keep` is empty only for the first throw of a turn; after a throw it names one of
    `keep_choices` (5K-10). Keeping every die thrown brings all five back ("hot dice").
    """

    keep: tuple[int, ...] = ()

    def cleaned(self) -> Roll:
        keep = _ascending(self.keep)
        return self if keep is self.keep else Roll(keep)


@dataclass(frozen=True)
class Bank(Action):
    """Set aside `keep` from the last throw, then add the turn's points to the score."""

    keep: tuple[int, ...] = ()

    def cleaned(self) -> Bank:
        keep = _ascending(self.keep)
        return self if keep is self.keep else Bank(keep)


@dataclass(frozen=True)
class _Throw:
    """Everything a throw allows, worked out once per distinct throw: the value and the
    faces of each choice, and the actions (a random playout is mostly these lookups)."""

    values: dict[tuple[int, ...], Scoring]
    faces: dict[tuple[int, ...], tuple[int, ...]]
    rolls_and_banks: tuple[Action, ...]
    banks: tuple[tuple[int, Bank], ...]
    five_ones: bool
    before_opening: dict[int, tuple[Action, ...]]
    """The actions of a player not yet opened, by the points the turn still needs."""

    def unopened(self, need: int) -> tuple[Action, ...]:
        """Every set-aside may go on; banking needs `need` points from it (5K-2)."""
        actions = self.before_opening.get(need)
        if actions is None:
            rolls = self.rolls_and_banks[: len(self.banks)]
            actions = rolls + tuple(bank for points, bank in self.banks if points >= need)
            self.before_opening[need] = actions
        return actions


@cache
def _throw(throw: tuple[int, ...], four_double: bool) -> _Throw:
    choices = keep_choices(throw, four_double)
    rolls = tuple(_ROLLS[indices] for indices, _ in choices)
    banks = tuple((scoring.points, _BANKS[indices]) for indices, scoring in choices)
    faces = {keep: tuple([throw[i] for i in keep]) for keep, _ in choices}
    five_ones = throw == (1,) * DICE
    return _Throw(dict(choices), faces, rolls + tuple(b for _, b in banks), banks, five_ones, {})


_NO_THROW = _Throw({}, {}, (), (), False, {})
_KEEPS = [keep for size in range(1, DICE + 1) for keep in combinations(range(DICE), size)]
_ROLLS = {keep: Roll(keep) for keep in _KEEPS}
_BANKS = {keep: Bank(keep) for keep in _KEEPS}
_FIRST_THROW = Roll()
"""Every set-aside, as actions built once and shared by all the throws."""


# --- events -------------------------------------------------------------------------------


@dataclass(frozen=True)
class DiceRolled(Event):
    player: str
    faces: tuple[int, ...]
    aside: tuple[int, ...] = ()
    """The faces set aside beside this throw (see `Le5000State.resting`)."""

    def describe(self) -> str:
        return f"{self.player} lance {', '.join(map(str, self.faces))}."


@dataclass(frozen=True)
class Busted(Event):
    """No die of the throw scores: the turn's points are lost (a "ballot" on 5 dice, 5K-9)."""

    player: str
    faces: tuple[int, ...]
    lost: int
    ballot: bool

    def describe(self) -> str:
        start = "Ballot ! Aucun dé ne marque" if self.ballot else "Aucun dé ne marque"
        if self.lost:
            return f"{start} : {self.player} perd les {number(self.lost)} points du tour."
        return f"{start} : {self.player} passe son tour sans marquer."


@dataclass(frozen=True)
class DiceKept(Event):
    player: str
    faces: tuple[int, ...]
    scoring: Scoring
    turn_total: int
    hot_dice: bool
    dice: tuple[int, ...] = ()
    """Their places in the throw."""

    def describe(self) -> str:
        faces = ", ".join(map(str, self.faces))
        turn = number(self.turn_total)
        text = f"{self.player} garde {faces} — {self.scoring.text}. Tour : {turn}."
        if self.hot_dice:
            text += f" Tous les dés ont marqué : {self.player} peut relancer les cinq."
        return text


@dataclass(frozen=True)
class Banked(Event):
    player: str
    turn_total: int
    gained: int
    total: int
    note: str

    def describe(self) -> str:
        if self.note == NOTE_OVERSHOOT:
            return (
                f"{self.player} dépasse l'objectif avec {number(self.turn_total)} points : "
                f"le tour ne compte pas (total {number(self.total)})."
            )
        if self.note == NOTE_CAPPED:
            return (
                f"{self.player} marque {number(self.turn_total)} points, plafonnés à "
                f"{number(self.total)} : les 1 000 derniers points se font en un seul tour."
            )
        verb = "ouvre avec" if self.note == NOTE_OPENED else "marque"
        return f"{self.player} {verb} {number(self.gained)} points : total {number(self.total)}."


@dataclass(frozen=True)
class FiveOnes(Event):
    player: str

    def describe(self) -> str:
        return f"Cinq 1 ! {self.player} remporte la partie sur-le-champ."


@dataclass(frozen=True)
class TargetReached(Event):
    player: str
    total: int
    round_finishes: bool
    """Equal turns: the players after this one still play their turn of this round."""

    def describe(self) -> str:
        text = f"{self.player} atteint {number(self.total)} points !"
        if self.round_finishes:
            text += " Les joueurs suivants finissent le tour de table."
        return text


@dataclass(frozen=True)
class GameEnded(Event):
    summary: str

    def describe(self) -> str:
        return self.summary


# --- state --------------------------------------------------------------------------------


class Le5000State(RaceState):
    """Public, for the screen: `race` (scores, sheet with a note per turn, rounds: see
    jeux.engine.race), `scores`, `opened`, `current`, `phase`, `faces` (the dice of the last
    throw, still on the table), `resting` (the dice set aside beside it),
    `turn_total` (their points), `target`, `finish`, `last_round`; and for the choice pending
    after a throw: `keep_choices`, `keepable`, `selection_value()`, `dice_to_throw()` (5
    means hot dice), `can_bank()`, `bank_preview()`, `bust_chance()`."""

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = tuple(players)
        self.target: int = options["target"]
        self.finish: str = options["finish"]
        self.four_double: bool = options["four_of_a_kind"] == DOUBLE
        self.turn_limit: int = options["turn_limit"]
        self.race = Race(
            self.seats,
            self.target,
            equal_turns=options["equal_turns"],  # 5K-11
            exact=self.finish == EXACT,
            turn_limit=self.turn_limit,
        )
        self.scores = self.race.scores
        self.opened = [False] * self.seats
        self._start_turn()

    # --- what the screen shows ------------------------------------------------------------

    @property
    def solo(self) -> bool:
        return self.seats == 1

    @property
    def last_round(self) -> bool:
        """Someone has reached the target and the others finish the round (equal turns)."""
        return self.race.final_round and not self.race.over

    @property
    def five_ones(self) -> int | None:
        """The seat that threw five 1s and won at once (5K-5)."""
        return self.race.sudden_winner

    @property
    def keep_choices(self) -> tuple[tuple[tuple[int, ...], Scoring], ...]:
        """Every legal set-aside of the last throw (indices, value), while one is due."""
        if self.phase != CHOOSE:
            return ()
        return keep_choices(self.faces, self.four_double)

    @property
    def keepable(self) -> tuple[int, ...]:
        """Indices of `faces` that belong to at least one legal set-aside right now."""
        return tuple(sorted({i for indices, _ in self.keep_choices for i in indices}))

    def selection_value(self, dice: Sequence[int]) -> Scoring | None:
        """What setting aside these dice of the last throw is worth; None if not allowed."""
        if self.phase != CHOOSE:
            return None
        return self._throw.values.get(tuple(sorted(dice)))

    def dice_to_throw(self, dice: Sequence[int] = ()) -> int:
        """How many dice `Roll(keep=dice)` throws: the rest, or all five after hot dice."""
        if self.phase != CHOOSE:
            return DICE
        left = len(self.faces) - len(dice)
        return left or DICE

    @property
    def resting(self) -> tuple[int, ...]:
        """The faces set aside since the five dice were last thrown together: the dice lying
        beside the throw on the table (empty after hot dice and between throws)."""
        return self._aside if self.phase == CHOOSE else ()

    def opening_missing(self, dice: Sequence[int] = ()) -> int:
        """The points this turn still needs, with these dice set aside, before the player
        may bank for the first time (5K-2); 0 once opened."""
        if self.opened[self.race.current]:
            return 0
        scoring = self.selection_value(dice)
        return max(0, OPENING - self.turn_total - (scoring.points if scoring else 0))

    def best_keep(self) -> tuple[int, ...]:
        """The most valuable set-aside of the last throw (fewest dice on equal points)."""
        choices = self.keep_choices
        if not choices:
            return ()
        return max(choices, key=lambda choice: (choice[1].points, -len(choice[0])))[0]

    def can_bank(self, dice: Sequence[int]) -> bool:
        """Whether `Bank(keep=dice)` is allowed: a legal choice, and 750 in the turn until
        the player has opened (5K-2)."""
        scoring = self.selection_value(dice)
        if scoring is None:
            return False
        return self.opened[self.current] or self.turn_total + scoring.points >= OPENING

    def bank_preview(self, dice: Sequence[int] = ()) -> tuple[int, str]:
        """(total after banking with these dice, note): caps and overshoots, shown ahead."""
        scoring = self.selection_value(dice)
        turn = self.turn_total + (scoring.points if scoring else 0)
        return bank_result(self.scores[self.current], turn, self.target, self.finish)

    # --- turn bookkeeping -------------------------------------------------------------------

    def _start_turn(self) -> None:
        self.phase = ROLL
        self.turn_total = 0
        self.faces: tuple[int, ...] = ()
        self._throw = _NO_THROW
        self._aside: tuple[int, ...] = ()
        self._in_hand = DICE
        """The dice the next throw takes: those not set aside, or five after hot dice."""

    def _end_turn(self, points: int, note: str) -> list[Event]:
        race = self.race
        name, already = self.players[race.current], race.final_round
        end = race.end_turn(points, note)
        events: list[Event] = []
        if not already and (end.reached or end.over and race.met(end.mark.total)):
            events.append(TargetReached(name, end.mark.total, not end.over))
        if end.over:
            return events + self._finish()
        self._start_turn()
        events.append(TurnStarted(self.players[race.current], race.round))
        return events

    def _finish(self) -> list[Event]:
        self.phase = OVER
        return [GameEnded(self.outcome().summary)]

    # --- the contract -----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.phase == ROLL:
            return [_FIRST_THROW]
        if self.phase == OVER:
            return []
        if self.opened[self.race.current]:
            return list(self._throw.rolls_and_banks)
        return list(self._throw.unopened(OPENING - self.turn_total))

    def refusal(self, action: Action) -> str:
        keep = getattr(action, "keep", ())
        if self.phase == ROLL:
            if keep:
                return "Lance d'abord les dés : il n'y a rien à mettre de côté."
            return "Lance les dés avant de marquer."
        if not keep:
            return "Mets de côté au moins un dé qui marque."
        if any(not 0 <= i < len(self.faces) for i in keep) or len(set(keep)) < len(keep):
            return "Choisis parmi les dés qui viennent d'être lancés."
        scoring = self.selection_value(keep)
        if scoring is None:
            return "Ces dés ne marquent pas tous : seuls les 1, les 5 et les combinaisons comptent."
        if isinstance(action, Bank):
            missing = OPENING - self.turn_total - scoring.points
            return f"Pour ouvrir, il faut {OPENING} points dans le tour : encore {number(missing)}."
        return super().refusal(action)

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        events = self._keep(action.keep) if action.keep else []
        events += self._bank() if type(action) is Bank else self._roll(rng)
        return events

    def _keep(self, dice: tuple[int, ...]) -> list[Event]:
        scoring = self._throw.values[dice]
        faces = self._throw.faces[dice]
        self.turn_total += scoring.points
        hot_dice = len(dice) == len(self.faces)
        self._in_hand = DICE if hot_dice else len(self.faces) - len(dice)
        self._aside = () if hot_dice else self._aside + faces
        name = self.players[self.race.current]
        return [DiceKept(name, faces, scoring, self.turn_total, hot_dice, dice)]

    def _roll(self, rng: Random) -> list[Event]:
        name = self.players[self.race.current]
        count = self._in_hand
        self.faces = roll(rng, count)
        self._throw = throw = _throw(self.faces, self.four_double)
        self.phase = CHOOSE
        events: list[Event] = [DiceRolled(name, self.faces, self._aside)]
        if throw.five_ones:  # 5K-5: at any moment, even before opening
            self.race.win_now(NOTE_FIVE_ONES)
            return [*events, FiveOnes(name), *self._finish()]
        if not throw.values:
            ballot = count == DICE
            events.append(Busted(name, self.faces, self.turn_total, ballot))
            return events + self._end_turn(0, NOTE_BALLOT if ballot else NOTE_BUST)
        return events

    def _bank(self) -> list[Event]:
        seat = self.current
        before = self.scores[seat]
        total, note = bank_result(before, self.turn_total, self.target, self.finish)
        if not self.opened[seat] and note != NOTE_OVERSHOOT:
            self.opened[seat] = True
            note = note or NOTE_OPENED
        event = Banked(self.players[seat], self.turn_total, total - before, total, note)
        return [event, *self._end_turn(total - before, note)]

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        race, best = self.race, number(max(self.scores))
        winners = [self.players[s] for s in race.winners()]
        name, turns = self.players[0], plural(race.turns(), "tour")
        if race.solo and self.five_ones is not None:
            summary = f"{name} fait cinq 1 et gagne en {turns} !"
        elif race.solo and race.won:
            summary = f"{name} atteint {number(self.target)} points en {turns}."
        elif race.solo:  # the turn limit: the points reached, never a record of turns
            summary = (
                f"{name} n'atteint pas {number(self.target)} points en {turns} "
                f"({number(self.scores[0])} points)."
            )
        elif self.five_ones is not None:
            summary = f"{winners[0]} fait cinq 1 et remporte la partie !"
        elif len(winners) == 1:
            summary = f"{winners[0]} gagne avec {best} points."
        else:
            summary = f"{join_names(winners)} gagnent ex æquo avec {best} points."
        return race.outcome(summary, ENDING_FIVE_ONES if self.five_ones is not None else "")
