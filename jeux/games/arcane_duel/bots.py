"""Arcane Duel's weakest and strongest robots; Moyen is `rules.ArcaneBot`. Each is handed
its seat's view: other hands and the deck are only counts there.

Débutant plays any sensible card at random; Fort weighs Moyen's choice against its next best
moves in a few imagined deals of the cards it cannot see, played on by Moyen's judgement."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from random import Random

from jeux.engine.cards import Zone, deal_ids
from jeux.engine.core import Action

from .rules import (
    ACT,
    DEFEND,
    DISCARD,
    MAX_HP,
    OVER,
    SPELLS,
    ArcaneBot,
    ArcaneState,
    Cast,
    EndTurn,
    Endure,
    Pass,
)


class BeginnerBot:
    """Débutant: a sensible card or a draw at random (it passes only when nothing else is
    left), defends half the time it can, and keeps its hand under the limit."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, view: ArcaneState) -> Action:
        legal = view.legal_actions()
        if view.owed:
            return self.rng.choice(legal)
        if view.phase == ACT:
            moves = [a for a in legal if not isinstance(a, Pass) and self.sensible(view, a)]
            return self.rng.choice(moves or legal)
        if view.phase == DEFEND:
            answers = [a for a in legal if a != Endure()]
            return self.rng.choice(answers) if answers and self.rng.random() < 0.5 else Endure()
        if view.phase == DISCARD and EndTurn() in legal and self.rng.random() < 0.7:
            return EndTurn()
        return self.rng.choice(legal)

    @staticmethod
    def sensible(view: ArcaneState, action: Action) -> bool:
        """Not a spell that costs its caster's last point, nor a heal at full health."""
        if not isinstance(action, Cast):
            return True
        keys = [view.hands[view.turn].by_uid(uid).card for uid in action.cards]
        if keys in (["explosion"], ["main"]) and view.hp[view.turn] <= 1:
            return False
        return not (keys == ["lumiere"] and view.hp[view.turn] >= MAX_HP)


CANDIDATES = 3
"""Moves weighed: Moyen's choice and its next best ones."""
WORLDS = 6
"""Imagined deals of the unseen cards each move is tried in."""
MARGIN = 0.1
"""How much surer of the round a move must look to overrule Moyen: a few imagined futures
are noisy, and Moyen's judgement is sound."""
HORIZON = 30
"""Moves an imagined future runs before the position is judged by health."""


class StrongBot:
    """Fort: Moyen's choice and its next best moves, each tried in the same imagined deals
    of the unseen cards (the other hands, the deck), played on by Moyen for every seat to
    the end of the round or `HORIZON` moves; another move replaces Moyen's when it wins the
    round clearly more often, or sooner."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)
        self.policy = ArcaneBot(self.rng.random())

    def choose(self, view: ArcaneState) -> Action:
        preferred = self.policy.choose(view)
        legal = view.legal_actions()
        if len(legal) == 1 or view.owed or view.phase not in (ACT, DEFEND):
            return preferred  # a bonus or a discard: Moyen's rule is enough
        rivals = self.rivals(view, [a for a in legal if a != preferred])
        seat = view.to_move()
        worlds = [imagine(view, seat, self.rng) for _ in range(WORLDS)]
        seeds = [self.rng.random() for _ in worlds]

        def chance(action: Action) -> float:
            return sum(
                self.play_out(clone(world), action, seat, Random(seed))
                for world, seed in zip(worlds, seeds, strict=True)
            ) / len(worlds)

        base = chance(preferred)
        best, odds = max(((a, chance(a)) for a in rivals), key=lambda pair: pair[1])
        return best if odds > base + MARGIN else preferred

    def rivals(self, view: ArcaneState, others: list[Action]) -> list[Action]:
        """The moves worth trying against Moyen's: its next best casts, or other answers."""
        if view.phase == ACT:
            return sorted(others, key=lambda a: -self.policy.value(view, a))[: CANDIDATES - 1]
        self.rng.shuffle(others)
        return others[: CANDIDATES - 1]

    def play_out(self, world: ArcaneState, action: Action, seat: int, rng: Random) -> float:
        start, wins = world.round, list(world.wins)
        world._apply(action, rng)
        moves = 0
        while moves < HORIZON:
            if world.round != start or world.phase == OVER or not world.alive(seat):
                break
            world._apply(self.policy.choose(world), rng)
            moves += 1
        soon = moves / (10 * HORIZON)  # a round won sooner is surer, one lost later too
        if world.wins[seat] > wins[seat]:
            return 1.0 - soon
        if world.wins != wins or not world.alive(seat):
            return soon
        if world.round != start:
            return 0.5  # a round without a winner is replayed
        rivals = [world.hp[s] for s in world.others(seat)] or [0]
        lead = (world.hp[seat] - max(rivals)) / (4 * MAX_HP)
        return 0.5 + lead - 0.1 * (len(rivals) - 1)  # each rival standing is one more to beat


def clone(state: ArcaneState) -> ArcaneState:
    """A copy to play on: zones and hits are immutable, the lists and statuses are not."""
    return replace(
        state,
        hands=list(state.hands),
        hp=list(state.hp),
        wins=list(state.wins),
        status=[replace(s) for s in state.status],
        poison_pending=list(state.poison_pending),
        poison_armed=list(state.poison_armed),
        later_draws=list(state.later_draws),
        out=list(state.out),
        hits=list(state.hits),
        owed=list(state.owed),
    )


def imagine(view: ArcaneState, seat: int, rng: Random) -> ArcaneState:
    """A whole state the seat's view may stand for: the cards it cannot see (the sixteen
    less its hand and the discard pile) dealt at random into the other hands and the deck
    as their counts say."""
    world = clone(view)
    unseen = Counter(SPELLS.keys())
    unseen.subtract(card.card for card in (*view.hands[seat], *view.discard))
    pool = list(unseen.elements())
    rng.shuffle(pool)

    def fill(zone: Zone) -> Zone:
        if not zone.hidden:
            return zone
        cards = deal_ids(pool[: zone.hidden], world.next_uid)
        del pool[: zone.hidden]
        world.next_uid += len(cards)
        return Zone(cards, zone.seen_by)

    world.hands = [fill(hand) for hand in view.hands]
    world.deck = fill(view.deck)
    return world


LEVEL_BOTS = {"debutant": BeginnerBot, "moyen": ArcaneBot, "fort": StrongBot}
