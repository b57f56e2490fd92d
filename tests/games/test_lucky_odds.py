"""Lucky Odds (RULINGS.md §7): every quoted and derived case, with forced dice."""

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.events import GameOver
from jeux.engine.match import Match, Seat
from jeux.engine.testing import ForcedRng
from jeux.games.lucky_odds.game import GAME
from jeux.games.lucky_odds.rules import (
    BANKED,
    KEPT,
    NOTHING,
    OVERSHOT,
    DiceRolled,
    Roll,
    Stop,
    TargetReached,
    TurnEnded,
    TurnStarted,
    throw_label,
    throw_value,
)


def new(players=("Lina", "Marc", "Zoé"), **options):
    return GAME.new(players, GAME.resolve_options(options), ForcedRng())


def points_sheet(state):
    """The sheet's cells as the points of each turn (None: not played)."""
    return [[mark and mark.points for mark in row] for row in state.race.sheet]


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


def bank(state, *dice):
    """A one-throw turn with no even die left, banked at once (e.g. 2,5,1 → 1 point)."""
    return play(state, Roll(), *dice)


# --- quoted examples (Appendix A) -----------------------------------------------------


def test_quoted_ex1_246_scores_nothing_and_the_dice_pass():
    state = new()
    events = play(state, Roll(), 2, 4, 6)
    assert events[0].points == 0
    assert events[0].label == "Aucun impair : 0 point"
    assert events[1:] == [TurnEnded("Lina", 0, 0, NOTHING), TurnStarted("Marc", 1)]
    assert state.to_move() == 1 and points_sheet(state) == [[0, None, None]]


def test_quoted_ex2_132_keeps_4_and_the_2_may_be_rerolled():
    state = new()
    play(state, Roll(), 1, 3, 2)
    assert state.turn_total == 4 and state.label == "1 et 3 gardés : 4 points"
    assert state.status == [KEPT, KEPT, "free"] and state.kept_dice == (0, 1)
    assert state.rerollable == (2,)
    assert state.legal_actions() == [Stop(), Roll((2,))]


def test_quoted_ex2_an_even_reroll_loses_the_4_points():
    state = new()
    play(state, Roll(), 1, 3, 2)
    events = play(state, Roll((2,)), 6)
    assert TurnEnded("Lina", 0, 0, NOTHING) in events
    assert state.scores == [0, 0, 0] and state.to_move() == 1


def test_quoted_ex2_an_odd_reroll_adds_its_value():
    state = new()
    play(state, Roll(), 1, 3, 2)
    events = play(state, Roll((2,)), 5)
    assert TurnEnded("Lina", 9, 9, BANKED) in events  # nothing left to throw: banked


def test_quoted_ex3_251_the_7_pair_is_out_and_scores_1():
    state = new()
    events = play(state, Roll(), 2, 5, 1)
    assert events[0] == DiceRolled(
        "Lina", (2, 5, 1), (0, 1, 2), (0, 1), 1, 1, "2 + 5 = 7 hors-jeu, 1 gardé : 1 point"
    )
    assert events[1] == TurnEnded("Lina", 1, 1, BANKED)


def test_appendix_a_target_is_exactly_50():
    assert new().target == 50


# --- derived cases --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "points", "pair"),
    [
        ((2, 4, 6), 0, None),
        ((1, 3, 2), 4, None),
        ((2, 5, 1), 1, (0, 1)),
        ((1, 6, 3), 3, (0, 1)),
        ((5, 2, 2), 0, (0, 1)),
        ((1, 3, 5), 9, None),
        ((6, 1, 6), 0, (0, 1)),  # which 6 pairs up never changes the result
        ((5, 5, 5), 15, None),
    ],
)
def test_lo5_throw_values(faces, points, pair):
    value = throw_value(faces)
    assert value.points == points and value.pair == pair


def test_derived_163_the_1_and_6_are_out_3_points():
    state = new()
    events = play(state, Roll(), 1, 6, 3)
    assert events[1] == TurnEnded("Lina", 3, 3, BANKED)


def test_derived_522_the_pair_is_out_and_a_2_remains_0():
    state = new()
    events = play(state, Roll(), 5, 2, 2)
    assert events[0].label == "5 + 2 = 7 hors-jeu : 0 point"
    assert events[1] == TurnEnded("Lina", 0, 0, NOTHING)


def test_derived_135_scores_9_and_all_three_may_be_rerolled():
    state = new()
    play(state, Roll(), 1, 3, 5)
    assert state.turn_total == 9 and state.may_rethrow_all
    assert state.label == "1, 3 et 5 gardés : 9 points"
    assert state.legal_actions() == [Stop(), Roll((0, 1, 2))]
    with pytest.raises(IllegalAction, match="ensemble"):
        play(state, Roll((0,)), 1)


def test_derived_at_48_a_turn_worth_3_busts_and_stays_at_48():
    state = new()
    state.scores[:] = [48, 0, 0]
    events = play(state, Roll(), 3, 2, 2)
    assert TurnEnded("Lina", 0, 48, OVERSHOT) in events
    assert state.scores[0] == 48 and state.to_move() == 1


# --- rulings --------------------------------------------------------------------------


def test_lo1_pairs_never_span_kept_and_rethrown_dice():
    state = new()
    play(state, Roll(), 3, 2, 2)  # keep the 3
    play(state, Roll((1, 2)), 4, 1)  # 3 + 4 = 7 across throws does not count
    assert state.status == [KEPT, "free", KEPT]
    assert state.pair == () and state.turn_total == 4
    assert state.rerollable == (1,)


def test_lo1_a_pair_inside_a_rethrow_goes_out():
    state = new()
    play(state, Roll(), 3, 2, 2)
    events = play(state, Roll((1, 2)), 4, 3)
    assert events[0].pair == (1, 2) and events[0].points == 0
    assert TurnEnded("Lina", 0, 0, NOTHING) in events


def test_lo2_keep_rerolling_even_dice_while_the_throws_score():
    state = new()
    play(state, Roll(), 1, 2, 4)
    play(state, Roll((1, 2)), 2, 3)
    assert state.turn_total == 4 and state.rerollable == (1,)
    play(state, Roll((1,)), 2)  # the last even die, now a bust
    assert state.scores[0] == 0 and state.to_move() == 1


def test_lo2_every_even_die_left_is_rethrown_together():
    """§7 step 5: "reroll only those even dice" is all of them, never a choice (issue 8)."""
    state = new()
    play(state, Roll(), 1, 2, 4)
    assert state.legal_actions() == [Stop(), Roll((1, 2))]
    with pytest.raises(IllegalAction, match="Tous les dés pairs"):
        play(state, Roll((2,)), 3)
    play(state, Roll((1, 2)), 3, 2)
    assert state.turn_total == 4 and state.rerollable == (2,)
    events = play(state, Stop())
    assert events[0] == TurnEnded("Lina", 4, 4, BANKED)


def test_lo3_rethrowing_all_three_adds_to_the_turn():
    state = new()
    play(state, Roll(), 1, 3, 5)
    play(state, Roll(), 1, 1, 2)
    assert state.turn_total == 11 and state.rerollable == (2,)
    assert not state.may_rethrow_all


def test_lo3_all_odd_only_on_the_first_throw_by_default():
    state = new()
    play(state, Roll(), 1, 3, 5)
    events = play(state, Roll(), 3, 3, 3)  # all odd again: banked, no third go
    assert TurnEnded("Lina", 18, 18, BANKED) in events


def test_lo3_option_all_three_kept_at_any_time():
    state = new(all_odd_rethrow="any_time")
    play(state, Roll(), 1, 3, 2)
    play(state, Roll((2,)), 5)
    assert state.may_rethrow_all and state.turn_total == 9
    assert state.legal_actions() == [Stop(), Roll((0, 1, 2))]
    play(state, Roll(), 3, 3, 3)
    assert state.may_rethrow_all and state.turn_total == 18


def test_lo3_default_all_three_kept_later_is_banked():
    state = new()
    play(state, Roll(), 1, 3, 2)
    events = play(state, Roll((2,)), 5)
    assert TurnEnded("Lina", 9, 9, BANKED) in events


def test_lo4_overshoot_during_the_turn_busts_at_once():
    state = new()
    state.scores[:] = [47, 0, 0]
    events = play(state, Roll(), 1, 3, 2)  # 47 + 4 = 51
    assert TurnEnded("Lina", 0, 47, OVERSHOT) in events
    assert events[-2].describe() == "Lina dépasserait 50 : le tour ne compte pas (47)."


def test_lo4_landing_on_exactly_50_banks_and_wins():
    state = new()
    state.scores[:] = [46, 0, 0]
    events = play(state, Roll(), 1, 3, 2)  # even die left, but 50 is reached
    assert TurnEnded("Lina", 4, 50, BANKED) in events
    assert events[-1] == GameOver("Lina atteint 50 points pile et gagne.")
    assert state.to_move() is None and state.legal_actions() == []
    outcome = state.outcome()
    assert outcome.scores == (50, 0, 0) and outcome.ranks == (1, 2, 2)


def test_lo6_option_equal_turns_finishes_the_round_and_shares_the_win():
    state = new(equal_turns=True)
    state.scores[:] = [45, 30, 49]
    events = bank(state, 5, 2, 5)  # 5+2 out, 5 kept: Lina 50
    assert TargetReached("Lina") in events and state.to_move() == 1
    bank(state, 2, 5, 1)  # Marc 31
    events = bank(state, 2, 5, 1)  # Zoé 50
    assert isinstance(events[-1], GameOver)
    outcome = state.outcome()
    assert outcome.winners == (0, 2) and outcome.ranks == (1, 3, 1)
    assert outcome.summary == "Lina et Zoé atteignent 50 points pile et gagnent ex aequo."


def test_lo6_equal_turns_single_winner():
    state = new(("A", "B"), equal_turns=True)
    state.scores[:] = [30, 49]
    bank(state, 2, 5, 1)
    events = bank(state, 2, 5, 1)
    assert state.outcome().winners == (1,) and isinstance(events[-1], GameOver)
    assert not state.outcome().lower_is_better  # against others, points are best


def test_the_rounds_go_on_until_someone_reaches_50():
    state = new(("A", "B"))
    bank(state, 2, 5, 1)
    bank(state, 1, 6, 3)
    assert state.race.round == 2 and state.to_move() == 0
    assert points_sheet(state) == [[1, 3], [None, None]]


def test_solo_score_attack_counts_the_turns_to_reach_exactly_50():
    state = new(("Lina",))
    assert GAME.info.min_players == 1
    for _ in range(3):
        play(state, Roll(), 5, 5, 5)
        play(state, Stop())  # 15 a turn
    bank(state, 2, 4, 6)  # a bust still counts as a turn
    assert state.scores == [45] and state.race.turns() == 4
    events = play(state, Roll(), 5, 2, 5)
    assert isinstance(events[-1], GameOver)
    outcome = state.outcome()
    assert outcome.scores == (5,) and outcome.won
    assert outcome.summary == "Lina atteint 50 points en 5 tours."
    assert outcome.lower_is_better  # the records keep the fewest turns


# --- refusals and the screen's view ---------------------------------------------------


def test_stop_before_the_first_throw_is_refused_in_french():
    state = new()
    with pytest.raises(IllegalAction, match="Lance les dés"):
        play(state, Stop())
    with pytest.raises(IllegalAction, match="trois dés"):
        play(state, Roll((0,)), 1)


def test_kept_and_out_dice_cannot_be_rethrown():
    state = new()
    play(state, Roll(), 1, 3, 2)
    with pytest.raises(IllegalAction, match="dés pairs"):
        play(state, Roll((0, 2)), 2, 2)
    play(state, Roll((2,)), 5)  # banked, Marc's turn
    assert state.to_move() == 1


def test_a_7_pair_always_ends_the_turn_so_out_dice_show_in_the_event():
    state = new()
    events = play(state, Roll(), 4, 3, 5)
    assert events[0].pair == (0, 1) and events[0].faces == (4, 3, 5)
    assert events[1] == TurnEnded("Lina", 5, 5, BANKED)


def test_throw_labels():
    assert throw_label((1,)) == "1 gardé : 1 point"
    assert throw_label((4,)) == "Aucun impair : 0 point"
    assert throw_label((6, 1, 3)) == "6 + 1 = 7 hors-jeu, 3 gardé : 3 points"


def test_events_describe_in_french_by_name():
    state = new()
    events = play(state, Roll(), 1, 3, 2)
    assert events[0].describe() == "Lina lance 1, 3, 2. 1 et 3 gardés : 4 points."
    events = play(state, Stop())
    assert [e.describe() for e in events] == ["Lina marque 4 points (total 4).", "Au tour de Marc."]
    events = play(state, Roll(), 2, 2, 4)
    assert events[1].describe() == "Marc ne marque rien : les points du tour sont perdus (0)."


def test_saved_match_replays_with_dice_tuples():
    match = Match(GAME, 5, (Seat("A"), Seat("B")), {"all_odd_rethrow": "any_time"})
    while not match.over:
        match.play(match.state.legal_actions()[0])
    again = Match.from_saved(GAME, match.to_saved())
    assert again.outcome() == match.outcome()


# --- what the screen shows before deciding, and the computer player ---------------------


def test_rethrow_odds_count_every_outcome():
    from jeux.games.lucky_odds.rules import rethrow_odds

    assert rethrow_odds(1, 50) == (0.5, 3.0, False)  # an odd face, 1, 3 or 5
    # two dice: 6 pairs summing to 7 and 9 even-even throws score nothing
    assert rethrow_odds(2, 50).chance == pytest.approx(21 / 36)
    assert rethrow_odds(1, 1) == (1 / 6, 1.0, True)  # only a 1 keeps the turn within 50
    assert rethrow_odds(1, 0) == (0.0, 0.0, True)
    assert not rethrow_odds(3, 15).may_overshoot  # three 5s, the most a throw adds


def test_state_odds_use_the_room_left_below_50():
    state = new()
    state.scores[0] = 45
    play(state, Roll(), 1, 2, 4)
    assert state.room == 4 and state.rerollable == (1, 2)
    assert state.offered == (1, 2)
    odds = state.odds()  # two dice: 1 + 3, a 1 or a 3 with an even die…
    assert odds.may_overshoot and 0 < odds.chance < 1
    assert state.may_rethrow((2, 1))
    assert not state.may_rethrow((2,)) and not state.may_rethrow((0,))
    assert not state.may_rethrow(())


def test_bot_weighs_the_turn_against_the_risk():
    bot = GAME.bot(1)
    state = new()
    assert bot.choose(state) == Roll()
    play(state, Roll(), 1, 2, 4)  # 1 point, two even dice: throwing again pays
    assert bot.choose(state) == Roll((1, 2))
    state = new()
    play(state, Roll(), 3, 3, 2)  # 6 points at risk on one die: bank
    assert bot.choose(state) == Stop()
    state = new()
    play(state, Roll(), 5, 3, 1)  # all odd: 9, and three dice again
    assert bot.choose(state) in (Roll(), Stop())
    for seed in range(20):  # whatever the dice, the bot only plays legal moves
        match = Match(GAME, seed, (Seat("A", bot=True), Seat("B", bot=True)), {})
        while not match.over:
            match.play(bot.choose(match.state))
        assert match.outcome() is not None


def test_dice_status_matches_the_table_after_every_throw():
    from jeux.games.lucky_odds.rules import FREE, OUT, dice_status

    assert dice_status((2, 5, 1), (0, 1)) == (OUT, OUT, KEPT)
    assert dice_status((1, 3, 2), ()) == (KEPT, KEPT, FREE)
    for seed in range(30):
        match = Match(GAME, seed, (Seat("A"), Seat("B")), {})
        while not match.over:
            events = match.play(match.state.legal_actions()[-1])
            rolled = next(e for e in events if isinstance(e, DiceRolled))
            state = match.state
            if state.phase == "choose":  # the turn goes on: the table is still there
                assert dice_status(rolled.faces, rolled.pair) == tuple(state.status)
