"""Player profiles and settings, JSON in the config dir.

Several copies of jeux may run at once (two terminals, `jeux serve`'s tabs) and an older copy
may meet a file a newer version wrote. The files stay JSON in the config dir (DESIGN.md §5)
rather than moving into the SQLite store: they are small, a person can read and mend them, the
config dir may be moved apart from the data dir (`--config-dir`), and a lock file held while a
write re-reads the file and applies only this copy's change (`update_json`) is all two copies
need not to lose each other's players. Keys this version does not know are kept, in an entry
and at the top level; an entry it cannot read is copied aside before the file loses it.
"""

from __future__ import annotations

import copy
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from jeux.engine.text import clean_text

from .jsonfile import Problem, StoreError, copy_aside, read_json, reason, update_json

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


def read_profile(entry: Any) -> Profile | None:
    """The profile an entry of players.json holds, or None if it holds none. Keys this
    version does not know are no reason to refuse it; a colour or symbol it does not know is
    shown as the first one."""
    if not isinstance(entry, dict):
        return None
    ident, name = entry.get("id"), entry.get("name")
    if isinstance(ident, bool) or not isinstance(ident, (str, int)) or not isinstance(name, str):
        return None
    name = clean_name(name)
    if not str(ident) or not name:
        return None
    color = entry.get("color") if entry.get("color") in COLORS else COLORS[0]
    symbol = entry.get("symbol") if entry.get("symbol") in SYMBOLS else SYMBOLS[0]
    return Profile(str(ident), name, color, symbol)


def sound_entries(data: dict | None) -> tuple[list[dict], int]:
    """The entries of players.json that hold a profile, as written, and how many do not."""
    entries = (data or {}).get("players", [])
    if not isinstance(entries, list):
        return [], 1
    sound = [e for e in entries if read_profile(e) is not None]
    return sound, len(entries) - len(sound)


def free_look(players: list[Profile]) -> tuple[str, str]:
    """The colour and symbol a new player gets: the first ones nobody has, else the least
    used, so that players stay told apart on the board."""

    def least_used(choices: tuple[str, ...], taken: list[str]) -> str:
        return min(choices, key=taken.count)  # min keeps the first of equal counts

    return (
        least_used(COLORS, [p.color for p in players]),
        least_used(SYMBOLS, [p.symbol for p in players]),
    )


def check_unique(players: list[Profile], name: str, except_id: str = "") -> None:
    for other in players:
        if other.name.casefold() == name.casefold() and other.id != except_id:
            raise ProfileError(f"Il y a déjà un joueur nommé {other.name}.")


class Profiles:
    """The saved players. Every change is written at once, atomically, over the file as it is
    now: `players` follows the file after each write and each `reload`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.players: list[Profile] = []
        self.on_problem: Callable[[Problem], None] | None = None
        """Told, in French, of a file set aside after loading; None: kept in `problem`."""
        self.problem: Problem | None = None
        self.reload()

    def _tell(self, problem: Problem | None) -> None:
        if problem:
            self.problem = problem
            if self.on_problem:
                self.on_problem(problem)

    def reload(self) -> None:
        """Read the file again: the players another copy of jeux added, renamed or deleted
        show here too. Entries that cannot be read are copied aside, then dropped."""
        data, problem = read_json(self.path, VERSION)
        self._tell(problem)
        sound, damaged = sound_entries(data)
        self.players = [read_profile(e) for e in sound]
        if damaged:
            try:
                self._apply(lambda entries: entries)
            except OSError as error:
                self._tell(
                    Problem(
                        f"Le fichier {self.path.name} a {plural_unreadable(damaged)}, "
                        f"laissé tel quel ({reason(error)})."
                    )
                )

    def _write(self, change: Callable[[list[dict]], list[dict]]) -> None:
        """`_apply`, with a French message when the file cannot be written."""
        try:
            self._apply(change)
        except OSError as error:
            raise ProfileError(
                f"Joueurs non enregistrés : impossible d'écrire {self.path} ({reason(error)})."
            ) from None

    def _apply(self, change: Callable[[list[dict]], list[dict]]) -> None:
        """Apply `change` to the sound entries of the file as it is now, under its lock, and
        adopt the result; a refused change (ProfileError) or a failed write (OSError) leaves
        file and memory as they were."""

        def apply(data: dict) -> dict:
            sound, damaged = sound_entries(data)
            if damaged:  # copied before the file loses them
                aside = copy_aside(self.path)
                found.append(
                    Problem(
                        f"Le fichier {self.path.name} avait {plural_unreadable(damaged)} : "
                        f"copie mise de côté sous {aside.name}."
                    )
                )
            return {**data, "players": change(sound)}

        found: list[Problem] = []
        data, problem = update_json(self.path, VERSION, apply)
        for told in (problem, *found):
            self._tell(told)
        self.players = [read_profile(e) for e in data["players"]]

    def get(self, profile_id: str) -> Profile | None:
        return next((p for p in self.players if p.id == profile_id), None)

    def next_look(self) -> tuple[str, str]:
        return free_look(self.players)

    def _validated(self, profile: Profile) -> Profile:
        name = clean_name(profile.name)
        if not name:
            raise ProfileError("Le nom ne peut pas être vide.")
        color = profile.color if profile.color in COLORS else COLORS[0]
        symbol = profile.symbol if profile.symbol in SYMBOLS else SYMBOLS[0]
        return replace(profile, name=name, color=color, symbol=symbol)

    def create(self, name: str, color: str | None = None, symbol: str | None = None) -> Profile:
        made: list[Profile] = []

        def add(entries: list[dict]) -> list[dict]:
            players = [read_profile(e) for e in entries]
            next_color, next_symbol = free_look(players)
            profile = self._validated(
                Profile(uuid.uuid4().hex[:12], name, color or next_color, symbol or next_symbol)
            )
            check_unique(players, profile.name)
            made.append(profile)
            return [*entries, asdict(profile)]

        self._write(add)
        return made[0]

    def update(self, profile_id: str, **changes: str) -> Profile:
        """Change a player's name, colour or symbol; the entry's other keys are kept."""
        updated: list[Profile] = []

        def edit(entries: list[dict]) -> list[dict]:
            players = [read_profile(e) for e in entries]
            old = next((p for p in players if p.id == profile_id), None)
            if old is None:
                raise ProfileError("Ce joueur n'existe plus : une autre fenêtre l'a supprimé.")
            new = self._validated(replace(old, **changes))
            check_unique(players, new.name, profile_id)
            updated.append(new)
            fields = {key: getattr(new, key) for key in ("name", *changes)}
            return [{**e, **fields} if str(e["id"]) == profile_id else e for e in entries]

        self._write(edit)
        return updated[0]

    def delete(self, profile_id: str) -> None:
        self._write(lambda entries: [e for e in entries if str(e["id"]) != profile_id])


def plural_unreadable(count: int) -> str:
    return "1 joueur illisible" if count == 1 else f"{count} joueurs illisibles"


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
    _base: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """The values as last read or written: a save writes only what differs from them, so
    that two copies changing different settings keep both changes."""

    KNOWN = ("animations", "theme", "ascii", "robot_pace")

    def __post_init__(self) -> None:
        self._base = self._values()

    def _values(self) -> dict[str, Any]:
        return copy.deepcopy({key: getattr(self, key) for key in (*self.KNOWN, "setups")})

    @classmethod
    def load(cls, path: Path) -> Settings:
        data, problem = read_json(path, VERSION)
        settings = cls(problem=problem)
        data = data or {}
        if data.get("animations") in ANIMATIONS:
            settings.animations = data["animations"]
        if isinstance(data.get("theme"), str):
            settings.theme = data["theme"]
        if isinstance(data.get("ascii"), bool):
            settings.ascii = data["ascii"]
        if data.get("robot_pace") in ROBOT_PACES:
            settings.robot_pace = data["robot_pace"]
        setups = data.get("setups")
        if isinstance(setups, dict):
            settings.setups = {k: v for k, v in setups.items() if isinstance(v, dict)}
        settings._base = settings._values()
        return settings

    def _changed(self, data: dict) -> dict:
        """The file as read now, with this copy's changes since its last read or write."""
        mine, base = self._values(), self._base
        new = {**data, **{k: mine[k] for k in self.KNOWN if mine[k] != base[k]}}
        setups = data.get("setups") if isinstance(data.get("setups"), dict) else {}
        changed = {g: s for g, s in mine["setups"].items() if s != base["setups"].get(g)}
        if changed:
            new["setups"] = {**setups, **changed}
        return new

    def save(self, path: Path) -> Problem | None:
        """Write this copy's changes over the file as it is now; returns a problem met on the
        way (a file set aside). Raises StoreError (French) when the file cannot be written:
        the changes then stay to be written by the next save."""
        mine = self._values()
        if mine == self._base:
            return None  # nothing changed (a screen setting its widgets to what they were)
        try:
            _, problem = update_json(path, VERSION, self._changed)
        except OSError as error:
            raise StoreError(
                f"Paramètres non enregistrés : impossible d'écrire {path} ({reason(error)})."
            ) from None
        self._base = mine
        return problem
