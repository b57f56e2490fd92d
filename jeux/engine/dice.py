"""Dice helpers shared by the dice games."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod
from random import Random


def roll(rng: Random, count: int, sides: int = 6) -> tuple[int, ...]:
    """Throw `count` dice, each drawn from `rng` in order (tests script these draws).

    An rng that draws integers the standard way gets the very numbers `randint(1, sides)`
    would give, drawn here as Random does (bits, rejecting those past `sides`) without its
    layers of calls: rolling is a large part of a random playout's time."""
    kind = type(rng)
    if kind.randint is not Random.randint or kind._randbelow is not _STANDARD_BELOW:
        return tuple([rng.randint(1, sides) for _ in range(count)])
    bits, width = rng.getrandbits, sides.bit_length()
    faces = []
    for _ in range(count):
        face = bits(width)
        while face >= sides:
            face = bits(width)
        faces.append(face + 1)
    return tuple(faces)


_STANDARD_BELOW = Random._randbelow_with_getrandbits


@cache
def throw_chances(count: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every throw of `count` six-sided dice as sorted faces, with its chance: what robots
    weigh when they look ahead."""
    return tuple(
        (faces, ways(faces) / 6**count)
        for faces in combinations_with_replacement(range(1, 7), count)
    )


@cache
def after_keeping(keep: tuple[int, ...], dice: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every sorted throw of `dice` dice, `keep` kept and the others thrown, with its chance."""
    return tuple((tuple(sorted(keep + rest)), p) for rest, p in throw_chances(dice - len(keep)))


def ways(faces: Sequence[int]) -> int:
    """In how many orders the dice may show these faces."""
    return factorial(len(faces)) // prod(factorial(n) for n in Counter(faces).values())


def counts(faces: Iterable[int]) -> Counter[int]:
    return Counter(faces)


def is_run(faces: Sequence[int]) -> bool:
    """Distinct consecutive values, in any order (2-3-4, 4-6-5…)."""
    ordered = sorted(faces)
    return len(set(ordered)) == len(ordered) > 1 and ordered[-1] - ordered[0] == len(ordered) - 1


def faces_text(faces: Iterable[int]) -> str:
    """(3, 1, 6) → "3, 1, 6": faces as the log writes them."""
    return ", ".join(map(str, faces))


class DiceThrow:
    """For an event that throws some of the dice: `faces` are all of them after the throw, by
    position, and `thrown` the positions thrown (the dice screens tumble these)."""

    faces: tuple[int, ...]
    thrown: tuple[int, ...]

    def thrown_faces(self) -> dict[int, int]:
        """The dice thrown, {position: face}."""
        return {i: self.faces[i] for i in self.thrown}

    def thrown_text(self) -> str:
        """The faces thrown as the log writes them: "3, 1, 6"."""
        return faces_text(self.faces[i] for i in self.thrown)
