"""Mystère au Manoir (RULINGS.md §10 and Appendix A): every quoted and derived case, forced dice."""

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.events import GameOver
from jeux.engine.race import TurnStarted
from jeux.engine.testing import ForcedRng
from jeux.games.mystere_au_manoir.bots import solved
from jeux.games.mystere_au_manoir.game import GAME
from jeux.games.mystere_au_manoir.rules import (
    BONUS,
    CHOOSE,
    PERFECT,
    READY,
    ROLL,
    SQUARE,
    SUM,
    TRIPLE_ONE,
    TRIPLE_SIX,
    USED,
    DiceRolled,
    DoubleOneReroll,
    EndTurn,
    PassScored,
    Roll,
    Score,
    TargetReached,
    TurnEnded,
    WitnessReroll,
    throw_value,
)


def new(players=("Lina", "Marc", "Zoé"), **options):
    return GAME.new(players, GAME.resolve_options(options), ForcedRng())


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


def sheet(state, seat):
    return [mark.points for mark in state.race.marks(seat)]


def points(faces, **flags):
    return throw_value(faces, **flags).points


# --- the scoring function (quoted and derived) -----------------------------------------


@pytest.mark.parametrize("x", [5, 6])
def test_quoted_mm3_square_of_two_with_x_scores_20(x):
    assert points((2, 2, 2, 2, x)) == 20
    assert points((2, x, 2, 2, 2)) == 20


def test_quoted_mm1_perfect_investigation_scores_50():
    value = throw_value((1, 2, 3, 4, 5))
    assert (value.points, value.perfect, value.text) == (50, True, "Enquête parfaite : 50")
    assert throw_value((5, 3, 1, 4, 2)).perfect


def test_quoted_mm4_triple_one_triples_the_turn():
    assert points((1, 1, 1, 2, 2)) == (1 + 1 + 1 + 2 + 2) * 3


def test_quoted_mm5_triple_six_scores_zero():
    assert throw_value((6, 6, 6, 4, 4)) == (0, TRIPLE_SIX, "Triple 6 : 0", False)


def test_quoted_target_is_100():
    assert new().target == 100


def test_derived_mm4_1_1_1_3_4_scores_30():
    value = throw_value((1, 1, 1, 3, 4))
    assert (value.points, value.text) == (30, "Triple 1 : 10 × 3 = 30")


def test_derived_mm3_4_4_4_4_2_scores_42():
    value = throw_value((4, 4, 4, 4, 2))
    assert (value.points, value.text) == (42, "Carré de 4 : 40 + 2 = 42")


def test_derived_6_6_6_4_4_scores_zero():
    assert points((6, 6, 6, 4, 4)) == 0


def test_derived_2_3_5_6_1_scores_6_with_an_unused_witness():
    assert points((2, 3, 5, 6, 1)) == 6
    state = new()
    play(state, Roll(), 2, 3, 5, 6, 1)
    assert state.witnesses() == (2,)
    events = play(state, Score())
    assert TurnEnded("Lina", 6, 6) in events


def test_mm3_square_plus_fifth_die_and_five_of_a_kind():
    assert points((2, 2, 2, 2, 3)) == 23
    assert points((3, 3, 3, 3, 3)) == 33
    assert throw_value((3, 3, 3, 3, 3)).text == "Carré de 3 : 30 + 3 = 33"


def test_mm3_option_exact_square_ignores_the_fifth_die():
    assert points((2, 2, 2, 2, 3), exact_square=True) == 20
    assert points((3, 3, 3, 3, 3), exact_square=True) == 30
    assert throw_value((4, 4, 1, 4, 4), exact_square=True).text == "Carré de 4 : 40"


def test_mm4_four_and_five_ones_are_triple_one():
    assert points((1, 1, 1, 1, 4)) == 24
    assert points((1, 1, 1, 1, 1)) == 15


def test_mm1_only_the_five_dice_straight_is_perfect_by_default():
    assert not throw_value((1, 2, 3, 4, 6)).perfect
    assert points((1, 2, 3, 4, 6)) == 10
    assert not throw_value((2, 3, 4, 5, 6)).perfect


def test_mm1_option_easy_mode_counts_1_2_3_4():
    assert throw_value((1, 2, 3, 4, 6), easy=True).perfect
    assert throw_value((4, 3, 2, 1, 1), easy=True).perfect
    assert not throw_value((1, 2, 3, 5, 6), easy=True).perfect


def test_plain_sums_are_named():
    assert throw_value((2, 3, 5, 6, 1)).text == "Indices et pistes : 6"
    assert throw_value((5, 5, 6, 6, 5)).text == "Aucun indice : 0"


# --- witnesses (MM-2) --------------------------------------------------------------------


def test_mm2_a_witness_rerolls_itself_and_any_dice_but_sixes():
    state = new()
    play(state, Roll(), 5, 2, 2, 6, 3)
    assert state.witnesses() == (0,) and state.locked() == (3,)
    assert state.rerollable() == (0, 1, 2, 4)
    legal = state.legal_actions()
    assert WitnessReroll((0, 1, 2, 4)) in legal
    assert all(3 not in a.dice and 0 in a.dice for a in legal if isinstance(a, WitnessReroll))
    events = play(state, WitnessReroll((1, 0)), 4, 5)  # order does not matter
    assert events[0] == DiceRolled("Lina", (4, 5, 2, 6, 3), (0, 1), "témoin", 1)
    assert state.dice == [4, 5, 2, 6, 3]
    assert state.witnesses() == (1,)  # a new 5 may be spent again


def test_mm2_two_witnesses_in_one_reroll_are_both_spent():
    state = new()
    play(state, Roll(), 5, 5, 2, 3, 4)
    events = play(state, WitnessReroll((0, 1)), 2, 3)
    assert events[0].witnesses_spent == 2
    assert "fait parler 2 témoins et relance 2 dés" in events[0].describe()
    # no witness and no double 1 left: the pass is scored at once
    assert PassScored("Lina", (2, 3, 2, 3, 4), 14, "Indices et pistes : 14", False) in events
    assert state.current == 1


def test_mm2_witness_refusals_in_french():
    state = new()
    play(state, Roll(), 5, 2, 2, 6, 3)
    with pytest.raises(IllegalAction, match="fausse piste"):
        play(state, WitnessReroll((0, 3)), 1, 1)
    with pytest.raises(IllegalAction, match="doit faire partie"):
        play(state, WitnessReroll((1, 2)), 1, 1)
    with pytest.raises(IllegalAction, match="au moins un dé"):
        play(state, WitnessReroll(()))
    with pytest.raises(IllegalAction, match="n'existe pas"):
        play(state, WitnessReroll((0, 7)), 1, 1)
    other = new()
    play(other, Roll(), 1, 1, 2, 6, 3)
    with pytest.raises(IllegalAction, match="Il faut un témoin"):
        play(other, WitnessReroll((2,)), 4)


def test_mm2_legal_actions_enumerate_every_witness_subset():
    state = new()
    play(state, Roll(), 5, 5, 5, 5, 5)
    legal = state.legal_actions()
    assert len(legal) == 31 + 1  # every non-empty subset, then Score
    assert legal[-1] == Score()


# --- double 1 (MM-4, MM-6) ---------------------------------------------------------------


def test_mm4_double_one_rerolls_one_die_once():
    state = new()
    play(state, Roll(), 1, 1, 3, 4, 2)
    assert state.double_one_targets() == (2, 3, 4)
    assert state.selectable() == (2, 3, 4)
    events = play(state, DoubleOneReroll(2), 4)
    assert events[0] == DiceRolled("Lina", (1, 1, 4, 4, 2), (2,), "double 1")
    # used once, no witness: scored at once
    assert TurnEnded("Lina", 12, 12) in events


def test_mm4_double_one_never_takes_a_one_or_a_six():
    state = new()
    play(state, Roll(), 1, 1, 5, 6, 2)
    assert state.double_one_targets() == (2, 4)
    with pytest.raises(IllegalAction, match="ni un 1 ni un 6"):
        play(state, DoubleOneReroll(0), 3)
    with pytest.raises(IllegalAction, match="ni un 1 ni un 6"):
        play(state, DoubleOneReroll(3), 3)


def test_mm4_double_one_needs_two_ones_and_serves_once():
    state = new()
    play(state, Roll(), 1, 5, 2, 3, 4)
    with pytest.raises(IllegalAction, match="deux 1"):
        play(state, DoubleOneReroll(2), 3)
    state = new()
    play(state, Roll(), 1, 1, 5, 2, 3)
    play(state, DoubleOneReroll(3), 4)
    with pytest.raises(IllegalAction, match="déjà servi"):
        play(state, DoubleOneReroll(4), 4)


def test_mm4_triple_one_still_allows_the_double_one_reroll():
    state = new()
    play(state, Roll(), 1, 1, 1, 2, 5)
    assert state.double_one_targets() == (3, 4)
    play(state, DoubleOneReroll(3), 4)
    assert state.value().text == "Triple 1 : 7 × 3 = 21"


def test_mm4_the_double_one_tells_the_screen_whether_it_is_ready_or_spent():
    state = new()
    assert state.double_one() == ""
    play(state, Roll(), 1, 1, 5, 2, 3)
    assert state.double_one() == READY
    play(state, DoubleOneReroll(3), 4)
    assert state.double_one() == USED
    play(state, WitnessReroll((2, 4)), 2, 2)
    assert state.double_one() == ""  # scored at once: the turn has passed


def test_mm2_a_selection_spends_the_witnesses_among_it():
    state = new()
    play(state, Roll(), 5, 5, 2, 6, 3)
    assert state.witnesses_in((0, 1, 2)) == 2 and state.witnesses_in((2,)) == 0
    assert state.never_rerolled(6) and not state.never_rerolled(5)


@pytest.mark.parametrize(
    ("faces", "kind"),
    [
        ((6, 6, 6, 1, 1), TRIPLE_SIX),
        ((1, 2, 3, 4, 5), PERFECT),
        ((3, 3, 3, 3, 1), SQUARE),
        ((1, 1, 1, 6, 2), TRIPLE_ONE),
        ((2, 3, 5, 6, 1), SUM),
        ((5, 5, 6, 6, 5), SUM),
    ],
)
def test_mm1_mm3_mm4_mm5_each_pass_names_the_row_it_scores_by(faces, kind):
    assert throw_value(faces).kind == kind


def test_mm6_a_five_from_the_double_one_reroll_can_be_spent():
    state = new()
    play(state, Roll(), 1, 1, 2, 3, 6)
    play(state, DoubleOneReroll(2), 5)
    assert state.phase == CHOOSE and state.witnesses() == (2,)
    events = play(state, WitnessReroll((2, 3)), 4, 4)
    assert events[0].faces == (1, 1, 4, 4, 6)
    assert sheet(state, 0) == [10] and state.current == 1  # nothing left: scored at once


def test_mm6_witness_first_then_double_one():
    state = new()
    play(state, Roll(), 5, 1, 2, 3, 4)
    play(state, WitnessReroll((0,)), 1)
    assert state.double_one_targets() == (2, 3, 4)
    play(state, DoubleOneReroll(2), 4)
    assert sheet(state, 0) == [1 + 1 + 4 + 3 + 4]


# --- triple 6 and automatic ends (MM-5) ---------------------------------------------------


def test_mm5_triple_six_ends_the_turn_at_once_even_with_a_witness():
    state = new()
    events = play(state, Roll(), 6, 6, 6, 5, 2)
    assert PassScored("Lina", (6, 6, 6, 5, 2), 0, "Triple 6 : 0", False) in events
    assert TurnStarted("Marc", 1) in events
    assert sheet(state, 0) == [0] and state.phase == ROLL


def test_a_throw_with_nothing_to_decide_is_scored_at_once():
    state = new()
    events = play(state, Roll(), 2, 3, 4, 4, 6)
    assert [type(e) for e in events] == [DiceRolled, PassScored, TurnEnded, TurnStarted]
    assert state.totals == [13, 0, 0]


# --- the perfect investigation's bonus pass (MM-1) --------------------------------------


def test_mm1_perfect_banks_50_and_offers_a_bonus_pass():
    state = new()
    play(state, Roll(), 1, 2, 3, 4, 5)
    events = play(state, Score())
    assert events == [PassScored("Lina", (1, 2, 3, 4, 5), 50, "Enquête parfaite : 50", True)]
    assert state.phase == BONUS and state.turn_points == 50
    assert state.legal_actions() == [Roll(), EndTurn()]
    events = play(state, Roll(), 2, 2, 2, 2, 6)
    assert events[0].reason == "bonus"
    assert TurnEnded("Lina", 70, 70) in events
    assert sheet(state, 0) == [70]


def test_mm1_bonus_pass_has_full_witness_and_double_one_rules():
    state = new()
    play(state, Roll(), 1, 1, 5, 3, 4)
    play(state, DoubleOneReroll(3), 2)  # 1,1,5,2,4
    play(state, WitnessReroll((1, 2)), 3, 5)  # 1,3,5,2,4: perfect
    play(state, Score())
    play(state, Roll(), 1, 1, 2, 2, 5)
    assert state.double_one_targets() == (2, 3, 4)  # available again in the bonus pass
    assert state.witnesses() == (4,)


def test_mm1_perfect_chains():
    state = new()
    play(state, Roll(), 1, 2, 3, 4, 5)
    play(state, Score())
    play(state, Roll(), 5, 4, 3, 2, 1)
    play(state, Score())
    assert state.phase == BONUS and state.turn_points == 100
    events = play(state, EndTurn())
    assert TurnEnded("Lina", 100, 100) in events


def test_mm1_the_bonus_pass_may_be_declined():
    state = new()
    play(state, Roll(), 1, 2, 3, 4, 5)
    play(state, Score())
    events = play(state, EndTurn())
    assert TurnEnded("Lina", 50, 50) in events and state.current == 1


def test_mm1_mm5_triple_six_in_the_bonus_pass_keeps_the_banked_50():
    state = new()
    play(state, Roll(), 1, 2, 3, 4, 5)
    play(state, Score())
    events = play(state, Roll(), 6, 6, 6, 1, 1)
    assert TurnEnded("Lina", 50, 50) in events


def test_mm1_option_easy_perfect_in_play():
    state = new(easy_perfect=True)
    events = play(state, Roll(), 4, 3, 2, 1, 6)  # no witness, no double 1: scored at once
    assert events[1].perfect and state.phase == BONUS


# --- end of the game (MM-7), ties and solo ----------------------------------------------


def test_mm7_equal_turns_finish_the_round():
    state = new()
    state.totals[:] = [95, 90, 0]
    events = play(state, Roll(), 2, 3, 4, 4, 6)  # Lina 108
    assert TargetReached("Lina", 108) in events
    assert state.to_move() == 1
    play(state, Roll(), 4, 4, 4, 4, 2)  # Marc 132
    assert state.to_move() == 2
    events = play(state, Roll(), 2, 2, 3, 3, 6)  # Zoé 10
    assert isinstance(events[-1], GameOver)
    outcome = state.outcome()
    assert outcome.winners == (1,) and outcome.scores == (108, 132, 10)
    assert outcome.ranks == (2, 1, 3)
    assert outcome.summary == "Marc est sacré·e maître détective avec 132 points."


def test_mm7_option_immediate_win():
    state = new(equal_turns=False)
    state.totals[:] = [95, 90, 0]
    events = play(state, Roll(), 2, 3, 4, 4, 6)
    assert state.to_move() is None and isinstance(events[-1], GameOver)
    assert state.outcome().winners == (0,)


def test_ties_are_shared_victories():
    state = new(("Lina", "Marc"))
    state.totals[:] = [95, 95]
    play(state, Roll(), 2, 3, 4, 4, 6)
    play(state, Roll(), 4, 4, 3, 2, 6)
    outcome = state.outcome()
    assert outcome.ranks == (1, 1) and outcome.winners == (0, 1)
    assert outcome.summary == "Égalité : Lina et Marc avec 108 points."


def test_solo_score_attack_ends_at_100_and_scores_the_turns():
    state = new(("Lina",))
    play(state, Roll(), 2, 3, 4, 4, 6)
    assert state.to_move() == 0 and state.round == 2
    state.totals[:] = [95]
    events = play(state, Roll(), 2, 3, 4, 4, 6)
    assert isinstance(events[-1], GameOver)
    outcome = state.outcome()
    assert outcome.scores == (2,) and outcome.won
    assert outcome.lower_is_better  # the records keep the fewest turns
    assert outcome.summary == "Lina résout l'enquête en 2 tours (108 points)."


def test_turn_limit_option_in_solo_can_be_lost():
    state = new(("Lina",), turn_limit=10)
    for _ in range(10):
        play(state, Roll(), 2, 2, 3, 2, 6)  # 9 a turn
    outcome = state.outcome()
    # An open investigation scores its points, never a record of turns.
    assert outcome is not None and not outcome.won and outcome.scores == (90,)
    assert not outcome.lower_is_better
    assert state.totals == [90]
    assert outcome.summary == "Lina n'a que 90 points après 10 tours : l'enquête reste ouverte."


def test_turn_limit_option_ends_a_multiplayer_game_after_the_last_round():
    state = new(("Lina", "Marc"), turn_limit=10)
    for _ in range(9):
        play(state, Roll(), 2, 2, 3, 2, 6)  # Lina +9
        play(state, Roll(), 2, 2, 3, 1, 6)  # Marc +8
    assert state.outcome() is None
    play(state, Roll(), 2, 2, 3, 2, 6)
    play(state, Roll(), 2, 2, 3, 1, 6)
    outcome = state.outcome()
    assert outcome.scores == (90, 80) and outcome.winners == (0,)
    assert outcome.summary == "Limite de tours : Lina l'emporte avec 90 points."


# --- refusals and the screen's helpers ---------------------------------------------------


def test_refusals_in_french():
    state = new()
    with pytest.raises(IllegalAction, match="Lance d'abord"):
        play(state, Score())
    play(state, Roll(), 5, 2, 3, 4, 4)
    with pytest.raises(IllegalAction, match="déjà|lancés"):
        play(state, Roll(), 1, 1, 1, 1, 1)
    with pytest.raises(IllegalAction, match="Note d'abord"):
        play(state, EndTurn())


def test_a_finished_game_refuses_everything():
    state = new(("Lina",))
    state.totals[:] = [99]
    play(state, Roll(), 2, 3, 4, 4, 6)
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="terminée"):
        play(state, Roll(), 1, 1, 1, 1, 1)


def test_screen_helpers_show_choices_and_value():
    state = new()
    assert state.value() is None and state.selectable() == ()
    play(state, Roll(), 5, 1, 1, 2, 6)
    assert state.witnesses() == (0,)
    assert state.locked() == (4,)
    assert state.rerollable() == (0, 1, 2, 3)
    assert state.double_one_targets() == (0, 3)
    assert state.selectable() == (0, 1, 2, 3)
    assert state.value().text == "Indices et pistes : 4"
    assert len(state.legal_actions()) == 8 + 2 + 1


def test_events_name_players_in_french():
    state = new()
    events = play(state, Roll(), 5, 1, 1, 2, 6)
    assert events[0].describe() == "Lina lance les dés : 5, 1, 1, 2, 6."
    events = play(state, DoubleOneReroll(3), 3)
    assert events[0].describe() == "Lina utilise le double 1 et relance un dé : 5, 1, 1, 3, 6."
    events = play(state, WitnessReroll((0,)), 4)
    assert events[0].describe() == "Lina fait parler le témoin et relance un dé : 4, 1, 1, 3, 6."
    assert events[1].describe() == "Lina note Indices et pistes : 9."
    assert events[2].describe() == "Lina marque 9 points ce tour-ci (total 9)."
    assert events[3].describe() == "Tour 1 : au tour de Marc."
    for event in events:
        assert " tu " not in f" {event.describe()} " and "vous" not in event.describe()


def test_pick_refusal_says_why_a_die_cannot_be_picked():
    state = new()
    assert state.pick_refusal(0) == "Lance d'abord les dés."
    play(state, Roll(), 5, 1, 1, 2, 6)
    assert state.pick_refusal(0) is None and state.pick_refusal(3) is None
    assert "fausse piste" in state.pick_refusal(4)
    assert state.pick_refusal(7) == "Ce dé n'existe pas."
    state = new()
    play(state, Roll(), 1, 1, 2, 3, 6)  # no witness: only the double 1 rerolls
    assert state.pick_refusal(2) is None
    assert state.pick_refusal(0).startswith("Sans témoin, seul le double 1")
    state = new()
    play(state, Roll(), 5, 2, 3, 4, 4)
    play(state, WitnessReroll((0,)), 5)
    play(state, WitnessReroll((0, 1)), 2, 5)
    assert state.phase == CHOOSE and state.dice == [2, 5, 3, 4, 4]
    play(state, WitnessReroll((1,)), 2)  # no witness and no double 1 left: scored at once
    assert state.pick_refusal(0) == "Lance d'abord les dés."


def test_rerolls_for_a_selection():
    state = new()
    assert state.rerolls_for((0,)) == (None, None)
    play(state, Roll(), 5, 1, 1, 2, 6)
    assert state.rerolls_for(()) == (None, None)
    # One 5 alone: a witness reroll, or the double 1 on that 5.
    assert state.rerolls_for((0,)) == (WitnessReroll((0,)), DoubleOneReroll(0))
    assert state.rerolls_for((0, 3)) == (WitnessReroll((0, 3)), None)
    assert state.rerolls_for((3,)) == (None, DoubleOneReroll(3))
    assert state.rerolls_for((1, 3)) == (None, None)  # no witness among them
    assert state.rerolls_for((0, 4)) == (None, None)  # a 6 never rerolls
    play(state, DoubleOneReroll(3), 4)
    assert state.rerolls_for((3,)) == (None, None)  # the double 1 is spent for this pass


# --- the robots ------------------------------------------------------------------------


def showing(dice, need=None, **options):
    """Seat 0 choosing with these dice; with `need`, on its last turn (the round being
    finished after Marc reached 100) and `need` points short of winning."""
    state = new(("Lina", "Marc"), **options)
    play(state, Roll(), *dice)
    if need is not None:
        state.race.scores[:] = [101 - need, 100]
        state.race.final_round = True
    return state


@pytest.mark.parametrize("level", GAME.levels)
def test_mm1_every_level_scores_a_perfect_investigation_and_rolls_its_bonus(level):
    bot = GAME.bot(1, level)
    state = showing((1, 2, 3, 4, 5))
    assert bot.choose(state) == Score()
    play(state, Score())
    assert state.phase == BONUS and bot.choose(state) == Roll()


def test_debutant_lets_a_witness_speak_alone_or_forgets_it():
    chosen = {GAME.bot(seed, "debutant").choose(showing((4, 5, 2, 5, 3))) for seed in range(20)}
    assert chosen == {WitnessReroll((1, 3)), Score()}


def test_moyen_keeps_three_of_a_kind_to_chase_the_square():
    assert GAME.bot(1, "moyen").choose(showing((3, 3, 3, 5, 2))) == WitnessReroll((3, 4))


def test_moyen_spends_the_double_one_on_a_low_die():
    assert GAME.bot(1, "moyen").choose(showing((1, 1, 2, 4, 6))) == DoubleOneReroll(2)


def test_mm2_fort_spends_one_witness_at_a_time():
    # A 5 scores nothing: the ones left showing pay for the next rerolls.
    action = GAME.bot(1, "fort").choose(showing((5, 5, 1, 5, 6)))
    assert isinstance(action, WitnessReroll) and len(action.dice) == 1


def test_fort_on_its_last_turn_banks_a_sure_win_and_chases_a_needed_one():
    fort = GAME.bot(1, "fort")
    # 1-1-1-2-2 is 21: on average a reroll does better, but 21 wins now.
    assert isinstance(fort.choose(showing((1, 1, 1, 2, 2))), DoubleOneReroll)
    assert fort.choose(showing((1, 1, 1, 2, 2), need=20)) == Score()
    # 1-1-1-3-3 is 27: worth keeping on average, but 30 are needed.
    assert fort.choose(showing((1, 1, 1, 3, 3))) == Score()
    assert isinstance(fort.choose(showing((1, 1, 1, 3, 3), need=30)), DoubleOneReroll)


def test_fort_solves_a_pass_for_its_average_and_for_a_needed_total():
    average = solved(False, False, None)
    assert 13 < average.start < 14  # points a pass brings on average, played best
    assert solved(False, False, 1).start > solved(False, False, 30).start > 0
