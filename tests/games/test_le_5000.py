"""Le 5000 (RULINGS.md §2): every quoted and derived case, with forced dice."""

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.match import Match, Seat
from jeux.engine.testing import ForcedRng
from jeux.games.le_5000.game import GAME
from jeux.games.le_5000.rules import (
    EXACT,
    LAST_TURN,
    NOTE_BALLOT,
    NOTE_BUST,
    NOTE_CAPPED,
    NOTE_OPENED,
    NOTE_OVERSHOOT,
    Bank,
    Banked,
    Busted,
    DiceKept,
    FiveOnes,
    GameEnded,
    Roll,
    TargetReached,
    bank_result,
    keep_choices,
    score_dice,
)


def new(players=("Lina", "Marc"), **options):
    return GAME.new(players, GAME.resolve_options(options), ForcedRng())


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


def at(state, seat, score):
    """Put a player at `score`, already opened."""
    state.scores[seat] = score
    state.opened[seat] = score > 0


def bank_turn(state, faces, keep=None):
    """Throw five dice and bank them (keep: indices, default every die); a ballot just busts."""
    events = play(state, Roll(), *faces)
    if state.phase != "choose":
        return events
    return play(state, Bank(tuple(range(5)) if keep is None else keep))


# --- the points table (quoted) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "points"),
    [
        ((1,), 100),
        ((5,), 50),
        ((1, 1, 1), 1000),
        ((2, 2, 2), 200),
        ((3, 3, 3), 300),
        ((4, 4, 4), 400),
        ((5, 5, 5), 500),
        ((6, 6, 6), 600),
        ((1, 2, 3, 4, 5), 500),
        ((2, 3, 4, 5, 6), 500),
        ((1, 1, 1, 1, 1), 5000),
        ((5, 5, 5, 5, 5), 5000),
    ],
)
def test_quoted_points_table(faces, points):
    assert score_dice(faces).points == points


def test_quoted_labels_in_french():
    assert score_dice((4, 4, 4)).text == "Brelan de 4 : 400"
    assert score_dice((1, 5, 5)).text == "Un 1 et deux 5 : 200"
    assert score_dice((3, 5, 1, 2, 4)).text == "Petite suite : 500"
    assert score_dice((2, 3, 4, 5, 6)).label == "Grande suite"
    assert score_dice((1, 1, 1, 1, 5)).text == "Brelan de 1, un 1 et un 5 : 1\u00a0150"
    assert score_dice((1, 1, 1, 1, 1)).five_ones


def test_5k1_quoted_one_then_two_ones_make_300_not_1000():
    state = new()
    play(state, Roll(), 1, 2, 3, 4, 6)
    play(state, Roll((0,)), 1, 1, 3, 4)
    play(state, Roll((0, 1)), 5, 3)
    assert state.turn_total == 300


def test_5k1_combinations_never_span_throws():
    state = new()
    play(state, Roll(), 2, 2, 3, 4, 5)
    assert state.selection_value((0, 1)) is None  # two 2s are nothing on their own
    play(state, Roll((4,)), 2, 3, 4, 6)
    assert state.selection_value((0,)) is None  # a third 2 in a new throw is no brelan


# --- opening (5K-2) ----------------------------------------------------------------------


def test_5k2_quoted_opening_needs_750_in_the_turn():
    state = new()
    play(state, Roll(), 6, 6, 6, 2, 3)
    assert not state.can_bank((0, 1, 2))
    with pytest.raises(IllegalAction, match="750 points dans le tour : encore 150"):
        play(state, Bank((0, 1, 2)))
    assert Bank((0, 1, 2)) not in state.legal_actions()


def test_5k2_opening_builds_up_over_throws_of_one_turn():
    state = new()
    play(state, Roll(), 6, 6, 6, 2, 3)
    play(state, Roll((0, 1, 2)), 1, 5)
    assert state.can_bank((0, 1)) and not state.can_bank((1,))
    events = play(state, Bank((0, 1)))
    assert Banked("Lina", 750, 750, 750, NOTE_OPENED) in events
    assert state.opened[0] and state.scores[0] == 750
    assert state.race.marks(0)[-1].note == NOTE_OPENED


def test_5k2_bust_before_opening_scores_nothing():
    state = new()
    play(state, Roll(), 6, 6, 6, 2, 3)
    events = play(state, Roll((0, 1, 2)), 2, 3)
    assert Busted("Lina", (2, 3), 600, False) in events
    assert state.scores == [0, 0] and not state.opened[0] and state.to_move() == 1
    assert state.race.marks(0)[-1].note == NOTE_BUST


def test_5k2_once_opened_any_amount_may_be_banked():
    state = new()
    at(state, 0, 1000)
    play(state, Roll(), 5, 2, 3, 4, 6)
    play(state, Bank((0,)))
    assert state.scores[0] == 1050


# --- derived cases -----------------------------------------------------------------------


def test_derived_ballot_scores_nothing():
    state = new()
    events = play(state, Roll(), 2, 3, 4, 6, 6)
    assert Busted("Lina", (2, 3, 4, 6, 6), 0, True) in events
    assert "Ballot" in events[1].describe()
    assert state.race.marks(0)[-1].note == NOTE_BALLOT and state.scores[0] == 0
    assert state.to_move() == 1 and state.phase == "roll"


def test_derived_1_1_1_1_5_is_1150():
    assert score_dice((1, 1, 1, 1, 5)).points == 1150


def test_derived_1_2_3_4_5_is_500():
    state = new()
    play(state, Roll(), 1, 2, 3, 4, 5)
    assert state.selection_value(range(5)).points == 500


def test_derived_2_2_2_2_3_is_200_with_two_dice_left():
    state = new()
    play(state, Roll(), 2, 2, 2, 2, 3)
    assert {s.points for _, s in state.keep_choices} == {200}
    assert all(len(indices) == 3 for indices, _ in state.keep_choices)
    assert state.keepable == (0, 1, 2, 3)
    assert state.dice_to_throw((0, 1, 2)) == 2
    events = play(state, Roll((0, 1, 2)), 1, 6)
    assert state.turn_total == 200
    assert events[1].faces == (1, 6)


def test_derived_hot_dice_bring_all_five_back():
    state = new()
    play(state, Roll(), 1, 1, 2, 3, 4)
    play(state, Roll((0, 1)), 1, 3, 4)
    play(state, Roll((0,)), 1, 5)
    assert state.dice_to_throw((0, 1)) == 5
    events = play(state, Roll((0, 1)), 2, 2, 3, 4, 5)
    kept = events[0]
    assert isinstance(kept, DiceKept) and kept.hot_dice and kept.scoring.points == 150
    assert "relancer les cinq" in kept.describe()
    assert state.turn_total == 200 + 100 + 150
    assert len(events[1].faces) == 5


# --- four of a kind and straights (5K-3, 5K-4) -------------------------------------------


def test_5k3_four_ones_and_four_fives():
    assert score_dice((1, 1, 1, 1)).points == 1100
    assert score_dice((5, 5, 5, 5)).points == 550


def test_5k3_fourth_two_scores_nothing_and_cannot_be_kept():
    assert score_dice((2, 2, 2, 2)) is None
    assert score_dice((2, 2, 2, 2, 2)) is None
    choices = keep_choices((2, 2, 2, 2, 2))
    assert {s.points for _, s in choices} == {200}


def test_5k3_house_rule_four_of_a_kind_doubles_the_triple():
    assert score_dice((4, 4, 4, 4), four_double=True).text == "Carré de 4 : 800"
    assert score_dice((1, 1, 1, 1), four_double=True).points == 2000
    assert score_dice((5, 5, 5, 5, 1), four_double=True).points == 1100
    assert score_dice((5, 5, 5, 5, 5), four_double=True).points == 5000
    state = new(four_of_a_kind="double")
    play(state, Roll(), 3, 3, 3, 3, 6)
    assert state.selection_value((0, 1, 2, 3)).points == 600


def test_5k4_straight_is_500_in_all_but_its_1_and_5_may_be_kept_alone():
    state = new()
    play(state, Roll(), 5, 4, 3, 2, 1)
    assert state.selection_value((0, 1, 2, 3, 4)).points == 500
    assert state.selection_value((0, 4)).points == 150
    assert state.selection_value((1, 2, 3)) is None


# --- five 1s, five 5s (5K-5, 5K-6) -------------------------------------------------------


def test_5k5_five_ones_win_at_once_even_before_opening():
    state = new(("Lina", "Marc", "Zoé"))
    at(state, 0, 3000)
    bank_turn(state, (2, 2, 2, 6, 6), keep=(0, 1, 2))
    events = play(state, Roll(), 1, 1, 1, 1, 1)
    assert FiveOnes("Marc") in events and isinstance(events[-1], GameEnded)
    assert state.to_move() is None  # Zoé does not play: equal turns do not apply
    outcome = state.outcome()
    assert outcome.winners == (1,) and outcome.ranks == (2, 1, 3)
    assert "cinq 1" in outcome.summary and outcome.ending == "Cinq 1"


def test_5k5_five_ones_after_hot_dice_also_win():
    state = new()
    play(state, Roll(), 1, 2, 3, 4, 5)
    events = play(state, Roll((0, 1, 2, 3, 4)), 1, 1, 1, 1, 1)
    assert FiveOnes("Lina") in events


def test_5k6_five_fives_are_5000_but_not_an_automatic_win():
    state = new(("Lina", "Marc", "Zoé"))
    play(state, Roll(), 5, 5, 5, 5, 5)
    assert state.to_move() == 0
    events = play(state, Bank((0, 1, 2, 3, 4)))
    assert state.scores[0] == 5000
    assert TargetReached("Lina", 5000, True) in events
    assert state.to_move() == 1  # the round goes on (5K-11)


def test_5k6_five_fives_overshoot_in_the_exact_variant():
    state = new(finish=EXACT)
    at(state, 0, 500)
    events = bank_turn(state, (5, 5, 5, 5, 5))
    assert Banked("Lina", 5000, 0, 500, NOTE_OVERSHOOT) in events
    assert state.scores[0] == 500


# --- variants of the finish (5K-7, 5K-8) -------------------------------------------------


def test_5k7_exact_overshoot_scores_zero():
    state = new(finish=EXACT, equal_turns=False)
    at(state, 0, 4900)
    play(state, Roll(), 1, 1, 2, 3, 4)
    assert state.bank_preview((0, 1)) == (4900, NOTE_OVERSHOOT)
    events = play(state, Bank((0, 1)))
    assert events[1].note == NOTE_OVERSHOOT and state.scores[0] == 4900
    assert "dépasse" in events[1].describe()
    assert state.race.marks(0)[-1].points == 0
    assert state.to_move() == 1


def test_5k7_exact_hit_ends_the_game():
    state = new(finish=EXACT, equal_turns=False)
    at(state, 0, 4800)
    assert state.bank_preview() == (4800, "")
    play(state, Roll(), 1, 1, 2, 3, 4)
    assert state.bank_preview((0, 1)) == (5000, "")
    play(state, Bank((0, 1)))
    assert state.to_move() is None and state.outcome().winners == (0,)


@pytest.mark.parametrize(
    ("score", "turn", "total", "note"),
    [
        (3800, 600, 4000, NOTE_CAPPED),
        (4000, 900, 4000, NOTE_CAPPED),
        (4000, 1000, 5000, ""),
        (3800, 1300, 5100, ""),
        (3000, 500, 3500, ""),
    ],
)
def test_5k8_last_1000_in_one_turn(score, turn, total, note):
    assert bank_result(score, turn, 5000, LAST_TURN) == (total, note)


def test_5k8_capped_bank_in_play_and_win_above_target():
    state = new(finish=LAST_TURN, equal_turns=False)
    at(state, 0, 3800)
    events = bank_turn(state, (6, 6, 6, 2, 3), keep=(0, 1, 2))
    assert Banked("Lina", 600, 200, 4000, NOTE_CAPPED) in events
    assert "plafonnés" in events[1].describe()
    bank_turn(state, (2, 3, 4, 6, 6))  # Marc: ballot
    play(state, Roll(), 1, 1, 1, 2, 3)
    play(state, Bank((0, 1, 2)))
    assert state.scores[0] == 5000 and state.outcome().winners == (0,)


def test_5k8_last_1000_with_the_10000_target_caps_at_9000():
    assert bank_result(8800, 600, 10000, LAST_TURN) == (9000, NOTE_CAPPED)


# --- end of game (5K-11) -----------------------------------------------------------------


def test_5k11_equal_turns_finish_the_round_and_the_best_score_wins():
    state = new(("Lina", "Marc", "Zoé"))
    at(state, 0, 4800)
    at(state, 2, 4900)
    events = bank_turn(state, (1, 1, 2, 3, 4), keep=(0, 1))
    assert TargetReached("Lina", 5000, True) in events
    assert state.last_round and state.to_move() == 1
    bank_turn(state, (2, 3, 4, 6, 6))  # Marc: ballot
    events = bank_turn(state, (1, 1, 1, 2, 3), keep=(0, 1, 2))  # Zoé: 5900
    assert isinstance(events[-1], GameEnded)
    outcome = state.outcome()
    assert outcome.winners == (2,) and outcome.scores == (5000, 0, 5900)
    assert outcome.summary == "Zoé gagne avec 5\u00a0900 points."


def test_5k11_last_seat_reaching_the_target_ends_the_game():
    state = new()
    at(state, 1, 4900)
    bank_turn(state, (2, 3, 4, 6, 6))
    events = bank_turn(state, (1, 2, 3, 4, 6), keep=(0,))
    assert TargetReached("Marc", 5000, False) in events
    assert state.to_move() is None


def test_5k11_option_first_to_target_wins_at_once():
    state = new(("Lina", "Marc", "Zoé"), equal_turns=False)
    at(state, 0, 4900)
    bank_turn(state, (1, 2, 3, 4, 6), keep=(0,))
    assert state.to_move() is None and state.outcome().winners == (0,)


def test_ties_share_the_victory():
    state = new()
    at(state, 0, 4900)
    at(state, 1, 4900)
    bank_turn(state, (1, 2, 3, 4, 6), keep=(0,))
    bank_turn(state, (1, 2, 3, 4, 6), keep=(0,))
    outcome = state.outcome()
    assert outcome.ranks == (1, 1) and outcome.winners == (0, 1)
    assert "ex æquo" in outcome.summary


def test_option_10000_target():
    state = new(target=10000)
    at(state, 1, 4900)
    bank_turn(state, (2, 3, 4, 6, 6))
    bank_turn(state, (1, 2, 3, 4, 6), keep=(0,))
    assert state.to_move() == 0 and state.scores[1] == 5000
    assert state.target == 10000


def test_option_turn_limit_ends_the_game_after_the_last_round():
    state = new(turn_limit=10)
    bank_turn(state, (2, 3, 4, 6, 6))
    bank_turn(state, (1, 1, 1, 2, 3), keep=(0, 1, 2))
    for _ in range(9):
        assert state.to_move() == 0
        bank_turn(state, (2, 3, 4, 6, 6))
        bank_turn(state, (2, 3, 4, 6, 6))
    assert state.to_move() is None and state.race.round == 10
    assert state.outcome().winners == (1,) and state.outcome().scores == (0, 1000)
    assert state.race.turns(0) == state.race.turns(1) == 10
    assert state.outcome().ending == "Limite de tours atteinte"


# --- choices and refusals (5K-10) --------------------------------------------------------


def test_5k10_keep_only_the_one_and_reroll_four_dice():
    state = new()
    play(state, Roll(), 1, 5, 5, 3, 2)
    assert state.keepable == (0, 1, 2)
    assert Roll((0,)) in state.legal_actions()
    events = play(state, Roll((0,)), 6, 6, 3, 1)
    assert len(events[1].faces) == 4 and state.turn_total == 100


def test_legal_actions_list_every_scoring_subset_once():
    state = new()
    at(state, 0, 1000)
    play(state, Roll(), 1, 5, 5, 3, 2)
    legal = state.legal_actions()
    assert len(legal) == len(set(legal)) == 14  # 7 choices, each to roll on or to bank
    assert all(a.keep for a in legal)


def test_keep_indices_in_any_order_are_accepted():
    state = new()
    play(state, Roll(), 1, 5, 5, 3, 2)
    play(state, Roll((2, 0)), 6, 6, 1)
    assert state.turn_total == 150


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Roll(), "Mets de côté au moins un dé"),
        (Roll((3,)), "ne marquent pas tous"),
        (Roll((0, 3)), "ne marquent pas tous"),
        (Roll((7,)), "Choisis parmi les dés"),
        (Bank(), "Mets de côté au moins un dé"),
    ],
)
def test_refusals_after_a_throw_in_french(action, message):
    state = new()
    play(state, Roll(), 1, 5, 5, 3, 2)
    with pytest.raises(IllegalAction, match=message):
        play(state, action)


def test_refusals_before_the_first_throw():
    state = new()
    with pytest.raises(IllegalAction, match="Lance les dés avant de marquer"):
        play(state, Bank())
    with pytest.raises(IllegalAction, match="Lance d'abord les dés"):
        play(state, Roll((0,)))


def test_no_action_once_over():
    state = new(equal_turns=False)
    at(state, 0, 4900)
    bank_turn(state, (1, 2, 3, 4, 6), keep=(0,))
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="terminée"):
        play(state, Roll(), 1, 1, 1, 1, 1)


# --- solo score attack -------------------------------------------------------------------


def test_solo_score_is_the_number_of_turns_to_reach_the_target():
    state = new(("Lina",))
    bank_turn(state, (2, 3, 4, 6, 6))
    bank_turn(state, (5, 5, 5, 5, 5))
    outcome = state.outcome()
    assert outcome.won and outcome.scores == (2,)
    assert outcome.summary == "Lina atteint 5\u00a0000 points en 2 tours."
    assert outcome.ending == "Objectif atteint"


def test_solo_five_ones():
    state = new(("Lina",))
    play(state, Roll(), 1, 1, 1, 1, 1)
    outcome = state.outcome()
    assert outcome.won and outcome.scores == (1,) and outcome.ending == "Cinq 1"


def test_solo_turn_limit_loses():
    state = new(("Lina",), turn_limit=10)
    for _ in range(9):
        bank_turn(state, (2, 3, 4, 6, 6))
    bank_turn(state, (1, 1, 1, 5, 3), keep=(0, 1, 2, 3))
    outcome = state.outcome()
    assert outcome is not None and not outcome.won
    # A loss scores the points reached, never a number of turns that could pass for a record.
    assert outcome.scores == (1050,) and not outcome.lower_is_better
    assert "n'atteint pas" in outcome.summary and outcome.ending == "Limite de tours atteinte"


# --- the screen's view -------------------------------------------------------------------


def test_state_exposes_the_turn_for_the_screen():
    state = new()
    play(state, Roll(), 1, 5, 5, 3, 2)
    assert state.phase == "choose" and state.faces == (1, 5, 5, 3, 2)
    assert state.selection_value((0, 1, 2)).text == "Un 1 et deux 5 : 200"
    assert state.selection_value((3,)) is None
    play(state, Roll((0, 1, 2)), 5, 6)
    assert state.resting == (1, 5, 5)
    assert state.turn_total == 200 and state.faces == (5, 6) and state.keepable == (0,)
    assert state.dice_to_throw((0,)) == 1
    play(state, Roll((0,)), 3)  # busted: Marc's turn, a fresh one
    assert state.current == 1 and state.phase == "roll" and state.turn_total == 0
    assert state.race.marks(0)[-1].note == NOTE_BUST


def test_events_describe_players_by_name():
    state = new()
    events = play(state, Roll(), 1, 5, 5, 3, 2)
    events += play(state, Roll((0,)), 2, 3, 4, 6)
    texts = [e.describe() for e in events]
    assert texts[0] == "Lina lance 1, 5, 5, 3, 2."
    assert texts[1] == "Lina garde 1 — Un 1 : 100. Tour : 100."
    assert all("tu " not in t and "vous" not in t for t in texts)


def test_saved_match_replays():
    match = Match(GAME, 3, (Seat("Lina"), Seat("Marc")), {"finish": EXACT})
    for _ in range(30):
        match.play(match.state.legal_actions()[-1])
        if match.over:
            break
    again = Match.from_saved(GAME, match.to_saved())
    assert again.to_saved() == match.to_saved()
    assert again.state.scores == match.state.scores


# --- helpers for the screen, and the bot -------------------------------------------------


def test_bust_chance_counts_throws_without_a_scoring_die():
    from jeux.games.le_5000.rules import bust_chance

    assert bust_chance(1) == pytest.approx(4 / 6)
    assert bust_chance(2) == pytest.approx(16 / 36)
    assert bust_chance(3) == pytest.approx((64 - 4) / 216)  # 2-2-2, 3-3-3, 4-4-4, 6-6-6 score
    assert bust_chance(5) == pytest.approx(600 / 7776)


def test_resting_dice_lie_beside_the_throw_until_hot_dice():
    state = new()
    play(state, Roll(), 1, 5, 5, 3, 2)
    assert state.resting == ()
    play(state, Roll((0,)), 5, 3, 4, 6)
    assert state.resting == (1,)
    play(state, Roll((0,)), 1, 1, 1)
    assert state.resting == (1, 5)
    play(state, Roll((0, 1, 2)), 2, 3, 4, 6, 5)  # hot dice: the five are thrown again
    assert state.resting == ()
    play(state, Roll((4,)), 1, 2, 3, 3)
    assert state.resting == (5,)


def test_best_keep_takes_the_most_points_with_the_fewest_dice():
    state = new()
    play(state, Roll(), 1, 1, 1, 5, 3)
    assert state.best_keep() == (0, 1, 2, 3)
    state = new()
    play(state, Roll(), 2, 3, 4, 5, 6)
    assert state.best_keep() == (0, 1, 2, 3, 4)
    assert new().best_keep() == ()


def test_solo_score_counts_turns_so_a_lower_score_is_better():
    state = new(("Lina",))
    bank_turn(state, (1, 1, 1, 1, 5))
    assert state.outcome() is None
    state.scores[0] = 4900
    bank_turn(state, (1, 2, 3, 4, 6), keep=(0,))
    outcome = state.outcome()
    assert outcome.scores == (2,) and outcome.lower_is_better


@pytest.mark.parametrize(
    "options",
    [{}, {"finish": EXACT}, {"finish": LAST_TURN}, {"target": 10000}, {"equal_turns": False}],
)
def test_bot_plays_whole_games_legally(options):
    for seed in range(6):
        match = Match(GAME, seed, (Seat("A"), Seat("B"), Seat("C")), options)
        bot = GAME.bot(seed)
        for _ in range(5000):
            if match.over:
                break
            action = bot.choose(match.state.view(match.state.to_move()))
            assert action in match.state.legal_actions()
            match.play(action)
        assert match.over


def test_bot_banks_a_good_turn_and_pushes_a_small_one():
    bot = GAME.bot(1)
    state = new()
    at(state, 0, 1000)
    play(state, Roll(), 1, 2, 3, 4, 6)
    assert bot.choose(state) == Roll((0,))  # 100 with four dice left: push on
    state = new()
    at(state, 0, 1000)
    play(state, Roll(), 1, 1, 1, 5, 3)
    play(state, Roll((0, 1, 2, 3)), 1)
    assert bot.choose(state) == Roll((0,))  # hot dice: all five come back
    state = new()
    at(state, 0, 1000)
    play(state, Roll(), 6, 6, 6, 2, 3)
    play(state, Roll((0, 1, 2)), 5, 4)
    assert bot.choose(state) == Bank((0,))  # 650 with one die left: bank
    state = new()
    play(state, Roll(), 6, 6, 6, 2, 3)
    play(state, Roll((0, 1, 2)), 5, 4)
    assert bot.choose(state) == Roll((0,))  # not opened: 650 cannot be banked


def test_bot_banks_when_it_reaches_the_target_exactly():
    bot = GAME.bot(1)
    state = new(finish=EXACT)
    at(state, 0, 4900)
    play(state, Roll(), 1, 5, 3, 4, 6)
    assert bot.choose(state) == Bank((0,))
