"""La Cité des Voleurs (RULINGS.md §8, CV-7 and CV-8 of §0.4): every quoted and derived case,
with forced dice."""

from random import Random

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.testing import ForcedRng
from jeux.games.cite_des_voleurs.game import GAME
from jeux.games.cite_des_voleurs.present import loot_lines, needs_target, table_text, triple_text
from jeux.games.cite_des_voleurs.rules import (
    AIMING,
    ANNOUNCED,
    ANNOUNCING,
    NEXT_THROW,
    OVER,
    QUAD,
    ROLLING,
    START,
    STRAIGHT,
    TRIPLE,
    Announce,
    Announced,
    Apply,
    EscapeRolled,
    GameOver,
    Roll,
    TokensMoved,
    TurnOver,
)


def new(count=3, **options):
    names = ("Lina", "Marc", "Zoé", "Ana", "Tom", "Iris")[:count]
    return GAME.new(names, GAME.resolve_options(options), ForcedRng())


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


def throw(state, *faces):
    """The turn's first throw of the four dice."""
    return play(state, Roll(), *faces)


def applies(state):
    return [a for a in state.legal_actions() if isinstance(a, Apply)]


def camouflage(state):
    """The player to move takes Camouflage with 4-4-4 at the first throw."""
    throw(state, 4, 4, 4, 1)
    play(state, Apply(TRIPLE))


# --- setup (quoted and derived) --------------------------------------------------------


@pytest.mark.parametrize("count, total, target", [(2, 9, 6), (4, 15, 12), (6, 21, 18)])
def test_target_is_total_minus_three_that_is_3n(count, total, target):
    state = new(count)
    assert state.tokens == [3] * count and state.pot == 3
    assert sum(state.tokens) + state.pot == total
    assert state.target == target


def test_a_turn_starts_with_a_throw_of_the_four_dice():
    state = new()
    assert state.legal_actions() == [Roll()]
    throw(state, 1, 2, 5, 5)
    assert state.faces == (1, 2, 5, 5) and state.throw == 1


def test_any_dice_may_be_thrown_again_between_throws():
    state = new()
    throw(state, 1, 2, 5, 5)
    play(state, Roll((0, 3)), 6, 2)
    assert state.faces == (6, 2, 5, 2) and state.throw == 2


# --- CV-6: no combination --------------------------------------------------------------


def test_cv6_no_stop_without_a_combination_then_a_token_to_the_pot():
    state = new()
    throw(state, 1, 2, 5, 5)
    assert not applies(state)  # CV-6: the three throws must be used
    play(state, Roll((2, 3)), 6, 6)
    events = play(state, Roll((3,)), 2)
    assert state.tokens == [2, 3, 3] and state.pot == 4
    assert any(isinstance(e, TokensMoved) and not e.good for e in events)
    assert state.current == 1 and state.phase == START


def test_cv7_a_thief_at_zero_tokens_pays_nothing_and_plays_on():
    state = new(2)
    state.tokens[0], state.pot = 0, 6
    throw(state, 1, 2, 5, 5)
    play(state, Roll((3,)), 6)
    play(state, Roll((3,)), 6)
    assert state.tokens == [0, 3] and state.pot == 6 and state.current == 1


# --- the triples -----------------------------------------------------------------------


def test_triple_1_steals_three_and_escapes_on_3_to_6():
    state = new()
    throw(state, 1, 1, 1, 5)
    events = play(state, Apply(TRIPLE, 1), 4)  # the escape die
    assert state.tokens == [6, 0, 3] and state.pot == 3
    escape = next(e for e in events if isinstance(e, EscapeRolled))
    assert escape.face == 4 and not escape.caught


def test_derived_triple_1_on_a_victim_with_two_tokens_caught_on_a_2():
    """CV-4: take what is there; caught: victim +1, pot +1, thief -2 (net 0)."""
    state = new()
    state.tokens[1], state.pot = 2, 4
    throw(state, 1, 1, 1, 5)
    play(state, Apply(TRIPLE, 1), 2)
    assert state.tokens == [3, 1, 3] and state.pot == 5


def test_cv4_a_caught_thief_pays_what_it_can_the_victim_first():
    state = new()
    state.tokens[0], state.tokens[1], state.pot = 0, 0, 9
    throw(state, 1, 1, 1, 5)
    play(state, Apply(TRIPLE, 1), 1)
    assert state.tokens == [0, 0, 3] and state.pot == 9
    state = new()
    state.tokens[0], state.tokens[1], state.pot = 0, 1, 8
    throw(state, 1, 1, 1, 5)
    play(state, Apply(TRIPLE, 1), 1)
    assert state.tokens == [0, 1, 3] and state.pot == 8  # the one token went back


def test_cv7_the_win_check_of_a_bold_theft_follows_the_escape_roll():
    state = new(2)  # target 6
    state.tokens, state.pot = [5, 4], 0
    throw(state, 1, 1, 1, 5)
    play(state, Apply(TRIPLE, 1), 2)  # 8 tokens, then caught: 6 left, still a win
    assert state.tokens == [6, 2] and state.phase == OVER and state.winners == (0,)
    state = new(2)
    state.tokens, state.pot = [3, 3], 3
    throw(state, 1, 1, 1, 5)
    events = play(state, Apply(TRIPLE, 1), 1)  # 6 for a moment, then 4: no win
    assert state.tokens == [4, 1] and state.phase == START
    assert not any(isinstance(e, GameOver) for e in events)


def test_triple_2_swaps_the_totals():
    state = new()
    state.tokens, state.pot = [1, 5, 3], 3
    throw(state, 2, 6, 2, 2)
    play(state, Apply(TRIPLE, 1))
    assert state.tokens == [5, 1, 3] and state.pot == 3


def test_triple_3_steals_two_and_the_victim_takes_one_from_the_pot():
    state = new()
    throw(state, 3, 3, 3, 6)
    play(state, Apply(TRIPLE, 2))
    assert state.tokens == [5, 3, 2] and state.pot == 2


def test_triple_3_with_an_empty_pot_gives_the_victim_nothing():
    state = new()
    state.tokens, state.pot = [3, 3, 6], 0
    throw(state, 3, 3, 3, 6)
    play(state, Apply(TRIPLE, 2))
    assert state.tokens == [5, 3, 4] and state.pot == 0


@pytest.mark.parametrize("face", [5, 6])
def test_triple_5_or_6_takes_the_whole_pot(face):
    state = new()
    throw(state, face, 2, face, face)
    play(state, Apply(TRIPLE))
    assert state.tokens == [6, 3, 3] and state.pot == 0


def test_cv3_camouflage_protects_until_the_start_of_ones_next_turn():
    state = new()
    camouflage(state)
    assert state.camouflaged == [True, False, False]
    throw(state, 1, 1, 1, 2)  # Marc cannot aim at Lina
    assert applies(state) == [Apply(TRIPLE, 2)]
    play(state, Apply(TRIPLE, 2), 6)
    throw(state, 3, 3, 3, 2)  # nor can Zoé
    assert applies(state) == [Apply(TRIPLE, 1)]
    assert state.refusal(Apply(TRIPLE, 0)).startswith("Lina est camouflé")
    with pytest.raises(IllegalAction):
        play(state, Apply(TRIPLE, 0))
    play(state, Apply(TRIPLE, 1))
    assert state.current == 0 and state.camouflaged == [False, False, False]


def test_cv8_every_opponent_camouflaged_leaves_no_single_target_combination():
    state = new(2)
    camouflage(state)
    throw(state, 1, 1, 1, 2)
    assert not applies(state)
    assert Announce() not in state.legal_actions()
    play(state, Roll((3,)), 3)
    events = play(state, Roll((3,)), 5)
    assert any(isinstance(e, TurnOver) for e in events)
    assert state.tokens == [3, 3] and state.pot == 3  # no penalty
    assert state.current == 0


def test_cv8_straight_with_an_empty_pot_needs_a_player_to_rob():
    state = new(2)
    camouflage(state)
    state.pot = 0
    throw(state, 1, 2, 3, 4)
    assert not applies(state)


def test_cv3_option_camouflaged_may_be_aimed_at_and_the_theft_fails():
    state = new(2, rob_camouflaged=True)
    camouflage(state)
    throw(state, 3, 3, 3, 2)
    assert Apply(TRIPLE, 0) in state.legal_actions()
    events = play(state, Apply(TRIPLE, 0))
    assert isinstance(events[0], TurnOver) and "perd son tour" in events[0].text
    assert state.tokens == [3, 3] and state.pot == 3 and state.current == 0


# --- the straight ----------------------------------------------------------------------


@pytest.mark.parametrize("faces", [(1, 2, 3, 4), (5, 3, 4, 2), (6, 4, 5, 3)])
def test_a_four_dice_straight_takes_one_from_the_pot(faces):
    state = new()
    throw(state, *faces)
    assert applies(state) == [Apply(STRAIGHT)]
    play(state, Apply(STRAIGHT))
    assert state.tokens == [4, 3, 3] and state.pot == 2


def test_a_straight_with_an_empty_pot_steals_one_from_a_chosen_player():
    state = new()
    state.tokens, state.pot = [3, 6, 3], 0
    throw(state, 1, 2, 3, 4)
    assert applies(state) == [Apply(STRAIGHT, 1), Apply(STRAIGHT, 2)]
    play(state, Apply(STRAIGHT, 1))
    assert state.tokens == [4, 5, 3]


def test_1_2_3_5_is_no_straight():
    state = new()
    throw(state, 1, 2, 3, 5)
    assert not applies(state)


# --- the four of a kind ----------------------------------------------------------------


def test_accidental_four_of_a_kind_steals_two_from_each_taking_what_is_there():
    state = new(4)
    state.tokens, state.pot = [3, 1, 5, 3], 3
    throw(state, 6, 6, 6, 6)
    play(state, Apply(QUAD))
    assert state.tokens == [8, 0, 3, 1] and state.pot == 3


def test_cv2_a_four_of_a_kind_may_be_used_as_its_triple():
    state = new()
    throw(state, 5, 5, 5, 5)
    assert applies(state) == [Apply(TRIPLE), Apply(QUAD)]
    assert Announce() not in state.legal_actions()  # four dice already match
    play(state, Apply(TRIPLE))  # the pot (3) rather than 2 from each (4)
    assert state.tokens == [6, 3, 3] and state.pot == 0


def test_cv3_an_accidental_four_of_a_kind_skips_the_camouflaged():
    state = new()
    camouflage(state)
    throw(state, 2, 2, 2, 2)
    play(state, Apply(QUAD))
    assert state.tokens == [3, 5, 1]


def test_cv1_announced_four_of_a_kind_locks_the_triple_and_succeeds_later():
    state = new()
    throw(state, 6, 2, 6, 6)
    events = play(state, Announce())
    assert isinstance(events[0], Announced) and state.phase == ANNOUNCING
    assert state.legal_actions() == [Roll((1,))]  # only the fourth die
    with pytest.raises(IllegalAction):
        play(state, Roll((0, 1)))
    play(state, Roll((1,)), 3)
    assert state.phase == ANNOUNCING  # a throw left: tried again
    play(state, Roll((1,)), 6)
    assert state.phase == AIMING
    assert state.legal_actions() == [Apply(ANNOUNCED, 1), Apply(ANNOUNCED, 2)]
    play(state, Apply(ANNOUNCED, 2))
    assert state.tokens == [9, 3, 0] and state.pot == 0
    assert state.phase == OVER and state.winners == (0,)  # 9 = 3N


def test_cv1_announced_four_of_a_kind_failed_loses_two_and_the_triple():
    state = new()
    throw(state, 5, 5, 2, 5)
    play(state, Announce())
    play(state, Roll((2,)), 1)
    events = play(state, Roll((2,)), 4)
    assert state.tokens == [1, 3, 3] and state.pot == 5  # the triple's pot is lost too
    assert any(isinstance(e, TokensMoved) and not e.good for e in events)
    assert state.current == 1


def test_cv1_failure_with_a_single_token_loses_it_only():
    state = new()
    state.tokens[0], state.pot = 1, 5
    throw(state, 5, 5, 2, 5)
    play(state, Roll((2,)), 3)  # the second throw
    play(state, Announce())
    play(state, Roll((2,)), 4)
    assert state.tokens == [0, 3, 3] and state.pot == 6


def test_cv1_announcing_needs_a_token_and_a_throw_left():
    state = new()
    state.tokens[0], state.pot = 0, 6
    throw(state, 5, 5, 2, 5)
    assert Announce() not in state.legal_actions()
    assert "au moins un jeton" in state.refusal(Announce())
    state = new()
    throw(state, 1, 2, 3, 6)
    play(state, Roll((0,)), 2)
    play(state, Roll((2,)), 2)  # 2-2-2 on the third throw
    assert state.throw == 3 and Announce() not in state.legal_actions()
    assert "Plus de lancer" in state.refusal(Announce())


def test_cv1_option_a_single_attempt_on_the_next_throw():
    state = new(announce_tries=NEXT_THROW)
    throw(state, 6, 2, 6, 6)
    play(state, Announce())
    play(state, Roll((1,)), 3)
    assert state.tokens == [1, 3, 3] and state.current == 1  # failed, a throw unused


def test_cv1_the_chance_of_the_announcement_follows_the_throws_it_gets():
    state = new()
    throw(state, 6, 2, 6, 6)
    assert state.announce_tries() == 2
    assert state.announce_chance() == pytest.approx(11 / 36)
    state = new(announce_tries=NEXT_THROW)
    throw(state, 6, 2, 6, 6)
    assert state.announce_tries() == 1 and state.announce_chance() == pytest.approx(1 / 6)


# --- CV-5: the end ---------------------------------------------------------------------


def test_cv5_the_first_to_reach_the_target_wins_at_once():
    state = new(2)
    state.tokens, state.pot = [3, 1], 5
    throw(state, 5, 5, 5, 1)
    events = play(state, Apply(TRIPLE))
    assert state.tokens == [8, 1] and isinstance(events[-1], GameOver)
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.scores == (8, 1)
    assert state.to_move() is None and state.legal_actions() == []


def test_cv5_several_at_the_target_the_active_player_wins_if_among_them():
    state = new(3)  # target 9; tokens set by hand to test the rule alone
    state.tokens, state.pot = [8, 9, 10], 1
    throw(state, 6, 6, 6, 2)
    play(state, Apply(TRIPLE))
    assert state.outcome().winners == (0,)


def test_cv5_several_at_the_target_otherwise_the_most_tokens_else_shared():
    state = new(3)
    state.tokens, state.pot = [0, 9, 10], 0
    throw(state, 6, 6, 6, 2)
    play(state, Apply(TRIPLE))
    assert state.outcome().winners == (2,)
    state = new(3)
    state.tokens, state.pot = [0, 10, 10], 0
    throw(state, 6, 6, 6, 2)
    play(state, Apply(TRIPLE))
    assert state.outcome().winners == (1, 2)
    assert "se partagent" in state.outcome().summary


def test_tokens_are_conserved_through_whole_games():
    """Invariant: sum(tokens) + pot == 3N + 3 after every action, with the robot."""
    for count in range(2, 7):
        state = GAME.new([f"J{i}" for i in range(count)], GAME.default_options(), Random(0))
        bot, rng = GAME.bot(count), Random(count)
        while state.to_move() is not None:
            state.apply(bot.choose(state.view(state.to_move())), rng)
            assert sum(state.tokens) + state.pot == 3 * count + 3
            assert min(state.tokens) >= 0 and state.pot >= 0


# --- the robot -------------------------------------------------------------------------


def test_robot_robs_the_leader():
    state = new(3)
    state.tokens, state.pot = [3, 1, 5], 0
    throw(state, 3, 3, 3, 6)
    state.throw = 3  # the last throw: apply now or pay
    for level in ("moyen", "fort"):
        assert GAME.bot(0, level).choose(state) == Apply(TRIPLE, 2)


def test_robot_swaps_only_to_gain_and_rethrows_the_odd_die_otherwise():
    state = new(3)
    state.tokens, state.pot = [6, 1, 2], 0
    throw(state, 2, 2, 5, 2)
    choice = GAME.bot(0).choose(state)
    assert choice in (Roll((2,)), Announce())


def test_robot_announces_when_the_haul_is_worth_the_risk():
    state = new(3)
    state.tokens, state.pot = [2, 0, 7], 3
    throw(state, 4, 4, 1, 4)  # Camouflage is worth little; the haul is 7 + 3
    assert GAME.bot(0).choose(state) == Announce()
    play(state, Announce())
    play(state, Roll((2,)), 4)
    assert GAME.bot(0).choose(state) == Apply(ANNOUNCED, 2)


def test_robot_applies_a_combination_on_the_last_throw():
    state = new(3)
    throw(state, 1, 2, 5, 5)
    play(state, Roll((0, 1)), 3, 4)
    play(state, Roll((2,)), 2)  # 3, 4, 2, 5: a straight
    assert state.phase == ROLLING and not state.throws_left
    assert GAME.bot(0).choose(state) == Apply(STRAIGHT)


def test_robot_keeps_its_tokens_when_the_haul_is_small():
    state = new(3)
    state.tokens, state.pot = [3, 1, 1], 0
    throw(state, 5, 5, 2, 5)  # an empty pot: the triple is worth nothing
    assert GAME.bot(0).choose(state) == Roll((2,))


def test_robot_strips_a_rival_it_can_rob_when_the_option_offers_the_camouflaged():
    state = new(3, rob_camouflaged=True)
    camouflage(state)  # Lina hides; Marc plays
    state.tokens, state.pot = [6, 2, 1], 3
    throw(state, 6, 6, 1, 6)
    play(state, Announce())
    play(state, Roll((2,)), 6)
    assert Apply(ANNOUNCED, 0) in state.legal_actions()
    assert GAME.bot(0).choose(state) == Apply(ANNOUNCED, 2)


# --- what the screen writes (present.py) -----------------------------------------------


def test_the_line_under_the_dice_names_the_combination_and_its_effect():
    state = new()
    throw(state, 5, 5, 2, 5)
    assert table_text(state) == "5-5-5 Récupération du Butin : la cagnotte (3)"
    state = new()
    throw(state, 2, 2, 2, 2)
    assert table_text(state).startswith("Carré de 2 (2 jetons à chacun·e)")
    state = new()
    state.pot = 0
    throw(state, 4, 2, 3, 1)
    assert table_text(state) == "Suite : vole 1 jeton" and needs_target(state)
    state = new()
    throw(state, 4, 2, 6, 1)
    assert table_text(state) == "Aucune combinaison"


def test_the_line_says_when_nobody_can_be_robbed():
    state = new(2)
    camouflage(state)
    throw(state, 3, 3, 3, 1)
    assert table_text(state).endswith("personne à voler")


def test_every_line_under_the_dice_fits_the_board():
    for face in range(1, 7):
        assert len(triple_text(face, 18)) <= 47


def test_loot_lines_draw_a_pip_per_token_up_to_twelve():
    lines = loot_lines([3, 0, 15], [False, True, False])
    assert [(line.pips, line.more, line.camouflaged) for line in lines] == [
        (3, False, False),
        (0, False, True),
        (12, True, False),
    ]
