"""Lucky Odds robots at three levels (RULINGS.md §7: distance to 50, even dice left).

- Débutant pushes its luck, whatever the distance to 50.
- Moyen weighs the expected turn after one more throw against banking now.
- Fort plays the policy that maximises its chance to win a duel against the opponent
  closest to 50, solved exactly once per option set (`win_table`).

All levels throw on in the last round of "Tours égaux" once someone has reached 50: a turn
banked short of 50 then loses for sure.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from random import Random

from jeux.engine.core import Action

from .rules import _ROLLS, _STOP, ANY_TIME, DICE, TARGET, LuckyOddsState, throw_value


def _rethrow(state: LuckyOddsState) -> Action:
    return _ROLLS[state.offered]


class BeginnerBot:
    """Pushes its luck: throws again while the turn is worth less than a whim between 10
    and 20 points, whatever the distance to 50."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, state: LuckyOddsState) -> Action:
        if state.phase == "start" or state.race.final_round:
            return _rethrow(state)
        return _rethrow(state) if state.turn_total < self.rng.randint(10, 20) else _STOP


class MediumBot:
    """Throws again when the expected turn afterwards beats banking now: the odds of the
    throw already count the distance to 50 (a throw that would pass it loses the turn)."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)  # kept for the contract: this bot needs no chance

    def choose(self, state: LuckyOddsState) -> Action:
        if state.phase == "start" or state.race.final_round:
            return _rethrow(state)
        odds = state.odds()
        if odds.chance * (state.turn_total + odds.mean) > state.turn_total:
            return _rethrow(state)
        return _STOP


class StrongBot:
    """Chooses the move with the higher chance to win the duel against the opponent nearest
    to 50 (alone, against a shadow of itself), from the exact table of `win_table`."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)  # kept for the contract: this bot needs no chance

    def choose(self, state: LuckyOddsState) -> Action:
        if state.phase == "start" or state.race.final_round:
            return _rethrow(state)
        me = state.current
        others = [s for i, s in enumerate(state.scores) if i != me]
        rival = max(others) if others else state.scores[me]
        any_time = state.all_odd_rethrow == ANY_TIME
        turn = Turn(win_table(any_time), state.scores[me], rival, any_time)
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
    """One turn of a duel: my score, the rival's, whether three kept dice may always be
    thrown again (LO-3 option), and the value of each way the turn may end. Values are my
    chances to win, the rival moving next; the best move is chosen for `bust`."""

    def __init__(self, table: list[list[float]], mine: int, rival: int, any_time: bool) -> None:
        self.banks = [1.0 - table[rival][mine + t] for t in range(TARGET - mine)]
        self.any_time = any_time
        self.room = TARGET - mine
        self.bust = 1.0 - table[rival][mine]
        self.memo: dict[tuple[int, int, int, bool], Linear] = {}

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
                c += chance
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
                mine, theirs = Turn(table, a, b, any_time), Turn(table, b, a, any_time)
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


LEVELS = {"debutant": BeginnerBot, "moyen": MediumBot, "fort": StrongBot}
