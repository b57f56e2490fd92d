"""A match: seed + options + seats + action log. The log is the truth; the state is replayed."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from random import Random
from typing import Any

from .core import Action, Event, Game, Outcome, State, action_from_json

SAVE_FORMAT = 1


@dataclass(frozen=True)
class Seat:
    """Who sits at one place: a player's name, their profile id, and whether a bot plays it."""

    name: str
    profile: str = ""
    bot: bool = False


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

    def __post_init__(self) -> None:
        self.options = self.game.resolve_options(self.options)
        self.rng = Random(self.seed)
        self.state = self.game.new(tuple(s.name for s in self.seats), self.options)
        log, self.actions = self.actions, []
        for action in log:
            self.play(action)

    def play(self, action: Action) -> list[Event]:
        """Apply one action; on IllegalAction nothing changes and nothing is logged."""
        events = self.state.apply(action, self.rng)
        self.actions.append(action.cleaned())
        self.events.extend(events)
        return events

    @property
    def over(self) -> bool:
        return self.state.to_move() is None

    def outcome(self) -> Outcome | None:
        return self.state.outcome()

    def to_saved(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "game": self.game.info.id,
            "version": self.game.version,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": [asdict(s) for s in self.seats],
            "actions": [a.to_json() for a in self.actions],
        }

    @classmethod
    def from_saved(cls, game: Game, saved: dict[str, Any]) -> Match:
        """Replay a saved match; raises ReplayError if it no longer replays."""
        try:
            if saved["game"] != game.info.id or saved["version"] != game.version:
                raise ReplayError("version des règles différente")
            seats = tuple(Seat(**s) for s in saved["seats"])
            actions = [action_from_json(a, game.action_types) for a in saved["actions"]]
            return cls(game, saved["seed"], seats, saved["options"], actions)
        except ReplayError:
            raise
        except Exception as error:  # any damage in the saved form
            raise ReplayError(str(error) or type(error).__name__) from error
