"""Mystère au Manoir (RULINGS.md §10): five dice, witnesses that reroll, clues that triple.

A turn is one or more *passes*. A pass starts with a throw of the five dice; the player may then
spend witnesses (5s) and the double-1 reroll in any order (MM-6), and finally score the dice. A
perfect investigation banks 50 and offers one more pass in the same turn (MM-1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from random import Random
from typing import Any, NamedTuple

from jeux.engine.core import Action, Event
from jeux.engine.dice import faces_text, roll
from jeux.engine.race import Race, RaceState, TargetReached
from jeux.engine.text import plural

TARGET = 100
DICE = 5
PERFECT_POINTS = 50
CLUE, WITNESS, FALSE_LEAD = 1, 5, 6

FACE_CAPTIONS = {1: "indice", 2: "piste", 3: "piste", 4: "piste", 5: "témoin", 6: "bloqué"}
"""What each face is, as the screen writes it under a die: a 6 is never rerolled (MM-5)."""

ROLL, CHOOSE, BONUS, OVER = "roll", "choose", "bonus", "over"
"""Phases: throw the dice; reroll or score them; roll a bonus pass or not; game over."""

THROW, BONUS_THROW, WITNESS_REROLL, DOUBLE_ONE = "lancer", "bonus", "témoin", "double 1"

TRIPLE_SIX, PERFECT, SQUARE, TRIPLE_ONE, SUM = "triple6", "perfect", "square", "triple1", "sum"
"""What a pass scores by, in the order the scoring function tries them (MM-5, MM-1, MM-3,
MM-4): the screen marks the row of its table by these ids."""

READY, USED = "ready", "used"
"""The double 1 of a pass, while two 1s show: still to spend, or spent (MM-4)."""


def face_points(face: int) -> int:
    """1 → 1, 2/3/4 → face value, witnesses and false leads → 0."""
    return face if face <= 4 else 0


class ThrowValue(NamedTuple):
    """What the dice showing would score, in the game's own words."""

    points: int
    kind: str
    """TRIPLE_SIX, PERFECT, SQUARE, TRIPLE_ONE or SUM."""
    text: str
    """The whole reckoning, e.g. "Carré de 2 : 20 + 3 = 23"."""
    perfect: bool


def is_perfect(faces: Sequence[int], easy: bool = False) -> bool:
    """1-2-3-4-5 on the five dice (MM-1); with `easy`, 1-2-3-4 plus any fifth die."""
    if len(faces) != DICE:
        return False
    return {1, 2, 3, 4} <= set(faces) if easy else sorted(faces) == [1, 2, 3, 4, 5]


def throw_value(faces: Sequence[int], easy: bool = False, exact_square: bool = False) -> ThrowValue:
    """Score one pass: triple 6, then the perfect investigation, then sums (MM-3, MM-4, MM-5)."""
    count = Counter(faces)
    if count[FALSE_LEAD] >= 3:
        return ThrowValue(0, TRIPLE_SIX, "Triple 6 : 0", False)
    if is_perfect(faces, easy):
        return ThrowValue(PERFECT_POINTS, PERFECT, "Enquête parfaite : 50", True)
    base = sum(face_points(f) for f in faces)
    square = next((v for v in (2, 3, 4) if count[v] >= 4), None)
    if square is not None:
        rest = 0 if exact_square else base - 4 * square
        text = f"Carré de {square} : {10 * square}"
        if rest:
            text += f" + {rest} = {10 * square + rest}"
        return ThrowValue(10 * square + rest, SQUARE, text, False)
    if count[CLUE] >= 3:
        return ThrowValue(3 * base, TRIPLE_ONE, f"Triple 1 : {base} × 3 = {3 * base}", False)
    if base == 0:
        return ThrowValue(0, SUM, "Aucun indice : 0", False)
    return ThrowValue(base, SUM, f"Indices et pistes : {base}", False)


# --- actions --------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll(Action):
    """Throw all five dice: the start of a turn, or the bonus pass of a perfect investigation."""


@dataclass(frozen=True)
class WitnessReroll(Action):
    """Reroll these dice (indices); every 5 among them is a witness spent (MM-2)."""

    dice: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", tuple(sorted(set(self.dice))))


@dataclass(frozen=True)
class DoubleOneReroll(Action):
    """With two 1s or more, reroll one die that is neither a 1 nor a 6 (once per pass)."""

    die: int = 0


@dataclass(frozen=True)
class Score(Action):
    """Stop rerolling and score the dice showing."""


@dataclass(frozen=True)
class EndTurn(Action):
    """After a perfect investigation, keep the 50 and skip the bonus pass."""


# --- events ---------------------------------------------------------------------------


@dataclass(frozen=True)
class DiceRolled(Event):
    """Some dice were thrown; `faces` are all five dice afterwards, `rerolled` their indices."""

    player: str
    faces: tuple[int, ...]
    rerolled: tuple[int, ...]
    reason: str
    witnesses_spent: int = 0

    def describe(self) -> str:
        faces = faces_text(self.faces)
        if self.reason == THROW:
            return f"{self.player} lance les dés : {faces}."
        if self.reason == BONUS_THROW:
            return f"{self.player} relance les cinq dés pour la passe bonus : {faces}."
        count = len(self.rerolled)
        dice = "un dé" if count == 1 else f"{count} dés"
        if self.reason == DOUBLE_ONE:
            return f"{self.player} utilise le double 1 et relance un dé : {faces}."
        who = "le témoin" if self.witnesses_spent == 1 else f"{self.witnesses_spent} témoins"
        return f"{self.player} fait parler {who} et relance {dice} : {faces}."


@dataclass(frozen=True)
class PassScored(Event):
    player: str
    faces: tuple[int, ...]
    points: int
    text: str
    perfect: bool

    def describe(self) -> str:
        if self.perfect:
            return f"{self.player} réalise une enquête parfaite : 50 points, et peut relancer."
        return f"{self.player} note {self.text}."


@dataclass(frozen=True)
class TurnEnded(Event):
    player: str
    points: int
    total: int

    def describe(self) -> str:
        points = "1 point" if self.points == 1 else f"{self.points} points"
        return f"{self.player} marque {points} ce tour-ci (total {self.total})."


_KIND = (0, CLUE, 2, 2, 2, WITNESS, FALSE_LEAD)
"""Faces that allow the same decisions: 2, 3 and 4 are alike for rerolls."""


def choices(faces: Sequence[int], double_one_used: bool) -> tuple[Action, ...]:
    """The legal actions once the dice show `faces`: witness rerolls (every subset of the dice
    that are not 6 holding at least one 5), double-1 rerolls, and scoring."""
    return _choices(tuple(map(_KIND.__getitem__, faces)), double_one_used)


@cache
def _choices(faces: tuple[int, ...], double_one_used: bool) -> tuple[Action, ...]:
    rerollable = [i for i, f in enumerate(faces) if f != FALSE_LEAD]
    actions: list[Action] = []
    if WITNESS in faces:
        for size in range(1, len(rerollable) + 1):
            for subset in combinations(rerollable, size):
                if any(faces[i] == WITNESS for i in subset):
                    actions.append(WitnessReroll(subset))
    if not double_one_used and faces.count(CLUE) >= 2:
        actions += [DoubleOneReroll(i) for i, f in enumerate(faces) if f not in (CLUE, FALSE_LEAD)]
    actions.append(Score())
    return tuple(actions)


# --- the state ------------------------------------------------------------------------


class MystereState(RaceState):
    """One match. Public for the screen: `dice`, `phase`, `race` (scores, sheet, rounds:
    see jeux.engine.race), `current`, `round`, `totals` (the race's scores), `passes`,
    `turn_points`, `target`, and the helpers `value()`, `witnesses()`, `locked()`,
    `rerollable()`, `double_one_targets()`, `selectable()`."""

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = tuple(players)
        self.target = TARGET
        self.easy_perfect: bool = options["easy_perfect"]
        self.exact_square: bool = options["exact_square"]
        self.turn_limit: int = options["turn_limit"]
        self.race = Race(
            self.seats, TARGET, equal_turns=options["equal_turns"], turn_limit=self.turn_limit
        )
        self.totals = self.race.scores
        self._start_turn()

    def _start_turn(self) -> None:
        self.phase = ROLL
        self.dice: list[int] = []
        """The five dice showing (empty before the first throw of the turn)."""
        self.passes: list[int] = []
        """Points of the passes already scored this turn (several after a perfect one)."""
        self.double_one_used = False

    def _game_over(self) -> None:
        self.phase = OVER

    # --- what the screen shows ---------------------------------------------------------

    @property
    def turn_points(self) -> int:
        """Points banked this turn so far (the dice showing are not yet counted)."""
        return sum(self.passes)

    def value(self) -> ThrowValue | None:
        """What the dice showing are worth if scored now."""
        if not self.dice:
            return None
        return throw_value(self.dice, self.easy_perfect, self.exact_square)

    def witnesses(self) -> tuple[int, ...]:
        """Indices of the 5s showing: each may be spent on a reroll."""
        if self.phase != CHOOSE:
            return ()
        return tuple(i for i, f in enumerate(self.dice) if f == WITNESS)

    @staticmethod
    def never_rerolled(face: int) -> bool:
        """A false lead (6) is never rerolled."""
        return face == FALSE_LEAD

    def locked(self) -> tuple[int, ...]:
        """Indices of the 6s: false leads are never rerolled."""
        return tuple(i for i, f in enumerate(self.dice) if f == FALSE_LEAD)

    def rerollable(self) -> tuple[int, ...]:
        """Dice a witness reroll may include now (none without a witness showing)."""
        if not self.witnesses():
            return ()
        return tuple(i for i, f in enumerate(self.dice) if f != FALSE_LEAD)

    def double_one(self) -> str:
        """READY or USED while two 1s or more show in this pass, else "" (MM-4)."""
        if self.phase != CHOOSE or self.dice.count(CLUE) < 2:
            return ""
        return USED if self.double_one_used else READY

    def witnesses_in(self, chosen: Sequence[int]) -> int:
        """How many witnesses a reroll of these dice would spend (MM-2)."""
        return sum(self.dice[i] == WITNESS for i in chosen if 0 <= i < len(self.dice))

    def double_one_targets(self) -> tuple[int, ...]:
        """Dice the double-1 reroll may take now (none if unavailable)."""
        if self.phase != CHOOSE or self.double_one_used or self.dice.count(CLUE) < 2:
            return ()
        return tuple(i for i, f in enumerate(self.dice) if f not in (CLUE, FALSE_LEAD))

    def selectable(self) -> tuple[int, ...]:
        """Every die the player may pick right now, for one reroll or the other."""
        return tuple(sorted(set(self.rerollable()) | set(self.double_one_targets())))

    def pick_refusal(self, index: int) -> str | None:
        """Why this die may not be picked for a reroll now, in French (None: it may)."""
        if self.phase != CHOOSE:
            return self.refusal(WitnessReroll((index,)))
        if not 0 <= index < len(self.dice):
            return "Ce dé n'existe pas."
        if self.dice[index] == FALSE_LEAD:
            return "Une fausse piste (6) ne peut jamais être relancée."
        if index in self.selectable():
            return None
        if self.double_one_targets():
            return "Sans témoin, seul le double 1 relance : un dé qui n'est ni un 1 ni un 6."
        return "Aucune relance possible : il faut un témoin (un 5) ou deux 1."

    def rerolls_for(
        self, chosen: Sequence[int]
    ) -> tuple[WitnessReroll | None, DoubleOneReroll | None]:
        """The rerolls a selection of dice allows now: a witness reroll, the double 1, both
        (one 5 alone) or neither."""
        if self.phase != CHOOSE or not chosen:
            return None, None
        legal = self.legal_actions()
        witness = WitnessReroll(tuple(chosen))
        double = DoubleOneReroll(chosen[0]) if len(chosen) == 1 else None
        return (
            witness if witness in legal else None,
            double if double in legal else None,
        )

    # --- the contract ------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == ROLL:
            return [Roll()]
        if self.phase == BONUS:
            return [Roll(), EndTurn()]
        return list(choices(self.dice, self.double_one_used))

    def refusal(self, action: Action) -> str:
        if self.phase == ROLL:
            return "Lance d'abord les dés."
        if self.phase == BONUS:
            return "Enquête parfaite : relance les cinq dés ou termine ton tour."
        if isinstance(action, Roll):
            return "Les dés sont lancés : fais parler un témoin, ou note le score."
        if isinstance(action, EndTurn):
            return "Note d'abord le score de tes dés."
        if isinstance(action, WitnessReroll):
            chosen = action.dice
            if not chosen:
                return "Choisis au moins un dé à relancer."
            if any(not 0 <= i < len(self.dice) for i in chosen):
                return "Ce dé n'existe pas."
            if any(self.dice[i] == FALSE_LEAD for i in chosen):
                return "Une fausse piste (6) ne peut jamais être relancée."
            if not self.witnesses():
                return "Il faut un témoin (un 5) pour relancer."
            return "Le témoin (un 5) doit faire partie de la relance."
        if isinstance(action, DoubleOneReroll):
            if self.double_one_used:
                return "Le double 1 a déjà servi pour ce lancer."
            if self.dice.count(CLUE) < 2:
                return "Il faut au moins deux 1 pour cette relance."
            return "Le double 1 relance un seul dé qui n'est ni un 1 ni un 6."
        return super().refusal(action)

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        name = self.players[self.current]
        if isinstance(action, Roll):
            reason = BONUS_THROW if self.phase == BONUS else THROW
            self.dice = list(roll(rng, DICE))
            self.double_one_used = False
            self.phase = CHOOSE
            events: list[Event] = [DiceRolled(name, tuple(self.dice), tuple(range(DICE)), reason)]
            return events + self._settle()
        if isinstance(action, WitnessReroll):
            spent = sum(self.dice[i] == WITNESS for i in action.dice)
            self._reroll(action.dice, rng)
            rolled = DiceRolled(name, tuple(self.dice), action.dice, WITNESS_REROLL, spent)
            return [rolled, *self._settle()]
        if isinstance(action, DoubleOneReroll):
            self.double_one_used = True
            self._reroll((action.die,), rng)
            rolled = DiceRolled(name, tuple(self.dice), (action.die,), DOUBLE_ONE)
            return [rolled, *self._settle()]
        if isinstance(action, Score):
            return self._score_pass()
        return self._end_turn()

    def _reroll(self, indices: Sequence[int], rng: Random) -> None:
        for index, face in zip(indices, roll(rng, len(indices)), strict=True):
            self.dice[index] = face

    def _settle(self) -> list[Event]:
        """Score at once when nothing is left to decide: three 6s (MM-5), or no reroll."""
        if self.dice.count(FALSE_LEAD) >= 3 or len(choices(self.dice, self.double_one_used)) == 1:
            return self._score_pass()
        return []

    def _score_pass(self) -> list[Event]:
        value = self.value()
        assert value is not None
        self.passes.append(value.points)
        name = self.players[self.current]
        events: list[Event] = [
            PassScored(name, tuple(self.dice), value.points, value.text, value.perfect)
        ]
        if value.perfect:
            self.phase = BONUS
            return events
        return events + self._end_turn()

    def _end_turn(self) -> list[Event]:
        """Bank the turn; "Tours égaux" finishes the round, solo stops at the target (MM-7)."""
        name = self.players[self.current]
        end = self.race.end_turn(self.turn_points)
        events: list[Event] = [TurnEnded(name, end.mark.points, end.mark.total)]
        if end.reached and not end.over:
            events.append(TargetReached(name, end.mark.total))
        return self._next_turn(events)

    def summary(self) -> str:
        """The end in the game's words: solved or not, alone; the winner or a tie otherwise."""
        race = self.race
        points = plural(max(race.scores), "point")
        if race.solo:
            return race.solo_verdict(
                self.players[0], points, "résout l'enquête", "l'enquête reste ouverte"
            )
        return race.verdict(self.players, points, "est sacré·e maître détective")
