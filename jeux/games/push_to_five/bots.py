"""Push to Five's weakest and strongest robots; Moyen is `rules.PushBot`.

Débutant stops at a comfortable total it picks each turn, not at the odds. Fort, in the
two-player Cumul game, plays to win rather than to score: it knows, from a table computed
once, the chance of winning from any pair of banks with either seat to move, and values
each turn's end by it. Elsewhere (Sprint, three players or more) it plays as Moyen.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from random import Random

from jeux.engine.core import Action, Bot

from .rules import (
    _FLIPS,
    _RESHUFFLE,
    _STOP,
    TARGET,
    PushBot,
    PushToFiveState,
    apply_card,
    worth,
)


class BeginnerBot:
    """Turns cards until a total it finds comfortable this turn (5 to 9 points), never
    weighing the odds; it still stops on a total that wins, and turns on while it holds a
    Protection (the next card cannot lose the turn)."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)
        self.enough = 0
        self.turn_of: tuple[int, int] | None = None

    def choose(self, state: PushToFiveState) -> Action:
        turn = _FLIPS[self.rng.choice(state.face_down)] if state.face_down else _RESHUFFLE
        if state.phase == "start":
            self.enough = self.rng.randint(5, 9)
            return turn
        goal = PushBot.goal(state)
        wins = goal.need and worth(goal, state.turn) >= 1
        # Even a beginner sees that the next card cannot hurt behind a Protection.
        free = state.protected and state.phase != "full"
        return _STOP if wins or state.turn >= self.enough and not free else turn


CAP = 48
"""Turn scores are counted up to this: beyond it every end of turn is worth the same."""
RESHUFFLES = 2


class StrongBot:
    """Two players, Cumul: ends its turn where its chance of winning the game is highest
    (`win_table`); otherwise Moyen's judgement."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.fallback = PushBot(seed)
        self.rng = Random(seed)

    def choose(self, state: PushToFiveState) -> Action:
        if state.seats != 2 or state.sprint or state.phase == "start":
            return self.fallback.choose(state)
        values = end_values(state)
        turn = _FLIPS[self.rng.choice(state.face_down)] if state.face_down else _RESHUFFLE
        deck = state.deck
        if state.phase == "full":
            push = flip_value(values, deck, deck, state.turn, False, RESHUFFLES)
        else:
            push = flip_value(values, deck, state.left, state.turn, state.protected, RESHUFFLES)
        return turn if push > values[min(state.turn, CAP)] else _STOP


def end_values(state: PushToFiveState) -> tuple[float, ...]:
    """What ending the turn with each score is worth to the seat to move: its chance of
    winning then."""
    seat = state.current
    mine, theirs = state.banks[seat], state.banks[1 - seat]
    table = win_table(state.deck)
    if state.final_round:
        return last_turn_values(mine, theirs)
    return table.end_values(seat, mine, theirs)


@cache
def last_turn_values(bank: int, leader: int) -> tuple[float, ...]:
    """The second seat's last turn after the first reached 15: pass the leader (a tie
    shares the win)."""
    return tuple(
        1.0 if bank + t > leader else 0.5 if bank + t == leader else 0.0 for t in range(CAP + 1)
    )


class WinTable:
    """The chance of winning a two-player Cumul game with best play, per position:
    `first[a][b]` with the first seat to move on a bank of `a` against `b`, `second[b][a]`
    with the second seat to move on `b` against `a` (the round then ends)."""

    def __init__(self, deck: tuple[str, ...]) -> None:
        self.deck = deck
        self.first = [[0.5] * TARGET for _ in range(TARGET)]
        self.second = [[0.5] * TARGET for _ in range(TARGET)]
        for total in range(2 * TARGET - 2, -1, -1):
            for a in range(max(0, total - TARGET + 1), min(total, TARGET - 1) + 1):
                self.solve(a, total - a)

    def solve(self, a: int, b: int) -> None:
        """The two positions on banks (a, b) depend on each other only through a turn that
        banks nothing: iterate them to a fixed point; every other end is already known."""
        for _ in range(12):
            first = turn_value(self.end_values(0, a, b), self.deck)
            second = turn_value(self.end_values(1, b, a), self.deck)
            done = abs(first - self.first[a][b]) + abs(second - self.second[b][a]) < 1e-6
            self.first[a][b], self.second[b][a] = first, second
            if done:
                break

    def end_values(self, seat: int, mine: int, theirs: int) -> tuple[float, ...]:
        def after(t: int) -> float:
            bank = mine + t
            if seat == 0:
                if bank >= TARGET:
                    return 1 - turn_value(last_turn_values(theirs, bank), self.deck)
                return 1 - self.second[theirs][bank]
            return 1.0 if bank >= TARGET else 1 - self.first[theirs][bank]

        return tuple(after(t) for t in range(CAP + 1))


@cache
def win_table(deck: tuple[str, ...]) -> WinTable:
    return WinTable(deck)


@cache
def turn_value(values: tuple[float, ...], deck: tuple[str, ...]) -> float:
    """A whole turn played for the best end, from its first card."""
    return flip_value(values, deck, deck, 0, False, RESHUFFLES)


def flip_value(
    values: tuple[float, ...],
    deck: tuple[str, ...],
    left: tuple[str, ...],
    turn: int,
    protected: bool,
    reshuffles: int,
) -> float:
    """The mean value of turning one more face-down card, then playing on at best."""
    return turn_tree(deck, left, turn, protected, reshuffles).value(values)


class TurnTree:
    """Every way a turn can go on from turning one card, flattened once (a few hundred
    positions) so that valuing it for new ends is one pass over a list: each node is the
    score it may stop on (None for the root, which must turn) and its children, -1 for a
    lost turn, children first."""

    def __init__(self, deck: tuple[str, ...]) -> None:
        self.deck = deck
        self.nodes: list[tuple[int | None, tuple[int, ...]]] = []
        self.index: dict[tuple, int] = {}

    def flip(self, left: tuple[str, ...], turn: int, protected: bool, reshuffles: int) -> tuple:
        kids = []
        for card in left:
            score, shield, lost = apply_card(card, turn, protected)
            rest = tuple(c for c in left if c != card)
            kids.append(-1 if lost else self.stop_or_go(rest, min(score, CAP), shield, reshuffles))
        return tuple(kids)

    def stop_or_go(self, left: tuple[str, ...], turn: int, protected: bool, reshuffles: int) -> int:
        key = (left, turn, protected, reshuffles)
        if key not in self.index:
            if left:
                kids = self.flip(left, turn, protected, reshuffles)
            elif reshuffles > 0:
                kids = self.flip(self.deck, turn, False, reshuffles - 1)
            else:
                kids = ()
            self.nodes.append((turn, kids))
            self.index[key] = len(self.nodes) - 1
        return self.index[key]

    def value(self, values: tuple[float, ...]) -> float:
        lost = values[0]
        found = []
        for stay, kids in self.nodes:
            go = sum(lost if k < 0 else found[k] for k in kids) / len(kids) if kids else 0.0
            found.append(go if stay is None else max(values[stay], go))
        return found[-1]


@cache
def turn_tree(
    deck: tuple[str, ...], left: tuple[str, ...], turn: int, protected: bool, reshuffles: int
) -> TurnTree:
    tree = TurnTree(deck)
    tree.nodes.append((None, tree.flip(left, turn, protected, reshuffles)))
    return tree


def solution() -> str:
    """What Fort plays, for the lab."""
    return (
        "En Cumul à deux, l'équilibre : la partie résolue exactement, les deux joueurs au "
        "mieux (`win_table`). Ailleurs, le jugement de Moyen."
    )


LEVEL_BOTS: dict[str, Callable[[int | str | None], Bot]] = {
    "debutant": BeginnerBot,
    "moyen": PushBot,
    "fort": StrongBot,
}
