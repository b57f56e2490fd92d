"""A match: seed + options + seats + action log. The log is the truth; the state is replayed."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from random import Random
from typing import Any

from .core import (
    LEVELS,
    Action,
    Event,
    Game,
    IllegalAction,
    Outcome,
    State,
    action_from_json,
    quick_init,
)
from .text import players_range, quoted

SAVE_FORMAT = 1


@dataclass(frozen=True)
class Seat:
    """Who sits at one place: a player's name, their profile id, and whether a bot plays it
    (at which of the game's levels, "" where the game has a single robot)."""

    name: str
    profile: str = ""
    bot: bool = False
    level: str = ""


class DrawCounter(Random):
    """The match's rng, counting its draws: a move that drew nothing revealed no chance.
    It draws exactly the numbers a plain `Random` with the same seed would. Its own methods
    call `Random`'s directly rather than through `super()`: a shuffle asks a number per card."""

    draws = 0

    def random(self) -> float:
        self.draws += 1
        return Random.random(self)

    def getrandbits(self, k: int) -> int:
        self.draws += 1
        return Random.getrandbits(self, k)


@quick_init
@dataclass(frozen=True)
class Played:
    """What the log keeps of one action besides the action: who played it, in whose turn,
    and whether it showed anything new (a die, a card), which closes the way back."""

    seat: int
    turn: int | None
    revealed: bool


class ReplayError(Exception):
    """A saved match that no longer replays (rules changed, file damaged)."""


@dataclass
class Match:
    game: Game
    seed: int | str
    seats: tuple[Seat, ...]
    options: dict[str, Any]
    actions: list[Action] = field(default_factory=list)
    events: list[Event] = field(init=False, default_factory=list)
    """Everything that happened, in order: the game log is rebuilt from it on resume."""
    state: State = field(init=False)
    rng: Random = field(init=False)
    played: list[Played] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.options = self.game.resolve_options(self.options)
        self._replay(self.actions)

    def _replay(self, actions: list[Action]) -> None:
        self.rng = DrawCounter(self.seed)
        self.state = self.game.new(tuple(s.name for s in self.seats), self.options, self.rng)
        self.actions, self.events, self.played = [], [], []
        for action in actions:
            self.play(action)

    def play(self, action: Action) -> list[Event]:
        """Apply one action; on IllegalAction nothing changes and nothing is logged."""
        seat, turn, draws = self.state.to_move(), self.state.whose_turn(), self.rng.draws
        events = self.state.apply(action, self.rng)
        revealed = self.rng.draws != draws or any(e.reveals for e in events)
        self.actions.append(action.cleaned())
        self.events.extend(events)
        self.played.append(Played(seat, turn, revealed))
        return events

    @property
    def last_revealed(self) -> bool:
        """Whether the last action showed something new: keys pressed before the player saw
        it must not act on it."""
        return bool(self.played) and self.played[-1].revealed

    def undoable(self) -> int:
        """How many of the last actions the human to move may take back: their own decisions
        of this turn that revealed nothing, so undo can never fish for other dice or cards."""
        seat, turn = self.state.to_move(), self.state.whose_turn()
        if seat is None or self.seats[seat].bot:
            return 0
        count = 0
        for played in reversed(self.played):
            if played.revealed or played.seat != seat or played.turn != turn:
                break
            count += 1
        return count

    def undo(self) -> None:
        """Take back the last action, by replaying the match without it."""
        if not self.undoable():
            raise ValueError("nothing to undo")
        self._replay(self.actions[:-1])

    @property
    def over(self) -> bool:
        return self.state.to_move() is None

    def outcome(self) -> Outcome | None:
        return self.state.outcome()

    def _header(self) -> dict[str, Any]:
        """The saved form but its actions: what makes it this match."""
        return {
            "format": SAVE_FORMAT,
            "game": self.game.info.id,
            "version": self.game.version,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": [asdict(s) for s in self.seats],
        }

    def to_saved(self) -> dict[str, Any]:
        return {**self._header(), "actions": [a.to_json() for a in self.actions]}

    def catch_up(self, saved: dict[str, Any]) -> list[Event] | None:
        """Play the actions of `saved` beyond this match's own, as a follower of a shared table
        reads them from the store (DESIGN.md §10), and return the events they told, in order.

        None, with nothing played, when `saved` does not continue this match (another match,
        fewer actions or different ones: an undo happened): the caller rebuilds it with
        `from_saved`. Raises ReplayError when a new action does not replay here (a damaged or
        tampered log), after playing the ones before it."""
        header, logged = self._header(), saved.get("actions")
        mine = [a.to_json() for a in self.actions]
        if any(saved.get(key) != value for key, value in header.items()):
            return None
        if not isinstance(logged, list) or logged[: len(mine)] != mine:
            return None
        events: list[Event] = []
        for data in logged[len(mine) :]:
            try:
                events += self.play(action_from_json(data, self.game.action_types))
            except Exception as error:  # an illegal or damaged action
                raise ReplayError(str(error) or type(error).__name__) from error
        return events

    @classmethod
    def from_saved(cls, game: Game, saved: dict[str, Any]) -> Match:
        """Replay a saved match; ReplayError, with a French reason, if it no longer replays.
        A save may come from a damaged or foreign file: each part is checked before it is
        used, so that the reason names the part (« le coup 12 … ») and no Python error leaks."""
        if not isinstance(saved, dict):
            raise ReplayError("ce n'est pas une partie enregistrée")
        if saved.get("game") != game.info.id or saved.get("version") != game.version:
            raise ReplayError("version des règles différente")
        seed, options = saved.get("seed"), saved.get("options")
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise ReplayError(f"sa graine est illisible ({quoted(seed)})")  # None: a random one
        if not isinstance(options, dict):
            raise ReplayError("ses variantes sont illisibles")
        seats = seats_from_saved(game, saved.get("seats"))
        actions = actions_from_saved(game, saved.get("actions"))
        try:
            match = cls(game, seed, seats, options)
        except Exception as error:  # a game's deal meeting values it never made
            raise ReplayError("sa donne ne se refait pas") from error
        for number, action in enumerate(actions, 1):
            try:
                match.play(action)
            except IllegalAction as refusal:
                raise ReplayError(
                    f"le coup {number} est refusé par les règles ({str(refusal).rstrip('.')})"
                ) from refusal
            except Exception as error:  # a value the rules never offered, met deep in a game
                raise ReplayError(f"le coup {number} ne se joue pas") from error
        return match


def seats_from_saved(game: Game, data: Any) -> tuple[Seat, ...]:
    """The seats of a save, checked: as many as the game seats, each a known form."""
    info = game.info
    if not isinstance(data, list) or not data:
        raise ReplayError("ses places sont illisibles")
    if not info.min_players <= len(data) <= info.max_players:
        raise ReplayError(
            f"elle a {len(data)} places, or {info.title} se joue "
            f"{players_range(info.min_players, info.max_players)}"
        )
    return tuple(seat_from_saved(number, seat) for number, seat in enumerate(data, 1))


SEAT_TYPES = {"name": str, "profile": str, "bot": bool, "level": str}


def seat_from_saved(number: int, data: Any) -> Seat:
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        raise ReplayError(f"la place {number} est illisible")
    if unknown := sorted(set(data) - set(SEAT_TYPES)):
        raise ReplayError(f"la place {number} porte un champ inconnu : {quoted(unknown[0])}")
    if any(not isinstance(value, SEAT_TYPES[key]) for key, value in data.items()):
        raise ReplayError(f"la place {number} est illisible")
    if data.get("level", "") not in ("", *LEVELS):
        raise ReplayError(f"la place {number} a un niveau inconnu : {quoted(data['level'])}")
    return Seat(**data)


def actions_from_saved(game: Game, data: Any) -> list[Action]:
    if not isinstance(data, list):
        raise ReplayError("ses coups sont illisibles")
    actions = []
    for number, item in enumerate(data, 1):
        try:
            actions.append(action_from_json(item, game.action_types))
        except ValueError as error:
            raise ReplayError(f"le coup {number} est illisible ({error})") from error
    return actions
