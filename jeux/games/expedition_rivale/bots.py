"""L'Expédition Rivale's robots at three levels (RULINGS.md §24). Each is handed its
seat's view: the other hand and the deck are only counts there, but for the cards it saw.

Débutant plays the quick greedy policy itself; Moyen and Fort look ahead from imagined deals
of the cards they cannot see (`ExplorerBot`), Fort imagining many more."""

from __future__ import annotations

from random import Random

from jeux.engine.bots import Robot, best_in_imagined_worlds
from jeux.engine.core import Action

from .rules import (
    ARTIFACTS,
    BY_KEY,
    DISCARD,
    DRAFT,
    DRAW_ACTION,
    OVER,
    PASS,
    PICKS,
    PLAYS,
    TURN,
    Artifact,
    ExpeditionState,
    Pick,
)

WORLDS = {"moyen": 6, "fort": 80}
"""Deals of the unseen cards each level imagines for each decision. Fort's use some of the
thinking time it may take: over the same 400 games against Moyen, seats rotated, 40 deals won
54.1 % (49.2–58.9), 80 deals 58.3 % (53.4–63.0) at 42 ms a decision (median, the busy
machine) and 160 deals 56.5 % (51.6–61.3) at 96 ms."""


def unseen(view: ExpeditionState) -> list[Artifact]:
    """The cards whose place this view does not show, in catalogue order."""
    shown = {
        *view.hands[0],
        *view.hands[1],
        *view.played[0],
        *view.played[1],
        *view.discard,
        *view.deck,
        *view.looked,
        *view.packs[0],
        *view.packs[1],
    }
    return [a for a in ARTIFACTS if a not in shown]


def imagine(view: ExpeditionState, rng: Random) -> ExpeditionState:
    """One whole state consistent with the view: the unseen cards dealt at random to the
    opponent's unknown hand cards and under the known top of the deck."""
    world = view.clone()
    pool = unseen(view)
    rng.shuffle(pool)
    for seat in (0, 1):
        world.hands[seat] += pool[: view.hidden[seat]]
        pool = pool[view.hidden[seat] :]
    world.deck += pool[: view.hidden[2]]
    world.hidden = [0, 0, 0]
    return world


def greedy(state: ExpeditionState, rng: Random) -> Action:
    """The quick policy of imagined futures: lay the best card allowed, now and then draw."""
    if state.phase == TURN:
        cards = state.playable(state.turn)
        if cards and (not state.deck_size() or rng.random() < 0.8):
            return PLAYS[max(cards, key=lambda c: c.value + rng.random()).key]
        return DRAW_ACTION if state.deck_size() else PASS
    choices = [BY_KEY[a.card] for a in state.legal_actions()]
    if state.phase == DISCARD and state.to_move() != state.turn:
        return PICKS[min(choices, key=lambda c: c.value).key]
    return PICKS[max(choices, key=lambda c: c.value + rng.random()).key]


def result_for(state: ExpeditionState, seat: int) -> float:
    """A win counts most; the margin separates wins and losses of the same kind."""
    standings = state.standings()
    ours, others = standings[seat], standings[1 - seat]
    return (ours > others) - (ours < others) + (ours[0] - others[0]) / 20


class BeginnerBot(Robot):
    """Débutant: the quick greedy policy itself, from its view (it lays its best card
    allowed, and now and then draws instead)."""

    def choose(self, view: ExpeditionState) -> Action:
        if view.phase == DRAFT:
            return Pick(max(view.packs[view.to_move()], key=lambda c: c.value).key)
        return greedy(view, self.rng)


class ExplorerBot:
    """Looks ahead from its seat's view: for each move, the same imagined deals of the cards
    it has not seen, each played to the end by a quick greedy policy. Moyen imagines a few
    deals, Fort many more, so its estimates are less at the mercy of chance."""

    def __init__(self, seed: int | str | None = None, worlds: int = WORLDS["moyen"]) -> None:
        self.rng = Random(seed)
        self.worlds = worlds

    def choose(self, view: ExpeditionState) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = view.to_move()
        if view.phase == DRAFT:
            return Pick(max(view.packs[seat], key=lambda c: c.value + self.rng.random()).key)
        return best_in_imagined_worlds(
            legal,
            lambda: imagine(view, self.rng),
            lambda world, action, rng: self.play_out(world, action, seat, rng),
            self.worlds,
            self.rng,
        )

    @staticmethod
    def play_out(world: ExpeditionState, action: Action, seat: int, rng: Random) -> float:
        world._apply(action, rng)
        while world.phase != OVER:
            world._apply(greedy(world, rng), rng)
        return result_for(world, seat)
