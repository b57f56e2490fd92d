"""Le Capitaine (RULINGS.md §1): every quoted and derived case, with forced dice."""

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.events import GameOver
from jeux.engine.match import Match, Seat
from jeux.engine.testing import ForcedRng
from jeux.games.le_capitaine.game import GAME
from jeux.games.le_capitaine.rules import (
    DiceRolled,
    Roll,
    Stop,
    TargetReached,
    TieBreak,
    TurnEnded,
    TurnStarted,
    lock_roles,
    throw_label,
)


def new(players=("Lina", "Marc", "Zoé"), **options):
    return GAME.new(players, GAME.resolve_options(options), ForcedRng())


def points_sheet(state):
    """The sheet's cells as the points of each turn (None: not played)."""
    return [[mark and mark.points for mark in row] for row in state.race.sheet]


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


def sail(state, cargo=(3, 2)):
    """One whole turn: 6-5-4 on the first throw, then keep the cargo."""
    play(state, Roll(), 6, 5, 4, *cargo)
    return play(state, Stop())


def fail(state):
    """One whole turn without a ship: three throws, no 6."""
    for _ in range(3):
        events = play(state, Roll(), 1, 2, 3, 4, 5)
    return events


# --- the ordered crew (rules restated, CAP-4, CAP-5) -----------------------------------


def test_cap_derived_654_on_first_throw_completes_the_crew_with_cargo_5():
    state = new()
    events = play(state, Roll(), 6, 5, 4, 3, 2)
    assert state.crew_complete and state.cargo == 5
    assert state.roles == (6, 5, 4, None, None)
    assert state.label == "Équipage complet, cargaison 5"
    assert events == [
        DiceRolled("Lina", (6, 5, 4, 3, 2), (0, 1, 2, 3, 4), state.roles, state.label, 2)
    ]
    # CAP-3: two throws left to reroll the cargo
    assert state.throws_left == 2
    assert set(state.legal_actions()) == {Stop(), Roll((3,)), Roll((4,)), Roll((3, 4))}


def test_cap_derived_6_without_5_keeps_the_ship_but_not_the_crew():
    state = new()
    play(state, Roll(), 6, 4, 1, 1, 2)
    assert state.roles == (6, None, None, None, None)
    assert state.wanted == 5
    assert state.label == "Bateau seul, il manque le capitaine (un 5)"
    assert state.legal_actions() == [Roll((1, 2, 3, 4))]


def test_cap_derived_no_6_keeps_nothing_and_rerolls_everything():
    state = new()
    play(state, Roll(), 5, 4, 3, 2, 1)
    assert state.roles == (None,) * 5
    assert state.wanted == 6
    assert state.label == "Pas de bateau (il faut un 6)"
    assert state.legal_actions() == [Roll((0, 1, 2, 3, 4))]


def test_cap_derived_three_throws_without_a_5_score_0():
    state = new()
    play(state, Roll(), 6, 1, 1, 2, 2)
    play(state, Roll((1, 2, 3, 4)), 4, 4, 3, 3)
    events = play(state, Roll((1, 2, 3, 4)), 4, 2, 2, 1)
    assert TurnEnded("Lina", 0, 0, False) in events
    assert events[-1] == TurnStarted("Marc", 1)
    assert state.knots == [0, 0, 0] and points_sheet(state) == [[0, None, None]]
    assert state.to_move() == 1 and state.phase == "start" and state.faces == ()


def test_cap_crew_members_lock_in_order_within_one_throw():
    assert lock_roles((4, 5, 6, 1, 1), (None,) * 5) == (4, 5, 6, None, None)
    assert lock_roles((4, 5, 1, 1, 1), (None,) * 5) == (None,) * 5
    assert lock_roles((6, 4, 4, 1, 1), (None,) * 5) == (6, None, None, None, None)


def test_cap_crew_members_lock_in_order_over_several_throws():
    state = new()
    play(state, Roll(), 1, 6, 4, 2, 3)  # the 4 comes too early
    assert state.roles == (None, 6, None, None, None)
    play(state, Roll((0, 2, 3, 4)), 5, 2, 2, 3)  # captain, still no crew
    assert state.roles == (5, 6, None, None, None) and state.wanted == 4
    assert state.label == "Bateau et capitaine, il manque l'équipage (un 4)"
    events = play(state, Roll((2, 3, 4)), 3, 4, 6)  # crew on the last throw
    assert events[0].roles == (5, 6, None, 4, None)
    assert TurnEnded("Lina", 9, 9, True) in events  # cargo 3 + 6, scored at once
    assert state.knots[0] == 9 and state.to_move() == 1


def test_cap5_one_die_per_role_extra_dice_become_cargo():
    state = new()
    play(state, Roll(), 6, 6, 5, 4, 6)
    assert state.roles == (6, None, 5, 4, None)
    assert state.cargo_dice == (1, 4) and state.cargo == 12
    assert state.label == "Équipage complet, cargaison 12"


def test_cap5_extra_dice_before_the_crew_are_rerolled():
    state = new()
    play(state, Roll(), 6, 6, 1, 2, 3)
    assert state.roles == (6, None, None, None, None)
    assert state.rerollable == (1, 2, 3, 4)


def test_cap4_locking_is_automatic_and_the_only_choice_is_the_throw():
    state = new()
    assert state.legal_actions() == [Roll((0, 1, 2, 3, 4))] == [Roll()]
    assert state.phase == "start" and state.wanted == 6


# --- CAP-3: the cargo -----------------------------------------------------------------


def test_cap3_reroll_one_cargo_die_and_the_last_result_counts():
    state = new()
    play(state, Roll(), 6, 5, 4, 6, 1)
    play(state, Roll((4,)), 2)
    assert state.cargo == 8 and state.throws_left == 1
    events = play(state, Roll((3,)), 1)  # a worse result still counts
    assert state.knots[0] == 3
    assert TurnEnded("Lina", 3, 3, True) in events


def test_cap3_reroll_both_cargo_dice_then_stop():
    state = new()
    play(state, Roll(), 6, 5, 4, 1, 1)
    play(state, Roll((3, 4)), 5, 6)
    assert state.phase == "cargo" and state.label == "Équipage complet, cargaison 11"
    events = play(state, Stop())
    assert events[0] == TurnEnded("Lina", 11, 11, True)
    assert points_sheet(state) == [[11, None, None]]


def test_cap3_option_both_cargo_dice_together():
    state = new(cargo_reroll="both")
    play(state, Roll(), 6, 5, 4, 1, 1)
    assert state.legal_actions() == [Stop(), Roll((3, 4))]
    with pytest.raises(IllegalAction, match="ensemble"):
        play(state, Roll((3,)), 6)


# --- refusals -------------------------------------------------------------------------


def test_stop_without_a_full_crew_is_refused_in_french():
    state = new()
    with pytest.raises(IllegalAction, match="équipage complet"):
        play(state, Stop())
    play(state, Roll(), 6, 5, 1, 1, 1)
    with pytest.raises(IllegalAction, match="équipage complet"):
        play(state, Stop())


def test_keeping_dice_before_the_crew_is_complete_is_refused():
    state = new()
    play(state, Roll(), 6, 1, 1, 1, 1)
    with pytest.raises(IllegalAction, match="Relance tous les dés"):
        play(state, Roll((1, 2)), 5, 4)
    with pytest.raises(IllegalAction, match="Relance tous les dés"):
        play(state, Roll((0, 1, 2, 3, 4)), 5, 4, 1, 1, 1)


def test_locked_crew_cannot_be_rerolled():
    state = new()
    play(state, Roll(), 6, 5, 4, 1, 1)
    with pytest.raises(IllegalAction, match="cargaison"):
        play(state, Roll((0, 3)), 6, 6)


# --- CAP-1 / CAP-6: the end -----------------------------------------------------------


def test_appendix_a_targets_100_and_50_in_the_short_game():
    assert new().target == 100
    assert new(target=50).target == 50


def test_cap1_reaching_100_finishes_the_round_and_the_highest_total_wins():
    state = new()
    state.knots[:] = [95, 90, 80]
    events = sail(state, (3, 2))  # Lina reaches 100
    assert TargetReached("Lina", 100) in events
    assert state.race.final_round and state.to_move() == 1
    sail(state, (6, 6))  # Marc 102
    events = sail(state, (1, 1))  # Zoé 82: the round is over
    assert isinstance(events[-1], GameOver)
    assert state.to_move() is None and state.legal_actions() == []
    outcome = state.outcome()
    assert outcome.scores == (100, 102, 82)
    assert outcome.ranks == (2, 1, 3) and outcome.winners == (1,)
    assert outcome.summary == "Marc gagne avec 102 nœuds."
    assert not outcome.lower_is_better  # against others, the most knots is best


def test_cap1_round_goes_on_when_nobody_reached_the_target():
    state = new(("A", "B"))
    sail(state)
    sail(state)
    assert state.race.round == 2 and state.to_move() == 0
    assert points_sheet(state) == [[5, 5], [None, None]]


def test_cap6_tied_leaders_play_tie_break_rounds_alone():
    state = new()
    state.knots[:] = [95, 90, 97]
    sail(state, (3, 2))  # Lina 100
    fail(state)  # Marc 90
    events = sail(state, (2, 1))  # Zoé 100
    assert TieBreak(("Lina", "Zoé"), 100) in events
    assert state.race.contenders == (0, 2) and state.race.round == 2 and state.to_move() == 0
    sail(state, (1, 1))  # Lina 102
    assert state.to_move() == 2  # Marc sits out
    events = sail(state, (1, 1))  # Zoé 102: still tied, again
    assert TieBreak(("Lina", "Zoé"), 102) in events
    sail(state, (1, 2))  # Lina 105
    sail(state, (1, 1))  # Zoé 104
    assert state.outcome().winners == (0,)
    assert points_sheet(state)[-1] == [3, None, 2]


def test_cap1_option_immediate_win():
    state = new(equal_turns=False)
    state.knots[:] = [95, 99, 0]
    events = sail(state, (3, 2))
    assert events[-1] == GameOver("Lina gagne avec 100 nœuds.")
    assert state.to_move() is None and state.outcome().winners == (0,)


def test_cap1_short_game_ends_at_50():
    state = new(("A", "B"), target=50)
    state.knots[:] = [45, 0]
    sail(state, (3, 2))
    sail(state, (1, 1))
    assert state.outcome().winners == (0,)


def test_solo_score_attack_counts_the_turns_to_reach_100():
    state = new(("Lina",))
    assert GAME.info.min_players == 1
    for _ in range(8):
        sail(state, (6, 6))  # 8 × 12 = 96
    fail(state)
    assert state.to_move() == 0 and state.race.turns(0) == 9
    events = sail(state, (2, 2))  # turn 10: 100
    assert isinstance(events[-1], GameOver)
    outcome = state.outcome()
    assert outcome.scores == (10,) and outcome.won and outcome.winners == (0,)
    assert outcome.summary == "Lina parcourt 100 nœuds en 10 tours."
    assert outcome.lower_is_better  # the records keep the fewest turns


def test_solo_ignores_equal_turns():
    state = new(("Lina",), equal_turns=True, target=50)
    state.knots[:] = [45]
    sail(state, (3, 2))
    assert state.to_move() is None


# --- what the screen reads ------------------------------------------------------------


def test_throw_label_names_the_value_of_the_throw():
    assert throw_label((), (None,) * 5) == ""
    assert throw_label((6, 5, 4, 4, 5), (6, 5, 4, None, None)) == "Équipage complet, cargaison 9"


def test_events_describe_in_french_by_name():
    state = new()
    events = play(state, Roll(), 6, 5, 4, 4, 5)
    assert events[0].describe() == "Lina lance 6, 5, 4, 4, 5. Équipage complet, cargaison 9."
    events = play(state, Stop())
    assert events[0].describe() == "Lina parcourt 9 nœuds (total 9)."
    assert events[1].describe() == "Au tour de Marc."
    events = fail(state)
    assert events[-2].describe() == "Marc n'a pas d'équipage : 0 nœud (total 0)."


def test_saved_match_replays_with_dice_tuples():
    match = Match(GAME, 3, (Seat("A"), Seat("B")), {"cargo_reroll": "both"})
    while not match.over:
        match.play(match.state.legal_actions()[-1])
    again = Match.from_saved(GAME, match.to_saved())
    assert again.outcome() == match.outcome()


# --- what the screen shows before deciding, and the computer player ---------------------


def test_cargo_outlook_gives_the_range_of_a_rethrow():
    from jeux.games.le_capitaine.rules import cargo_outlook

    faces, cargo = (6, 5, 4, 6, 2), (3, 4)
    assert cargo_outlook(faces, cargo, (4,)) == (7, 12, 9.5)
    assert cargo_outlook(faces, cargo, (3, 4)) == (2, 12, 7.0)
    assert cargo_outlook(faces, cargo, ()) == (8, 8, 8.0)


def test_state_outlook_and_may_rethrow_follow_the_cargo_option():
    state = new()
    play(state, Roll(), 2, 6, 5, 4, 1)
    assert state.cargo_dice == (0, 4)
    assert state.outlook((4,)) == (3, 8, 5.5)
    assert state.may_rethrow((4,)) and state.may_rethrow((4, 0))
    assert not state.may_rethrow((1,)) and not state.may_rethrow(())
    both = new(cargo_reroll="both")
    play(both, Roll(), 2, 6, 5, 4, 1)
    assert both.may_rethrow((0, 4)) and not both.may_rethrow((4,))


def test_bot_rerolls_low_cargo_dice_and_keeps_a_good_cargo():
    bot = GAME.bot(1)
    state = new()
    assert bot.choose(state) == Roll()
    play(state, Roll(), 6, 5, 4, 6, 1)
    assert bot.choose(state) == Roll((4,))  # 7: the 1 goes again, the 6 stays
    play(state, Roll((4,)), 2)
    assert bot.choose(state) == Stop()  # 8 sails
    both = new(cargo_reroll="both")
    play(both, Roll(), 6, 5, 4, 6, 1)
    assert bot.choose(both) == Roll((3, 4))
    for _ in range(20):  # whatever the dice, the bot only plays legal moves
        match = Match(GAME, _, (Seat("A", bot=True), Seat("B", bot=True)), {})
        while not match.over:
            match.play(bot.choose(match.state))
        assert match.outcome() is not None
