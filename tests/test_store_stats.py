"""Layer 5: the statistics queries, over a SQLite file filled through the store's own API."""

import datetime as dt

import pytest

from jeux.store.records import HINTED, Records
from jeux.store.stats import (
    HUMANS,
    MISSED,
    ROBOTS,
    SOLO,
    Bin,
    Daily,
    day_state,
    histogram,
    months,
    player_stats,
    table_lines,
)

TODAY = dt.date(2026, 11, 30)


def play(
    records: Records,
    game: str,
    seats: list[tuple[str, bool]],
    scores: list[int],
    winner: int | None,
    label: str = "",
    low: bool = False,
) -> int:
    """One finished match: seats as (profile, robot?); every seat with a profile gets a result."""
    saved = {
        "game": game,
        "seed": 1,
        "seats": [{"name": p or "Robot", "profile": p, "bot": bot} for p, bot in seats],
        "actions": [],
    }
    match_id = records.start(saved, label)
    results = [
        {
            "profile": p,
            "name": p,
            "seat": i,
            "rank": 1 if i == winner else 2,
            "score": scores[i],
            "won": i == winner,
            "low": low,
        }
        for i, (p, _bot) in enumerate(seats)
        if p
    ]
    records.finish(match_id, saved, results)
    return match_id


@pytest.fixture
def records(tmp_path):
    return Records(tmp_path / "jeux.sqlite3")


def test_a_player_with_no_match_has_empty_statistics(records):
    stats = player_stats(records, "lina", TODAY)
    assert (
        stats.games == []
        and stats.overall.total.played == 0
        and stats.overall.total.win_rate is None
    )


def test_played_won_best_average_and_streaks_per_game(records):
    for score, won in [(10, True), (30, True), (5, False), (20, True), (15, True), (25, True)]:
        play(records, "le_5000", [("lina", False)], [score], 0 if won else None)
    play(records, "scoundrel", [("lina", False)], [3], None)
    stats = player_stats(records, "lina", TODAY)
    assert [g.game for g in stats.games] == ["le_5000", "scoundrel"]  # most played first
    five = stats.game("le_5000").total
    assert (five.played, five.won, five.best, five.average) == (6, 5, 30, 17.5)
    assert (five.current_streak, five.longest_streak) == (3, 3)
    assert five.win_rate == pytest.approx(5 / 6)
    # across games the streak is broken by the lost Scoundrel run; scores do not add up
    assert (
        stats.overall.total.played,
        stats.overall.total.won,
        stats.overall.total.current_streak,
    ) == (7, 5, 0)
    assert stats.overall.total.best is None and stats.overall.total.average is None
    assert [s for _t, s in stats.game("le_5000").scores] == [10, 30, 5, 20, 15, 25]
    assert stats.overall.recent == [True, True, False, True, True, True, False]


def test_humans_and_robots_are_kept_apart(records):
    play(records, "le_5000", [("lina", False), ("marc", False)], [50, 40], 0)
    play(records, "le_5000", [("lina", False), ("", True)], [10, 60], 1)
    play(records, "le_5000", [("lina", False), ("marc", False), ("", True)], [70, 0, 0], 0)
    play(records, "le_5000", [("lina", False)], [5], None)
    game = player_stats(records, "lina", TODAY).game("le_5000")
    assert list(game.by_opponents) == [SOLO, HUMANS, ROBOTS]
    assert (game.by_opponents[HUMANS].played, game.by_opponents[HUMANS].won) == (1, 1)
    robots = game.by_opponents[ROBOTS]
    assert (robots.played, robots.won, robots.best) == (2, 1, 70)
    marc = player_stats(records, "marc", TODAY).game("le_5000")
    assert list(marc.by_opponents) == [HUMANS, ROBOTS]


def test_fewest_is_best_when_the_game_counts_down(records):
    for turns in (12, 9, 15):
        play(records, "des_bloques", [("lina", False)], [turns], 0, low=True)
    assert player_stats(records, "lina", TODAY).game("des_bloques").total.best == 9


def test_a_given_up_run_counts_as_lost_without_a_score(records):
    play(records, "scoundrel", [("lina", False)], [12], 0, label="daily:2026-11-28")
    saved = {"game": "scoundrel", "seed": 1, "seats": [{"name": "Lina", "profile": "lina"}]}
    records.abandon(records.start(saved, "daily:2026-11-29"), counted=True)
    game = player_stats(records, "lina", TODAY).game("scoundrel")
    assert (game.total.played, game.total.won, game.total.best) == (2, 1, 12)
    assert game.total.current_streak == 0 and game.scores[-1][1] == 12
    assert game.daily.days == {dt.date(2026, 11, 28): True, dt.date(2026, 11, 29): False}


def test_daily_calendar_and_streak_of_days_won(records):
    for day, won in [(20, True), (21, True), (22, True), (24, True), (25, False), (27, True)]:
        play(
            records,
            "scoundrel",
            [("lina", False)],
            [5],
            0 if won else None,
            label=f"daily:2026-11-{day}",
        )
    play(records, "scoundrel", [("lina", False)], [5], 0, label="daily-replay:2026-11-25")
    play(records, "scoundrel", [("lina", False)], [5], 0)
    daily = player_stats(records, "lina", dt.date(2026, 11, 28)).game("scoundrel").daily
    assert len(daily.days) == 6  # replays and free runs are not daily runs
    assert (daily.current_streak, daily.longest_streak) == (1, 3)
    # a day missed breaks the streak, but today's run may still come
    assert (
        player_stats(records, "lina", dt.date(2026, 11, 29)).game("scoundrel").daily.current_streak
        == 0
    )
    assert player_stats(records, "lina", TODAY).game("le_5000") is None


def test_games_without_daily_runs_have_no_calendar(records):
    play(records, "le_5000", [("lina", False)], [5], 0)
    assert player_stats(records, "lina", TODAY).game("le_5000").daily is None


def test_hostile_names_and_a_damaged_saved_match_do_not_break_the_queries(records):
    name = "[red]x" * 2000
    play(records, "le_5000", [(name, False), ("", True)], [5, 3], 0)
    with records._db() as db:
        db.execute("UPDATE matches SET saved = '{not json'")
    game = player_stats(records, name, TODAY).game("le_5000")
    assert game.total.won == 1 and list(game.by_opponents) == [SOLO]


def test_json_keys_are_stable(records):
    play(records, "le_5000", [("lina", False), ("", True)], [5, 3], 0)
    data = player_stats(records, "lina", TODAY).games[0].to_json()
    assert list(data) == [
        "game",
        "played",
        "won",
        "win_rate",
        "best",
        "average",
        "current_streak",
        "longest_streak",
        "lower_is_better",
        "opponents",
        "scores",
        "daily",
        "recent",
        "helped",
    ]
    assert data["opponents"]["robots"]["win_rate"] == 1.0 and data["recent"] == [True]


@pytest.mark.parametrize(
    ("scores", "bins"),
    [
        ([], []),
        ([7, 7], [Bin(7, 7, 2)]),
        ([0, 1, 9], [Bin(0, 1, 2), Bin(2, 3, 0), Bin(4, 5, 0), Bin(6, 7, 0), Bin(8, 9, 1)]),
        ([0, 3, 3, 9], [Bin(0, 2, 1), Bin(3, 5, 2), Bin(6, 8, 0), Bin(9, 11, 1)]),
        ([-100, 250, 400], [Bin(-100, 49, 1), Bin(50, 199, 0), Bin(200, 349, 1), Bin(350, 499, 1)]),
    ],
)
def test_histogram_has_whole_bins_from_lowest_to_highest(scores, bins):
    assert histogram(scores, most=5) == bins


def test_calendar_months_run_from_the_first_daily_run_to_this_month():
    daily = Daily({dt.date(2026, 11, 3): True, dt.date(2027, 1, 2): False}, 0, 1)
    assert months(daily, dt.date(2027, 2, 1)) == [(2026, 11), (2026, 12), (2027, 1), (2027, 2)]
    assert months(daily, dt.date(2026, 12, 1)) == [(2026, 11), (2026, 12), (2027, 1)]
    assert day_state(daily, dt.date(2026, 11, 2), TODAY) == ""  # before the first run
    assert day_state(daily, dt.date(2026, 11, 4), TODAY) == MISSED
    assert day_state(daily, TODAY, TODAY) == ""  # today's run may still come


def test_runs_played_with_hints_count_apart(records):
    play(records, "scoundrel", [("lina", False)], [12], 0)
    play(records, "scoundrel", [("lina", False)], [30], 0, label=HINTED + "daily:2026-11-28")
    stats = player_stats(records, "lina", TODAY)
    game = stats.games[0]
    assert (game.total.played, game.total.won, game.total.best, game.helped) == (1, 1, 12, 1)
    assert game.daily is None and stats.overall.total.played == 1  # in no figure at all
    assert table_lines(game)[-1] == "Avec des conseils, comptées à part : 1 partie"
