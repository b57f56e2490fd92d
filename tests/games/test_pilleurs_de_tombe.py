"""Les pilleurs de tombe (RULINGS.md §3): every quoted and derived case, with forced dice."""

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.testing import ForcedRng
from jeux.games.pilleurs_de_tombe.game import GAME
from jeux.games.pilleurs_de_tombe.rules import (
    ADVANCE,
    ANNOUNCE,
    ARTIFACT,
    COMBO,
    DROP,
    DROPPING,
    FOUR_THROWS,
    OVER,
    POWERS,
    ROLLING,
    SHARE,
    SNAKE_REROLL,
    Announce,
    BonusRolled,
    CombinationTaken,
    Decline,
    Drop,
    JokerSpent,
    Roll,
    Share,
    Stop,
    Take,
    TurnEnded,
)


def new(players=("Lina", "Marc", "Zoé"), rng=None, **options):
    return GAME.new(players, GAME.resolve_options(options), rng or ForcedRng())


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


def turn(state, *faces):
    """One throw of five dice, validated at once."""
    play(state, Roll(), *faces)
    return play(state, Stop()) if state.phase == ROLLING else []


def ended(events):
    return next(e for e in events if isinstance(e, TurnEnded))


# --- the dice alone (quoted) ----------------------------------------------------------


def test_pil1_a_turn_throws_five_dice():
    state = new()
    play(state, Roll(), 1, 2, 4, 5, 6)
    assert state.faces == (1, 2, 4, 5, 6) and state.throw == 1


def test_quoted_1_6_1_6_x_advances_two():
    state = new()
    turn(state, 1, 6, 1, 6, 4)
    assert state.advances[0] == 2 and state.current == 1


def test_quoted_1_6_1_2_advances_one_and_takes_an_artifact_without_asking():
    state = new()
    turn(state, 1, 6, 1, 2, 4)
    assert state.advances[0] == 1 and state.artifacts[0] == 1
    assert state.reserve == 9 and state.current == 1


def test_quoted_worked_turn_advances_one_and_ends_blocked():
    state = new()
    play(state, Roll(), 1, 5, 3, 6, 6)
    assert state.snakes == {2}  # PIL-2: the 3 is set aside at once
    play(state, Roll((1,)), 2)
    events = play(state, Roll((1,)), 5)  # the third throw validates
    end = ended(events)
    assert (end.advances, end.artifacts, end.blocked) == (1, 0, True)
    assert state.blocked[0] and state.advances[0] == 1


def test_quoted_stopping_at_throw_two_offers_artifact_or_advance():
    state = new()
    play(state, Roll(), 1, 5, 3, 6, 6)
    play(state, Roll((1,)), 2)
    play(state, Stop())
    assert state.phase == SHARE  # PIL-6: one torch, a 6 or a 2
    assert state.legal_actions() == [Share(True), Share(False)]
    play(state, Share(False))
    assert state.artifacts[0] == 1 and state.advances[0] == 0


def test_quoted_third_six_offers_the_combination_or_the_progression():
    state = new()
    state.advances[1] = 3
    play(state, Roll(), 1, 3, 6, 6, 6)
    play(state, Stop())
    assert state.phase == COMBO
    assert set(state.legal_actions()) == {Take(1), Take(2), Decline()}
    events = play(state, Take(1))
    assert isinstance(events[0], CombinationTaken) and events[0].target == "Marc"
    assert state.advances == [0, 2, 0]  # the 6s were used by the combination (PIL-5)


def test_pil5_declined_six_six_six_counts_alone():
    state = new()
    play(state, Roll(), 1, 3, 6, 6, 6)
    play(state, Stop())
    play(state, Decline())
    assert state.advances[0] == 1


def test_quoted_faq_cave_in_on_the_third_throw_advances_then_blocks_next_turn():
    state = new(("Lina", "Marc"))
    play(state, Roll(), 2, 2, 6, 4, 4)
    play(state, Roll((0, 1, 3, 4)), 2, 2, 4, 4)
    play(state, Roll((0, 1, 3, 4)), 1, 5, 5, 3)  # 1-5-6-5-3
    assert state.advances[0] == 1 and state.blocked[0]
    turn(state, 2, 4, 5, 6, 6)  # Marc
    turn(state, 1, 6, 1, 6, 5)  # PIL-7, PIL-8: Lina, blocked and no 4, does not move
    assert state.advances[0] == 1 and state.blocked[0]


def test_quoted_faq_two_pickaxes_with_a_cave_in_leave_the_player_free():
    state = new()
    events = turn(state, 4, 4, 5, 2, 6)
    assert not state.blocked[0] and not ended(events).blocked


# --- derived cases ----------------------------------------------------------------------


def test_derived_snake_triple_moves_back_then_the_torch_advances():
    state = new()
    state.advances[0] = 2
    events = turn(state, 3, 3, 3, 1, 6)
    assert CombinationTaken("Lina", 3, "", "recule d'un cran") in events
    assert state.advances[0] == 2  # -1 then +1


def test_derived_blocked_with_a_pickaxe_advances_or_takes_an_artifact():
    state = new()
    state.blocked[0] = True
    state._start_turn()
    play(state, Roll(), 1, 6, 4, 2, 2)
    play(state, Stop())
    assert state.phase == SHARE
    play(state, Share(True))
    assert state.advances[0] == 1 and not state.blocked[0]


def test_pil8_a_blocked_player_still_takes_artifacts_without_being_asked():
    state = new()
    state.blocked[0] = True
    state._start_turn()
    turn(state, 1, 6, 2, 5, 3)
    assert state.artifacts[0] == 1 and state.advances[0] == 0 and state.blocked[0]


def test_pil2_snakes_gathered_over_throws_make_the_forced_triple():
    state = new()
    state.advances[0] = 1
    play(state, Roll(), 3, 1, 2, 4, 5)
    with pytest.raises(IllegalAction, match="serpent"):
        play(state, Roll((0, 1)), 2, 2)
    play(state, Roll((1, 2)), 3, 6)
    play(state, Roll((2, 3)), 3, 6)
    assert state.advances[0] == 0  # 3-3-3 from three throws, forced


def test_pil3_kept_dice_may_be_thrown_again_by_default_and_locked_as_an_option():
    free = new()
    play(free, Roll(), 1, 2, 4, 5, 6)
    play(free, Roll((3,)), 2)
    assert Roll((0, 3)) in free.legal_actions()
    locked = new(kept_locked=True)
    play(locked, Roll(), 1, 2, 4, 5, 6)
    play(locked, Roll((3,)), 2)
    assert locked.rerollable() == (3,)
    with pytest.raises(IllegalAction, match="gardés"):
        play(locked, Roll((0,)), 1)


def test_pil11_moving_back_stops_at_zero():
    state = new()
    turn(state, 3, 3, 3, 2, 4)
    assert state.advances[0] == 0


def test_pil14_the_table_and_both_numbers_configurable():
    table = {2: (8, 5), 3: (7, 10), 4: (6, 15), 5: (7, 12), 6: (7, 14)}
    for count, (advances, artifacts) in table.items():
        state = new(tuple(f"J{i}" for i in range(count)))
        assert (state.target, state.reserve) == (advances, artifacts)
    state = new(advances=10, artifacts=20)
    assert (state.target, state.reserve) == (10, 20)


# --- combinations: targets, consumption, the joker ------------------------------------


def test_pil18_taken_pickaxes_do_not_free_a_blocked_player():
    state = new()
    state.blocked[0] = True
    state._start_turn()
    play(state, Roll(), 4, 4, 4, 1, 6)
    play(state, Stop())
    play(state, Take())
    assert state.joker == 0 and state.blocked[0] and state.advances[0] == 0


def test_pil18_taken_cave_ins_do_not_block_the_roller_and_pil5_declined_ones_do():
    state = new()
    turn(state, 5, 5, 5, 2, 2)
    play(state, Take(1))
    assert state.blocked == [False, True, False]
    other = new()
    turn(other, 5, 5, 5, 2, 2)
    play(other, Decline())
    assert other.blocked == [True, False, False]


def test_pil19_no_artifact_anywhere_lets_the_twos_count_alone():
    state = new()
    turn(state, 2, 2, 2, 1, 4)
    assert state.artifacts[0] == 1 and state.current == 1  # no question asked


def test_pil19_two_two_two_steals_from_a_player_holding_one():
    state = new()
    state.artifacts[2] = 2
    turn(state, 2, 2, 2, 1, 4)
    assert state.legal_actions() == [Take(2), Decline()]
    play(state, Take(2))
    assert state.artifacts == [1, 0, 1]


def test_pil19_five_five_five_needs_a_player_not_blocked():
    state = new()
    state.blocked[1] = state.blocked[2] = True
    turn(state, 5, 5, 5, 2, 2)
    assert state.blocked[0] and state.current == 1


def test_pil19_six_six_six_may_aim_at_a_player_at_zero_who_loses_nothing():
    state = new()
    turn(state, 6, 6, 6, 2, 4)
    play(state, Take(1))
    assert state.advances == [0, 0, 0]


def test_pil13_four_four_four_takes_the_joker_from_its_holder():
    state = new()
    state.joker = 2
    turn(state, 4, 4, 4, 2, 2)
    play(state, Take())
    assert state.joker == 0


def test_pil13_holding_the_joker_already_lets_the_pickaxes_count_alone():
    state = new()
    state.joker = 0
    turn(state, 4, 4, 4, 2, 2)
    assert state.current == 1


def test_pil10_the_joker_protects_its_holder_from_five_five_five():
    state = new()
    state.joker = 1
    turn(state, 5, 5, 5, 2, 2)
    events = play(state, Take(1))
    assert JokerSpent("Marc") in events
    assert state.joker is None and not state.blocked[1]


def test_pil7_the_joker_cancels_a_new_cave_in_but_not_an_old_one():
    state = new()
    state.joker = 0
    events = turn(state, 5, 1, 6, 3, 3)
    assert JokerSpent("Lina") in events and not state.blocked[0] and state.joker is None
    kept = new()
    kept.joker = 0
    kept.blocked[0] = True
    kept._start_turn()
    turn(kept, 5, 1, 6, 3, 3)
    assert kept.blocked[0] and kept.joker == 0  # a new 5 adds nothing


def test_pil7_strict_option_a_pickaxe_frees_without_moving_this_turn():
    state = new(strict_pickaxe=True)
    state.blocked[0] = True
    state._start_turn()
    turn(state, 1, 6, 4, 3, 5)
    assert state.advances[0] == 0 and not state.blocked[0]


# --- 1-1-1 (PIL-9) --------------------------------------------------------------------


def test_pil9_one_one_one_announces_and_counts_only_that_face_without_torches():
    state = new()
    turn(state, 1, 1, 1, 5, 6)
    play(state, Take())
    assert state.phase == ANNOUNCE
    events = play(state, Announce(ARTIFACT), 2, 2, 5, 3, 1)
    assert BonusRolled("Lina", (2, 2, 5, 3, 1), ARTIFACT, 2) in events
    assert state.artifacts[0] == 2 and not state.blocked[0]  # no cave-in, no snake


def test_pil9_progress_announced_while_blocked_gives_nothing():
    state = new()
    state.blocked[0] = True
    state._start_turn()
    turn(state, 1, 1, 1, 4, 6)
    play(state, Take())
    play(state, Announce(ADVANCE), 6, 6, 4, 4, 1)
    assert state.advances[0] == 0 and state.blocked[0]  # no unblocking either


def test_pil9_declined_one_one_one_lets_the_torches_count():
    state = new()
    turn(state, 1, 1, 1, 6, 6)
    play(state, Decline())
    assert state.advances[0] == 2


# --- the end (PIL-6, PIL-15) ----------------------------------------------------------


def test_pil6_artifacts_are_capped_by_the_reserve_and_the_last_one_ends_the_game():
    state = new(("Lina", "Marc"), artifacts=5)
    state.reserve = 1
    state.artifacts[1] = 1
    state.advances[1] = 3
    turn(state, 1, 2, 1, 2, 4)
    assert state.phase == OVER and state.artifacts[0] == 1
    outcome = state.outcome()
    assert outcome.ranks == (2, 1)  # PIL-15: tied artifacts, more advances
    assert outcome.ending == "Artefacts épuisés"


def test_pil15_reaching_the_centre_wins_and_the_others_rank_by_artifacts():
    state = new()
    state.advances[0] = 6
    state.artifacts[1], state.artifacts[2] = 1, 3
    turn(state, 1, 6, 4, 4, 5)
    assert state.phase == OVER
    outcome = state.outcome()
    assert outcome.ranks == (1, 3, 2) and "centre" in outcome.summary
    assert outcome.ending == "Centre atteint"


# --- the random powers (PIL-17, PIL-20) ----------------------------------------------


def test_pil17_powers_dealt_without_replacement_then_with():
    state = new(tuple(f"J{i}" for i in range(5)), ForcedRng(choices=[1, 2]), powers=True)
    assert state.powers[:3] == list(POWERS) and state.powers[3:] == [SNAKE_REROLL, DROP]


def test_pil17_four_throws():
    state = new(powers=True)
    state.powers[0] = FOUR_THROWS
    state._start_turn()
    play(state, Roll(), 2, 2, 4, 5, 5)
    for _ in range(2):
        play(state, Roll((4,)), 5)
    assert state.phase == ROLLING
    play(state, Roll((4,)), 6)
    assert state.current == 1


def test_pil17_one_snake_rerolled_once_per_turn():
    state = new(powers=True)
    state.powers[0] = SNAKE_REROLL
    state._start_turn()
    play(state, Roll(), 3, 3, 4, 5, 6)
    assert Roll((0,)) in state.legal_actions() and Roll((0, 1)) not in state.legal_actions()
    play(state, Roll((0,)), 2)
    assert Roll((1,)) not in state.legal_actions()


def test_pil17_drop_two_artifacts_to_advance_one():
    state = new(powers=True)
    state.powers[0] = DROP
    state.artifacts[0] = 2
    state.reserve = 8
    state._start_turn()
    turn(state, 1, 6, 4, 4, 5)
    assert state.phase == DROPPING
    play(state, Drop())
    assert state.advances[0] == 2 and state.artifacts[0] == 0 and state.reserve == 10


def test_pil20_no_drop_for_a_player_who_may_not_advance():
    state = new(powers=True)
    state.powers[0] = DROP
    state.artifacts[0] = 3
    state.blocked[0] = True
    state._start_turn()
    turn(state, 1, 6, 2, 2, 5)
    assert state.current == 1


# --- the robot ------------------------------------------------------------------------


def test_bot_throws_the_cave_in_again_and_aims_at_the_leader():
    bot = GAME.bot(1)
    state = new()
    play(state, Roll(), 1, 6, 5, 2, 4)
    assert bot.choose(state) == Roll((2, 4))
    leader = new()
    leader.advances[2] = 4
    turn(leader, 5, 5, 5, 1, 6)
    assert bot.choose(leader) == Take(2)


# --- what the screen writes (present.py) ----------------------------------------------


def test_present_gains_and_the_way_to_the_centre():
    from jeux.games.pilleurs_de_tombe.present import gains_text, path_lines
    from jeux.games.pilleurs_de_tombe.rules import Gains

    assert gains_text(Gains(2, 1, True, True)) == "+2 crans, +1 artefact, bloqué·e"
    assert gains_text(Gains(0, 0, False, True)) == "rien"
    state = new()
    state.advances[1], state.artifacts[1], state.blocked[1], state.joker = 9, 2, True, 1
    line = path_lines(state)[1]
    assert (line.done, line.left, line.artifacts, line.flags) == (7, 0, 2, "BJ")
