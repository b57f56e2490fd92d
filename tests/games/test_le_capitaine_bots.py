"""Le Capitaine robots (RULINGS.md §1): Moyen and Fort make the obvious moves,
Débutant stays plausible (tests/test_robot_levels.py plays every level to the end)."""

import pytest

from jeux.engine.core import LEVELS
from jeux.engine.testing import ForcedRng
from jeux.games.le_capitaine.bots import crew_odds, race_table, race_values, steady_spread
from jeux.games.le_capitaine.game import GAME
from jeux.games.le_capitaine.rules import Roll, Stop


def new(players=("Lina", "Marc"), **options):
    return GAME.new(players, GAME.resolve_options(options), ForcedRng())


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


def test_crew_odds_cover_every_turn():
    fail, done = crew_odds()
    assert fail + sum(map(sum, done)) == pytest.approx(1.0)
    # A 6, a 5 and a 4 among the first five dice: 1 - 3 (5/6)^5 + 3 (4/6)^5 - (3/6)^5
    first_throw = 1 - 3 * (5 / 6) ** 5 + 3 * (4 / 6) ** 5 - (3 / 6) ** 5
    assert sum(done[2]) == pytest.approx(first_throw)


def test_the_race_table_is_a_chance_to_win():
    table = race_table(50, True, False)
    assert 0.4 < table.first[0][0] < 0.6
    assert table.first[45][10] > 0.9 > 0.1 > table.first[10][45]
    assert all(0.0 <= p <= 1.0 for rows in (table.first, table.last) for row in rows for p in row)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_sails_a_full_cargo_and_rethrows_an_empty_one(level):
    state = new()
    play(state, Roll(), 6, 5, 4, 6, 6)
    assert GAME.bot(1, level).choose(state) == Stop()
    state = new()
    play(state, Roll(), 6, 5, 4, 1, 1)
    assert GAME.bot(1, level).choose(state) in (Roll((3,)), Roll((4,)), Roll((3, 4)))


def test_fort_rethrows_a_low_die_with_its_last_throw():
    state = new()
    play(state, Roll(), 6, 1, 1, 1, 1)
    play(state, Roll((1, 2, 3, 4)), 5, 4, 6, 2)  # crew complete on the 2nd throw, cargo 8
    assert state.throws_left == 1
    assert GAME.bot(1, "fort").choose(state) == Roll((4,))  # the 2 goes again, the 6 stays


@pytest.mark.parametrize("level", ("moyen", "fort"))
def test_in_the_last_round_moyen_and_fort_rethrow_a_cargo_that_loses(level):
    state = new()
    state.knots[0], state.knots[1] = 95, 96
    play(state, Roll(), 6, 5, 4, 5, 5)
    play(state, Stop())  # Lina reaches 105: Marc plays the round's last turn
    play(state, Roll(), 6, 5, 4, 4, 4)  # 8 would leave Marc at 104
    assert state.race.final_round
    assert isinstance(GAME.bot(1, level).choose(state), Roll)


def test_with_more_players_fort_races_every_rival():
    def cargo_of_seven(rivals):
        state = new(("Lina", "Marc", "Zoé"))
        state.knots[0], state.knots[1:] = 90, rivals
        play(state, Roll(), 6, 1, 1, 1, 1)
        play(state, Roll((1, 2, 3, 4)), 5, 4, 3, 4)  # crew complete, cargo 3 + 4, one throw left
        return state

    assert GAME.bot(1, "fort").choose(cargo_of_seven([0, 0])) == Stop()  # 97, far ahead
    assert GAME.bot(1, "fort").choose(cargo_of_seven([95, 95])) == Roll((3,))  # 97 loses
    assert GAME.bot(1, "moyen").choose(cargo_of_seven([95, 95])) == Roll((3,))


def test_a_steady_rival_sails_its_turn_and_the_race_falls_with_more_rivals():
    assert sum(steady_spread(False)) == pytest.approx(1.0)
    one = race_values(0, ((0, True),), 100, True, False)
    two = race_values(0, ((0, True), (0, True)), 100, True, False)
    assert all(1 / 4 < b < a < 3 / 4 for a, b in zip(one, two, strict=True))
    assert list(one) == sorted(one)  # more knots, more chances
