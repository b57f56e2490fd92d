"""Arcane Duel's three robot levels (RULINGS.md §18): blind to the hands they
cannot see, and right where the right move is plain."""

from random import Random

import pytest

from jeux.engine.cards import Zone
from jeux.engine.core import LEVELS
from jeux.games.arcane_duel.bots import ArcaneBot, StrongBot, imagine
from jeux.games.arcane_duel.game import GAME
from jeux.games.arcane_duel.rules import Cast, Defend, Draw

from .test_arcane_duel import give, new, play


def test_fort_imagines_only_the_cards_it_cannot_see():
    state = new(3)
    view = state.view(0)
    world = imagine(view, 0, Random(2))
    assert world.hands[0] == view.hands[0] and world.discard == view.discard
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert len(world.deck) == len(state.deck) and not world.deck.hidden
    names = sorted(c.card for z in world.zones() for c in z)
    assert names == sorted(c.card for z in state.zones() for c in z)


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_level_decides_the_same_whatever_the_other_hand_holds(level):
    """The other hand's cards and the deck's top swapped: the same view, the same choice."""
    one, two = new(), new()
    other, top = two.hands[1].cards[0], two.deck.cards[0]
    two.hands[1] = Zone((top, *two.hands[1].cards[1:]), (1,))
    two.deck = two.deck.holding((other, *two.deck.cards[1:]))
    assert one.view(0) == two.view(0)
    assert GAME.bot(3, level).choose(one.view(0)) == GAME.bot(3, level).choose(two.view(0))


def test_fort_finishes_an_opponent_on_its_last_point():
    state = new()
    state.hp[1] = 1
    (ball, _) = give(state, 0, "boule", "lumiere")
    assert StrongBot(1).choose(state.view(0)) == Cast((ball,), (1,))


def test_fort_defends_a_blow_that_would_end_its_round():
    state = new()
    state.hp[1] = 2
    play(state, Cast(give(state, 0, "boule", "explosion"), (1,)))
    state.hands[1] = Zone(state.fresh(["barriere", "lumiere"]), (1,))
    assert isinstance(StrongBot(1).choose(state.view(1)), Defend)


def test_debutant_never_pays_its_last_point_nor_heals_at_full_health():
    state = new()
    state.hp[0] = 1
    (boom,) = give(state, 0, "explosion")
    assert all(
        GAME.bot(seed, "debutant").choose(state.view(0)) != Cast((boom,), (1,))
        for seed in range(10)
    )
    state.hp[0] = 9
    (light,) = give(state, 0, "lumiere")
    assert all(
        GAME.bot(seed, "debutant").choose(state.view(0)) != Cast((light,)) for seed in range(10)
    )


def test_moyen_draws_rather_than_heal_one_point_unless_near_death():
    """Hands run dry (one card a turn): a card is worth more than one HP, not than a life."""
    state = new()
    (light,) = give(state, 0, "lumiere")
    state.hp[0] = 4
    assert ArcaneBot(1).choose(state.view(0)) == Draw()
    state.hp[0] = 2
    assert ArcaneBot(1).choose(state.view(0)) == Cast((light,))
