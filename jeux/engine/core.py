"""The engine contract every game implements (DESIGN.md §2).

A `Game` holds the fixed facts of one game; a `State` is one match in progress, plain data
changed only by `apply`. All randomness comes from the rng handed to `apply`, so a match is
fully determined by its seed and its action log. Nothing here knows about Textual or Rich.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from itertools import repeat
from operator import is_
from random import Random
from typing import Any, ClassVar, Protocol, TypeVar

from .info import GameInfo
from .text import FREE_TEXT_LIMIT, clean_text, quoted


class IllegalAction(Exception):
    """Raised by `State.apply` with a French message the UI shows as it is."""


def free_text(limit: int = FREE_TEXT_LIMIT) -> Any:
    """Declare an action field as player-typed text: cleaned, capped, ignored by legality."""
    return field(default="", metadata={"free_text": limit})


@cache
def _free_text_fields(kind: type) -> tuple[tuple[str, int], ...]:
    return tuple(
        (f.name, f.metadata["free_text"])
        for f in dataclasses.fields(kind)
        if "free_text" in f.metadata
    )


Frozen = TypeVar("Frozen")


def quick_init(cls: type[Frozen]) -> type[Frozen]:
    """Give a frozen dataclass an `__init__` that fills its `__dict__` directly: the one
    `dataclass` writes sets each field through `object.__setattr__`, three times slower, and
    events and dealt cards are built at every move, a robot's imagined futures included. The
    same parameters and defaults; no `default_factory` nor `__post_init__`."""
    fields = sorted(dataclasses.fields(cls), key=lambda f: f.kw_only)  # as dataclass orders
    if hasattr(cls, "__post_init__") or any(
        f.default_factory is not dataclasses.MISSING for f in fields
    ):
        raise TypeError(f"{cls.__name__}: quick_init takes plain fields only")
    params, defaults = [], {}
    for f in fields:
        if f.kw_only and "*" not in params:
            params.append("*")
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            params.append(f"{f.name}=_default_{f.name}")
            defaults[f"_default_{f.name}"] = f.default
    body = "".join(f"    fields[{f.name!r}] = {f.name}\n" for f in fields)
    source = f"def __init__(self, {', '.join(params)}):\n    fields = self.__dict__\n{body}"
    exec(source, defaults)  # as dataclass builds its own, from the fields' names only
    init = defaults["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init
    return cls


@dataclass(frozen=True)
class Action:
    """A decision, as a frozen dataclass: hashable and JSON-encodable."""

    def cleaned(self) -> Action:
        """This action with its free text made safe."""
        fields = _free_text_fields(type(self))
        if not fields:
            return self
        changes = {name: clean_text(getattr(self, name), limit) for name, limit in fields}
        if all(getattr(self, name) == text for name, text in changes.items()):
            return self  # already clean: a copy would cost more than the check
        return dataclasses.replace(self, **changes)

    def shape(self) -> Action:
        """This action without its free text: what legality is judged on."""
        fields = _free_text_fields(type(self))
        if not fields or not any(getattr(self, name) for name, _ in fields):
            return self
        return dataclasses.replace(self, **{name: "" for name, _ in fields})

    def to_json(self) -> dict[str, Any]:
        data = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            data[f.name] = _to_lists(getattr(self, f.name))
        return data


def _to_lists(value: Any) -> Any:
    return [_to_lists(v) for v in value] if isinstance(value, tuple) else value


def _to_tuples(value: Any) -> Any:
    return tuple(_to_tuples(v) for v in value) if isinstance(value, list) else value


def action_from_json(data: Any, types: Sequence[type[Action]]) -> Action:
    """Rebuild an action saved by `Action.to_json`, among the game's action types; ValueError,
    in French, for anything else (a save may come from a damaged or foreign file)."""
    if not isinstance(data, Mapping):
        raise ValueError("ce n'est pas un coup")
    by_name = {t.__name__: t for t in types}
    kind = by_name.get(data.get("type")) if isinstance(data.get("type"), str) else None
    if kind is None:
        raise ValueError(f"type de coup inconnu : {quoted(data.get('type'))}")
    fields = dataclasses.fields(kind)
    if unknown := sorted(set(data) - {"type"} - {f.name for f in fields}):
        raise ValueError(f"champ inconnu : {quoted(unknown[0])}")
    missing = [
        f.name
        for f in fields
        if f.name not in data and f.default is f.default_factory is dataclasses.MISSING
    ]
    if missing:
        raise ValueError(f"il y manque {quoted(missing[0])}")
    try:
        return kind(**{f.name: _to_tuples(data[f.name]) for f in fields if f.name in data})
    except (TypeError, ValueError) as error:  # an action checking its own values
        raise ValueError(f"valeurs illisibles : {quoted(dict(data))}") from error


@dataclass(frozen=True)
class Event:
    """One thing that happened; the UI animates it and the log prints `describe_for(seat)`.

    `audience` names the seats that may see it (None: everyone). A card drawn into a hand is
    seen by its holder only; the screen shows each seat only the events it may see, until the
    match is over and everything is told to everyone."""

    audience: tuple[int, ...] | None = field(default=None, kw_only=True)
    reveals: ClassVar[bool] = False
    """True for events that show what nobody knew (a card turned, a hand dealt) without a
    die: the move can no longer be taken back. Dice are noticed by the match itself."""

    def seen_by(self, seat: int | None) -> bool:
        """Whether `seat` may see this event; None is nobody in particular (a spectator)."""
        return self.audience is None or seat in self.audience

    def describe(self) -> str:
        """The log line, told to the audience: a private event speaks to its own seat
        (« Tu pioches … »)."""
        return ""

    def describe_openly(self) -> str:
        """The log line for onlookers outside the audience (the table once the match is over,
        a replay, its written account): private events written to their own seat override it
        in the third person (« Lina pioche … »), or say "" when a public event says it."""
        return self.describe()

    def describe_for(self, seat: int | None) -> str:
        """The log line `seat` reads; None is an onlooker."""
        if self.audience is None or seat in self.audience:
            return self.describe()
        return self.describe_openly()

    def describe_to(self, seat: int | None) -> str:
        """The line told to `seat` alone (a handoff's reason, its own notification): events
        about that seat override it to speak to it (« Tu gagnes la manche »), never naming
        their reader in the third person; the others read as `describe_for`."""
        return self.describe_for(seat)


@dataclass(frozen=True)
class Outcome:
    """The end of a match: `ranks[seat]` is 1 for the winners, ties share a rank."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    summary: str
    won: bool = True
    """Solo games: whether the player won. In multi-seat games False with every rank 1 when
    nobody wins (a draw of two KOs, a final vote nobody got right): the results then show
    no podium."""
    lower_is_better: bool = False
    """True when scores count what should be small (turns taken): records keep the minimum."""
    verdict: bool = True
    """False when a solo session ends neither won nor lost (Le Signal's free play): the
    results then show neither « Victoire » nor a score (its score only feeds the records)."""
    ending: str = ""
    """Which end condition of the rules ended the match, as a short French label the lab
    counts (« Objectif atteint », « Double KO »): the same words for the same idea in every
    game, never a name or a number that varies."""
    ranking: str = ""
    """How the places were given, in a French sentence the results show under them, for a
    game whose ranking the scores alone do not explain (a dead player above two zombies)."""

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)


def ranks_from_scores(scores: Sequence[Any], higher_is_better: bool = True) -> tuple[int, ...]:
    """Competition ranking (1, 1, 3…): equal scores share a rank; scores may be tuples."""
    if higher_is_better:
        return tuple(1 + sum(other > mine for other in scores) for mine in scores)
    return tuple(1 + sum(other < mine for other in scores) for mine in scores)


@dataclass(frozen=True)
class Choice:
    value: Any
    label: str


@dataclass(frozen=True)
class Option:
    """A variant offered at setup; `default` is the RULINGS.md ruling."""

    key: str
    label: str
    choices: tuple[Choice, ...]
    default: Any
    help: str = ""

    def label_of(self, value: Any) -> str:
        return next((c.label for c in self.choices if c.value == value), str(value))


class Bot(Protocol):
    def choose(self, state: State) -> Action: ...


class State(ABC):
    """One match in progress. Subclasses implement `_apply` and the queries."""

    players: tuple[str, ...]

    @abstractmethod
    def to_move(self) -> int | None:
        """The seat that decides now, or None once the game is over."""

    def decides(self, seat: int | None) -> bool:
        """Whether `seat` is the one to move now (None, a spectator, never is)."""
        return seat is not None and self.to_move() == seat

    def whose_turn(self) -> int | None:
        """The seat whose turn it is; differs from `to_move()` while another seat answers
        (a defender, a partner asked for an alliance)."""
        return self.to_move()

    def decides_in_secret(self) -> bool:
        """Whether the seat to move decides what the other seats may not see. A game with
        `GameInfo.handoff` passes the screen between humans only for such decisions; by
        default all are (hands and roles stay on screen), a duel of open dice says when."""
        return True

    def prompt(self) -> str:
        """Why the seat to move must decide now, in French, for the handoff screen when it is
        not simply their turn ("Lina t'accuse — à toi de répondre")."""
        return ""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the seat to move may take (free text left blank)."""

    @abstractmethod
    def _apply(self, action: Action, rng: Random) -> list[Event]:
        """Carry out a legal, cleaned action."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once `to_move()` is None."""

    FREE_TEXT = True
    """Whether an action of this game may hold free text or clean itself: a game whose
    actions never do has them checked as they come, two calls fewer a move."""

    def apply(self, action: Action, rng: Random) -> list[Event]:
        """Check the action, then carry it out, drawing all chance from `rng`."""
        if self.to_move() is None:
            raise IllegalAction("La partie est terminée.")
        if self.FREE_TEXT:
            action = action.cleaned()  # games may override it (Le 5000 sorts the dice kept)
        if not self.allows(action.shape() if self.FREE_TEXT else action):
            raise IllegalAction(self.refusal(action))
        return self._apply(action, rng)

    def allows(self, action: Action) -> bool:
        """Whether `action`, its free text left blank, is among `legal_actions()`: games whose
        lists are long judge it without building them (Deck menteur's plays of a hand, Arcane
        Arena's moves without cards)."""
        return is_listed(action, self.legal_actions())

    def refusal(self, action: Action) -> str:
        """Why `action` is illegal now; games override this for a precise message."""
        return "Ce coup n'est pas permis maintenant."

    def view(self, seat: int | None) -> State:
        """What `seat` may see, built from the visible zones: the screen draws only this and a
        bot decides only from it. None is a spectator of a shared table (§10), who sees only
        what every seat sees: no hand, no secret choice, no deck order. Games with hidden
        information override this; the playout tests check that nothing hidden reaches it,
        and that a spectator's view holds nothing any seat's `secrets` hides."""
        return self

    def secrets(self, seat: int) -> frozenset[Any]:
        """The cards `seat` may not see now (others' hands, face-down plays, the deck's
        order), as the values the state holds them by. The playout tests check that none of
        them reaches `view(seat)` or an event `seat` is shown, nor, of any seat's, a
        spectator's `view(None)` or a public event."""
        return frozenset()

    @property
    def seats(self) -> int:
        return len(self.players)

    def seat_after(self, seat: int, plays: Callable[[int], bool]) -> int | None:
        """The first seat after `seat` round the table, `seat` itself last, for which `plays`
        holds (None if none does): whose turn comes next when some seats are out."""
        seats = len(self.players)
        for step in range(1, seats + 1):
            other = (seat + step) % seats
            if plays(other):
                return other
        return None


class LegalOnce(State):
    """A state that lists its legal actions once a position, where listing them costs: the
    robot and `apply`'s check both ask. The game lists them in `_legal_now()` and begins
    `_apply` by forgetting the list (`self._legal = None`), as robots and playouts call
    `_apply` without `apply`."""

    _legal: list[Action] | None = None
    """The legal actions until the next move, once asked for."""

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._legal_now()
        return list(self._legal)

    @abstractmethod
    def _legal_now(self) -> list[Action]:
        """Every action the seat to move may take, listed afresh."""


def is_listed(action: Action, actions: list[Action]) -> bool:
    """Whether `action` is among `actions`: first by identity, in C, as the robots and the
    screens pick their moves from the very list the check is given again (built once and
    looked up after, in most games), then by value, one dataclass `__eq__` in Python per
    action listed before it (an action read from a save or typed in a test)."""
    return any(map(is_, actions, repeat(action))) or action in actions


LEVELS = {"debutant": "Débutant", "moyen": "Moyen", "fort": "Fort"}
"""Robot levels, weakest first, by the key the command line and saved seats use."""
DEFAULT_LEVEL = "moyen"


class Game(ABC):
    """The fixed facts of one game. Stateless: one instance serves every match."""

    info: ClassVar[GameInfo]
    options: ClassVar[tuple[Option, ...]] = ()
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    playout_options: ClassVar[Mapping[str, Any]] = {}
    """Options random playouts take unless told otherwise: a turn cap for a game that random
    play cannot finish (the simulation's cap, never a rule people play by)."""
    version: ClassVar[int] = 1
    """Bumped whenever the same seed and actions would play out differently (the draw order,
    a rule); the golden replays in the tests fail until it is. Older saves are set aside."""

    def default_options(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}

    def resolve_options(self, chosen: Mapping[str, Any] | None) -> dict[str, Any]:
        """The defaults overridden by valid choices; unknown keys and values are dropped."""
        resolved = self.default_options()
        for option in self.options:
            value = (chosen or {}).get(option.key, option.default)
            if any(c.value == value for c in option.choices):
                resolved[option.key] = value
        return resolved

    levels: ClassVar[tuple[str, ...]] = ()
    """The keys of `LEVELS` this game's robot plays differently, offered per robot seat at
    setup; empty while the game has a single robot, whatever the level asked."""

    def bot(self, seed: int | str | None = None, level: str = DEFAULT_LEVEL) -> Bot:
        """The computer player for this game at `level`: with `levels`, the robot class that
        the game's bots module lists in `LEVEL_BOTS`, imported on first use (a setup or a
        replay needs no robot); without, a random player. Games override this to build
        their robot otherwise."""
        if self.levels:
            package = type(self).__module__.rpartition(".")[0]
            return import_module(f"{package}.bots").LEVEL_BOTS[level](seed)
        from .bots import RandomBot

        return RandomBot(seed)

    @abstractmethod
    def new(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> State:
        """A fresh match for these player names (seat order) and resolved options; decks are
        shuffled and dealt here, from `rng`."""
