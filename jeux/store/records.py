"""Matches in progress and finished, and per-seat results: SQLite (WAL) in the data dir.

A write that fails (a full disk, a folder gone) is kept in memory and tried again with the
next write and at every `retry`: a match's moves, its label and its results are lost only if
jeux quits before the disk takes them. Meanwhile `unfinished` shows the match as this copy
holds it, so it stays in « Reprendre » until its results are written.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .jsonfile import Problem, StoreError, lock_file, reason, set_aside
from .profiles import clean_name

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


COLUMNS = {
    "matches": {"id", "game", "saved", "status", "label", "created", "updated"},
    "results": {"match_id", "game", "profile", "name", "seat", "rank", "score", "won", "label"},
}
"""The columns jeux needs in a table that already exists (later ones are added on opening):
a table without them belongs to another program."""

SQLITE_REASONS = (
    ("SQLITE_FULL", "disque plein"),
    ("SQLITE_IOERR", "erreur du disque"),
    ("SQLITE_READONLY", "lecture seule"),
    ("SQLITE_BUSY", "occupée par un autre programme"),
    ("SQLITE_LOCKED", "occupée par un autre programme"),
    ("SQLITE_PROTOCOL", "occupée par un autre programme"),
    ("SQLITE_CANTOPEN", "impossible de l'ouvrir"),
    ("SQLITE_PERM", "accès refusé"),
    ("SQLITE_AUTH", "accès refusé"),
    ("SQLITE_CORRUPT", "fichier endommagé"),
    ("SQLITE_NOTADB", "ce n'est pas une base de données"),
    ("SQLITE_TOOBIG", "partie trop grande"),
    ("SQLITE_NOLFS", "fichier trop grand pour ce système"),
)
"""Why SQLite failed, by the name of its (extended) error code: SQLITE_IOERR_SHMSIZE is an
SQLITE_IOERR."""

DAMAGED = ("SQLITE_CORRUPT", "SQLITE_NOTADB")

NEARLY_FULL = 1 << 20
"""Free bytes under which a disk I/O error means a full disk: SQLite in WAL mode reports
a disk too full to grow its shared-memory file as SQLITE_IOERR_SHMSIZE, not SQLITE_FULL."""


BUSY_SECONDS = 10
"""How long a copy of jeux waits for another one's write before it gives up."""


def use_wal(db: sqlite3.Connection) -> None:
    """Put the file in WAL mode (kept in the file), so that copies read while one writes.
    Switching is refused at once, with no busy wait, while another copy opens the same new
    file: two copies starting together would have one fail. So it is tried again, as long as
    any busy wait lasts."""
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL")  # a file that cannot keeps its mode, unsaid
            return
        except sqlite3.OperationalError as error:
            if error.sqlite_errorname != "SQLITE_BUSY" or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


class DamagedDatabase(StoreError):
    """The file is not a database SQLite can read: jeux's own, damaged, is set aside."""


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
        """Cleaned as typed names are: a name imported before imports were checked (terminal
        escapes, ten thousand characters) breaks no screen and no terminal."""
        return [
            clean_name(str(seat.get("name", ""))) or "?" for seat in self.saved.get("seats", [])
        ]


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
            lock_file(self._handle.fileno())
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


def sqlite_reason(error: sqlite3.Error, folder: Path) -> str:
    """Why SQLite failed, in French, from its error code (Python 3.11 gives it)."""
    name = getattr(error, "sqlite_errorname", "") or ""
    if name.startswith("SQLITE_IOERR") and _nearly_full(folder):
        return "disque plein"
    found = next((why for prefix, why in SQLITE_REASONS if name.startswith(prefix)), None)
    return found or (f"erreur {name}" if name else "erreur inattendue")


def _nearly_full(folder: Path) -> bool:
    try:
        return shutil.disk_usage(folder).free < NEARLY_FULL
    except OSError:
        return False


@dataclass
class Unwritten:
    """What this copy of jeux could not write for one match yet: the latest saved form, the
    label, and the results once the match is over."""

    saved: dict[str, Any] | None = None
    label: str | None = None
    results: list[dict[str, Any]] | None = None
    when: float = 0.0


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
        self.on_failure: Callable[[str], None] | None = None
        """Told, in French, when a match could not be saved; None: the error is raised."""
        self.unwritten: dict[int, Unwritten] = {}
        """By match, what could not be written yet (see `retry`)."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            try:
                self._init()
            except DamagedDatabase:  # an unusable file or folder raises StoreError and stays
                aside = set_aside(path)
                self.problem = Problem(
                    f"La base {path.name} était illisible : mise de côté sous {aside.name}."
                )
                self._init()
        except OSError as error:
            raise StoreError(f"la base {path} est inutilisable ({reason(error)}).") from None
        self._anchor = self._anchored()

    def _init(self) -> None:
        with self._db() as db:
            for table, needed in COLUMNS.items():
                columns = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
                if columns and not needed <= columns:  # checked before anything is changed
                    raise StoreError(
                        f"la base {self.path} n'est pas une base de jeux (sa table {table} "
                        "vient d'un autre programme) : jeux n'y touche pas ; choisis un autre "
                        "dossier des parties (--data-dir)."
                    )
            use_wal(db)
            db.executescript(SCHEMA)
            match_columns = {row[1] for row in db.execute("PRAGMA table_info(matches)")}
            if "revision" not in match_columns:  # databases made before shared tables
                db.execute("ALTER TABLE matches ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")
            columns = {row[1] for row in db.execute("PRAGMA table_info(results)")}
            if "low" not in columns:  # databases made before scores could count down
                db.execute("ALTER TABLE results ADD COLUMN low INTEGER NOT NULL DEFAULT 0")
            if "forfeit" not in columns:  # databases made before forgotten runs could count
                db.execute("ALTER TABLE results ADD COLUMN forfeit INTEGER NOT NULL DEFAULT 0")

    def _anchored(self) -> sqlite3.Connection | None:
        """A connection held open as long as this object lives, reading nothing: with it the
        WAL's files stay in place between transactions, so on a full disk reading still
        works (a first connection must create them, which a full disk refuses) and a write
        may still fit in the WAL's room."""
        try:
            anchor = sqlite3.connect(self.path, check_same_thread=False)
            anchor.execute("SELECT COUNT(*) FROM sqlite_master").fetchall()
        except sqlite3.Error:
            return None  # each read and write will say what is wrong when it is made
        return anchor

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        """One transaction; an unusable file or folder raises StoreError, in French."""
        try:
            with closing(sqlite3.connect(self.path, timeout=BUSY_SECONDS)) as db, db:
                db.execute(f"PRAGMA busy_timeout = {BUSY_SECONDS * 1000}")
                yield db
        except (sqlite3.ProgrammingError, sqlite3.IntegrityError):
            raise  # jeux's own mistake, not the file's
        except sqlite3.DatabaseError as error:
            name = getattr(error, "sqlite_errorname", "") or ""
            kind = DamagedDatabase if name.startswith(DAMAGED) else StoreError
            why = sqlite_reason(error, self.path.parent)
            raise kind(f"la base {self.path} est inutilisable ({why}).") from None

    def close(self) -> None:
        if self._anchor is not None:
            self._anchor.close()

    def _report(self, error: StoreError, consequence: str) -> None:
        if self.on_failure is None:
            raise error
        self.on_failure(f"{consequence} : {error}")

    # --- writes kept for the next try ---------------------------------------------------

    def _keep(self, match_id: int) -> Unwritten:
        kept = self.unwritten.setdefault(match_id, Unwritten())
        kept.when = time.time()
        return kept

    def _write_kept(self, consequence: str) -> None:
        """Write every match's kept changes; at the first failure, report it with
        `consequence` and keep the rest for the next try."""
        try:
            self.retry()
        except StoreError as error:
            self._report(error, consequence)

    def retry(self) -> int:
        """Write what earlier writes could not; returns how many matches were written.
        Raises StoreError, keeping what is still unwritten, when the disk still refuses."""
        written = 0
        for match_id, kept in list(self.unwritten.items()):
            with self._db() as db:
                if kept.label is not None:
                    db.execute("UPDATE matches SET label = ? WHERE id = ?", (kept.label, match_id))
                if kept.results is not None:
                    self._finish(db, match_id, kept.saved, kept.results, kept.when)
                elif kept.saved is not None:
                    db.execute(
                        "UPDATE matches SET saved = ?, updated = ?, revision = revision + 1 "
                        "WHERE id = ?",
                        (json.dumps(kept.saved, ensure_ascii=False), kept.when, match_id),
                    )
            del self.unwritten[match_id]
            if kept.results is not None:
                self._forget_lock(match_id)
            written += 1
        return written

    # --- matches ------------------------------------------------------------------

    def start(self, saved: dict[str, Any], label: str = "") -> int:
        """Record a new match (after what earlier writes left unwritten); raises
        StoreError when it cannot be kept."""
        self.retry()
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
        self._keep(match_id).saved = saved
        self._write_kept("Partie non enregistrée (nouvel essai au prochain coup)")

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
        """The matches to resume, latest first, as this copy holds them: one whose moves or
        results could not be written yet shows as played, so resuming it loses nothing."""
        with self._db() as db:
            rows = db.execute(
                "SELECT id, game, saved, label, updated FROM matches WHERE status = 'playing' "
                "ORDER BY updated DESC"
            ).fetchall()
        matches = []
        for match_id, game, saved, label, updated in rows:
            kept = self.unwritten.get(match_id)
            if kept and kept.saved is not None:
                saved, updated = kept.saved, kept.when
            try:
                data = json.loads(saved) if isinstance(saved, str) else saved
                label = kept.label if kept and kept.label is not None else label
                matches.append(SavedMatch(match_id, game, data, label, updated))
            except ValueError:
                self.set_broken(match_id)
        return sorted(matches, key=lambda m: m.updated, reverse=True)

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
        """Keep a match that no longer replays, out of the way, for later inspection (if the
        disk refuses, it is reported, and tried again the next time it is opened)."""
        try:
            with self._db() as db:
                db.execute("UPDATE matches SET status = 'broken' WHERE id = ?", (match_id,))
        except StoreError as error:
            self._report(error, "Partie non mise de côté")
            return
        self.unwritten.pop(match_id, None)
        self._forget_lock(match_id)

    def abandon(self, match_id: int, counted: bool = False) -> None:
        """Take a match out of « Reprendre ». A counted run (e.g. a daily dungeon's first
        attempt) keeps one lost result per profile seated, with no score, so it still counts."""
        label = self.label_of(match_id)  # one a full disk refused still counts apart
        with self._db() as db:
            db.execute(
                "UPDATE matches SET status = 'abandoned', label = ? WHERE id = ?",
                (label, match_id),
            )
            if counted:
                self._forfeit(db, match_id)
        self.unwritten.pop(match_id, None)  # its last moves no longer matter
        self._forget_lock(match_id)

    @staticmethod
    def _forfeit(db: sqlite3.Connection, match_id: int) -> None:
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
        fails it is reported, kept for the next try, and the match stays in « Reprendre »."""
        kept = self._keep(match_id)
        kept.saved, kept.results = saved, results
        self._write_kept(
            "Résultat non enregistré (nouvel essai à chaque écran ouvert ; d'ici là la partie "
            "reste dans « Reprendre »)"
        )

    @staticmethod
    def _finish(
        db: sqlite3.Connection,
        match_id: int,
        saved: dict[str, Any],
        results: list[dict[str, Any]],
        now: float,
    ) -> None:
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
        self,
        profile: str,
        game: str,
        label_prefix: str = "",
        lower_is_better: bool = False,
        before: int | None = None,
    ) -> Record:
        """Games played and won by a profile at a game (optionally under one label), and its
        best score among results measured the same way (the most points, or the fewest turns);
        `before` a match: as it stood until that match ended (a replay shows the record its
        match was played against, not one it set)."""
        best = "MIN" if lower_is_better else "MAX"
        with self._db() as db:
            played, won, best = db.execute(
                f"SELECT COUNT(*), COALESCE(SUM(won), 0), "
                f"{best}(CASE WHEN low = ? AND NOT forfeit THEN score END) "
                "FROM results WHERE profile = ? AND game = ? AND label LIKE ? || '%' "
                "AND finished < COALESCE((SELECT MIN(finished) FROM results WHERE match_id = ?), "
                "9e18)",
                (int(lower_is_better), profile, game, label_prefix, before),
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
        """The label a match has now ('' for none or an unknown match)."""
        kept = self.unwritten.get(match_id)
        if kept and kept.label is not None:
            return kept.label
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
        its results take the label it has when it finishes. Kept for the next try if the
        disk refuses it, as a move is."""
        self._keep(match_id).label = label
        self._write_kept("Partie non enregistrée (nouvel essai au prochain coup)")

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
