"""`jeux simulate ID`: random or robot matches without a screen, to measure a game (its
balance, its robots, its variants side by side)."""

from __future__ import annotations

import argparse
import sys

from ..catalog import GAMES, load_game
from .arguments import count, entier, game_id


def add_parser(sub) -> None:
    sim = sub.add_parser("simulate", help="parties aléatoires sans interface (mesure)")
    sim.add_argument("game", type=game_id, metavar="ID", help="l'id du jeu")
    sim.add_argument("--players", type=entier, metavar="N", help="nombre de joueurs")
    sim.add_argument("--games", type=count, default=1000, metavar="K", help="nombre de parties")
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
        "--processes", type=count, metavar="P", help="processus en parallèle (d'office : tous)"
    )
    sim.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import json

    from ..engine.simulate import has_own_bot, option_values, side_by_side, simulate
    from ..engine.text import players_range, plural

    info = GAMES[args.game]
    if not info.available:
        print(f"{info.title} n'est pas encore disponible.", file=sys.stderr)
        return 1
    players = max(info.min_players, min(3, info.max_players))
    players = players if args.players is None else args.players
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
    from ..engine.core import LEVELS

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
    from ..engine.simulate import option_values

    if not compare:
        return "", [{}]
    key, _, values = compare.partition("=")
    variants = [option_values(game, [f"{key}={v}"]) for v in values.split(",")]
    if len(variants) < 2:
        raise ValueError(f"--compare attend au moins deux valeurs : {key}=V1,V2")
    return key, variants
