"""L'Expédition Rivale's three robot levels (RULINGS.md §24): blind to the cards they have
not seen, and right where the right move is plain (tests/test_robot_levels.py plays them all)."""

import pytest

from jeux.engine.core import LEVELS
from jeux.games.expedition_rivale.game import GAME
from jeux.games.expedition_rivale.rules import Draw, Pass, Play

from .test_expedition_rivale import act, table


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_level_decides_the_same_whatever_the_hidden_cards(level):
    """The other hand and the deck swapped: the same view, the same choice."""
    deck = ("urne", "collier", "griffe", "pierre")
    one = table(hands=(("bracelet", "fresque"), ("statuette",)), deck=deck, played=(("oeil",), ()))
    two = table(hands=(("bracelet", "fresque"), ("urne",)), deck=("statuette", *deck[1:]))
    two.played[0] = list(one.played[0])
    assert vars(one.view(0)) == vars(two.view(0))
    assert GAME.bot(7, level).choose(one.view(0)) == GAME.bot(7, level).choose(two.view(0))


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_lays_its_card_on_the_last_call_rather_than_pass(level):
    """ER-10 option: Lina draws the last card, Marc has nothing to lay, and Lina's last
    move closes the game: her Statuette wins it, a pass only draws it."""
    state = table(hands=(("statuette",), ()), deck=("urne",), dernier_tour=True)
    act(state, Draw(), Pass())
    assert state.to_move() == 0 and Pass() in state.legal_actions()
    assert GAME.bot(1, level).choose(state.view(0)) == Play("statuette")
