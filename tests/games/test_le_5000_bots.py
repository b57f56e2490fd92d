"""Le 5000 robots (RULINGS.md §2): Moyen and Fort make the obvious moves,
Débutant stays plausible (tests/test_robot_levels.py plays every level to the end)."""

import pytest

from jeux.engine.core import LEVELS
from jeux.games.le_5000.bots import Duel, race_chance, turn_spread
from jeux.games.le_5000.game import GAME
from jeux.games.le_5000.rules import EXACT, REACH, Bank, Roll

from .test_le_5000 import at, new, play


def test_a_turn_for_points_banks_every_outcome_once():
    five_ones, spread = turn_spread(5000, True, False)
    assert five_ones + sum(spread) == pytest.approx(1.0)
    assert 250 < 50 * sum(units * chance for units, chance in enumerate(spread)) < 400


def test_the_race_favours_the_leader_and_counts_every_rival():
    duel = Duel(5000, REACH, True, False)
    start = race_chance(duel, (0, False), [(0, False, True)])
    assert 0.4 < start < 0.5  # the rival throws first from here
    assert race_chance(duel, (3000, True), [(1000, True, True)]) > 0.8
    assert race_chance(duel, (1000, True), [(3000, True, True)]) < 0.2
    three = race_chance(duel, (0, False), [(0, False, True), (0, False, True)])
    assert 1 / 4 < three < start
    # A rival near the target is a threat even to a player ahead of the others.
    ahead = race_chance(duel, (3000, True), [(1000, True, True), (1000, True, False)])
    threatened = race_chance(duel, (3000, True), [(1000, True, True), (4500, True, False)])
    assert threatened < ahead / 2


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_banks_a_winning_total(level):
    state = new()
    at(state, 0, 4900)
    play(state, Roll(), 1, 2, 3, 4, 6)
    assert GAME.bot(1, level).choose(state) == Bank((0,))


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_lands_exactly_on_the_target(level):
    state = new(finish=EXACT)
    at(state, 0, 4900)
    play(state, Roll(), 1, 5, 3, 4, 6)
    assert GAME.bot(1, level).choose(state) == Bank((0,))  # 4 950 or 5 050 would not win


@pytest.mark.parametrize("level", LEVELS)
def test_in_the_last_round_no_level_banks_short_of_the_leader(level):
    state = new()
    at(state, 0, 4600)
    at(state, 1, 4000)
    play(state, Roll(), 1, 1, 1, 2, 3)
    play(state, Bank((0, 1, 2)))  # Lina reaches 5 600: Marc plays the round's last turn
    play(state, Roll(), 1, 5, 5, 2, 3)
    assert state.last_round
    assert isinstance(GAME.bot(1, level).choose(state), Roll)  # 4 200 would lose anyway


@pytest.mark.parametrize("level", ("moyen", "fort"))
def test_moyen_and_fort_throw_hot_dice_again_with_a_small_turn(level):
    state = new()
    at(state, 0, 1000)
    play(state, Roll(), 1, 1, 1, 5, 3)
    play(state, Roll((0, 1, 2, 3)), 1)
    assert GAME.bot(1, level).choose(state) == Roll((0,))


def test_fort_banks_a_big_turn_with_one_die_left():
    state = new()
    at(state, 0, 1000)
    play(state, Roll(), 6, 6, 6, 2, 3)
    play(state, Roll((0, 1, 2)), 5, 4)
    assert GAME.bot(1, "fort").choose(state) == Bank((0,))  # 650 against a 1 in 3 chance


def test_fort_keeps_throwing_before_it_may_open():
    state = new()
    play(state, Roll(), 6, 6, 6, 2, 3)
    play(state, Roll((0, 1, 2)), 5, 4)
    assert GAME.bot(1, "fort").choose(state) == Roll((0,))  # 650 cannot open


def test_debutant_sets_aside_every_scoring_die():
    state = new()
    at(state, 0, 1000)
    play(state, Roll(), 1, 5, 5, 2, 3)
    action = GAME.bot(1, "debutant").choose(state)
    assert action.keep == (0, 1, 2)
