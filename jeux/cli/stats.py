"""`jeux stats`: the players' statistics in the shell; the report is built by `stats_report`,
imported when the command runs (it needs the store)."""

from __future__ import annotations

import argparse


def add_parser(sub) -> None:
    stats = sub.add_parser("stats", help="afficher les statistiques des joueurs")
    stats.add_argument("--player", metavar="NOM", help="un seul joueur (son nom)")
    stats.add_argument("--json", action="store_true", help="en JSON")
    stats.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from .stats_report import print_stats

    return print_stats(args.config_dir, args.data_dir, args.player, args.json)
