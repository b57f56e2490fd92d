"""Arcane Duel's robots at three levels. Each is handed its seat's view: other hands and the
deck are only counts there.

Débutant plays any sensible card at random; Fort weighs Moyen's choice against its next best
moves in a few imagined deals of the cards it cannot see, played on by Moyen's judgement."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from random import Random

from jeux.engine.bots import Robot, RoundLookahead
from jeux.engine.cards import deal_hidden
from jeux.engine.core import Action

from .rules import (
    ACT,
    COMBO_OF_PAIR,
    DEFEND,
    DISCARD,
    END_TURN,
    ENDURE,
    HAND_LIMIT,
    MAX_HP,
    SPELLS,
    ArcaneState,
    Cast,
    Draw,
    EndTurn,
    Endure,
    Pass,
    discard,
)

# --- Moyen ---------------------------------------------------------------------------


KEEP = {
    "explosion": 9, "malediction": 8, "boule": 8, "eclair": 8, "deviation": 7, "poison": 6,
    "barriere": 6, "bouclier": 6, "main": 5, "miroir": 5, "lumiere": 4, "voile": 4,
    "epines": 4, "concentration": 3, "controle": 3, "absorption": 2,
}  # fmt: skip
"""How much the robot likes to keep a card."""


DAMAGE = {"boule": 1, "explosion": 2, "malediction": 2, "poison": 1}
"""What a card cast alone takes off its target (the robot's judgement)."""
COMBO_DAMAGE = {1: 3, 8: 2, 9: 1}
COMBO_HEAL = {6: 3, 9: 2}
SAVED = {"bouclier": 1, "barriere": 2, "epines": 0}
"""What a Defence card saves of a hit (Miroir: half of it, Déviation: all)."""
DRAW_VALUE = 3.0
"""A draw, below every spell that hurts: one card a turn is all a hand gets."""


class ArcaneBot(Robot):
    """Greedy: the cast that hurts opponents most (a kill first), healing when hurt (but a
    draw before a single point, unless near death), a draw rather than a card that only
    trades cards; answers every hit a Defence card lessens (a Defence card held waits for an
    attack while the hand lacks room for spells). Sees only its seat's view."""

    def choose(self, view: ArcaneState) -> Action:
        zone = view.hands[view.to_move()]
        hand = zone.cards  # its own hand: every card shown, none only counted
        if view.owed or (view.phase == DISCARD and len(hand) > HAND_LIMIT):
            return min(view.legal_actions(), key=lambda a: KEEP[zone.by_uid(a.card).card])
        if view.phase == DISCARD:  # a full hand turns its weakest card over, never stalls
            if len(hand) < HAND_LIMIT or not view.cards_left():
                return END_TURN
            return discard(min(hand, key=lambda c: KEEP[c.card]).uid, True)
        legal = view.legal_actions()
        if view.phase == DEFEND:
            return self.defend(view, legal)
        rng = self.rng.random
        return max(legal, key=lambda a: (self.value(view, a), rng()))

    def defend(self, view: ArcaneState, legal: list[Action]) -> Action:
        hit, me = view.hits[0], view.to_move()
        amount = 1 if hit.poison else hit.damage
        if view.status[me].armour and amount <= 3 and not hit.steal:
            return ENDURE
        if len(legal) == 1:
            return ENDURE
        hand = view.hands[me]

        def worth(action: Action) -> tuple[int, int]:
            if isinstance(action, Endure):
                return (0, 0)
            key = hand.by_uid(action.card).card
            if key == "deviation":
                return (10, -view.hp[action.redirect])
            saved = min(amount // 2 if key == "miroir" else SAVED[key], amount)
            return (saved * 3 + (key == "epines"), -KEEP[key])

        return max(legal, key=worth)

    def value(self, view: ArcaneState, action: Action) -> float:
        kind = type(action)
        if kind is Draw:
            return DRAW_VALUE
        if kind is Pass:
            return 0.0
        me, hp = view.turn, view.hp
        hand = view.hands[me].cards
        uids = action.cards  # type: ignore[attr-defined]
        keys = [c.card for u in uids for c in hand if c.uid == u]
        worth = WORTH[keys[0]] if len(keys) == 1 else PAIR_WORTH[keys[0], keys[1]]
        score = worth.own[hp[me]]
        damage = worth.damage
        if damage:
            for target in action.targets:  # type: ignore[attr-defined]
                left = hp[target]
                score += 10 * damage + (40 if left <= damage else 0) + (MAX_HP - left) * 0.5
        if worth.area:
            foes = view.others(me)
            score += 10 * len(foes) + 40 * sum(hp[t] <= 1 for t in foes)
        if worth.cost:
            cost = action.cost  # type: ignore[attr-defined]
            score -= KEEP[next(c.card for c in hand if c.uid == cost)] * 0.8
        return score


@dataclass(frozen=True)
class Worth:
    """A cast as Moyen judges it, reckoned once: the damage it deals each target, and what
    the rest is worth at each HP of its caster. The sums are of halves, exact in any order,
    before a card given up (Malédiction's cost) takes its fraction off."""

    damage: int
    own: tuple[float, ...]
    """By the caster's HP (0 to MAX_HP): healing, protection, the side costs of a card."""
    area: bool = False
    """Éclair: one point on every foe, a kill worth more."""
    cost: bool = False
    """Malédiction: the card it discards is lost."""


def own_worth(key: str, number: int, hp: int) -> float:
    """What a single card (`key`) or a combination (`number`) is worth to its caster at `hp`,
    apart from the damage it deals: heals when hurt (a single point only near death, as a
    card is worth more than one HP in hands that run dry: measured, Moyen won 54% of 2,000
    games against the one that healed first, in rounds 3 turns shorter), protections when
    low, a card that only trades a card for a card below a draw."""
    heal = COMBO_HEAL.get(number, 0) if number else int(key == "lumiere")
    score = min(heal, MAX_HP - hp) * (8 if hp <= 4 else 3)
    if key == "lumiere" and hp > 2:
        score = min(score, DRAW_VALUE - 0.5)
    if key in ("explosion", "main"):
        score -= 25 if hp <= 1 else 6
    if key == "main" or number == 7:
        score += 6
    if number in (2, 3, 4):
        score += 14 if hp <= 5 else 5
    if key == "voile":
        score += 8 if hp <= 4 else 2
    if key in ("controle", "concentration"):
        score += 2  # below a draw: they trade a card for a card
    if number in (5, 10):
        score += 2
    return float(score - (4 if number else 0))


WORTH = {
    key: Worth(
        DAMAGE.get(key, 0),
        tuple(own_worth(key, 0, hp) for hp in range(MAX_HP + 1)),
        area=key == "eclair",
        cost=key == "malediction",
    )
    for key in SPELLS
}
PAIR_WORTH = {
    pair: Worth(
        COMBO_DAMAGE.get(combo.number, 0),
        tuple(own_worth("", combo.number, hp) for hp in range(MAX_HP + 1)),
    )
    for pair, combo in COMBO_OF_PAIR.items()
}
"""By the keys of the two cards in either order (`COMBO_OF_PAIR`)."""


class BeginnerBot(Robot):
    """Débutant: a sensible card or a draw at random (it passes only when nothing else is
    left), defends half the time it can, and keeps its hand under the limit."""

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
