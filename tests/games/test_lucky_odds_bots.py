"""Lucky Odds robots (RULINGS.md §7): Moyen and Fort make the obvious moves,
Débutant stays plausible (tests/test_robot_levels.py plays every level to the end)."""

import pytest

from jeux.engine.core import LEVELS
from jeux.engine.testing import ForcedRng
from jeux.games.lucky_odds.bots import race_turn, steady_unfinished, win_table
from jeux.games.lucky_odds.game import GAME
from jeux.games.lucky_odds.rules import TARGET, Roll, Stop


def new(players=("Lina", "Marc"), **options):
    return GAME.new(players, GAME.resolve_options(options), ForcedRng())


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


def test_the_duel_table_is_a_chance_to_win():
    table = win_table(False)
    assert table[0][0] > 0.5  # the first to throw has the edge
    assert table[TARGET - 1][0] > table[0][0] > table[0][TARGET - 1]
    assert all(0.0 <= p <= 1.0 for row in table for p in row)


def test_a_steady_rival_finishes_sooner_the_nearer_50_it_starts():
    unfinished = steady_unfinished(False)
    assert unfinished[0][:TARGET] == (1.0,) * TARGET and unfinished[5][TARGET] == 0.0
    assert all(later <= now for now, later in zip(unfinished, unfinished[1:], strict=False))
    assert unfinished[3][45] < unfinished[3][20] < unfinished[3][0]


def test_the_race_is_a_chance_to_win_that_falls_with_more_rivals():
    def value(rivals):
        turn = race_turn(0, tuple((b, True) for b in rivals), False, True)
        return turn.worth(turn.throw(0, 3, 0, first=True))

    duel, three, four = value((0,)), value((0, 0)), value((0, 0, 0))
    assert 0.5 < duel < 0.56  # moving first, the best reply to Moyen wins 54.4 %
    assert 1 / 3 < three < duel and 1 / 4 < four < three


def test_fort_takes_more_risks_when_two_rivals_near_50():
    def after_two_throws(rivals):
        state = new(("Lina", "Marc", "Zoé"))
        state.scores[0], state.scores[1:] = 30, rivals
        play(state, Roll(), 1, 3, 5)  # all odd: 9, the three dice go again
        play(state, Roll(), 3, 2, 2)  # 12 in the turn, two even dice left
        return state.view(0)

    assert GAME.bot(1, "fort").choose(after_two_throws([0, 0])) == Stop()
    assert GAME.bot(1, "fort").choose(after_two_throws([45, 45])) == Roll((1, 2))
    assert GAME.bot(1, "moyen").choose(after_two_throws([45, 45])) == Stop()


@pytest.mark.parametrize("level", ("moyen", "fort"))
def test_moyen_and_fort_bank_a_good_turn_and_push_a_small_one(level):
    state = new()
    play(state, Roll(), 3, 5, 6)  # 8 points, one even die left
    assert GAME.bot(1, level).choose(state) == Stop()
    state = new()
    play(state, Roll(), 1, 2, 4)  # 1 point, two even dice left
    assert GAME.bot(1, level).choose(state) == Roll((1, 2))


@pytest.mark.parametrize("level", LEVELS)
def test_in_the_last_round_every_level_throws_on(level):
    state = new(equal_turns=True)
    state.scores[0], state.scores[1] = 41, 30
    play(state, Roll(), 1, 3, 5)  # Lina lands on 50: Marc plays the round's last turn
    play(state, Roll(), 1, 2, 4)
    assert state.race.final_round
    assert GAME.bot(1, level).choose(state) == Roll((1, 2))  # 31 would lose for sure


def test_debutant_pushes_its_luck_with_a_small_turn():
    state = new()
    play(state, Roll(), 3, 5, 6)
    assert GAME.bot(1, "debutant").choose(state) == Roll((2,))  # 8 is not enough for it
