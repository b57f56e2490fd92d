"""The robots of La Cité des Voleurs at each level.

Débutant mostly applies what it sees at once. Moyen and Fort search the turn: an expectimax
over the throws (four dice, at most 126 distinct throws) whose leaves are the token tables
every combination, announcement or penalty would leave. Moyen looks one throw ahead and
counts its tokens against the richest rival's; Fort looks to the last throw and weighs each
leaf by its chance of winning:
- at two, the game solved: both thieves playing their best from there (`duel_values`, value
  iteration over the 70 tables a turn can start from, computed once per set of options in
  well under a second), the game's equilibrium;
- at three or four, its best reply to Moyen rivals (`solver.FieldCity`: every rival's turn
  played out as Moyen plays it, Fort's solved by value iteration over the 395 or 3,736
  tables, camouflage aside, once per set of options in about two seconds at four);
- at five or six, the pot, the camouflage and the nearness of the goal (`table_value`).
Everything in this game is public, so the view is the whole state.

The game leaves almost nothing to skill at two: the best possible reply to Moyen's play
(solved the same way, Moyen's turns walked exactly) wins 50.8 % of games, seats alternated,
and the solved Fort, the equilibrium, wins 50.78 % against Moyen (both exact, the first
thief winning 62 %): no measure of a few thousand games can tell them from 50 %. At four,
the best reply to three Moyen wins 27.6 % of the camouflage-free game, and Fort, its search
seeing the camouflage, 30 % (28 % to 32 % over 1,500 games) against a share of 25 %.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from random import Random

import numpy as np

from jeux.engine.bots import KeepSearch, Robot
from jeux.engine.core import LEVELS, Action
from jeux.engine.text import fine_percent

from .rules import (
    AIMING,
    ALL,
    ANNOUNCED,
    ANNOUNCING,
    BOLD_THEFT,
    CAMOUFLAGE,
    DICE,
    EVERY_THROW,
    FORCED_CONTRACT,
    NO_TARGET,
    QUAD,
    START,
    START_TOKENS,
    STRAIGHT,
    SWAP,
    THROWS,
    TRIPLE,
    Announce,
    Apply,
    CiteState,
    Roll,
    Shown,
    shown,
)
from .solver import (
    SHOWING,
    SHOWN,
    SHOWN_BY,
    after_keeps,
    best_keep_values,
    field_values,
    keeps_of,
)

Table = tuple[tuple[int, ...], int, bool]
"""The tokens per seat, the pot, and whether the player to move is now camouflaged."""


# --- chance ---------------------------------------------------------------------------


def positions(faces: tuple[int, ...], keep: tuple[int, ...]) -> tuple[int, ...]:
    """The positions to throw so that the dice showing `keep` stay."""
    left = list(keep)
    thrown = []
    for i in ALL:
        if faces[i] in left:
            left.remove(faces[i])
        else:
            thrown.append(i)
    return tuple(thrown)


# --- what a combination leaves ----------------------------------------------------------


def outcomes(
    state: CiteState, faces: tuple[int, ...], action: Apply
) -> Iterator[tuple[float, Table]]:
    """The tables `action` may leave with `faces` showing, with their chances (the rules of
    `CiteState._combination`, replayed on copies)."""
    me, target = state.current, action.target
    tokens, pot = list(state.tokens), state.pot
    if target != NO_TARGET and state.camouflaged[target]:  # the option's failed theft
        yield 1.0, (tuple(tokens), pot, False)
        return

    def steal(victim: int, most: int) -> None:
        taken = min(most, tokens[victim])
        tokens[victim] -= taken
        tokens[me] += taken

    face = shown(faces).triple
    if action.combo == ANNOUNCED:
        steal(target, tokens[target])
        tokens[me] += pot
        pot = 0
    elif action.combo == QUAD:
        for s in range(state.seats):
            if s != me and not state.camouflaged[s]:
                steal(s, 2)
    elif action.combo == STRAIGHT:
        if pot:
            pot -= 1
            tokens[me] += 1
        else:
            steal(target, 1)
    elif face == BOLD_THEFT:
        steal(target, 3)
        yield 2 / 3, (tuple(tokens), pot, False)
        for receiver in (target, None):
            if tokens[me]:
                tokens[me] -= 1
                if receiver is None:
                    pot += 1
                else:
                    tokens[receiver] += 1
        yield 1 / 3, (tuple(tokens), pot, False)
        return
    elif face == SWAP:
        tokens[me], tokens[target] = tokens[target], tokens[me]
    elif face == FORCED_CONTRACT:
        steal(target, 2)
        if pot:
            pot -= 1
            tokens[target] += 1
    elif face == CAMOUFLAGE:
        yield 1.0, (tuple(tokens), pot, True)
        return
    else:
        tokens[me] += pot
        pot = 0
    yield 1.0, (tuple(tokens), pot, False)


# --- the value of a table --------------------------------------------------------------

WIN = 30.0
"""A won game, in tokens: more than any table short of it."""


def plain_value(state: CiteState, table: Table) -> float:
    """Moyen's measure: a won or lost game, else its tokens against the richest rival's."""
    tokens, pot, hidden = table
    me = state.current
    if any(t >= state.target for t in tokens):
        return WIN if tokens[me] >= state.target else -WIN
    return tokens[me] - max(tokens[s] for s in range(state.seats) if s != me)


def table_value(state: CiteState, table: Table) -> float:
    """How good a table left at the end of this turn is for the player to move: a won or
    lost game, else the tokens against the richest rival's (who may win or rob next) and
    the pot (the next thieves' to take)."""
    tokens, pot, hidden = table
    me = state.current
    reached = [s for s in range(state.seats) if tokens[s] >= state.target]
    if reached:
        return WIN if me in reached else -WIN  # the thief wins among those reaching (CV-5)
    others = [tokens[s] for s in range(state.seats) if s != me]
    lead = max(others)
    mine = tokens[me]
    value = mine - 0.7 * lead - 0.3 * sum(others) / len(others)
    value += (mine * mine - lead * lead) / (2 * state.target)  # near the goal counts more
    value -= 0.25 * pot
    if hidden:  # safe from the next thieves' swaps and thefts
        value += 0.5 + 0.15 * mine
    return value


# --- the duel, solved ------------------------------------------------------------------


class DuelCity:
    """The two-player city as arrays, one row per state at the start of a turn (the thief's
    tokens, its rival's, whether the rival is camouflaged; the pot holds the rest), one
    column per thing a throw may show. Each ending of a turn is a leaf: another state, seen
    from the rival about to throw, or a won or lost game (the last two leaves)."""

    def __init__(self, tries: str, rob_camouflaged: bool) -> None:
        options = {"announce_tries": tries, "rob_camouflaged": rob_camouflaged}
        self.tries = tries
        self.target, self.total = 2 * START_TOKENS, 3 * START_TOKENS
        self.states = [
            (mine, theirs, hidden)
            for mine in range(self.target)
            for theirs in range(self.target)
            if mine + theirs <= self.total
            for hidden in (False, True)
        ]
        self.index = {s: i for i, s in enumerate(self.states)}
        self.won, self.lost = len(self.states), len(self.states) + 1
        found: list[list[tuple]] = []
        ends, announces = [], []
        for mine, theirs, hidden in self.states:
            state = CiteState(("", ""), options)
            state.tokens, state.pot = [mine, theirs], self.total - mine - theirs
            state.camouflaged = [False, hidden]
            state._start_turn()  # the targets, with the rival's camouflage
            for showing, faces in zip(SHOWN, SHOWING, strict=True):
                found.append(self.combinations(state, faces))
                ends.append(self.leaf(self.turn_end(state, showing)))
                announces.append(self.announce(state, faces) or (self.lost, self.lost))
        self.ends = np.array(ends).reshape(len(self.states), -1)
        self.announces = np.array(announces).reshape(len(self.states), -1, 2)
        self.combine(found)

    def leaf(self, table: Table) -> int:
        tokens, pot, hidden = table
        if tokens[0] >= self.target:
            return self.won
        if tokens[1] >= self.target:
            return self.lost
        return self.index[(tokens[1], tokens[0], hidden)]

    def combinations(self, state: CiteState, faces: tuple[int, ...]) -> list[tuple]:
        """Each combination these faces allow, as two leaves and their chances."""
        search = Search.__new__(Search)  # only its list of combinations
        search.state, search.targets = state, state.targets()
        combos = []
        for action in search.applies(faces):
            ends = [(self.leaf(t), p) for p, t in outcomes(state, faces, action)]
            combos.append(tuple(ends + [(self.won, 0.0)])[:2])
        return combos

    @staticmethod
    def turn_end(state: CiteState, showing: Shown) -> Table:
        """The table after a third throw showing no combination to apply (CV-6, CV-8)."""
        tokens = list(state.tokens)
        if showing.any:
            return tuple(tokens), state.pot, False
        paid = min(1, tokens[0])
        tokens[0] -= paid
        return tuple(tokens), state.pot + paid, False

    def announce(self, state: CiteState, faces: tuple[int, ...]) -> tuple[int, int] | None:
        """The leaves of a four of a kind announced on these faces, won then missed; none
        where it may not be announced."""
        found, mine = shown(faces), state.tokens[0]
        if found.triple is None or found.quad or not mine or not state.targets():
            return None
        quad = (found.triple,) * DICE
        (_, success), *_ = outcomes(state, quad, Apply(ANNOUNCED, state.targets()[0]))
        paid = min(2, mine)
        missed = (mine - paid, state.tokens[1]), state.pot + paid, False
        return self.leaf(success), self.leaf(missed)

    def combine(self, found: list[list[tuple]]) -> None:
        """The combinations as arrays (states × showings × combinations), padded with none."""
        width = max(len(combos) for combos in found)
        shape = (len(found), width)
        self.first, self.second = np.full(shape, self.won), np.full(shape, self.won)
        self.p_first, self.p_second = np.zeros(shape), np.zeros(shape)
        self.none = np.full(shape, -np.inf)
        for at, combos in enumerate(found):
            for k, ((a, p), (b, q)) in enumerate(combos):
                self.first[at, k], self.p_first[at, k] = a, p
                self.second[at, k], self.p_second[at, k] = b, q
                self.none[at, k] = 0.0
        self.announceable = self.announces[:, :, 0] != self.lost

    def turn(self, leaves: np.ndarray) -> np.ndarray:
        """Each state's value when its turn's leaves are worth `leaves`, played best."""
        stop = (
            self.p_first * leaves[self.first] + self.p_second * leaves[self.second] + self.none
        ).max(axis=1)
        stop = stop.reshape(len(self.states), -1)
        last = np.where(stop == -np.inf, leaves[self.ends], stop)
        values = last[:, SHOWN_BY]
        success, missed = leaves[self.announces[:, :, 0]], leaves[self.announces[:, :, 1]]
        for throw in range(THROWS - 1, 0, -1):
            tries = THROWS - throw if self.tries == EVERY_THROW else 1
            chance = 1 - (5 / 6) ** tries
            announced = np.where(
                self.announceable, chance * success + (1 - chance) * missed, -np.inf
            )
            best = np.maximum(stop, announced)[:, SHOWN_BY]
            values = np.maximum(best, best_keep_values(after_keeps(values)))
        return after_keeps(values, 1)[:, 0]

    def solve(self, tolerance: float = 1e-8) -> dict[tuple[int, int, bool], float]:
        """Value iteration from even chances: each turn's leaves are worth what the rival
        does not win from them."""
        values = np.full(len(self.states), 0.5)
        leaves = np.zeros(len(self.states) + 2)
        leaves[self.won] = 1.0
        while True:
            leaves[: len(self.states)] = 1 - values
            new = self.turn(leaves)
            if np.abs(new - values).max() < tolerance:
                return dict(zip(self.states, new.tolist(), strict=True))
            values = new


@cache
def duel_values(tries: str, rob_camouflaged: bool) -> dict[tuple[int, int, bool], float]:
    """The chance that the thief about to throw wins a two-player city, by its tokens, its
    rival's and whether the rival is camouflaged, both playing their best: the game is
    zero-sum and open, so these values are its equilibrium, solved once per set of options."""
    return DuelCity(tries, rob_camouflaged).solve()


def duel_value(state: CiteState, table: Table) -> float:
    """Fort's measure at two: the chance of winning from this table, the rival to throw."""
    tokens, pot, hidden = table
    me, rival = state.current, 1 - state.current
    if tokens[me] >= state.target:
        return 1.0
    if tokens[rival] >= state.target:
        return 0.0
    return 1 - duel_values(state.tries, state.rob_camouflaged)[(tokens[rival], tokens[me], hidden)]


# --- the robots -------------------------------------------------------------------------


class BeginnerBot(Robot):
    """Throws the odd dice again toward a group, applies the first combination it likes
    (never a swap that loses tokens), on a rival drawn at random; never announces."""

    def choose(self, state: CiteState) -> Action:
        legal = state.legal_actions()
        if state.phase in (START, ANNOUNCING):
            return legal[0]
        if state.phase == AIMING:
            return self.rng.choice(legal)
        applies = [a for a in legal if isinstance(a, Apply) and self.likes(state, a)]
        if applies and (not state.throws_left or self.rng.random() < 0.8):
            return self.rng.choice(applies)
        if state.throws_left:
            return Roll(self.rethrow(state))
        return self.rng.choice([a for a in legal if isinstance(a, Apply)])

    @staticmethod
    def rethrow(state: CiteState) -> tuple[int, ...]:
        """Keep the largest group of equal dice (the better face on a tie), or three dice
        in a row toward a straight; throw the rest."""
        faces = state.faces
        counts = Counter(faces)
        face, count = max(counts.items(), key=lambda fc: (fc[1], fc[0]))
        if count >= 2:
            keep = [i for i in ALL if faces[i] == face][:3]
        else:
            ordered = sorted(faces)
            runs = [ordered[i : i + 3] for i in range(2) if ordered[i + 2] - ordered[i] == 2]
            keep = [faces.index(f) for f in runs[0]] if runs else []
        return tuple(i for i in ALL if i not in keep)

    @staticmethod
    def likes(state: CiteState, action: Apply) -> bool:
        if action.combo == TRIPLE and state.shown.triple == SWAP:
            return state.tokens[action.target] > state.tokens[state.current]
        return True


Measure = Callable[[CiteState, Table], float]


class SearchBot:
    """Plays the turn by expectimax over the next `depth` throws (all of them for Fort),
    every leaf valued by `measure`; the announced four of a kind is weighed with its exact
    chance. Past the horizon a table with no combination counts as the penalty."""

    def __init__(self, seed: int | str | None, depth: int, measure: Measure) -> None:
        self.rng = Random(seed)  # kept for the contract: the search needs no chance
        self.depth, self.measure = depth, measure

    def choose(self, state: CiteState) -> Action:
        legal = state.legal_actions()
        if state.phase in (START, ANNOUNCING):
            return legal[0]
        search = search_for(state, state.throw + self.depth, self.measure)
        if state.phase == AIMING:
            return max(legal, key=lambda a: search.apply_value(state.faces, a))
        faces = tuple(sorted(state.faces))
        best: Action = legal[0]
        best_value = float("-inf")
        for action in legal:
            if isinstance(action, Apply):
                value = search.apply_value(state.faces, action)
            elif isinstance(action, Announce):
                value = search.announce_value(faces, state.throws_left)
            else:
                continue
            if value > best_value:
                best, best_value = action, value
        if state.throws_left:
            keep, value = search.best_keep(faces, state.throw)
            if value > best_value:
                best = Roll(positions(state.faces, keep))
        return best


def search_for(state: CiteState, horizon: int, measure: Measure) -> Search:
    """The search of this table, shared by every decision taken on the same table (the
    opening one recurs at every game's start)."""
    key = (
        tuple(state.tokens),
        state.pot,
        tuple(state.camouflaged),
        state.current,
        state.tries,
        state.rob_camouflaged,
        min(THROWS, horizon),
        measure,
    )
    if key not in SEARCHES:
        if len(SEARCHES) >= 512:
            SEARCHES.clear()
        SEARCHES[key] = Search(state, horizon, measure)
    return SEARCHES[key]


class Search(KeepSearch):
    """The expectimax of one table: the values of throws and keeps, memoised."""

    dice = DICE

    def __init__(self, state: CiteState, horizon: int, measure: Measure) -> None:
        state = copy.copy(state)  # the view is the live state: keep this table's numbers
        state.tokens, state.camouflaged = list(state.tokens), list(state.camouflaged)
        self.state, self.horizon, self.measure = state, min(THROWS, horizon), measure
        self.targets = state.targets()
        self.seen: dict[tuple[tuple[int, ...], int], float] = {}
        self.kept: dict[tuple[tuple[int, ...], int], float] = {}
        self.stops: dict[Shown, float] = {}
        self.success: float | None = None
        self.penalty = self.paying(1)
        self.nothing = measure(state, (state.tokens, state.pot, False))

    def paying(self, most: int) -> float:
        """The value of paying up to `most` tokens to the pot."""
        state = self.state
        tokens = list(state.tokens)
        paid = min(most, tokens[state.current])
        tokens[state.current] -= paid
        return self.measure(state, (tuple(tokens), state.pot + paid, False))

    def apply_value(self, faces: tuple[int, ...], action: Apply) -> float:
        return sum(p * self.measure(self.state, t) for p, t in outcomes(self.state, faces, action))

    def applies(self, faces: tuple[int, ...]) -> list[Apply]:
        found = shown(faces)
        actions: list[Apply] = []
        if found.triple in (BOLD_THEFT, SWAP, FORCED_CONTRACT):
            actions += [Apply(TRIPLE, t) for t in self.targets]
        elif found.triple is not None:
            actions.append(Apply(TRIPLE))
        if found.quad:
            actions.append(Apply(QUAD))
        if found.straight:
            pot = self.state.pot
            actions += [Apply(STRAIGHT)] if pot else [Apply(STRAIGHT, t) for t in self.targets]
        return actions

    def value(self, faces: tuple[int, ...], throw: int) -> float:
        """The value of `faces` (sorted) showing after throw number `throw`."""
        key = (faces, throw)
        if key in self.seen:
            return self.seen[key]
        best = self.stop_value(faces)
        if throw < self.horizon:
            best = max(best, self.best_keep(faces, throw)[1])
            if self.may_announce(faces):
                best = max(best, self.announce_value(faces, THROWS - throw))
        elif best == -WIN:
            best = self.nothing if shown(faces).any and throw == THROWS else self.penalty
        self.seen[key] = best
        return best

    def stop_value(self, faces: tuple[int, ...]) -> float:
        """The best combination these faces allow (-WIN for none): the same for every throw
        showing the same combinations."""
        showing = shown(faces)
        if showing not in self.stops:
            values = (self.apply_value(faces, a) for a in self.applies(faces))
            self.stops[showing] = max(values, default=-WIN)
        return self.stops[showing]

    def may_announce(self, faces: tuple[int, ...]) -> bool:
        found = shown(faces)
        return (
            found.triple is not None
            and not found.quad
            and self.state.tokens[self.state.current] > 0
            and bool(self.targets)
        )

    def best_keep(self, faces: tuple[int, ...], throw: int) -> tuple[tuple[int, ...], float]:
        return max(
            ((keep, self.keep_value(keep, throw)) for keep in keeps_of(faces)),
            key=lambda kv: kv[1],
        )

    def announce_value(self, faces: tuple[int, ...], left: int) -> float:
        """Success takes the best victim's tokens and the pot; failure pays up to two."""
        tries = left if self.state.tries == EVERY_THROW else 1
        chance = 1 - (5 / 6) ** tries
        if self.success is None:  # whatever the face, the victim's tokens and the pot
            quad = (faces[1],) * DICE  # the triple's face: the middle die of sorted faces
            self.success = max(self.apply_value(quad, Apply(ANNOUNCED, t)) for t in self.targets)
        return chance * self.success + (1 - chance) * self.paying(2)


SEARCHES: dict[tuple, Search] = {}


def field_value(state: CiteState, table: Table) -> float:
    """Fort's measure at three or four: the chance of winning from this table against Moyen
    rivals, as `FieldCity` solves it (camouflage aside)."""
    tokens, pot, hidden = table
    me, seats = state.current, state.seats
    if tokens[me] >= state.target:
        return 1.0
    if max(tokens) >= state.target:
        return 0.0
    city, ahead = field_values(seats, state.tries)
    turned = tuple(tokens[(me + 1 + k) % seats] for k in range(seats))
    return float(ahead[-1][city.row(turned)])


def fort_value(state: CiteState, table: Table) -> float:
    if state.seats == 2:
        return duel_value(state, table)
    return field_value(state, table) if state.seats <= 4 else table_value(state, table)


def fort(seed: int | str | None) -> SearchBot:
    return SearchBot(seed, THROWS, fort_value)


def moyen(seed: int | str | None) -> SearchBot:
    return SearchBot(seed, 1, plain_value)


def best_reply_share(seats: int) -> float:
    """What the best reply to Moyen rivals wins from the start, seats alternated (camouflage
    aside), at the default options: the bound of any player against Moyen."""
    city, ahead = field_values(seats, EVERY_THROW)
    start = city.row((3,) * seats)
    return float(np.mean([chances[start] for chances in ahead]))


def solution() -> str:
    """What Fort plays, for the lab, with the bounds worked out at two and four seats."""
    first = duel_values(EVERY_THROW, False)[(3, 3, False)]
    duel, four = best_reply_share(2), best_reply_share(4)
    return (
        "À deux, l'équilibre : le duel résolu, les deux voleurs au mieux (le premier gagne "
        f"{fine_percent(first)}). La meilleure réponse possible à Moyen gagne "
        f"{fine_percent(duel)} des duels, places alternées : le jeu ne laisse presque rien à "
        "l'adresse. À trois et quatre, la meilleure réponse à des rivaux Moyens, camouflage mis "
        f"à part ; à quatre elle gagne {fine_percent(four)} sur 25 % attendus."
    )


ROBOTS = {"debutant": BeginnerBot, "moyen": moyen, "fort": fort}
assert set(ROBOTS) == set(LEVELS)


def robot(seed: int | str | None, level: str) -> BeginnerBot | SearchBot:
    return ROBOTS.get(level, moyen)(seed)
