"""The shared dice helpers: rolling draws exactly what `randint` would, and counts."""

from random import Random

from jeux.engine.dice import roll
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
