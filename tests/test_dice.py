"""The shared dice helpers: rolling draws exactly what `randint` would, and counts."""

from random import Random

import pytest

from jeux.engine.dice import roll, throw_chances, ways
from jeux.engine.match import DrawCounter
from jeux.engine.testing import ForcedRng


def test_roll_draws_the_numbers_randint_draws():
    for seed in range(200):
        fast, plain = Random(seed), Random(seed)
        for count, sides in ((1, 6), (3, 6), (5, 6), (2, 20), (4, 8)):
            assert roll(fast, count, sides) == tuple(plain.randint(1, sides) for _ in range(count))
        assert fast.random() == plain.random()  # and leaves the rng where randint does


def test_roll_counts_its_draws_and_obeys_a_forced_rng():
    counter = DrawCounter(7)
    roll(counter, 5)
    assert counter.draws >= 5
    assert roll(ForcedRng([6, 5, 4]), 3) == (6, 5, 4)


def test_the_chances_of_a_throw_add_up():
    assert sum(p for _, p in throw_chances(4)) == pytest.approx(1)
    assert dict(throw_chances(2))[(1, 2)] == pytest.approx(2 / 36)
    assert ways((1, 1, 2)) == 3
