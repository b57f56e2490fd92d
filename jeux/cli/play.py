"""`jeux` alone opens the menu; `jeux play ID` opens a game's setup straight away."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from ..catalog import GAMES
from .terminal import NO_TERMINAL, has_terminal

if TYPE_CHECKING:  # `jeux` alone reads no argument: the menu does without argparse
    import argparse


def add_parser(sub) -> None:
    from .arguments import game_id

    play = sub.add_parser("play", help="ouvrir un jeu")
    play.add_argument("game", type=game_id, metavar="ID", help="l'id du jeu (jeux list)")
    play.add_argument("--seed", metavar="GRAINE", help="graine des dés et des cartes")
    play.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """The app, on the menu or on the game asked for; the app is imported only now."""
    start = None
    if args.command == "play":
        if not GAMES[args.game].available:
            print(f"{GAMES[args.game].title} n'est pas encore disponible.", file=sys.stderr)
            return 1
        start = args.game
    if not has_terminal():
        print(NO_TERMINAL, file=sys.stderr)
        return 1
    from ..app import make_app

    seed = getattr(args, "seed", None)
    seed = int(seed) if seed and seed.isdigit() else seed
    app = make_app(args.config_dir, args.data_dir, seed=seed, start_game=start)
    app.run()
    return app.return_code or 0
