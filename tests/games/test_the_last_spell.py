"""The Last Spell (RULINGS.md §17): every quoted and derived case, with forced dice."""

from random import Random

import pytest

from jeux.engine.bots import RandomBot
from jeux.engine.core import IllegalAction
from jeux.engine.testing import ForcedRng
from jeux.games.the_last_spell.bots import duel
from jeux.games.the_last_spell.game import GAME
from jeux.games.the_last_spell.rules import (
    SUCCESS,
    DiceRolled,
    Exploded,
    Roll,
    RoundWon,
    SpellCast,
    Stop,
    adds_instability,
    throw_value,
)


def new(players=("Lina", "Marc", "Zoé"), **options):
    return GAME.new(players, GAME.resolve_options(options), ForcedRng())


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


@pytest.mark.parametrize(
    ("faces", "points"),
    [
        ((4, 4, 2), 12),  # quoted: 4 + 4 + 2 + pair bonus
        ((5, 3, 1), 8),  # quoted: the 1 adds nothing and forms nothing (LS-3)
        ((6, 6, 6), 23),
        ((2, 3, 4), 13),
        ((2, 4, 6), 13),
        ((4, 5, 6), 19),
        ((1, 4, 4), 10),
        ((1, 1, 5), 5),
        ((6, 5, 4), 19),  # LS-4: a run in any order
    ],
)
def test_ls3_ls4_throw_values(faces, points):
    assert throw_value(faces)[0] == points


def test_ls3_ones_never_form_combinations():
    assert throw_value((1, 2, 3)) == (5, 0, "")
    assert throw_value((1, 1, 1))[0] == 0


def test_quoted_lina_comete_ecarlate():
    state = new()
    state.score_to_beat, state.holder = 15, 1
    play(state, Roll(), 4, 4, 2)
    assert state.power == 12
    play(state, Roll(word="Comète"), 5, 3, 1)
    assert (state.power, state.instability[0]) == (20, 1)
    events = play(state, Stop(word="Écarlate"))
    cast = events[0]
    assert cast == SpellCast("Lina", "Comète Écarlate", 20, 15, True)
    assert (state.score_to_beat, state.holder) == (20, 0)


def test_derived_one_4_4_adds_instability():
    state = new()
    play(state, Roll(), 1, 4, 4)
    assert (state.power, state.instability[0]) == (10, 1)


def test_derived_1_1_5_adds_two_instability():
    state = new()
    play(state, Roll(), 1, 1, 5)
    assert (state.power, state.instability[0]) == (5, 2)


def test_derived_triple_one_explodes():
    state = new()
    events = play(state, Roll(), 1, 1, 1)
    assert Exploded("Lina") in events
    assert state.alive == [False, True, True]
    assert state.to_move() == 1


def test_ls9_instability_two_then_a_one_explodes_without_power():
    state = new()
    play(state, Roll(), 1, 1, 5)
    events = play(state, Roll(), 1, 6, 6)
    assert events[0] == DiceRolled("Lina", (1, 6, 6), 0, "", 5, 3)
    assert not state.alive[0]


def test_ls6_first_stop_always_succeeds():
    state = new()
    play(state, Roll(), 2, 1, 1)
    assert play(state, Stop())[0].success
    assert (state.score_to_beat, state.holder) == (2, 0)


def test_ls7_equal_power_fails():
    state = new()
    play(state, Roll(), 4, 4, 2)
    play(state, Stop())
    play(state, Roll(), 4, 4, 2)
    assert not play(state, Stop())[0].success
    assert state.holder == 0


def test_classic_holder_beats_own_score_and_wins():
    state = new()
    play(state, Roll(), 4, 4, 2)  # A sets 12
    play(state, Stop())
    play(state, Roll(), 2, 3, 1)  # B fails with 5
    play(state, Stop())
    play(state, Roll(), 1, 1, 2)  # C fails with 2
    play(state, Stop())
    play(state, Roll(), 4, 4, 3)  # A reaches 13
    events = play(state, Stop())
    assert RoundWon("Lina", 1, True) in events
    assert state.to_move() is None
    assert state.outcome().winners == (0,)
    assert state.outcome().ending == "Propre score battu"


def test_ls1_holder_who_fails_keeps_playing():
    state = new(("A", "B"))
    play(state, Roll(), 6, 6, 6)
    play(state, Stop())  # A holds 23
    play(state, Roll(), 2, 2, 1)
    play(state, Stop())
    play(state, Roll(), 2, 2, 1)
    play(state, Stop())  # A fails to beat 23: play goes on
    assert state.to_move() == 1 and state.holder == 0


def test_ls1_exploded_holder_leaves_the_score_without_holder():
    state = new()
    play(state, Roll(), 6, 6, 6)
    play(state, Stop())
    play(state, Roll(), 2, 2, 3)
    play(state, Stop())
    play(state, Roll(), 2, 2, 3)
    play(state, Stop())
    play(state, Roll(), 1, 1, 1)  # the holder explodes
    assert state.holder is None and state.score_to_beat == 23


def test_ls1_last_player_standing_wins():
    state = new(("A", "B"))
    events = play(state, Roll(), 1, 1, 1)
    assert RoundWon("B", 1, True) in events
    assert state.outcome().winners == (1,)
    assert state.outcome().ending == "Dernier·e en jeu"


def test_ls1_a_player_who_exploded_ranks_behind_one_still_in_the_game():
    state = new(("A", "B", "C"))
    play(state, Roll(), 6, 6, 6)
    play(state, Stop())  # A holds 23
    play(state, Roll(), 2, 3, 4)
    play(state, Stop())  # B's 13 fails
    play(state, Roll(), 1, 1, 1)  # C explodes, with no spell at all
    play(state, Roll(), 1, 2, 2)
    play(state, Roll(), 6, 6, 6)
    play(state, Stop())  # A beats its own score: A wins
    assert state.best_spell == [29, 0, 0]
    assert state.outcome().ranks == (1, 2, 3)  # B failed, but did not explode
    state = new(("A", "B", "C"))
    play(state, Roll(), 2, 3, 4)
    play(state, Stop())  # A holds 13
    play(state, Roll(), 6, 6, 6)
    play(state, Stop())  # B holds 23
    play(state, Roll(), 2, 2, 3)
    play(state, Stop())  # C's 9 fails
    play(state, Roll(), 1, 1, 1)  # A explodes
    play(state, Roll(), 6, 6, 6)
    play(state, Roll(), 2, 3, 4)
    play(state, Stop())  # B beats its own 23: B wins
    assert state.outcome().ranks == (3, 1, 2)  # C, still in the game, ahead of A's 13


def test_ls3_the_state_keeps_the_last_throw_and_its_bonus_for_the_screen():
    state = new(("A", "B"))
    assert state.faces == ()
    events = play(state, Roll(), 4, 4, 1)
    assert state.faces == (4, 4, 1)
    assert (events[0].gained, events[0].bonus, events[0].combination) == (10, 2, "paire")
    assert [adds_instability(f) for f in state.faces] == [False, False, True]
    play(state, Stop())
    assert state.faces == () and state.history[-1].result == SUCCESS


def test_ls2_classic_instability_resets_each_turn():
    state = new(("A", "B"))
    play(state, Roll(), 1, 1, 5)
    play(state, Stop())
    play(state, Roll(), 2, 2, 2)
    play(state, Stop())
    assert state.instability[0] == 0


def test_ls2_survival_instability_lasts_the_round():
    state = new(("A", "B", "C"), mode="survival")
    play(state, Roll(), 1, 1, 5)
    play(state, Stop())
    play(state, Roll(), 2, 2, 2)
    play(state, Stop())
    play(state, Roll(), 3, 3, 3)
    play(state, Stop())
    assert state.instability[0] == 2
    play(state, Roll(), 1, 4, 4)
    assert not state.alive[0]


def test_survival_holder_does_not_win_by_beating_own_score():
    state = new(("A", "B"), mode="survival")
    play(state, Roll(), 2, 2, 2)
    play(state, Stop())
    play(state, Roll(), 2, 2, 3)
    play(state, Stop())
    play(state, Roll(), 6, 6, 6)
    play(state, Stop())
    assert state.to_move() == 1 and state.holder == 0


def test_survival_turn_cap_gives_the_round_to_the_holder():
    state = new(("A", "B"), mode="survival", turn_cap=5)
    play(state, Roll(), 6, 6, 6)
    play(state, Stop())
    for _ in range(9):
        play(state, Roll(), 2, 2, 3)
        play(state, Stop())
    assert state.outcome().winners == (0,)
    assert state.outcome().ending == "Limite de tours atteinte"


def test_ls8_best_of_three_rounds():
    state = new(("A", "B"), rounds=3)
    play(state, Roll(), 1, 1, 1)  # B wins round 1
    assert state.round == 2 and state.to_move() == 1 and state.alive == [True, True]
    play(state, Roll(), 1, 1, 1)  # A wins round 2
    assert state.rounds_won == [1, 1] and state.to_move() is not None
    play(state, Roll(), 1, 1, 1)  # round 3 starts with A again: B wins
    assert state.outcome().winners == (1,)
    assert state.outcome().scores == (1, 2)


def test_ls5_spell_words_are_optional_and_cleaned():
    state = new()
    play(state, Roll(word="ignored before any throw"), 2, 2, 2)
    play(state, Roll(word="[red]x\x1b[0m\u200b" + "a" * 100), 2, 2, 2)
    assert len(state.words[-1]) <= 40 and "\x1b" not in state.words[-1]


def test_stop_before_rolling_is_refused_in_french():
    state = new()
    with pytest.raises(IllegalAction, match="Lance les dés"):
        play(state, Stop())


# --- the robots ------------------------------------------------------------------------


def at(power, unstable, to_beat, holder, mode="classic"):
    """Seat 0 in mid-turn: `power` after a throw, `unstable` 1s so far."""
    state = new(("Lina", "Marc"), mode=mode)
    state.rolled, state.power, state.instability[0] = True, power, unstable
    state.score_to_beat, state.holder = to_beat, holder
    return state


def test_levels_are_the_three_of_the_contract():
    assert GAME.levels == ("debutant", "moyen", "fort")
    assert {type(GAME.bot(1, level)).__name__ for level in GAME.levels} == {
        "Debutant",
        "Moyen",
        "Fort",
    }


@pytest.mark.parametrize("level", GAME.levels)
def test_ls1_every_level_casts_when_beating_its_own_score_wins(level):
    assert isinstance(GAME.bot(1, level).choose(at(31, 1, 30, holder=0)), Stop)
    assert isinstance(GAME.bot(1, level).choose(at(31, 0, 30, holder=0)), Stop)


@pytest.mark.parametrize("level", GAME.levels)
def test_every_level_rolls_first_and_never_risks_a_third_one_once_ahead(level):
    bot = GAME.bot(1, level)
    assert isinstance(bot.choose(new()), Roll)
    assert isinstance(bot.choose(at(25, 2, 20, holder=1)), Stop)


def test_debutant_chases_the_score_whatever_the_ones_and_casts_as_soon_as_it_beats_it():
    assert isinstance(GAME.bot(1, "debutant").choose(at(23, 0, 0, holder=None)), Stop)
    assert isinstance(GAME.bot(1, "debutant").choose(at(12, 2, 15, holder=1)), Roll)
    assert isinstance(GAME.bot(1, "moyen").choose(at(12, 2, 15, holder=1)), Stop)


@pytest.mark.parametrize("level", ["moyen", "fort"])
def test_without_a_one_a_throw_is_nearly_free_so_the_stronger_levels_roll_on(level):
    # Only three 1s at once explode from instability 0: a 23 is too easy to beat.
    assert isinstance(GAME.bot(1, level).choose(at(23, 0, 0, holder=None)), Roll)
    assert isinstance(GAME.bot(1, level).choose(at(23, 1, 0, holder=None)), Stop)


def test_fort_gives_up_a_hopeless_spell_rather_than_risk_the_explosion():
    # 40 short of a score of 60 with two 1s: each throw explodes 42 % of the time.
    assert isinstance(GAME.bot(1, "fort").choose(at(20, 2, 60, holder=1)), Stop)
    assert isinstance(GAME.bot(1, "fort").choose(at(55, 1, 60, holder=1)), Roll)


def test_fort_duel_values_favour_the_holder_of_an_easy_score():
    own, theirs, _ = duel()
    assert own[10] > 0.9 > own[60]  # beating one's own 10 is nearly sure
    assert theirs[10] < 0.55 and theirs[60] < 0.45


@pytest.mark.parametrize("level", ["moyen", "fort"])
def test_survival_casts_after_one_throw_the_last_one_standing_wins(level):
    assert isinstance(GAME.bot(1, level).choose(at(9, 0, 30, holder=1, mode="survival")), Stop)


def test_spell_bot_beats_random_play():
    wins = 0
    for seed in range(200):
        state, rng = new(("Bot", "Hasard")), Random(seed)
        bots = (GAME.bot(seed), RandomBot(seed))
        while state.to_move() is not None:
            state.apply(bots[state.to_move()].choose(state), rng)
        wins += state.outcome().winners == (0,)
    assert wins > 120
