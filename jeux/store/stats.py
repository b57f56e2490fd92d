"""A player's statistics, per game: queries over the finished results of `Records`, with no
interface. The statistics screen and `jeux stats` only present what `player_stats` returns.

Matches are told apart by who sat against the player: nobody (solo), humans only, or at least
one robot. A game's daily runs are the results labelled `daily:<ISO date>` (the day's first
attempt, e.g. Scoundrel's daily dungeon): any game that labels its runs so gets a calendar."""

from __future__ import annotations

import datetime as dt
import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .records import Records

DAILY_LABEL = "daily:"
"""The label prefix of a counted daily run, followed by its ISO date."""

SOLO, HUMANS, ROBOTS = "solo", "humains", "robots"
OPPONENTS = (SOLO, HUMANS, ROBOTS)
"""Who a player faced, in the order screens list them."""


@dataclass(frozen=True)
class Result:
    """One finished (or given up) match of one player, as kept in the results table."""

    match_id: int
    game: str
    finished: float
    score: int
    won: bool
    low: bool
    forfeit: bool
    opponents: str
    day: dt.date | None
    """The day of a counted daily run, else None."""


@dataclass(frozen=True)
class Tally:
    """What a list of results adds up to. Scores are those of results measured one way
    (`lower_is_better`); a given-up run counts as played and lost, with no score."""

    played: int = 0
    won: int = 0
    best: int | None = None
    average: float | None = None
    current_streak: int = 0
    longest_streak: int = 0
    lower_is_better: bool = False

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None

    def to_json(self) -> dict[str, Any]:
        return {
            "played": self.played,
            "won": self.won,
            "win_rate": None if self.win_rate is None else round(self.win_rate, 4),
            "best": self.best,
            "average": None if self.average is None else round(self.average, 2),
            "current_streak": self.current_streak,
            "longest_streak": self.longest_streak,
            "lower_is_better": self.lower_is_better,
        }


@dataclass(frozen=True)
class Daily:
    """The daily runs of one game: each day played, won or lost, and the streak of days won
    in a row (the current one still runs if today is not played yet)."""

    days: dict[dt.date, bool]
    current_streak: int
    longest_streak: int

    def to_json(self) -> dict[str, Any]:
        return {
            "days": {day.isoformat(): won for day, won in sorted(self.days.items())},
            "current_streak": self.current_streak,
            "longest_streak": self.longest_streak,
        }


@dataclass(frozen=True)
class GameStats:
    game: str
    total: Tally
    by_opponents: dict[str, Tally]
    """Only the kinds of opponents met, in the order of OPPONENTS."""
    scores: list[tuple[float, int]]
    """(time finished, score) of every scored result measured like `total`, oldest first."""
    daily: Daily | None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            **self.total.to_json(),
            "opponents": {kind: tally.to_json() for kind, tally in self.by_opponents.items()},
            "scores": [score for _when, score in self.scores],
            "daily": self.daily.to_json() if self.daily else None,
        }


@dataclass(frozen=True)
class PlayerStats:
    profile: str
    total: Tally
    """Every game together: played, won and streaks (scores of different games do not add)."""
    games: list[GameStats] = field(default_factory=list)
    """Most played first."""

    def game(self, game_id: str) -> GameStats | None:
        return next((g for g in self.games if g.game == game_id), None)


def opponents_of(saved: str, seat: int) -> str:
    """SOLO, HUMANS or ROBOTS: who sat at the other seats of a saved match."""
    try:
        seats = json.loads(saved).get("seats", [])
    except (ValueError, AttributeError):
        seats = []
    others = [s for i, s in enumerate(seats) if i != seat and isinstance(s, dict)]
    if not others:
        return SOLO
    return ROBOTS if any(s.get("bot") for s in others) else HUMANS


def daily_day(label: str) -> dt.date | None:
    if not label.startswith(DAILY_LABEL):
        return None
    try:
        return dt.date.fromisoformat(label.removeprefix(DAILY_LABEL))
    except ValueError:
        return None


def results_of(records: Records, profile: str) -> list[Result]:
    """Every result of a profile, oldest first."""
    with records._db() as db:
        rows = db.execute(
            "SELECT r.match_id, r.game, r.finished, r.score, r.won, r.low, r.forfeit, r.seat, "
            "r.label, COALESCE(m.saved, '') FROM results r LEFT JOIN matches m "
            "ON m.id = r.match_id WHERE r.profile = ? ORDER BY r.finished, r.match_id",
            (profile,),
        ).fetchall()
    return [
        Result(
            match_id,
            game,
            finished,
            score,
            bool(won),
            bool(low),
            bool(forfeit),
            opponents_of(saved, seat),
            daily_day(label),
        )
        for match_id, game, finished, score, won, low, forfeit, seat, label, saved in rows
    ]


def streaks(wins: Iterable[bool]) -> tuple[int, int]:
    """(current, longest) runs of True, the current one ending with the last item."""
    current = longest = 0
    for won in wins:
        current = current + 1 if won else 0
        longest = max(longest, current)
    return current, longest


def measured(results: Sequence[Result]) -> list[Result]:
    """The scored results comparable with the latest one: a game whose variant counts down
    (fewest turns wins) keeps those scores apart from the others."""
    scored = [r for r in results if not r.forfeit]
    if not scored:
        return []
    low = scored[-1].low
    return [r for r in scored if r.low == low]


def tally(results: Sequence[Result], with_scores: bool = True) -> Tally:
    current, longest = streaks(r.won for r in results)
    scored = measured(results) if with_scores else []
    scores = [r.score for r in scored]
    low = bool(scored) and scored[-1].low
    return Tally(
        played=len(results),
        won=sum(r.won for r in results),
        best=(min(scores) if low else max(scores)) if scores else None,
        average=sum(scores) / len(scores) if scores else None,
        current_streak=current,
        longest_streak=longest,
        lower_is_better=low,
    )


def daily(results: Sequence[Result], today: dt.date) -> Daily | None:
    """The calendar of a game's counted daily runs, None if it has none."""
    days = {r.day: r.won for r in results if r.day is not None}
    if not days:
        return None
    first = min(days)
    last = max(today, max(days))
    span = [first + dt.timedelta(n) for n in range((last - first).days + 1)]
    # today's run may still come: until played, today does not break the streak
    span = [day for day in span if day != today or day in days]
    current, longest = streaks(days.get(day, False) for day in span)
    return Daily(days, current, longest)


def game_stats(game: str, results: Sequence[Result], today: dt.date) -> GameStats:
    by_opponents = {
        kind: tally(mine)
        for kind in OPPONENTS
        if (mine := [r for r in results if r.opponents == kind])
    }
    return GameStats(
        game,
        tally(results),
        by_opponents,
        [(r.finished, r.score) for r in measured(results)],
        daily(results, today),
    )


def player_stats(records: Records, profile: str, today: dt.date | None = None) -> PlayerStats:
    """A profile's statistics at every game it has finished (or given up) a match of."""
    results = results_of(records, profile)
    by_game: dict[str, list[Result]] = {}
    for result in results:
        by_game.setdefault(result.game, []).append(result)
    day = today or dt.date.today()
    games = [game_stats(game, mine, day) for game, mine in by_game.items()]
    games.sort(key=lambda g: -g.total.played)  # stable: equal counts stay oldest first
    return PlayerStats(profile, tally(results, with_scores=False), games)


@dataclass(frozen=True)
class Bin:
    low: int
    high: int
    count: int

    @property
    def label(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


def histogram(scores: Sequence[int], most: int = 8) -> list[Bin]:
    """Scores counted in at most `most` bins of equal, whole widths, from the lowest score
    to the highest, empty bins included so that the gaps show."""
    if not scores:
        return []
    low, high = min(scores), max(scores)
    width = max(1, math.ceil((high - low + 1) / most))
    count = (high - low) // width + 1
    bins = [0] * count
    for score in scores:
        bins[(score - low) // width] += 1
    return [Bin(low + n * width, low + (n + 1) * width - 1, found) for n, found in enumerate(bins)]
