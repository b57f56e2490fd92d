"""Lovecraftian Dice of Madness (RULINGS.md §13): five dice for forbidden Knowledge, sixes
for Madness, and a d20 that tests a mind already shaken.

A turn: the Madness test (MAD-1, MAD-2 of §0.4: a d20 only when a 6 is showing and Madness
is at least 1), a throw of five dice (+1 Madness per 6, MAD-2), up to two rerolls of any
dice, then the single best category scores (MAD-3). Madness is checked after every change:
15 puts the player out at once (MAD-4, MAD-5). Knowledge races to 50 through `Race`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from random import Random
from typing import Any, NamedTuple

from jeux.engine.core import (
    Action,
    Event,
    Outcome,
    ranks_from_scores,
)
from jeux.engine.dice import DiceThrow, roll
from jeux.engine.events import TurnStarted
from jeux.engine.race import Mark, Race, RaceState
from jeux.engine.text import LAST_STANDING, TARGET_REACHED, join_names, plural

DICE = 5
REROLLS = 2
KNOWLEDGE_GOAL = 50
MADNESS_LIMIT = 15
ENDING_MAD = "Folie"
"""Alone: Madness reached 15 before Knowledge reached 50."""
ENDING_ALL_MAD = "Folie générale"
"""Every player went mad (when the last sane one must still reach 50)."""
D20 = 20
TEST_PENALTY = 2
"""Madness a failed test adds (d20 ≤ Madness)."""
ALL_DICE = tuple(range(DICE))

# Options (their values are saved with each match).
PREVIOUS, FIRST_ROLL = "previous", "first_roll"
FIRST, HARSH, LEGACY = "first", "harsh", "legacy"
WINS, MUST_REACH = "wins", "must_reach"

LEGACY_COST = (2, 3)
"""MAD-2 legacy (the struck-out « Prise de risque »): Madness per 6 on the 1st, 2nd reroll."""


class Category(NamedTuple):
    """What the final dice are worth: the Knowledge gained and the change of Madness."""

    key: str
    name: str
    knowledge: int
    madness: int


QUINTUPLE = Category("quintuple", "Quintuple", 10, 0)
CARRE = Category("carre", "Carré", 5, 0)
SUITE = Category("suite", "Suite", 5, 0)
FULL = Category("full", "Brelan et paire", 3, -1)
FULL_PLAIN = Category("full", "Brelan et paire", 3, 0)
BRELAN = Category("brelan", "Brelan", 3, 0)
DOUBLE_PAIRE = Category("double_paire", "Double paire", 2, 0)
PAIRE = Category("paire", "Paire", 0, -1)
RIEN = Category("rien", "Rien", 0, 1)
CATEGORIES = (QUINTUPLE, CARRE, SUITE, FULL, BRELAN, DOUBLE_PAIRE, PAIRE, RIEN)
"""The table of the rules, best first (the full house ranks as three of a kind, MAD-3)."""

_STRAIGHTS = ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6))


@cache
def _category(ordered: tuple[int, ...], full_bonus: bool) -> Category:
    groups = sorted(Counter(ordered).values(), reverse=True)
    if groups[0] == 5:
        return QUINTUPLE
    if groups[0] == 4:
        return CARRE
    if ordered in _STRAIGHTS:
        return SUITE
    if groups[:2] == [3, 2]:
        return FULL if full_bonus else FULL_PLAIN
    if groups[0] == 3:
        return BRELAN
    if groups[:2] == [2, 2]:
        return DOUBLE_PAIRE
    return PAIRE if groups[0] == 2 else RIEN


@cache
def _category_of(faces: tuple[int, ...], full_bonus: bool) -> Category:
    return _category(tuple(sorted(faces)), full_bonus)


def category(faces: Sequence[int], full_bonus: bool = True) -> Category:
    """The single best category of five dice (MAD-3: only one applies)."""
    return _category_of(tuple(faces), full_bonus)


@cache
def category_text(cat: Category) -> str:
    """ "Brelan : +3 Savoir, −1 Folie" — what a category gives, in the game's words."""
    parts = []
    if cat.knowledge:
        parts.append(f"+{cat.knowledge} Savoir")
    if cat.madness:
        parts.append(f"{'+' if cat.madness > 0 else '−'}{abs(cat.madness)} Folie")
    return f"{cat.name} : {', '.join(parts) or 'rien'}"


@dataclass(frozen=True)
class Roll(Action):
    """Throw these dice: all five to start the turn, then any of them (a reroll)."""

    dice: tuple[int, ...] = ALL_DICE


@dataclass(frozen=True)
class Stop(Action):
    """Keep the dice as they are: the best category scores."""


@dataclass(frozen=True)
class MadnessTest(Event):
    """The d20 against Madness: at or under it, the mind gives way (+2)."""

    player: str
    die: int
    madness: int
    """Madness the die was tested against."""
    failed: bool
    after: int
    """Madness after the test."""
    automatic: bool = False
    """The legacy rule's test before a reroll, with or without a 6."""

    def describe(self) -> str:
        why = "avant de relancer" if self.automatic else "un 6 est sur la table"
        if self.failed:
            return f"Test de folie ({why}) : d20 {self.die} ≤ {self.madness}, +2 Folie."
        return f"Test de folie ({why}) : d20 {self.die} > {self.madness}, l'esprit tient."


@dataclass(frozen=True)
class DiceRolled(DiceThrow, Event):
    player: str
    faces: tuple[int, ...]
    """All five dice after the throw, by position."""
    thrown: tuple[int, ...]
    madness: int
    """Madness the sixes of this throw added."""
    level: int
    """Madness after them."""
    rerolls_left: int
    label: str
    """The category the dice show now, with what it gives."""

    def describe(self) -> str:
        shown = self.thrown_text()
        sixes = f" (+{self.madness} Folie)" if self.madness else ""
        return f"{self.player} lance {shown}{sixes}."


@dataclass(frozen=True)
class TurnScored(Event):
    player: str
    category: str
    """The category's key (see CATEGORIES)."""
    label: str
    knowledge: int
    """Knowledge after the turn."""
    madness: int
    """Madness after the turn."""

    def describe(self) -> str:
        return f"{self.player} : {self.label} ({self.knowledge} Savoir, {self.madness} Folie)."


@dataclass(frozen=True)
class WentMad(Event):
    player: str
    knowledge: int

    def describe(self) -> str:
        return f"{self.player} atteint {MADNESS_LIMIT} de Folie et sombre dans la démence."


@dataclass(frozen=True)
class TargetReached(Event):
    player: str
    total: int

    def describe(self) -> str:
        return f"{self.player} atteint {self.total} de Savoir : on termine le tour de table."


_ROLLS = {
    dice: Roll(dice)
    for mask in range(1, 1 << DICE)
    for dice in [tuple(i for i in range(DICE) if mask >> i & 1)]
}
"""Every throw a player can ask for, built once: legal_actions hands these out."""
_START = (_ROLLS[ALL_DICE],)
_STOP = Stop()
_CHOOSE = (_STOP, *_ROLLS.values())


class MadnessState(RaceState):
    """One match. Public, for the screen and the robot:

    - `faces` (empty before the turn's first throw), `rerolls_left`, `phase`, `current`;
    - `table[seat]`: each seat's dice as its last turn left them (MAD-1's test reads them);
    - `madness`, `knowledge` (the race's scores), `out` per seat; `race` (the sheet).
    """

    turn_started = TurnStarted

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = tuple(players)
        self.test_timing: str = options["test_timing"]
        self.sixes: str = options["sixes"]
        self.full_bonus: bool = options["full_bonus"]
        self.survivor: str = options["survivor"]
        self.race = Race(self.seats, KNOWLEDGE_GOAL, equal_turns=options["equal_turns"])
        self.knowledge = self.race.scores
        self.madness = [0] * self.seats
        self.out = [False] * self.seats
        self.table: list[tuple[int, ...]] = [()] * self.seats
        self._start_turn()

    @property
    def solo(self) -> bool:
        return self.seats == 1

    def _start_turn(self) -> None:
        self.faces: tuple[int, ...] = ()
        self.rerolls_left = REROLLS

    # --- what the screen shows --------------------------------------------------------

    @property
    def phase(self) -> str:
        """One of: start (the throw to come), choose (reroll or stop), over."""
        if self.race.over:
            return "over"
        return "choose" if self.faces else "start"

    def category(self, faces: Sequence[int] | None = None) -> Category:
        """What these dice (by default those on the table) would score."""
        return category(self.faces if faces is None else faces, self.full_bonus)

    def test_due(self) -> bool:
        """Whether the turn to come opens with a Madness test (MAD-1, MAD-2 of §0.4)."""
        seat = self.current
        return self.test_timing == PREVIOUS and 6 in self.table[seat] and self.madness[seat] >= 1

    def reroll_cost(self) -> int:
        """Madness each 6 of the next reroll adds (0: sixes of rerolls are free)."""
        if self.sixes == HARSH:
            return 1
        if self.sixes == LEGACY:
            return LEGACY_COST[REROLLS - self.rerolls_left]
        return 0

    def sane(self) -> list[int]:
        return [s for s in range(self.seats) if not self.out[s]]

    def leaders(self) -> frozenset[int]:
        """The seats a score sheet stars: the winners at the end, else the sane players
        with the most Knowledge (a player out never leads, MAD-5)."""
        outcome = self.outcome()
        if outcome is not None:
            return frozenset(outcome.winners) if outcome.won else frozenset()
        sane = self.sane()
        best = max(self.knowledge[s] for s in sane)
        return frozenset(s for s in sane if self.knowledge[s] == best) if best else frozenset()

    # --- the contract -----------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.race.over:
            return []
        return list(_CHOOSE if self.faces else _START)

    def refusal(self, action: Action) -> str:
        if not self.faces:
            return "Lance d'abord les cinq dés."
        if isinstance(action, Roll) and not action.dice:
            return "Choisis au moins un dé à relancer, ou arrête-toi."
        return super().refusal(action)

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        if isinstance(action, Stop):
            return self._score()
        if not self.faces:
            return self._first_throw(rng)
        return self._reroll(action.dice, rng)

    def _test(self, rng: Random, level: int, automatic: bool = False) -> list[Event]:
        """The d20 against Madness `level`; only when it can fail (MAD-2 of §0.4: not
        at 0). A failure adds 2 to the current Madness."""
        if level < 1:
            return []
        seat = self.current
        die = rng.randint(1, D20)
        failed = die <= level
        if failed:
            self.madness[seat] += TEST_PENALTY
        after = self.madness[seat]
        return [MadnessTest(self.players[seat], die, level, failed, after, automatic)]

    def _throw(self, dice: tuple[int, ...], rng: Random) -> tuple[int, ...]:
        """Throw these dice; returns their new faces."""
        new = roll(rng, len(dice))
        if len(dice) == DICE:
            self.faces = new
        else:
            faces = list(self.faces)
            for i, face in zip(dice, new, strict=True):
                faces[i] = face
            self.faces = tuple(faces)
        return new

    def _rolled(self, dice: tuple[int, ...], madness: int) -> DiceRolled:
        label = category_text(self.category())
        seat = self.current
        level = self.madness[seat]
        return DiceRolled(
            self.players[seat], self.faces, dice, madness, level, self.rerolls_left, label
        )

    def _first_throw(self, rng: Random) -> list[Event]:
        seat = self.current
        events: list[Event] = []
        if self.test_due():  # MAD-1: the 6s left from the previous turn
            events += self._test(rng, self.madness[seat])
            if self.madness[seat] >= MADNESS_LIMIT:
                return events + self._go_mad()
        before = self.madness[seat]
        sixes = self._throw(ALL_DICE, rng).count(6)
        self.madness[seat] += sixes  # MAD-2: +1 per 6 of the first roll
        events.append(self._rolled(ALL_DICE, sixes))
        if (
            self.test_timing == FIRST_ROLL and sixes and self.madness[seat] < MADNESS_LIMIT
        ):  # MAD-1 [OPTION]: step 1 before step 3
            events += self._test(rng, before)
        return events + self._after_change()

    def _reroll(self, dice: tuple[int, ...], rng: Random) -> list[Event]:
        seat = self.current
        events: list[Event] = []
        cost = self.reroll_cost()
        if self.sixes == LEGACY:  # the struck-out rule: a test before every reroll
            events += self._test(rng, self.madness[seat], automatic=True)
            if self.madness[seat] >= MADNESS_LIMIT:
                return events + self._go_mad()
        added = cost * self._throw(dice, rng).count(6)
        self.madness[seat] += added
        self.rerolls_left -= 1
        events.append(self._rolled(dice, added))
        return events + self._after_change()

    def _after_change(self) -> list[Event]:
        """MAD-4: 15 Madness ends the turn at once; after the last reroll the dice score."""
        if self.madness[self.current] >= MADNESS_LIMIT:
            return self._go_mad()
        return self._score() if self.rerolls_left == 0 else []

    def _score(self) -> list[Event]:
        seat = self.current
        cat = self.category()
        self.madness[seat] = max(0, self.madness[seat] + cat.madness)
        self.table[seat] = self.faces
        if self.madness[seat] >= MADNESS_LIMIT:  # "Rien" may be the last straw
            return self._go_mad()
        name = self.players[seat]
        knowledge = self.knowledge[seat] + cat.knowledge
        scored = TurnScored(name, cat.key, category_text(cat), knowledge, self.madness[seat])
        end = self.race.end_turn(cat.knowledge, cat.name)
        events: list[Event] = [scored]
        if end.reached:
            events.append(TargetReached(name, end.mark.total))
        return self._next_turn(events)

    def _go_mad(self) -> list[Event]:
        """MAD-4, MAD-5: out at once, the turn scoring nothing; alone, or when one sane
        player is left (who then wins, unless the option makes them reach 50), it ends."""
        race, seat = self.race, self.current
        self.out[seat] = True
        self.table[seat] = self.faces
        events: list[Event] = [WentMad(self.players[seat], self.knowledge[seat])]
        sane = self.sane()
        if not sane or (len(sane) == 1 and self.survivor == WINS):
            race.sheet[-1][seat] = Mark(0, race.scores[seat], "folie")
            race.over = True
            return self._next_turn(events)
        race.end_turn(0, "folie")
        race.contenders = tuple(s for s in race.contenders if not self.out[s])
        return self._next_turn(events)

    def outcome(self) -> Outcome | None:
        race = self.race
        if not race.over:
            return None
        if self.solo:
            return race.outcome(self._solo_summary(), ENDING_MAD if self.out[0] else "")
        keys = [(not self.out[s], self.knowledge[s]) for s in range(self.seats)]
        ranks = ranks_from_scores(keys)
        winners = [self.players[s] for s in range(self.seats) if ranks[s] == 1]
        summary = self._summary(winners, ranks)
        return Outcome(tuple(self.knowledge), ranks, summary, ending=self._ending())

    def _ending(self) -> str:
        """Multi-seat: the target, one sane player left (MAD-5), or nobody sane at all. A
        player at 50 plays no more turns, so never goes mad: any 50 is a sane player's."""
        if not self.sane():
            return ENDING_ALL_MAD
        return TARGET_REACHED if any(map(self.race.met, self.knowledge)) else LAST_STANDING

    def _solo_summary(self) -> str:
        name, knowledge = self.players[0], self.knowledge[0]
        if self.out[0]:
            return f"{name} sombre dans la folie avec {knowledge} de Savoir."
        turns = plural(self.race.turns(), "tour")
        return f"{name} atteint {knowledge} de Savoir en {turns} (Folie {self.madness[0]})."

    def _summary(self, winners: list[str], ranks: tuple[int, ...]) -> str:
        top = next(s for s in range(self.seats) if ranks[s] == 1)
        knowledge = f"{self.knowledge[top]} de Savoir"
        sane = self.sane()
        if not sane:
            head = "Tous ont sombré dans la folie. "
        elif len(sane) == 1 and self.knowledge[top] < KNOWLEDGE_GOAL:
            return f"{winners[0]}, dernier esprit lucide, gagne avec {knowledge}."
        else:
            head = ""
        if len(winners) == 1:
            return f"{head}{winners[0]} gagne avec {knowledge}."
        return f"{head}{join_names(winners)} gagnent ex aequo avec {knowledge}."
