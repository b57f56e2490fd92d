"""La Cité des Voleurs played out over every table at once (RULINGS.md §8), for the robots.

A turn is small: four dice, three throws, at most 126 distinct throws, a few combinations. So
every table a turn may start from is a row of numpy arrays, every throw a column, and one
turn of all of them is played best (or as Moyen plays it) in a few array operations. The
tables are the tokens in turn order from the thief about to throw; the pot holds the rest.

`FieldCity` is the city of three or four thieves where one plays against Moyen rivals: each
rival's turn is played out exactly as Moyen plays it (its expectimax one throw ahead, its
measure of tokens against the richest rival's), and the one player's turns are played for
its chance of winning, solved by value iteration: its best reply to Moyen. Camouflage is left
out of these tables (the robot's own search sees it for the turn being played): with it the
four-seat city would hold eight times the tables.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement, product

import numpy as np

from jeux.engine.dice import throw_chances

from .rules import DICE, EVERY_THROW, START_TOKENS, THROWS, shown

# --- the throws ------------------------------------------------------------------------


@cache
def keeps_of(faces: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The distinct sorted sub-multisets of `faces` one may keep (at least one die thrown)."""
    return tuple(
        sorted(
            {tuple(sorted(faces[i] for i in range(DICE) if mask >> i & 1)) for mask in range(15)}
        )
    )


FACES = tuple(combinations_with_replacement(range(1, 7), DICE))
"""Every throw of the four dice, as sorted faces."""
KEEPS = tuple(sorted({k for f in FACES for k in keeps_of(f)}, key=lambda k: (len(k), k)))
"""Every set of faces one may keep before throwing again, the empty one first."""


def _thrown() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Which throws follow each keep, with what chance, end to end keep after keep: the
    keeps, the throws, the chances, and where each keep's run starts."""
    where = {f: i for i, f in enumerate(FACES)}
    keeps, throws, chances = [], [], []
    for k, keep in enumerate(KEEPS):
        for rest, p in throw_chances(DICE - len(keep)):
            keeps.append(k)
            throws.append(where[tuple(sorted(keep + rest))])
            chances.append(p)
    keeps_, throws_ = np.array(keeps), np.array(throws)
    return keeps_, throws_, np.array(chances), np.searchsorted(keeps_, np.arange(len(KEEPS)))


KEPT, THROWN, CHANCES, RUNS = _thrown()
THROWS_AFTER = np.zeros((len(FACES), len(KEEPS)), dtype=np.float32)
THROWS_AFTER[THROWN, KEPT] = CHANCES
"""The same as a matrix: the chance of each throw (row) after each keep (column), in
single precision as `FieldCity` holds its chances (ample for them, and twice as quick)."""
BY_THROW = np.argsort(THROWN, kind="stable")
"""The same runs ordered by the throw they lead to."""
THROW_RUNS = np.searchsorted(THROWN[BY_THROW], np.arange(len(FACES)))
_WIDEST = max(len(keeps_of(f)) for f in FACES)
KEEPS_OF = np.array(
    [
        [KEEPS.index(k) for k in keeps_of(f)] + [KEEPS.index(())] * (_WIDEST - len(keeps_of(f)))
        for f in FACES
    ]
)
"""The keeps each throw allows, padded with the empty keep (never worth more than another)."""
SHOWN = tuple(dict.fromkeys(shown(f) for f in FACES))
"""What a throw may show: every throw showing the same plays alike."""
SHOWN_BY = np.array([SHOWN.index(shown(f)) for f in FACES])
SHOWING = tuple(next(f for f in FACES if shown(f) == s) for s in SHOWN)
"""A throw showing each."""
SHOWINGS_AFTER = np.array(
    [THROWS_AFTER[SHOWN_BY == c].sum(axis=0) for c in range(len(SHOWN))], dtype=np.float32
)
"""The chance of each showing (row) after each keep (column)."""


def after_keeps(values: np.ndarray, keeps: int = len(KEEPS)) -> np.ndarray:
    """Per table, the first `keeps` keeps' values: the mean of `values` (tables × throws)
    over the throws each may lead to. Gathered by hand: numpy's matrix product hands even a
    small product to threads, a hundred times slower on a busy machine."""
    used = RUNS[keeps] if keeps < len(KEEPS) else len(THROWN)
    return np.add.reduceat(values[:, THROWN[:used]] * CHANCES[:used], RUNS[:keeps], axis=1)


def _children(parts: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """For each of `parts`, the keeps one die smaller (itself for the empty keep), padded
    by repeating the first."""
    found = []
    for part in parts:
        smaller = list(dict.fromkeys(part[:i] + part[i + 1 :] for i in range(len(part))))
        found.append([KEEPS.index(k) for k in smaller] or [KEEPS.index(part)])
    widest = max(len(f) for f in found)
    return np.array([f + f[:1] * (widest - len(f)) for f in found])


KEEP_CHILDREN = _children(KEEPS)
FACE_CHILDREN = _children(FACES)
"""Every keep a throw allows is within one of its throws less one die."""


def best_keep_values(kept: np.ndarray) -> np.ndarray:
    """Per table and throw, the value of its best keep, from each keep's (tables × keeps):
    the best within each keep, size after size, then within each throw less one die."""
    best = kept.copy()
    for size in range(1, DICE):
        at = [k for k, keep in enumerate(KEEPS) if len(keep) == size]
        best[:, at] = np.maximum(best[:, at], best[:, KEEP_CHILDREN[at]].max(axis=2))
    return best[:, FACE_CHILDREN].max(axis=2)


def into_throws(kept: np.ndarray) -> np.ndarray:
    """Per table, the chance of each throw after keeping as `kept` says (tables × keeps)."""
    return np.add.reduceat(kept[:, KEPT[BY_THROW]] * CHANCES[BY_THROW], THROW_RUNS, axis=1)


def best_keeps(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per table and throw, the value of its best keep and which keep it is."""
    kept = after_keeps(values)[:, KEEPS_OF]
    best = kept.argmax(axis=2)
    return np.take_along_axis(kept, best[:, :, None], axis=2)[:, :, 0], KEEPS_OF[
        np.arange(len(FACES)), best
    ]


# --- the city of one player among Moyen rivals -----------------------------------------

WON = 30.0
"""Moyen's measure of a won game (as in its robot): more than any table short of it."""
NONE = -np.inf


class FieldCity:
    """Every table of a city of `seats` thieves, camouflage aside; see the module."""

    def __init__(self, seats: int, tries: str) -> None:
        self.seats, self.tries = seats, tries
        self.target = START_TOKENS * seats
        self.total = self.target + START_TOKENS
        self.tokens = np.array(
            [t for t in product(range(self.target), repeat=seats) if sum(t) <= self.total]
        )
        self.count = len(self.tokens)
        self.won = self.count
        """The leaf of a game won by the thief who played."""
        self.powers = self.target ** np.arange(seats)
        self.index = np.full(self.target**seats, -1)
        self.index[self.tokens @ self.powers] = np.arange(self.count)
        self.combinations()
        self.moyen = self.moyen_turns()  # in double precision, as Moyen weighs its choices
        for name in ("p_first", "p_second", "none"):
            setattr(self, name, getattr(self, name).astype(np.float32))

    # --- what each combination leaves ---------------------------------------------------

    def leaf(self, tokens: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The leaf of each table after the thief's combination (the next thief's table, or
        a won game), and what Moyen's measure makes of it."""
        won = tokens[:, 0] >= self.target
        turned = np.roll(np.minimum(tokens, self.target - 1), -1, axis=1)
        leaves = np.where(won, self.won, self.index[turned @ self.powers])
        measure = np.where(won, WON, tokens[:, 0] - tokens[:, 1:].max(axis=1))
        return leaves, measure.astype(float)

    def effects(self) -> dict[str, list[tuple[list[tuple[float, np.ndarray]], np.ndarray]]]:
        """Each kind of combination, as its options (a victim each for some): the tables
        each may leave with their chances, and where it may be applied."""
        tokens, pot = self.tokens, self.total - self.tokens.sum(axis=1)
        everywhere = np.ones(self.count, dtype=bool)

        def steal(table: np.ndarray, victim: int, most: np.ndarray | int) -> np.ndarray:
            table = table.copy()
            taken = np.minimum(most, table[:, victim])
            table[:, victim] -= taken
            table[:, 0] += taken
            return table

        def pay(table: np.ndarray, most: int) -> np.ndarray:
            table = table.copy()
            table[:, 0] -= np.minimum(most, table[:, 0])
            return table

        victims = range(1, self.seats)
        bold, swap, forced, straight, announced = [], [], [], [], []
        for victim in victims:
            robbed = steal(tokens, victim, 3)
            caught = robbed.copy()
            refund = caught[:, 0] > 0
            caught[:, 0] -= refund
            caught[:, victim] += refund
            caught = pay(caught, 1)
            bold.append(([(2 / 3, robbed), (1 / 3, caught)], everywhere))
            swapped = tokens.copy()
            swapped[:, [0, victim]] = tokens[:, [victim, 0]]
            swap.append(([(1.0, swapped)], everywhere))
            contract = steal(tokens, victim, 2)
            contract[:, victim] += pot > 0
            forced.append(([(1.0, contract)], everywhere))
            straight.append(([(1.0, steal(tokens, victim, 1))], pot == 0))
            taken = steal(tokens, victim, tokens[:, victim])
            taken[:, 0] += pot
            announced.append(([(1.0, taken)], tokens[:, 0] > 0))
        from_pot = tokens.copy()
        from_pot[:, 0] += pot
        one_from_pot = tokens.copy()
        one_from_pot[:, 0] += 1
        quad = tokens
        for victim in victims:
            quad = steal(quad, victim, 2)
        return {
            "bold": bold,
            "swap": swap,
            "forced": forced,
            "hidden": [([(1.0, tokens)], everywhere)],
            "pot": [([(1.0, from_pot)], everywhere)],
            "quad": [([(1.0, quad)], everywhere)],
            "straight": [([(1.0, one_from_pot)], pot > 0), *straight],
            "announced": announced,
            "missed": [([(1.0, pay(tokens, 2))], tokens[:, 0] > 0)],
            "penalty": [([(1.0, pay(tokens, 1))], everywhere)],
        }

    def combinations(self) -> None:
        """The combinations of each showing as arrays (tables × showings × options), two
        leaves each with their chances and Moyen's measures, padded with none."""
        effects = self.effects()
        triples = {1: "bold", 2: "swap", 3: "forced", 4: "hidden", 5: "pot", 6: "pot"}
        found: list[list[tuple]] = []
        for showing in SHOWN:
            kinds = [triples[showing.triple]] if showing.triple is not None else []
            kinds += ["quad"] * showing.quad + ["straight"] * showing.straight
            found.append([option for kind in kinds for option in effects[kind]])
        width = max(len(options) for options in found)
        shape = (self.count, len(SHOWN), width)
        self.first, self.second = np.full(shape, self.won), np.full(shape, self.won)
        self.p_first, self.p_second = np.zeros(shape), np.zeros(shape)
        self.m_first, self.m_second = np.zeros(shape), np.zeros(shape)
        self.none = np.full(shape, NONE)
        for c, options in enumerate(found):
            for k, (ends, where) in enumerate(options):
                (p, table), (q, other) = ends if len(ends) == 2 else (ends[0], (0.0, ends[0][1]))
                (first, self.m_first[:, c, k]), (second, self.m_second[:, c, k]) = (
                    self.leaf(table),
                    self.leaf(other),
                )
                self.first[:, c, k] = np.where(where, first, self.won)  # none where it may not
                self.second[:, c, k] = np.where(where, second, self.won)
                self.p_first[:, c, k], self.p_second[:, c, k] = p, q
                self.none[:, c, k] = np.where(where, 0.0, NONE)
        self.announceable = np.array([s.triple is not None and not s.quad for s in SHOWN])
        success = [self.leaf(t) + (w,) for ((_, t),), w in effects["announced"]]
        self.successes = np.stack([leaves for leaves, _, _ in success], axis=1)
        self.m_successes = np.stack([m for _, m, _ in success], axis=1)
        (((_, missed),), self.may_announce) = effects["missed"][0]
        self.missed, self.m_missed = self.leaf(missed)
        self.penalty, self.m_penalty = self.leaf(effects["penalty"][0][0][0][1])

    def chance(self, throw: int) -> float:
        """The chance that an announcement after throw `throw` succeeds (CV-1)."""
        tries = THROWS - throw if self.tries == EVERY_THROW else 1
        return 1 - (5 / 6) ** tries

    # --- Moyen's turn, played out ------------------------------------------------------

    def moyen_turns(self) -> tuple[np.ndarray, np.ndarray]:
        """Where each table's turn ends when Moyen plays it: the leaves and their chances
        (tables × ends). Moyen weighs each throw one throw ahead by its measure."""
        options = self.p_first * self.m_first + self.p_second * self.m_second + self.none
        choice = options.argmax(axis=2)
        stop = options.max(axis=2)  # tables × showings
        target = self.m_successes.argmax(axis=1)
        success = self.m_successes[np.arange(self.count), target]
        ends = stop[:, SHOWN_BY]
        last = np.where(ends == NONE, self.m_penalty[:, None], ends)
        keep, keeps = best_keeps(last)  # one throw ahead: a combination, or the penalty
        rows = np.arange(self.count)
        mass = np.zeros(options.shape)
        announced = np.zeros((self.count, 2))
        penalty = np.zeros(self.count)
        first = np.zeros((1, len(KEEPS)))
        first[0, 0] = 1.0
        thrown = into_throws(first).repeat(self.count, axis=0)
        for throw in range(1, THROWS + 1):
            chance = self.chance(throw)
            open_ = throw < THROWS
            announce = np.where(
                self.announceable[SHOWN_BY] & self.may_announce[:, None] & open_,
                (chance * success + (1 - chance) * self.m_missed)[:, None],
                NONE,
            )
            ahead = keep if open_ else np.full(ends.shape, NONE)
            stopping = (ends >= announce) & (ends >= ahead) & (ends > NONE)
            announcing = ~stopping & (announce >= ahead) & (announce > NONE)
            rolling = ~stopping & ~announcing & (ahead > NONE)
            for c in range(len(SHOWN)):
                here = (thrown * (stopping & (SHOWN_BY == c))).sum(axis=1)
                mass[rows, c, choice[:, c]] += here
            announced += (thrown * announcing).sum(axis=1)[:, None] * [chance, 1 - chance]
            penalty += (thrown * ~(stopping | announcing | rolling)).sum(axis=1)
            if open_:
                kept = np.zeros((self.count, len(KEEPS)))
                np.add.at(
                    kept, (rows.repeat(len(FACES)), keeps.ravel()), (thrown * rolling).ravel()
                )
                thrown = into_throws(kept)
        rows = np.arange(self.count)
        leaves = np.concatenate(
            [
                self.first.reshape(self.count, -1),
                self.second.reshape(self.count, -1),
                self.successes[rows, target][:, None],
                self.missed[:, None],
                self.penalty[:, None],
            ],
            axis=1,
        )
        chances = np.concatenate(
            [
                (mass * self.p_first).reshape(self.count, -1),
                (mass * self.p_second).reshape(self.count, -1),
                announced,
                penalty[:, None],
            ],
            axis=1,
        )
        return leaves, chances.astype(np.float32)

    def moyen_turn(self, values: np.ndarray, won: float = 0.0) -> np.ndarray:
        """Each table's worth to a player once Moyen has played its turn on it, `values`
        being the player's worth of the tables that follow and `won` of a game the thief
        who played wins (nothing, when that thief is a rival)."""
        leaves, chances = self.moyen
        return (chances * np.append(values, np.float32(won))[leaves]).sum(axis=1)

    # --- the one player's turn, played best -----------------------------------------

    def best_turn(self, leaves: np.ndarray) -> np.ndarray:
        """Each table's value when its turn's leaves are worth `leaves`, played best. The
        last throw counts only what it shows: the keeps before it are weighed by showing."""
        options = self.p_first * leaves[self.first] + self.p_second * leaves[self.second]
        stop = (options + self.none).max(axis=2)
        last = np.where(stop == NONE, leaves[self.penalty][:, None], stop)
        success = leaves[self.successes].max(axis=1)
        kept = np.einsum("sc,ck->sk", last, SHOWINGS_AFTER)
        for throw in range(THROWS - 1, 0, -1):
            chance = self.chance(throw)
            announce = np.where(
                self.announceable[None, :] & self.may_announce[:, None],
                (chance * success + (1 - chance) * leaves[self.missed])[:, None],
                NONE,
            )
            values = np.maximum(np.maximum(stop, announce)[:, SHOWN_BY], best_keep_values(kept))
            if throw > 1:
                kept = np.einsum("sf,fk->sk", values, THROWS_AFTER)
        return np.einsum("sf,f->s", values, THROWS_AFTER[:, 0])  # the turn's first throw

    def solve(self, tolerance: float = 2e-5) -> list[np.ndarray]:
        """By value iteration from even shares, the player's chance of winning from each
        table, `k` Moyen turns before its own (k from 0 to seats − 1)."""
        values = np.full(self.count, 1 / self.seats, dtype=np.float32)
        while True:
            ahead = [values]
            for _ in range(self.seats - 1):
                ahead.append(self.moyen_turn(ahead[-1]))
            new = self.best_turn(np.append(ahead[-1], np.float32(1)))
            if np.abs(new - values).max() < tolerance:
                return ahead
            values = new

    def row(self, tokens: tuple[int, ...]) -> int:
        """The row of these tokens (in turn order from the thief about to throw)."""
        return int(self.index[np.array(tokens) @ self.powers])


@cache
def field_values(seats: int, tries: str) -> tuple[FieldCity, list[np.ndarray]]:
    """The city of `seats` thieves solved once per option for one player among Moyen."""
    city = FieldCity(seats, tries)
    return city, city.solve()
