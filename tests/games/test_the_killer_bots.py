"""The Killer: the three robot levels play legal moves from their seat's view and make the
obvious choices (RULINGS.md §5, interaction profile: Phase 1 keep/stop and the target)."""

import pytest

from jeux.engine.core import LEVELS
from jeux.engine.testing import ForcedRng
from jeux.games.the_killer.bots import hits_spread
from jeux.games.the_killer.game import GAME
from jeux.games.the_killer.rules import TARGET, Attack, Stop, Throw


def new(players=("Lina", "Marc", "Zoé"), **options):
    return GAME.new(players, GAME.resolve_options(options), ForcedRng())


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


def test_the_dice_set_aside_are_spread_as_the_blow_throws_them():
    spread = hits_spread(5, False)
    assert sum(spread) == pytest.approx(1)
    assert spread[0] == pytest.approx((5 / 6) ** 5)
    assert spread[5] > 0 and not any(spread[6:])
    assert any(hits_spread(5, True)[6:])  # KIL-7's option: the five dice come back


@pytest.mark.parametrize("level", LEVELS)
def test_an_attack_of_six_is_taken_at_once(level):
    state = new()
    play(state, Throw(), 1, 1, 1, 1, 1)
    assert GAME.bot(0, level).choose(state.view(0)) == Stop()


@pytest.mark.parametrize("level", LEVELS)
def test_a_dying_player_heals_when_the_dice_allow(level):
    state = new()
    state.hp[0] = -4
    play(state, Throw(), 1, 2, 2, 3, 3)  # 11
    assert GAME.bot(0, level).choose(state.view(0)) == Stop()


def test_fort_finishes_the_dying_rather_than_scratch_the_healthy():
    state = new()
    state.hp[1], state.hp[2] = -5, 12
    play(state, Throw(), 1, 1, 1, 2, 3)  # 8: an attack of 3
    play(state, Stop())
    assert state.phase == TARGET
    assert GAME.bot(0, "fort").choose(state.view(0)) == Attack(1)


@pytest.mark.parametrize("level", ["moyen", "fort"])
def test_a_weak_attack_early_is_worth_throwing_again(level):
    state = new()
    play(state, Throw(), 1, 2, 2, 2, 3)  # 10: an attack of 1, four throws left
    action = GAME.bot(0, level).choose(state.view(0))
    assert isinstance(action, Throw) and 0 in action.keep


def test_debutant_names_a_target_even_when_forgetting_is_possible():
    state = new(forgetful=True)
    play(state, Throw(), 1, 1, 1, 2, 3)
    play(state, Stop())
    for seed in range(10):
        assert isinstance(GAME.bot(seed, "debutant").choose(state.view(0)), Attack)


def test_debutant_keeps_the_dice_toward_the_nearer_edge():
    state = new()
    play(state, Throw(), 1, 6, 1, 5, 2)
    action = GAME.bot(0, "debutant").choose(state.view(0))
    assert isinstance(action, Throw) and set(action.keep) >= {0, 2}
