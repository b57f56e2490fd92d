"""Atomic, versioned JSON files; a corrupt file is set aside, never lost and never fatal.

A file two copies of jeux may change at once (players, settings) is changed by `update_json`:
under a lock file beside it, the file is read again as it is now, this copy's change alone is
applied to what was read, and the result is written atomically. Keys this version does not
know ride along untouched, so a newer version's additions survive an older copy's writes.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


class Problem(str):
    """A French sentence for the player about a file that had to be set aside."""


class StoreError(Exception):
    """A folder or file jeux cannot use, with a French sentence saying which and why."""


REASONS = {
    errno.EACCES: "accès refusé",
    errno.EPERM: "accès refusé",
    errno.EROFS: "disque en lecture seule",
    errno.ENOSPC: "disque plein",
    errno.EDQUOT: "quota du disque atteint",
    errno.EFBIG: "fichier trop grand",
    errno.ENOTDIR: "un fichier porte ce nom",
    errno.EEXIST: "un fichier porte ce nom",
    errno.ENOENT: "chemin impossible à créer",
    errno.EISDIR: "un dossier porte ce nom",
    errno.EIO: "erreur du disque",
    errno.ENAMETOOLONG: "nom de fichier trop long",
}


def reason(error: OSError) -> str:
    """Why a file operation failed, in French."""
    if error.errno in REASONS:
        return REASONS[error.errno]
    code = errno.errorcode.get(error.errno or 0)
    return f"erreur système {code}" if code else "erreur inconnue"


def lock_file(fd: int, wait: bool = False) -> None:
    """Lock an open file for this process; without `wait`, OSError at once when another
    process holds it. The system releases the lock when the file is closed or the process
    dies."""
    try:
        import fcntl
    except ImportError:  # Windows: LK_LOCK tries for about ten seconds, then raises
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_LOCK if wait else msvcrt.LK_NBLCK, 1)
    else:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold `path`'s lock file (waiting for it) while the file is read and rewritten, so that
    two copies of jeux take turns and neither writes over a change it has not read."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(f".{path.name}.verrou"), "a+b") as handle:
        lock_file(handle.fileno(), wait=True)
        yield  # closing the file releases the lock


def write_text_atomic(path: Path, text: str) -> None:
    """Temp file, fsync, then os.replace: a reader never finds a file half written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_atomic(path: Path, data: Any) -> None:
    """Write JSON atomically (see `write_text_atomic`)."""
    write_text_atomic(path, json.dumps(data, ensure_ascii=False, indent=2))


def _aside_name(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrompu-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrompu-{stamp}-{n}")
    return target


def set_aside(path: Path) -> Path:
    """Rename a damaged file with a timestamp so the player can still recover it."""
    target = _aside_name(path)
    os.replace(path, target)
    return target


def copy_aside(path: Path) -> Path:
    """Copy a file of which a part cannot be used, as `set_aside` names it, before that part
    is written over: the rest of the file goes on being used."""
    target = _aside_name(path)
    shutil.copyfile(path, target)
    return target


def _read(path: Path, version: int) -> tuple[dict | None, str]:
    """(data, "") if the file is sound, (None, "") if absent, (None, why) if unusable."""
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return None, ""
    except (OSError, UnicodeDecodeError):
        return None, "était illisible"
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None, "était illisible"
    if not isinstance(data, dict):
        return None, "était illisible"
    found = data.get("version")
    if found == version:
        return data, ""
    if isinstance(found, int) and not isinstance(found, bool) and found > version:
        return None, "vient d'une version plus récente de jeux"
    return None, "était illisible"


def _aside_problem(path: Path, why: str, aside: Path) -> Problem:
    return Problem(f"Le fichier {path.name} {why} : mis de côté sous {aside.name}.")


def read_json(path: Path, version: int) -> tuple[dict | None, Problem | None]:
    """(data, None) if the file is sound, (None, None) if absent, (None, problem) if set aside
    (or, when even that fails, left where it is)."""
    data, why = _read(path, version)
    if not why:
        return data, None
    try:
        with locked(path):  # another copy may be setting it aside, or have written it anew
            data, why = _read(path, version)
            if not why:
                return data, None
            aside = set_aside(path)
    except OSError as error:
        return None, Problem(f"Le fichier {path} est illisible ({reason(error)}).")
    return None, _aside_problem(path, why, aside)


def update_json(
    path: Path, version: int, change: Callable[[dict], dict]
) -> tuple[dict, Problem | None]:
    """Change a file that other copies of jeux may change too: under its lock, read it as it
    is now (a file that cannot be read is set aside first, never written over), apply
    `change` to what was read, and write the result. Returns what was written, and the
    problem met on the way. Raises OSError when the file cannot be set aside or written;
    an exception raised by `change` leaves the file as it was."""
    with locked(path):
        data, why = _read(path, version)
        problem = _aside_problem(path, why, set_aside(path)) if why else None
        new = {**change(data if data is not None else {}), "version": version}
        write_atomic(path, new)
    return new, problem
