"""The Arena robots (Arcane Arena and Cartes Divinités Aria share them). Each is handed its
seat's view: other hands, the deck and the cards removed face down are only counts there.

Débutant plays any sensible card at random; Moyen (`ArenaBot`) attacks greedily, heals when
low and defends when it matters; Fort weighs Moyen's choice against its next best
moves in a few imagined deals of the cards it cannot see, played on by Moyen's judgement."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from random import Random

from jeux.engine.cards import Zone, deal_ids
from jeux.engine.core import Action

from .rules import (
    ACTION,
    DISCARD,
    DRAW,
    HAND_LIMIT,
    HEAL,
    MAX_HP,
    NO_TARGET,
    OVER,
    REACT,
    REWARD,
    ArenaState,
    Cast,
    Discard,
    Draw,
    EndTurn,
    Pass,
    React,
    Reward,
    Swap,
)

LOW_HP = 4


class ArenaBot:
    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, view: ArenaState) -> Action:
        legal = view.legal_actions()
        seat = view.to_move()
        if view.phase == REACT:
            return max(legal, key=lambda a: self.defence_value(view, seat, a))
        if view.phase == REWARD:
            low = view.hp[seat] <= MAX_HP - 3 or Reward(DRAW) not in legal
            return Reward(HEAL) if low else Reward(DRAW)
        if view.phase == DISCARD:
            discards = [a for a in legal if isinstance(a, Discard)]
            if discards:
                return min(discards, key=lambda a: self.keep_value(view, seat, a.card))
            swaps = [a for a in legal if isinstance(a, Swap)]
            if swaps and len(view.hands[seat]) >= HAND_LIMIT:  # a full hand cycles its worst
                return min(swaps, key=lambda a: self.keep_value(view, seat, a.card))
            return EndTurn()
        if view.phase == ACTION:
            return max(legal, key=lambda a: self.action_value(view, seat, a))
        return self.rng.choice(legal)

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
        urgent = view.hp[seat] - incoming <= LOW_HP or incoming >= 2
        cost = 0.6 * len(react.cards) if urgent else 1.2 * len(react.cards)
        return saved + effect.heal + (1 if len(react.cards) == 2 else 0) - cost

    def action_value(self, view: ArenaState, seat: int, action: Action) -> float:
        hp = view.hp[seat]
        if isinstance(action, Draw):
            return 1.0 + 0.3 * (2 - len(view.hands[seat]))
        if not isinstance(action, Cast):
            return 0.5 if view.can_draw() else -20.0  # passing forever would stall the round
        effect = view.spells_of(seat, action.cards)
        combo = len(action.cards) == 2
        value = 1.0 if combo else 0.0
        if effect.damage:
            targets = view.opponents(seat) if effect.area else [action.target]
            for target in targets:
                if view.veiled[target]:
                    continue
                value += 2.0 * effect.damage + (3.0 if view.hp[target] <= effect.damage else 0)
                value += 0.2 * (MAX_HP - view.hp[target])
            if effect.recoil and hp <= effect.recoil:
                value -= 10
            value -= 1.5 * effect.recoil
        if effect.steal and action.target != NO_TARGET:
            hidden = len(view.hands[action.target])
            value += 0 if view.veiled[action.target] or not hidden else 1.5
        if effect.heal:
            value += min(effect.heal, MAX_HP - hp) * (2.5 if hp <= LOW_HP else 0.8)
        if effect.veil:
            value += 2.5 if hp <= LOW_HP else 0.7
        if effect.draw:
            value += 1.2 if view.can_draw() else -1
        if effect.salvage:
            value += 1.0
        return value + self.rng.random() * 0.1

    def keep_value(self, view: ArenaState, seat: int, uid: int) -> float:
        spell = view.spell(seat, uid)
        heal = spell.heal if view.hp[seat] < MAX_HP else 0
        return spell.damage * 2 + spell.block + (2 if spell.mirror else 0) + heal


class BeginnerBot:
    """Débutant: a sensible card or a draw at random (it passes only when nothing else is
    left), defends half the time it can, and keeps its hand under the limit."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)

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
    of the unseen cards (the other hands, the deck, the removed cards face down; hidden
    alliances by a coin), played on by Moyen for every seat to the end of the round or
    `HORIZON` moves; another move replaces Moyen's when it wins the round clearly more
    often, or sooner."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)
        self.policy = ArenaBot(self.rng.random())

    def choose(self, view: ArenaState) -> Action:
        preferred = self.policy.choose(view)
        legal = view.legal_actions()
        if len(legal) == 1 or view.phase not in (ACTION, REACT):
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

    def rivals(self, view: ArenaState, others: list[Action]) -> list[Action]:
        """The moves worth trying against Moyen's: its next best by its own judgement."""
        seat = view.to_move()
        if view.phase == ACTION:
            value = self.policy.action_value
        else:
            value = self.policy.defence_value
        return sorted(others, key=lambda a: -value(view, seat, a))[: CANDIDATES - 1]

    def play_out(self, world: ArenaState, action: Action, seat: int, rng: Random) -> float:
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
        rivals = [world.hp[s] for s in world.opponents(seat)] or [0]
        lead = (world.hp[seat] - max(rivals)) / (4 * MAX_HP)
        return 0.5 + lead - 0.1 * (len(rivals) - 1)  # each rival standing is one more to beat


def clone(state: ArenaState) -> ArenaState:
    """A copy to play on: zones are immutable, the lists and the attack are not."""
    attack = state.attack
    return replace(
        state,
        hands=list(state.hands),
        hp=list(state.hp),
        wins=list(state.wins),
        veiled=list(state.veiled),
        warded=list(state.warded),
        allied=list(state.allied),
        out=list(state.out),
        attack=None if attack is None else replace(attack, targets=list(attack.targets)),
    )


def imagine(view: ArenaState, seat: int, rng: Random) -> ArenaState:
    """A whole state the seat's view may stand for: the cards it cannot see (the whole
    spellbook less its hand, the discard pile and the removed cards it was shown), dealt at
    random into the other hands, the deck and the removed pile as their counts say."""
    world = clone(view)
    unseen = Counter(view.book.deck())
    shown = [*view.hands[seat], *view.discard, *view.removed]
    unseen.subtract(card.card for card in shown)
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
    world.deck, world.removed = fill(view.deck), fill(view.removed)
    secret = bool(view.options.get("alliances"))
    world.allied = [
        (rng.random() < 0.5 if secret else False) if a is None else a for a in view.allied
    ]
    return world


LEVEL_BOTS = {"debutant": BeginnerBot, "moyen": ArenaBot, "fort": StrongBot}
