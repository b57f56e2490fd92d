"""La Cité des Voleurs: the three robot levels play legal moves from their seat's view and
make the obvious choices (RULINGS.md §8, interaction profile: targets and the announcement)."""

import numpy as np
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


def test_the_solved_duel_is_a_fixed_point_of_the_turn_played_best():
    """Each table's chance is what its best turn leaves, the rival then playing as well."""
    from jeux.games.cite_des_voleurs.bots import DuelCity, duel_values

    values = duel_values("every_throw", False)
    city = DuelCity("every_throw", False)
    leaves = np.array([1 - values[s] for s in city.states] + [1.0, 0.0])
    assert city.turn(leaves) == pytest.approx([values[s] for s in city.states], abs=1e-6)
    assert 0.6 < values[(3, 3, False)] < 0.64  # the first thief's edge, measured at 62 %
    assert values[(3, 3, True)] < values[(3, 3, False)]  # a camouflaged rival cannot be robbed


def test_fort_at_two_swaps_into_the_lead_rather_than_bet_on_the_four():
    """Announcing the four of a kind would win at once 31 % of the time, but the swap's
    lead of 5 to 2 wins 64 % by the solved duel."""
    state = new(2)
    state.tokens, state.pot = [2, 5], 2
    throw(state, 2, 2, 2, 6)
    assert GAME.bot(0, "fort").choose(state.view(0)) == Apply(TRIPLE, 1)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_moyen_played_out_everywhere_shares_the_city_and_the_best_reply_does_better(seats):
    """Moyen's turn of every table, played out: with Moyen in every seat someone always
    wins, so the seats' chances from the start add up to one; the one player's best reply
    wins at every seat at least what Moyen would."""
    from jeux.games.cite_des_voleurs.solver import field_values

    city, ahead = field_values(seats, "every_throw")
    leaves, chances = city.moyen
    assert chances.sum(axis=1) == pytest.approx(1.0, abs=1e-5)
    assert (leaves[chances > 0] >= 0).all()
    moyen = [np.full(city.count, 1 / seats, dtype=np.float32) for _ in range(seats)]
    for _ in range(300):  # moyen[k]: Moyen's chance, k turns before its own
        own = city.moyen_turn(moyen[-1], won=1.0)
        moyen = [own] + [city.moyen_turn(moyen[k - 1]) for k in range(1, seats)]
    start = city.row((3,) * seats)
    assert sum(m[start] for m in moyen) == pytest.approx(1.0, abs=1e-3)
    assert all(a[start] >= m[start] - 1e-3 for a, m in zip(ahead, moyen, strict=True))
    assert np.mean([a[start] for a in ahead]) > 1 / seats + 0.005


def test_fort_at_four_measures_a_table_by_its_chance_against_moyen():
    from jeux.games.cite_des_voleurs.bots import field_value

    state = new(4)
    start = field_value(state, (tuple(state.tokens), state.pot, False))
    assert 0.2 < start < 0.3
    richer = field_value(state, ((6, 2, 2, 3), 2, False))
    assert richer > start
    assert field_value(state, ((12, 0, 0, 3), 0, False)) == 1.0
