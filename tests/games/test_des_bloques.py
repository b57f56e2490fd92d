"""Les dés bloqués (RULINGS.md §4): every quoted and derived case, with forced dice."""

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.testing import ForcedRng
from jeux.games.des_bloques.game import GAME
from jeux.games.des_bloques.rules import (
    AUTO,
    BLOCKED,
    SCORED,
    TURNS,
    VOID,
    DiceRolled,
    GameEnded,
    PlayoffStarted,
    Roll,
    Stop,
    TurnEnded,
    TurnStarted,
    judge_throw,
)


def new(players=("Lina", "Marc"), **options):
    return GAME.new(players, GAME.resolve_options(options), ForcedRng())


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


def block_all(state):
    """A throw where every active die shows a 2: the turn ends."""
    return play(state, Roll(), *[2] * state.active)


def derived_turn(state):
    """The derived sequence of RULINGS.md §4: 20 + 0 + 16 + 0 + 0 = 36."""
    return [
        play(state, Roll(), 1, 3, 4, 6, 6),
        play(state, Roll(), 2, 5, 3, 3, 1),
        play(state, Roll(), 6, 6, 4),
        play(state, Roll(), 2, 1, 1),
        play(state, Roll(), 5, 5),
    ]


def test_derived_turn_step_by_step():
    state = new()
    play(state, Roll(), 1, 3, 4, 6, 6)
    assert (state.turn_total, state.active) == (20, 5)
    assert state.last_throw.label == "Aucun 2 ni 5 : +20"
    play(state, Roll(), 2, 5, 3, 3, 1)
    assert (state.turn_total, state.active, state.blocked) == (20, 3, [2, 5])
    assert state.last_throw.label == "2 dés bloqués (2, 5) : aucun point"
    play(state, Roll(), 6, 6, 4)
    assert (state.turn_total, state.active) == (36, 3)
    play(state, Roll(), 2, 1, 1)
    assert (state.turn_total, state.active) == (36, 2)
    assert state.last_throw.label == "1 dé bloqué (2) : aucun point"
    events = play(state, Roll(), 5, 5)
    assert TurnEnded("Lina", 36, 36) in events
    assert TurnStarted("Marc", 1) in events
    assert state.scores == [36, 0] and state.sheet[0][0].points == 36
    assert state.current == 1 and state.active == 5 and state.blocked == []


def test_quoted_ten_turns_then_the_best_total_wins():
    state = new()
    for turn in range(1, TURNS + 1):
        assert state.turn == turn
        play(state, Roll(), 1, 1, 1, 1, 1)
        block_all(state)
        block_all(state)
    assert state.to_move() is None
    outcome = state.outcome()
    assert outcome.scores == (50, 0) and outcome.winners == (0,)
    assert outcome.summary == "Lina gagne avec 50 points."
    assert [len(rows) for rows in state.sheet] == [10, 10]


@pytest.mark.parametrize(
    ("faces", "points", "blocked"),
    [
        ((1, 3, 4, 6, 6), 20, ()),
        ((2, 5, 3, 3, 1), 0, (2, 5)),
        ((6, 6, 4), 16, ()),
        ((2, 1, 1), 0, (2,)),
        ((5, 5), 0, (5, 5)),
    ],
)
def test_db1_quoted_2s_and_5s_block_and_void_the_throw(faces, points, blocked):
    result = judge_throw(faces)
    assert (result.points, result.blocked) == (points, blocked)


def test_db1_penalty_applies_to_the_throw_only():
    state = new()
    events = derived_turn(state)
    assert state.scores[0] == 36
    assert events[1][0] == DiceRolled("Lina", judge_throw((2, 5, 3, 3, 1)), 3, 20, 0)


def test_db1_strict_option_a_blocking_throw_wipes_the_turn():
    state = new(penalty="turn")
    play(state, Roll(), 1, 3, 4, 6, 6)
    events = play(state, Roll(), 2, 5, 3, 3, 1)
    assert events[0].lost == 20 and state.turn_total == 0
    assert "Les 20 points du tour sont perdus" in events[0].describe()
    play(state, Roll(), 6, 6, 4)
    assert state.turn_total == 16
    assert state.can_stop
    events = play(state, Stop())
    assert TurnEnded("Lina", 16, 16, stopped=True) in events
    assert state.scores[0] == 16 and state.current == 1


def test_db1_strict_without_stopping_the_last_throw_always_wipes_the_turn():
    state = new(penalty="turn")
    derived_turn(state)
    assert state.scores[0] == 0


def test_db2_by_the_text_the_only_action_is_the_next_throw():
    state = new()
    assert state.legal_actions() == [Roll()]
    play(state, Roll(), 1, 3, 4, 6, 6)
    assert state.legal_actions() == [Roll()] and not state.can_stop
    with pytest.raises(IllegalAction, match="On ne s'arrête pas"):
        play(state, Stop())


def test_db2_stop_option_banks_the_turn():
    state = new(stop=True)
    assert state.legal_actions() == [Roll()]
    with pytest.raises(IllegalAction, match="au moins une fois"):
        play(state, Stop())
    play(state, Roll(), 1, 3, 4, 6, 6)
    assert state.legal_actions() == [Roll(), Stop()]
    events = play(state, Stop())
    assert events[0].describe() == "Lina s'arrête et marque 20 points ce tour : total 20."
    assert state.scores[0] == 20 and state.to_move() == 1


def test_db3_ties_share_the_victory():
    state = new()
    for _ in range(TURNS * 2):
        block_all(state)
    outcome = state.outcome()
    assert outcome.ranks == (1, 1) and outcome.winners == (0, 1)
    assert outcome.summary == "Lina et Marc gagnent ex æquo avec 0 point."


def test_db3_playoff_option_gives_tied_leaders_extra_turns():
    state = new(("Lina", "Marc", "Zoé"), ties="playoff")
    for turn in range(TURNS):
        for seat in range(3):
            if seat < 2 and turn == 0:
                play(state, Roll(), 3, 3, 3, 3, 3)
            events = block_all(state)
    assert PlayoffStarted(("Lina", "Marc"), 15) in events
    assert TurnStarted("Lina", 11, playoff=True) in events
    assert state.playoff == (0, 1) and state.turn == 11
    block_all(state)  # Lina 0
    assert state.to_move() == 1
    events = block_all(state)  # Marc 0: still tied, another playoff turn
    assert PlayoffStarted(("Lina", "Marc"), 15) in events and state.turn == 12
    play(state, Roll(), 1, 1, 1, 1, 1)
    block_all(state)  # Lina +5
    events = block_all(state)  # Marc 0
    assert isinstance(events[-1], GameEnded)
    outcome = state.outcome()
    assert outcome.scores == (20, 15, 0) and outcome.winners == (0,)
    assert [len(rows) for rows in state.sheet] == [12, 12, 10]
    assert state.sheet[0][-1].playoff


def test_solo_ten_turns_and_the_total_is_the_score():
    state = new(("Lina",))
    for _ in range(TURNS):
        play(state, Roll(), 6, 6, 6, 6, 6)
        block_all(state)
    outcome = state.outcome()
    assert outcome.won and outcome.scores == (300,)
    assert outcome.summary == "Lina termine avec 300 points en 10 tours."


def test_events_describe_players_by_name():
    state = new()
    texts = [e.describe() for events in derived_turn(state) for e in events]
    assert texts[0] == "Lina lance 1, 3, 4, 6, 6 — Aucun 2 ni 5 : +20. Encore 5 dés ; tour : 20."
    assert "Lina marque 36 points ce tour : total 36." in texts
    assert "Tour 1 : au tour de Marc." in texts


def test_no_action_once_over():
    state = new(("Lina",))
    for _ in range(TURNS):
        block_all(state)
    assert state.legal_actions() == [] and state.to_move() is None
    with pytest.raises(IllegalAction, match="terminée"):
        play(state, Roll(), 1, 1, 1, 1, 1)


# --- helpers for the screen, and the bot -------------------------------------------------


def test_clean_chance_is_two_thirds_per_die():
    from jeux.games.des_bloques.rules import clean_chance

    assert clean_chance(1) == pytest.approx(2 / 3)
    assert clean_chance(5) == pytest.approx(32 / 243)
    assert clean_chance(0) == 0


def test_earlier_blocked_dice_lie_beside_the_last_throw():
    state = new()
    play(state, Roll(), 1, 3, 4, 6, 6)
    assert state.earlier_blocked == ()
    play(state, Roll(), 2, 5, 3, 3, 1)
    assert state.earlier_blocked == ()
    assert state.blocked == [2, 5]
    play(state, Roll(), 6, 6, 4)
    assert state.earlier_blocked == (2, 5)
    play(state, Roll(), 2, 1, 1)
    assert state.earlier_blocked == (2, 5)
    assert state.blocked == [2, 5, 2]


def test_stop_preview_adds_the_turn_to_the_score():
    state = new(stop=True)
    state.scores[0] = 40
    play(state, Roll(), 1, 3, 4, 6, 6)
    assert state.stop_preview() == 60


def test_bot_never_stops_when_a_throw_cannot_lose_points():
    bot = GAME.bot(1)
    state = new(stop=True)
    play(state, Roll(), 1, 3, 4, 6, 6)
    state.turn_total = 500
    assert bot.choose(state) == Roll()


def test_bot_stops_in_the_strict_variant_when_the_risk_outweighs_the_gain():
    bot = GAME.bot(1)
    state = new(penalty="turn")
    assert bot.choose(state) == Roll()
    play(state, Roll(), 2, 3, 4, 6, 6)
    assert bot.choose(state) == Roll()  # nothing at risk yet
    play(state, Roll(), 1, 3, 4, 6)
    assert bot.choose(state) == Stop()  # 14 at risk: 80 % of losing it, for 20 % × 14 more


def test_db1_each_die_of_a_throw_says_what_it_did():
    assert judge_throw((1, 3, 4, 6, 6)).marks == (SCORED,) * 5
    assert judge_throw((2, 5, 3, 3, 1)).marks == (BLOCKED, BLOCKED, VOID, VOID, VOID)


def test_db2_the_automatic_pace_is_an_option_that_stopping_turns_off():
    assert not new().auto
    assert new(pace=AUTO).auto
    assert not new(pace=AUTO, stop=True).auto  # a decision to take: one key per throw


def test_db2_no_robot_levels_since_the_rules_leave_nothing_to_decide():
    assert GAME.levels == ()
