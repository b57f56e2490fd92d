"""Gladiator's Duel (RULINGS.md §11): every quoted and derived case, with forced dice."""

import numpy as np
import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.match import Match, Seat
from jeux.engine.testing import ForcedRng
from jeux.games.gladiators_duel.bots import BEST, Moyen, solved, zero_sum
from jeux.games.gladiators_duel.game import GAME
from jeux.games.gladiators_duel.present import bar_cells, blows_line, stance_lines
from jeux.games.gladiators_duel.rules import (
    FURIOUS,
    OPEN,
    ROLL,
    SECRET,
    STANCES,
    TACTIC_ATTACK,
    TACTIC_DEFENCE,
    TOTAL,
    Blows,
    Choose,
    DiceRolled,
    GameOver,
    Rematch,
    Rerolled,
    Roll,
    SecretChosen,
    StanceChosen,
    StancesRevealed,
    losses,
    stats,
)


def new(**options):
    return GAME.new(("Lina", "Marc"), GAME.resolve_options(options), ForcedRng())


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


def blows(events):
    return next(e for e in events if isinstance(e, Blows))


# --- setup --------------------------------------------------------------------------


@pytest.mark.parametrize("hp", [12, 30])
def test_gd_quoted_12_and_30_hp_presets(hp):
    state = new(hp=hp)
    assert state.hp == [hp, hp] and state.max_hp == hp
    assert [c.value for c in GAME.options[0].choices] == [12, 30]
    assert GAME.default_options() == {"hp": 12, "cap": True, "double_ko": "draw"}


# --- the rules restated: roles and damage ------------------------------------------------


def test_gd_derived_52_against_43_each_loses_2():
    state = new()
    events = play(state, Roll(), 2, 5, 4, 3)
    assert events[0] == DiceRolled(("Lina", "Marc"), 1, ((5, 2), (4, 3)))
    hit = blows(events)
    assert hit.attacks == (5, 4) and hit.defences == (2, 3)
    assert hit.lost == (2, 2) and state.hp == [10, 10]
    assert state.phase == ROLL and state.round == 2


def test_gd_quoted_damage_only_when_attack_above_defence():
    assert losses((4, 6), (6, 4)) == (0, 0)  # equal: no damage
    assert losses((5, 1), (1, 1)) == (0, 4)


def test_gd_seats_take_turns_throwing():
    state = new()
    assert state.to_move() == 0
    play(state, Roll(), 1, 2, 3, 4)
    assert state.to_move() == 1 and state.whose_turn() == 1


# --- doubles: GD-1, GD-2, GD-3, GD-4 ------------------------------------------------------


def test_gd_quoted_double_33_offers_the_three_stances():
    state = new()
    play(state, Roll(), 3, 3, 5, 2)
    assert state.phase == OPEN and state.to_move() == 0
    assert state.legal_actions() == [
        Choose(s) for s in (FURIOUS, TOTAL, TACTIC_ATTACK, TACTIC_DEFENCE)
    ]
    assert state.stance_stats(0, FURIOUS) == (6, 0)
    assert state.stance_stats(0, TOTAL) == (0, 6)


def test_gd1_derived_furious_33_against_52():
    state = new()
    play(state, Roll(), 3, 3, 5, 2)
    events = play(state, Choose(FURIOUS))
    assert events[0] == StanceChosen(0, "Lina", FURIOUS)
    hit = blows(events)
    assert hit.attacks == (6, 5) and hit.defences == (0, 2)
    assert hit.lost == (5, 4) and state.hp == [7, 8]


def test_gd3_derived_total_defence_22_against_61_nets_minus_1():
    state = new()
    state.hp = [12, 11]
    play(state, Roll(), 6, 1, 2, 2)  # Marc's double, against Lina's 6-1
    assert state.phase == OPEN and state.to_move() == 1
    hit = blows(play(state, Choose(TOTAL)))
    assert hit.healed == (0, 1) and hit.lost == (0, 2)  # D = 4 against A = 6
    assert state.hp == [12, 10]  # healed before the blow: 11 + 1 - 2, net -1


def test_gd3_heal_is_capped_at_the_start_unless_the_option_lifts_it():
    capped = new()
    play(capped, Roll(), 2, 2, 1, 2)
    hit = blows(play(capped, Choose(TOTAL)))
    assert hit.healed == (0, 0) and capped.hp == [12, 12]
    free = new(cap=False)
    play(free, Roll(), 2, 2, 1, 2)
    hit = blows(play(free, Choose(TOTAL)))
    assert hit.healed == (1, 0) and free.hp == [13, 12]


def test_gd2_tactics_rerolls_one_die_that_keeps_its_role():
    state = new()
    play(state, Roll(), 4, 4, 3, 2)
    events = play(state, Choose(TACTIC_ATTACK), 1)
    assert Rerolled(0, "Lina", 0, 1) in events
    hit = blows(events)
    assert hit.attacks == (1, 3) and hit.defences == (4, 2)  # attack below defence: kept
    state = new()
    play(state, Roll(), 4, 4, 3, 2)
    hit = blows(play(state, Choose(TACTIC_DEFENCE), 6))
    assert hit.attacks == (4, 3) and hit.defences == (6, 2)


def test_gd4_a_single_double_chooses_openly_after_seeing_the_other_dice():
    state = new()
    play(state, Roll(), 1, 6, 5, 5)
    assert state.phase == OPEN and state.to_move() == 1
    assert not state.decides_in_secret()
    assert state.view(0).dice == ((6, 1), (5, 5))


def test_gd1_stats_of_a_pair():
    assert stats((3, 3), FURIOUS) == (6, 0)
    assert stats((3, 3), TOTAL) == (0, 6)
    assert stats((3, 3), TACTIC_ATTACK) == (3, 3)
    assert stats((5, 2), None) == (5, 2)


# --- both doubles: picked in secret, revealed together -----------------------------------


def test_gd_both_doubles_pick_in_secret_and_reveal_together():
    state = new()
    play(state, Roll(), 3, 3, 5, 5)  # Lina threw: Marc picks first
    assert state.phase == SECRET and state.to_move() == 1 and state.decides_in_secret()
    assert state.prompt()
    events = play(state, Choose(FURIOUS))
    assert events == [SecretChosen(1, "Marc")]
    assert state.to_move() == 0 and state.chosen == (1,)
    lina = state.view(0)
    assert lina.sealed == {} and state.secrets(0)
    assert FURIOUS not in (lina.stances[1],)
    assert state.view(1).sealed[1].stance == FURIOUS
    events = play(state, Choose(TOTAL))
    assert events[:2] == [
        SecretChosen(0, "Lina"),
        StancesRevealed(("Lina", "Marc"), (TOTAL, FURIOUS)),
    ]
    assert StancesRevealed.reveals
    hit = blows(events)
    assert hit.attacks == (0, 10) and hit.defences == (6, 0) and hit.lost == (4, 0)
    assert state.hp == [8, 12] and not state.secrets(0) and not state.secrets(1)


def test_gd_the_first_secret_pick_cannot_be_taken_back_by_the_second():
    match = Match(GAME, 1, (Seat("Lina"), Seat("Marc")), {})
    match.rng = ForcedRng([3, 3, 5, 5])
    match.play(Roll())
    match.play(Choose(FURIOUS))
    assert match.state.to_move() == 0 and match.undoable() == 0


def test_the_bot_decides_from_its_view_without_the_other_secret():
    state = new()
    play(state, Roll(), 3, 3, 5, 5)
    play(state, Choose(TOTAL))  # Marc
    view = state.view(0)
    assert GAME.bot(level="moyen").choose(view) in state.legal_actions()
    assert view.sealed == {}


LEVELS = ("debutant", "moyen", "fort")


def test_the_game_offers_three_levels():
    assert GAME.levels == LEVELS


@pytest.mark.parametrize("level", ["moyen", "fort"])
def test_the_bot_strikes_furiously_for_a_ko_and_defends_when_it_would_fall(level):
    state = new()
    state.hp = [12, 5]
    play(state, Roll(), 3, 3, 2, 1)  # furious: 6 against a defence of 1, a KO
    assert GAME.bot(1, level).choose(state.view(0)) == Choose(FURIOUS)
    state = new()
    state.hp = [2, 12]
    play(state, Roll(), 2, 2, 6, 1)
    assert GAME.bot(1, level).choose(state.view(0)) == Choose(TOTAL)


def test_debutant_strikes_with_a_high_double_and_defends_a_low_one_when_hurt():
    state = new()
    play(state, Roll(), 5, 5, 3, 1)
    assert GAME.bot(1, "debutant").choose(state.view(0)) == Choose(FURIOUS)
    state = new()
    state.hp = [5, 12]
    play(state, Roll(), 2, 2, 3, 1)
    assert GAME.bot(1, "debutant").choose(state.view(0)) == Choose(TOTAL)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_picks_the_same_whatever_the_other_picked_in_secret(level):
    picks = []
    for theirs in STANCES:
        state = new()
        play(state, Roll(), 3, 3, 5, 5)
        play(state, Choose(theirs))  # Marc, who did not throw, picks first
        picks.append(GAME.bot(7, level).choose(state.view(0)))
    assert len(set(picks)) == 1 and picks[0] in state.legal_actions()


def game(rows):
    """The value and the row player's mix, as one flat list."""
    value, mixes, _ = zero_sum(np.array([rows], dtype=float))
    return [value[0], *mixes[0]]


def test_the_secret_game_is_solved_exactly_on_known_matrices():
    assert game([[1, -1], [-1, 1]]) == pytest.approx([0, 0.5, 0.5])  # matching pennies
    assert game([[3, 1], [2, 0]]) == [1, 1.0, 0.0]  # a saddle point: a pure strategy
    rock_paper_scissors = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    assert game(rock_paper_scissors) == pytest.approx([0, 1 / 3, 1 / 3, 1 / 3])
    # Two equal rows and a column of zeros (a degenerate game): many optimal mixes, and
    # the one found guarantees the value against every column.
    degenerate = np.array([[2, -1, 0], [2, -1, 0], [-1, 1, 0]])
    value, *mix = game(degenerate)
    assert value == pytest.approx(0) and min(np.array(mix) @ degenerate) == pytest.approx(0)
    # 4p + (1 - p) = 3 (1 - p): p = 1/3, value 2
    assert game([[4, 0], [1, 3]]) == pytest.approx([2, 1 / 3, 2 / 3])


def test_the_solved_duel_is_fair_at_equal_life_and_grim_at_one_point():
    duel = solved(12, True, False)
    assert duel.values[12][12] == pytest.approx(0, abs=1e-9)
    assert duel.values[5][9] == pytest.approx(-duel.values[9][5])
    assert duel.values[1][12] < -0.5 < 0.5 < duel.values[12][1]
    mixes = duel.policy.secret
    assert np.allclose(mixes.sum(axis=2), 1) and (mixes >= 0).all()


def test_no_reply_beats_fort_and_fort_beats_moyen_up_to_the_bound():
    duel = solved(12, True, False)
    assert duel.against(duel.policy, BEST) == pytest.approx(0.5, abs=1e-9)
    moyen = duel.follow(Moyen())
    fort, bound = duel.against(duel.policy, moyen), duel.against(BEST, moyen)
    assert 0.5 < fort <= bound < 0.52  # the game leaves little to skill


# --- the end: KO, double KO (GD-5) ---------------------------------------------------------


def test_gd_a_ko_ends_the_duel():
    state = new()
    state.hp = [12, 2]
    events = play(state, Roll(), 6, 2, 2, 1)
    assert isinstance(events[-1], GameOver)
    assert state.to_move() is None
    outcome = state.outcome()
    assert outcome.ranks == (1, 2) and outcome.scores == (12, 0)
    assert outcome.ending == "KO"


def test_gd5_double_ko_is_a_draw_by_default():
    state = new()
    state.hp = [2, 2]
    play(state, Roll(), 6, 1, 6, 1)
    outcome = state.outcome()
    assert outcome.ranks == (1, 1) and not outcome.won and "nul" in outcome.summary
    assert outcome.ending == "Double KO"


def test_gd5_double_ko_with_the_rematch_option_starts_again():
    state = new(double_ko="rematch")
    state.hp = [2, 2]
    events = play(state, Roll(), 6, 1, 6, 1)
    assert Rematch(12) in events
    assert state.hp == [12, 12] and state.to_move() is not None


def test_illegal_moves_are_refused_in_french():
    state = new()
    with pytest.raises(IllegalAction, match="Lance"):
        play(state, Choose(FURIOUS))
    play(state, Roll(), 3, 3, 5, 2)
    with pytest.raises(IllegalAction, match="double"):
        play(state, Roll())


# --- what the screen words (present.py) ----------------------------------------------------


def test_life_bars_show_a_point_a_cell_or_two_for_a_long_duel():
    assert bar_cells(12, 12) == (12, 12) and bar_cells(0, 12) == (0, 12)
    assert bar_cells(30, 30) == (15, 15) and bar_cells(1, 30) == (1, 15)
    assert bar_cells(29, 30) == (14, 15)  # a point lost shows
    assert bar_cells(-3, 12) == (0, 12) and bar_cells(13, 12) == (12, 12)


def test_stance_lines_and_blows_line():
    assert stance_lines(3, 3, 1)[:2] == [
        "f Furie : attaque 6, défense 0",
        "d Défense totale : défense 6, +1 PV",
    ]
    assert "sans soin" in stance_lines(3, 3, 0)[1]
    hit = Blows(("Lina", "Marc"), (6, 5), (0, 2), (0, 0), (5, 4), (7, 8))
    assert blows_line(hit) == "Lina inflige 4 · Marc inflige 5"
