"""Matches in progress and finished, and per-seat results: SQLite (WAL) in the data dir."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .jsonfile import Problem, set_aside

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    saved TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing',   -- playing, finished, broken
    label TEXT NOT NULL DEFAULT '',           -- a game's own tag, e.g. a daily seed
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    game TEXT NOT NULL,
    profile TEXT NOT NULL,
    name TEXT NOT NULL,
    seat INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    score INTEGER NOT NULL,
    won INTEGER NOT NULL,
    label TEXT NOT NULL DEFAULT '',
    finished REAL NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX IF NOT EXISTS results_by_profile ON results (profile, game);
"""


@dataclass(frozen=True)
class SavedMatch:
    id: int
    game: str
    saved: dict[str, Any]
    label: str
    updated: float

    @property
    def names(self) -> list[str]:
        return [seat.get("name", "?") for seat in self.saved.get("seats", [])]


@dataclass(frozen=True)
class Record:
    """One profile's record at one game."""

    played: int
    won: int
    best: int | None


class Records:
    """Every write is its own transaction, so a killed process loses at most the move in flight."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: Problem | None = None
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._init()
        except sqlite3.DatabaseError:
            aside = set_aside(path)
            self.problem = Problem(
                f"La base {path.name} était illisible : mise de côté sous {aside.name}."
            )
            self._init()

    def _init(self) -> None:
        with self._db() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        with closing(sqlite3.connect(self.path, timeout=10)) as db, db:
            db.execute("PRAGMA busy_timeout = 10000")
            yield db

    # --- matches ------------------------------------------------------------------

    def start(self, saved: dict[str, Any], label: str = "") -> int:
        now = time.time()
        with self._db() as db:
            cursor = db.execute(
                "INSERT INTO matches (game, saved, label, created, updated) VALUES (?, ?, ?, ?, ?)",
                (saved["game"], json.dumps(saved, ensure_ascii=False), label, now, now),
            )
            return int(cursor.lastrowid)

    def save(self, match_id: int, saved: dict[str, Any]) -> None:
        with self._db() as db:
            db.execute(
                "UPDATE matches SET saved = ?, updated = ? WHERE id = ?",
                (json.dumps(saved, ensure_ascii=False), time.time(), match_id),
            )

    def unfinished(self) -> list[SavedMatch]:
        with self._db() as db:
            rows = db.execute(
                "SELECT id, game, saved, label, updated FROM matches WHERE status = 'playing' "
                "ORDER BY updated DESC"
            ).fetchall()
        matches = []
        for match_id, game, saved, label, updated in rows:
            try:
                matches.append(SavedMatch(match_id, game, json.loads(saved), label, updated))
            except ValueError:
                self.set_broken(match_id)
        return matches

    def set_broken(self, match_id: int) -> None:
        """Keep a match that no longer replays, out of the way, for later inspection."""
        with self._db() as db:
            db.execute("UPDATE matches SET status = 'broken' WHERE id = ?", (match_id,))

    def abandon(self, match_id: int) -> None:
        with self._db() as db:
            db.execute("UPDATE matches SET status = 'abandoned' WHERE id = ?", (match_id,))

    def finish(self, match_id: int, saved: dict[str, Any], results: list[dict[str, Any]]) -> None:
        """Mark the match finished and store one result per seat, in one transaction."""
        now = time.time()
        with self._db() as db:
            db.execute(
                "UPDATE matches SET saved = ?, status = 'finished', updated = ? WHERE id = ?",
                (json.dumps(saved, ensure_ascii=False), now, match_id),
            )
            label = db.execute("SELECT label FROM matches WHERE id = ?", (match_id,)).fetchone()
            db.executemany(
                "INSERT OR REPLACE INTO results (match_id, game, profile, name, seat, rank, score,"
                " won, label, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        match_id,
                        saved["game"],
                        r["profile"],
                        r["name"],
                        r["seat"],
                        r["rank"],
                        r["score"],
                        int(r["won"]),
                        label[0] if label else "",
                        now,
                    )
                    for r in results
                ],
            )

    # --- statistics -----------------------------------------------------------------

    def record(self, profile: str, game: str, label_prefix: str = "") -> Record:
        """Games played, won and the best score of a profile at a game (optionally one label)."""
        with self._db() as db:
            played, won, best = db.execute(
                "SELECT COUNT(*), COALESCE(SUM(won), 0), MAX(score) FROM results "
                "WHERE profile = ? AND game = ? AND label LIKE ? || '%'",
                (profile, game, label_prefix),
            ).fetchone()
        return Record(played, won, best)

    def last_profiles(self, game: str) -> list[str]:
        """The profiles seated at the latest match of a game, to pre-select them next time."""
        with self._db() as db:
            row = db.execute(
                "SELECT saved FROM matches WHERE game = ? ORDER BY id DESC LIMIT 1", (game,)
            ).fetchone()
        try:
            return [s["profile"] for s in json.loads(row[0])["seats"] if s.get("profile")]
        except (TypeError, ValueError, KeyError):
            return []

    def has_label(self, game: str, label: str) -> bool:
        with self._db() as db:
            row = db.execute(
                "SELECT 1 FROM matches WHERE game = ? AND label = ? LIMIT 1", (game, label)
            ).fetchone()
        return row is not None
