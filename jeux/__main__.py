"""The `jeux` command: the menu, or play / list / rules / simulate / history / export / import
from the shell."""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys

gc.disable()  # start-up allocates much and frees little: collecting resumes with the menu drawn
from . import replay_commands  # noqa: E402
from .catalog import GAMES, load_game  # noqa: E402

FRENCH = {
    "usage: ": "usage : ",
    "%(prog)s: error: %(message)s\n": "%(prog)s : erreur : %(message)s\n",
    # argparse writes a heading then ":"; French wants a space before it
    "positional arguments": "arguments ",
    "options": "options ",
    "show this help message and exit": "afficher cette aide et quitter",
    "argument %(argument_name)s: %(message)s": "argument %(argument_name)s : %(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "choix invalide : %(value)r (parmi %(choices)s)"
    ),
    "invalid %(type)s value: %(value)r": "valeur invalide (%(type)s) : %(value)r",
    "the following arguments are required: %s": "arguments manquants : %s",
    "unrecognized arguments: %s": "arguments inconnus : %s",
    "expected one argument": "une valeur attendue",
    "expected at most one argument": "au plus une valeur attendue",
    "expected at least one argument": "au moins une valeur attendue",
    "ambiguous option: %(option)s could match %(matches)s": (
        "option ambiguë : %(option)s peut être %(matches)s"
    ),
    "ignored explicit argument %r": "valeur %r ignorée",
    "not allowed with argument %s": "incompatible avec l'argument %s",
    "one of the arguments %s is required": "l'un des arguments %s est requis",
}


def _french(message: str) -> str:
    return FRENCH.get(message, message)


def _french_plural(singular: str, plural: str, n: int) -> str:
    if singular == "expected %s argument":
        return "%s valeur attendue" if n == 1 else "%s valeurs attendues"
    return singular if n == 1 else plural


# argparse looks its words up through these module globals at call time: the command speaks French.
argparse._ = _french
argparse.ngettext = _french_plural


def entier(text: str) -> int:
    """An int for argparse, named so that its error reads « valeur invalide (entier) »."""
    return int(text)


def game_id(text: str) -> str:
    """A game id for argparse, refused in French with a pointer to the list."""
    if text not in GAMES:
        raise argparse.ArgumentTypeError(f"jeu inconnu : {text!r} (la liste : jeux list)")
    return text


def port_number(text: str) -> int:
    """A TCP port for argparse (0: any free one), refused in French out of range."""
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"port invalide : {text!r} (de 0 à 65535)")
    return int(text)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="jeux", description="Jeux de dés et de cartes en terminal.")
    p.add_argument("--version", action="store_true", help="afficher la version et quitter")
    p.add_argument("--config-dir", metavar="DOSSIER", help="dossier des joueurs et paramètres")
    p.add_argument("--data-dir", metavar="DOSSIER", help="dossier des parties")
    sub = p.add_subparsers(dest="command", title="commandes ", metavar="COMMANDE")
    play = sub.add_parser("play", help="ouvrir un jeu")
    play.add_argument("game", type=game_id, metavar="ID", help="l'id du jeu (jeux list)")
    play.add_argument("--seed", metavar="GRAINE", help="graine des dés et des cartes")
    listing = sub.add_parser("list", help="lister les jeux")
    listing.add_argument("--json", action="store_true", help="en JSON")
    rules = sub.add_parser("rules", help="afficher les règles d'un jeu")
    rules.add_argument("game", type=game_id, metavar="ID", help="l'id du jeu")
    sim = sub.add_parser("simulate", help="parties aléatoires sans interface (mesure)")
    sim.add_argument("game", type=game_id, metavar="ID", help="l'id du jeu")
    sim.add_argument("--players", type=entier, metavar="N", help="nombre de joueurs")
    sim.add_argument("--games", type=entier, default=1000, metavar="K", help="nombre de parties")
    sim.add_argument("--seed", type=entier, default=1, metavar="S", help="graine de départ")
    sim.add_argument("--json", action="store_true", help="en JSON")
    sim.add_argument(
        "--bots",
        nargs="?",
        const="moyen",
        metavar="NIVEAU[,NIVEAU…]",
        help="les robots du jeu au lieu du hasard : debutant, moyen (d'office) ou fort, "
        "un seul pour toutes les places ou un par place",
    )
    sim.add_argument(
        "--rotate",
        action="store_true",
        help="décaler les niveaux d'une place à chaque partie (face-à-face équitable)",
    )
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="CLÉ=VALEUR",
        help="une variante du jeu (répétable)",
    )
    sim.add_argument(
        "--compare",
        metavar="CLÉ=V1,V2",
        help="jouer les mêmes graines sous plusieurs valeurs d'une option, côte à côte",
    )
    sim.add_argument(
        "--processes", type=entier, metavar="P", help="processus en parallèle (d'office : tous)"
    )
    stats = sub.add_parser("stats", help="afficher les statistiques des joueurs")
    stats.add_argument("--player", metavar="NOM", help="un seul joueur (son nom)")
    stats.add_argument("--json", action="store_true", help="en JSON")
    replay_commands.add_parsers(sub)
    join = sub.add_parser("join", help="rejoindre une table partagée avec son code")
    join.add_argument("code", nargs="?", default="", metavar="CODE", help="le code de ta place")
    join.add_argument(
        "--door",
        choices=("terminal", "web", "ssh"),
        default="terminal",
        help=argparse.SUPPRESS,  # set by `jeux serve` for the processes it starts
    )
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
    return p


def list_games(as_json: bool) -> None:
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
    if as_json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for g in GAMES.values():
        state = "" if g.available else "  (bientôt)"
        print(f"{g.id:<20} {g.title:<28} {g.players_label:<12} {g.family:<7}{state}".rstrip())


def print_rules(game_id: str) -> int:
    from rich.console import Console
    from rich.markdown import Markdown

    from .ui.french import keep_french_spaces
    from .ui.screens.rules import rules_text

    if not GAMES[game_id].available:
        print(f"{GAMES[game_id].title} n'est pas encore disponible.", file=sys.stderr)
        return 1
    keep_french_spaces()
    Console().print(Markdown(rules_text(game_id)))
    return 0


def simulate_games(args: argparse.Namespace) -> int:
    from .engine.simulate import has_own_bot, option_values, side_by_side, simulate
    from .engine.text import players_range, plural

    info = GAMES[args.game]
    if not info.available:
        print(f"{info.title} n'est pas encore disponible.", file=sys.stderr)
        return 1
    players = args.players or max(info.min_players, min(3, info.max_players))
    if not info.min_players <= players <= info.max_players:
        span = players_range(info.min_players, info.max_players)
        print(f"{info.title} se joue {span}, pas à {plural(players, 'joueur')}.", file=sys.stderr)
        return 2
    game = load_game(args.game)
    if args.bots and not has_own_bot(game):
        print(
            f"{info.title} n'a pas de robot à lui : lance la simulation sans --bots "
            "(coups au hasard).",
            file=sys.stderr,
        )
        return 2
    if args.bots and not game.levels:
        print(f"{info.title} n'a qu'un robot : ses niveaux jouent pareil.", file=sys.stderr)
    try:
        options = option_values(game, args.option)
        key, variants = compared_variants(game, args.compare)
        levels = seat_levels(args.bots, players)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    reports = [
        simulate(
            game,
            players,
            args.games,
            args.seed,
            {**options, **variant},
            levels,
            args.processes,
            args.rotate,
        )
        for variant in variants
    ]
    if args.json:
        data = [r.to_json() for r in reports]
        print(
            json.dumps({"compare": key, "variants": data} if key else data[0], ensure_ascii=False)
        )
    elif key:
        print("\n".join(side_by_side(info.title, key, reports)))
    else:
        print("\n".join(reports[0].lines(info.title)))
    return 1 if any(r.errors for r in reports) else 0


def seat_levels(text: str | None, players: int) -> tuple[str, ...]:
    """`--bots fort,moyen` as one level per seat; one level alone sits in every seat."""
    from .engine.core import LEVELS

    if not text:
        return ()
    levels = tuple(text.split(","))
    if unknown := [level for level in levels if level not in LEVELS]:
        raise ValueError(f"niveau inconnu : {unknown[0]!r} (niveaux : {', '.join(LEVELS)})")
    if len(levels) == 1:
        return levels * players
    if len(levels) != players:
        raise ValueError(f"--bots donne {len(levels)} niveaux pour {players} places")
    return levels


def compared_variants(game, compare: str | None) -> tuple[str, list[dict]]:
    """`--compare key=v1,v2` as the option key and one option dict per value."""
    from .engine.simulate import option_values

    if not compare:
        return "", [{}]
    key, _, values = compare.partition("=")
    variants = [option_values(game, [f"{key}={v}"]) for v in values.split(",")]
    if len(variants) < 2:
        raise ValueError(f"--compare attend au moins deux valeurs : {key}=V1,V2")
    return key, variants


def serve_collection(args: argparse.Namespace) -> int:
    from importlib.util import find_spec

    from .store.jsonfile import StoreError
    from .store.locations import Locations

    if find_spec("textual_serve") is None:
        print(
            "jeux serve a besoin de textual-serve, en option : depuis le dossier de jeux, "
            "pip install '.[web]' (ou pipx install --force '.[web]').",
            file=sys.stderr,
        )
        return 1
    from .web.server import serve

    locations = Locations.at(args.config_dir, args.data_dir)
    try:
        locations.check()
    except StoreError as error:
        print(f"jeux : {error}", file=sys.stderr)
        return 1
    return serve(locations, args.host, args.port)


def run(args: argparse.Namespace) -> int:
    if args.command not in (None, "play"):
        gc.enable()  # the app turns it back on itself, after its first frame
    if args.version:  # read only when asked: it costs the menu's start-up
        from importlib.metadata import version

        print(f"jeux {version('jeux')}")
        return 0
    if args.command == "list":
        list_games(args.json)
        return 0
    if args.command == "rules":
        return print_rules(args.game)
    if args.command == "simulate":
        return simulate_games(args)
    if args.command == "stats":
        from .stats_report import print_stats

        return print_stats(args.config_dir, args.data_dir, args.player, args.json)
    if args.command in replay_commands.COMMANDS:
        return replay_commands.run(args)
    if args.command == "serve":
        return serve_collection(args)
    start, door = None, ""
    if args.command == "join":
        door = args.door
    if args.command == "play":
        if not GAMES[args.game].available:
            print(f"{GAMES[args.game].title} n'est pas encore disponible.", file=sys.stderr)
            return 1
        start = args.game
    from .app import make_app
    from .store.jsonfile import StoreError

    seed = getattr(args, "seed", None)
    seed = int(seed) if seed and seed.isdigit() else seed
    try:
        app = make_app(
            args.config_dir,
            args.data_dir,
            seed=seed,
            start_game=start,
            door=door,
            join_code=getattr(args, "code", ""),
        )
    except StoreError as error:
        print(f"jeux : {error}", file=sys.stderr)
        return 1
    app.run()
    return app.return_code or 0


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
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
    return code


if __name__ == "__main__":
    sys.exit(main())
