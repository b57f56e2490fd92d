"""The three robot levels of Arcane Arena and Cartes Divinités Aria (RULINGS.md §19, §20),
one engine and one robot: blind to the hands they cannot see, and
right where the right move is plain."""

from random import Random

import pytest

from jeux.engine.cards import Zone
from jeux.engine.core import LEVELS
from jeux.games.arcane_arena.bots import StrongBot, imagine
from jeux.games.arcane_arena.game import GAME
from jeux.games.arcane_arena.rules import React

from .test_arcane_arena import Cast, hold, new, play


def test_fort_imagines_only_the_cards_it_cannot_see():
    state = new(3)
    view = state.view(0)
    world = imagine(view, 0, Random(2))
    assert world.hands[0] == view.hands[0] and world.discard == view.discard
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert len(world.deck) == len(state.deck) and not world.deck.hidden
    names = sorted(c.card.name for z in world.zones() for c in z)
    assert names == sorted(c.card.name for z in state.zones() for c in z)


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_level_decides_the_same_whatever_the_other_hand_holds(level):
    """The other hand's cards and the deck's top swapped: the same view, the same choice."""
    one, two = new(), new()
    other, top = two.hands[1].cards[0], two.deck.cards[0]
    assert other.card != top.card
    two.hands[1] = Zone((top, *two.hands[1].cards[1:]), (1,))
    two.deck = two.deck.holding((other, *two.deck.cards[1:]))
    assert one.view(0) == two.view(0)
    assert GAME.bot(3, level).choose(one.view(0)) == GAME.bot(3, level).choose(two.view(0))


def test_fort_finishes_an_opponent_on_its_last_point():
    """Two wizards: the blow wins the round unless the other holds a defence."""
    state = new()
    state.hp = [9, 1]
    (ball,) = hold(state, 0, "Boule de feu")
    assert StrongBot(1).choose(state.view(0)) == Cast((ball,), 1)


def test_fort_blocks_a_blow_that_would_end_its_round():
    state = new()
    state.hp[1] = 2
    (boom,) = hold(state, 0, "Explosion")
    (barrier,) = hold(state, 1, "Barrière d'arcane")
    play(state, Cast((boom,), 1))
    assert StrongBot(1).choose(state.view(1)) == React((barrier,))


def test_fort_judges_a_lead_surer_as_the_deck_runs_out():
    """Most rounds end on an empty deck, to the healthiest seat: the same lead counts more
    with fewer cards left to draw, and a card in hand counts too."""
    fort, state = StrongBot(1), new()
    state.hp = [7, 6]
    early = fort.judge(state, 0)
    state.deck = state.deck.holding(state.deck.cards[:1])
    late = fort.judge(state, 0)
    assert 0.5 < early < late < 1
    assert fort.judge(state, 1) == pytest.approx(1 - late)
    hold(state, 1, "Boule de feu", "Bouclier", "Explosion")
    assert fort.judge(state, 0) < late


def test_debutant_never_casts_a_spell_that_would_kill_itself():
    state = new()
    state.hp[0] = 1
    hold(state, 0, "Explosion", "Lumière de guérison")
    for seed in range(10):
        action = GAME.bot(seed, "debutant").choose(state.view(0))
        assert not (isinstance(action, Cast) and len(action.cards) == 1 and action.target == 1)


def test_moyen_chooses_its_action_as_the_best_of_those_listed():
    """`best_action` walks the casts as `legal_actions` lists them, between the draw and the
    pass, with the effects `casts` found: it must choose what the best of that list by
    `action_value` (Fort's judge of Moyen) would, drawing the same random numbers."""
    from jeux.games.arcane_arena.bots import ArenaBot
    from jeux.games.arcane_arena.rules import ACTION

    compared = 0
    for seed in range(12):
        rng = Random(seed)
        state = GAME.new(("A", "B", "C")[: 2 + seed % 2], GAME.resolve_options({}), rng)
        bot, twin = ArenaBot(seed), ArenaBot(seed)
        while (seat := state.to_move()) is not None:
            view = state.view(seat)
            if view.phase == ACTION:
                twin.rng.setstate(bot.rng.getstate())  # the robot drew elsewhere meanwhile
                listed = view.legal_actions()
                best = max(listed, key=lambda action: twin.action_value(view, seat, action))
                assert bot.best_action(view, seat) == best
                assert bot.rng.getstate() == twin.rng.getstate()
                compared += 1
            state.apply(bot.choose(state.view(seat)), rng)
    assert compared > 1000
