"""The robots of The Killer at each level.

Débutant takes the first attack it gets and strikes anyone. Moyen looks two throws ahead for
the strongest attack. Fort plays Phase 1 exactly: an
expectimax over the throws left in which only the sum of the kept dice matters, its leaves
valued by what each attack value is worth against the best target (the exact spread of the
dice Phase 2 sets aside, against each target's life points). Everything is public.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations
from math import comb

from jeux.engine.bots import Robot
from jeux.engine.core import LEVELS, Action
from jeux.engine.dice import throw_chances

from .rules import (
    DICE,
    HIGH,
    LOW,
    REGENERATION,
    RISE,
    SIDE,
    TARGET,
    THROWS,
    Attack,
    DeclareSide,
    KillerBot,
    KillerState,
    Rise,
    Stop,
    Throw,
    attack_value,
)

# --- chance ---------------------------------------------------------------------------


@cache
def more_kept(faces: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(dice, sum) of every way to keep some but not all of the dice just thrown."""
    return tuple(
        sorted(
            {
                (size, sum(kept))
                for size in range(1, len(faces))
                for kept in combinations(faces, size)
            }
        )
    )


@cache
def hits_spread(dice: int, again: bool, depth: int = 3) -> tuple[float, ...]:
    """The chance of each count of dice Phase 2 sets aside starting with `dice` dice (KIL-7's
    option picks all five up again, followed `depth` times)."""
    spread = [0.0] * (DICE * (depth + 1) + 1)
    if dice == 0:
        if again and depth:
            return hits_spread(DICE, again, depth - 1)
        spread[0] = 1.0
        return tuple(spread)
    spread[0] += (5 / 6) ** dice
    for hits in range(1, dice + 1):
        chance = comb(dice, hits) * (1 / 6) ** hits * (5 / 6) ** (dice - hits)
        for more, p in enumerate(hits_spread(dice - hits, again, depth)):
            if p:
                spread[hits + more] += chance * p
    return tuple(spread)


# --- what life points are worth --------------------------------------------------------


def standing(state: KillerState, seat: int, hp: int) -> float:
    """How well `seat` stands with `hp`: life points, much less once dying (no attack, a
    turn spent trying to heal), nothing once dead; a zombie's life is worth little."""
    if state.zombie[seat]:
        return 2.0 if hp > 0 else 0.0
    if hp <= state.death_at:
        return -20.0
    if hp < 0:
        return hp - 8.0
    return float(hp)


def blow_worth(state: KillerState, target: int, value: int) -> float:
    """What an attack of `value` on `target` takes from their standing, on average."""
    hp = state.hp[target]
    now = standing(state, target, hp)
    spread = hits_spread(DICE, state.again)
    return sum(p * (now - standing(state, target, hp - value * k)) for k, p in enumerate(spread))


def best_target(state: KillerState, value: int, targets: list[int]) -> tuple[int, float]:
    return max(((t, blow_worth(state, t, value)) for t in targets), key=lambda tw: tw[1])


def attack_worths(state: KillerState) -> tuple[float, ...]:
    """The worth of an attack of each value 0..6 for the player to move (0: no attack)."""
    me = state.current
    worths = [0.0]
    for value in range(1, 7):
        targets = [
            s
            for s in range(state.seats)
            if s != me and not state.dead[s] and not state.immune(s, value)
        ]
        worths.append(best_target(state, value, targets)[1] if targets else 0.0)
    return tuple(worths)


# --- the robots -------------------------------------------------------------------------


class BeginnerBot(Robot):
    """Keeps the dice toward the nearer edge, stops on the first attack or healing it gets,
    and strikes a rival drawn at random."""

    def choose(self, state: KillerState) -> Action:
        legal = state.legal_actions()
        if state.phase == TARGET:  # never lets the forgetful mode turn the blow on itself
            return self.rng.choice([a for a in legal if isinstance(a, Attack)] or legal)
        if state.phase in (RISE, SIDE) or not state.faces:
            return self.rng.choice(legal)
        if Stop() in legal:
            return Stop()
        side = state.side[state.current]
        low = side == "low" if side else state.total <= (LOW + HIGH) / 2
        free = sorted(
            (i for i in range(DICE) if i not in state.kept),
            key=lambda i: state.faces[i] if low else -state.faces[i],
        )
        edge = [i for i in free if (state.faces[i] <= 2 if low else state.faces[i] >= 5)]
        keep = tuple(sorted({*state.kept, *(edge or free[:1])}))
        if Throw(keep) in legal:
            return Throw(keep)
        return Throw(tuple(sorted({*state.kept, free[0]})))


class StrongBot(Robot):
    """Plays Phase 1 by exact expectimax for the attack worth most against the best target
    (or for the healing total when dying), and strikes where the blow is worth most."""

    plain = False
    """Whether an attack is worth its value alone, whoever it may hit (Moyen's measure)."""
    horizon = THROWS
    """The throws looked ahead (Moyen: the next one only)."""

    def choose(self, state: KillerState) -> Action:
        legal = state.legal_actions()
        if state.phase == RISE:
            return Rise()
        if state.phase == SIDE:
            return DeclareSide(self.rng.choice(("low", "high")))  # both edges are as likely
        if state.phase == TARGET:
            targets = [a.target for a in legal if isinstance(a, Attack)]
            return Attack(best_target(state, state.attack, targets)[0]) if targets else legal[0]
        if not state.faces:
            return legal[0]
        search = Phase1(state, self.plain, state.throws + self.horizon)
        kept = sum(state.faces[i] for i in state.kept)
        free = [i for i in range(DICE) if i not in state.kept]
        best: Action = legal[0]
        best_value = float("-inf")
        for action in legal:
            if isinstance(action, Stop):
                value = search.stop(state.total)
            else:
                more = [i for i in action.keep if i not in state.kept]
                total = kept + sum(state.faces[i] for i in more)
                value = search.throw(total, len(free) - len(more), state.throws)
            if value > best_value:
                best, best_value = action, value
        return best


@lru_cache(maxsize=512)
def shared_memo(signature: tuple) -> dict[tuple[int, int, int], float]:
    """The throw values of one Phase 1 search, shared by the searches with the same
    worths: the decisions of a turn, and turns in the same standing, reuse them."""
    return {}


class Phase1:
    """The expectimax of Phase 1 for the player to move: only the kept dice's sum, the dice
    left to throw and the throws made matter."""

    def __init__(self, state: KillerState, plain: bool = False, horizon: int = THROWS) -> None:
        me = state.current
        self.worths = tuple(range(7)) if plain else attack_worths(state)
        self.heal = 0.0
        dying = state.hp[me] < 0 and not state.zombie[me]
        if dying:
            hp = state.hp[me]
            self.heal = standing(state, me, hp + REGENERATION) - standing(state, me, hp)
        self.attacks = not dying or state.dying_attack
        self.side = state.side[me] if state.zombie[me] else None
        self.horizon = min(THROWS, horizon)
        self.memo = shared_memo((self.worths, self.heal, self.attacks, self.side, self.horizon))

    def stop(self, total: int) -> float:
        """The worth of stopping on `total` (0 when it gives nothing)."""
        if self.heal and total in (LOW, HIGH):
            return self.heal
        if not self.attacks:
            return 0.0
        if self.side == "low" and total >= LOW or self.side == "high" and total <= HIGH:
            return 0.0
        return self.worths[attack_value(total)]

    def throw(self, kept: int, dice: int, throws: int) -> float:
        """The worth of throwing `dice` dice beside kept dice summing to `kept`, `throws`
        throws made."""
        key = (kept, dice, throws)
        if key in self.memo:
            return self.memo[key]
        value = 0.0
        last = throws + 1 >= self.horizon or dice < 2
        for faces, chance in throw_chances(dice):
            total = kept + sum(faces)
            best = self.stop(total)
            if not last:
                for size, more in more_kept(faces):
                    best = max(best, self.throw(kept + more, dice - size, throws + 1))
            value += chance * best
        self.memo[key] = value
        return value


class PlainBot(StrongBot):
    """Moyen: the same search two throws ahead, an attack worth its value, and the
    heuristic robot's aim (finish the weakest, else strike the leader)."""

    plain = True
    horizon = 2

    def choose(self, state: KillerState) -> Action:
        if state.phase == TARGET:
            return KillerBot.target(self, state)  # type: ignore[arg-type]
        return super().choose(state)


ROBOTS = {"debutant": BeginnerBot, "moyen": PlainBot, "fort": StrongBot}
assert set(ROBOTS) == set(LEVELS)


def robot(seed: int | str | None, level: str) -> BeginnerBot | StrongBot:
    return ROBOTS.get(level, PlainBot)(seed)
