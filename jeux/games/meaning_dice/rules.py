"""Meaning Dice (RULINGS.md §6 and MD-7): a game master against players, picture dice on the
table, a story told one meaning at a time.

Seat 0 is the game master (MJ); the others are the players. The MJ writes the scenario, then
everyone in turn draws a die and gives its picture a meaning, links two drawn dice, or rerolls
a die still on the table. Players claim the scenario solved; the MJ accepts or objects, and an
objection goes to the players' vote (or the MJ decides, as an option). The MJ wins when the dice
run out or after three turns per die.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from random import Random
from typing import Any

from jeux.engine.bots import Robot
from jeux.engine.core import (
    Action,
    Event,
    LegalOnce,
    Outcome,
    free_text,
    quick_init,
)
from jeux.engine.dice import roll
from jeux.engine.journal import JournalSection, sections_markdown
from jeux.engine.text import TURN_LIMIT, de, join_names

from .pictures import Picture, picture

TEXT_LIMIT = 100
"""Longest scenario, meaning or link an action may carry."""

MJ = 0
"""The game master's seat: the first in seat order (the MJ starts, D 271)."""

TURNS_PER_DIE = 3
"""MD-7: a match ends, MJ winning, after this many turns per die."""

VOTE, MJ_DECIDES = "vote", "mj"
SCENARIO, PLAY, LAST, JUDGE, BALLOT, OVER = (
    "scénario",
    "jeu",
    "dernier dé",
    "jugement",
    "vote",
    "terminée",
)
SOLVED, DICE_OUT, TURNS_OUT, GAVE_UP = "résolu", "dés épuisés", "tours épuisés", "abandon"
ENDINGS = {
    SOLVED: "Scénario résolu",
    DICE_OUT: "Dés épuisés",
    GAVE_UP: "Dés épuisés",  # the last die's player gives up: the dice are used up (MD-7)
    TURNS_OUT: TURN_LIMIT,
}

SCENARIOS = (
    "Vous êtes enfermés dans la pièce actuelle et vous devez sortir.",
    "Piégés sur une île, le bateau vient de partir : rentrez chez vous.",
    "Une cliente de l'hôtel refuse de quitter sa chambre : faites-la sortir.",
    "Le train de nuit s'est arrêté en pleine forêt : arrivez à l'heure au mariage.",
    "Le musée ouvre dans une heure et le tableau vedette a disparu.",
    "Votre fusée a atterri sur la mauvaise planète : trouvez le chemin du retour.",
)
"""Scenarios to suggest: the three of the rules text (D 262–264), then ours."""


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Scenario(Action):
    """The MJ sets the scenario; left empty, the suggested one is played."""

    text: str = free_text(TEXT_LIMIT)


@dataclass(frozen=True)
class Draw(Action):
    """Draw a die and give its picture a meaning; left empty, the picture's word (MD-7)."""

    die: int = 0
    meaning: str = free_text(TEXT_LIMIT)


@dataclass(frozen=True)
class Associate(Action):
    """Link two drawn dice (MD-2); left empty, the link says both meanings."""

    first: int = 0
    second: int = 1
    link: str = free_text(TEXT_LIMIT)


@dataclass(frozen=True)
class Reroll(Action):
    die: int = 0


@dataclass(frozen=True)
class Claim(Action):
    """A player says the scenario is solved (never the MJ, MD-7)."""


@dataclass(frozen=True)
class GiveUp(Action):
    """After the last die, the player who drew it admits the scenario is not solved."""


@dataclass(frozen=True)
class Judge(Action):
    """The MJ's answer to a claim: accept, or object."""

    accept: bool = False


@dataclass(frozen=True)
class Vote(Action):
    yes: bool = True


_ANSWERS: dict[str, tuple[Action, ...]] = {
    SCENARIO: (Scenario(),),
    JUDGE: (Judge(True), Judge(False)),
    BALLOT: (Vote(True), Vote(False)),
    LAST: (Claim(), GiveUp()),
}
"""The legal actions of every phase but play, built once."""


@cache
def _draw(die: int) -> Draw:
    return Draw(die)


@cache
def _associate(first: int, second: int) -> Associate:
    return Associate(first, second)


@cache
def _reroll(die: int) -> Reroll:
    return Reroll(die)


# --- the story -----------------------------------------------------------------------------


@quick_init
@dataclass(frozen=True)
class Die:
    """One die: its face, and once drawn, its meaning and who gave it."""

    face: int
    meaning: str = ""
    seat: int | None = None

    @property
    def drawn(self) -> bool:
        return self.seat is not None


@quick_init
@dataclass(frozen=True)
class Line:
    """One line of the story, in the order told: who and what."""

    seat: int
    kind: str  # "draw", "link", "reroll", "claim", "verdict", "vote", "tally"
    text: str
    dice: tuple[int, ...] = ()


# --- events --------------------------------------------------------------------------------


@quick_init
@dataclass(frozen=True)
class ScenarioSet(Event):
    name: str
    text: str

    def describe(self) -> str:
        return f"Scénario {de(self.name)} : « {self.text} »"


@quick_init
@dataclass(frozen=True)
class DieDrawn(Event):
    name: str
    die: int
    face: int
    meaning: str

    def describe(self) -> str:
        word = picture(self.die, self.face).name
        return f"{self.name} pioche le dé {self.die + 1} ({word}) : « {self.meaning} »"


@quick_init
@dataclass(frozen=True)
class DiceAssociated(Event):
    name: str
    first: int
    second: int
    link: str

    def describe(self) -> str:
        return f"{self.name} relie les dés {self.first + 1} et {self.second + 1} : « {self.link} »"


@quick_init
@dataclass(frozen=True)
class DieRerolled(Event):
    name: str
    die: int
    face: int

    def describe(self) -> str:
        return f"{self.name} relance le dé {self.die + 1} : {picture(self.die, self.face).name}"


@quick_init
@dataclass(frozen=True)
class SolutionClaimed(Event):
    name: str

    def describe(self) -> str:
        return f"{self.name} annonce : « Nous avons résolu le scénario ! »"


@quick_init
@dataclass(frozen=True)
class Verdict(Event):
    """The MJ's judgement or a player's vote, shown to all."""

    name: str
    yes: bool
    by_mj: bool

    def describe(self) -> str:
        if self.by_mj:
            return f"{self.name} (MJ) {'accepte' if self.yes else 'conteste'} la solution."
        return f"{self.name} vote {'pour' if self.yes else 'contre'} la solution."


@quick_init
@dataclass(frozen=True)
class ClaimRejected(Event):
    reason: str

    def describe(self) -> str:
        return self.reason


@quick_init
@dataclass(frozen=True)
class GameEnded(Event):
    summary: str

    def describe(self) -> str:
        return self.summary


# --- the state -----------------------------------------------------------------------------


class MeaningState(LegalOnce):
    """One match. Public attributes: `dice` (list of Die), `scenario`, `suggested`, `phase`,
    `turn` (the seat whose turn it is), `turns` (turns taken), `story` (list of Line),
    `claimer`, `votes` ({seat: yes}), `ending`."""

    def __init__(
        self,
        players: Sequence[str],
        options: Mapping[str, Any],
        faces: Sequence[int],
        suggested: str,
    ) -> None:
        self.players = tuple(players)
        self.judge: str = options["judge"]
        self.dice = [Die(face) for face in faces]
        self.suggested = suggested
        self.scenario = ""
        self.phase = SCENARIO
        self.turn = MJ
        self.turns = 0
        self.story: list[Line] = []
        self.claimer: int | None = None
        self.votes: dict[int, bool] = {}
        self.ending: str | None = None
        self._free: list[tuple[int, int]] = []
        """The pairs of drawn dice not linked yet, in order, kept as the story grows."""
        self._table = list(range(len(self.dice)))
        """The dice not drawn yet, in order, kept as they are drawn."""

    # --- what the screen reads ----------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def turn_limit(self) -> int:
        return TURNS_PER_DIE * len(self.dice)

    @property
    def turns_left(self) -> int:
        return self.turn_limit - self.turns

    def picture(self, die: int) -> Picture:
        return picture(die, self.dice[die].face)

    def on_table(self) -> list[int]:
        return list(self._table)

    def drawn(self) -> list[int]:
        """The dice used, in the order they were drawn."""
        return [line.dice[0] for line in self.story if line.kind == "draw"]

    def linked(self) -> set[tuple[int, int]]:
        return {line.dice for line in self.story if line.kind == "link"}

    def free_pairs(self) -> list[tuple[int, int]]:
        """The pairs of drawn dice not linked yet (MD-2), by die number."""
        return list(self._free)

    def voters(self) -> list[int]:
        """The players who still vote on a claim: every player but the MJ and the claimer
        (claiming is voting yes), from the claimer on in seat order."""
        claimer = self.claimer if self.claimer is not None else MJ
        order = [(claimer + k) % self.seats for k in range(1, self.seats)]
        return [seat for seat in order if seat != MJ and seat not in self.votes]

    @property
    def players_won(self) -> bool:
        return self.ending == SOLVED

    # --- the contract -------------------------------------------------------------------

    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == JUDGE:
            return MJ
        if self.phase == BALLOT:
            return self.voters()[0]
        return self.turn

    def whose_turn(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def prompt(self) -> str:
        if self.phase == JUDGE:
            return f"{self.players[self.turn]} dit le scénario résolu — acceptes-tu ?"
        if self.phase == BALLOT:
            return f"Le·la MJ conteste la solution {de(self.players[self.turn])} — à toi de voter"
        return ""

    def _legal_now(self) -> list[Action]:
        if self.phase != PLAY:
            return list(_ANSWERS.get(self.phase, ()))
        table = self._table
        actions: list[Action] = [_draw(die) for die in table]
        actions += [_associate(a, b) for a, b in self._free]
        actions += [_reroll(die) for die in table]
        if self.turn != MJ:
            actions.append(_ANSWERS[LAST][0])
        return actions

    def refusal(self, action: Action) -> str:
        if isinstance(action, Claim) and self.to_move() == MJ:
            return "Le·la MJ ne peut pas déclarer le scénario résolu."
        if isinstance(action, (Draw, Reroll)) and self.phase == PLAY:
            return "Ce dé a déjà été pioché."
        if isinstance(action, Associate) and self.phase == PLAY:
            return "Relie deux dés déjà piochés, et pas deux fois les mêmes."
        return super().refusal(action)

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        self._legal = None
        name = self.players[self.to_move()]
        if isinstance(action, Scenario):
            self.scenario = action.text or self.suggested
            self.phase = PLAY
            return [ScenarioSet(name, self.scenario)]
        if isinstance(action, Judge):
            return self._judge(name, action.accept)
        if isinstance(action, Vote):
            return self._vote(name, action.yes)
        if isinstance(action, GiveUp):
            return self._end(GAVE_UP)
        self.turns += 1
        if isinstance(action, Claim):
            return self._claim(name)
        if isinstance(action, Draw):
            events = [self._draw(name, action)]
        elif isinstance(action, Associate):
            events = [self._associate(name, action)]
        else:
            (face,) = roll(rng, 1, 6)
            self.dice[action.die] = Die(face)
            self.story.append(
                Line(self.turn, "reroll", self.picture(action.die).name, (action.die,))
            )
            events = [DieRerolled(name, action.die, face)]
        return events + self._next_turn()

    def _draw(self, name: str, action: Draw) -> Event:
        die = action.die
        meaning = action.meaning or self.picture(die).suggestion
        drawn = [d for d in range(len(self.dice)) if d not in self._table]
        self._free = sorted(self._free + [(d, die) if d < die else (die, d) for d in drawn])
        self._table.remove(die)
        self.dice[die] = Die(self.dice[die].face, meaning, self.turn)
        self.story.append(Line(self.turn, "draw", meaning, (die,)))
        return DieDrawn(name, die, self.dice[die].face, meaning)

    def _associate(self, name: str, action: Associate) -> Event:
        first, second = action.first, action.second
        link = action.link or f"{self.dice[first].meaning} + {self.dice[second].meaning}"
        self.story.append(Line(self.turn, "link", link, (first, second)))
        self._free.remove((first, second))
        return DiceAssociated(name, first, second, link)

    def _claim(self, name: str) -> list[Event]:
        self.claimer = self.turn
        self.votes = {self.turn: True}
        self.story.append(Line(self.turn, "claim", "Nous avons résolu le scénario !"))
        self.phase = JUDGE
        return [SolutionClaimed(name)]

    def _judge(self, name: str, accept: bool) -> list[Event]:
        events: list[Event] = [Verdict(name, accept, by_mj=True)]
        if accept:
            self.story.append(Line(MJ, "verdict", "Le·la MJ accepte la solution."))
            return events + self._end(SOLVED)
        if self.judge == MJ_DECIDES:
            self.story.append(Line(MJ, "verdict", "Le·la MJ refuse la solution."))
            return events + self._rejected("Le·la MJ refuse : l'histoire continue.")
        self.story.append(Line(MJ, "verdict", "Le·la MJ conteste : les joueurs votent."))
        return events + self._count()

    def _vote(self, name: str, yes: bool) -> list[Event]:
        seat = self.to_move()
        self.votes[seat] = yes
        self.story.append(Line(seat, "vote", "pour la solution" if yes else "contre la solution"))
        return [Verdict(name, yes, by_mj=False), *self._count()]

    def _count(self) -> list[Event]:
        """MD-1: once every player has voted, a majority decides and a tie goes to them."""
        if self.voters():
            self.phase = BALLOT
            return []
        yes = sum(self.votes.values())
        no = len(self.votes) - yes
        tally = f"{yes} pour, {no} contre"
        if yes >= no:
            self.story.append(Line(MJ, "tally", f"les joueurs l'emportent ({tally})."))
            return self._end(SOLVED)
        self.story.append(Line(MJ, "tally", f"solution rejetée ({tally})."))
        return self._rejected(f"Solution rejetée ({tally}) : l'histoire continue.")

    def _rejected(self, reason: str) -> list[Event]:
        self.claimer, self.votes = None, {}
        if not self._table:  # the claim after the last die was the last chance (MD-7)
            return [ClaimRejected(reason), *self._end(DICE_OUT)]
        self.phase = PLAY
        return [ClaimRejected(reason), *self._next_turn()]

    def _next_turn(self) -> list[Event]:
        """After a turn: the last die drawn lets its player claim (MD-7), else the MJ wins
        when the dice or the turns run out; otherwise the next seat plays."""
        if not self._table:
            if self.turn != MJ and self.story[-1].kind == "draw":
                self.phase = LAST
                return []
            return self._end(DICE_OUT)
        if self.turns >= self.turn_limit:
            return self._end(TURNS_OUT)
        self.phase = PLAY
        self.turn = (self.turn + 1) % self.seats
        return []

    def _end(self, ending: str) -> list[Event]:
        self.phase, self.ending = OVER, ending
        return [GameEnded(self.summary())]

    def summary(self) -> str:
        mj = self.players[MJ]
        team = join_names(self.players[1:])
        if self.ending == SOLVED:
            return (
                f"Scénario résolu : {team} l'emporte{'nt' if self.seats > 2 else ''} contre {mj}."
            )
        why = {
            DICE_OUT: "Les dés sont épuisés",
            TURNS_OUT: f"Les {self.turn_limit} tours sont passés",
            GAVE_UP: "Le dernier dé n'a pas suffi",
        }[self.ending]
        return f"{why} : {mj} (MJ) l'emporte."

    def outcome(self) -> Outcome | None:
        if self.ending is None:
            return None
        won = self.players_won
        scores = tuple(int((seat != MJ) == won) for seat in range(self.seats))
        ranks = tuple(1 if score else 2 for score in scores)
        return Outcome(scores, ranks, self.summary(), ending=ENDINGS[self.ending])


def suggestions(state: MeaningState, dice: Sequence[int]) -> list[str]:
    """Lines a player may take instead of writing (the idea key): the scenarios, the words
    of a picked die's picture, links between two picked dice's meanings."""
    if state.phase == SCENARIO:
        return [state.suggested, *(s for s in SCENARIOS if s != state.suggested)]
    if len(dice) == 1 and not state.dice[dice[0]].drawn:
        return list(state.picture(dice[0]).words)
    if len(dice) == 2 and all(state.dice[d].drawn for d in dice):
        a, b = (state.dice[d].meaning for d in sorted(dice))
        return [f"{a}, alors {b}", f"{a}, mais {b}", f"{a}, donc {b}"]
    return []


# --- the journal, to reread and to export ----------------------------------------------------


def journal_sections(state: MeaningState, when: str = "") -> list[JournalSection]:
    """The story of a match as plain sections: the dice's meanings in the order told."""
    head: list[tuple[str, str]] = []
    if when:
        head.append(("Date", when))
    head += [
        ("MJ", state.players[MJ]),
        ("Joueurs", join_names(state.players[1:])),
        ("Scénario", state.scenario or "pas encore écrit"),
    ]
    sections = [JournalSection("Meaning Dice — le récit", tuple(head))]
    story = []
    for line in state.story:
        who = state.players[line.seat]
        if line.kind == "draw":
            label = f"{who}, dé {line.dice[0] + 1} ({state.picture(line.dice[0]).name})"
        elif line.kind == "link":
            label = f"{who} relie les dés {line.dice[0] + 1} et {line.dice[1] + 1}"
        elif line.kind == "reroll":
            label = f"{who} relance le dé {line.dice[0] + 1}"
        elif line.kind == "vote":
            label = f"{who} vote"
        elif line.kind == "tally":
            label = "Décompte"
        else:
            label = who
        story.append((label, line.text))
    sections.append(JournalSection("Le récit", tuple(story) or (("", "Rien encore."),)))
    end = state.summary() if state.ending else f"Partie en cours — tour {state.turns + 1}."
    sections.append(JournalSection("Fin" if state.ending else "En cours", (("", end),)))
    return sections


def journal_markdown(state: MeaningState, when: str = "") -> str:
    return sections_markdown(journal_sections(state, when))


# --- the robot -----------------------------------------------------------------------------


class Teller(Robot):
    """A robot that plays legally and sensibly with the pictures' own words: the MJ draws
    complications and judges a claim by how much of the story is told; a player claims once
    most dice are used. Its rng is its own, never the match's.

    One robot for every level: who wins hangs on a claim and its judgement, that is on
    whether a story solves a scenario, which no level can weigh. Played to win, a player
    would claim at once (the vote, the claimer's yes included, settles ties for the players)
    and an MJ who decides alone would refuse every claim."""

    def choose(self, state: MeaningState) -> Action:
        used = len(state.drawn()) / len(state.dice)
        if state.phase == SCENARIO:
            return Scenario()
        if state.phase == JUDGE:
            return Judge(used >= 0.75)
        if state.phase == BALLOT:
            return Vote(used >= 0.5)
        if state.phase == LAST:
            return Claim()
        if state.turn != MJ and used >= 0.6 and self.rng.random() < 0.4:
            return Claim()
        pairs = state.free_pairs()
        if pairs and self.rng.random() < 0.25:
            first, second = self.rng.choice(pairs)
            return Associate(first, second)
        table = state.on_table()
        die = self.rng.choice(table)
        if state.turn == MJ and self.rng.random() < 0.15:
            return Reroll(die)
        return Draw(die, self.rng.choice(state.picture(die).words))
