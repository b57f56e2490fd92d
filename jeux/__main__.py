"""The `jeux` command: the menu, or play / list / rules / simulate from the shell."""

from __future__ import annotations

import argparse
import gc
import json
import sys

gc.disable()  # start-up allocates much and frees little: collecting resumes with the menu drawn
from .catalog import GAMES, load_game  # noqa: E402


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="jeux", description="Jeux de dés et de cartes en terminal.")
    p.add_argument("--version", action="store_true", help="afficher la version")
    p.add_argument("--config-dir", help="dossier des joueurs et paramètres")
    p.add_argument("--data-dir", help="dossier des parties")
    sub = p.add_subparsers(dest="command")
    play = sub.add_parser("play", help="ouvrir un jeu")
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("--seed", help="graine des dés et des cartes")
    listing = sub.add_parser("list", help="lister les jeux")
    listing.add_argument("--json", action="store_true")
    rules = sub.add_parser("rules", help="afficher les règles d'un jeu")
    rules.add_argument("game", choices=sorted(GAMES))
    sim = sub.add_parser("simulate", help="parties aléatoires sans interface (mesure)")
    sim.add_argument("game", choices=sorted(GAMES))
    sim.add_argument("--players", type=int)
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--json", action="store_true")
    sim.add_argument("--bots", action="store_true", help="le robot du jeu au lieu du hasard")
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
        print(f"{g.id:<20} {g.title:<28} {g.players_label:<12}{state}")


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
    from .engine.simulate import has_own_bot, simulate
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
    report = simulate(game, players, args.games, args.seed, bots=args.bots)
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        print("\n".join(report.lines(info.title)))
    return 1 if report.errors else 0


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
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
    start = None
    if args.command == "play":
        if not GAMES[args.game].available:
            print(f"{GAMES[args.game].title} n'est pas encore disponible.", file=sys.stderr)
            return 1
        start = args.game
    from .app import make_app

    seed = getattr(args, "seed", None)
    seed = int(seed) if seed and seed.isdigit() else seed
    make_app(args.config_dir, args.data_dir, seed=seed, start_game=start).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
