"""Shared tables (DESIGN.md §10): one match, each seat played from its own screen.

A table is a match in progress, a secret code per player and one for spectators. It is open
while its host (the copy of jeux that opened it) holds the table's lock: the system releases
that lock when the host ends, however it ends, so a table never outlives its host. A player's
place is played by one process at a time, which holds the place's lock while it plays.

A code belongs to a player, not to a seat number: « Rejouer » turns the seats round, and each
player keeps their code (their place) from one match of the table to the next.

The codes are random (40 bits), compared in constant time, and guessing is rate-limited in
the database itself, so that every door (a browser tab, an SSH session, a terminal) counts
against the same limit. They are kept in the data folder, as the matches are, so that the
table reopens with the same codes when its host resumes the match.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jeux.engine.match import Seat

from .records import Claim, Records, Stored

CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no I, L, O or U, so a code read aloud or typed on a phone is not
misread; typed letters are folded back onto it (`normalise_code`)."""
CODE_LENGTH = 8
SPECTATORS = ""
"""The player the spectators' code is stored under."""
FAILURES_PER_CLIENT = 5
FAILURES_IN_ALL = 30
FAILURE_WINDOW = 60.0
"""Wrong codes allowed within FAILURE_WINDOW seconds, from one client and from everyone: at
thirty a minute, finding one code of 40 bits takes longer than a lifetime."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches(id),   -- the match played now (« Rejouer »)
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS table_codes (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    player TEXT NOT NULL,                               -- a seat's profile id; '': spectators
    code TEXT NOT NULL,
    PRIMARY KEY (table_id, player)
);
CREATE TABLE IF NOT EXISTS join_failures (
    at REAL NOT NULL,
    client TEXT NOT NULL
);
"""


class JoinRefused(Exception):
    """A code that opens nothing, with a French sentence saying why."""


@dataclass(frozen=True)
class Table:
    id: int
    match_id: int
    codes: dict[str, str]
    """The code of each human player (by profile id), and the spectators' under SPECTATORS."""


@dataclass(frozen=True)
class Admission:
    """What a good code opens: one player's place at a table, or its spectators' view."""

    table_id: int
    player: str
    """The player's profile id; SPECTATORS for the spectators' code."""


def player_of(seat: Seat) -> str:
    """Who sits at a seat, for the table: the profile, which setup gives every human."""
    return seat.profile or seat.name


def seat_of(seats: Sequence[Seat], player: str) -> int | None:
    """The seat a player holds in a match of the table (seats turn round on « Rejouer »)."""
    return next((i for i, s in enumerate(seats) if not s.bot and player_of(s) == player), None)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: str) -> str:
    """A code as typed: case, spaces and dashes ignored, O read as 0 and I or L as 1."""
    folded = text.upper().translate(str.maketrans("OIL", "011", " -_."))
    return folded[: CODE_LENGTH * 2]  # no use comparing a novel


def shown_code(code: str) -> str:
    """« K7QM-3XWD »: two halves, easier to read out and to type."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


class Tables:
    """The shared tables kept beside the matches, in the same database."""

    def __init__(self, records: Records) -> None:
        self.records = records
        with records._db() as db:
            db.executescript(SCHEMA)

    # --- opening and closing ------------------------------------------------------------

    def create(self, match_id: int, seats: Sequence[Seat]) -> Table:
        """A table for a match just begun, with a fresh code per human and for spectators."""
        players = [player_of(seat) for seat in seats if not seat.bot]
        codes = {player: new_code() for player in (*players, SPECTATORS)}
        with self.records._db() as db:
            cursor = db.execute(
                "INSERT INTO tables (match_id, created) VALUES (?, ?)", (match_id, time.time())
            )
            table_id = int(cursor.lastrowid)
            db.executemany(
                "INSERT INTO table_codes (table_id, player, code) VALUES (?, ?, ?)",
                [(table_id, player, code) for player, code in codes.items()],
            )
        return Table(table_id, match_id, codes)

    def of_match(self, match_id: int) -> Table | None:
        """The table a match is played at, if it was begun at one."""
        with self.records._db() as db:
            row = db.execute("SELECT id FROM tables WHERE match_id = ?", (match_id,)).fetchone()
        return self.get(row[0]) if row else None

    def get(self, table_id: int) -> Table | None:
        with self.records._db() as db:
            row = db.execute("SELECT match_id FROM tables WHERE id = ?", (table_id,)).fetchone()
            codes = db.execute(
                "SELECT player, code FROM table_codes WHERE table_id = ?", (table_id,)
            ).fetchall()
        return Table(table_id, row[0], dict(codes)) if row else None

    def move_on(self, table_id: int, match_id: int) -> None:
        """The table plays another match now (« Rejouer »): same seats, same codes."""
        with self.records._db() as db:
            db.execute("UPDATE tables SET match_id = ? WHERE id = ?", (match_id, table_id))

    # --- who holds what ---------------------------------------------------------------

    def _lock_path(self, table_id: int, player: str | None) -> Path:
        who = "hote" if player is None else f"joueur-{_file_safe(player)}"
        return self.records.locks / f"table-{table_id}-{who}.verrou"

    def host(self, table_id: int) -> Claim | None:
        """Open the table: its lock, held by the host for as long as the table is open."""
        return _claim(self._lock_path(table_id, None))

    def is_open(self, table_id: int) -> bool:
        return _held(self._lock_path(table_id, None))

    def any_open(self) -> bool:
        """Whether some table of this data folder has its host now."""
        return any(_held(path) for path in self.records.locks.glob("table-*-hote.verrou"))

    def sit(self, table_id: int, player: str, door: str = "") -> Claim | None:
        """Play a player's place from this process; None while another process plays it.
        `door` (how the player came: terminal, web, ssh) is kept in the lock for the host."""
        claim = _claim(self._lock_path(table_id, player))
        if claim is not None:
            claim.note(door)
        return claim

    def connected(self, table: Table) -> dict[str, str]:
        """The players whose place is played from some screen now, with the door they came
        through."""
        found = {}
        for player in table.codes:
            path = self._lock_path(table.id, player)
            if player != SPECTATORS and _held(path):
                found[player] = _read_note(path)
        return found

    # --- joining ------------------------------------------------------------------------

    def admit(self, typed: str, client: str) -> Admission:
        """The seat (or the spectators' view) a code opens at an open table. A wrong code is
        counted against `client` (an address) and against everyone, and refused with the
        time to wait once either has tried too many."""
        code = normalise_code(typed)
        now = time.time()
        with self.records._db() as db:
            self._check_rate(db, client, now)
            rows = db.execute("SELECT table_id, player, code FROM table_codes").fetchall()
            found = None
            for table_id, player, stored in rows:  # every row, to take the same time
                if hmac.compare_digest(stored.encode(), code.encode()):
                    found = Admission(table_id, player)
            if found is None:
                db.execute("INSERT INTO join_failures (at, client) VALUES (?, ?)", (now, client))
                db.execute("DELETE FROM join_failures WHERE at < ?", (now - FAILURE_WINDOW,))
        if found is None:
            raise JoinRefused("Ce code n'ouvre aucune table : vérifie-le auprès de l'hôte.")
        if not self.is_open(found.table_id):
            raise JoinRefused(
                "Cette table est fermée : elle rouvrira quand l'hôte reprendra la partie."
            )
        return found

    # --- sitting down -------------------------------------------------------------------

    def open(self, table: Table, players: Iterable[str], door: str = "ici") -> Sitting | None:
        """Host the table, playing these players' places from this screen; None if the table
        is open elsewhere or one of the places is played on another screen."""
        hosting = self.host(table.id)
        if hosting is None:
            return None
        sitting = Sitting(self, table, hosting=hosting)
        if not sitting.take(players, door):
            sitting.leave()
            return None
        return sitting

    def join(self, admission: Admission, door: str) -> Sitting:
        """Sit where a code admits; JoinRefused while another screen plays that place."""
        sitting = Sitting(self, self.get(admission.table_id))
        if admission.player != SPECTATORS and not sitting.take([admission.player], door):
            sitting.leave()
            raise JoinRefused(
                "Cette place est déjà jouée sur un autre écran : ferme-le d'abord, ou demande "
                "ton propre code à l'hôte."
            )
        return sitting

    def _check_rate(self, db, client: str, now: float) -> None:
        since = now - FAILURE_WINDOW
        mine, everyone, oldest = db.execute(
            "SELECT COALESCE(SUM(client = ?), 0), COUNT(*), MIN(at) FROM join_failures "
            "WHERE at >= ?",
            (client, since),
        ).fetchone()
        if mine >= FAILURES_PER_CLIENT or everyone >= FAILURES_IN_ALL:
            wait = max(1, round(oldest + FAILURE_WINDOW - now))
            raise JoinRefused(f"Trop de codes faux : réessaie dans {wait} s.")


class Watch:
    """Whether the database changed since the last look, cheaply enough to ask a few times a
    second: SQLite's `data_version`, read on a connection kept open, changes when any other
    connection commits (another process, or this one's own saves)."""

    def __init__(self, path: Path) -> None:
        self._db = sqlite3.connect(path, check_same_thread=False)
        self._version: int | None = None

    def changed(self) -> bool:
        try:
            version = self._db.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.Error:
            return True  # let the caller read the match and say what is wrong
        changed, self._version = version != self._version, version
        return changed

    def close(self) -> None:
        self._db.close()


@dataclass
class Sitting:
    """What one copy of jeux holds at a table: the players' places it plays (none: it
    watches as a spectator), their locks, the table's own lock when it is the host, and the
    revision of the match it last saw, which its next move must still find
    (`Records.save_if`)."""

    tables: Tables
    table: Table
    hosting: Claim | None = None
    claims: dict[str, Claim] = field(default_factory=dict)
    revision: int = 0
    seats: frozenset[int] = frozenset()
    """The seats of the current match that this screen plays."""

    def __post_init__(self) -> None:
        self.watch = Watch(self.tables.records.path)
        self.move_on(self.table.match_id)

    @property
    def match_id(self) -> int:
        return self.table.match_id

    @property
    def players(self) -> frozenset[str]:
        return frozenset(self.claims)

    def take(self, players: Iterable[str], door: str) -> bool:
        """Play these places from here too; False (and none taken) if one is played
        elsewhere."""
        taken = {}
        for player in set(players) - set(self.claims):
            claim = self.tables.sit(self.table.id, player, door)
            if claim is None:
                for other in taken.values():
                    other.release()
                return False
            taken[player] = claim
        self.claims.update(taken)
        self._find_seats()
        return True

    def give_up(self, player: str) -> None:
        """Stop playing a place from here: its code may take it to another screen."""
        if claim := self.claims.pop(player, None):
            claim.release()
        self._find_seats()

    def _find_seats(self) -> None:
        stored = self.tables.records.stored(self.match_id)
        seats = [Seat(**s) for s in stored.saved.get("seats", [])] if stored else []
        found = (seat_of(seats, player) for player in self.claims)
        self.seats = frozenset(seat for seat in found if seat is not None)

    def push(self, saved: dict[str, Any]) -> bool:
        """Save a move if nobody else saved since this copy last looked; False otherwise."""
        revision = self.tables.records.save_if(self.match_id, saved, self.revision)
        if revision is None:
            return False
        self.revision = revision
        return True

    def news(self) -> Stored | None:
        """The match as saved by another screen since this one last looked, or None."""
        if not self.watch.changed():
            return None
        stored = self.tables.records.stored(self.match_id)
        if stored is None or stored.revision == self.revision:
            return None
        self.revision = stored.revision
        return stored

    def away(self, seats: Sequence[Seat]) -> frozenset[int]:
        """The human seats of the current match that no screen plays now."""
        connected = self.tables.connected(self.table)
        return frozenset(
            i for i, seat in enumerate(seats) if not seat.bot and player_of(seat) not in connected
        )

    def latest(self) -> Stored | None:
        """The match as saved now, whether or not this screen saw it change."""
        stored = self.tables.records.stored(self.match_id)
        if stored is not None:
            self.revision = stored.revision
        return stored

    def is_open(self) -> bool:
        return self.hosting is not None or self.tables.is_open(self.table.id)

    def playing_now(self) -> int:
        """The match the table plays now: another one once the host chose « Rejouer »."""
        table = self.tables.get(self.table.id)
        return table.match_id if table else self.match_id

    def move_on(self, match_id: int) -> None:
        """Follow the table to a match (its next one, once the host moved it on)."""
        self.table = Table(self.table.id, match_id, self.table.codes)
        self.latest()
        self._find_seats()

    def leave(self) -> None:
        for claim in self.claims.values():
            claim.release()
        self.claims.clear()
        if self.hosting is not None:
            self.hosting.release()
            self.hosting = None
        self.watch.close()


def _claim(path: Path, tries: int = 20) -> Claim | None:
    """The lock at `path`, or None if another process holds it. Tried a few times over a few
    milliseconds: `_held` takes a free lock for an instant to see that it is free."""
    for attempt in range(tries):
        try:
            return Claim(path)
        except OSError:
            if attempt + 1 < tries:
                time.sleep(0.002)
    return None


def _held(path: Path) -> bool:
    """Whether some process holds the lock at `path`: a lock taken at once is let go at once."""
    if not path.exists():
        return False
    claim = _claim(path, tries=1)
    if claim is None:
        return True
    claim.release()
    return False


def _file_safe(player: str) -> str:
    """A player id as a file name: profile ids are hex already; anything else is hashed."""
    if player.isalnum() and player.isascii() and len(player) <= 32:
        return player
    return hashlib.sha256(player.encode("utf-8")).hexdigest()[:16]


def _read_note(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8").strip()[:20]
    except (OSError, UnicodeDecodeError):
        return ""
