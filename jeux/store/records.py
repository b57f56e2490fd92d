"""Matches in progress and finished, and per-seat results: SQLite (WAL) in the data dir."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .jsonfile import Problem, StoreError, set_aside

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    saved TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing',   -- playing, finished, broken
    label TEXT NOT NULL DEFAULT '',           -- a game's own tag, e.g. a daily seed
    created REAL NOT NULL,
    updated REAL NOT NULL,
    revision INTEGER NOT NULL DEFAULT 0       -- bumped by every save (see `save_if`)
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
    low INTEGER NOT NULL DEFAULT 0,             -- 1 when a smaller score is better
    forfeit INTEGER NOT NULL DEFAULT 0,         -- 1 for a counted run given up: lost, no score
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX IF NOT EXISTS results_by_profile ON results (profile, game);
"""


SQLITE_REASONS = {
    "disk is full": "disque plein",
    "readonly": "lecture seule",
    "unable to open": "impossible de l'ouvrir",
    "locked": "occupée par un autre programme",
    "disk I/O error": "erreur du disque",
}


HINTED = "aide:"
"""The label prefix of a solo run where the player asked for hints: it counts apart."""


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
class Stored:
    """A match as the database holds it now (see `Records.save_if`)."""

    revision: int
    saved: dict[str, Any]
    status: str


class Claim:
    """The right to play one match, held by one copy of jeux at a time: an exclusive lock on a
    file, which the system releases by itself when the process dies (kill -9 included)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._handle = open(path, "a+b")  # held open as long as the claim lasts
        try:
            _lock(self._handle.fileno())
        except OSError:
            self._handle.close()
            raise

    def note(self, text: str) -> None:
        """Write a word in the lock file for whoever looks (how a seat's player came)."""
        self._handle.truncate(0)
        self._handle.write(text.encode("utf-8"))
        self._handle.flush()

    def release(self) -> None:
        if not self._handle.closed:
            self._handle.close()  # closing the file releases its lock


def _lock(fd: int) -> None:
    """Lock a file without waiting; OSError when another process holds it."""
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


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
        self.locks = path.parent / "verrous"
        """One lock file per match open in some copy of jeux (see `claim`)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        self.on_failure: Callable[[str], None] | None = None
        """Told, in French, when a match could not be saved; None: the error is raised."""
        try:
            self._init()
        except sqlite3.DatabaseError:  # damaged; an unusable one raises StoreError and stays
            aside = set_aside(path)
            self.problem = Problem(
                f"La base {path.name} était illisible : mise de côté sous {aside.name}."
            )
            self._init()

    def _init(self) -> None:
        with self._db() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)
            match_columns = {row[1] for row in db.execute("PRAGMA table_info(matches)")}
            if "revision" not in match_columns:  # databases made before shared tables
                db.execute("ALTER TABLE matches ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")
            columns = {row[1] for row in db.execute("PRAGMA table_info(results)")}
            if "low" not in columns:  # databases made before scores could count down
                db.execute("ALTER TABLE results ADD COLUMN low INTEGER NOT NULL DEFAULT 0")
            if "forfeit" not in columns:  # databases made before forgotten runs could count
                db.execute("ALTER TABLE results ADD COLUMN forfeit INTEGER NOT NULL DEFAULT 0")

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        """One transaction; an unusable file or folder raises StoreError, in French."""
        try:
            with closing(sqlite3.connect(self.path, timeout=10)) as db, db:
                db.execute("PRAGMA busy_timeout = 10000")
                yield db
        except sqlite3.OperationalError as error:
            why = next((v for k, v in SQLITE_REASONS.items() if k in str(error)), str(error))
            raise StoreError(f"la base {self.path} est inutilisable ({why}).") from None

    def _report(self, error: StoreError, consequence: str) -> None:
        if self.on_failure is None:
            raise error
        self.on_failure(f"{consequence} : {error}")

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
        """Store the whole match. A failed write is reported (`on_failure`), not raised: the
        match goes on in memory and the next save writes it whole, so nothing is lost once
        the disk takes it again."""
        try:
            with self._db() as db:
                db.execute(
                    "UPDATE matches SET saved = ?, updated = ?, revision = revision + 1 "
                    "WHERE id = ?",
                    (json.dumps(saved, ensure_ascii=False), time.time(), match_id),
                )
        except StoreError as error:
            self._report(error, "Partie non enregistrée (nouvel essai au prochain coup)")

    def stored(self, match_id: int) -> Stored | None:
        """A match as it is kept now, with its revision; None if unknown or unreadable."""
        with self._db() as db:
            row = db.execute(
                "SELECT revision, saved, status FROM matches WHERE id = ?", (match_id,)
            ).fetchone()
        if row is None:
            return None
        try:
            return Stored(row[0], json.loads(row[1]), row[2])
        except ValueError:
            return None

    def save_if(self, match_id: int, saved: dict[str, Any], revision: int) -> int | None:
        """Store the match only if it is still at `revision` (compare-and-swap, one
        transaction): the new revision, or None when another process saved first. A shared
        table's screens play through this, so two moves made at once never both count. A
        revision, not the count of actions, is compared: after an undo and another move the
        count is the same, the match is not."""
        with self._db() as db:
            cursor = db.execute(
                "UPDATE matches SET saved = ?, updated = ?, revision = revision + 1 "
                "WHERE id = ? AND revision = ?",
                (json.dumps(saved, ensure_ascii=False), time.time(), match_id, revision),
            )
        return revision + 1 if cursor.rowcount == 1 else None

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

    def claim(self, match_id: int) -> Claim | None:
        """Hold a match for this copy of jeux, or None if another copy is playing it."""
        try:
            return Claim(self.locks / f"partie-{match_id}.verrou")
        except OSError:
            return None

    def _forget_lock(self, match_id: int) -> None:
        """A match that can no longer be resumed needs no lock file."""
        (self.locks / f"partie-{match_id}.verrou").unlink(missing_ok=True)

    def in_use(self, match_id: int) -> bool:
        """Whether another copy of jeux is playing this match now."""
        claim = self.claim(match_id)
        if claim:
            claim.release()
        return claim is None

    def set_broken(self, match_id: int) -> None:
        """Keep a match that no longer replays, out of the way, for later inspection."""
        with self._db() as db:
            db.execute("UPDATE matches SET status = 'broken' WHERE id = ?", (match_id,))
        self._forget_lock(match_id)

    def abandon(self, match_id: int, counted: bool = False) -> None:
        """Take a match out of « Reprendre ». A counted run (e.g. a daily dungeon's first
        attempt) keeps one lost result per profile seated, with no score, so it still counts."""
        with self._db() as db:
            db.execute("UPDATE matches SET status = 'abandoned' WHERE id = ?", (match_id,))
            self._forget_lock(match_id)
            if not counted:
                return
            game, saved, label = db.execute(
                "SELECT game, saved, label FROM matches WHERE id = ?", (match_id,)
            ).fetchone()
            seats = json.loads(saved).get("seats", [])
            db.executemany(
                "INSERT OR REPLACE INTO results (match_id, game, profile, name, seat, rank, score,"
                " won, label, finished, forfeit) VALUES (?, ?, ?, ?, ?, 0, 0, 0, ?, ?, 1)",
                [
                    (match_id, game, s["profile"], s.get("name", ""), i, label, time.time())
                    for i, s in enumerate(seats)
                    if s.get("profile")
                ],
            )

    def finish(self, match_id: int, saved: dict[str, Any], results: list[dict[str, Any]]) -> None:
        """Mark the match finished and store one result per seat, in one transaction; if that
        fails it is reported and the match stays in « Reprendre », to be finished again."""
        try:
            self._finish(match_id, saved, results)
        except StoreError as error:
            self._report(error, "Résultat non enregistré (la partie reste à reprendre)")
        else:
            self._forget_lock(match_id)

    def _finish(self, match_id: int, saved: dict[str, Any], results: list[dict[str, Any]]) -> None:
        now = time.time()
        with self._db() as db:
            db.execute(
                "UPDATE matches SET saved = ?, status = 'finished', updated = ? WHERE id = ?",
                (json.dumps(saved, ensure_ascii=False), now, match_id),
            )
            label = db.execute("SELECT label FROM matches WHERE id = ?", (match_id,)).fetchone()
            db.executemany(
                "INSERT OR REPLACE INTO results (match_id, game, profile, name, seat, rank, score,"
                " won, label, finished, low) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                        int(r.get("low", False)),
                    )
                    for r in results
                ],
            )

    # --- statistics -----------------------------------------------------------------

    def record(
        self, profile: str, game: str, label_prefix: str = "", lower_is_better: bool = False
    ) -> Record:
        """Games played and won by a profile at a game (optionally under one label), and its
        best score among results measured the same way (the most points, or the fewest turns)."""
        best = "MIN" if lower_is_better else "MAX"
        with self._db() as db:
            played, won, best = db.execute(
                f"SELECT COUNT(*), COALESCE(SUM(won), 0), "
                f"{best}(CASE WHEN low = ? AND NOT forfeit THEN score END) "
                "FROM results WHERE profile = ? AND game = ? AND label LIKE ? || '%'",
                (int(lower_is_better), profile, game, label_prefix),
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

    # --- labels: a game's own runs (e.g. Scoundrel's daily dungeon) -----------------

    def label_of(self, match_id: int) -> str:
        """The label a match was started with ('' for none or an unknown match)."""
        with self._db() as db:
            row = db.execute("SELECT label FROM matches WHERE id = ?", (match_id,)).fetchone()
        return row[0] if row else ""

    def labelled_matches(self, game: str, label: str, profile: str) -> list[tuple[int, str]]:
        """(id, status) of the matches of a game with exactly this label where this profile
        sat, oldest first, whatever their status (playing, finished, abandoned, broken)."""
        with self._db() as db:
            rows = db.execute(
                "SELECT id, status, saved FROM matches WHERE game = ? AND label = ? ORDER BY id",
                (game, label),
            ).fetchall()
        found = []
        for match_id, status, saved in rows:
            try:
                seats = json.loads(saved).get("seats", [])
            except (ValueError, AttributeError):
                continue
            if any(isinstance(s, dict) and s.get("profile") == profile for s in seats):
                found.append((match_id, status))
        return found

    def record_outside(self, profile: str, game: str, *label_prefixes: str) -> Record:
        """Like `record`, over the results whose label starts with none of the prefixes."""
        outside = " AND substr(label, 1, length(?)) != ?" * len(label_prefixes)
        with self._db() as db:
            played, won, best = db.execute(
                "SELECT COUNT(*), COALESCE(SUM(won), 0), MAX(CASE WHEN NOT forfeit THEN score END) "
                "FROM results WHERE profile = ? AND game = ?" + outside,
                (profile, game, *(p for prefix in label_prefixes for p in (prefix, prefix))),
            ).fetchone()
        return Record(played, won, best)

    def mark_hinted(self, match_id: int) -> str:
        """Mark a solo run as helped by hints, for good: its label gets the HINTED prefix, so
        its results count apart. Returns the new label."""
        label = self.label_of(match_id)
        if not label.startswith(HINTED):
            label = HINTED + label
            self.relabel(match_id, label)
        return label

    def relabel(self, match_id: int, label: str) -> None:
        """Change a match's label while it is played (e.g. a run marked as helped by hints);
        its results take the label it has when it finishes."""
        with self._db() as db:
            db.execute("UPDATE matches SET label = ? WHERE id = ?", (label, match_id))

    def last_label(self, profile: str, game: str) -> str | None:
        """The label of this profile's latest finished match of a game, None if none."""
        with self._db() as db:
            row = db.execute(
                "SELECT label FROM results WHERE profile = ? AND game = ? "
                "ORDER BY finished DESC, match_id DESC LIMIT 1",
                (profile, game),
            ).fetchone()
        return row[0] if row else None

    # --- a game's history: the matches kept, to reread (e.g. Le Signal's journals) -----

    def history(self, game: str, profile: str = "", limit: int = 200) -> list[SavedMatch]:
        """The matches of a game in progress or finished, latest first, at most `limit`;
        only those where `profile` sat if one is given. Damaged saved forms are skipped."""
        with self._db() as db:
            rows = db.execute(
                "SELECT id, game, saved, label, updated FROM matches WHERE game = ? "
                "AND status IN ('playing', 'finished') ORDER BY updated DESC, id DESC",
                (game,),
            ).fetchall()
        found: list[SavedMatch] = []
        for match_id, game_id, saved, label, updated in rows:
            try:
                data = json.loads(saved)
                seats = data.get("seats", [])
            except (ValueError, AttributeError):
                continue
            if profile and not any(
                isinstance(s, dict) and s.get("profile") == profile for s in seats
            ):
                continue
            found.append(SavedMatch(match_id, game_id, data, label, updated))
            if len(found) >= limit:
                break
        return found

    # --- every finished match: the history, its replays, exports and imports -------------

    def finished(self, game: str = "", name: str = "") -> list[SavedMatch]:
        """The finished matches, latest first: of one game if `game` is given, and where a
        seat bore exactly `name` if one is given. Damaged saved forms are skipped."""
        with self._db() as db:
            rows = db.execute(
                "SELECT id, game, saved, label, updated FROM matches WHERE status = 'finished' "
                "AND (? = '' OR game = ?) ORDER BY updated DESC, id DESC",
                (game, game),
            ).fetchall()
        found = []
        for match_id, game_id, saved, label, updated in rows:
            try:
                match = SavedMatch(match_id, game_id, json.loads(saved), label, updated)
                names = match.names
            except (ValueError, AttributeError, TypeError):
                continue
            if not name or name in names:
                found.append(match)
        return found

    def finished_match(self, match_id: int) -> SavedMatch | None:
        """One finished match by id, or None (unknown, unfinished or damaged)."""
        with self._db() as db:
            row = db.execute(
                "SELECT id, game, saved, label, updated FROM matches "
                "WHERE id = ? AND status = 'finished'",
                (match_id,),
            ).fetchone()
        if row is None:
            return None
        try:
            return SavedMatch(row[0], row[1], json.loads(row[2]), row[3], row[4])
        except ValueError:
            return None

    def add_finished(self, saved: dict[str, Any], when: float | None = None) -> int:
        """Keep a finished match brought from elsewhere (an import): it joins the history and
        its replays, with no per-seat result, so it changes nobody's statistics. `when` it
        was kept: now, unless told (the screenshots' fixed dates)."""
        now = time.time() if when is None else when
        with self._db() as db:
            cursor = db.execute(
                "INSERT INTO matches (game, saved, status, created, updated) "
                "VALUES (?, ?, 'finished', ?, ?)",
                (saved["game"], json.dumps(saved, ensure_ascii=False), now, now),
            )
            return int(cursor.lastrowid)
