"""Player profiles and settings, JSON in the config dir."""

from __future__ import annotations

import uuid
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from jeux.engine.core import clean_text

from .jsonfile import Problem, StoreError, read_json, reason, write_atomic

NAME_LIMIT = 24
COLORS = ("rouge", "bleu", "vert", "jaune", "violet", "cyan", "orange", "rose")
SYMBOLS = ("A", "B", "C", "D", "E", "F", "G", "H", "#", "@", "%", "&", "+", "*", "$", "=")
ANIMATIONS = ("full", "reduced", "none")
ROBOT_PACES = ("slow", "normal", "fast")
VERSION = 1


def clean_name(name: str) -> str:
    """A safe, bounded player name; may be empty (the caller refuses empty names)."""
    return clean_text(name, NAME_LIMIT)


@dataclass(frozen=True)
class Profile:
    id: str
    name: str
    color: str = COLORS[0]
    symbol: str = SYMBOLS[0]


class ProfileError(ValueError):
    """A refused name or a list that could not be written, with a French message."""


class Profiles:
    """The saved players. Every change is written at once, atomically."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: Problem | None = None
        self.players: list[Profile] = []
        data, self.problem = read_json(path, VERSION)
        for raw in (data or {}).get("players", []):
            try:
                self.players.append(self._validated(Profile(**raw)))
            except (TypeError, ProfileError):
                continue  # one damaged entry does not cost the others

    def _validated(self, profile: Profile) -> Profile:
        name = clean_name(profile.name)
        if not name:
            raise ProfileError("Le nom ne peut pas être vide.")
        color = profile.color if profile.color in COLORS else COLORS[0]
        symbol = profile.symbol if profile.symbol in SYMBOLS else SYMBOLS[0]
        return replace(profile, id=str(profile.id), name=name, color=color, symbol=symbol)

    def _save(self, players: list[Profile]) -> None:
        """Write the list, then adopt it: a failed write leaves file and memory as they were."""
        try:
            write_atomic(self.path, {"version": VERSION, "players": [asdict(p) for p in players]})
        except OSError as error:
            raise ProfileError(
                f"Joueurs non enregistrés : impossible d'écrire {self.path} ({reason(error)})."
            ) from None
        self.players = players

    def get(self, profile_id: str) -> Profile | None:
        return next((p for p in self.players if p.id == profile_id), None)

    def _check_unique(self, name: str, except_id: str = "") -> None:
        for other in self.players:
            if other.name.casefold() == name.casefold() and other.id != except_id:
                raise ProfileError(f"Il y a déjà un joueur nommé {other.name}.")

    def next_look(self) -> tuple[str, str]:
        """The colour and symbol a new player gets: the first ones nobody has, else the least
        used, so that players stay told apart on the board."""

        def least_used(choices: tuple[str, ...], taken: list[str]) -> str:
            return min(choices, key=taken.count)  # min keeps the first of equal counts

        return (
            least_used(COLORS, [p.color for p in self.players]),
            least_used(SYMBOLS, [p.symbol for p in self.players]),
        )

    def create(self, name: str, color: str | None = None, symbol: str | None = None) -> Profile:
        next_color, next_symbol = self.next_look()
        profile = self._validated(
            Profile(uuid.uuid4().hex[:12], name, color or next_color, symbol or next_symbol)
        )
        self._check_unique(profile.name)
        self._save([*self.players, profile])
        return profile

    def update(self, profile_id: str, **changes: str) -> Profile:
        old = self.get(profile_id)
        if old is None:
            raise KeyError(profile_id)
        new = self._validated(replace(old, **changes))
        self._check_unique(new.name, profile_id)
        self._save([new if p is old else p for p in self.players])
        return new

    def delete(self, profile_id: str) -> None:
        self._save([p for p in self.players if p.id != profile_id])


@dataclass
class Settings:
    animations: str = "full"
    theme: str = "textual-dark"
    ascii: bool = False
    robot_pace: str = "normal"
    """How long a robot's move stays before the next one: one of ROBOT_PACES."""
    setups: dict[str, dict] = field(default_factory=dict)
    """Per game, what its setup chose last time: {"bots": 2, "order": "random"}."""
    problem: Problem | None = field(default=None, compare=False)

    @classmethod
    def load(cls, path: Path) -> Settings:
        data, problem = read_json(path, VERSION)
        settings = cls(problem=problem)
        data = data or {}
        if data.get("animations") in ANIMATIONS:
            settings.animations = data["animations"]
        if isinstance(data.get("theme"), str):
            settings.theme = data["theme"]
        settings.ascii = bool(data.get("ascii", False))
        if data.get("robot_pace") in ROBOT_PACES:
            settings.robot_pace = data["robot_pace"]
        setups = data.get("setups")
        if isinstance(setups, dict):
            settings.setups = {k: v for k, v in setups.items() if isinstance(v, dict)}
        return settings

    def save(self, path: Path) -> None:
        """Raises StoreError (French) when the file cannot be written."""
        data = {
            "version": VERSION,
            "animations": self.animations,
            "theme": self.theme,
            "ascii": self.ascii,
            "robot_pace": self.robot_pace,
            "setups": self.setups,
        }
        try:
            write_atomic(path, data)
        except OSError as error:
            raise StoreError(
                f"Paramètres non enregistrés : impossible d'écrire {path} ({reason(error)})."
            ) from None
