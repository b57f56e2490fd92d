"""`jeux serve`: the collection in a web browser (the optional `web` extra)."""

from __future__ import annotations

import argparse
import sys

from ..web import MAX_TABS
from .arguments import port_number


def add_parser(sub) -> None:
    web = sub.add_parser("serve", help="la collection dans un navigateur web (option web)")
    web.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="HÔTE",
        help="adresse d'écoute : 127.0.0.1 (défaut) cet ordinateur seul, 0.0.0.0 tout le réseau",
    )
    web.add_argument(
        "--port",
        type=port_number,
        metavar="PORT",
        help="port (défaut 8000, 8765 avec --tables ; 0 : un port libre)",
    )
    web.add_argument(
        "--tables",
        action="store_true",
        help="seulement les portes des tables partagées, navigateur et SSH "
        "(l'écran de la table les ouvre de lui-même)",
    )
    web.add_argument(
        "--ssh",
        type=port_number,
        metavar="PORT",
        help="avec --tables : le port de la porte SSH (défaut 8766)",
    )
    web.add_argument(
        "--max-tabs",
        type=tab_count,
        default=MAX_TABS,
        metavar="N",
        help=f"onglets ouverts en même temps, au plus (défaut {MAX_TABS})",
    )
    web.set_defaults(run=run)


def tab_count(text: str) -> int:
    """A number of tabs for argparse, refused in French out of range."""
    if not text.isdigit() or not 1 <= int(text) <= 999:
        raise argparse.ArgumentTypeError(f"nombre d'onglets invalide : {text!r} (de 1 à 999)")
    return int(text)


def run(args: argparse.Namespace) -> int:
    from importlib.util import find_spec

    from ..store.locations import Locations

    if find_spec("textual_serve") is None:
        print(
            "jeux serve a besoin de textual-serve, en option : depuis le dossier de jeux, "
            "pip install '.[web]' (ou pipx install --force '.[web]').",
            file=sys.stderr,
        )
        return 1
    locations = Locations.at(args.config_dir, args.data_dir)
    if args.tables:
        from ..web.table_doors import serve_tables

        return serve_tables(locations, args.port, args.ssh)
    from ..web.server import serve

    port = 8000 if args.port is None else args.port
    return serve(locations, args.host, port, args.max_tabs)
