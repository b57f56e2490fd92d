"""Le Labyrinthe (RULINGS.md §14, §0.4 LAB-10): ten steps to the heart of the maze with a d20
and five life points, alone or two (semi-cooperative).

A turn is one throw of the d20 (two after a 20, keep one: LAB-2), the −2 malus applied and
clamped, then the table: some results are applied at once, others ask a question (the trap,
the puzzling room, the bonus of a discovery). Two explorers on the same step may help: the
partner gives 1 life point to have the throw made again (LAB-7). The first at the heart
leaves alone or waits for the other (LAB-8). Each throw may carry a line of the player's
journal (free text, optional).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, NamedTuple

from jeux.engine.bots import Robot
from jeux.engine.core import (
    Action,
    Event,
    Outcome,
    State,
    free_text,
)
from jeux.engine.dice import roll
from jeux.engine.events import GameOver
from jeux.engine.text import aside, de, plural

STEPS = 10
MAX_HP = 5
"""Life points at the start and their cap (LAB-4)."""
MALUS = 2
HELP_BELOW = 10
"""A partner is asked to help only after a throw that brings no plain progress (1 to 9)."""
NOTE_LIMIT = 60
ITEM_LIMIT = 30

# Phases: who must decide what.
ROLL, KEEP, HELP, TRAP, ROOM, FIND, CRITICAL, EXIT, OVER = (
    "roll",
    "keep",
    "help",
    "trap",
    "room",
    "find",
    "critical",
    "exit",
    "over",
)
# What an explorer is doing.
EXPLORING, WAITING, OUT, LOST = "exploring", "waiting", "out", "lost"
ENDING_OUT, ENDING_LOST = "Sortie trouvée", "Pas de sortie"
ENDING_TOGETHER, ENDING_ALONE = "Sortie ensemble", "Sortie en solitaire"

# Answers to the table's questions.
PAY, STAY, TOKEN, ADVANCE = "pay", "stay", "token", "advance"
ITEM, HEAL = "item", "heal"

# Options.
TRAP_ADVANCES, TRAP_FREES = "advances", "frees"

SUGGESTED_ITEMS = (
    "une lanterne sourde",
    "une pelote de fil rouge",
    "une clé rouillée",
    "une craie blanche",
    "une boussole folle",
    "un miroir de poche",
    "une gourde d'eau fraîche",
    "un plan déchiré",
)
"""The item found when the player names none (the text's « objet fictif »)."""


class Band(NamedTuple):
    name: str
    effect: str


def band(face: int) -> Band:
    """The exploration table's line for a (modified) d20 result."""
    if face == 1:
        return Band("Échec critique", "−2 PV, sur place")
    if face <= 4:
        return Band("Piège ou obstacle", "payer 1 PV ou rester bloqué")
    if face <= 9:
        return Band("Salle déroutante", "rester, ou avancer avec −2 au prochain jet")
    if face <= 14:
        return Band("Progrès normal", "+1 étape")
    if face <= 17:
        return Band("Découverte utile", "+1 étape et un bonus")
    if face <= 19:
        return Band("Avancée rapide", "+2 étapes")
    return Band("Vision du centre", "+1 étape, deux dés au prochain jet")


def modified(natural: int, malus: bool) -> int:
    """LAB-2: the malus lowers the die, clamped to 1..20 (a modified 1 is a critical)."""
    return max(1, natural - MALUS) if malus else natural


def worth(face: int) -> tuple[int, int]:
    """How good a result is for the one who keeps a die: steps it brings, then the face."""
    gained = {1: -2, 2: 0, 3: 0, 4: 0}.get(face, 1)
    if face >= 18:
        gained = 2 if face < 20 else 1
    return gained, face


# --- actions ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll(Action):
    """Throw the d20 (waiting at the heart, Exit(False) throws it instead)."""

    note: str = free_text(NOTE_LIMIT)
    """The journal's line for this step (optional)."""


@dataclass(frozen=True)
class Keep(Action):
    """After a 20: keep die 0 or 1 of the two thrown (the malus applies after, LAB-2)."""

    die: int


@dataclass(frozen=True)
class Help(Action):
    """The partner's answer (LAB-7): give 1 life point to throw the die again, or not."""

    give: bool


@dataclass(frozen=True)
class Answer(Action):
    """The answer to the trap (pay, stay, token), the room (advance, stay) or, with the
    option, the critical (token, stay)."""

    choice: str


@dataclass(frozen=True)
class Bonus(Action):
    """A discovery's bonus: an item (named freely), +1 life point or a trap token."""

    kind: str
    item: str = free_text(ITEM_LIMIT)


@dataclass(frozen=True)
class Exit(Action):
    """At the heart (LAB-8): leave alone, or wait one more turn for the partner."""

    leave: bool


# --- events ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnStarted(Event):
    player: str
    seat: int
    turn: int

    def describe(self) -> str:
        return f"Tour {self.turn} {de(self.player)}."


@dataclass(frozen=True)
class Rolled(Event):
    """The d20 thrown (two after a 20): `faces` as they fell."""

    player: str
    seat: int
    faces: tuple[int, ...]
    note: str = ""

    def describe(self) -> str:
        said = f"{self.player} : « {self.note} ». " if self.note else ""
        shown = " et ".join(str(f) for f in self.faces)
        return (
            f"{said}{self.player} lance {'les d20' if len(self.faces) > 1 else 'le d20'} : {shown}."
        )


@dataclass(frozen=True)
class Helped(Event):
    """The partner gave 1 life point: the die is thrown again (LAB-7)."""

    helper: str
    player: str
    hp: int
    """The helper's life points after the gift."""
    face: int

    def describe(self) -> str:
        return (
            f"{self.helper} donne 1 PV ({self.hp} restants) : {self.player} relance, {self.face}."
        )


@dataclass(frozen=True)
class Resolved(Event):
    """The result read on the table, after the keep and the malus."""

    player: str
    seat: int
    natural: int
    face: int
    step: int

    @property
    def band(self) -> Band:
        return band(self.face)

    def describe(self) -> str:
        shown = f"{self.natural} − {MALUS} = {self.face}" if self.face != self.natural else ""
        return f"Étape {self.step}, {self.face}{aside(shown)} : {self.band.name}."


@dataclass(frozen=True)
class Moved(Event):
    player: str
    seat: int
    steps: int
    step: int

    def describe(self) -> str:
        return f"{self.player} avance de {plural(self.steps, 'étape')} : étape {self.step}."


@dataclass(frozen=True)
class Stayed(Event):
    player: str
    step: int
    blocked: bool = False

    def describe(self) -> str:
        if self.blocked:
            return (
                f"{self.player} reste bloqué·e à l'étape {self.step} et passera son prochain tour."
            )
        return f"{self.player} reste à l'étape {self.step}."


@dataclass(frozen=True)
class HpChanged(Event):
    player: str
    seat: int
    change: int
    hp: int

    def describe(self) -> str:
        if self.change > 0:
            return f"{self.player} gagne {self.change} PV : {self.hp}."
        return f"{self.player} perd {-self.change} PV : {self.hp}."


@dataclass(frozen=True)
class Found(Event):
    """A discovery's bonus: an item, a token or a life point (told by HpChanged)."""

    player: str
    kind: str
    item: str = ""

    def describe(self) -> str:
        if self.kind == ITEM:
            return f"{self.player} trouve {self.item}."
        return f"{self.player} garde un jeton pour annuler un piège."


@dataclass(frozen=True)
class TokenSpent(Event):
    player: str

    def describe(self) -> str:
        return f"{self.player} dépense un jeton : le piège est déjoué."


@dataclass(frozen=True)
class Skipped(Event):
    player: str

    def describe(self) -> str:
        return f"{self.player} est bloqué·e et passe son tour."


@dataclass(frozen=True)
class Arrived(Event):
    player: str
    seat: int

    def describe(self) -> str:
        return f"{self.player} atteint le cœur du labyrinthe !"


@dataclass(frozen=True)
class Waited(Event):
    player: str

    def describe(self) -> str:
        return f"{self.player} attend au cœur du labyrinthe."


@dataclass(frozen=True)
class Left(Event):
    player: str

    def describe(self) -> str:
        return f"{self.player} sort du labyrinthe."


@dataclass(frozen=True)
class Died(Event):
    player: str
    seat: int

    def describe(self) -> str:
        return f"{self.player} n'a plus de PV : perdu·e à jamais dans le labyrinthe."


class JournalLine(NamedTuple):
    """One throw in the journal: who, at which step, the result and the player's line."""

    seat: int
    step: int
    face: int
    note: str


# --- the state -------------------------------------------------------------------------------


class LabyrintheState(State):
    """One match. Public, per seat: `step`, `hp`, `malus` (−2 on the next throw), `advantage`
    (two dice on the next throw), `tokens`, `items`, `blocked`, `status`, `turns`; and
    `current`, `phase`, `faces` (the dice on the table), `face` (the result being
    resolved), `journal`."""

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = tuple(players)
        self.trap_rule: str = options["trap"]
        self.critical_token: bool = options["critical_token"]
        seats = range(len(self.players))
        self.step = [0 for _ in seats]
        self.hp = [MAX_HP for _ in seats]
        self.malus = [False for _ in seats]
        self.advantage = [False for _ in seats]
        self.tokens = [0 for _ in seats]
        self.items: list[list[str]] = [[] for _ in seats]
        self.blocked = [False for _ in seats]
        self.status = [EXPLORING for _ in seats]
        self.turns = [1 if seat == 0 else 0 for seat in seats]
        self.journal: list[JournalLine] = []
        self.current = 0
        self.phase = ROLL
        self.faces: tuple[int, ...] = ()
        self.face = 0
        self.natural = 0
        self.penalty = False
        """The malus applies to the throw on the table (a help's new throw included)."""
        self.helped = False
        self.note = ""

    # --- what the screen shows ------------------------------------------------------------

    @property
    def partner(self) -> int | None:
        return 1 - self.current if self.seats == 2 else None

    @property
    def together(self) -> bool:
        """Both explorers on the same step, still exploring: they may help each other."""
        return (
            self.seats == 2
            and self.status == [EXPLORING, EXPLORING]
            and self.step[0] == self.step[1]
        )

    def may_help(self) -> bool:
        """LAB-7: the partner may give a life point but never the last one."""
        partner = self.partner
        return (
            partner is not None
            and self.together
            and not self.helped
            and self.hp[partner] >= 2
            and self.face < HELP_BELOW
        )

    def suggested_item(self) -> str:
        found = sum(len(items) for items in self.items)
        return SUGGESTED_ITEMS[found % len(SUGGESTED_ITEMS)]

    # --- the contract ---------------------------------------------------------------------

    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        return self.partner if self.phase == HELP else self.current

    def whose_turn(self) -> int | None:
        return None if self.phase == OVER else self.current

    def prompt(self) -> str:
        if self.phase == HELP:
            return f"{self.players[self.current]} a fait {self.face} : l'aider (1 PV) ?"
        return ""

    def legal_actions(self) -> list[Action]:
        phase, seat = self.phase, self.current
        if phase == ROLL:
            return [Roll()]
        if phase == KEEP:
            return [Keep(0), Keep(1)]
        if phase == HELP:
            return [Help(True), Help(False)]
        if phase == TRAP:
            token = [Answer(TOKEN)] if self.tokens[seat] else []
            return [Answer(PAY), Answer(STAY), *token]
        if phase == ROOM:
            return [Answer(ADVANCE), Answer(STAY)]
        if phase == CRITICAL:
            return [Answer(TOKEN), Answer(STAY)]
        if phase == FIND:
            heal = [Bonus(HEAL)] if self.hp[seat] < MAX_HP else []
            return [Bonus(ITEM), *heal, Bonus(TOKEN)]
        if phase == EXIT:
            return [Exit(True), Exit(False)]
        return []

    def refusal(self, action: Action) -> str:
        if isinstance(action, Roll):
            return "Réponds d'abord à la question posée."
        if isinstance(action, Answer) and action.choice == TOKEN and self.phase in (TRAP, CRITICAL):
            return "Tu n'as pas de jeton pour annuler un piège."
        if isinstance(action, Bonus) and action.kind == HEAL and self.phase == FIND:
            return f"Tes PV sont déjà au maximum ({MAX_HP})."
        if isinstance(action, Keep) and self.phase == KEEP:
            return "Choisis le dé à garder (1 ou 2)."
        if self.phase == ROLL:
            return "Lance d'abord le d20."
        return super().refusal(action)

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        name = self.players[self.current]
        if isinstance(action, Roll):
            return self._throw(rng, action.note)
        if isinstance(action, Keep):
            return self._read(self.faces[action.die], name)
        if isinstance(action, Help):
            return self._help(rng) if action.give else self._resolve()
        if isinstance(action, Answer):
            return self._answer(action.choice, name)
        if isinstance(action, Bonus):
            return self._bonus(action, name)
        assert isinstance(action, Exit)
        return self._exit(action.leave, rng, name)

    # --- a throw --------------------------------------------------------------------------

    def _throw(self, rng: Random, note: str) -> list[Event]:
        seat, name = self.current, self.players[self.current]
        self.note, self.helped = note, False
        self.penalty, self.malus[seat] = self.malus[seat], False
        two = self.advantage[seat]
        self.advantage[seat] = False
        self.faces = roll(rng, 2 if two else 1, 20)
        events: list[Event] = [Rolled(name, seat, self.faces, note)]
        if two:
            self.phase = KEEP
            return events
        return events + self._read(self.faces[0], name)

    def _read(self, natural: int, name: str) -> list[Event]:
        """The die kept: apply the malus, then ask the partner or resolve."""
        self.natural = natural
        self.face = modified(natural, self.penalty)
        self.faces = (natural,)
        if self.may_help():
            self.phase = HELP
            return []
        return self._resolve()

    def _help(self, rng: Random) -> list[Event]:
        partner = self.partner
        assert partner is not None
        self.helped = True
        self.hp[partner] -= 1
        (natural,) = roll(rng, 1, 20)
        self.natural, self.faces = natural, (natural,)
        self.face = modified(natural, self.penalty)
        helped = Helped(
            self.players[partner], self.players[self.current], self.hp[partner], natural
        )
        return [helped, *self._resolve()]

    def _resolve(self) -> list[Event]:
        seat, name, face = self.current, self.players[self.current], self.face
        self.journal.append(JournalLine(seat, self.step[seat], face, self.note))
        events: list[Event] = [Resolved(name, seat, self.natural, face, self.step[seat])]
        if face == 1:
            if self.critical_token and self.tokens[seat]:
                self.phase = CRITICAL
                return events
            return events + self._hurt(2) + self._end_turn()
        if face <= 4:
            self.phase = TRAP
            return events
        if face <= 9:
            self.phase = ROOM
            return events
        if 15 <= face <= 17:
            events += self._move(1)
            self.phase = FIND
            return events
        steps = 2 if 18 <= face <= 19 else 1
        if face == 20:
            self.advantage[seat] = True
        return events + self._move(steps) + self._after_move()

    # --- answers --------------------------------------------------------------------------

    def _answer(self, choice: str, name: str) -> list[Event]:
        seat = self.current
        if self.phase == CRITICAL:
            if choice == TOKEN:
                self.tokens[seat] -= 1
                return [TokenSpent(name), *self._end_turn()]
            return self._hurt(2) + self._end_turn()
        if self.phase == ROOM:
            if choice == STAY:
                return [Stayed(name, self.step[seat]), *self._end_turn()]
            self.malus[seat] = True
            return self._move(1) + self._after_move()
        # The trap (LAB-1, LAB-5); with the option, paying only frees the way.
        advances = self.trap_rule == TRAP_ADVANCES
        if choice == STAY:
            self.blocked[seat] = not advances
            return [Stayed(name, self.step[seat], blocked=not advances), *self._end_turn()]
        if choice == TOKEN:
            self.tokens[seat] -= 1
            events: list[Event] = [TokenSpent(name)]
        else:
            events = self._hurt(1)
        if not advances or self.hp[seat] <= 0:
            return events + self._after_move()
        return events + self._move(1) + self._after_move()

    def _bonus(self, action: Bonus, name: str) -> list[Event]:
        seat = self.current
        if action.kind == HEAL:
            self.hp[seat] += 1
            events: list[Event] = [HpChanged(name, seat, 1, self.hp[seat])]
        elif action.kind == TOKEN:
            self.tokens[seat] += 1
            events = [Found(name, TOKEN)]
        else:
            item = action.item or self.suggested_item()
            self.items[seat].append(item)
            events = [Found(name, ITEM, item)]
        return events + self._after_move()

    # --- moving, harm, arrival ------------------------------------------------------------

    def _move(self, steps: int) -> list[Event]:
        seat = self.current
        self.step[seat] = min(STEPS, self.step[seat] + steps)
        return [Moved(self.players[seat], seat, steps, self.step[seat])]

    def _hurt(self, amount: int) -> list[Event]:
        seat = self.current
        self.hp[seat] = max(0, self.hp[seat] - amount)
        return [HpChanged(self.players[seat], seat, -amount, self.hp[seat])]

    def _after_move(self) -> list[Event]:
        """LAB-10: harm is settled first; a player at 0 never arrives."""
        seat = self.current
        if self.hp[seat] <= 0:
            return self._end_turn()
        if self.step[seat] < STEPS:
            return self._end_turn()
        events: list[Event] = [Arrived(self.players[seat], seat)]
        partner = self.partner
        if partner is not None and self.status[partner] == EXPLORING:
            self.phase = EXIT
            return events
        self.status[seat] = OUT
        if partner is not None and self.status[partner] == WAITING:
            self.status[partner] = OUT  # LAB-8: both leave together
        return events + self._over()

    def _exit(self, leave: bool, rng: Random, name: str) -> list[Event]:
        seat = self.current
        if leave:
            self.status[seat] = OUT
            return [Left(name), *self._over()]
        arriving = self.status[seat] == EXPLORING
        self.status[seat] = WAITING
        if arriving:
            return [Waited(name), *self._end_turn()]
        # LAB-8: waiting, only harm applies.
        self.faces = roll(rng, 1, 20)
        face = self.faces[0]
        events: list[Event] = [Rolled(name, seat, self.faces), Waited(name)]
        if face == 1:
            events += self._hurt(2)
        elif face <= 4:
            events += self._hurt(1)
        return events + self._end_turn()

    def _end_turn(self) -> list[Event]:
        events: list[Event] = []
        seat, name = self.current, self.players[self.current]
        if self.hp[seat] <= 0:
            self.status[seat] = LOST
            events.append(Died(name, seat))
            partner = self.partner
            if partner is not None and self.status[partner] == WAITING:
                self.status[partner] = OUT  # LAB-10: the one waiting leaves alone
                return events + [Left(self.players[partner]), *self._over()]
        if not self._next_seat():
            return events + self._over()
        return events + self._start_turn()

    def _next_seat(self) -> bool:
        """Pass to the next seat still in the maze; False when nobody is."""
        seat = self.seat_after(self.current, lambda s: self.status[s] in (EXPLORING, WAITING))
        if seat is None:
            return False
        self.current = seat
        return True

    def _start_turn(self) -> list[Event]:
        seat, name = self.current, self.players[self.current]
        self.turns[seat] += 1
        self.faces, self.face = (), 0
        events: list[Event] = [TurnStarted(name, seat, self.turns[seat])]
        if self.blocked[seat]:
            self.blocked[seat] = False
            events.append(Skipped(name))
            self._next_seat()  # the blocked seat is still in the maze: someone plays
            return events + self._start_turn()
        self.phase = EXIT if self.status[seat] == WAITING else ROLL
        return events

    def _over(self) -> list[Event]:
        self.phase = OVER
        return [GameOver(self.outcome().summary)]

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        if self.seats == 1:
            name, turns = self.players[0], self.turns[0]
            if self.status[0] == OUT:
                summary = f"{name} trouve la sortie en {plural(turns, 'tour')}."
                return Outcome(
                    (turns,), (1,), summary, won=True, lower_is_better=True, ending=ENDING_OUT
                )
            summary = f"{name} se perd à l'étape {self.step[0]} après {plural(turns, 'tour')}."
            return Outcome((self.step[0],), (1,), summary, won=False, ending=ENDING_LOST)
        winners = [s for s in range(self.seats) if self.status[s] == OUT]
        scores = tuple(self.step)
        if not winners:
            ranks = tuple(1 + sum(o > m for o in scores) for m in scores)
            summary = "Personne ne sort du labyrinthe."
            return Outcome(scores, ranks, summary, won=False, ending=ENDING_LOST)
        ranks = tuple(1 if s in winners else 2 for s in range(self.seats))
        if len(winners) == 2:
            summary = f"{self.players[0]} et {self.players[1]} sortent ensemble du labyrinthe."
            return Outcome(scores, ranks, summary, ending=ENDING_TOGETHER)
        summary = f"{self.players[winners[0]]} sort seul·e du labyrinthe."
        return Outcome(scores, ranks, summary, ending=ENDING_ALONE)


# --- the robot -------------------------------------------------------------------------------


class Explorer(Robot):
    """A careful partner, deciding from its seat's view (nothing is hidden in this game):
    keeps the better die, pays a trap only with life to spare, enters puzzling rooms while
    healthy, helps a partner in trouble when it can afford it, waits at the heart while it
    has 3 life points or more."""

    def choose(self, state: LabyrintheState) -> Action:
        seat = state.to_move()
        assert seat is not None
        hp, step, phase = state.hp[seat], state.step[seat], state.phase
        last_step = step == STEPS - 1
        if phase == KEEP:
            penalty = state.penalty
            a, b = (worth(modified(f, penalty)) for f in state.faces)
            return Keep(0 if a >= b else 1)
        if phase == HELP:
            mate = state.current
            trouble = state.face == 1 or (state.face <= 4 and state.hp[mate] <= 2)
            return Help(trouble and hp >= 3)
        if phase == TRAP:
            if state.tokens[seat]:
                return Answer(TOKEN)
            pays = state.trap_rule == TRAP_ADVANCES and (hp >= 3 or (hp == 2 and last_step))
            return Answer(PAY if pays or state.trap_rule == TRAP_FREES and hp >= 3 else STAY)
        if phase == ROOM:
            return Answer(ADVANCE if hp >= 3 or last_step else STAY)
        if phase == CRITICAL:
            return Answer(TOKEN)
        if phase == FIND:
            return Bonus(HEAL) if hp <= 3 else Bonus(TOKEN)
        if phase == EXIT:
            return Exit(hp < 3)
        return Roll()
