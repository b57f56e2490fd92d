"""Push to Five (RULINGS.md §22): every quoted and derived case, with the row's order forced."""

from itertools import permutations

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.testing import ForcedRng
from jeux.games.push_to_five.bots import PushBot
from jeux.games.push_to_five.game import GAME
from jeux.games.push_to_five.present import bank_line, card_face, goal, odds_lines, turn_head
from jeux.games.push_to_five.rules import (
    BANKED,
    BUST,
    CARD_NAMES,
    DECKS,
    DOUBLE,
    LOSE_ALL,
    NORMAL,
    PLUS1,
    PLUS3,
    PLUS5,
    PROTECTION,
    SLOW,
    SPRINT,
    SPRINT_ROUNDS,
    TARGET,
    CardTurned,
    FinalRound,
    Flip,
    Reshuffle,
    Reshuffled,
    Stop,
    TurnEnded,
    apply_card,
)

P3, P5, X2, PROT, LOSE = PLUS3, PLUS5, DOUBLE, PROTECTION, LOSE_ALL


class StackedRng(ForcedRng):
    """Lays the five cards in the given orders, one per shuffle (then deck order)."""

    def __init__(self, *orders) -> None:
        super().__init__()
        self.orders = [list(o) for o in orders]

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        self.draws += 1
        if self.orders:
            x[:] = self.orders.pop(0)


def start(players=("Lina", "Marc"), *orders, **options):
    return GAME.new(players, GAME.resolve_options(options), StackedRng(*orders))


def order(*first):
    """A full row starting with these cards, the others after them in deck order."""
    return [*first, *(c for c in DECKS[NORMAL] if c not in first)]


def flip_all(state, *places, rng=None):
    events = []
    for place in places:
        events += state.apply(Flip(place), rng or StackedRng())
    return events


def turn_of(cards, deck=NORMAL):
    """Turn these cards in order from a fresh row, always pushing: the events."""
    row = [*cards, *(c for c in DECKS[deck] if c not in cards)]
    state = start(("Lina", "Marc"), row, deck=deck)
    return state, flip_all(state, *range(len(cards)))


# --- quoted ----------------------------------------------------------------------------


def test_p5_material_five_special_cards_and_a_target_of_15():
    state = start()
    assert len(state.faces) == 5 and sorted(state.deck) == sorted(DECKS[NORMAL])
    assert {CARD_NAMES[c] for c in DECKS[NORMAL]} == {
        "+3 points",
        "+5 points",
        "×2 points",
        "Protection",
        "Perdre tout",
    }
    assert TARGET == 15


def test_p5_double_doubles_the_turn():
    assert apply_card(DOUBLE, 8, False) == (16, False, False)


def test_p5_protection_cancels_only_the_next_lose_all():
    assert apply_card(LOSE_ALL, 8, True) == (8, False, False)  # used up
    assert apply_card(LOSE_ALL, 8, False) == (0, False, True)


# --- derived -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "turn"),
    [((P3, P5, X2), 16), ((X2, P3, P5), 8), ((P5, X2, P3), 13), ((PROT, LOSE, P3), 3)],
)
def test_p5_derived_turns(cards, turn):
    state, events = turn_of(cards)
    assert state.turn == turn and state.current == 0  # still going
    assert events[-1] == CardTurned("Lina", 2, cards[2], turn, False)


def test_p5_plus3_plus5_double_reaches_15_and_the_round_is_finished():
    state, _ = turn_of((P3, P5, X2))
    events = state.apply(Stop(), StackedRng())
    assert TurnEnded("Lina", 16, 16, BANKED) in events
    assert FinalRound("Lina", False) in events
    assert state.final_round and state.current == 1 and not state.over  # P5-3


def test_p5_lose_all_first_ends_the_turn_with_nothing():
    state, events = turn_of((LOSE,))
    assert TurnEnded("Lina", 0, 0, BUST) in events
    assert state.current == 1 and state.banks == [0, 0] and state.turn == 0


def test_p5_cancelled_lose_all_is_told_and_keeps_the_turn():
    state, events = turn_of((P5, PROT, LOSE))
    assert events[-1] == CardTurned("Lina", 2, LOSE, 5, False, cancelled=True)
    assert state.current == 0 and not state.protected


def always_push(deck):
    """Sprint read literally: turn every card of one cycle; (reached 15, bust, full)."""
    reached = bust = full = 0
    for row in permutations(deck):
        turn, protected = 0, False
        for card in row:
            turn, protected, lost = apply_card(card, turn, protected)
            if lost:
                bust += 1
                break
            if turn >= TARGET:
                reached += 1
                break
        else:
            full += 1
    return reached, bust, full


def test_p5_literal_sprint_over_the_120_orders():
    assert always_push(DECKS[NORMAL]) == (22, 58, 40)


def test_p5_1_slow_deck_never_reaches_15_in_one_cycle():
    assert always_push(DECKS[SLOW]) == (0, 60, 60)
    state = start(deck=SLOW)
    assert PLUS1 in state.deck and PLUS5 not in state.deck


# --- P5-2 / P5-3: Cumul ---------------------------------------------------------------------


def test_p5_2_cumulative_banks_each_stopped_turn():
    state = start(("Lina", "Marc"), order(P5, P3))
    rng = StackedRng(order(P3), order(P5))
    flip_all(state, 0, 1)
    state.apply(Stop(), rng)
    assert state.banks == [8, 0] and state.current == 1
    flip_all(state, 0)
    state.apply(Stop(), rng)
    assert state.banks == [8, 3] and state.round == 2 and state.current == 0
    assert [m.points for m in state.sheet[0]] == [8, 3]


def test_p5_3_highest_bank_after_the_round_wins_still_tied_shared():
    state = start(("Lina", "Marc"), order(P3, P5, X2))
    flip_all(state, 0, 1, 2)
    state.apply(Stop(), StackedRng(order(P5, P3, X2)))
    assert state.banks[0] == 16 and not state.over
    flip_all(state, 0, 1, 2)  # Marc: +5, +3, ×2 = 16 as well
    events = state.apply(Stop(), StackedRng())
    assert state.over
    assert state.outcome().ranks == (1, 1)
    assert events[-1].describe() == "Lina et Marc finissent avec 16 points et gagnent ex aequo."


def test_p5_3_the_last_seat_may_pass_the_first_to_15():
    state = start(("Lina", "Marc"), order(P3, P5, X2))
    flip_all(state, 0, 1, 2)
    state.apply(Stop(), StackedRng([P5, PROT, X2, LOSE, P3]))
    flip_all(state, 0, 1, 2, 3, 4)  # 5, protected, 10, cancelled, 13
    assert state.phase == "full" and state.legal_actions() == [Stop(), Reshuffle()]
    events = state.apply(Reshuffle(), StackedRng(order(P5)))
    assert Reshuffled("Marc", 2) in events
    assert not state.protected and state.turn == 13  # P5-5: no Protection carried over
    flip_all(state, 0)
    state.apply(Stop(), StackedRng())
    assert state.banks == [16, 18] and state.over
    assert state.outcome().ranks == (2, 1)
    assert state.outcome().summary == "Marc finit avec 18 points et gagne."


# --- P5-2 / P5-8: Sprint --------------------------------------------------------------------


def test_p5_2_sprint_needs_15_in_one_turn():
    state = start(("Lina", "Marc"), order(P3, P5), mode=SPRINT)
    rng = StackedRng(order(LOSE), order(P3, P5), order(LOSE))
    for _ in range(2):  # Lina banks 8 twice: 16 in the bank, never 15 in a turn
        flip_all(state, 0, 1, rng=rng)
        state.apply(Stop(), rng)
        flip_all(state, 0, rng=rng)  # Marc loses all
    assert state.banks == [16, 0] and not state.final_round and not state.over


def test_p5_2_sprint_a_turn_of_15_wins_and_banks_break_ties():
    state = start(("Lina", "Marc"), mode=SPRINT)
    rng = StackedRng(order(P3, P5), order(P3, P5, X2), order(P5, P3, X2))
    flip_all(state, 0, rng=rng)
    state.apply(Stop(), rng)  # Lina banks 3
    flip_all(state, 0, 1, rng=rng)
    state.apply(Stop(), rng)  # Marc banks 8
    flip_all(state, 0, 1, 2, rng=rng)
    assert FinalRound("Lina", True) in state.apply(Stop(), rng)  # 16 in one turn
    flip_all(state, 0, 1, 2, rng=rng)
    state.apply(Stop(), rng)  # Marc: 16 too, and a better bank
    assert state.over and state.banks == [19, 24]
    assert state.outcome().ranks == (2, 1)
    assert state.outcome().summary == "Marc fait 16 points en un tour et gagne."


def test_p5_8_sprint_ends_after_20_rounds_with_the_best_bank():
    state = start(("Lina", "Marc"), mode=SPRINT)
    rng = StackedRng()  # every row in deck order: +3, +5, ×2, Protection, Perdre tout
    for _ in range(SPRINT_ROUNDS):
        state.apply(Flip(0), rng)
        state.apply(Stop(), rng)  # Lina +3
        state.apply(Flip(0), rng)
        state.apply(Flip(1), rng)
        state.apply(Stop(), rng)  # Marc +3 +5
    assert state.over and state.round == SPRINT_ROUNDS
    assert state.outcome().ranks == (2, 1)
    assert "meilleure banque" in state.outcome().summary


# --- P5-4 / P5-5 / P5-7 -------------------------------------------------------------------


def test_p5_4_the_player_picks_a_place_and_finds_what_lies_there():
    state = start(("Lina", "Marc"), [P3, P5, X2, PROT, LOSE])
    events = state.apply(Flip(3), StackedRng())
    assert events == [CardTurned("Lina", 3, PROT, 0, True)]
    with pytest.raises(IllegalAction):
        state.apply(Flip(3), StackedRng())


def test_p5_4_no_stop_before_the_first_card():
    state = start()
    assert Stop() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="au moins une carte"):
        state.apply(Stop(), StackedRng())


def test_p5_5_one_set_reshuffled_at_every_turn():
    state = start(("Lina", "Marc"), order(P3))
    flip_all(state, 0)
    rng = StackedRng(order(P5))
    state.apply(Stop(), rng)
    assert rng.draws == 1 and state.faces == [None] * 5
    assert state.slots[0].card == P5


def test_p5_7_a_stop_after_a_full_cycle_keeps_the_points():
    state = start(("Lina", "Marc"), order(P5, PROT, X2, LOSE, P3))
    flip_all(state, 0, 1, 2, 3, 4)  # 5, 5, 10, 10, 13
    state.apply(Stop(), StackedRng())
    assert state.banks == [13, 0]


# --- P5-6: alone -----------------------------------------------------------------------------


def test_p5_6_solo_five_rounds_score_the_bank():
    state = start(("Lina",), order(P3, P5))
    rng = StackedRng(*([order(P3, P5)] * 5))
    for _ in range(5):
        assert not state.over
        flip_all(state, 0, 1)
        state.apply(Stop(), rng)
    assert state.over and state.round == 5
    outcome = state.outcome()
    assert outcome.scores == (40,) and outcome.won
    assert outcome.summary == "Lina garde 40 points en 5 manches."


def test_p5_6_solo_rounds_are_an_option_and_sprint_alone_needs_one_turn_of_15():
    state = start(("Lina",), order(P3, P5), solo_rounds=3, mode=SPRINT)
    rng = StackedRng(*([order(P3, P5)] * 3))
    for _ in range(3):
        flip_all(state, 0, 1)
        state.apply(Stop(), rng)
    assert state.over and state.outcome().scores == (24,)
    assert not state.outcome().won  # never 15 in a single turn


# --- privacy and the robot ---------------------------------------------------------------------


def test_view_keeps_only_the_turned_cards():
    state = start(("Lina", "Marc"), [P3, P5, X2, PROT, LOSE])
    flip_all(state, 1)
    view = state.view(0)
    assert view.slots == [None] * 5 and view.faces == [None, P5, None, None, None]
    assert view.left == (P3, X2, PROT, LOSE)
    assert state.secrets(0) == frozenset(s for s in state.slots if s)
    assert view.legal_actions() == state.legal_actions()


def test_odds_of_the_next_card_come_from_the_cards_left():
    state = start(("Lina", "Marc"), order(P3, P5))
    flip_all(state, 0, 1)
    odds = state.odds()
    assert odds.bust == pytest.approx(1 / 3)
    assert odds.mean == pytest.approx((16 + 8) / 2)  # ×2 or Protection


def test_bot_pushes_while_nothing_is_at_stake_and_stops_when_losing_outweighs_the_gain():
    bot = PushBot(0)
    state = start(("Lina", "Marc"), order(P3, P5))
    assert isinstance(bot.choose(state.view(0)), Flip)
    flip_all(state, 0)
    assert isinstance(bot.choose(state.view(0)), Flip)  # 3 at risk, much to gain
    state = start(("Lina", "Marc"), order(P5, X2, P3))
    flip_all(state, 0, 1, 2)  # 13; Protection or Perdre tout left: half a chance of 0
    assert bot.choose(state.view(0)) == Stop()


def test_bot_in_the_last_round_pushes_past_the_leader():
    state = start(("Lina", "Marc"), order(P3, P5, X2))
    flip_all(state, 0, 1, 2)
    state.apply(Stop(), StackedRng(order(P5, X2, P3)))
    flip_all(state, 0, 1, 2)  # Marc at 13 < 16: stopping loses for sure
    assert isinstance(PushBot(0).choose(state.view(1)), Flip)


def test_bot_reshuffles_or_stops_after_a_full_cycle():
    state = start(("Lina", "Marc"), order(P5, PROT, X2, LOSE, P3))
    flip_all(state, 0, 1, 2, 3, 4)  # 13 and everything turned
    assert PushBot(0).choose(state.view(0)) in (Stop(), Reshuffle())


# --- what the screen says (present.py) ---------------------------------------------------------


def test_odds_lines_say_what_stopping_keeps_and_what_the_next_card_risks():
    state = start(("Lina", "Marc"), order(P3, P5))
    assert odds_lines(state, "→") == [
        "Retourner (1-5) : 20 % de tout perdre",
        "  puis 2 points en moyenne",
    ]
    flip_all(state, 0, 1)
    assert odds_lines(state, "→") == [
        "Arrêter (a) → garder 8 points, banque 8",
        "Retourner (1-5) : 33 % de tout perdre",
        "  puis 12 points en moyenne",
    ]
    state = start(("Lina", "Marc"), order(PROT))
    flip_all(state, 0)
    assert odds_lines(state, "→")[1] == "Retourner (1-5) : aucun risque"


def test_heads_and_goals_follow_the_mode():
    assert turn_head(start()) == "Tour 1" and goal(start()) == "But : 15 en banque"
    assert turn_head(start(mode=SPRINT)) == "Tour 1/20"
    assert goal(start(mode=SPRINT)) == "But : 15 en un tour"
    assert turn_head(start(("Lina",))) == "Manche 1/5"
    assert card_face(LOSE)[3] and not card_face(P3)[3]  # Perdre tout is the red card


def test_the_last_round_says_what_passing_the_leader_takes():
    state = start(("Lina", "Marc"), order(P3, P5, X2))
    flip_all(state, 0, 1, 2)
    state.apply(Stop(), StackedRng())
    assert bank_line(state, 1) == "Banque 0 · 17 ce tour pour passer en tête"
    state = start(("Lina", "Marc"), order(P3, P5, X2), mode=SPRINT)
    flip_all(state, 0, 1, 2)
    state.apply(Stop(), StackedRng())
    assert bank_line(state, 1) == "Banque 0 · à battre : 16 en un tour"
