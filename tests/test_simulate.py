"""The designer's lab behind `jeux simulate`: parallel runs, variants, intervals."""

from collections import Counter
from random import Random

import pytest

from jeux.catalog import load_game
from jeux.engine.simulate import Report, histogram, option_values, playout, simulate, wilson


def test_the_results_do_not_depend_on_the_number_of_processes():
    game = load_game("le_capitaine")
    alone = simulate(game, 3, 400, seed=11, processes=1)
    shared = simulate(game, 3, 400, seed=11, processes=2)
    assert alone.to_json() | {"games_per_second": 0} == shared.to_json() | {"games_per_second": 0}
    assert sum(alone.wins_by_seat) >= 400 and len(alone.lengths) == 400


def test_a_playout_counts_every_event_by_its_kind():
    game = load_game("arcane_arena")
    played = playout(game, 2, 7, levels=("moyen", "moyen"))
    rng, bots = Random(7), [game.bot(f"7:{seat}", "moyen") for seat in range(2)]
    state, told = game.new(("Joueur 1", "Joueur 2"), game.resolve_options({}), rng), Counter()
    while (seat := state.to_move()) is not None:
        told.update(type(e).__name__ for e in state.apply(bots[seat].choose(state.view(seat)), rng))
    assert played.events == told and played.events["Drew"] > 0


def test_options_are_read_from_text_and_refused_in_french():
    game = load_game("le_5000")
    assert option_values(game, ["target=10000"]) == {"target": 10000}
    with pytest.raises(ValueError, match="option inconnue : 'cible'.*target"):
        option_values(game, ["cible=10000"])
    with pytest.raises(ValueError, match=r"valeurs : 5000, 10000"):
        option_values(game, ["target=7"])


def test_an_option_changes_the_games_played():
    game = load_game("le_5000")
    short = simulate(game, 2, 60, seed=1, options={"target": 5000}, processes=1)
    long = simulate(game, 2, 60, seed=1, options={"target": 10000}, processes=1)
    assert sum(long.lengths) > sum(short.lengths)
    assert short.to_json()["options"] == {"target": 5000}


def test_wilson_interval_brackets_the_share():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.404, abs=1e-3) and high == pytest.approx(0.596, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_histogram_counts_every_value_once():
    lines = histogram([1, 1, 2, 9, 30], bins=3)
    assert sum(int(line.split()[-1]) for line in lines) == 5
    assert lines[0].split()[0] == "1–10"


def test_rotated_levels_take_every_seat_in_turn_and_count_their_wins():
    game = load_game("the_last_spell")
    report = simulate(game, 2, 40, seed=5, levels=("fort", "debutant"), rotate=True, processes=1)
    assert report.seated(5) == ("debutant", "fort") and report.seated(6) == ("fort", "debutant")
    assert sum(report.wins_by_level.values()) == pytest.approx(report.played)
    assert set(report.to_json()["wins_by_level"]) == {"fort", "debutant"}
    assert report.decisions.keys() == {"fort", "debutant"}


def test_each_decision_is_timed_by_the_clock_it_is_given():
    ticks = iter(range(10**6))  # each reading one second later: every decision takes 1 s
    game = load_game("the_last_spell")
    report = simulate(game, 2, 3, 1, levels=("moyen", "moyen"), processes=1, timer=ticks.__next__)
    assert set(report.decisions["moyen"]) == {1}
    assert report.to_json()["decision_ms"]["moyen"]["median"] == 1000


def test_endings_are_counted_in_every_process_and_merged():
    game = load_game("the_last_spell")
    alone = simulate(game, 2, 400, seed=3, processes=1)
    shared = simulate(game, 2, 400, seed=3, processes=2)
    assert alone.endings == shared.endings and sum(shared.endings.values()) == 400
    assert set(shared.endings) == {"Propre score battu", "Dernier·e en jeu"}  # LS-1
    endings = shared.to_json()["endings"]
    assert endings == dict(shared.endings) and list(endings) == [
        e for e, _ in shared.endings.most_common()
    ]


def test_endings_are_listed_most_frequent_first_with_their_share():
    report = Report("gladiators_duel", 2, 1000, 1, wins_by_seat=[0, 0])
    report.endings = Counter({"Double KO": 1, "KO": 999})
    rows = report.rows()
    start = rows.index(("Fins de partie", "KO : 100 %"))
    assert rows[start + 1] == ("", "Double KO : < 1 %")


def test_a_game_nobody_wins_splits_its_point_between_the_levels():
    # GD: a double KO is a draw, worth half a game to each level.
    game = load_game("gladiators_duel")
    report = simulate(game, 2, 300, seed=1, levels=("fort", "moyen"), rotate=True, processes=1)
    draws = report.endings["Double KO"]
    assert draws and sum(report.wins_by_seat) == report.played - draws
    assert sum(report.wins_by_level.values()) == pytest.approx(report.played)
