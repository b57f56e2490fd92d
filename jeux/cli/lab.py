"""The designer's lab: `python -m jeux.cli.lab` plays robots against robots and rewrites the
README's « Le labo » section, between its markers, with the numbers the rule texts left open."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from ..catalog import available, load_game
from ..engine.core import LEVELS
from ..engine.simulate import Report, has_own_bot, rare_percent, simulate
from ..engine.text import percent

START, END = "<!-- labo:début -->", "<!-- labo:fin -->"
README = Path(__file__).resolve().parents[2] / "README.md"
SEED = 1
LEVEL_GAMES = 400
"""Games at least for each level against the one below: enough for a 95 % interval of
about ±5 %, to tell a stronger level from an equal one."""
LADDER = (("moyen", "debutant"), ("fort", "moyen"), ("fort", "moyen"))
"""Each level against the one below, at the smallest table; then Fort alone among Moyens at
the full table."""
FULL_TABLE = 4
LEVEL_SECONDS = 30
"""Budget of each level measure, in seconds: a fast game plays the lab's most games (±1.5 %),
enough for an edge of a few points to show above chance."""


class Lab:
    """Measures within a time budget: as many games as `seconds` allow, at least `least`."""

    def __init__(
        self, seconds: float, least: int = 200, most: int = 4000, processes: int | None = None
    ) -> None:
        self.seconds, self.least, self.most = seconds, least, most
        self.processes = processes
        """None: every core, as `simulate` chooses; 1 on a machine shared with others."""

    def measure(
        self,
        game_id: str,
        players: int,
        levels: Sequence[str] = (),
        rotate: bool = False,
        options: dict | None = None,
        least: int = 0,
        seconds: float = 0,
    ) -> Report:
        """`least` and `seconds` raise the lab's own floor and budget for this measure."""
        game = load_game(game_id)
        if not levels and has_own_bot(game):
            levels = ("moyen",) * players
        least = max(least, self.least)
        # Each decision timed in the robot's processor time: the figures of a quiet machine,
        # even when the lab runs beside other work.
        play = partial(
            simulate,
            game,
            players,
            options=options,
            levels=levels,
            processes=self.processes,
            rotate=rotate,
            timer=time.process_time,
        )
        start = time.perf_counter()
        report = play(least, SEED)
        pace = (time.perf_counter() - start) / least
        seconds = max(seconds, self.seconds)
        more = min(self.most - least, int((seconds - pace * least) / pace))
        if more > 0:
            report.merge(play(more, SEED + least))
            report.games += more
        # A full run takes long on a busy machine: each measure says what it found, on stderr.
        seats = " contre ".join(levels) or f"{players} joueurs"
        found = f" · {levels[0]} {level_share(report, levels[0])}" if rotate else ""
        print(
            f"labo : {game_id} · {seats} · {report.played} parties{found}",
            file=sys.stderr,
            flush=True,
        )
        return report


def share(report: Report, seat: int = 0) -> str:
    value, low, high = report.win_shares()[seat]
    return f"{percent(value)} ({percent(low)}–{percent(high)})"


def level_share(report: Report, level: str) -> str:
    value, low, high = report.level_shares()[level]
    return f"{percent(value)} ({percent(low)}–{percent(high)})"


def endings(*reports: Report) -> str:
    """How the games of these reports ended, most frequent end condition first."""
    counts = sum((r.endings for r in reports), Counter())
    played = sum(counts.values())
    return " · ".join(f"{e} {rare_percent(n / played)}" for e, n in counts.most_common())


def table_row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    return [table_row(head), "|" + "---|" * len(head), *map(table_row, rows)]


def multiplayer() -> list:
    return [info for info in available() if info.max_players > 1]


def pace(times: dict) -> str:
    """A level's decision times: median / 95th percentile."""
    return f"{times['median']:.1f} / {times['p95']:.1f} ms"


LEVELS_HEAD, SOLVED_HEAD = "### Les niveaux des robots", "### Ce que joue le robot fort"


def level_row(lab: Lab, info) -> list[str]:
    """A game's row of « Les niveaux des robots »: each level against the level below, seats
    alternated, then one Fort among Moyens at the full table."""
    game = load_game(info.id)
    players = max(2, info.min_players)
    if not game.levels:
        return [info.title, "un seul robot", "un seul robot", "un seul robot", "—"]
    cells, times = [], {}
    table_sizes = [players, players, FULL_TABLE if info.max_players >= FULL_TABLE else 0]
    for (upper, lower), seats in zip(LADDER, table_sizes, strict=True):
        if not seats:
            cells.append("—")
            continue
        levels = (upper,) + (lower,) * (seats - 1)
        report = lab.measure(
            info.id, seats, levels, rotate=True, least=LEVEL_GAMES, seconds=LEVEL_SECONDS
        )
        fair = f" sur {percent(1 / seats)} attendus" if seats > 2 else ""
        cells.append(f"{level_share(report, upper)}{fair} · {report.played} parties")
        times |= {level: report.to_json()["decision_ms"][level] for level in levels}
    timing = " · ".join(f"{LEVELS[level].lower()} {pace(t)}" for level, t in times.items())
    return [info.title, *cells, timing]


def levels_section(lab: Lab) -> list[str]:
    return [
        LEVELS_HEAD,
        "",
        "Part des parties gagnées par le niveau supérieur, places alternées, avec son intervalle "
        "de confiance à 95 % ; puis un Fort seul contre trois Moyens, à quatre joueurs ; temps "
        "de décision médian / 95ᵉ centile, en temps de calcul du robot.",
        "",
        *table(
            [
                "Jeu",
                "Moyen contre Débutant",
                "Fort contre Moyen",
                "Fort contre 3 Moyens",
                "Décisions",
            ],
            [level_row(lab, info) for info in multiplayer()],
        ),
    ]


def refresh(lines: list[str], lab: Lab, game_ids: Sequence[str]) -> list[str]:
    """The lab's lines with only these games' robot rows measured again, in « Les niveaux
    des robots », « Ce que joue le robot fort » and « Les robots des jeux solo »: a robot
    changed in one game need not wait for an hour's run of them all. A row is told by its
    game, and in the solo table by its level too."""
    chosen = [info for info in available() if info.id in game_ids]
    titles = {info.title for info in chosen}
    fresh = {
        LEVELS_HEAD: [level_row(lab, info) for info in chosen if info.max_players > 1],
        SOLVED_HEAD: [row for row in solved_rows() if row[0] in titles],
        SOLO_HEAD: [
            row for info in chosen if info.max_players == 1 for row in solo_rows(lab, info)
        ],
    }
    lines, section = lines[:], ""
    for i, line in enumerate(lines):
        section = line if line.startswith("### ") else section
        for row in fresh.get(section, []):
            told = row[:2] if section == SOLO_HEAD else row[:1]
            if line.startswith(table_row(told)[:-1]):
                lines[i] = table_row(row)
    return lines


def solved_rows() -> list[list[str]]:
    """What each game's Fort is, in the words of its robots' module (`solution()`): the
    game solved, an equilibrium or the best reply to Moyen, with the figures worked out."""
    rows = []
    for info in multiplayer():
        robots = f"jeux.games.{info.id}.bots"
        if importlib.util.find_spec(robots) is None:
            continue
        solution = getattr(importlib.import_module(robots), "solution", None)
        if solution is not None:
            rows.append([info.title, solution()])
    return rows


def solved_section() -> list[str]:
    return [
        SOLVED_HEAD,
        "",
        "Là où un jeu, ou une de ses décisions, se calcule exactement : la solution que joue "
        "Fort, ce qu'une meilleure réponse gagne contre lui, et la borne de ce que peut gagner "
        "le meilleur joueur possible contre Moyen.",
        "",
        *table(["Jeu", "Fort"], solved_rows()),
    ]


SOLO_HEAD = "### Les robots des jeux solo"


def solo_games() -> list:
    """The solo games with several robot levels."""
    return [
        info for info in available() if info.max_players == 1 and len(load_game(info.id).levels) > 1
    ]


def solo_rows(lab: Lab, info) -> list[list[str]]:
    """Each robot level of a solo game, on the same dungeons."""
    rows = []
    for level in load_game(info.id).levels:
        report = lab.measure(info.id, 1, (level,), least=LEVEL_GAMES)
        timing = pace(report.to_json()["decision_ms"][level])
        rows.append([info.title, LEVELS[level], f"{share(report)} · {report.played}", timing])
    return rows


def solo_section(lab: Lab) -> list[str]:
    return [
        SOLO_HEAD,
        "",
        "Part des parties gagnées, avec son intervalle de confiance à 95 % ; temps de décision "
        "médian / 95ᵉ centile, en temps de calcul du robot. Le robot fort de Scoundrel suit les "
        "conseils de la touche `h` ; le meilleur joueur publié, une recherche Monte-Carlo "
        "guidée, gagne 26 % des donjons.",
        "",
        *table(
            ["Jeu", "Niveau", "Victoires · parties", "Décisions"],
            [row for info in solo_games() for row in solo_rows(lab, info)],
        ),
    ]


def first_player_section(lab: Lab) -> list[str]:
    rows = []
    for info in multiplayer():
        cells, reports = [], []
        for players in (2, 4):
            if info.min_players <= players <= info.max_players:
                report = lab.measure(info.id, players)
                cells.append(f"{share(report)} sur {percent(1 / players)}")
                reports.append(report)
            else:
                cells.append("—")
        rows.append([info.title, *cells, endings(*reports)])
    return [
        "### L'avantage du premier joueur, et comment finissent les parties",
        "",
        "Part des victoires de la première place, robots moyens partout (au hasard pour un jeu "
        "sans robot), contre la part d'un jeu équitable ; puis la part de chaque fin de partie "
        "prévue par les règles, à 2 et 4 joueurs réunis.",
        "",
        *table(["Jeu", "À 2", "À 4", "Fins de partie"], rows),
    ]


def variants(
    lab: Lab,
    game_id: str,
    players: int,
    rows: Sequence[tuple[str, dict]],
    extra=None,
    ends: bool = True,
) -> list[str]:
    """One line per variant: how long, how fair, what `extra` reads in the report, and how
    the games ended (unless `ends` is False: a game with a single way to end)."""
    lines = []
    for label, options in rows:
        report = lab.measure(game_id, players, options=options)
        data = report.to_json()
        cells = [
            label,
            f"{data['mean_rounds']:.1f} ± {data['rounds_spread']:.1f}",
            share(report),
            spread(report),
        ]
        lines.append(
            cells + ([extra(report)] if extra else []) + ([endings(report)] if ends else [])
        )
    return lines


def spread(report: Report) -> str:
    """The gap between the luckiest and the unluckiest seat."""
    shares = [s for s, _, _ in report.win_shares()]
    return f"{round(100 * (max(shares) - min(shares)))} pts"


def per_turn(*names: str) -> Callable[[Report], str]:
    def read(report: Report) -> str:
        turns = sum(report.rounds) * report.players
        return " · ".join(f"{report.events[n] / turns:.2f}" for n in names)

    return read


HEAD = ["Variante", "Tours par joueur", "Part du 1ᵉʳ joueur", "Écart entre places"]
ENDS = "Fins de partie"


def questions_section(lab: Lab) -> list[str]:
    out = ["### Les questions des règles", ""]
    out += [
        "**Les pilleurs de tombe : la table par nombre de joueurs.** Crans et artefacts "
        "d'office (8/7/6/7/7 crans, 5/10/15/12/14 artefacts), puis à 4 joueurs le « 15 (10 ?) » "
        "des règles.",
        "",
    ]
    rows = []
    for players in range(2, 7):
        rows += variants(lab, "pilleurs_de_tombe", players, [(f"{players} joueurs", {})])
    rows += variants(lab, "pilleurs_de_tombe", 4, [("4 joueurs, 10 artefacts", {"artifacts": 10})])
    out += [*table([*HEAD, ENDS], rows), ""]
    out += ["**Le 5000 : ses variantes** (2 joueurs ; pertes : tours finis sans point).", ""]
    rows = variants(
        lab,
        "le_5000",
        2,
        [
            ("Règles d'office (ouverture à 750)", {}),
            ("Objectif 10 000", {"target": 10000}),
            ("Arrivée exacte", {"finish": "exact"}),
            ("Dernier tour pour les autres", {"finish": "last_turn"}),
            ("Carré doublé", {"four_of_a_kind": "double"}),
        ],
        per_turn("Busted"),
    )
    out += [*table([*HEAD, "Pertes par tour", ENDS], rows), ""]
    out += [
        "**Sortie 20 : la face spéciale** (2 joueurs ; dés retournés · six activés : par tour).",
        "",
    ]
    rows = variants(
        lab,
        "sortie_20",
        2,
        [("Règles d'office", {}), ("Relances strictes", {"strict_reroll": True})],
        per_turn("DieFlipped", "SixActivated"),
    )
    out += [*table([*HEAD, "Retournés · six activés", ENDS], rows), ""]
    out += ["**Trois Couronnes : le Royaume déclinant** (3 joueurs).", ""]
    rows = variants(
        lab,
        "trois_couronnes",
        3,
        [
            ("Sans déclin", {"decline": "off"}),
            ("Déclin sous zéro", {"decline": "non_positive"}),
            ("Déclin à zéro", {"decline": "zero"}),
        ],
        ends=False,  # always after 7 rounds
    )
    out += [*table(HEAD, rows), ""]
    out += ["**Push to Five : l'objectif** (2 et 4 joueurs).", ""]
    rows = []
    for players in (2, 4):
        rows += variants(
            lab,
            "push_to_five",
            players,
            [
                (f"Cumul, {players} joueurs", {"mode": "cumulative"}),
                (f"Sprint, {players} joueurs", {"mode": "sprint"}),
                (f"Cumul, cartes lentes, {players} joueurs", {"deck": "slow"}),
            ],
        )
    out += table([*HEAD, ENDS], rows)
    return out


def report(lab: Lab) -> list[str]:
    return [
        START,
        "",
        *levels_section(lab),
        "",
        *solved_section(),
        "",
        *solo_section(lab),
        "",
        *first_player_section(lab),
        "",
        *questions_section(lab),
        "",
        f"*Produit par `python -m jeux.cli.lab --seconds {lab.seconds:g} --least {lab.least}` "
        f"(graines {SEED} et suivantes).*",
        "",
        END,
    ]


def rewrite(readme: Path, lines: list[str]) -> None:
    text = readme.read_text(encoding="utf-8")
    head, _, rest = text.partition(START)
    _, _, tail = rest.partition(END)
    readme.write_text(head + "\n".join(lines) + tail, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m jeux.cli.lab", description=__doc__)
    parser.add_argument("--seconds", type=float, default=6.0, help="budget par mesure")
    parser.add_argument("--least", type=int, default=200, help="parties au moins par mesure")
    parser.add_argument(
        "--processes", type=int, metavar="P", help="processus en parallèle (d'office : tous)"
    )
    parser.add_argument("--print", action="store_true", help="afficher sans réécrire le README")
    parser.add_argument(
        "--jeu",
        action="append",
        choices=[info.id for info in multiplayer() + solo_games()],
        metavar="ID",
        help="ne mesurer à nouveau que les robots de ce jeu (répétable), le reste du README gardé",
    )
    args = parser.parse_args(argv)
    lab = Lab(args.seconds, args.least, processes=args.processes)
    text = README.read_text(encoding="utf-8")
    if args.jeu and START in text:
        between = text.partition(START)[2].partition(END)[0].split("\n")[1:-1]
        lines = [START, *refresh(between, lab, args.jeu), END]
    else:
        lines = report(lab)
    if args.print or START not in text:
        print("\n".join(lines))
    else:
        rewrite(README, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
