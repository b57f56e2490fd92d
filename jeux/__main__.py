"""The `jeux` command: the menu, or a subcommand (`jeux/cli/`, one module each) from the shell."""

from __future__ import annotations

import gc
import os
import sys
from types import SimpleNamespace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

gc.disable()  # start-up allocates much and frees little: collecting resumes with the menu drawn

MENU = SimpleNamespace(command=None, version=False, config_dir=None, data_dir=None)
"""`jeux` alone: the menu, in the default folders. The parser, argparse and every subcommand's
module are loaded only when there are arguments to read: the menu paints sooner without them."""


def parser() -> argparse.ArgumentParser:
    import argparse

    from .cli import history, join, listing, play, rules, serve, simulate, stats

    # In the order `jeux --help` lists them; each module's `add_parser` names its `run`.
    subcommands = (play, listing, rules, simulate, stats, history, join, serve)
    p = argparse.ArgumentParser(prog="jeux", description="Jeux de dés et de cartes en terminal.")
    p.add_argument("--version", action="store_true", help="afficher la version et quitter")
    p.add_argument("--config-dir", metavar="DOSSIER", help="dossier des joueurs et paramètres")
    p.add_argument("--data-dir", metavar="DOSSIER", help="dossier des parties")
    sub = p.add_subparsers(dest="command", title="commandes ", metavar="COMMANDE")
    for command in subcommands:
        command.add_parser(sub)
    return p


USES_FOLDERS = (None, "play", "join", "stats", "history", "export", "import", "serve")
"""The commands that read or write the players' and the matches' folders: an unusable one
(`--data-dir /proc/x`) is refused up front, by every one of them alike, with exit code 1."""


def run(args: argparse.Namespace) -> int:
    if args.command not in (None, "play"):
        gc.enable()  # the app turns it back on itself, after its first frame
    if args.version:  # read only when asked: it costs the menu's start-up
        from importlib.metadata import version

        print(f"jeux {version('jeux')}")
        return 0
    if args.command in USES_FOLDERS:
        from .store.locations import Locations

        Locations.at(args.config_dir, args.data_dir).check(create=False)  # said by main
    if args.command is None:
        from .cli import play

        return play.run(args)
    return args.run(args)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parser().parse_args(argv) if argv else MENU
    try:
        code = run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader left (`jeux list | head -1`): stop quietly, as `cat` would.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:  # Ctrl+C during `jeux simulate`
        print(file=sys.stderr)
        return 130
    except Exception as error:
        from .store.jsonfile import StoreError  # imported late: `jeux list` need not pay for it

        if not isinstance(error, StoreError):
            raise
        from .cli.terminal import complain

        complain(error)  # a folder or a database no subcommand can use: said alike by all
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
