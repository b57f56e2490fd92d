"""Finished matches out and in: a readable Markdown account, or the JSON that replays it;
an imported file is checked whole (a jeux match, a known game, the same rules, finished,
replaying to the end) before anything is written."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jeux.catalog import GAMES, load_game
from jeux.engine.replay import Replay, ReplayRefused, markdown

from .jsonfile import StoreError, reason
from .records import Records, SavedMatch

KIND = "partie de jeux"
"""The mark of an exported match, so any other JSON file is told apart."""
FORMATS = ("md", "json")
REPLAYED_KEYS = ("game", "version", "seed", "options", "seats", "actions")
"""What makes two saved matches the same match (an import of one already kept is refused)."""


class ExchangeError(Exception):
    """An export or import refused, with a French sentence saying why."""


def when_text(timestamp: float) -> str:
    return time.strftime("%d/%m/%Y à %H:%M", time.localtime(timestamp))


def replay_of(saved: SavedMatch) -> Replay:
    """The replay of a kept match; ExchangeError, in French, when it cannot be exact."""
    info = GAMES.get(saved.game)
    if info is None or not info.available:
        raise ExchangeError(f"Le jeu « {saved.game} » n'est pas dans cette version de jeux.")
    try:
        return Replay.of(load_game(saved.game), saved.saved)
    except ReplayRefused as refusal:
        raise ExchangeError(str(refusal)) from None


def export_text(saved: SavedMatch, fmt: str) -> str:
    """The Markdown account or the JSON file of a finished match."""
    if fmt == "json":
        data = {
            "kind": KIND,
            "title": GAMES[saved.game].title if saved.game in GAMES else saved.game,
            "finished": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(saved.updated)),
            "match": saved.saved,
        }
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    return markdown(replay_of(saved), when_text(saved.updated))


def export_name(saved: SavedMatch, fmt: str) -> str:
    """A file name that sorts by game and date: « le_5000-2026-11-30-15h20-12.md »."""
    stamp = time.strftime("%Y-%m-%d-%Hh%M", time.localtime(saved.updated))
    return f"{saved.game}-{stamp}-{saved.id}.{fmt}"


def read_match(path: Path) -> dict[str, Any]:
    """The saved match in an exported file, checked to replay exactly to its end."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ExchangeError(
            f"{path.name} n'est pas une partie de jeux (fichier non texte)."
        ) from None
    except OSError as error:
        raise ExchangeError(f"Impossible de lire {path} ({reason(error)}).") from None
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise ExchangeError(
            f"{path.name} n'est pas une partie de jeux (il faut le fichier JSON d'un export)."
        )
    saved = data.get("match")
    if not isinstance(saved, dict) or not all(key in saved for key in REPLAYED_KEYS):
        raise ExchangeError(f"{path.name} est une partie de jeux abîmée : il y manque des parties.")
    game = saved["game"]
    if not isinstance(game, str) or game not in GAMES:
        raise ExchangeError(f"{path.name} est une partie d'un jeu inconnu : « {game} ».")
    replay = replay_of(SavedMatch(0, game, saved, "", 0))
    if not replay.final.over:
        raise ExchangeError(
            f"{path.name} est une partie de {GAMES[game].title} qui n'est pas terminée : "
            "seules les parties finies s'importent."
        )
    return replay.final.to_saved()


def replayed(saved: dict[str, Any]) -> str:
    """What makes a match the match it is, comparable whether it was just read or kept."""
    return json.dumps({key: saved.get(key) for key in REPLAYED_KEYS}, sort_keys=True)


@dataclass(frozen=True)
class Imported:
    id: int
    title: str


def import_match(records: Records, path: Path) -> Imported:
    """Check an exported file, then keep its match; a refused file changes nothing."""
    saved = read_match(path)
    same = replayed(saved)
    for kept in records.finished(saved["game"]):
        if replayed(kept.saved) == same:
            raise ExchangeError(f"Cette partie est déjà dans l'historique (partie {kept.id}).")
    try:
        match_id = records.add_finished(saved)
    except StoreError as error:
        raise ExchangeError(f"Partie non importée : {error}") from None
    return Imported(match_id, GAMES[saved["game"]].title)
