"""`jeux history`, `jeux export`, `jeux import`: the finished matches from the shell.

Only the parsers are built on every start of `jeux`; the store is imported when one of these
commands runs, so the menu's start-up does not pay for them."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..catalog import GAMES
from .arguments import match_id
from .terminal import complain, show

if TYPE_CHECKING:
    from ..store.records import Records


def add_parser(sub) -> None:
    history = sub.add_parser("history", help="lister les parties terminées")
    history.add_argument("--game", metavar="ID", help="d'un seul jeu")
    history.add_argument("--player", metavar="NOM", help="d'un seul joueur (nom exact)")
    export = sub.add_parser("export", help="exporter une partie terminée")
    export.add_argument("match", type=match_id, metavar="ID", help="son numéro (jeux history)")
    export.add_argument(
        "--format",
        choices=("md", "json"),
        default="md",
        help="md : récit lisible (défaut) ; json : le fichier qui la rejoue",
    )
    export.add_argument(
        "-o", "--output", metavar="FICHIER", help="fichier à écrire (défaut : écran)"
    )
    imported = sub.add_parser("import", help="importer une partie exportée en JSON")
    imported.add_argument("file", metavar="FICHIER", help="le fichier JSON d'un export")
    for command in (history, export, imported):
        command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """StoreError (an unusable folder or database) is left to `jeux`'s main, which says it
    alike for every subcommand."""
    from ..store.exchange import ExchangeError
    from ..store.locations import Locations
    from ..store.records import Records

    records = Records(Locations.at(args.config_dir, args.data_dir).database)
    if records.problem:  # a damaged database set aside: said, as the app says it at start
        complain(records.problem)
    try:
        if args.command == "history":
            return print_history(records, args.game or "", args.player or "")
        if args.command == "export":
            return export(records, args.match, args.format, args.output)
        return import_file(records, Path(args.file))
    except ExchangeError as error:
        complain(error)
        return 1


def print_history(records: Records, game: str, player: str) -> int:
    from ..engine.text import join_names
    from ..store.exchange import when_text

    if game and game not in GAMES:
        complain(f"jeu inconnu : {game!r} (la liste : jeux list)")
        return 2
    matches = records.finished(game, player)
    for saved in matches:
        title = GAMES[saved.game].title if saved.game in GAMES else saved.game
        show(f"{saved.id:>5}  {when_text(saved.updated)}  {title:<24}  {join_names(saved.names)}")
    if not matches:
        print("Aucune partie terminée.", file=sys.stderr)
    return 0


def export(records: Records, number: int, fmt: str, output: str | None) -> int:
    from ..store.exchange import export_text
    from ..store.jsonfile import reason, write_text_atomic

    saved = records.finished_match(number)
    if saved is None:
        complain(f"aucune partie terminée numéro {number} (la liste : jeux history)")
        return 1
    text = export_text(saved, fmt)  # printable already, the file as the screen
    if output is None:
        sys.stdout.write(text)
        return 0
    try:
        write_text_atomic(Path(output), text)
    except OSError as error:
        complain(f"impossible d'écrire {output} ({reason(error)}).")
        return 1
    show(f"Partie {number} exportée : {output}")
    return 0


def import_file(records: Records, path: Path) -> int:
    from ..store.exchange import import_match

    imported = import_match(records, path)
    print(f"Partie importée : {imported.title}, numéro {imported.id} (jeux history).")
    return 0
