"""Lovecraftian Dice of Madness (RULINGS.md §13): every quoted and derived case, forced dice."""

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.testing import ForcedRng
from jeux.games.dice_of_madness.game import GAME
from jeux.games.dice_of_madness.rules import (
    MadnessTest,
    Roll,
    Stop,
    TargetReached,
    TurnScored,
    WentMad,
    category,
)


def new(players=("Lina", "Marc"), **options):
    return GAME.new(players, GAME.resolve_options(options), ForcedRng())


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


def turn(state, *faces):
    """A turn thrown once and kept: the dice score as they fall."""
    return play(state, Roll(), *faces) + play(state, Stop())


# --- quoted: the table, the thresholds, the test, the sixes ---------------------------


@pytest.mark.parametrize(
    ("faces", "name", "knowledge", "madness"),
    [
        ((3, 3, 3, 3, 3), "Quintuple", 10, 0),
        ((2, 2, 2, 2, 5), "Carré", 5, 0),
        ((1, 2, 3, 4, 5), "Suite", 5, 0),
        ((6, 5, 4, 3, 2), "Suite", 5, 0),
        ((4, 4, 4, 1, 2), "Brelan", 3, 0),
        ((2, 2, 3, 3, 5), "Double paire", 2, 0),
        ((1, 1, 3, 4, 5), "Paire", 0, -1),
        ((1, 2, 3, 4, 6), "Rien", 0, 1),
    ],
)
def test_quoted_category_table(faces, name, knowledge, madness):
    found = category(faces)
    assert (found.name, found.knowledge, found.madness) == (name, knowledge, madness)


def test_quoted_each_six_of_the_first_roll_adds_one_madness():
    state = new()
    play(state, Roll(), 6, 6, 1, 2, 3)  # derived: first roll 6,6,1,2,3 → Madness +2
    assert state.madness == [2, 0]


def test_quoted_derived_2_2_3_3_5_scores_two_knowledge():
    state = new()
    events = turn(state, 2, 2, 3, 3, 5)
    assert TurnScored("Lina", "double_paire", "Double paire : +2 Savoir", 2, 0) in events
    assert state.knowledge == [2, 0] and state.to_move() == 1


def test_derived_4_4_4_1_2_scores_three():
    state = new()
    turn(state, 4, 4, 4, 1, 2)
    assert state.knowledge == [3, 0] and state.madness == [0, 0]


def test_derived_1_2_3_4_6_is_nothing_and_adds_madness():
    state = new()
    turn(state, 1, 2, 3, 4, 6)
    assert state.knowledge == [0, 0]
    assert state.madness == [2, 0]  # +1 for the 6 of the first roll, +1 for nothing


def test_mad3_full_house_counts_as_three_of_a_kind_and_heals():
    state = new()
    state.madness[0] = 4
    turn(state, 5, 5, 5, 2, 2)
    assert state.knowledge == [3, 0] and state.madness == [3, 0]


def test_mad3_option_full_house_without_the_extra_heal():
    state = new(full_bonus=False)
    state.madness[0] = 4
    turn(state, 5, 5, 5, 2, 2)
    assert state.knowledge == [3, 0] and state.madness == [4, 0]


def test_a_pair_never_takes_madness_below_zero():
    state = new()
    turn(state, 1, 1, 3, 4, 5)
    assert state.madness == [0, 0]


# --- MAD-1, MAD-2: the Madness test ---------------------------------------------------


def test_mad1_first_turn_has_no_test():
    state = new()
    state.madness[0] = 10
    events = play(state, Roll(), 1, 2, 3, 4, 5)  # no d20 scripted: none drawn
    assert not any(isinstance(e, MadnessTest) for e in events)


def test_mad1_a_six_left_from_the_previous_turn_triggers_the_test():
    state = new(("Lina",))
    turn(state, 6, 6, 6, 1, 2)  # brelan of 6s: +3 Madness, the 6s stay on the table
    assert state.madness == [3] and state.test_due()
    events = play(state, Roll(), 3, 1, 2, 3, 4, 5)  # d20 3 ≤ 3 → +2
    assert events[0] == MadnessTest("Lina", 3, 3, True, 5)
    assert state.madness == [5]


def test_mad1_a_d20_above_madness_changes_nothing():
    state = new(("Lina",))
    turn(state, 6, 6, 6, 1, 2)
    play(state, Roll(), 4, 1, 2, 3, 4, 5)
    assert state.madness == [3]


def test_mad1_rerolling_the_sixes_away_avoids_the_next_test():
    state = new(("Lina",))
    play(state, Roll(), 6, 1, 1, 2, 3)
    play(state, Roll((0,)), 4)
    play(state, Stop())
    assert not state.test_due()


def test_mad2_at_madness_zero_no_d20_is_rolled():
    state = new(("Lina",))
    turn(state, 6, 6, 1, 1, 1)  # full house: +2 for the 6s, then −1
    state.madness[0] = 0
    assert 6 in state.table[0] and not state.test_due()
    events = play(state, Roll(), 1, 2, 3, 4, 5)  # a 6 is on the table, Madness 0: no d20
    assert not any(isinstance(e, MadnessTest) for e in events)


def test_mad1_option_test_right_after_the_first_roll():
    state = new(("Lina",), test_timing="first_roll")
    state.madness[0] = 5
    events = play(state, Roll(), 6, 1, 2, 3, 4, 5)
    assert events[1] == MadnessTest("Lina", 5, 5, True, 8)  # against Madness before the 6
    assert state.madness == [8]


def test_mad2_sixes_of_rerolls_add_nothing_by_default():
    state = new()
    play(state, Roll(), 1, 1, 2, 3, 4)
    play(state, Roll((2, 3, 4)), 6, 6, 6)
    assert state.madness == [0, 0]


def test_mad2_option_harsh_each_new_six_adds_one():
    state = new(sixes="harsh")
    play(state, Roll(), 1, 1, 2, 3, 4)
    play(state, Roll((2, 3)), 6, 6)
    assert state.madness == [2, 0]


def test_mad2_option_legacy_tests_before_each_reroll_and_sixes_cost_two_then_three():
    state = new(sixes="legacy")
    play(state, Roll(), 6, 1, 2, 3, 4)  # +1
    events = play(state, Roll((2, 3)), 1, 6, 6)  # d20 1 ≤ 1 → +2, then two 6s at +2
    assert events[0] == MadnessTest("Lina", 1, 1, True, 3, automatic=True)
    assert state.madness == [7, 0]
    play(state, Roll((4,)), 20, 6)  # d20 20 holds, one 6 at +3, then the dice score
    assert state.madness == [10, 0] and state.to_move() == 1


# --- rerolls ------------------------------------------------------------------------


def test_two_rerolls_at_most_then_the_dice_score():
    state = new()
    play(state, Roll(), 1, 2, 3, 4, 6)
    assert state.rerolls_left == 2
    play(state, Roll((4,)), 2)
    events = play(state, Roll((4,)), 5)
    assert TurnScored("Lina", "suite", "Suite : +5 Savoir", 5, 1) in events
    assert state.to_move() == 1


def test_a_reroll_needs_dice_and_the_first_throw_takes_all():
    state = new()
    assert state.legal_actions() == [Roll()]
    with pytest.raises(IllegalAction):
        play(state, Stop())
    play(state, Roll(), 1, 2, 3, 4, 6)
    with pytest.raises(IllegalAction, match="au moins un dé"):
        play(state, Roll(()))


# --- MAD-4, MAD-5, MAD-6: the end -----------------------------------------------------


def test_mad4_madness_14_and_a_six_is_out_before_scoring():
    state = new(("Lina",))
    state.madness[0] = 14
    events = play(state, Roll(), 6, 6, 6, 6, 6)  # a quintuple, never scored
    assert WentMad("Lina", 0) in events and state.knowledge == [0]
    outcome = state.outcome()
    assert outcome is not None and not outcome.won and outcome.scores == (0,)
    assert outcome.ending == "Folie"
    assert state.leaders() == set()  # a lost solo game stars nobody


def test_mad4_a_failed_test_can_end_the_turn_before_the_throw():
    state = new(("Lina",))
    turn(state, 6, 6, 6, 1, 2)
    state.madness[0] = 13
    events = play(state, Roll(), 2)  # d20 2 ≤ 13 → 15: no dice thrown
    assert isinstance(events[1], WentMad) and state.to_move() is None


def test_solo_fifty_knowledge_wins_and_scores_the_turns():
    state = new(("Lina",))
    state.knowledge[0] = 45
    events = turn(state, 3, 3, 3, 3, 3)
    assert state.to_move() is None and not any(isinstance(e, TargetReached) for e in events)
    outcome = state.outcome()
    assert outcome.won and outcome.lower_is_better and outcome.scores == (1,)
    assert outcome.ending == "Objectif atteint"


def test_mad5_the_last_sane_player_wins_at_once():
    state = new(("Lina", "Marc", "Zoé"))
    state.knowledge[:] = [0, 30, 40]
    state.madness[0] = 14
    play(state, Roll(), 6, 1, 2, 3, 4)
    assert state.out == [True, False, False] and state.to_move() == 1
    state.madness[1] = 14
    play(state, Roll(), 6, 1, 2, 3, 4)
    assert state.to_move() is None
    assert state.outcome().ranks == (3, 2, 1) and state.outcome().ending == "Dernier·e en jeu"


def test_mad5_out_players_are_skipped():
    state = new(("Lina", "Marc", "Zoé"))
    state.madness[1] = 14
    turn(state, 1, 2, 3, 5, 5)
    play(state, Roll(), 6, 1, 2, 3, 4)
    assert state.to_move() == 2
    turn(state, 1, 2, 3, 5, 5)
    assert state.to_move() == 0 and state.race.round == 2


def test_mad5_option_the_survivor_must_still_reach_fifty():
    state = new(survivor="must_reach")
    state.madness[0] = 14
    play(state, Roll(), 6, 1, 2, 3, 4)
    assert state.to_move() == 1
    state.knowledge[1] = 45
    turn(state, 2, 2, 2, 2, 2)
    assert state.to_move() is None and state.outcome().ranks == (2, 1)
    assert state.outcome().ending == "Objectif atteint"


def test_mad6_first_to_fifty_wins_at_once_by_default():
    state = new()
    state.knowledge[0] = 48
    turn(state, 1, 1, 1, 4, 5)
    assert state.to_move() is None and state.outcome().ranks == (1, 2)


def test_mad6_option_equal_turns_finishes_the_round():
    state = new(equal_turns=True)
    state.knowledge[:] = [48, 49]
    events = turn(state, 1, 1, 1, 4, 5)
    assert TargetReached("Lina", 51) in events and state.to_move() == 1
    turn(state, 2, 2, 2, 2, 5)
    assert state.outcome().ranks == (2, 1)


def test_everyone_mad_the_most_knowledge_wins():
    state = new(survivor="must_reach")
    state.knowledge[:] = [20, 10]
    state.madness[:] = [14, 14]
    play(state, Roll(), 6, 1, 2, 3, 4)
    play(state, Roll(), 6, 1, 2, 3, 4)
    outcome = state.outcome()
    assert outcome.ranks == (1, 2) and outcome.summary.startswith("Tous ont sombré")
    assert outcome.ending == "Folie générale"


# --- the robot ------------------------------------------------------------------------


def test_bot_keeps_a_quintuple_and_chases_a_pair():
    bot = GAME.bot(1)
    state = new()
    play(state, Roll(), 4, 4, 4, 4, 4)
    assert bot.choose(state.view(0)) == Stop()
    state = new()
    play(state, Roll(), 4, 4, 1, 2, 6)
    choice = bot.choose(state.view(0))
    assert isinstance(choice, Roll) and 0 not in choice.dice and 1 not in choice.dice


def test_bot_stops_on_a_three_of_a_kind_when_mad_and_rerolls_cost():
    bot = GAME.bot(1)
    state = new(sixes="legacy")
    state.madness[0] = 12
    play(state, Roll(), 3, 3, 3, 1, 2)
    assert bot.choose(state.view(0)) == Stop()


def test_mad5_a_player_out_never_leads_the_sheet():
    state = new(("Lina", "Marc", "Zoé"))
    state.knowledge[:] = [40, 10, 20]
    state.madness[0] = 14
    play(state, Roll(), 6, 1, 2, 3, 4)
    assert state.leaders() == {2}
    state.madness[1] = 14
    play(state, Roll(), 6, 1, 2, 3, 4)
    assert state.leaders() == {2} and state.outcome().winners == (2,)


# --- the three levels -----------------------------------------------------------------


@pytest.mark.parametrize("level", GAME.levels)
def test_every_level_keeps_a_quintuple(level):
    state = new()
    play(state, Roll(), 4, 4, 4, 4, 4)
    assert GAME.bot(1, level).choose(state.view(0)) == Stop()


@pytest.mark.parametrize("level", ["moyen", "fort"])
def test_a_winning_total_is_banked(level):
    state = new()
    state.knowledge[0] = 47
    play(state, Roll(), 2, 2, 2, 5, 1)  # three of a kind: 50, the game is won
    assert GAME.bot(1, level).choose(state.view(0)) == Stop()


def test_fort_throws_a_six_away_when_the_next_test_can_hurt():
    state = new()
    state.madness[0] = 10
    play(state, Roll(), 6, 3, 3, 1, 5)  # a pair: Madness −1, but the 6 stays on the table
    choice = GAME.bot(1, "fort").choose(state.view(0))
    assert isinstance(choice, Roll) and 0 in choice.dice


def test_debutant_chases_its_biggest_group_and_stops_at_two_pairs():
    bot = GAME.bot(1, "debutant")
    state = new()
    play(state, Roll(), 5, 2, 5, 1, 3)
    assert bot.choose(state.view(0)) == Roll((1, 3, 4))
    state = new()
    play(state, Roll(), 5, 2, 5, 2, 3)
    assert bot.choose(state.view(0)) == Stop()
