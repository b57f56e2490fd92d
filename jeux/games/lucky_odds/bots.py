"""Lucky Odds robots at three levels (RULINGS.md §7: distance to 50, even dice left).

- Débutant pushes its luck: it throws again while the turn is worth less than a whim
  between 10 and 20 points, whatever the distance to 50.
- Moyen throws again when one more throw raises the expected turn, counting as lost the
  throws that score nothing or pass 50; it looks at nobody else's score.
- Fort maximises its chance to win, not its points. Against one opponent it plays the exact
  duel: the chance to win from every pair of scores, both players playing their best, solved
  once per option set (`win_table`). Against several it plays the race: each opponent is
  modelled as a steady player (Moyen's rule) whose chance of having reached 50 after k turns
  is known exactly (`steady_unfinished`); its own best play over its next turns follows by
  looking back from a horizon (`race_turn`), so it takes more risks when an opponent nears 50.

At two players Fort is the duel's equilibrium (both players at their best), not a reply
fitted to Moyen; it happens to be the best reply to Moyen too. The game has little room for
skill: played exactly, Fort wins about 52.7 % of duels against Moyen (seats alternated) and
no policy can win more against it; Moyen wins about 54 % against Débutant. All levels throw
on in the last round of "Tours égaux" once someone has reached 50: a turn banked short of 50
then loses for sure.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import product
from math import prod
from typing import NamedTuple

from jeux.engine.bots import Robot
from jeux.engine.core import Action

from .rules import _ROLLS, _STOP, ANY_TIME, DICE, TARGET, LuckyOddsState, rethrow_odds, throw_value


def _rethrow(state: LuckyOddsState) -> Action:
    return _ROLLS[state.offered]


class BeginnerBot(Robot):
    """Pushes its luck: throws again while the turn is worth less than a whim between 10
    and 20 points, whatever the distance to 50."""

    def choose(self, state: LuckyOddsState) -> Action:
        if state.phase == "start" or state.race.final_round:
            return _rethrow(state)
        return _rethrow(state) if state.turn_total < self.rng.randint(10, 20) else _STOP


class MediumBot(Robot):
    """Throws again when the expected turn afterwards beats banking now: the odds of the
    throw already count the distance to 50 (a throw that would pass it loses the turn)."""

    def choose(self, state: LuckyOddsState) -> Action:
        if state.phase == "start" or state.race.final_round:
            return _rethrow(state)
        return _rethrow(state) if pays(state.turn_total, len(state.offered), state.room) else _STOP


class StrongBot(Robot):
    """Chooses the move with the higher chance to win: against one opponent, from the exact
    duel table (`win_table`); against several, from the race against steady players
    (`race_turn`); alone, in a duel against a shadow of itself."""

    def choose(self, state: LuckyOddsState) -> Action:
        if state.phase == "start" or state.race.final_round:
            return _rethrow(state)
        me = state.current
        mine = state.scores[me]
        rivals = tuple(
            sorted((score, seat > me) for seat, score in enumerate(state.scores) if seat != me)
        )
        any_time = state.all_odd_rethrow == ANY_TIME
        if len(rivals) <= 1:  # alone, against a shadow of itself
            rival = rivals[0][0] if rivals else mine
            turn = Turn.duel(win_table(any_time), mine, rival, any_time)
        else:
            turn = race_turn(mine, rivals, any_time, state.race.equal_turns)
        kept = 0 if state.may_rethrow_all else len(state.kept_dice)
        go = turn.throw(state.turn_total, len(state.offered), kept)
        return _rethrow(state) if turn.worth(go) > turn.banks[state.turn_total] else _STOP


# --- the exact duel -----------------------------------------------------------------------


@cache
def kinds(count: int) -> tuple[tuple[float, int, int, int], ...]:
    """The throws of `count` dice grouped by what they do, with their chance: (chance, points,
    odd dice kept, even dice left)."""
    tally: dict[tuple[int, int, int], int] = {}
    for faces in product(range(1, 7), repeat=count):
        value = throw_value(faces)
        key = (value.points, len(value.scoring), len(value.even))
        tally[key] = tally.get(key, 0) + 1
    return tuple((n / 6**count, *key) for key, n in sorted(tally.items()))


Linear = tuple[float, float]
"""A chance to win as `c + p * bust`: `p` is the chance to lose the turn, `bust` what
losing it is worth (known only once the pair of scores is solved)."""


class Turn:
    """One turn, from the value of each way it may end (my chances to win): banking each
    total, losing the turn (`bust`), landing on 50 (`win`); and whether three kept dice may
    always be thrown again (LO-3 option). Values are linear in `bust`, which the duel table
    knows only once a pair of scores is solved; the best move is chosen for `bust`."""

    def __init__(
        self, banks: Sequence[float], bust: float, any_time: bool, win: float = 1.0
    ) -> None:
        self.banks = banks
        """`banks[t]`: the value of banking a turn of t points (t < room)."""
        self.bust = bust
        self.win = win
        """The value of landing on 50."""
        self.room = len(banks)
        self.any_time = any_time
        self.memo: dict[tuple[int, int, int, bool], Linear] = {}

    @classmethod
    def duel(cls, table: list[list[float]], mine: int, rival: int, any_time: bool) -> Turn:
        """A turn of the duel at `mine` against `rival`, valued by the duel table."""
        banks = [1.0 - table[rival][mine + t] for t in range(TARGET - mine)]
        return cls(banks, 1.0 - table[rival][mine], any_time)

    def throw(self, turn_total: int, count: int, kept: int, first: bool = False) -> Linear:
        """Throwing `count` dice now, `kept` dice staying kept, then playing on as well as
        possible; `first` says the throw opens the turn (three odd dice may then go again)."""
        again = first or self.any_time
        if not again:
            kept = 0  # three kept dice no longer matter
        key = (turn_total, count, kept, first)
        known = self.memo.get(key)
        if known is not None:
            return known
        c = p = 0.0
        room, bust, banks = self.room, self.bust, self.banks
        for chance, points, scoring, even in kinds(count):
            total = turn_total + points
            if not points or total > room:
                p += chance
                continue
            if total == room:
                c += chance * self.win
                continue
            # After a throw that scored: the better of banking and throwing on.
            bank = banks[total]
            if again and kept + scoring == DICE:
                gc, gp = self.throw(total, DICE, 0)
            elif even:
                gc, gp = self.throw(total, even, kept + scoring)
            else:
                c += chance * bank
                continue
            if gc + gp * bust > bank:
                c += chance * gc
                p += chance * gp
            else:
                c += chance * bank
        self.memo[key] = c, p
        return c, p

    def worth(self, value: Linear) -> float:
        return value[0] + value[1] * self.bust


@cache
def win_table(any_time: bool) -> list[list[float]]:
    """`table[a][b]`: the chance that a player at `a` about to start a turn wins against a
    rival at `b` who plays next, both playing this same policy (50 wins at once).

    Scores only grow, except that a lost turn hands the move over unchanged: each pair of
    scores {a, b} depends on pairs of higher sums, and on itself through that swap. Pairs are
    solved by decreasing sum, each by policy iteration: with the moves fixed, the two values
    are linear in each other and solved exactly; then the moves are chosen again."""
    table = [[0.0] * (TARGET + 1) for _ in range(TARGET + 1)]
    for a in range(TARGET):
        table[TARGET][a] = 1.0  # a player at 50 has won; the rival's turn never comes
    for total in range(2 * (TARGET - 1), -1, -1):
        for a in range(max(0, total - TARGET + 1), total // 2 + 1):
            b = total - a
            # A first guess from the pair with one point more, most often already right.
            x, y = (table[a][b + 1], table[b + 1][a]) if b + 1 < TARGET else (0.5, 0.5)
            for _ in range(20):
                mine, theirs = Turn.duel(table, a, b, any_time), Turn.duel(table, b, a, any_time)
                mine.bust, theirs.bust = 1.0 - y, 1.0 - x
                c1, p1 = mine.throw(0, DICE, 0, first=True)
                c2, p2 = theirs.throw(0, DICE, 0, first=True)
                # x = c1 + p1 (1 - y) and y = c2 + p2 (1 - x)
                new_x = (c1 + p1 - p1 * (c2 + p2)) / (1.0 - p1 * p2)
                new_y = c2 + p2 * (1.0 - new_x)
                done = abs(new_x - x) + abs(new_y - y) < 1e-9
                x, y = new_x, new_y
                if done:
                    break
            table[a][b], table[b][a] = x, y
    return table


# --- the race against steady players -------------------------------------------------------


def pays(turn_total: int, count: int, room: int) -> bool:
    """Moyen's rule: throwing `count` dice again raises the expected turn, when the turn
    may still grow by `room` points (a throw passing 50 loses it)."""
    odds = rethrow_odds(count, room)
    return odds.chance * (turn_total + odds.mean) > turn_total


@cache
def steady_turn(score: int, any_time: bool) -> tuple[tuple[int, float], ...]:
    """What a turn played by Moyen's rule from `score` adds, with its chance (0: lost)."""
    ends: dict[int, float] = {}

    def throw(turn_total: int, count: int, kept: int, first: bool, weight: float) -> None:
        again = first or any_time
        for chance, points, scoring, even in kinds(count):
            total = turn_total + points
            end = total if 0 < points and score + total <= TARGET else 0
            if end and score + total < TARGET:
                count_next = DICE if again and kept + scoring == DICE else even
                kept_next = 0 if count_next == DICE else kept + scoring
                if count_next and pays(total, count_next, TARGET - score - total):
                    throw(total, count_next, kept_next, False, weight * chance)
                    continue
            ends[end] = ends.get(end, 0.0) + weight * chance

    throw(0, DICE, 0, True, 1.0)
    return tuple(sorted(ends.items()))


HORIZON = 60
"""Turns looked ahead in a race: a player seldom needs more than 40 to reach 50."""


@cache
def steady_unfinished(any_time: bool) -> tuple[tuple[float, ...], ...]:
    """`unfinished[k][b]`: the chance that a player at `b` following Moyen's rule has not
    reached 50 after k more turns."""
    rows = [(1.0,) * TARGET + (0.0,)]
    for _ in range(HORIZON):
        last = rows[-1]
        rows.append(
            tuple(
                sum(chance * last[b + points] for points, chance in steady_turn(b, any_time))
                for b in range(TARGET)
            )
            + (0.0,)
        )
    return tuple(rows)


class Node(NamedTuple):
    """One throw of a turn, for `turn_value`: its chances to lose the turn and to land on
    50, and the turn totals it may reach: banked for sure, or with the choice to go on."""

    bust: float
    win: float
    banked: tuple[tuple[float, int], ...]
    choices: tuple[tuple[float, int, int], ...]
    """(chance, turn total, index of the throw that going on makes)."""


@cache
def turn_plan(room: int, any_time: bool) -> tuple[Node, ...]:
    """Every throw a turn that may grow by `room` points can come to, each listed after the
    throws it leads to; the last one opens the turn."""
    plan: list[Node] = []
    index: dict[tuple[int, int, int, bool], int] = {}

    def node(turn_total: int, count: int, kept: int, first: bool) -> int:
        again = first or any_time
        key = turn_total, count, kept if again else 0, first
        if key in index:
            return index[key]
        bust = win = 0.0
        banked: dict[int, float] = {}
        choices = []
        for chance, points, scoring, even in kinds(count):
            total = turn_total + points
            if not points or total > room:
                bust += chance
            elif total == room:
                win += chance
            elif again and kept + scoring == DICE:
                choices.append((chance, total, node(total, DICE, 0, False)))
            elif even:
                choices.append((chance, total, node(total, even, kept + scoring, False)))
            else:
                banked[total] = banked.get(total, 0.0) + chance
        index[key] = len(plan)
        plan.append(Node(bust, win, tuple((c, t) for t, c in banked.items()), tuple(choices)))
        return index[key]

    node(0, DICE, 0, True)
    return tuple(plan)


def turn_value(plan: tuple[Node, ...], banks: Sequence[float], bust: float, win: float) -> float:
    """The value of a turn played as well as possible (`Turn`, with every value known)."""
    values: list[float] = []
    for throw in plan:
        value = throw.bust * bust + throw.win * win
        for chance, total in throw.banked:
            value += chance * banks[total]
        for chance, total, child in throw.choices:
            bank, go = banks[total], values[child]
            value += chance * (bank if bank > go else go)  # max() costs twice as much here
        values.append(value)
    return values[-1]


@lru_cache(maxsize=256)
def race_turn(
    mine: int, rivals: tuple[tuple[int, bool], ...], any_time: bool, equal_turns: bool
) -> Turn:
    """This turn of a race at `mine` against rivals at (score, plays after me in this
    round), each modelled as a steady player (Moyen's rule), chances independent from player
    to player: every rival plays one turn between two of mine, and I win by landing on 50
    at my k-th turn from now if none of them has reached it in k turns; with equal turns a
    rival after me then throws on for a tie (`land`, from its score now), which halves the
    win. Looking back from the horizon, each later turn is played as well as possible."""
    tie = prod(1.0 - 0.5 * land(b, any_time) for b, after in rivals if after and equal_turns)
    alive = [tie * prod(row[b] for b, _ in rivals) for row in steady_unfinished(any_time)]
    plans = [turn_plan(TARGET - score, any_time) for score in range(mine, TARGET)]
    later = [0.0] * (TARGET - mine)  # my chance to win starting my next turn at mine + i
    for k in range(len(alive) - 1, 0, -1):
        if alive[k] < 1e-4:  # at this depth nothing is left to win
            continue
        later = [turn_value(plan, later[i:], later[i], alive[k]) for i, plan in enumerate(plans)]
    return Turn(later, later[0], any_time, win=alive[0])


@cache
def land(score: int, any_time: bool) -> float:
    """The chance that a player at `score` throwing on lands on 50 in one turn (the last
    round, where a bank short of 50 loses)."""
    turn = Turn([0.0] * (TARGET - score), 0.0, any_time)
    return turn.worth(turn.throw(0, DICE, 0, first=True))


def solution() -> str:
    """What Fort plays, for the lab."""
    return (
        "À deux, l'équilibre : le duel résolu exactement, les deux joueurs au mieux "
        "(`win_table`), qui est aussi la meilleure réponse à Moyen. À plusieurs, la meilleure "
        "réponse à des joueurs réguliers : chaque adversaire suit la "
        "règle de Moyen, sa chance d'avoir atteint 50 au fil des tours est connue."
    )


LEVEL_BOTS = {"debutant": BeginnerBot, "moyen": MediumBot, "fort": StrongBot}
