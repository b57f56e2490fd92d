"""`jeux serve`: the collection in a web browser (the optional `web` extra)."""

from __future__ import annotations

import argparse
import sys

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
        "--port", type=port_number, default=8000, help="port (défaut 8000 ; 0 : un port libre)"
    )
    web.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from importlib.util import find_spec

    from ..store.jsonfile import StoreError
    from ..store.locations import Locations

    if find_spec("textual_serve") is None:
        print(
            "jeux serve a besoin de textual-serve, en option : depuis le dossier de jeux, "
            "pip install '.[web]' (ou pipx install --force '.[web]').",
            file=sys.stderr,
        )
        return 1
    from ..web.server import serve

    locations = Locations.at(args.config_dir, args.data_dir)
    try:
        locations.check()
    except StoreError as error:
        print(f"jeux : {error}", file=sys.stderr)
        return 1
    return serve(locations, args.host, args.port)
