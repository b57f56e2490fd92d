"""Sortie 20 (RULINGS.md §15 and Appendix A): every quoted and derived case, with forced dice."""

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.dice import throw_chances
from jeux.engine.events import GameOver
from jeux.engine.race import TurnStarted
from jeux.engine.testing import ForcedRng
from jeux.games.sortie_20.bots import HIGHEST, LOWEST, OPEN, turn
from jeux.games.sortie_20.game import GAME
from jeux.games.sortie_20.rules import (
    ELIMINATED,
    FREE,
    KEPT,
    ROLL,
    Activate,
    DiceRolled,
    DieFlipped,
    Flip,
    Reroll,
    Roll,
    SixActivated,
    Stop,
    TargetReached,
    TurnEnded,
    flipped,
    score_dice,
)


def new(players=("Lina", "Marc", "Zoé"), **options):
    return GAME.new(players, GAME.resolve_options(options), ForcedRng())


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


def sheet(state, seat):
    return [mark.points for mark in state.race.marks(seat)]


def turn_end(events):
    return next(e for e in events if isinstance(e, TurnEnded))


# --- quoted values -----------------------------------------------------------------------


def test_quoted_flip_5_gives_2_and_6_gives_1():
    assert (flipped(5), flipped(6)) == (2, 1)
    state = new()
    play(state, Roll(), 5, 2, 3, 4, 6)
    events = play(state, Flip(0))
    assert events[0] == DieFlipped("Lina", 0, 5, 2)
    assert events[0].describe() == "Lina retourne un 5, qui devient 2."
    assert state.dice[0] == 2


@pytest.mark.parametrize(
    ("faces", "activated", "points"),
    [
        ((1,), False, 1),
        ((1, 1, 1), False, 5),  # 3×1 → +5 in place of +3
        ((6,), False, 0),
        ((), True, 2),  # an activated 6 → +2
        ((5,), False, -3),
        ((2, 3, 4), False, 0),
    ],
)
def test_quoted_s20_4_values(faces, activated, points):
    assert score_dice(faces, activated).points == points


def test_quoted_target_is_20():
    assert new().target == 20


def test_s20_4_four_and_five_ones():
    assert score_dice((1, 1, 1, 1, 3)).points == 6
    assert score_dice((1, 1, 1, 1, 1)).points == 7
    assert score_dice((1, 1, 1, 1, 1)).text == "Trois 1 : +5, deux 1 : +2 = 7"


# --- derived cases -----------------------------------------------------------------------


def test_derived_1_1_1_5_6_with_the_six_activated_scores_4():
    state = new()
    play(state, Roll(), 1, 1, 1, 5, 6)
    events = play(state, Activate(4))
    assert events[0] == SixActivated("Lina", 4)
    assert state.status[4] == KEPT and state.activated == 4
    assert state.value() == (4, "Trois 1 : +5, un 5 : -3, six activé : +2 = 4")
    end = turn_end(play(state, Stop()))
    assert (end.points, end.total) == (4, 4)


def test_derived_same_dice_with_the_five_flipped_scores_5():
    state = new()
    play(state, Roll(), 1, 1, 1, 5, 6)
    play(state, Flip(3))
    assert state.value() == (5, "Trois 1 : +5")
    assert turn_end(play(state, Stop())).points == 5


def _end_on_5_5_2(state):
    play(state, Roll(), 2, 3, 4, 6, 3)
    play(state, Reroll(eliminate=0), 3, 4, 6, 2)
    play(state, Reroll(eliminate=1), 5, 5, 2)
    assert state.scoring_faces() == (5, 5, 2) and state.kept() == ()
    return turn_end(play(state, Stop()))


def test_derived_5_5_2_scores_minus_6_and_the_total_is_floored():
    state = new()
    end = _end_on_5_5_2(state)
    assert (end.points, end.total) == (-6, 0)
    assert end.describe() == "Lina s'arrête et perd 6 points (total 0)."
    assert sheet(state, 0) == [-6] and state.totals[0] == 0


def test_s20_5_option_no_floor():
    state = new(floor=False)
    assert _end_on_5_5_2(state).total == -6
    assert state.totals[0] == -6


def test_s20_5_a_negative_turn_lowers_a_positive_total():
    state = new()
    state.totals[:] = [4, 0, 0]
    assert _end_on_5_5_2(state).total == 0
    state = new()
    state.totals[:] = [10, 0, 0]
    assert _end_on_5_5_2(state).total == 4


# --- eliminating and rerolling (S20-1, S20-2) --------------------------------------------


def test_s20_1_a_reroll_eliminates_one_free_die_and_throws_the_others():
    state = new()
    play(state, Roll(), 1, 5, 3, 1, 4)
    events = play(state, Reroll(eliminate=1, keep=(3, 0)), 2, 6)
    assert events[0] == DiceRolled("Lina", (1, 5, 2, 1, 6), (2, 4), 5, 2)
    assert events[0].describe() == "Lina garde 2 dés, élimine un 5 et relance 2 dés : 2, 6."
    assert state.status == [KEPT, ELIMINATED, FREE, KEPT, FREE]
    assert state.scoring_faces() == (1, 2, 1, 6)  # the eliminated 5 does not score


def test_s20_2_rerolls_throw_4_then_3_then_2_dice_then_the_stop_is_forced():
    state = new()
    play(state, Roll(), 2, 2, 2, 2, 2)
    play(state, Reroll(eliminate=0), 3, 3, 3, 3)
    assert state.can_reroll
    play(state, Reroll(eliminate=1), 4, 4, 4)
    assert state.can_reroll and state.max_keep == 0
    play(state, Reroll(eliminate=2), 6, 3)
    assert state.free() == (3, 4) and state.must_stop and not state.can_reroll
    assert state.throws == 4
    # the special is still there, so the player decides; no reroll is offered
    assert not any(isinstance(a, Reroll) for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="Obligé d'arrêter"):
        play(state, Reroll(eliminate=3), 1)
    events = play(state, Activate(3))
    assert TurnEnded("Lina", (6, 3), 2, "Six activé : +2", 2, True) in events
    assert "Lina doit s'arrêter et marque 2 points (total 2)." in [e.describe() for e in events]


def test_s20_2_option_strict_never_throws_only_two_dice():
    state = new(strict_reroll=True)
    play(state, Roll(), 2, 2, 2, 2, 2)
    play(state, Reroll(eliminate=0), 3, 3, 3, 3)
    play(state, Reroll(eliminate=1), 4, 4, 4)
    assert state.must_stop


def test_keeping_is_limited_so_that_a_reroll_throws_two_dice():
    state = new()
    play(state, Roll(), 1, 1, 1, 2, 3)
    assert state.max_keep == 2 and state.keepable() == (0, 1, 2, 3, 4)
    with pytest.raises(IllegalAction, match="Garde au plus 2"):
        play(state, Reroll(eliminate=4, keep=(0, 1, 2)), 1)
    with pytest.raises(IllegalAction, match="autres que le dé éliminé"):
        play(state, Reroll(eliminate=4, keep=(4,)), 1, 1, 1)
    play(state, Reroll(eliminate=4, keep=(0, 1)), 1, 6)
    assert state.must_stop  # only 2 free dice left
    with pytest.raises(IllegalAction, match="Obligé d'arrêter"):
        play(state, Reroll(eliminate=0), 1)


def test_kept_and_eliminated_dice_cannot_pay_for_a_reroll():
    state = new()
    play(state, Roll(), 1, 2, 2, 2, 2)
    play(state, Reroll(eliminate=1, keep=(0,)), 3, 3, 3)
    assert state.eliminable() == (2, 3, 4)
    with pytest.raises(IllegalAction, match="un dé libre"):
        play(state, Reroll(eliminate=0), 3, 3)
    with pytest.raises(IllegalAction, match="un dé libre"):
        play(state, Reroll(eliminate=1), 3, 3)


def test_legal_actions_enumerate_every_elimination_and_keep():
    state = new()
    play(state, Roll(), 1, 2, 3, 4, 5)
    legal = state.legal_actions()
    rerolls = [a for a in legal if isinstance(a, Reroll)]
    assert len(rerolls) == 5 * (1 + 4 + 6)  # eliminate one, keep up to two of the four others
    assert len(legal) == len(rerolls) + 5 + 1  # five flips, Stop
    assert Reroll(2, (1, 0)) in legal  # the keep order does not matter


# --- the special (S20-3) -----------------------------------------------------------------


def test_s20_3_the_special_serves_once_per_turn():
    state = new()
    play(state, Roll(), 5, 6, 2, 3, 4)
    play(state, Flip(0))
    assert state.special_used and state.flippable() == () and state.activatable() == ()
    with pytest.raises(IllegalAction, match="une fois par tour"):
        play(state, Activate(1))
    with pytest.raises(IllegalAction, match="une fois par tour"):
        play(state, Flip(1))


def test_s20_3_the_flipped_die_becomes_kept_and_any_die_may_be_flipped():
    state = new()
    play(state, Roll(), 2, 2, 2, 1, 2)
    play(state, Reroll(eliminate=0, keep=(3,)), 6, 6, 2)
    assert state.flippable() == (1, 2, 3, 4)  # a kept die too, never the eliminated one
    with pytest.raises(IllegalAction, match="éliminé"):
        play(state, Flip(0))
    play(state, Flip(3))  # the kept 1 becomes a 6: a poor choice, but allowed
    assert state.status[3] == KEPT and state.dice[3] == 6 and state.flipped_die == 3
    assert state.can_reroll
    state = new()
    play(state, Roll(), 6, 2, 2, 2, 2)
    play(state, Flip(0))
    assert state.status == [KEPT, FREE, FREE, FREE, FREE] and state.dice[0] == 1


def test_s20_3_only_a_six_can_be_activated():
    state = new()
    play(state, Roll(), 5, 6, 2, 3, 4)
    assert state.activatable() == (1,)
    with pytest.raises(IllegalAction, match="Seul un 6"):
        play(state, Activate(0))


def test_s20_3_a_flip_that_leaves_two_free_dice_ends_the_turn():
    state = new()
    play(state, Roll(), 2, 2, 2, 2, 2)
    play(state, Reroll(eliminate=0), 3, 3, 3, 3)
    play(state, Reroll(eliminate=1), 5, 1, 4)
    assert state.can_reroll  # three free dice
    events = play(state, Flip(2))  # the flipped 5 is kept: two free dice, nothing left to decide
    end = turn_end(events)
    assert end.forced and end.faces == (2, 1, 4) and end.points == 1
    assert TurnStarted("Marc", 1) in events


def test_a_reroll_to_the_forced_stop_after_the_special_ends_the_turn():
    state = new()
    play(state, Roll(), 5, 2, 2, 2, 2)
    play(state, Flip(0))  # 2, kept
    play(state, Reroll(eliminate=1), 1, 1, 4)
    events = play(state, Reroll(eliminate=4), 1, 6)
    end = turn_end(events)
    assert end.forced and end.faces == (2, 1, 6)
    assert state.to_move() == 1 and state.phase == ROLL


# --- end of the game (S20-6), ties and solo ----------------------------------------------


def _score(state, *dice):
    """Play a whole turn: throw these five dice and stop."""
    play(state, Roll(), *dice)
    return play(state, Stop())


def test_s20_6_equal_turns_finish_the_round_and_the_highest_wins():
    state = new()
    state.totals[:] = [18, 17, 0]
    events = _score(state, 1, 1, 2, 3, 4)  # Lina 20
    assert TargetReached("Lina", 20) in events and state.to_move() == 1
    _score(state, 1, 1, 1, 1, 4)  # Marc 23
    events = _score(state, 2, 2, 2, 2, 2)
    assert isinstance(events[-1], GameOver)
    outcome = state.outcome()
    assert outcome.scores == (20, 23, 0) and outcome.winners == (1,)
    assert outcome.summary == "Marc sort du labyrinthe avec 23 points."


def test_s20_6_option_immediate_win():
    state = new(equal_turns=False)
    state.totals[:] = [18, 17, 0]
    events = _score(state, 1, 1, 2, 3, 4)
    assert isinstance(events[-1], GameOver) and state.outcome().winners == (0,)


def test_s20_6_ties_are_shared():
    state = new(("Lina", "Marc"))
    state.totals[:] = [19, 19]
    _score(state, 1, 2, 2, 3, 4)
    _score(state, 4, 3, 2, 1, 2)
    outcome = state.outcome()
    assert outcome.ranks == (1, 1)
    assert outcome.summary == "Égalité : Lina et Marc avec 20 points."


def test_solo_score_attack_counts_the_turns():
    state = new(("Lina",))
    _score(state, 2, 2, 2, 2, 2)
    state.totals[:] = [19]
    events = _score(state, 1, 2, 2, 2, 2)
    assert isinstance(events[-1], GameOver)
    outcome = state.outcome()
    assert outcome.won and outcome.scores == (2,)
    assert outcome.lower_is_better  # the records keep the fewest turns
    assert outcome.summary == "Lina sort du labyrinthe en 2 tours (20 points)."


def test_s20_6_no_turn_limit_by_default_nobody_wins_under_20():
    state = new(("Lina", "Marc"))
    assert state.turn_limit == 0
    for _ in range(60):
        _score(state, 2, 2, 2, 2, 2)
        _score(state, 2, 3, 4, 2, 2)
    assert state.to_move() == 0 and state.outcome() is None  # no limit: play goes on
    state.totals[:] = [19, 19]
    _score(state, 1, 2, 2, 2, 2)
    _score(state, 2, 2, 2, 2, 2)
    assert state.outcome().summary == "Lina sort du labyrinthe avec 20 points."


def test_s20_6_a_chosen_turn_limit_ends_a_solo_game_without_a_record():
    state = new(("Lina",), turn_limit=30)
    for _ in range(30):
        _score(state, 2, 2, 2, 2, 2)
    outcome = state.outcome()
    # Still inside at the limit: the points reached are the score, never a record of turns.
    assert outcome is not None and not outcome.won and outcome.scores == (0,)
    assert not outcome.lower_is_better


def test_s20_6_random_playouts_take_a_turn_cap_that_people_do_not():
    assert GAME.default_options()["turn_limit"] == 0
    assert GAME.resolve_options(GAME.playout_options)["turn_limit"] == 20


def test_turn_limit_option_in_multiplayer():
    state = new(("Lina", "Marc"), turn_limit=15)
    for _ in range(15):
        _score(state, 1, 2, 2, 2, 2)
        _score(state, 2, 2, 2, 2, 2)
    outcome = state.outcome()
    assert outcome.scores == (15, 0) and outcome.winners == (0,)


# --- refusals and the screen's helpers ---------------------------------------------------


def test_refusals_in_french():
    state = new()
    with pytest.raises(IllegalAction, match="Lance d'abord"):
        play(state, Stop())
    play(state, Roll(), 1, 2, 3, 4, 5)
    with pytest.raises(IllegalAction, match="déjà lancés|sont lancés"):
        play(state, Roll(), 1, 1, 1, 1, 1)


def test_a_finished_game_refuses_everything():
    state = new(("Lina",))
    state.totals[:] = [19]
    _score(state, 1, 2, 2, 2, 2)
    assert state.to_move() is None and state.legal_actions() == []
    with pytest.raises(IllegalAction, match="terminée"):
        play(state, Roll(), 1, 1, 1, 1, 1)


def test_screen_helpers():
    state = new()
    assert state.value() is None and state.selectable() == ()
    play(state, Roll(), 1, 5, 6, 2, 3)
    assert state.free() == (0, 1, 2, 3, 4)
    assert state.eliminable() == (0, 1, 2, 3, 4) and state.keepable() == (0, 1, 2, 3, 4)
    assert state.activatable() == (2,)
    assert state.value() == (-2, "Un 1 : +1, un 5 : -3 = -2")
    assert not state.must_stop and state.can_reroll


def test_events_describe_in_french_with_names():
    state = new()
    events = play(state, Roll(), 1, 5, 6, 2, 3)
    assert events[0].describe() == "Lina lance les dés : 1, 5, 6, 2, 3."
    events = play(state, Reroll(eliminate=1), 1, 2, 2, 2)
    assert events[0].describe() == "Lina élimine un 5 et relance 4 dés : 1, 2, 2, 2."
    events = play(state, Stop())
    assert events[0].describe() == "Lina s'arrête et marque 1 point (total 1)."
    assert events[1] == TurnStarted("Marc", 1)
    assert events[1].describe() == "Tour 1 : au tour de Marc."


def test_previews_show_what_the_special_would_do():
    state = new()
    play(state, Roll(), 1, 1, 1, 5, 6)
    assert state.value().points == 2
    assert state.flip_preview(3) == (5, "Trois 1 : +5")  # the 5 becomes a 2
    assert state.flip_preview(4).points == 3  # the 6 becomes a fourth 1: 5 + 1 - 3
    assert state.flip_preview(0).points == -1  # a 1 becomes a 6: two 1s, a 5
    assert state.activate_preview(4) == (4, "Trois 1 : +5, un 5 : -3, six activé : +2 = 4")
    assert state.dice == [1, 1, 1, 5, 6] and not state.special_used  # nothing changed


def test_mark_refusal_says_why_a_die_cannot_join_a_reroll():
    state = new()
    assert state.mark_refusal(0) == "Lance d'abord les dés."
    play(state, Roll(), 1, 5, 2, 2, 2)
    assert state.mark_refusal(0) is None and state.mark_refusal(9) == "Ce dé n'existe pas."
    play(state, Reroll(eliminate=1, keep=(0,)), 3, 3, 3)
    assert state.mark_refusal(0) == "Ce dé est gardé jusqu'à la fin du tour."
    assert state.mark_refusal(1) == "Ce dé est éliminé pour ce tour."
    assert state.mark_refusal(2) is None
    play(state, Reroll(eliminate=2), 4, 4)
    assert state.must_stop
    assert state.mark_refusal(3).startswith("Obligé d'arrêter")


def test_the_end_of_a_turn_tells_the_screen_every_die_and_its_status():
    state = new()
    play(state, Roll(), 1, 5, 2, 2, 2)
    play(state, Reroll(eliminate=1, keep=(0,)), 3, 3, 3)
    end = turn_end(play(state, Stop()))
    assert end.dice == (1, 5, 3, 3, 3)
    assert end.status == (KEPT, ELIMINATED, FREE, FREE, FREE)
    assert state.dice == [] and state.phase == ROLL  # the engine has cleared the table


def test_a_game_ended_by_the_turn_limit_says_so():
    state = new(("Lina", "Marc"), turn_limit=15)
    for _ in range(15):
        _score(state, 1, 2, 2, 2, 2)
        _score(state, 2, 2, 2, 2, 2)
    assert state.outcome().summary == "Limite de tours : Lina l'emporte avec 15 points."
    state = new(("Lina", "Marc"), turn_limit=15)
    for _ in range(15):
        _score(state, 2, 2, 2, 2, 2)
        _score(state, 2, 2, 2, 2, 2)
    assert state.outcome().summary == "Égalité à la limite de tours : Lina et Marc avec 0 point."


# --- the robot ---------------------------------------------------------------------------


def test_s20_1_s20_3_the_robot_pays_a_reroll_with_a_five_and_mends_another_with_the_special():
    bot = GAME.bot(1)
    state = new()
    assert bot.choose(state) == Roll()
    play(state, Roll(), 1, 5, 2, 5, 3)
    assert bot.choose(state) == Reroll(1, (0, 2))  # keeps the 1 and a 2, rerolls the other 5
    play(state, Reroll(1, (0, 2)), 5, 4)
    assert bot.choose(state) == Flip(3)  # the new 5 becomes a 2: +3, and the turn ends
    assert turn_end(play(state, Flip(3))).points == 1


def test_s20_3_the_robot_activates_a_six_and_stops_without_rerolling_for_nothing():
    bot = GAME.bot(1)
    state = new()
    play(state, Roll(), 1, 6, 2, 3, 4)
    assert bot.choose(state) == Activate(1)
    play(state, Activate(1))
    assert bot.choose(state) == Stop()


def test_s20_3_s20_5_special_preview_and_stop_total_answer_the_screen():
    state = new(("Lina", "Marc"))
    state.totals[:] = [2, 0]
    play(state, Roll(), 1, 5, 5, 6, 2)
    assert state.value().points == -5 and state.stop_total() == 0  # floored (S20-5)
    flip = state.special_preview(Flip(1))
    assert (flip.value.points, flip.gain, flip.forced) == (-2, 3, False)
    six = state.special_preview(Activate(3))
    assert (six.gain, six.forced) == (2, False)
    play(state, Reroll(4, (0, 1)), 2, 2)
    assert state.special_preview(Flip(2)).forced  # two free dice left afterwards
    assert new(floor=False).totals == [0, 0, 0]


# --- the robot levels --------------------------------------------------------------------


def thrown(dice, total=0, best=None, **options):
    """Lina (seat 0) after her first throw, her total `total`; with `best`, on her last
    turn (the round being finished after Marc reached `best`)."""
    state = new(("Lina", "Marc"), **options)
    state.race.scores[:] = [total, best or 0]
    state.race.final_round = best is not None
    play(state, Roll(), *dice)
    return state


def test_debutant_pays_a_reroll_with_a_five_keeps_its_ones_and_never_thinks_of_the_special():
    bot = GAME.bot(1, "debutant")
    assert bot.choose(thrown((1, 5, 2, 5, 3))) == Reroll(1, (0,))
    assert bot.choose(thrown((1, 6, 2, 3, 4))) == Stop()


def test_fort_rerolls_for_a_third_one_but_banks_a_sure_win_on_its_last_turn():
    fort = GAME.bot(1, "fort")
    # Two 1s: a reroll of three dice chases the third (+5 for three).
    assert fort.choose(thrown((1, 1, 2, 3, 4), total=15)) == Reroll(2, (0, 1))
    # Marc finished on 16: Lina's 15 + 2 wins now, a reroll could throw a 5.
    assert fort.choose(thrown((1, 1, 2, 3, 4), total=15, best=16)) == Stop()


def test_s20_3_fort_turns_a_five_into_a_two_when_no_reroll_is_left():
    state = thrown((1, 5, 2, 5, 3))
    play(state, Reroll(1, (0, 2)), 5, 4)  # two dice free: the turn must stop
    assert GAME.bot(1, "fort").choose(state) == Flip(3)


def test_fort_searches_the_whole_turn_for_its_average():
    utility = tuple(float(p) for p in range(LOWEST, HIGHEST + 1))
    search = turn(utility, min_free=3)
    average = sum(q * search.best((), dice, OPEN) for dice, q in throw_chances(5))
    assert 2.5 < average < 3.2  # points a turn brings, played best (Moyen's: about 1.7)
