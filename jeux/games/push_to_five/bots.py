"""Push to Five's robots at three levels.

Moyen (`PushBot`, RULINGS §22) stops once the chance of losing outweighs the gain.

Débutant stops at a comfortable total it picks each turn, not at the odds. Fort, in the
Cumul game, plays to win rather than to score: at two players it knows, from a table
computed once, the chance of winning from any pair of banks with either seat to move (both
playing their best), and values each turn's end by it; with more players it races every
rival, each taken for a player by Moyen's rule (`race_end_values`). In Sprint it plays as
Moyen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from math import prod
from random import Random

from jeux.engine.core import Action, Bot

from .rules import _FLIPS, _RESHUFFLE, _STOP, TARGET, PushToFiveState, apply_card

Cards = tuple[str, ...]
"""Card names: the deck, or the cards left face down."""

RESHUFFLES = 2
"""How many reshuffles the robot looks ahead over: further cycles change little."""


class PushBot:
    """RULINGS §22: stops once the chance of losing outweighs the gain. It weighs every order
    the face-down cards may lie in (their composition is public) against what the points are
    worth to it: alone, each point; in Cumul, points towards 15, or beating the leader in
    the last round; in Sprint, a single turn of 15."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)
        """Its own rng, never the match's: which face-down card to turn (all are alike)."""

    def choose(self, state: PushToFiveState) -> Action:
        turn = _FLIPS[self.rng.choice(state.face_down)] if state.face_down else _RESHUFFLE
        if state.phase == "start":
            return turn
        goal = self.goal(state)
        if state.phase == "full":
            push = turn_one(goal, state.deck, state.deck, state.turn, False, RESHUFFLES)
        else:
            push = turn_one(goal, state.deck, state.left, state.turn, state.protected, RESHUFFLES)
        return turn if push > worth(goal, state.turn) else _STOP

    @staticmethod
    def goal(state: PushToFiveState) -> Goal:
        seat = state.current
        bank = state.banks[seat]
        others = [state.standing(s) for s in range(state.seats) if s != seat]
        if state.seats == 1:
            return Goal(0, 0)  # every point counts, whatever is banked
        if state.sprint:
            beat = max(TARGET, *(o[0] + 1 for o in others)) if state.final_round else TARGET
            return Goal(bank, beat, on_turn=True, all_or_nothing=True)
        if state.final_round:  # the last chance: pass the leader, or nothing
            return Goal(bank, max(o[0] for o in others) + 1, all_or_nothing=True)
        return Goal(bank, TARGET)


@dataclass(frozen=True)
class Goal:
    bank: int
    need: int
    """What wins: a total, or a single turn (`on_turn`); 0: every point counts (alone)."""
    on_turn: bool = False
    all_or_nothing: bool = False
    """Only meeting `need` counts (the bank just breaks ties); else points up to `need`."""


@cache
def worth(goal: Goal, turn: int) -> float:
    """What ending the turn with `turn` points is worth to the robot."""
    if not goal.need:
        return float(turn)
    total = goal.bank + turn
    if goal.all_or_nothing:
        return ((turn if goal.on_turn else total) >= goal.need) + total / 1000
    return min(total, goal.need) / goal.need


@cache
def best(
    goal: Goal, deck: Cards, left: Cards, turn: int, protected: bool, reshuffles: int
) -> float:
    """The value of this position played well: stop now, or turn a card (or reshuffle)."""
    stay = worth(goal, turn)
    if not left:
        if reshuffles <= 0:
            return stay
        return max(stay, turn_one(goal, deck, deck, turn, False, reshuffles - 1))
    return max(stay, turn_one(goal, deck, left, turn, protected, reshuffles))


@cache
def turn_one(
    goal: Goal, deck: Cards, left: Cards, turn: int, protected: bool, reshuffles: int
) -> float:
    """The mean value of turning one of the face-down cards, each as likely."""
    total = 0.0
    for card in left:
        score, shield, lost = apply_card(card, turn, protected)
        if lost:
            total += worth(goal, 0)
        else:
            rest = tuple(c for c in left if c != card)
            total += best(goal, deck, rest, score, shield, reshuffles)
    return total / len(left)


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


class StrongBot:
    """Two players, Cumul: ends its turn where its chance of winning the game is highest
    (`win_table`); otherwise Moyen's judgement."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.fallback = PushBot(seed)
        self.rng = Random(seed)

    def choose(self, state: PushToFiveState) -> Action:
        if state.seats == 1 or state.sprint or state.phase == "start":
            return self.fallback.choose(state)
        values = end_values(state) if state.seats == 2 else race_end_values_of(state)
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


# --- Fort with more players: the race against every rival -----------------------------------

HORIZON = 12
"""Turns looked ahead in a race of three or more: past it, some rival has almost surely
banked 15."""
LOST = 1e-4
"""A chance of winning so small that the turns past it need not be looked at."""


def race_end_values_of(state: PushToFiveState) -> tuple[float, ...]:
    """`race_end_values` for the seat to move; in the last round, passing the leader."""
    seat = state.current
    if state.final_round:
        leader = max(b for s, b in enumerate(state.banks) if s != seat)
        return last_turn_values(state.banks[seat], leader)
    rivals = tuple(sorted((b, s > seat) for s, b in enumerate(state.banks) if s != seat))
    return race_end_values(state.banks[seat], rivals, state.deck)


@cache
def steady_spread(bank: int, deck: Cards) -> tuple[float, ...]:
    """What a turn played by Moyen's rule from `bank` banks, by points (0: nothing, a lost
    turn included), with its chance: the rival every other player is taken for."""
    goal = Goal(bank, TARGET)
    ends = [0.0] * (CAP + 1)

    def turn_over(left: Cards, turn: int, protected: bool, spare: int, w: float) -> None:
        for card in left:
            score, shield, lost = apply_card(card, turn, protected)
            if lost:
                ends[0] += w / len(left)
                continue
            rest = tuple(c for c in left if c != card)
            decide(rest, min(score, CAP), shield, spare, w / len(left))

    def decide(left: Cards, turn: int, protected: bool, spare: int, w: float) -> None:
        if not left and not spare:
            ends[turn] += w
        elif not left:  # a full cycle: reshuffle or stop, the Protection gone
            if turn_one(goal, deck, deck, turn, False, RESHUFFLES) > worth(goal, turn):
                turn_over(deck, turn, False, spare - 1, w)
            else:
                ends[turn] += w
        elif turn_one(goal, deck, left, turn, protected, RESHUFFLES) > worth(goal, turn):
            turn_over(left, turn, protected, spare, w)
        else:
            ends[turn] += w

    turn_over(deck, 0, False, RESHUFFLES, 1.0)
    return tuple(ends)


@cache
def steady_unfinished(deck: Cards) -> tuple[tuple[float, ...], ...]:
    """`unfinished[k][b]`: the chance that a player banking b, playing by Moyen's rule, has
    not banked 15 after k more turns."""
    rows = [(1.0,) * TARGET]
    for _ in range(HORIZON):
        last = rows[-1]
        rows.append(
            tuple(
                sum(p * last[b + t] for t, p in enumerate(steady_spread(b, deck)) if b + t < TARGET)
                for b in range(TARGET)
            )
        )
    return tuple(rows)


@lru_cache(maxsize=256)
def race_end_values(
    bank: int, rivals: tuple[tuple[int, bool], ...], deck: Cards
) -> tuple[float, ...]:
    """What ending this turn with each score is worth against rivals at (bank, plays after
    me in this round), each taken for a player by Moyen's rule, the chances independent.

    Every rival plays k - 1 turns before my k-th. I win by banking 15 or more at my k-th
    turn if no rival has banked 15 in them, and no rival after me in the round passes my
    bank in its last turn (the round is finished, P5-3; its bank taken as it is now). My own
    turns are played best, looking back from the horizon."""
    unfinished = steady_unfinished(deck)
    alive = [1.0] + [prod(unfinished[k - 1][b] for b, _ in rivals) for k in range(1, HORIZON + 1)]
    kept = [
        prod(1.0 - pass_chance(b, total, deck) for b, after in rivals if after)
        for total in range(TARGET + CAP + 1)
    ]
    tree = turn_tree(deck, deck, 0, False, RESHUFFLES)
    later = [0.0] * TARGET  # my chance to win from each bank once my k-th turn is over

    def ends(mine: int, k: int) -> tuple[float, ...]:
        return tuple(
            alive[k] * kept[mine + t] if mine + t >= TARGET else later[mine + t]
            for t in range(CAP + 1)
        )

    for k in range(HORIZON, 1, -1):
        if alive[k] >= LOST:
            later = [tree.value(ends(mine, k)) for mine in range(TARGET)]
    return ends(bank, 1)


@cache
def pass_chance(bank: int, total: int, deck: Cards) -> float:
    """The chance that a player at `bank`, in the last round, passes `total` (a tie counts
    half: the win is shared)."""
    return turn_tree(deck, deck, 0, False, RESHUFFLES).value(last_turn_values(bank, total))


class WinTable:
    """The chance of winning a two-player Cumul game with best play, per position:
    `first[a][b]` with the first seat to move on a bank of `a` against `b`, `second[b][a]`
    with the second seat to move on `b` against `a` (the round then ends)."""

    def __init__(self, deck: Cards) -> None:
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
def win_table(deck: Cards) -> WinTable:
    return WinTable(deck)


@cache
def turn_value(values: tuple[float, ...], deck: Cards) -> float:
    """A whole turn played for the best end, from its first card."""
    return flip_value(values, deck, deck, 0, False, RESHUFFLES)


def flip_value(
    values: tuple[float, ...], deck: Cards, left: Cards, turn: int, protected: bool, reshuffles: int
) -> float:
    """The mean value of turning one more face-down card, then playing on at best."""
    return turn_tree(deck, left, turn, protected, reshuffles).value(values)


class TurnTree:
    """Every way a turn can go on from turning one card, flattened once (a few hundred
    positions) so that valuing it for new ends is one pass over a list: each node is the
    score it may stop on (None for the root, which must turn) and its children, -1 for a
    lost turn, children first."""

    def __init__(self, deck: Cards) -> None:
        self.deck = deck
        self.nodes: list[tuple[int | None, tuple[int, ...]]] = []
        self.index: dict[tuple, int] = {}

    def flip(self, left: Cards, turn: int, protected: bool, reshuffles: int) -> tuple:
        kids = []
        for card in left:
            score, shield, lost = apply_card(card, turn, protected)
            rest = tuple(c for c in left if c != card)
            kids.append(-1 if lost else self.stop_or_go(rest, min(score, CAP), shield, reshuffles))
        return tuple(kids)

    def stop_or_go(self, left: Cards, turn: int, protected: bool, reshuffles: int) -> int:
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
def turn_tree(deck: Cards, left: Cards, turn: int, protected: bool, reshuffles: int) -> TurnTree:
    tree = TurnTree(deck)
    tree.nodes.append((None, tree.flip(left, turn, protected, reshuffles)))
    return tree


def solution() -> str:
    """What Fort plays, for the lab."""
    return (
        "En Cumul à deux, l'équilibre : la partie résolue exactement, les deux joueurs au "
        "mieux (`win_table`) ; à plusieurs, la course contre chacun·e des autres, pris pour un "
        "joueur qui suit la règle de Moyen. En Sprint, le jugement de Moyen."
    )


LEVEL_BOTS: dict[str, Callable[[int | str | None], Bot]] = {
    "debutant": BeginnerBot,
    "moyen": PushBot,
    "fort": StrongBot,
}
