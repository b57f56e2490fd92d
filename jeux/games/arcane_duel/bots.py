"""Arcane Duel's weakest and strongest robots; Moyen is `rules.ArcaneBot`. Each is handed
its seat's view: other hands and the deck are only counts there.

Débutant plays any sensible card at random; Fort weighs Moyen's choice against its next best
moves in a few imagined deals of the cards it cannot see, played on by Moyen's judgement."""

from __future__ import annotations

from collections import Counter
from random import Random

from jeux.engine.bots import RoundLookahead
from jeux.engine.cards import deal_hidden
from jeux.engine.core import Action

from .rules import (
    ACT,
    DEFEND,
    DISCARD,
    MAX_HP,
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


def imagine(view: ArcaneState, seat: int, rng: Random) -> ArcaneState:
    """A whole state the seat's view may stand for: the cards it cannot see (the sixteen
    less its hand and the discard pile) dealt at random into the other hands and the deck
    as their counts say."""
    world = view.clone()
    unseen = Counter(SPELLS.keys())
    unseen.subtract(card.card for card in (*view.hands[seat], *view.discard))
    pool = list(unseen.elements())
    rng.shuffle(pool)
    zones, world.next_uid = deal_hidden([*view.hands, view.deck], pool, view.next_uid)
    *world.hands, world.deck = zones
    return world


class StrongBot(RoundLookahead):
    """Fort: `RoundLookahead` over Moyen, imagining the other hands and the deck."""

    moyen = ArcaneBot
    max_hp = MAX_HP
    imagine = staticmethod(imagine)

    def weighs(self, view: ArcaneState) -> bool:
        return not view.owed and view.phase in (ACT, DEFEND)  # Moyen's rule is enough

    def rivals(self, view: ArcaneState, others: list[Action]) -> list[Action]:
        """Moyen's next best casts, or other answers."""
        if view.phase == ACT:
            ranked = sorted(others, key=lambda a: -self.policy.value(view, a))
            return ranked[: self.CANDIDATES - 1]
        self.rng.shuffle(others)
        return others[: self.CANDIDATES - 1]

    @staticmethod
    def standing(world: ArcaneState, seat: int) -> list[int]:
        return world.others(seat)


LEVEL_BOTS = {"debutant": BeginnerBot, "moyen": ArcaneBot, "fort": StrongBot}
