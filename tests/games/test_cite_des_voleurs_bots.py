"""La Cité des Voleurs: the three robot levels play legal moves from their seat's view and
make the obvious choices (RULINGS.md §8, interaction profile: targets and the announcement)."""

import pytest

from jeux.engine.core import LEVELS
from jeux.engine.testing import ForcedRng
from jeux.games.cite_des_voleurs.game import GAME
from jeux.games.cite_des_voleurs.rules import TRIPLE, Apply, Roll


def new(count=3, **options):
    names = ("Lina", "Marc", "Zoé", "Ana", "Tom", "Iris")[:count]
    return GAME.new(names, GAME.resolve_options(options), ForcedRng())


def throw(state, *faces):
    return state.apply(Roll(), ForcedRng(faces))


@pytest.mark.parametrize("level", ["moyen", "fort"])
def test_the_pot_that_wins_is_taken_at_once(level):
    state = new(2)
    state.tokens, state.pot = [4, 2], 3
    throw(state, 5, 5, 5, 1)  # Récupération du Butin: 4 + 3 ≥ 6
    assert GAME.bot(0, level).choose(state.view(0)) == Apply(TRIPLE)


@pytest.mark.parametrize("level", ["moyen", "fort"])
def test_the_odd_die_is_thrown_again_when_the_triple_stays(level):
    state = new(3)
    state.tokens, state.pot = [3, 1, 5], 0
    throw(state, 3, 3, 3, 6)  # the triple is kept whatever the fourth die does
    assert GAME.bot(0, level).choose(state.view(0)) == Roll((3,))


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_swaps_away_its_lead(level):
    state = new(3)
    state.tokens, state.pot = [6, 1, 2], 0
    throw(state, 2, 2, 2, 5)  # a swap would give the lead away: throw again instead
    choice = GAME.bot(0, level).choose(state.view(0))
    assert not (isinstance(choice, Apply) and choice.combo == TRIPLE)
