"""`jeux list`: the catalogue in the shell, as a table or JSON."""

from __future__ import annotations

import argparse

from ..catalog import GAMES


def add_parser(sub) -> None:
    listing = sub.add_parser("list", help="lister les jeux")
    listing.add_argument("--json", action="store_true", help="en JSON")
    listing.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.json:
        import json

        rows = [
            {
                "id": g.id,
                "title": g.title,
                "min_players": g.min_players,
                "max_players": g.max_players,
                "solo": g.solo,
                "family": g.family,
                "available": g.available,
                "pitch": g.pitch,
            }
            for g in GAMES.values()
        ]
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    for g in GAMES.values():
        state = "" if g.available else "  (bientôt)"
        print(f"{g.id:<20} {g.title:<28} {g.players_label:<12} {g.family:<7}{state}".rstrip())
    return 0
