"""A player's statistics, per game: queries over the finished results of `Records`, with no
interface. The statistics screen and `jeux stats` only present what `player_stats` returns.

Matches are told apart by who sat against the player: nobody (solo), humans only, or at least
one robot. A game's daily runs are the results labelled `daily:<ISO date>` (the day's first
attempt, e.g. Scoundrel's daily dungeon): any game that labels its runs so gets a calendar.
A solo run played with hints (labelled HINTED) counts apart: in none of the figures, only in
how many there were."""

from __future__ import annotations

import calendar
import datetime as dt
import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from jeux.engine.text import percent, plural

from .records import HINTED, Records

DAILY_LABEL = "daily:"
"""The label prefix of a counted daily run, followed by its ISO date."""

RECENT = 12
"""How many of the latest matches a player's form shows."""

SOLO, HUMANS, ROBOTS = "solo", "humans", "robots"
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
    helped: bool = False
    """Played with hints: counted apart."""


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
    recent: list[bool]
    """Whether each of the latest matches (at most RECENT) was won, oldest first."""
    helped: int = 0
    """Runs played with hints, in none of the figures above."""

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            **self.total.to_json(),
            "opponents": {kind: tally.to_json() for kind, tally in self.by_opponents.items()},
            "scores": [score for _when, score in self.scores],
            "daily": self.daily.to_json() if self.daily else None,
            "recent": self.recent,
            "helped": self.helped,
        }


@dataclass(frozen=True)
class PlayerStats:
    profile: str
    overall: GameStats
    """Every game together (game ""): played, won and streaks; scores of different games do
    not add up, so it has none."""
    games: list[GameStats] = field(default_factory=list)
    """Most played first."""

    def game(self, game_id: str) -> GameStats | None:
        return next((g for g in self.games if g.game == game_id), None)


def opponents_of(seats_json: str | None, seat: int) -> str:
    """SOLO, HUMANS or ROBOTS: who sat at the other seats of a match, from its seats."""
    try:
        seats = json.loads(seats_json or "[]")
    except ValueError:
        seats = []
    if not isinstance(seats, list):
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
            "r.label, CASE WHEN json_valid(m.saved) THEN json_extract(m.saved, '$.seats') END "
            "FROM results r LEFT JOIN matches m "
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
            opponents_of(seats, seat),
            daily_day(label),
            label.startswith(HINTED),
        )
        for match_id, game, finished, score, won, low, forfeit, seat, label, seats in rows
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
    """One game's figures; game "" adds every game up, without scores. Runs played with
    hints are only counted."""
    helped = sum(r.helped for r in results)
    results = [r for r in results if not r.helped]
    with_scores = bool(game)
    by_opponents = {
        kind: tally(mine, with_scores)
        for kind in OPPONENTS
        if (mine := [r for r in results if r.opponents == kind])
    }
    return GameStats(
        game,
        tally(results, with_scores),
        by_opponents,
        [(r.finished, r.score) for r in measured(results)] if with_scores else [],
        daily(results, today) if with_scores else None,
        [r.won for r in results[-RECENT:]],
        helped,
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
    return PlayerStats(profile, game_stats("", results, day), games)


@dataclass(frozen=True)
class Bin:
    low: int
    high: int
    count: int


def histogram(scores: Sequence[int], most: int = 8) -> list[Bin]:
    """Scores counted in at most `most` bins of equal widths, from the lowest score to the
    highest, empty bins included so that gaps show. Widths are whole multiples of the step
    the scores share (Le 5000 counts by fifties), so every bin can hold scores."""
    if not scores:
        return []
    low, high = min(scores), max(scores)
    step = math.gcd(*(score - low for score in scores)) or 1
    width = step * max(1, math.ceil(((high - low) // step + 1) / most))
    bins = [0] * ((high - low) // width + 1)
    for score in scores:
        bins[(score - low) // width] += 1
    return [Bin(low + n * width, low + (n + 1) * width - 1, found) for n, found in enumerate(bins)]


# --- French wording, shared by the statistics screen and `jeux stats` ---------------------

OPPONENT_TITLES = {SOLO: "En solo", HUMANS: "Humains", ROBOTS: "Robots"}
"""Column titles: alone, against humans only, with at least one robot."""
MONTHS = (
    "janvier février mars avril mai juin juillet août septembre octobre novembre décembre"
).split()
WEEKDAYS = ("lu", "ma", "me", "je", "ve", "sa", "di")
WON, LOST, MISSED = "gagné", "perdu", "pas joué"
"""What a day of the daily calendar was."""


def decimal(value: float) -> str:
    """17.5 → "17,5", 18.0 → "18"."""
    return f"{value:.1f}".removesuffix(".0").replace(".", ",")


def tally_rows(tally: Tally, scores: bool = True) -> list[tuple[str, str]]:
    """(caption, value) of every figure of a tally, "–" where there is none yet; without
    the scores for several games together."""

    def maybe(value: object) -> str:
        return "–" if value is None else str(value)

    best = "Meilleur (plus bas)" if tally.lower_is_better else "Meilleur score"
    rate = "–" if tally.win_rate is None else percent(tally.win_rate)
    rows = [
        ("Parties", str(tally.played)),
        ("Victoires", str(tally.won)),
        ("Taux de victoire", rate),
    ]
    if scores:
        average = "–" if tally.average is None else decimal(tally.average)
        rows += [(best, maybe(tally.best)), ("Score moyen", average)]
    return [
        *rows,
        ("Série en cours", str(tally.current_streak)),
        ("Plus longue série", str(tally.longest_streak)),
    ]


def table_columns(game: GameStats) -> list[tuple[str, Tally]]:
    """The columns of a game's figures: all matches, then each kind of opponent met; a
    player who met one kind only gets that column alone (a total would repeat it)."""
    kinds = [(OPPONENT_TITLES[kind], tally) for kind, tally in game.by_opponents.items()]
    return kinds if len(kinds) == 1 else [("Total", game.total), *kinds]


def recent_line(game: GameStats, marks: dict[str, str]) -> str:
    """The latest results, oldest first, with the calendar's marks for won and lost."""
    return "Dernières parties : " + " ".join(marks[WON if won else LOST] for won in game.recent)


def table_lines(game: GameStats, width: int = 9) -> list[str]:
    """The figures of a game as lines of text: a caption, then a value per column."""
    columns = table_columns(game)
    rows = [tally_rows(tally, scores=bool(game.game)) for _name, tally in columns]
    captions = [caption for caption, _value in rows[0]]
    left = max(map(len, captions))
    lines = [" " * left + "".join(f"{name:>{width}}" for name, _tally in columns)]
    for n, caption in enumerate(captions):
        lines.append(f"{caption:<{left}}" + "".join(f"{row[n][1]:>{width}}" for row in rows))
    if game.helped:
        lines.append(f"Avec des conseils, comptées à part : {plural(game.helped, 'partie')}")
    return lines


def month_title(year: int, month: int) -> str:
    return f"{MONTHS[month - 1]} {year}"


def months(daily: Daily, today: dt.date) -> list[tuple[int, int]]:
    """(year, month) from the first daily run to this month (or the last run's, if a
    clock set back puts it later)."""
    first, last = min(daily.days), max(today, max(daily.days))
    found = []
    year, month = first.year, first.month
    while (year, month) <= (last.year, last.month):
        found.append((year, month))
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return found


def month_weeks(year: int, month: int) -> list[list[dt.date | None]]:
    """The weeks of a month, Monday first, None outside the month."""
    weeks = calendar.Calendar(firstweekday=0).monthdatescalendar(year, month)
    return [[day if day.month == month else None for day in week] for week in weeks]


def day_state(daily: Daily, day: dt.date, today: dt.date) -> str:
    """WON, LOST, MISSED (since the first daily run), or "" (before it, or to come)."""
    if day in daily.days:
        return WON if daily.days[day] else LOST
    return MISSED if min(daily.days) < day < today else ""


def daily_summary(daily: Daily) -> list[str]:
    """Two lines: how many days were played and won, then the streak of days won."""
    played, won = len(daily.days), sum(daily.days.values())
    return [
        f"{played} jour{'s' * (played > 1)} joué{'s' * (played > 1)}, {won} gagné{'s' * (won > 1)}",
        f"Jours gagnés d'affilée : {daily.current_streak} (record : {daily.longest_streak})",
    ]
