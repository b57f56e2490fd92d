"""`jeux join [CODE]`: a seat at a shared table open on this computer (DESIGN.md §10), and
nothing else: the code's seat, or the spectators' view; leaving the table quits."""

from __future__ import annotations

import argparse
import sys

DOORS = ("terminal", "web", "ssh")


def add_parser(sub) -> None:
    join = sub.add_parser("join", help="rejoindre une table partagée avec son code")
    join.add_argument("code", nargs="?", default="", metavar="CODE", help="le code de ta place")
    join.add_argument(
        "--door",
        choices=DOORS,
        default="terminal",
        help=argparse.SUPPRESS,  # set by `jeux serve` for the processes it starts
    )
    join.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..app import make_app
    from ..store.jsonfile import StoreError

    try:
        app = make_app(args.config_dir, args.data_dir, door=args.door, join_code=args.code)
    except StoreError as error:
        print(f"jeux : {error}", file=sys.stderr)
        return 1
    app.run()
    return app.return_code or 0
