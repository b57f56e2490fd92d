"""The robots of Les pilleurs de tombe beyond the heuristic one (`RaiderBot`, Moyen, in
rules.py).

Débutant keeps its torch pairs and validates early. Fort plays each turn by expectimax: every
distinct final throw (at most 252) is resolved with the engine itself on a copy of the view,
trying every choice left (combination and target, announcement, torch sharing, power) and
valuing the table the turn leaves with `table_value`; the throws are then weighed over the
dice still to come. Everything in this game is public, so the view is the whole state.
"""

from __future__ import annotations

import copy
from functools import cache
from math import comb
from random import Random

from jeux.engine.bots import KeepSearch, Robot
from jeux.engine.core import LEVELS, Action

from .rules import (
    ADVANCE,
    ANNOUNCE,
    ARTIFACT,
    COMBO,
    DICE,
    OVER,
    ROLLING,
    SNAKE,
    TORCH,
    Announce,
    PilleursState,
    RaiderBot,
    Roll,
    Stop,
    Take,
)

# --- chance ---------------------------------------------------------------------------


@cache
def keeps_of(faces: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The sorted sub-multisets of `faces` (sorted) that hold every snake and leave a die."""
    snakes = faces.count(SNAKE)
    others = [f for f in faces if f != SNAKE]
    found = {
        tuple(
            sorted((SNAKE,) * snakes + tuple(others[i] for i in range(len(others)) if m >> i & 1))
        )
        for m in range((1 << len(others)) - 1)
    }
    return tuple(sorted(found))


class Scripted(Random):
    """Dice decided in advance, for the 1-1-1 bonus roll weighed outcome by outcome."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


# --- what a table is worth --------------------------------------------------------------

WIN = 100.0


def table_value(state: PilleursState, me: int) -> float:
    """How good the table is for `me` once its turn is over: a won or lost game, else the
    way to the centre (worth more near it), the artifacts (worth more as the pyramid
    empties), cave-ins and the joker, against the best-placed rival."""
    if state.phase == OVER:
        return WIN if state.outcome().ranks[me] == 1 else -WIN

    def standing(seat: int) -> float:
        advances = state.advances[seat]
        art_weight = 1.0 + 4.0 / (state.reserve + 1)
        value = advances + advances * advances / state.target
        value += art_weight * state.artifacts[seat]
        if state.blocked[seat]:
            value -= 1.5
        if state.joker == seat:
            value += 0.4
        return value

    rivals = [standing(s) for s in range(state.seats) if s != me]
    return standing(me) - max(rivals)


# --- the robots -------------------------------------------------------------------------


class BeginnerBot(RaiderBot):
    """Keeps its torch pairs like Moyen but validates as soon as the dice give anything,
    applies every combination it may on a rival drawn at random, and shares the torches
    toward the advances."""

    def choose(self, state: PilleursState) -> Action:
        if state.phase == ROLLING:
            gains = state.appraise()
            if gains.advances + gains.artifacts and Stop() in state.legal_actions():
                return Stop()
        if state.phase == COMBO:
            takes = [a for a in state.legal_actions() if isinstance(a, Take)]
            return self.rng.choice(takes)
        return super().choose(state)


class StrongBot(Robot):
    """Expectimax over the turn's throws, each final throw resolved by the engine."""

    def choose(self, state: PilleursState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        search = TurnSearch(state)
        if state.phase != ROLLING:
            return max(legal, key=search.after)
        faces = state.faces
        best, best_value = legal[0], float("-inf")
        for action in legal:
            if isinstance(action, Roll):
                keep = tuple(sorted(faces[i] for i in range(DICE) if i not in action.dice))
                value = search.keep_value(keep, state.throw)
            else:
                value = search.final(tuple(sorted(faces)))
            if value > best_value:
                best, best_value = action, value
        return best


class TurnSearch(KeepSearch):
    """One decision's search: final throws and kept dice valued once each."""

    dice = DICE

    def __init__(self, state: PilleursState) -> None:
        self.state, self.me = state, state.current
        self.finals: dict[tuple[int, ...], float] = {}
        self.kept: dict[tuple[tuple[int, ...], int], float] = {}

    def value(self, faces: tuple[int, ...], throw: int) -> float:
        best = self.final(faces)
        if throw < self.state.throws:
            for keep in keeps_of(faces):
                best = max(best, self.keep_value(keep, throw))
        return best

    def final(self, faces: tuple[int, ...]) -> float:
        """The worth of validating `faces`, each choice after it made at best."""
        if faces not in self.finals:
            table = clone(self.state)
            table.faces = faces
            table._validate()
            self.finals[faces] = self.settle(table)
        return self.finals[faces]

    def settle(self, table: PilleursState) -> float:
        if table.phase == OVER or table.current != self.me:
            return table_value(table, self.me)
        if table.phase == ANNOUNCE:
            return max(self.bonus(table, face) for face in (ARTIFACT, ADVANCE))
        return max(self.after(action, table) for action in table.legal_actions())

    def after(self, action: Action, table: PilleursState | None = None) -> float:
        if isinstance(action, Announce):
            return self.bonus(table or self.state, action.face)
        child = clone(table or self.state)
        child._apply(action, Random(0))
        return self.settle(child)

    def bonus(self, table: PilleursState, face: int) -> float:
        """PIL-9: the bonus roll counts the announced face only; weigh each count of it."""
        other = TORCH if face != TORCH else ADVANCE
        total = 0.0
        for hits in range(DICE + 1):
            chance = comb(DICE, hits) * (1 / 6) ** hits * (5 / 6) ** (DICE - hits)
            child = clone(table)
            child._announce(face, Scripted((face,) * hits + (other,) * (DICE - hits)))
            total += chance * self.settle(child)
        return total


def clone(state: PilleursState) -> PilleursState:
    """A copy the search may play on: its lists are its own."""
    twin = copy.copy(state)
    twin.advances, twin.artifacts = list(state.advances), list(state.artifacts)
    twin.blocked, twin.powers = list(state.blocked), list(state.powers)
    return twin


ROBOTS = {"debutant": BeginnerBot, "moyen": RaiderBot, "fort": StrongBot}
assert set(ROBOTS) == set(LEVELS)


def robot(seed: int | str | None, level: str) -> RaiderBot | StrongBot:
    return ROBOTS.get(level, RaiderBot)(seed)
