"""Finished matches out and in: a readable Markdown account, or the JSON that replays it.

An imported file comes from outside and is checked as such before anything is written: its
size before it is read, its nesting before it is parsed, then a jeux match of a known game under
the same rules, finished, replaying exactly to its end, with seat names cleaned as typed names
are and a finishing date that makes sense. Every refusal is a French sentence about the file."""

from __future__ import annotations

import json
import os
import re
import stat
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import accumulate
from pathlib import Path
from typing import Any

from jeux.catalog import GAMES, load_game
from jeux.engine.match import SAVE_FORMAT
from jeux.engine.replay import Replay, ReplayRefused, markdown
from jeux.engine.text import json_escape, printable, quoted

from .jsonfile import StoreError, reason
from .profiles import clean_name
from .records import Records, SavedMatch

KIND = "partie de jeux"
"""The mark of an exported match, so any other JSON file is told apart."""
FORMATS = ("md", "json")
SAVED_KEYS = ("format", "game", "version", "seed", "options", "seats", "actions")
"""Everything a saved match holds: a key beyond these comes from another program or version."""
PLAYED_KEYS = ("game", "version", "seed", "options", "actions")
"""What was played: two matches alike in these are the same match whoever sat, so an import
of one already kept is refused even with a seat renamed."""
SIZE_LIMIT = 4_000_000
"""The largest file taken, in bytes: twenty times the longest export met (Arcane Duel, six
seats of random play: 185 kB). Checked before reading, so /dev/zero or 300 MB cost nothing."""
DEPTH_LIMIT = 20
"""The deepest nesting of arrays and objects taken: an export nests 5 deep, and the JSON
parser recurses once per level (100 000 levels overflow it)."""
SEED_LIMIT = 100
"""The longest seed taken, in characters: seeds are shown in the history and the account."""
FIRST_VERSION = datetime(2026, 11, 29, tzinfo=UTC)
"""The day of jeux's first version: no match of jeux finished before it."""
CLOCK_LEEWAY = 24 * 3600
"""A finishing date may be this far before the first version or after now: another computer's
clock, or a date written without its time zone (exports before December 2026) read elsewhere."""

JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
NOT_BRACKET = re.compile(r"[^\[\]{}]+")
NESTING_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class ExchangeError(Exception):
    """An export or import refused, with a French sentence saying why."""


def when_text(timestamp: float) -> str:
    return time.strftime("%d/%m/%Y à %H:%M", time.localtime(timestamp))


def with_clean_names(saved: dict[str, Any]) -> dict[str, Any]:
    """A saved match whose seat names are cleaned as typed names are: a name kept before
    imports were checked (ten thousand characters, terminal escapes) cannot break a screen."""
    seats = saved.get("seats")
    if not isinstance(seats, list):
        return saved
    return {
        **saved,
        "seats": [
            {**seat, "name": clean_name(seat["name"]) or "?"}
            if isinstance(seat, dict) and isinstance(seat.get("name"), str)
            else seat
            for seat in seats
        ],
    }


def replay_of(saved: SavedMatch) -> Replay:
    """The replay of a kept match; ExchangeError, in French, when it cannot be exact."""
    info = GAMES.get(saved.game)
    if info is None or not info.available:
        raise ExchangeError(f"Le jeu {quoted(saved.game)} n'est pas dans cette version de jeux.")
    try:
        return Replay.of(load_game(saved.game), with_clean_names(saved.saved))
    except ReplayRefused as refusal:
        raise ExchangeError(str(refusal)) from None


def export_text(saved: SavedMatch, fmt: str) -> str:
    """The Markdown account or the JSON file of a finished match, safe to print: a character
    a terminal would obey is escaped (in JSON, as the same data)."""
    if fmt == "json":
        finished = datetime.fromtimestamp(saved.updated).astimezone()
        data = {
            "kind": KIND,
            "title": GAMES[saved.game].title if saved.game in GAMES else saved.game,
            "finished": finished.isoformat(timespec="seconds"),
            "match": with_clean_names(saved.saved),
        }
        text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        return printable(text, escape=json_escape)
    return printable(markdown(replay_of(saved), when_text(saved.updated)))


def export_name(saved: SavedMatch, fmt: str) -> str:
    """A file name that sorts by game and date: « le_5000-2026-11-30-15h20-12.md »."""
    stamp = time.strftime("%Y-%m-%d-%Hh%M", time.localtime(saved.updated))
    return f"{saved.game}-{stamp}-{saved.id}.{fmt}"


# --- reading a file from outside ------------------------------------------------------------


def read_limited(path: Path) -> bytes:
    """The bytes of a plain file of at most SIZE_LIMIT, judged by its size before it is read
    (a device or a pipe has none that holds: refused too)."""
    shown = printable(str(path), keep="")
    try:
        # O_NONBLOCK: a named pipe opens at once instead of waiting for a writer
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise ExchangeError(
                    f"{shown} n'est pas un fichier ordinaire (un périphérique, un tube…) : "
                    "il faut le fichier JSON d'un export."
                )
            if info.st_size > SIZE_LIMIT:
                raise too_big(shown, info.st_size)
            data = handle.read(SIZE_LIMIT + 1)  # it may have grown since
    except IsADirectoryError:
        raise ExchangeError(
            f"{shown} est un dossier : il faut le fichier JSON d'un export."
        ) from None
    except (FileNotFoundError, NotADirectoryError):
        raise ExchangeError(f"Impossible de lire {shown} : ce fichier n'existe pas.") from None
    except OSError as error:
        raise ExchangeError(f"Impossible de lire {shown} ({reason(error)}).") from None
    if len(data) > SIZE_LIMIT:
        raise too_big(shown, len(data))
    return data


def too_big(shown: str, size: int) -> ExchangeError:
    megabytes = f"{size / 1_000_000:.1f}".replace(".", ",")
    return ExchangeError(
        f"{shown} est trop gros pour une partie de jeux ({megabytes} Mo ; un export en fait "
        f"au plus {SIZE_LIMIT // 1_000_000} Mo)."
    )


def nesting(text: str) -> int:
    """How deep arrays and objects nest in a JSON text, strings skipped, without parsing it."""
    brackets = NOT_BRACKET.sub("", JSON_STRING.sub("", text))
    return max(accumulate(map(NESTING_STEP.__getitem__, brackets)), default=0)


def refuse_constant(name: str) -> None:
    raise ValueError(name)  # NaN and Infinity are not JSON


def parsed(name: str, data: bytes) -> Any:
    """The JSON in a file's bytes, or None when it holds none."""
    try:
        text = data.decode("utf-8-sig")  # a byte order mark, as some editors write
    except UnicodeDecodeError:
        raise ExchangeError(f"{name} n'est pas une partie de jeux (fichier non texte).") from None
    if (depth := nesting(text)) > DEPTH_LIMIT:
        raise ExchangeError(
            f"{name} n'est pas une partie de jeux (JSON imbriqué sur {depth} niveaux ; "
            f"un export en a au plus {DEPTH_LIMIT})."
        )
    try:
        return json.loads(text, parse_constant=refuse_constant)
    except ValueError:
        return None


def finished_date(name: str, value: Any) -> float:
    """When the match finished, as the file says: a date jeux could have played it."""
    try:
        when = datetime.fromisoformat(value)
        stamp = when.timestamp()  # without a time zone: local time, as older exports wrote
    except (TypeError, ValueError, OverflowError, OSError):
        raise damaged(name, f"sa date de fin est illisible ({quoted(value)})") from None
    shown = when.strftime("%d/%m/%Y à %H:%M")
    if stamp < FIRST_VERSION.timestamp() - CLOCK_LEEWAY:
        first = FIRST_VERSION.strftime("%d/%m/%Y")
        raise damaged(
            name, f"elle aurait fini le {shown}, avant la première version de jeux ({first})"
        )
    if stamp > time.time() + CLOCK_LEEWAY:
        raise damaged(name, f"elle aurait fini le {shown}, dans le futur")
    return stamp


def damaged(name: str, why: str) -> ExchangeError:
    return ExchangeError(f"{name} est une partie de jeux abîmée : {why}.")


def checked_form(name: str, saved: Any) -> dict[str, Any]:
    """The saved match of an export, its parts present and nothing unknown among them."""
    if not isinstance(saved, dict):
        raise damaged(name, f"il y manque {quoted('match')}")
    if missing := [key for key in SAVED_KEYS if key != "format" and key not in saved]:
        raise damaged(name, f"il y manque {quoted(missing[0])}")
    if unknown := sorted(set(saved) - set(SAVED_KEYS)):
        raise damaged(name, f"elle porte un champ inconnu : {quoted(unknown[0])}")
    if saved.get("format", SAVE_FORMAT) != SAVE_FORMAT:
        raise ExchangeError(
            f"{name} a été écrit par une autre version de jeux (format {quoted(saved['format'])})"
            " : cette version ne sait pas le lire."
        )
    game = saved["game"]
    if not isinstance(game, str) or game not in GAMES:
        raise ExchangeError(f"{name} est une partie d'un jeu inconnu : {quoted(game)}.")
    seed = saved["seed"]
    if isinstance(seed, str) and (len(seed) > SEED_LIMIT or printable(seed, keep="") != seed):
        raise damaged(name, f"sa graine est illisible ({quoted(seed)})")
    return saved


def seated_here(name: str, seats: Any) -> Any:
    """The seats of an imported match as this computer keeps them: each name cleaned as a typed
    name is (refused if nothing is left), no profile (the ids are another computer's players)."""
    if not isinstance(seats, list):
        return seats  # the replay says what is wrong
    here = []
    for number, seat in enumerate(seats, 1):
        if isinstance(seat, dict) and isinstance(seat.get("name"), str):
            if not clean_name(seat["name"]):
                raise damaged(name, f"la place {number} n'a pas de nom lisible")
            seat = {**seat, "name": clean_name(seat["name"]), "profile": ""}
        here.append(seat)
    return here


@dataclass(frozen=True)
class Exported:
    """A match read from an export, checked: its saved form as kept here, and when it ended."""

    saved: dict[str, Any]
    finished: float


def read_match(path: Path) -> Exported:
    """The match in an exported file, checked to replay exactly to its end."""
    name = printable(path.name, keep="")
    data = parsed(name, read_limited(path))
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise ExchangeError(
            f"{name} n'est pas une partie de jeux (il faut le fichier JSON d'un export)."
        )
    saved = checked_form(name, data.get("match"))
    if "finished" not in data:
        raise damaged(name, f"il y manque {quoted('finished')}")
    finished = finished_date(name, data["finished"])
    saved = {**saved, "seats": seated_here(name, saved["seats"])}
    replay = replay_of(SavedMatch(0, saved["game"], saved, "", 0))
    final, title = replay.final, GAMES[saved["game"]].title
    if not final.over:
        raise ExchangeError(
            f"{name} est une partie de {title} qui n'est pas terminée : "
            "seules les parties finies s'importent."
        )
    options = saved["options"]
    kept = final.options
    changed = next((k for k in options if k not in kept or options[k] != kept[k]), None)
    if changed is not None:
        raise damaged(
            name,
            f"sa variante {quoted(changed)} ({quoted(options[changed])}) n'existe pas "
            f"dans cette version de {title}",
        )
    return Exported(final.to_saved(), finished)


def played(saved: dict[str, Any]) -> str:
    """What was played in a match, comparable whether it was just read or kept."""
    return json.dumps({key: saved.get(key) for key in PLAYED_KEYS}, sort_keys=True)


def kept_already(records: Records, saved: dict[str, Any]) -> int | None:
    """The number of a kept finished match where the same was played, if any."""
    same = played(saved)
    return next(
        (kept.id for kept in records.finished(saved["game"]) if played(kept.saved) == same), None
    )


@dataclass(frozen=True)
class Imported:
    id: int
    title: str


def import_match(records: Records, path: Path) -> Imported:
    """Check an exported file, then keep its match with its own finishing date; a refused
    file changes nothing."""
    exported = read_match(path)
    saved = exported.saved
    if (kept := kept_already(records, saved)) is not None:
        raise ExchangeError(f"Cette partie est déjà dans l'historique (partie {kept}).")
    try:
        match_id = records.add_finished(saved, exported.finished)
    except StoreError as error:
        raise ExchangeError(f"Partie non importée : {error}") from None
    return Imported(match_id, GAMES[saved["game"]].title)
