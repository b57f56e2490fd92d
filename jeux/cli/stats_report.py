"""The report of `jeux stats`: the statistics screen's figures as text or JSON for the shell."""

from __future__ import annotations

import datetime as dt
import json
import sys
from typing import Any

from ..catalog import GAMES
from ..engine.text import join_names, json_escape, percent, plural, printable
from ..store.locations import Locations
from ..store.profiles import Profile, Profiles
from ..store.records import Records
from ..store.stats import (
    LOST,
    MISSED,
    WEEKDAYS,
    WON,
    Daily,
    PlayerStats,
    daily_summary,
    day_state,
    game_stats,
    month_title,
    month_weeks,
    months,
    player_stats,
    recent_line,
    table_lines,
)
from .terminal import complain, show

DAY_MARKS = {WON: "✓", LOST: "✗", MISSED: "·"}
"""How a day of the daily calendar is marked in the shell; days to come are blank."""


def title(game_id: str) -> str:
    return GAMES[game_id].title if game_id in GAMES else game_id


def find_player(profiles: Profiles, wanted: str) -> Profile | None:
    """A profile by id or by name, whatever the case."""
    return next(
        (p for p in profiles.players if wanted == p.id or p.name.casefold() == wanted.casefold()),
        None,
    )


def calendar_lines(daily: Daily, today: dt.date) -> list[str]:
    lines = []
    for year, month in months(daily, today):
        lines += ["", month_title(year, month), " ".join(f"{d:>3}" for d in WEEKDAYS)]
        for week in month_weeks(year, month):
            cells = [
                f"{day.day:>2}{DAY_MARKS.get(day_state(daily, day, today), ' ')}" if day else "   "
                for day in week
            ]
            lines.append(" ".join(cells).rstrip())
    legend = "   ".join(f"{mark} {state}" for state, mark in DAY_MARKS.items())
    return [*lines, "", legend]


def player_lines(name: str, stats: PlayerStats, today: dt.date) -> list[str]:
    total = stats.overall.total
    if not total.played:
        return [f"{name} : aucune partie terminée."]
    lines = [
        f"{name} : {plural(total.played, 'partie')}, {plural(total.won, 'victoire')} "
        f"({percent(total.win_rate)})"
    ]
    for game in [stats.overall, *stats.games]:
        heading = title(game.game) if game.game else "Tous les jeux"
        lines += ["", f"== {heading} ==", *table_lines(game), recent_line(game, DAY_MARKS)]
        if game.daily:
            lines += ["", "Parties du jour : " + ". ".join(daily_summary(game.daily))]
            lines += calendar_lines(game.daily, today)
    return lines


def player_json(profile: Profile, stats: PlayerStats) -> dict[str, Any]:
    return {
        "id": profile.id,
        "name": profile.name,
        "total": {
            key: value
            for key, value in stats.overall.to_json().items()
            if key not in ("game", "scores", "daily")  # several games: none of these
        },
        "games": [{**g.to_json(), "title": title(g.game)} for g in stats.games],
    }


def print_stats(
    config_dir: str | None, data_dir: str | None, player: str | None, as_json: bool
) -> int:
    """StoreError (an unusable folder or database) is left to `jeux`'s main, which says it
    alike for every subcommand."""
    locations = Locations.at(config_dir, data_dir)
    profiles = Profiles(locations.players_file)
    chosen = profiles.players
    if player is not None:
        found = find_player(profiles, player)
        if found is None:
            known = join_names([p.name for p in profiles.players]) or "aucun"
            message = f"Joueur inconnu : {player} (joueurs enregistrés : {known})."
            print(printable(message), file=sys.stderr)
            return 2
        chosen = [found]
    records = Records(locations.database) if locations.database.exists() else None
    for problem in (profiles.problem, records and records.problem):
        if problem:  # a damaged file set aside: said, as the app says it at start
            complain(problem)
    today = dt.date.today()

    def stats_of(profile: Profile) -> PlayerStats:
        if records is None:
            return PlayerStats(profile.id, game_stats("", [], today))
        return player_stats(records, profile.id, today)

    if as_json:
        players = [player_json(p, stats_of(p)) for p in chosen]
        text = json.dumps({"players": players}, ensure_ascii=False, indent=2)
        print(printable(text, escape=json_escape))
        return 0
    if not chosen:
        print("Aucun joueur enregistré : crée-en un dans jeux (F2 depuis le menu).")
        return 0
    blocks = [player_lines(p.name, stats_of(p), today) for p in chosen]
    show("\n\n".join("\n".join(block) for block in blocks))
    return 0
