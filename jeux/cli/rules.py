"""`jeux rules ID`: a game's rules printed in the shell, as the rules screen shows them."""

from __future__ import annotations

import argparse
import sys

from ..catalog import GAMES
from .arguments import game_id


def add_parser(sub) -> None:
    rules = sub.add_parser("rules", help="afficher les règles d'un jeu")
    rules.add_argument("game", type=game_id, metavar="ID", help="l'id du jeu")
    rules.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from ..ui.french import keep_french_spaces
    from ..ui.screens.rules import Rules

    if not GAMES[args.game].available:
        print(f"{GAMES[args.game].title} n'est pas encore disponible.", file=sys.stderr)
        return 1
    keep_french_spaces()
    Console().print(Rules(args.game))
    return 0
