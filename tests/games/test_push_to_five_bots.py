"""Push to Five's three robot levels (RULINGS.md §22, P5-2, P5-3):
blind to the order of the face-down cards, and right where the right move is plain."""

import pytest

from jeux.engine.core import LEVELS
from jeux.games.push_to_five.bots import (
    BeginnerBot,
    StrongBot,
    race_end_values,
    steady_spread,
    win_table,
)
from jeux.games.push_to_five.game import GAME
from jeux.games.push_to_five.rules import DECKS, NORMAL, TARGET, Flip, Stop

from .test_push_to_five import P3, P5, X2, StackedRng, flip_all, order, start


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_level_decides_the_same_whatever_lies_face_down(level):
    """P5-4: the same turned cards over two different hidden orders."""
    choices = set()
    for rest in ([X2, "protection", "perdre"], ["perdre", "protection", X2]):
        state = start(("Lina", "Marc"), [P3, P5, *rest])
        flip_all(state, 0, 1)
        choices.add(GAME.bot(4, level).choose(state.view(0)))
    assert len(choices) == 1


def second_seat_on(turn_cards):
    """Lina banks 3; Marc has turned these cards."""
    state = start(("Lina", "Marc"), order(P3), order(*turn_cards))
    flip_all(state, 0)
    state.apply(Stop(), StackedRng(order(*turn_cards)))
    flip_all(state, *range(len(turn_cards)))
    return state


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_keeps_a_winning_total(level):
    """P5-3: the second seat reaching 15 ends the round, and the game, in its favour."""
    state = second_seat_on((P3, P5, X2))  # 16
    assert GAME.bot(0, level).choose(state.view(1)) == Stop()


def test_fort_pushes_in_the_last_round_when_stopping_loses():
    state = start(("Lina", "Marc"), order(P3, P5, X2))
    flip_all(state, 0, 1, 2)
    state.apply(Stop(), StackedRng(order(P5, X2, P3)))
    flip_all(state, 0, 1, 2)  # Marc at 13 < 16
    assert isinstance(StrongBot(0).choose(state.view(1)), Flip)


def test_beginner_stops_on_a_comfortable_total_without_weighing_the_odds():
    state = second_seat_on((P5, P3))  # 8, and three cards left, one of them Perdre tout
    bot = BeginnerBot(0)
    bot.enough = 8
    assert bot.choose(state.view(1)) == Stop()
    bot.enough = 9
    assert isinstance(bot.choose(state.view(1)), Flip)


def test_beginner_turns_on_while_a_protection_makes_the_next_card_free():
    state = second_seat_on((P5, "protection", P3))  # 8, protected
    bot = BeginnerBot(0)
    bot.enough = 5
    assert isinstance(bot.choose(state.view(1)), Flip)
    state = second_seat_on((P5, "protection", "perdre", P3))  # the Protection is spent
    assert bot.choose(state.view(1)) == Stop()


def test_win_table_knows_the_second_seat_is_ahead_and_a_bank_of_14_is_nearly_won():
    table = win_table(DECKS[NORMAL])
    assert table.first[0][0] < 0.5 < table.second[0][0]
    assert table.second[14][0] > 0.9
    assert table.first[0][14] < table.first[14][0]


def test_with_three_players_fort_races_every_rival_and_pushes_a_turn_moyen_banks():
    state = start(("Lina", "Marc", "Zoé"), order(P5, X2))
    flip_all(state, 0, 1)  # 10, with +3, Protection and Perdre tout face down
    assert GAME.bot(1, "moyen").choose(state.view(0)) == Stop()
    assert isinstance(GAME.bot(1, "fort").choose(state.view(0)), Flip)


def test_a_steady_rival_banks_every_turn_once_and_the_race_is_a_chance():
    deck = DECKS[NORMAL]
    assert sum(steady_spread(0, deck)) == pytest.approx(1.0)
    values = race_end_values(0, ((0, True), (0, True)), deck)
    assert all(0 <= v <= 1 for v in values) and values[TARGET] > values[TARGET - 1]
