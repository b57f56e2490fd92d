"""Headless playouts behind `jeux simulate`: random legal play, or the game's own robot,
spread over every core, reported with the numbers a game designer asks for."""

from __future__ import annotations

import math
import os
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from functools import partial
from random import Random
from statistics import mean, median, pstdev
from typing import Any

from .core import LEVELS, Game, State
from .text import percent

MAX_ACTIONS = 20_000
"""A playout longer than this counts as an error: every game must end."""

GAMES_PER_PROCESS = 200
"""Fewer games than this per process would cost more in start-up than they save, for most
games: by default a short run stays in one process, unless told otherwise."""


def has_own_bot(game: Game) -> bool:
    """Whether the game has a robot of its own (its levels' robots, which `Game.bot` finds,
    or a single one of its own `bot`); the others only play at random."""
    return bool(game.levels) or type(game).bot is not Game.bot


@dataclass
class Playout:
    state: State
    actions: int
    turns: int
    """Turns played, counted as changes of whose turn it is."""
    events: Counter[str]
    """How many events of each kind the game raised, by class name."""


def playout(
    game: Game,
    players: int,
    seed: int,
    options: dict | None = None,
    levels: Sequence[str] = (),
    clock: dict[str, list[float]] | None = None,
    timer: Callable[[], float] = time.perf_counter,
) -> Playout:
    """Play one game to the end with random legal actions, or with the game's robot at
    `levels[seat]` in each seat, timing its decisions per level into `clock` with `timer`."""
    names = tuple(f"Joueur {i + 1}" for i in range(players))
    rng, pick = Random(seed), Random(seed).choice
    bots = [game.bot(f"{seed}:{seat}", level) for seat, level in enumerate(levels)]
    state = game.new(names, game.resolve_options({**game.playout_options, **(options or {})}), rng)
    count, turns, turn_of = 0, 0, None
    raised: list[type] = []  # the events' kinds, named once at the end: cheaper than a Counter
    timings: list[list[float]] = [[] for _ in levels]  # each seat's, into `clock` at the end
    now = timer  # looked up once: a robot's move costs a few microseconds
    while (seat := state.to_move()) is not None:
        if (turn := state.whose_turn()) != turn_of:
            turns, turn_of = turns + 1, turn
        if count >= MAX_ACTIONS:
            raise RuntimeError(f"no end after {MAX_ACTIONS} actions")
        if bots:
            start = now()
            action = bots[seat].choose(state.view(seat))
            timings[seat].append(now() - start)
            raised += map(type, state.apply(action, rng))
        else:
            # Drawn from this very state's legal actions, so `apply`'s own check would only
            # repeat the work; the playout tests replay every game through the checked path.
            raised += map(type, state._apply(pick(state.legal_actions()), rng))
        count += 1
    if state.outcome() is None:
        raise RuntimeError("the game ended without an outcome")
    if clock is not None:
        for level, times in zip(levels, timings, strict=True):
            if times:
                clock.setdefault(level, []).extend(times)
    events: Counter[str] = Counter()
    for kind, times in Counter(raised).items():
        events[kind.__name__] += times
    return Playout(state, count, turns, events)


def option_values(game: Game, pairs: Sequence[str]) -> dict:
    """`key=value` pairs from the command line as option values; a French ValueError names
    what the game offers when a key or a value is unknown."""
    chosen = {}
    for pair in pairs:
        key, _, text = pair.partition("=")
        option = next((o for o in game.options if o.key == key), None)
        if option is None:
            keys = ", ".join(o.key for o in game.options) or "aucune"
            raise ValueError(f"option inconnue : {key!r} (options du jeu : {keys})")
        value = next((c.value for c in option.choices if str(c.value) == text), None)
        if value is None:
            values = ", ".join(str(c.value) for c in option.choices)
            raise ValueError(f"valeur inconnue pour {key} : {text!r} (valeurs : {values})")
        chosen[key] = value
    return chosen


def p95(times: Sequence[float]) -> float:
    """The 95th percentile: the time 95 % of the decisions stay under."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def wilson(hits: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % confidence interval of a proportion (Wilson's, sound near 0 and 1)."""
    if not trials:
        return 0.0, 1.0
    p = min(1.0, hits / trials)  # ties give every winner a win
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials**2)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def rare_percent(share: float) -> str:
    """A share as a percentage, "< 1 %" for what happened too rarely to round to 1 %."""
    return "< 1 %" if 0 < share < 0.005 else percent(share)


def histogram(values: Sequence[int], bins: int = 8, width: int = 30) -> list[str]:
    """A small horizontal bar chart of `values`, one line per bin."""
    low, high = min(values), max(values)
    size = max(1, math.ceil((high - low + 1) / bins))
    counts = [0] * math.ceil((high - low + 1) / size)
    for v in values:
        counts[(v - low) // size] += 1
    top = max(counts)
    lines = []
    for i, n in enumerate(counts):
        start = low + i * size
        span = f"{start}" if size == 1 else f"{start}–{start + size - 1}"
        lines.append(f"{span:>11} {'█' * max(n > 0, round(width * n / top)):<{width}} {n}")
    return lines


@dataclass
class Report:
    game: str
    players: int
    games: int
    seed: int
    options: dict = field(default_factory=dict)
    errors: int = 0
    seconds: float = 0.0
    lengths: list[int] = field(default_factory=list)
    """Actions of each game played to its end."""
    rounds: list[float] = field(default_factory=list)
    """Turns of each game per player: how many times around the table."""
    events: Counter[str] = field(default_factory=Counter)
    """Events of each kind over all the games, by class name: how often a rule came up."""
    endings: Counter[str] = field(default_factory=Counter)
    """How many games each end condition ended (`Outcome.ending`)."""
    wins_by_seat: list[int] = field(default_factory=list)
    solo_wins: int = 0
    winning_scores: list[int] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)
    """The winner's lead on the runner-up, in multi-seat games with numeric scores."""
    first_error: str = ""
    levels: tuple[str, ...] = ()
    """The robot level of each seat; none for random play."""
    decisions: dict[str, list[float]] = field(default_factory=dict)
    """Seconds each robot decision took, by level."""
    rotate: bool = False
    """Whether the levels move one seat on from game to game, so no level keeps a seat."""
    wins_by_level: dict[str, float] = field(default_factory=dict)
    """Each game's point shared among its winners, or among every seat when nobody wins: a
    level as strong as the other scores half."""

    @property
    def played(self) -> int:
        return self.games - self.errors

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def seated(self, seed: int) -> tuple[str, ...]:
        """The level in each seat for this seed's game."""
        if not self.rotate:
            return self.levels
        turn = seed % self.players
        return self.levels[turn:] + self.levels[:turn]

    def count(self, played: Playout, seated: tuple[str, ...]) -> None:
        outcome = played.state.outcome()
        self.lengths.append(played.actions)
        self.rounds.append(played.turns / self.players)
        self.events.update(played.events)
        self.endings[outcome.ending] += 1
        for seat in outcome.winners if outcome.won else ():
            self.wins_by_seat[seat] += 1
        sharers = outcome.winners if outcome.won else range(self.players)
        for seat in sharers if seated else ():
            level = seated[seat]
            self.wins_by_level[level] = self.wins_by_level.get(level, 0) + 1 / len(sharers)
        self.solo_wins += self.players == 1 and outcome.won
        scores = sorted(outcome.scores, reverse=not outcome.lower_is_better)
        self.winning_scores.append(scores[0])
        if len(scores) > 1:
            self.margins.append(abs(scores[0] - scores[1]))

    def merge(self, other: Report) -> None:
        self.errors += other.errors
        self.lengths += other.lengths
        self.rounds += other.rounds
        self.events.update(other.events)
        self.endings.update(other.endings)
        self.wins_by_seat = [
            a + b for a, b in zip(self.wins_by_seat, other.wins_by_seat, strict=True)
        ]
        self.solo_wins += other.solo_wins
        self.winning_scores += other.winning_scores
        self.margins += other.margins
        self.first_error = self.first_error or other.first_error
        for level, times in other.decisions.items():
            self.decisions.setdefault(level, []).extend(times)
        for level, wins in other.wins_by_level.items():
            self.wins_by_level[level] = self.wins_by_level.get(level, 0) + wins

    def level_shares(self) -> dict[str, tuple[float, float, float]]:
        """Each level's share of the games' points, with its 95 % interval: with the levels
        rotated over the seats, a level stronger than another wins more than its share."""
        return {
            level: (
                self.wins_by_level.get(level, 0) / max(1, self.played),
                *wilson(self.wins_by_level.get(level, 0), self.played),
            )
            for level in dict.fromkeys(self.levels)
        }

    def ending_shares(self) -> list[tuple[str, float]]:
        """Each end condition with its share of the games played, most frequent first."""
        return [(ending, n / self.played) for ending, n in self.endings.most_common()]

    def win_shares(self) -> list[tuple[float, float, float]]:
        """Each seat's share of the games it won, with its 95 % interval."""
        wins = [self.solo_wins] if self.players == 1 else self.wins_by_seat
        return [(n / max(1, self.played), *wilson(n, self.played)) for n in wins]

    def to_json(self) -> dict:
        data = {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "errors": self.errors,
            "games_per_second": round(self.games_per_second, 1),
            "mean_actions": round(mean(self.lengths), 2) if self.lengths else 0,
            "actions_spread": round(pstdev(self.lengths), 2) if self.lengths else 0,
            "mean_rounds": round(mean(self.rounds), 2) if self.rounds else 0,
            "rounds_spread": round(pstdev(self.rounds), 2) if self.rounds else 0,
            "wins_by_seat": self.wins_by_seat,
            "win_share_by_seat": [
                {"share": round(s, 4), "low": round(lo, 4), "high": round(hi, 4)}
                for s, lo, hi in self.win_shares()
            ],
            "players_are": "robots" if self.levels else "hasard",
            "events": dict(sorted(self.events.items())),
            "endings": dict(self.endings.most_common()),
        }
        if self.levels:
            data["levels"] = list(self.levels)
            data["levels_rotate"] = self.rotate
            data["decision_ms"] = {
                level: {"median": round(1000 * median(t), 3), "p95": round(1000 * p95(t), 3)}
                for level, t in self.decisions.items()
            }
        if len(set(self.levels)) > 1:
            data["wins_by_level"] = {
                level: {"share": round(s, 4), "low": round(lo, 4), "high": round(hi, 4)}
                for level, (s, lo, hi) in self.level_shares().items()
            }
        if self.winning_scores:
            data["mean_winning_score"] = round(mean(self.winning_scores), 2)
        if self.margins:
            data["mean_margin"] = round(mean(self.margins), 2)
        if self.players == 1:
            data["win_rate"] = round(self.solo_wins / max(1, self.played), 4)
        if self.first_error:
            data["first_error"] = self.first_error
        return data

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) in French, for the terminal."""
        rows = [
            ("Joueurs", f"{self.players} ({self.who_plays()})"),
            ("Parties", f"{self.games} (graine {self.seed} et suivantes)"),
            ("Erreurs", str(self.errors)),
            ("Parties par seconde", f"{self.games_per_second:.1f}"),
        ]
        if self.lengths:
            spread = f"{mean(self.lengths):.1f} ± {pstdev(self.lengths):.1f}"
            rows.append(
                ("Coups par partie", f"{spread} ({min(self.lengths)} à {max(self.lengths)})")
            )
        if self.rounds and self.players > 1:  # a solo game has one endless turn
            spread = f"{mean(self.rounds):.1f} ± {pstdev(self.rounds):.1f}"
            rows.append(("Tours par joueur", spread))
        shares = self.win_shares()
        if self.players == 1:
            share, low, high = shares[0]
            rows.append(("Victoires", f"{percent(share)} ({percent(low)} à {percent(high)})"))
        else:
            for seat, (share, low, high) in enumerate(shares):
                label = "Victoires par place" if seat == 0 else ""
                value = f"place {seat + 1} : {percent(share)} ({percent(low)} à {percent(high)})"
                rows.append((label, value))
        if self.winning_scores:
            label = "Score" if self.players == 1 else "Score du gagnant"
            rows.append((label, f"{mean(self.winning_scores):.1f} en moyenne"))
        if self.margins:
            rows.append(("Écart avec le second", f"{mean(self.margins):.1f} en moyenne"))
        for i, (ending, share) in enumerate(self.ending_shares()):
            rows.append(("Fins de partie" if i == 0 else "", f"{ending} : {rare_percent(share)}"))
        if len(set(self.levels)) > 1:
            for i, (level, (share, low, high)) in enumerate(self.level_shares().items()):
                label = "Victoires par niveau" if i == 0 else ""
                value = (
                    f"{LEVELS[level].lower()} : {percent(share)} ({percent(low)} à {percent(high)})"
                )
                rows.append((label, value))
        for level, times in self.decisions.items():
            rows.append(
                (
                    f"Décision {LEVELS[level].lower()}",
                    f"{1000 * median(times):.2f} ms (95 % sous {1000 * p95(times):.2f} ms)",
                )
            )
        if self.first_error:
            rows.append(("Première erreur", self.first_error))
        return rows

    def who_plays(self) -> str:
        if not self.levels:
            return "coups au hasard"
        if len(set(self.levels)) == 1:
            return f"robots {LEVELS[self.levels[0]].lower()}s"
        seats = ", ".join(LEVELS[level].lower() for level in self.levels)
        return f"robots {seats}" + (", décalés d'une place à chaque partie" if self.rotate else "")

    def lines(self, game: Game) -> list[str]:
        """The whole report in French: the variants played in the setup's words, its rows,
        then how long the games lasted."""
        variants = [
            (f"{'Variantes' if i == 0 else ''}", v)
            for i, v in enumerate(
                option_text(game, key, value) for key, value in self.options.items()
            )
        ]
        lines = [f"{'Jeu':>20} : {game.info.title}"]
        lines += [
            f"{label:>20} {':' if label else ' '} {value}"
            for label, value in (*variants, *self.rows())
        ]
        if self.lengths:
            lines += ["", f"{'Durée (coups)':>20}", *histogram(self.lengths)]
        return lines


def play_range(
    game: Game,
    players: int,
    first: int,
    games: int,
    options: dict,
    levels: tuple[str, ...],
    rotate: bool = False,
    timer: Callable[[], float] = time.perf_counter,
) -> Report:
    """Play seeds first … first+games-1 in this process, timing decisions with `timer`."""
    report = Report(
        game.info.id,
        players,
        games,
        first,
        options,
        wins_by_seat=[0] * players,
        levels=levels,
        rotate=rotate,
    )
    for seed in range(first, first + games):
        seated = report.seated(seed)
        try:
            result = playout(game, players, seed, options, seated, report.decisions, timer)
        except Exception as error:  # reported, not raised: a benchmark counts failures
            report.errors += 1
            report.first_error = report.first_error or f"seed {seed}: {error!r}"
            continue
        report.count(result, seated)
    return report


PARTS = 40
"""The games are played in this many parts at most, so that progress can be told as they end."""


def simulate(
    game: Game,
    players: int,
    games: int,
    seed: int,
    options: dict | None = None,
    levels: Sequence[str] = (),
    processes: int | None = None,
    rotate: bool = False,
    progress: Callable[[int], None] | None = None,
    timer: Callable[[], float] = time.perf_counter,
) -> Report:
    """Play `games` games on seeds seed, seed+1, … so any failure can be replayed. Every
    game owns its seed, so the results are the same whatever the number of processes.
    `progress` is told how many games are played, as parts of them end; `timer` times the
    robots' decisions (the wall clock, as a player waits for them, unless told otherwise)."""
    options, levels = options or {}, tuple(levels)
    if processes is None:
        processes = min(os.cpu_count() or 1, games // GAMES_PER_PROCESS)
    processes = max(1, min(processes, games))
    start = time.perf_counter()
    bounds = sorted({seed + games * i // PARTS for i in range(PARTS + 1)})
    ranges = [(a, b - a) for a, b in zip(bounds, bounds[1:], strict=False)]
    play = partial(
        play_range, game, players, options=options, levels=levels, rotate=rotate, timer=timer
    )
    tell = progress or (lambda played: None)
    if processes == 1:
        parts = []
        for first, count in ranges:
            parts.append(play(first, count))
            tell(first + count - seed)
    else:
        with ProcessPoolExecutor(processes) as pool:
            futures = [pool.submit(play, first, count) for first, count in ranges]
            played = 0
            for future in as_completed(futures):
                played += future.result().games
                tell(played)
            parts = [future.result() for future in futures]  # merged in the seeds' order
    report = parts[0]
    for part in parts[1:]:
        report.merge(part)
    report.games, report.seed = games, seed
    report.seconds = time.perf_counter() - start
    return report


def option_text(game: Game, key: str, value: Any) -> str:
    """An option and its value as the setup names them: « Objectif : 5 000 points »."""
    option = next((o for o in game.options if o.key == key), None)
    return f"{option.label} : {option.label_of(value)}" if option else f"{key} : {value}"


def side_by_side(game: Game, key: str, reports: Sequence[Report]) -> list[str]:
    """Reports of the same seeds under variants of one option, one column each."""
    rows = [("Variante", [option_text(game, key, r.options[key]) for r in reports])]
    columns = [dict(r.rows()) for r in reports]
    for label, _ in reports[0].rows():
        if label and label not in ("Victoires par place", "Fins de partie"):
            rows.append((label, [c[label] for c in columns]))
    for seat in range(reports[0].players if reports[0].players > 1 else 0):
        cells = []
        for r in reports:
            share, low, high = r.win_shares()[seat]
            cells.append(f"{seat + 1} : {percent(share)} ({percent(low)}–{percent(high)})")
        rows.append(("Victoires par place" if seat == 0 else "", cells))
    shares = [dict(r.ending_shares()) for r in reports]
    for i, ending in enumerate(dict.fromkeys(e for column in shares for e in column)):
        cells = [f"{ending} : {rare_percent(column.get(ending, 0.0))}" for column in shares]
        rows.append(("Fins de partie" if i == 0 else "", cells))
    width = 2 + max(len(cell) for _, cells in rows for cell in cells)
    lines = [f"{'Jeu':>20} : {game.info.title}"]
    for label, cells in rows:
        lines.append(
            f"{label:>20} {':' if label else ' '} "
            + "".join(f"{c:<{width}}" for c in cells).rstrip()
        )
    return lines
