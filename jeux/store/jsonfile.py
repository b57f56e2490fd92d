"""Atomic, versioned JSON files; a corrupt file is set aside, never lost and never fatal."""

from __future__ import annotations

import errno
import json
import os
import tempfile
import time
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
    errno.ENOTDIR: "un fichier porte ce nom",
    errno.EEXIST: "un fichier porte ce nom",
    errno.ENOENT: "chemin impossible à créer",
    errno.EISDIR: "un dossier porte ce nom",
    errno.EIO: "erreur du disque",
}


def reason(error: OSError) -> str:
    """Why a file operation failed, in French."""
    return REASONS.get(error.errno, error.strerror or str(error))


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


def set_aside(path: Path) -> Path:
    """Rename a damaged file with a timestamp so the player can still recover it."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrompu-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrompu-{stamp}-{n}")
    os.replace(path, target)
    return target


def read_json(path: Path, version: int) -> tuple[dict | None, Problem | None]:
    """(data, None) if the file is sound, (None, None) if absent, (None, problem) if set aside
    (or, when even that fails, left where it is)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return None, None
    except (OSError, UnicodeDecodeError):
        text = None
    try:
        data = json.loads(text) if text is not None else None
    except ValueError:
        data = None
    if isinstance(data, dict) and data.get("version") == version:
        return data, None
    try:
        aside = set_aside(path)
    except OSError as error:
        return None, Problem(f"Le fichier {path} est illisible ({reason(error)}).")
    return None, Problem(f"Le fichier {path.name} était illisible : mis de côté sous {aside.name}.")
