"""New Day 666 (RULINGS.md §16): a character, a goal, three rolls of a d6 a day, a line of story.

The player names a character and a goal (both may stay blank), then lives day after day: each
day three d6 are rolled (ND-1), the lower the better, and one line tells the day. Three 6s kill
the character (the test case): the player tells the cause and looks back on the life. The
score is the days survived, those completed alive (ND-4). The goal may be marked achieved for
a happy ending (ND-2); the fast mode rolls a week or a month of days at once (ND-3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from jeux.engine.bots import Robot
from jeux.engine.core import (
    Action,
    Event,
    Outcome,
    State,
    free_text,
)
from jeux.engine.dice import roll
from jeux.engine.journal import JournalSection
from jeux.engine.text import TARGET_REACHED, de, plural

ROLLS = 3
DEATH = (6, 6, 6)
LOWEST, HIGHEST = ROLLS, 6 * ROLLS

NAME_LIMIT, GOAL_LIMIT, LINE_LIMIT, LIFE_LIMIT = 40, 80, 120, 200
"""The longest character name, goal, line of a day (or cause of death), look back on a life."""

CREATE, DAY, STORY, DEATH_STORY, OVER = "création", "jour", "récit", "mort", "terminée"
"""Phases: name the character; roll the day; tell the day; tell the death; over."""

DIED, ACHIEVED = "mort", "objectif"
ENDING_DIED = "Mort au triple 6"
"""How a life ended (`NewDayState.ending`)."""

GREAT, ORDINARY, BAD = "belle", "ordinaire", "mauvaise"
TIER_LABELS = {GREAT: "belle journée", ORDINARY: "journée ordinaire", BAD: "mauvaise journée"}


def lived_text(days: int) -> str:
    """ "1 jour vécu", "12 jours vécus"."""
    return f"{plural(days, 'jour')} vécu{'s' * (days > 1)}"


def is_death(faces: Sequence[int]) -> bool:
    """Three 6s the same day (the quoted test case)."""
    return tuple(faces) == DEATH


def tier_of(total: int) -> str:
    """ND-1 [OPTION]: 3–7 great, 8–13 ordinary, 14–17 bad (18 is death)."""
    return GREAT if total <= 7 else ORDINARY if total <= 13 else BAD


@dataclass(frozen=True)
class Day:
    """One day lived (or the last one): its number and its three dice."""

    number: int
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.faces)

    @property
    def fatal(self) -> bool:
        return is_death(self.faces)

    @property
    def dice_text(self) -> str:
        return f"{', '.join(map(str, self.faces))} ({self.total})"


@dataclass(frozen=True)
class Entry:
    """One page of the diary: a day, or in the fast mode a run of days, with its line."""

    days: tuple[Day, ...]
    line: str = ""

    @property
    def first(self) -> int:
        return self.days[0].number

    @property
    def last(self) -> int:
        return self.days[-1].number


# --- actions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Begin(Action):
    """Imagine the character and give them a goal (both may stay blank)."""

    character: str = free_text(NAME_LIMIT)
    goal: str = free_text(GOAL_LIMIT)


@dataclass(frozen=True)
class Roll(Action):
    """A new day: the d6 rolled three times."""


@dataclass(frozen=True)
class FastForward(Action):
    """ND-3 [OPTION]: roll the days of a week (or a month) at once, stopping at a death."""


@dataclass(frozen=True)
class Write(Action):
    """Tell the day (or the run of days) in one line; blank skips it."""

    line: str = free_text(LINE_LIMIT)


@dataclass(frozen=True)
class Farewell(Action):
    """After three 6s: what killed the character, and a look back on the life (both optional)."""

    cause: str = free_text(LINE_LIMIT)
    life: str = free_text(LIFE_LIMIT)


@dataclass(frozen=True)
class Achieve(Action):
    """ND-2: the goal is reached; the life ends happily here (`note`: how, optional)."""

    note: str = free_text(LINE_LIMIT)


# --- events -------------------------------------------------------------------------------


def _quoted(text: str) -> str:
    return f"« {text} »"


@dataclass(frozen=True)
class Began(Event):
    character: str
    goal: str

    def describe(self) -> str:
        goal = f", qui veut {_quoted(self.goal)}" if self.goal else ""
        return f"L'histoire {de(self.character)} commence{goal}."


@dataclass(frozen=True)
class DayRolled(Event):
    day: int
    faces: tuple[int, ...]

    def describe(self) -> str:
        total = sum(self.faces)
        if is_death(self.faces):
            return f"Jour {self.day} : 6, 6, 6. Trois 6 : c'est la fin."
        return f"Jour {self.day} : {', '.join(map(str, self.faces))} ({total})."


@dataclass(frozen=True)
class DaysRolled(Event):
    """The fast mode: a run of days rolled at once, summed up."""

    days: tuple[Day, ...]

    def describe(self) -> str:
        first, last = self.days[0], self.days[-1]
        best = min(d.total for d in self.days)
        worst = max(d.total for d in self.days)
        span = f"Jours {first.number} à {last.number}"
        text = f"{span} : meilleure journée {best}, pire {worst}."
        if last.fatal:
            text += f" Le jour {last.number}, trois 6 : c'est la fin."
        return text


@dataclass(frozen=True)
class DayWritten(Event):
    first: int
    last: int
    line: str

    def describe(self) -> str:
        when = (
            f"Jour {self.first}" if self.first == self.last else f"Jours {self.first}–{self.last}"
        )
        return f"{when} : {_quoted(self.line)}" if self.line else f"{when} : rien à raconter."


@dataclass(frozen=True)
class LifeEnded(Event):
    ending: str
    summary: str

    def describe(self) -> str:
        return self.summary


# --- the state ----------------------------------------------------------------------------


class NewDayState(State):
    """One life. Public, for the screen: `character`, `goal`, `phase`, `diary` (list of
    `Entry`), `ending`, `cause`, `life`, `note`, `tiers` (ND-1 option), `fast_days` (ND-3
    option, 0 when off); `day` (the day to roll next, or the last), `survived` (ND-4)."""

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = tuple(players)
        self.tiers: bool = options["tiers"]
        self.fast_days: int = options["fast"]
        self.phase = CREATE
        self.character = ""
        self.goal = ""
        self.diary: list[Entry] = []
        self.ending: str | None = None
        self.cause = self.life = self.note = ""

    # --- what the screen reads ----------------------------------------------------------

    @property
    def hero(self) -> str:
        """The character's name, or the player's when it was left blank."""
        return self.character or self.players[0]

    @property
    def days(self) -> list[Day]:
        return [day for entry in self.diary for day in entry.days]

    @property
    def lived(self) -> int:
        """Days rolled so far, the fatal one included."""
        return self.diary[-1].last if self.diary else 0

    @property
    def day(self) -> int:
        """The day being lived: the next to roll, or the one just rolled."""
        return self.lived + 1 if self.phase in (CREATE, DAY) else self.lived

    @property
    def survived(self) -> int:
        """ND-4: the days completed alive; dying on day k scores k − 1."""
        return self.lived - 1 if self.ending == DIED or self.phase == DEATH_STORY else self.lived

    @property
    def last_day(self) -> Day | None:
        return self.diary[-1].days[-1] if self.diary else None

    @property
    def can_achieve(self) -> bool:
        """ND-2: between two days, once at least one is lived."""
        return self.phase == DAY and self.lived > 0

    def quality(self, total: int) -> str:
        """A day's sum in words: its tier with the option (ND-1), else how good it is."""
        if total == HIGHEST:
            return "trois 6"
        if self.tiers:
            return TIER_LABELS[tier_of(total)]
        return "bas = bien"

    def progress(self) -> str:
        """Where a kept life stands, for « Reprendre »."""
        return f"jour {self.day}" if self.phase != CREATE else "personnage à créer"

    def summary(self) -> str:
        hero, days = self.hero, plural(self.survived, "jour")
        if self.ending == ACHIEVED:
            return f"{hero} atteint son objectif après {days} : une vie heureuse."
        return f"{hero} meurt le jour {self.lived}, après {days} de vie."

    # --- the contract -------------------------------------------------------------------

    def to_move(self) -> int | None:
        return None if self.phase == OVER else 0

    def legal_actions(self) -> list[Action]:
        if self.phase == CREATE:
            return [Begin()]
        if self.phase == DAY:
            actions: list[Action] = [Roll()]
            if self.fast_days:
                actions.append(FastForward())
            if self.can_achieve:
                actions.append(Achieve())
            return actions
        if self.phase == STORY:
            return [Write()]
        if self.phase == DEATH_STORY:
            return [Farewell()]
        return []

    def refusal(self, action: Action) -> str:
        if self.phase == CREATE:
            return "Imagine d'abord ton personnage et son objectif (ou passe)."
        if self.phase == STORY:
            return "Raconte d'abord cette journée en une ligne (ou passe)."
        if self.phase == DEATH_STORY:
            return "Raconte d'abord la fin de cette vie (ou passe)."
        if isinstance(action, FastForward):
            return "Le mode rapide n'est pas choisi pour cette partie."
        if isinstance(action, Achieve):
            return "Vis au moins une journée avant d'atteindre ton objectif."
        return super().refusal(action)

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        if isinstance(action, Begin):
            self.character, self.goal, self.phase = action.character, action.goal, DAY
            return [Began(self.hero, self.goal)]
        if isinstance(action, Roll):
            day = Day(self.lived + 1, roll(rng, ROLLS))
            self._live((day,))
            return [DayRolled(day.number, day.faces)]
        if isinstance(action, FastForward):
            days: list[Day] = []
            while len(days) < self.fast_days and not (days and days[-1].fatal):
                days.append(Day(self.lived + len(days) + 1, roll(rng, ROLLS)))
            self._live(tuple(days))
            return [DaysRolled(tuple(days))]
        if isinstance(action, Write):
            entry = self.diary[-1]
            self.diary[-1] = Entry(entry.days, action.line)
            self.phase = DAY
            return [DayWritten(entry.first, entry.last, action.line)]
        if isinstance(action, Farewell):
            self.cause, self.life = action.cause, action.life
            return self._end(DIED)
        self.note = action.note
        return self._end(ACHIEVED)

    def _live(self, days: tuple[Day, ...]) -> None:
        self.diary.append(Entry(days))
        self.phase = DEATH_STORY if days[-1].fatal else STORY

    def _end(self, ending: str) -> list[Event]:
        self.ending, self.phase = ending, OVER
        return [LifeEnded(ending, self.summary())]

    def outcome(self) -> Outcome | None:
        if self.ending is None:
            return None
        scores = (self.survived,)
        if self.ending == ACHIEVED:
            return Outcome(scores, (1,), self.summary(), won=True, ending=TARGET_REACHED)
        # No win condition: death is how every life ends; the days survived are the score.
        summary = self.summary()
        return Outcome(scores, (1,), summary, won=False, verdict=False, ending=ENDING_DIED)


# --- the diary, reread and exported -------------------------------------------------------


def diary_sections(state: NewDayState, when: str = "") -> list[JournalSection]:
    """The diary of a life, finished or not, as the shared journal sections."""
    head: list[tuple[str, str]] = []
    if when:
        head.append(("Date", when))
    head.append(("Personnage", state.hero))
    if state.goal:
        head.append(("Objectif", state.goal))
    head.append(("Jours vécus", str(state.survived)))
    sections = [JournalSection(f"New Day 666 — journal {de(state.hero)}", tuple(head))]
    for entry in state.diary:
        if len(entry.days) == 1:
            day = entry.days[0]
            title = f"Jour {day.number} — {day.dice_text}"
            lines = [("", entry.line)] if entry.line else []
        else:
            title = f"Jours {entry.first} à {entry.last} (en accéléré)"
            lines = [(f"Jour {d.number}", d.dice_text) for d in entry.days]
            if entry.line:
                lines.append(("", entry.line))
        if state.tiers and not entry.days[-1].fatal and len(entry.days) == 1:
            lines.insert(0, ("Journée", TIER_LABELS[tier_of(entry.days[0].total)]))
        sections.append(JournalSection(title, tuple(lines)))
    if state.ending is None:
        sections.append(JournalSection("En cours", (("", f"Vie en cours — jour {state.day}."),)))
        return sections
    end: list[tuple[str, str]] = [("", state.summary())]
    if state.ending == DIED:
        end += [("Cause", state.cause)] if state.cause else []
        end += [("Sa vie", state.life)] if state.life else []
    elif state.note:
        end.append(("Objectif atteint", state.note))
    sections.append(JournalSection("Fin", tuple(end)))
    return sections


# --- a stand-in player for demos and screenshots ------------------------------------------

DEMO_LINES = {
    GREAT: (
        "Le soleil, un café offert, un rire dans l'escalier.",
        "Une lettre attendue depuis des mois arrive enfin.",
        "Tout réussit, même le gâteau.",
    ),
    ORDINARY: (
        "Le bus en retard, la pluie, rien de grave.",
        "Un jour comme un autre, et c'est déjà bien.",
        "Du travail, une soupe, un livre.",
    ),
    BAD: (
        "Une dispute qui laisse un goût amer.",
        "Tout casse : la cafetière, le parapluie, le moral.",
        "Une mauvaise nouvelle au téléphone.",
    ),
}


class Diarist(Robot):
    """Plays the game for demos and screenshots (it needs no opponent): a character, a line
    for most days, a quiet farewell. Its rng is its own, never the match's."""

    def choose(self, state: NewDayState) -> Action:
        if state.phase == CREATE:
            return Begin("Odile", "ouvrir une librairie au bord de la mer")
        if state.phase == STORY:
            day = state.last_day
            if self.rng.random() < 0.2:
                return Write()
            return Write(self.rng.choice(DEMO_LINES[tier_of(day.total)]))
        if state.phase == DEATH_STORY:
            return Farewell("Un piano tombé d'un balcon.", "Elle a aimé les livres et la mer.")
        return Roll()
