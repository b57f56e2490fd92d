"""Sortie 20's robots, one per level (RULINGS.md §15, interaction profile: nothing hidden; the
bot keeps 1s, eliminates 5s and spends the special on a 5 or a 6).

A turn is small enough to search whole: Fort plays each turn for the best average of what it
is worth, a number of points, the total floored at 0, or on its last turn the chance to end
ahead, by expectimax over every throw, keep, elimination and special (memoised). Moyen
follows the ruling's rules of thumb; Débutant stops at once unless a 5 shows.

Fort is neither an equilibrium nor a reply fitted to Moyen: it looks at nobody's play but
its own, and at the others' scores only on its last turn.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from jeux.engine.bots import Robot
from jeux.engine.core import Action
from jeux.engine.dice import throw_chances

from .rules import (
    DICE,
    FIVE_PENALTY,
    FREE,
    KEPT,
    ROLL,
    Activate,
    Flip,
    Reroll,
    Roll,
    SortieState,
    Stop,
    flipped,
    score_dice,
)

Dice = tuple[int, ...]
"""Faces, sorted: a multiset of dice."""

OPEN, USED, ACTIVATED = 0, 1, 2
"""The special of the turn: still to use, used on a flip, used on an activated six."""

LOWEST, HIGHEST = -FIVE_PENALTY * DICE, 8
"""The worst a turn can score (five 5s) and the best (four 1s and an activated six);
`Utility` tables start at the worst."""
Utility = tuple[float, ...]
"""What each turn score is worth, from LOWEST up to the best a turn can score."""


def without(dice: Dice, face: int) -> Dice:
    rest = list(dice)
    rest.remove(face)
    return tuple(rest)


def sub_multisets(dice: Dice, most: int) -> set[Dice]:
    """The distinct ways to pick up to `most` of these dice."""
    return {pick for size in range(min(most, len(dice)) + 1) for pick in combinations(dice, size)}


class Turn:
    """A turn searched whole for one utility of its score and one reroll rule (`min_free`
    free dice needed to reroll). Positions are (kept, free, special): the kept dice but the
    activated six, the free dice, and the special's state."""

    def __init__(self, utility: Utility, min_free: int) -> None:
        self.utility, self.min_free = utility, min_free
        self.memo: dict[tuple[Dice, Dice, int], float] = {}
        self.throws_memo: dict[tuple[Dice, int, int], float] = {}

    def stopped(self, kept: Dice, free: Dice, special: int) -> float:
        return self.utility[score_dice(kept + free, special == ACTIVATED).points - LOWEST]

    def settled(self, kept: Dice, free: Dice, special: int) -> float:
        """After a move: the turn ends by itself once the special is spent and too few dice
        are left to reroll."""
        if special != OPEN and len(free) < self.min_free:
            return self.stopped(kept, free, special)
        return self.best(kept, free, special)

    def best(self, kept: Dice, free: Dice, special: int) -> float:
        key = (kept, free, special)
        if key not in self.memo:
            options = [self.stopped(kept, free, special)]
            options += [self.settled(*after) for after in specials(kept, free, special)]
            if len(free) >= self.min_free:
                options += [
                    self.rerolled(*after, special) for after in rerolls(free, kept, self.min_free)
                ]
            self.memo[key] = max(options)
        return self.memo[key]

    def rerolled(self, kept: Dice, thrown: int, special: int) -> float:
        """A reroll's worth: the kept dice afterwards, and how many dice are thrown."""
        key = (kept, thrown, special)
        if key not in self.throws_memo:
            self.throws_memo[key] = sum(
                [q * self.settled(kept, faces, special) for faces, q in throw_chances(thrown)]
            )
        return self.throws_memo[key]


def specials(kept: Dice, free: Dice, special: int) -> list[tuple[Dice, Dice, int]]:
    """Where the special may lead: a die flipped or a six activated; either becomes kept."""
    if special != OPEN:
        return []
    found = []
    for face in set(kept):
        rest = without(kept, face)
        found.append((tuple(sorted(rest + (flipped(face),))), free, USED))
        if face == 6:
            found.append((rest, free, ACTIVATED))
    for face in set(free):
        rest = without(free, face)
        found.append((tuple(sorted(kept + (flipped(face),))), rest, USED))
        if face == 6:
            found.append((kept, rest, ACTIVATED))
    return found


def rerolls(free: Dice, kept: Dice, min_free: int) -> list[tuple[Dice, int]]:
    """The distinct rerolls: the kept dice afterwards and how many dice are thrown."""
    found = set()
    for face in set(free):
        rest = without(free, face)
        for keep in sub_multisets(rest, len(free) - min_free):
            found.add((tuple(sorted(kept + keep)), len(rest) - len(keep)))
    return sorted(found)


@lru_cache(maxsize=64)
def turn(utility: Utility, min_free: int) -> Turn:
    return Turn(utility, min_free)


def last_turn_best(state: SortieState) -> int | None:
    """The best score of the others when this turn is the seat's last (the round finished
    after someone reached 20, or a turn limit's last round); None when the game goes on
    after it, or alone."""
    race = state.race
    if race.solo:
        return None
    if not (race.equal_turns and race.final_round or 0 < race.turn_limit <= race.round):
        return None
    return max(score for seat, score in enumerate(race.scores) if seat != race.current)


def utility(state: SortieState) -> Utility:
    """What each turn score is worth to the seat: the points it adds to the total (floored
    at 0, S20-5), or on its last turn whether the total ends ahead of the others (a tie
    shares the win: half)."""
    total = state.totals[state.current]
    best = last_turn_best(state)

    def after(points: int) -> int:
        return max(0, total + points) if state.floor else total + points

    if best is None:
        total = min(total, -LOWEST)  # past this the floor never matters: the same table
        return tuple(float(after(p) - total) for p in range(LOWEST, HIGHEST + 1))
    return tuple(
        1.0 if after(p) > best else 0.5 if after(p) == best else 0.0
        for p in range(LOWEST, HIGHEST + 1)
    )


def position(state: SortieState) -> tuple[Dice, Dice, int]:
    """The state as the search sees it: kept dice (but an activated six), free dice, special."""
    kept = tuple(
        sorted(
            f
            for i, (f, s) in enumerate(zip(state.dice, state.status, strict=True))
            if s == KEPT and i != state.activated
        )
    )
    free = tuple(sorted(state.dice[i] for i in state.free()))
    special = ACTIVATED if state.activated is not None else USED if state.special_used else OPEN
    return kept, free, special


class SortieBot(Robot):
    """What every level shares: its own rng, and the first throw of each turn."""

    def choose(self, state: SortieState) -> Action:
        return Roll() if state.phase == ROLL else self.decide(state)

    def decide(self, state: SortieState) -> Action:
        raise NotImplementedError


class Debutant(SortieBot):
    """Pays a reroll with a 5 when it can, keeping its 1s, and otherwise stops: it never
    thinks of the special."""

    def decide(self, state: SortieState) -> Action:
        free = state.free()
        fives = [i for i in free if state.dice[i] == 5]
        if state.can_reroll and fives:
            ones = [i for i in free if state.dice[i] == 1]
            return Reroll(fives[0], tuple(ones[: state.max_keep]))
        return Stop()


class Moyen(SortieBot):
    """RULINGS §15's robot: keep the 1s, pay rerolls with the 5s, and spend the special
    where it gains most (a 5 turned into a 2, a six activated). A rerolled die loses a third
    of a point on average, so it rerolls only to get rid of a 5, as few dice as it may."""

    def decide(self, state: SortieState) -> Action:
        free = state.free()
        fives = [i for i in free if state.dice[i] == 5]
        specials = [Flip(i) for i in state.flippable()] + [Activate(i) for i in state.activatable()]
        best = max(specials, key=lambda a: state.special_preview(a).gain, default=None)
        gain = state.special_preview(best).gain if best else 0
        # One 5 the special can mend; a second one is worth a reroll.
        if state.can_reroll and len(fives) > (1 if gain >= FIVE_PENALTY else 0):
            # Keep the 1s, then the dice worth nothing (rerolled, they lose on average).
            others = sorted(
                (i for i in free if i != fives[0]), key=lambda i: (state.dice[i] != 1, i in fives)
            )
            return Reroll(fives[0], tuple(others[: state.max_keep]))
        if best is not None and gain > 0:
            return best
        return Stop()


class Fort(SortieBot):
    """Searches the turn whole and takes the move worth most on average over the dice."""

    def decide(self, state: SortieState) -> Action:
        search = turn(utility(state), state.min_free)
        kept, free, special = position(state)
        best: Action = Stop()
        best_value = search.stopped(kept, free, special)
        for action in state.legal_actions():
            value = self.worth(action, state, search, kept, free, special)
            if value is not None and value > best_value + 1e-9:
                best, best_value = action, value
        return best

    @staticmethod
    def worth(
        action: Action, state: SortieState, search: Turn, kept: Dice, free: Dice, special: int
    ) -> float | None:
        if isinstance(action, Reroll):
            keep = tuple(state.dice[i] for i in action.keep)
            thrown = len(free) - 1 - len(keep)
            return search.rerolled(tuple(sorted(kept + keep)), thrown, special)
        if not isinstance(action, Flip | Activate):
            return None
        face, is_free = state.dice[action.die], state.status[action.die] == FREE
        rest_kept = kept if is_free else without(kept, face)
        rest_free = without(free, face) if is_free else free
        if isinstance(action, Activate):
            return search.settled(rest_kept, rest_free, ACTIVATED)
        return search.settled(tuple(sorted(rest_kept + (flipped(face),))), rest_free, USED)


def solution() -> str:
    """What Fort plays, for the lab."""
    return (
        "Ni l'équilibre ni la meilleure réponse à Moyen : chaque tour résolu exactement pour "
        "le plus de points en moyenne (lancers, gardes, éliminations, face spéciale), et au "
        "dernier tour pour la meilleure chance de finir devant."
    )


LEVEL_BOTS = {"debutant": Debutant, "moyen": Moyen, "fort": Fort}
