"""The Killer (RULINGS.md §5 and KIL-10): every quoted and derived case, with forced dice."""

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.testing import ForcedRng
from jeux.games.the_killer.game import GAME
from jeux.games.the_killer.present import life_text, target_detail
from jeux.games.the_killer.rules import (
    DEAD,
    DYING,
    RISE,
    ROUND_LIMIT,
    SIDE,
    START_HP,
    TARGET,
    ZOMBIE,
    Attack,
    BlowThrown,
    DeclareSide,
    Fizzled,
    Forget,
    GameOver,
    KillerBot,
    NoAttack,
    Regenerated,
    Rise,
    Stop,
    Targeted,
    Throw,
    attack_value,
)


def new(players=("Lina", "Marc", "Zoé"), **options):
    return GAME.new(players, GAME.resolve_options(options), ForcedRng())


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


def attack_with(state, value, *blow, target=1):
    """The current player throws a total giving `value` low (11 − value), stops and strikes."""
    faces = {1: (1, 1, 2, 3, 3), 2: (1, 1, 2, 2, 3), 3: (1, 1, 1, 2, 3), 6: (1, 1, 1, 1, 1)}
    play(state, Throw(), *faces[value])
    assert state.value() == value
    play(state, Stop())
    return play(state, Attack(target), *blow)


SIX = (6, 1, 1, 1, 1, 1, 1, 1, 1)
"""An attack of 6 that sets one die aside: 6 damage."""
THREE = (3, 1, 1, 1, 1, 1, 1, 1, 1)
"""An attack of 3 that sets one die aside: 3 damage."""


def pass_turn(state, *faces):
    """A turn that ends with no attack: five dice on 17, then four kept and a 3 (total 17)."""
    play(state, Throw(), *(faces or (3, 3, 3, 4, 4)))
    play(state, Throw((0, 1, 2, 3)), 4)


# --- quoted ---------------------------------------------------------------------------


def test_quoted_everyone_starts_with_12_life_points():
    state = new()
    assert state.hp == [START_HP] * 3 == [12] * 3


@pytest.mark.parametrize(
    ("total", "value"), [(10, 1), (5, 6), (25, 1), (30, 6), (11, 0), (24, 0), (17, 0)]
)
def test_derived_attack_values_from_the_total(total, value):
    assert attack_value(total) == value


def test_kil2_a_low_total_gives_an_attack_and_the_player_may_stop():
    state = new()
    play(state, Throw(), 1, 2, 2, 2, 2)  # 9
    assert state.value() == 2 and Stop() in state.legal_actions()
    events = play(state, Stop())
    assert events[0].describe() == "Lina obtient une attaque de 2."
    assert state.phase == TARGET


def test_kil10_stop_is_refused_when_the_total_does_not_qualify():
    state = new()
    play(state, Throw(), 3, 3, 3, 4, 4)
    assert Stop() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="moins de 11 ou plus de 24"):
        play(state, Stop())


def test_kil5_eleven_or_twenty_four_does_nothing_for_a_living_player():
    state = new()
    play(state, Throw(), 6, 6, 6, 3, 3)  # 24
    assert state.value() == 0 and not state.heals() and Stop() not in state.legal_actions()


def test_kil1_each_new_throw_keeps_at_least_one_more_die():
    state = new()
    play(state, Throw(), 3, 3, 3, 4, 4)
    with pytest.raises(IllegalAction, match="au moins un dé de plus"):
        play(state, Throw(()))
    play(state, Throw((0,)), 3, 3, 3, 3)
    with pytest.raises(IllegalAction, match="reste"):
        play(state, Throw((1, 2)))
    assert state.faces[0] == 3 and state.kept == (0,)


def test_kil1_five_throws_at_most_then_the_turn_ends_without_attack():
    state = new()
    play(state, Throw(), 3, 3, 3, 4, 4)
    play(state, Throw((0,)), 3, 3, 4, 4)
    play(state, Throw((0, 1)), 3, 4, 4)
    play(state, Throw((0, 1, 2)), 4, 4)
    events = play(state, Throw((0, 1, 2, 3)), 4)  # fifth throw: 3+3+3+4+4 = 17
    assert NoAttack("Lina", 17) in events
    assert state.current == 1 and state.hp == [12, 12, 12]


def test_kil1_four_dice_kept_is_the_last_throw():
    state = new()
    play(state, Throw(), 3, 3, 3, 4, 4)
    events = play(state, Throw((0, 1, 2, 3)), 4)
    assert isinstance(events[1], NoAttack) and state.current == 1


def test_kil2_the_last_throw_on_an_attack_leaves_only_stop():
    state = new()
    play(state, Throw(), 1, 1, 1, 1, 6)
    play(state, Throw((0, 1, 2, 3)), 1)
    assert state.legal_actions() == [Stop()]


# --- Phase 2 --------------------------------------------------------------------------


def test_derived_attack_3_sets_aside_6_then_9_then_stops_for_9_damage():
    state = new()
    events = attack_with(state, 3, 3, 3, 1, 6, 2, 3, 5, 4, 2, 2)
    assert events[0] == Targeted(1, "Lina", "Marc", 3)  # the target is named before the dice
    blows = [e for e in events if isinstance(e, BlowThrown)]
    assert [b.aside * 3 for b in blows] == [6, 9, 9]
    assert blows[-1].hits == () and state.hp[1] == 12 - 9


def test_kil7_all_five_set_aside_stops_the_attack_by_default():
    state = new()
    attack_with(state, 6, 6, 6, 6, 6, 6)
    assert state.hp[1] == 12 - 30


def test_kil7_option_picks_all_five_up_again():
    state = new(all_aside="again")
    attack_with(state, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1)
    assert state.hp[1] == 12 - 36


def test_kil6_the_target_is_required_and_forgetting_exists_only_as_an_option():
    state = new()
    play(state, Throw(), 1, 1, 1, 1, 1)
    play(state, Stop())
    assert Forget() not in state.legal_actions() and Attack(0) not in state.legal_actions()
    forgetful = new(forgetful=True)
    play(forgetful, Throw(), 1, 1, 2, 2, 3)
    play(forgetful, Stop())
    events = play(forgetful, Forget(), 2, 3, 4, 5, 6, 3, 4, 5, 6)
    assert events[0].forgot and forgetful.hp[0] == 10


# --- dying and death ------------------------------------------------------------------


def test_derived_4_hp_takes_9_dies_then_24_heals_to_1_and_makes_a_terminator():
    state = new(terminator=True)
    state.hp[1] = 4
    attack_with(state, 3, 3, 3, 1, 6, 2, 3, 5, 4, 2, 2)
    assert state.hp[1] == -5 and state.status(1) == DYING
    play(state, Throw(), 6, 6, 6, 3, 3)  # Marc, dying: exactly 24
    assert state.heals() and state.legal_actions()[0] == Stop()
    events = play(state, Stop())
    assert events[0] == Regenerated("Marc", 1, 1)
    assert state.hp[1] == 1 and state.level[1] == 1


def test_kil3_zero_is_alive_and_a_dying_player_cannot_attack():
    state = new()
    state.hp[0] = 0
    assert state.status(0) == "alive"
    state.hp[0] = -1
    play(state, Throw(), 1, 1, 1, 1, 1)
    assert state.value() == 0 and Stop() not in state.legal_actions()


def test_kil3_option_lets_a_dying_player_attack():
    state = new(dying_attack=True)
    state.hp[0] = -3
    play(state, Throw(), 1, 1, 1, 1, 1)
    assert state.value() == 6 and Stop() in state.legal_actions()


def test_kil3_death_at_minus_7_by_default_and_at_minus_6_as_an_option():
    state = new()
    attack_with(state, 6, *SIX)  # one 6 set aside, then none: 6 damage
    assert state.hp[1] == 6
    state.hp[1] = 0
    state.current, state.phase = 0, "throw"
    attack_with(state, 6, *SIX)
    assert state.hp[1] == -6 and state.status(1) == DYING
    harsh = new(death_at=-6)
    harsh.hp[1] = 0
    attack_with(harsh, 6, *SIX)
    assert harsh.status(1) == DEAD


def test_kil10_damage_can_kill_a_dying_player_and_dying_players_can_be_targeted():
    state = new()
    state.hp[1] = -2
    attack_with(state, 3, 3, 3, 1, 1, 1, 1, 1, 1)
    assert state.hp[1] == -8 and state.status(1) == DEAD


def test_kil4_the_last_survivor_wins_once_the_dying_had_their_turn():
    state = new(("Lina", "Marc"))
    attack_with(state, 6, 6, 6, 1, 1, 1, 1, 1, 1)  # 12 → 0: Marc stays alive at 0
    assert state.status(1) == "alive"
    pass_turn(state)
    attack_with(state, 3, *THREE)  # Marc → -3, dying: he gets one turn
    assert state.to_move() == 1 and state.status(1) == DYING
    events = play(state, Throw(), 3, 3, 3, 4, 4)
    events += play(state, Throw((0, 1, 2, 3)), 4)
    assert isinstance(events[-1], GameOver) and state.to_move() is None
    outcome = state.outcome()
    assert outcome.ranks == (1, 2) and "Lina" in outcome.summary
    assert outcome.ending == "Dernier·e en jeu"


def test_kil4_a_dying_player_whose_turn_comes_first_plays_it_and_may_regenerate():
    state = new()
    state.hp[1], state.hp[2] = -2, -3
    state.waited[1] = state.waited[2] = True  # both had a turn while dying already
    pass_turn(state)  # Lina, the one standing: Marc's turn comes before her next one
    assert not state.over and state.to_move() == 1
    play(state, Throw(), 1, 2, 2, 3, 3)  # 11: Marc regenerates
    play(state, Stop())
    assert state.hp[1] >= 0 and not state.over


def test_kil4_the_end_waits_for_the_survivors_turn():
    state = new()
    state.hp[1], state.hp[2] = -2, -3
    state.waited[1] = state.waited[2] = True
    pass_turn(state)  # Lina
    pass_turn(state)  # Marc, dying, no 11 nor 24
    assert not state.over and state.to_move() == 2
    pass_turn(state)  # Zoé, dying: then Lina's turn would start, alone standing
    assert state.over and "Lina" in state.outcome().summary


def test_kil4_dead_players_are_skipped_without_zombies():
    state = new()
    state.hp[1] = -1
    attack_with(state, 6, *SIX)
    assert state.status(1) == DEAD and state.current == 2


# --- Mode zombie ----------------------------------------------------------------------


def dead_marc(**options):
    state = new(zombie=True, **options)
    state.hp[1] = -1
    attack_with(state, 6, *SIX)
    assert state.status(1) == DEAD
    return state


def test_kil8_a_dead_player_rises_as_a_zombie_on_5_or_6_with_1_hp():
    state = dead_marc()
    assert state.current == 1 and state.phase == RISE and state.legal_actions() == [Rise()]
    play(state, Rise(), 5)
    assert state.status(1) == ZOMBIE and state.hp[1] == 1 and state.phase == SIDE


def test_kil8_a_dead_player_who_fails_stays_dead_until_next_turn():
    state = dead_marc()
    play(state, Rise(), 4)
    assert state.status(1) == DEAD and state.current == 2


def test_kil8_a_zombie_declares_a_side_and_only_that_side_attacks():
    state = dead_marc()
    play(state, Rise(), 6)
    events = play(state, DeclareSide("high"))
    assert events[0].describe() == "Marc, zombie, vise plus de 24."
    play(state, Throw(), 1, 1, 1, 1, 1)
    assert state.value() == 0 and Stop() not in state.legal_actions()
    play(state, Throw((0, 1, 2, 3)), 6)
    assert state.current == 2  # 10 with a high side: no attack


def test_kil8_any_damage_kills_a_zombie_again_and_zombies_can_be_targeted():
    state = dead_marc()
    play(state, Rise(), 6)
    play(state, DeclareSide("low"))
    pass_turn(state)
    play(state, Throw(), 3, 3, 3, 4, 4)
    play(state, Throw((0, 1, 2, 3)), 4)  # Zoé
    attack_with(state, 3, *THREE, target=1)  # Zoé strikes the zombie
    assert state.status(1) == DEAD


def test_kil8_zombies_never_count_as_survivors():
    state = new(("Lina", "Marc"), zombie=True)
    state.hp[1] = -1
    attack_with(state, 6, *SIX)  # Marc dead: Lina, the only contender, wins
    assert state.to_move() is None and state.outcome().ranks == (1, 2)


# --- Mode Terminator ------------------------------------------------------------------


def test_kil9_an_immune_terminator_cannot_be_picked():
    state = new(terminator=True)
    state.level[1] = 2
    play(state, Throw(), 1, 1, 2, 2, 3)  # attack 2
    play(state, Stop())
    assert Attack(1) not in state.legal_actions() and Attack(2) in state.legal_actions()
    with pytest.raises(IllegalAction, match="Terminator de niveau 2"):
        play(state, Attack(1))


def test_kil9_an_attack_with_no_legal_target_fizzles_and_never_turns_back():
    state = new(("Lina", "Marc"), terminator=True)
    state.level[1] = 3
    play(state, Throw(), 1, 1, 1, 2, 3)  # attack 3
    events = play(state, Stop())
    assert isinstance(events[1], Fizzled) and state.hp == [12, 12] and state.current == 1


# --- the robot ------------------------------------------------------------------------


def test_bot_finishes_the_weakest_and_otherwise_strikes_the_leader():
    state = new(("Lina", "Marc", "Zoé"))
    state.hp[1], state.hp[2] = 2, 9
    play(state, Throw(), 1, 1, 2, 2, 3)
    play(state, Stop())
    assert KillerBot(0).choose(state.view(0)) == Attack(1)
    state.hp[1] = 11
    assert KillerBot(0).choose(state.view(0)) == Attack(1)
    state.hp[1] = 8
    assert KillerBot(0).choose(state.view(0)) == Attack(2)


def test_bot_takes_a_strong_attack_and_regenerates_when_it_can():
    state = new()
    play(state, Throw(), 1, 1, 1, 2, 2)  # 7: attack 4
    assert KillerBot(0).choose(state) == Stop()
    dying = new()
    dying.hp[0] = -4
    play(dying, Throw(), 1, 2, 2, 3, 3)  # 11
    assert KillerBot(0).choose(dying) == Stop()


def test_bot_keeps_low_dice_when_aiming_low():
    state = new()
    play(state, Throw(), 1, 6, 1, 5, 2)
    action = KillerBot(0).choose(state)
    assert isinstance(action, Throw) and set(action.keep) >= {0, 2}


def test_the_match_ends_after_the_round_limit_and_the_most_life_points_win():
    state = new(("Lina", "Marc"))
    state.round, state.hp[0] = ROUND_LIMIT, 5
    pass_turn(state)
    assert state.to_move() == 1
    play(state, Throw(), 3, 3, 3, 4, 4)
    events = play(state, Throw((0, 1, 2, 3)), 4)
    assert isinstance(events[-1], GameOver) and state.outcome().ranks == (2, 1)
    assert state.outcome().summary == "Après 60 tours, Marc : 12 points de vie, le plus."
    assert state.outcome().ending == "Limite de tours atteinte"


# --- what the screen says ---------------------------------------------------------------


def test_present_life_line_and_target_detail_say_state_side_and_immunity():
    state = new(zombie=True, terminator=True)
    state.hp[1], state.level[1] = -5, 2
    assert life_text(state, 1) == " -5 PV mourant·e T2"
    play(state, Throw(), 1, 1, 2, 2, 3)  # attack 2
    play(state, Stop())
    assert target_detail(state, 1) == "-5 PV · mourant·e · T2 immunisé·e"
    assert target_detail(state, 0) == "toi" and target_detail(state, 2) == "12 PV"
    state.dead[2], state.zombie[2], state.hp[2], state.side[2] = False, True, 1, "high"
    assert life_text(state, 2) == "  1 PV zombie >24"


def test_kil8_when_a_zombie_fells_the_last_contender_the_last_to_fall_wins():
    state = new(zombie=True)
    state.hp[1] = -1
    attack_with(state, 6, *SIX, target=1)  # Lina kills Marc
    play(state, Rise(), 6)  # Marc comes back as a zombie
    play(state, DeclareSide("low"))
    pass_turn(state)  # Marc
    state.hp[0] = -1  # Lina is dying, Zoé dead: a zombie's blow ends everything
    state.dead[2], state.fell[2], state.deaths = True, 2, 2
    pass_turn(state)  # Zoé's last turn
    assert state.current == 0
    pass_turn(state)  # Lina, dying, misses 11 and 24
    play(state, DeclareSide("low"))
    play(state, Throw(), 1, 1, 1, 1, 1)  # Marc, zombie on the low side: attack 6
    play(state, Stop())
    events = play(state, Attack(0), *SIX)
    assert isinstance(events[-1], GameOver) and state.outcome().ranks == (1, 3, 2)
    assert "Lina, tombé·e en dernier" in state.outcome().summary
    assert state.outcome().ending == "Plus personne debout"
    # Lina at -7 above Marc, a zombie at 1 PV: the results say why.
    assert state.outcome().scores[:2] == (-7, 1) and state.outcome().ranking == (
        "Classement : les mort·es et les zombies, de la dernière chute à la première "
        "(un zombie : sa 1re mort)."
    )


def test_the_ranking_rule_is_said_whenever_the_fallen_or_the_dying_are_ranked():
    state = new()
    state.hp[1] = -1  # Marc dying
    attack_with(state, 6, *SIX, target=2)  # Lina strikes Zoé: 6
    state.hp[2], state.dead[2], state.fell[2] = -8, True, 1
    pass_turn(state)  # Marc, dying, misses
    assert state.over and state.outcome().ranks == (1, 2, 3)
    assert state.outcome().ranking == (
        "Classement : les vivant·es puis les mourant·es, par PV, puis les mort·es, de la "
        "dernière chute à la première."
    )
