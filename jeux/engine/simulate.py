"""Headless playouts behind `jeux simulate`: random legal play, or the game's own robot."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from random import Random

from .core import Game, State
from .text import percent

MAX_ACTIONS = 20_000
"""A playout longer than this counts as an error: every game must end."""


def has_own_bot(game: Game) -> bool:
    """Whether the game has a robot of its own; the others only play at random."""
    return type(game).bot is not Game.bot


@dataclass
class Playout:
    state: State
    actions: int


def playout(
    game: Game, players: int, seed: int, options: dict | None = None, bots: bool = False
) -> Playout:
    """Play one game to the end with random legal actions, or with the game's bot."""
    names = tuple(f"Joueur {i + 1}" for i in range(players))
    rng, pick, bot = Random(seed), Random(seed).choice, game.bot(seed) if bots else None
    state = game.new(names, game.resolve_options({**game.playout_options, **(options or {})}), rng)
    count = 0
    while (seat := state.to_move()) is not None:
        if count >= MAX_ACTIONS:
            raise RuntimeError(f"no end after {MAX_ACTIONS} actions")
        if bot:
            state.apply(bot.choose(state.view(seat)), rng)
        else:
            # Drawn from this very state's legal actions, so `apply`'s own check would only
            # repeat the work; the playout tests replay every game through the checked path.
            state._apply(pick(state.legal_actions()), rng)
        count += 1
    if state.outcome() is None:
        raise RuntimeError("the game ended without an outcome")
    return Playout(state, count)


@dataclass
class Report:
    game: str
    players: int
    games: int
    seed: int
    errors: int = 0
    seconds: float = 0.0
    total_actions: int = 0
    wins_by_seat: list[int] = field(default_factory=list)
    solo_wins: int = 0
    first_error: str = ""
    bots: bool = False

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict:
        data = {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "errors": self.errors,
            "games_per_second": round(self.games_per_second, 1),
            "mean_actions": round(self.total_actions / max(1, self.games - self.errors), 2),
            "wins_by_seat": self.wins_by_seat,
            "players_are": "robot du jeu" if self.bots else "hasard",
        }
        if self.players == 1:
            data["win_rate"] = round(self.solo_wins / max(1, self.games - self.errors), 4)
        if self.first_error:
            data["first_error"] = self.first_error
        return data

    def lines(self, title: str) -> list[str]:
        """The report in French, for the terminal."""
        played = max(1, self.games - self.errors)
        rows = [
            ("Jeu", title),
            ("Joueurs", f"{self.players} ({'robot du jeu' if self.bots else 'coups au hasard'})"),
            ("Parties", f"{self.games} (graine {self.seed} et suivantes)"),
            ("Erreurs", str(self.errors)),
            ("Parties par seconde", f"{self.games_per_second:.1f}"),
            ("Coups par partie", f"{self.total_actions / played:.1f}"),
        ]
        if self.players == 1:
            rows.append(("Victoires", percent(self.solo_wins / played)))
        else:
            wins = " · ".join(f"{n}" for n in self.wins_by_seat)
            rows.append(("Victoires par place", wins))
        if self.first_error:
            rows.append(("Première erreur", self.first_error))
        return [f"{label:>20} : {value}" for label, value in rows]


def simulate(
    game: Game,
    players: int,
    games: int,
    seed: int,
    options: dict | None = None,
    bots: bool = False,
) -> Report:
    """Play `games` games; seeds seed, seed+1, … so any failure can be replayed."""
    report = Report(game.info.id, players, games, seed, wins_by_seat=[0] * players, bots=bots)
    start = time.perf_counter()
    for i in range(games):
        try:
            result = playout(game, players, seed + i, options, bots)
        except Exception as error:  # reported, not raised: a benchmark counts failures
            report.errors += 1
            report.first_error = report.first_error or f"seed {seed + i}: {error!r}"
            continue
        outcome = result.state.outcome()
        report.total_actions += result.actions
        for seat in outcome.winners if outcome.won else ():
            report.wins_by_seat[seat] += 1
        report.solo_wins += players == 1 and outcome.won
    report.seconds = time.perf_counter() - start
    return report
