"""Les pilleurs de tombe: the three robot levels play legal moves from their seat's view and
make the obvious choices (RULINGS.md §3, interaction profile: targets and torch sharing)."""

import pytest

from jeux.engine.testing import ForcedRng
from jeux.games.pilleurs_de_tombe.game import GAME
from jeux.games.pilleurs_de_tombe.rules import ADVANCE, Roll, Share, Stop, Take


def new(players=("Lina", "Marc", "Zoé"), **options):
    return GAME.new(players, GAME.resolve_options(options), ForcedRng())


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


@pytest.mark.parametrize("level", ["moyen", "fort"])
def test_a_throw_that_reaches_the_centre_is_validated(level):
    state = new()
    state.advances[0] = state.target - 1
    play(state, Roll(), 1, 6, 5, 5, 2)
    assert GAME.bot(0, level).choose(state.view(0)) == Stop()


def test_fort_advances_to_the_centre_rather_than_take_an_artifact():
    state = new()
    state.advances[0] = state.target - 1
    play(state, Roll(), 1, 6, 4, 2, 5)
    play(state, Stop())
    assert GAME.bot(0, "fort").choose(state.view(0)) == Share(True)


def test_fort_pushes_back_the_rival_about_to_win():
    state = new()
    state.advances[1], state.advances[2] = 2, state.target - 1
    play(state, Roll(), ADVANCE, ADVANCE, ADVANCE, 4, 4)
    play(state, Stop())
    assert GAME.bot(0, "fort").choose(state.view(0)) == Take(2)


def test_debutant_validates_a_throw_that_gives_something():
    state = new()
    play(state, Roll(), 1, 6, 4, 4, 2)
    assert GAME.bot(0, "debutant").choose(state.view(0)) == Stop()


def test_a_level_not_known_plays_moyen():
    assert type(GAME.bot(0, "expert")) is type(GAME.bot(0))
