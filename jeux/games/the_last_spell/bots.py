"""The Last Spell's robots, one per level (RULINGS.md §17, interaction profile: nothing hidden).

The only decision is to roll again or to cast. Débutant chases the score to beat and casts as
soon as it beats it; Moyen rolls on while no 1 shows; Fort plays the Classic duel exactly: the
chance to win of whoever is to move, for every score to beat and holder, solved once by dynamic
programming over the dice (and taken as the best guess with more players). In Survival the
last one standing wins: Moyen and Fort cast after one throw.

In the Classic duel Fort is the equilibrium (both at their best), not a reply fitted to
Moyen; with more players it does not model each rival, but the duel's values serve it well
(one Fort among three Moyens wins a third of the games).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from itertools import product

from jeux.engine.bots import Robot
from jeux.engine.core import Action

from .rules import (
    CLASSIC,
    EXPLOSION,
    SPELL_WORDS,
    LastSpellState,
    Roll,
    Stop,
    adds_instability,
    throw_value,
)

POWER_CAP = 120
"""Powers at or past this count as this: a spell that strong is out of anyone's reach."""

Table = list[list[float]]
"""A value by power (0 to POWER_CAP) and instability (0 to 2)."""


@cache
def outcomes() -> tuple[tuple[int, int, float], ...]:
    """(1s thrown, power gained, probability) of one throw of the three dice."""
    tally = Counter(
        (sum(map(adds_instability, faces)), throw_value(faces)[0])
        for faces in product(range(1, 7), repeat=3)
    )
    return tuple((ones, gain, n / 216) for (ones, gain), n in sorted(tally.items()))


def _roll(
    power: int, unstable: int, after: Callable[[int, int], tuple[float, float]]
) -> tuple[float, float]:
    """The (a, b) value of throwing once more, `after(power, instability)` giving those of
    the positions a throw may lead to; an explosion is worth 0."""
    a = b = 0.0
    for ones, gain, chance in outcomes():
        if unstable + ones < EXPLOSION:
            na, nb = after(min(power + gain, POWER_CAP), unstable + ones)
            a, b = a + chance * na, b + chance * nb
    return a, b


def _turn(to_beat: int, ahead: Table, fail: float) -> list[list[tuple[float, float]]]:
    """Within a turn against `to_beat`, for each power up to it and instability: the best
    value as (a, b), meaning a + b × fail, where `fail` is what a failed cast is worth and
    `ahead[p][i]` what the position is worth once the spell beats the score (p > to_beat)."""
    table = [[(0.0, 0.0)] * EXPLOSION for _ in range(to_beat + 1)]

    def after(power: int, unstable: int) -> tuple[float, float]:
        return (ahead[power][unstable], 0.0) if power > to_beat else table[power][unstable]

    for power in range(to_beat, -1, -1):
        for unstable in range(EXPLOSION):
            a, b = _roll(power, unstable, after)
            # A turn starts with a throw; after one, casting a losing spell is always allowed.
            if power and fail > a + b * fail:
                a, b = 0.0, 1.0
            table[power][unstable] = (a, b)
    return table


WON: Table = [[1.0] * EXPLOSION for _ in range(POWER_CAP + 1)]
"""The holder who beats its own score wins at once."""


@cache
def duel() -> tuple[list[float], list[float], Table]:
    """Classic mode with two players, solved: the mover's chance to win facing a score to
    beat that it holds (`own[s]`) or that the other holds (`theirs[s]`), and `ahead[p][i]`,
    the value of a turn whose spell of power p already beats the other's score."""
    own = [0.0] * (POWER_CAP + 1)
    theirs = [0.0] * (POWER_CAP + 1)
    ahead: Table = [[0.0] * EXPLOSION for _ in range(POWER_CAP + 1)]
    x = y = 0.5  # each score starts from the values of the score above
    for to_beat in range(POWER_CAP, -1, -1):
        for _ in range(50):
            # x: the holder to move; y: the other to move. A failed cast hands the turn over:
            # x = as + bs (1 - y), y = ao + bo (1 - x), solved exactly for the current policy.
            a_s, b_s = _turn(to_beat, WON, 1 - y)[0][0]
            a_o, b_o = _turn(to_beat, ahead, 1 - x)[0][0]
            nx = (a_s + b_s * (1 - a_o - b_o)) / (1 - b_s * b_o)
            ny = a_o + b_o * (1 - nx)
            done = abs(nx - x) + abs(ny - y) < 1e-12
            x, y = nx, ny
            if done:
                break
        own[to_beat], theirs[to_beat] = x, y
        # Casting a spell of this power leaves the other facing it as the score to beat.
        for unstable in range(EXPLOSION):
            rolled = _roll(to_beat, unstable, lambda p, i: (ahead[p][i], 0.0))[0]
            ahead[to_beat][unstable] = max(1 - y, rolled if to_beat < POWER_CAP else 0.0)
    return own, theirs, ahead


class SpellBot(Robot):
    """What every level shares: its own rng for the words of the spell, and rolling first."""

    def choose(self, state: LastSpellState) -> Action:
        if not state.rolled:
            return Roll()
        word = self.rng.choice(SPELL_WORDS)
        return Roll(word) if self.rolls_on(state) else Stop(word)

    def rolls_on(self, state: LastSpellState) -> bool:
        raise NotImplementedError


class Debutant(SpellBot):
    """Rolls until its spell beats the score, whatever the 1s showing, then casts at once."""

    def rolls_on(self, state: LastSpellState) -> bool:
        return state.power <= state.score_to_beat


class Moyen(SpellBot):
    """Without a 1 yet, a throw explodes only on three 1s: it rolls on towards a spell out of
    reach (a high score is hard for the others to beat). Once a 1 shows, it casts as soon as
    the spell beats the score, and it never risks a third 1. In Survival it casts after one
    throw (the last one standing wins), unless a turn cap crowns the holder."""

    def rolls_on(self, state: LastSpellState) -> bool:
        unstable = state.instability[state.current]
        margin = state.power - state.score_to_beat
        if state.mode != CLASSIC:
            return bool(state.turn_cap) and margin <= 0 and unstable == 0
        if unstable >= EXPLOSION - 1:
            return False
        if unstable == 0 and state.holder != state.current:
            return margin <= 0 or state.power < OUT_OF_REACH
        return margin <= 0


OUT_OF_REACH = 50
"""A spell Moyen deems hard enough to beat (two throws make 28 on average)."""


class Fort(Moyen):
    """Plays the solved duel: rolls on when a throw is worth more, on average over the dice,
    than casting now. With more players the duel's values stand in for the table's."""

    def rolls_on(self, state: LastSpellState) -> bool:
        if state.mode != CLASSIC:
            return super().rolls_on(state)
        own, theirs, ahead = duel()
        to_beat = min(state.score_to_beat, POWER_CAP - 1)
        holder = state.holder == state.current
        if holder:
            ahead, fail = WON, 1 - theirs[to_beat]
        else:
            fail = 1 - own[to_beat]  # a failed cast hands the turn to the holder (in a duel)
        power, unstable = min(state.power, POWER_CAP), state.instability[state.current]
        table = _turn(to_beat, ahead, fail)

        def after(p: int, i: int) -> tuple[float, float]:
            return (ahead[p][i], 0.0) if p > to_beat else table[p][i]

        a, b = _roll(power, unstable, after)
        if power <= to_beat:
            return a + b * fail > fail
        return a + b * fail > (1.0 if holder else 1 - theirs[power])


def solution() -> str:
    """What Fort plays, for the lab."""
    return (
        "En mode Classique à deux, l'équilibre : le duel résolu exactement, les deux joueurs "
        "au mieux (`duel`). Ailleurs, les valeurs de ce duel servent d'estimation."
    )


LEVEL_BOTS = {"debutant": Debutant, "moyen": Moyen, "fort": Fort}
