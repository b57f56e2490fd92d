"""What the `jeux` command writes to a terminal: text neutralised first (engine.text.printable),
refusals in one form, and whether the interface has a terminal to run in at all."""

from __future__ import annotations

import os
import sys

from ..engine.text import printable

NO_TERMINAL = (
    "jeux a besoin d'un terminal : lance-le sans rediriger son entrée ni ses sorties. "
    "Les autres commandes (jeux --help) marchent aussi dans un tube."
)


def show(text: str) -> None:
    """Print text that may hold names or file contents."""
    sys.stdout.write(printable(text) + "\n")


def complain(message: object) -> None:
    """A refusal, on stderr, always in the same form: « jeux : … »."""
    print(f"jeux : {printable(str(message))}", file=sys.stderr)


def has_terminal() -> bool:
    """Whether the interface can run here: Textual reads keys on stdin and draws on stderr,
    and a redirected stdout means a script, not a player, started it (`jeux > fichier`). A tab
    of `jeux serve` runs on pipes, with textual-serve's own driver (TEXTUAL_DRIVER)."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return True
    streams = (sys.stdin, sys.stdout, sys.stderr)
    return all(stream is not None and not stream.closed and stream.isatty() for stream in streams)
