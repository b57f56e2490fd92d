"""The Arena robots (Arcane Arena and Cartes Divinités Aria share them). Each is handed its
seat's view: other hands, the deck and the cards removed face down are only counts there.

Débutant plays any sensible card at random; Moyen (`ArenaBot`) attacks greedily, heals when
low, draws rather than cast a card that only replaces itself, and spends a Defence card
whenever it saves more than the card is worth; Fort weighs Moyen's choice against its next best
moves in imagined deals of the cards it cannot see, played on by Moyen's judgement for three
turns or so, then judged by the odds Moyen's own rounds showed: most end on an empty deck, to
the healthiest seat, so a lead counts the more as the deck runs out."""

from __future__ import annotations

import math
from collections import Counter
from functools import partial
from random import Random

from jeux.engine.bots import Robot, RoundLookahead
from jeux.engine.cards import Dealt, deal_hidden
from jeux.engine.core import Action

from .cards import Combo, Spell
from .rules import (
    ACTION,
    DISCARD,
    DRAW_ACTION,
    DRAW_REWARD,
    END_TURN,
    HAND_LIMIT,
    HEAL_REWARD,
    MAX_HP,
    NO_TARGET,
    PASS,
    REACT,
    REWARD,
    ArenaState,
    Cast,
    Draw,
    EndTurn,
    Pass,
    React,
    discard,
    swap,
)

LOW_HP = 4


class ArenaBot(Robot):
    def choose(self, view: ArenaState) -> Action:
        seat, phase = view.to_move(), view.phase
        if phase == DISCARD:  # the commonest decision, read from the hand without listing
            return self.tidy(view, seat)
        if phase == REWARD:
            low = view.hp[seat] <= MAX_HP - 3 or not view.can_draw()
            return HEAL_REWARD if low else DRAW_REWARD
        if phase == ACTION:
            return self.best_action(view, seat)
        legal = view.legal_actions()
        if phase == REACT:
            if len(legal) == 1:
                return legal[0]
            return max(legal, key=partial(self.defence_value, view, seat))
        return self.rng.choice(legal)

    def tidy(self, view: ArenaState, seat: int) -> Action:
        """The discard phase: down to three cards by the least worth keeping, then a full
        hand swaps its worst once while the deck lasts."""
        hand = view.hands[seat].cards
        if len(hand) > HAND_LIMIT:
            return discard(self.worst(view, seat, hand))
        if len(hand) == HAND_LIMIT and not view.swapped and view.can_draw():
            return swap(self.worst(view, seat, hand))
        return END_TURN

    def worst(self, view: ArenaState, seat: int, hand: tuple[Dealt, ...]) -> int:
        """The uid of the card least worth keeping (the first of equals)."""
        hurt = view.hp[seat] < MAX_HP
        return min(hand, key=lambda card: self.card_value(card.card, hurt)).uid

    # --- judging ----------------------------------------------------------------------

    def defence_value(self, view: ArenaState, seat: int, react: React) -> float:
        """Damage saved and sent back, worth more when health is short; cards cost."""
        if not react.cards:
            return 0.0
        attack = view.attack
        effect = view.spells_of(seat, react.cards)
        incoming = attack.damage
        if effect.mirror:
            saved = incoming + effect.bonus + incoming
        else:
            saved = min(incoming, effect.block)
        if attack.steal:
            saved = 2 if effect.mirror else 0
        cost = 0.6 * len(react.cards)  # a Defence card held waits while spells lack room
        return saved + effect.heal + (1 if len(react.cards) == 2 else 0) - cost

    def best_action(self, view: ArenaState, seat: int) -> Action:
        """The turn's action of most worth, judged in the order `legal_actions` lists them
        (the first of equals, as `max` keeps), each cast by the effect `casts` found with it."""
        best, top = (
            (DRAW_ACTION, self.draw_value(view, seat)) if view.may_draw() else (PASS, -math.inf)
        )
        for action, effect in view.casts():
            value = self.cast_value(view, seat, action, effect)
            if value > top:
                best, top = action, value
        return PASS if self.pass_value(view) > top else best

    def action_value(self, view: ArenaState, seat: int, action: Action) -> float:
        kind = type(action)
        if kind is Draw:
            return self.draw_value(view, seat)
        if kind is not Cast:
            return self.pass_value(view)
        effect = view.spells_of(seat, action.cards)  # type: ignore[attr-defined]
        return self.cast_value(view, seat, action, effect)  # type: ignore[arg-type]

    @staticmethod
    def draw_value(view: ArenaState, seat: int) -> float:
        return 1.0 + 0.3 * (2 - len(view.hands[seat]))

    @staticmethod
    def pass_value(view: ArenaState) -> float:
        return 0.5 if view.can_draw() else -20.0  # passing forever would stall the round

    def cast_value(self, view: ArenaState, seat: int, action: Cast, effect: Spell | Combo) -> float:
        hp, veiled, target = view.hp, view.veiled, action.target
        mine = hp[seat]
        value = 1.0 if len(action.cards) == 2 else 0.0
        if damage := effect.damage:
            for foe in view.opponents(seat) if effect.area else (target,):
                if veiled[foe]:
                    continue
                value += 2.0 * damage + (3.0 if hp[foe] <= damage else 0)
                value += 0.2 * (MAX_HP - hp[foe])
            if (recoil := effect.recoil) and mine <= recoil:
                value -= 10
            value -= 1.5 * recoil
        if effect.steal and target != NO_TARGET:
            hidden = len(view.hands[target])
            value += 0 if veiled[target] or not hidden else 1.5
        if heal := effect.heal:
            value += min(heal, MAX_HP - mine) * (2.5 if mine <= LOW_HP else 0.8)
        if effect.veil:
            value += 2.5 if mine <= LOW_HP else 0.7
        if effect.draw:  # below a draw: the card cast is the card drawn
            value += 0.2 if view.can_draw() else -1
        if effect.salvage:
            value += 1.0
        return value + self.rng.random() * 0.1

    @staticmethod
    def card_value(spell: Spell, hurt: bool) -> float:
        heal = spell.heal if hurt else 0
        return spell.damage * 2 + spell.block + (2 if spell.mirror else 0) + heal


class BeginnerBot(Robot):
    """Débutant: a sensible card or a draw at random (it passes only when nothing else is
    left), defends half the time it can, and keeps its hand under the limit."""

    def choose(self, view: ArenaState) -> Action:
        legal = view.legal_actions()
        if view.phase == ACTION:
            moves = [a for a in legal if not isinstance(a, Pass) and self.sensible(view, a)]
            return self.rng.choice(moves or legal)
        if view.phase == REACT:
            answers = legal[1:]
            return self.rng.choice(answers) if answers and self.rng.random() < 0.5 else legal[0]
        if view.phase == DISCARD and EndTurn() in legal and self.rng.random() < 0.7:
            return EndTurn()
        return self.rng.choice(legal)

    @staticmethod
    def sensible(view: ArenaState, action: Action) -> bool:
        """Not a spell that kills its caster, nor a heal alone at full health."""
        if not isinstance(action, Cast):
            return True
        seat = view.turn
        effect = view.spells_of(seat, action.cards)
        if effect.recoil >= view.hp[seat]:
            return False
        return not (effect.heal and view.hp[seat] == MAX_HP and not effect.damage)


def imagine(view: ArenaState, seat: int, rng: Random) -> ArenaState:
    """A whole state the seat's view may stand for: the cards it cannot see (the whole
    spellbook less its hand, the discard pile and the removed cards it was shown), dealt at
    random into the other hands, the deck and the removed pile as their counts say."""
    world = view.clone()
    unseen = Counter(view.book.deck())
    shown = [*view.hands[seat], *view.discard, *view.removed]
    unseen.subtract(card.card for card in shown)
    pool = list(unseen.elements())
    rng.shuffle(pool)
    zones, world.next_uid = deal_hidden([*view.hands, view.deck, view.removed], pool, view.next_uid)
    *world.hands, world.deck, world.removed = zones
    secret = bool(view.options.get("alliances"))
    world.allied = [
        (rng.random() < 0.5 if secret else False) if a is None else a for a in view.allied
    ]
    return world


class StrongBot(RoundLookahead):
    """Fort: `RoundLookahead` over Moyen, imagining the other hands, the deck, the removed
    cards face down and hidden alliances (by a coin), and judging an unfinished round by
    the odds of its health and hands against the cards left to draw (`judge`)."""

    moyen = ArenaBot
    max_hp = MAX_HP
    imagine = staticmethod(imagine)
    HORIZON = 12
    """Three turns or so: `judge` reads the round's odds well, and a shorter future strays
    less from one imagined world to the next."""
    WORLDS = 12
    """Twice as many as by default: with a judge this sharp, a few worlds' noise alone would
    overrule Moyen (a pass for a draw) and cost games."""
    HEALTH = 2.5
    """Weight of a point of health, over the square root of the cards left to draw."""
    CARD = 0.5
    """Weight of a card in hand: a spell still to cast is worth about a point of health."""

    def weighs(self, view: ArenaState) -> bool:
        return view.phase in (ACTION, REACT)  # a bonus or a discard: Moyen's rule is enough

    def rivals(self, view: ArenaState, others: list[Action]) -> list[Action]:
        """Moyen's next best moves by its own judgement."""
        seat = view.to_move()
        if view.phase == ACTION:
            value = self.policy.action_value
        else:
            value = self.policy.defence_value
        return sorted(others, key=lambda a: -value(view, seat, a))[: self.CANDIDATES - 1]

    @staticmethod
    def standing(world: ArenaState, seat: int) -> list[int]:
        return world.opponents(seat)

    def judge(self, world: ArenaState, seat: int) -> float:
        """The seat's chance of winning the round, as Moyen against Moyen fared from such
        positions: most rounds end on an empty deck, to the healthiest seat, so a lead in
        health counts the more the fewer cards remain to draw, and cards in hand count too.
        Each living seat scores; the chance is the seat's share of the exponentials (a
        logistic fitted on Aria's and Arena's duels, which agree)."""
        alive = world.alive_seats
        clock = math.sqrt(2 * (len(world.deck) + len(world.discard)) / len(alive) + 2)
        hp, hands = world.hp, world.hands
        weight = {
            s: math.exp(self.HEALTH * hp[s] / clock + self.CARD * len(hands[s])) for s in alive
        }
        return weight[seat] / sum(weight.values())


LEVEL_BOTS = {"debutant": BeginnerBot, "moyen": ArenaBot, "fort": StrongBot}
