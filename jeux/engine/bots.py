"""Computer players. A bot only reads the state its seat may see and picks a legal action."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from random import Random
from typing import Any, ClassVar, TypeVar

from .core import Action, Bot, State
from .dice import after_keeping

World = TypeVar("World", bound=State)
Move = TypeVar("Move", bound=Action)


class Robot:
    """A computer player's own chance, never the match's: one seed, the same choices (a
    replay's robots, a test's). A robot that needs no chance keeps it for the contract."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)


class RandomBot(Robot):
    """Picks uniformly among the legal actions."""

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())


def best_in_imagined_worlds(
    moves: Sequence[Move],
    imagine: Callable[[], World],
    play_out: Callable[[World, Move, Random], float],
    worlds: int,
    rng: Random,
    margin: float = 0.0,
) -> Move:
    """The move that fares best in `worlds` imagined deals of the cards a seat cannot see.

    Every move is tried in the same worlds (`imagine` deals one from what the seat has
    seen), each time on a fresh `clone()` of it, played on by `play_out` with the same seed per
    world, so moves differ only by themselves. `moves[0]` is kept unless another's mean
    result beats it by more than `margin` (ties go to the earlier move)."""
    default, *others = moves
    if not others:
        return default
    imagined = [imagine() for _ in range(worlds)]
    seeds = [rng.random() for _ in imagined]

    def worth(move: Move) -> float:
        return sum(
            play_out(world.clone(), move, Random(seed))
            for world, seed in zip(imagined, seeds, strict=True)
        ) / len(imagined)

    base = worth(default)
    best, odds = max(((move, worth(move)) for move in others), key=lambda pair: pair[1])
    return best if odds > base + margin else default


class RoundLookahead(ABC):
    """Fort of the spell duels won round by round by the last seat standing (Arcane Arena
    and Aria, Arcane Duel): Moyen's choice and its next best moves, each tried in the same
    imagined deals of the unseen cards, played on by Moyen for every seat to the end of the
    round or `HORIZON` moves (then judged by `judge`); another move replaces Moyen's when it
    wins the round clearly more often, or sooner.

    Its states keep `round`, `wins` and `hp` per seat, say whether a seat is `alive` and
    `clone()` themselves to be played on."""

    CANDIDATES = 3
    """Moves weighed: Moyen's choice and its next best ones."""
    WORLDS = 6
    """Imagined deals of the unseen cards each move is tried in."""
    MARGIN = 0.1
    """How much surer of the round a move must look to overrule Moyen: a few imagined
    futures are noisy, and Moyen's judgement is sound."""
    HORIZON = 30
    """Moves an imagined future runs before the position is judged (`judge`)."""
    moyen: ClassVar[Callable[[float], Bot]]
    """The Moyen robot whose choice is weighed and who plays the imagined futures on."""
    max_hp: ClassVar[int]

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)
        self.policy = self.moyen(self.rng.random())

    @abstractmethod
    def weighs(self, view: Any) -> bool:
        """Whether this decision is worth looking ahead (not a bonus nor a discard)."""

    @abstractmethod
    def rivals(self, view: Any, others: list[Action]) -> list[Action]:
        """The moves, besides Moyen's, worth trying (`CANDIDATES - 1` at most)."""

    @staticmethod
    @abstractmethod
    def imagine(view: Any, seat: int, rng: Random) -> Any:
        """A whole state the seat's view may stand for, the unseen cards dealt at random."""

    @staticmethod
    @abstractmethod
    def standing(world: Any, seat: int) -> list[int]:
        """The seat's rivals still alive."""

    def choose(self, view: Any) -> Action:
        preferred = self.policy.choose(view)
        legal = view.legal_actions()
        if len(legal) == 1 or not self.weighs(view):
            return preferred
        rivals = self.rivals(view, [a for a in legal if a != preferred])
        seat = view.to_move()
        return best_in_imagined_worlds(
            [preferred, *rivals],
            lambda: self.imagine(view, seat, self.rng),
            lambda world, action, rng: self.play_out(world, action, seat, rng),
            self.WORLDS,
            self.rng,
            self.MARGIN,
        )

    def play_out(self, world: Any, action: Action, seat: int, rng: Random) -> float:
        start, wins = world.round, list(world.wins)
        world._apply(action, rng)
        moves = 0
        while moves < self.HORIZON:
            if world.round != start or world.to_move() is None or not world.alive(seat):
                break
            world._apply(self.policy.choose(world), rng)
            moves += 1
        soon = moves / (10 * self.HORIZON)  # a round won sooner is surer, one lost later too
        if world.wins[seat] > wins[seat]:
            return 1.0 - soon
        if world.wins != wins or not world.alive(seat):
            return soon
        if world.round != start:
            return 0.5  # a round without a winner is replayed
        return self.judge(world, seat)

    def judge(self, world: Any, seat: int) -> float:
        """How likely the seat is to win a round still under way after `HORIZON` moves:
        by default its health against the healthiest rival's, each rival one more to beat."""
        rivals = [world.hp[s] for s in self.standing(world, seat)] or [0]
        lead = (world.hp[seat] - max(rivals)) / (4 * self.max_hp)
        return 0.5 + lead - 0.1 * (len(rivals) - 1)  # each rival standing is one more to beat


class KeepSearch(ABC):
    """An expectimax over the dice kept between throws (Cité des voleurs, Pilleurs de
    tombe): a keep is worth the mean value of the throws it may lead to, reckoned once."""

    dice: ClassVar[int]
    kept: dict[tuple[tuple[int, ...], int], float]
    """Keeps already valued, by (sorted kept faces, throw)."""

    @abstractmethod
    def value(self, faces: tuple[int, ...], throw: int) -> float:
        """What the sorted `faces` showing at throw number `throw` are worth."""

    def keep_value(self, keep: tuple[int, ...], throw: int) -> float:
        key = (keep, throw)
        if key not in self.kept:
            self.kept[key] = sum(
                p * self.value(faces, throw + 1) for faces, p in after_keeping(keep, self.dice)
            )
        return self.kept[key]
