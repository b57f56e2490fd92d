"""Arcane Arena (RULINGS.md §19): sixteen spells, 9 HP, the last wizard standing wins the
round, three rounds win the game. Defences answer an attack during the attacker's turn: the
attack waits while the target decides behind the handoff (`to_move()` is the defender,
`whose_turn()` stays the attacker).

The same engine plays Cartes Divinités Aria (§20) with its own spellbook: its special cases
(a Mensonge that ignores defences, a steal that is an attack, combinations answering an
attack) are fields of its cards, read here like any other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from random import Random
from typing import Any

from jeux.engine.cards import (
    EVERYONE,
    NOBODY,
    Dealt,
    DrewCard,
    HandDealt,
    Zone,
    ZonedState,
    counted_zone,
    shuffled,
)
from jeux.engine.core import (
    Action,
    Choice,
    Event,
    Option,
    Outcome,
    quick_init,
    ranks_from_scores,
)
from jeux.engine.events import Eliminated, Passed
from jeux.engine.reactions import window_opens
from jeux.engine.text import (
    ALL_PASSED,
    DECK_EMPTY,
    LAST_STANDING,
    aside,
    de,
    join_names,
    plural,
)

from .cards import Combo, Spell, Spellbook

MAX_HP = 9
"""AA-6: the starting HP is also the cap."""
HAND_LIMIT = 3
DEAL = 2
ROUNDS_TO_WIN = 3
REMOVED_PER_RENEWAL = 2

ACTION, REACT, REWARD, DISCARD, OVER = "action", "réaction", "bonus", "défausse", "fin"
DRAW, HEAL = "pioche", "soin"
NO_TARGET = -1


# --- actions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Draw(Action):
    """Draw a card as the turn's action (not when the turn began with three cards)."""


@dataclass(frozen=True)
class Cast(Action):
    """Play one card, or two as a combination, on one's own turn. `target` is the seat aimed
    at (NO_TARGET when the spell aims at nobody); `pick` the name of the card Profanation
    takes back from the discard pile."""

    cards: tuple[int, ...]
    target: int = NO_TARGET
    pick: str = ""


@dataclass(frozen=True)
class Pass(Action):
    """AA-11: no action this turn (the discard phase still follows)."""


@dataclass(frozen=True)
class React(Action):
    """The target's answer to an attack: one Defence card, a defensive combination, or
    nothing (no cards)."""

    cards: tuple[int, ...] = ()


@dataclass(frozen=True)
class Reward(Action):
    """The combination reward: draw a card or gain 1 HP."""

    kind: str


@dataclass(frozen=True)
class Swap(Action):
    """Discard phase: discard a card and draw a new one, once."""

    card: int


@dataclass(frozen=True)
class Discard(Action):
    """Discard phase: let go of a card to end the turn with at most three."""

    card: int


@dataclass(frozen=True)
class EndTurn(Action):
    """Keep one's hand as it is and end the turn."""


# Moves are listed anew at every decision (a robot's, then `apply`'s check): built once and
# looked up after, as a frozen dataclass costs several times more to build than to find.
# The uids restart at every match, so these stay small.
cast, react, swap, discard = cache(Cast), cache(React), cache(Swap), cache(Discard)
DRAW_ACTION, PASS, NO_ANSWER, END_TURN = Draw(), Pass(), React(), EndTurn()
DRAW_REWARD, HEAL_REWARD = Reward(DRAW), Reward(HEAL)


def listed(action: Action, legal: list[Action]) -> bool:
    """Whether `action` is among `legal`. A robot hands back one of the very objects listed:
    found by identity, before comparing any fields (a frozen dataclass compares slowly)."""
    for move in legal:
        if move is action:
            return True
    return action in legal


# --- events ----------------------------------------------------------------------------


def combined(names: tuple[str, ...]) -> str:
    """The cards of a combination, after its name: " (Bouclier + Barrière d'arcane)"; nothing
    for a card played alone."""
    return aside(" + ".join(names)) if len(names) > 1 else ""


@quick_init
@dataclass(frozen=True)
class RoundStarted(Event):
    number: int
    starter: str

    def describe(self) -> str:
        return f"Manche {self.number} : {MAX_HP} PV chacun·e, {self.starter} commence."


@quick_init
@dataclass(frozen=True)
class Drew(Event):
    """A card drawn, as the table sees it."""

    seat: int
    player: str

    def describe(self) -> str:
        return f"{self.player} pioche une carte."


@quick_init
@dataclass(frozen=True)
class DeckRenewed(Event):
    """The deck ran out: cards taken out of the game, the rest shuffled into a new deck.
    `shown` holds the removed cards' faces when the table reveals them."""

    removed: int
    size: int
    shown: tuple[Dealt, ...] = ()

    def describe(self) -> str:
        names = aside(join_names([c.card.name for c in self.shown]))
        out = f"{plural(self.removed, 'carte')} retirée{'s' if self.removed > 1 else ''}{names}"
        if not self.size:
            return f"Pioche épuisée : {out}, plus de pioche."
        return f"Pioche épuisée : {out}, nouvelle pioche de {plural(self.size, 'carte')}."


@quick_init
@dataclass(frozen=True)
class SpellCast(Event):
    """A card or combination played on one's turn, faces up for everyone."""

    seat: int
    player: str
    names: tuple[str, ...]
    spell: str
    target: str = ""

    def describe(self) -> str:
        on = f" sur {self.target}" if self.target else ""
        return f"{self.player} joue {self.spell}{combined(self.names)}{on}."


@quick_init
@dataclass(frozen=True)
class Reacted(Event):
    seat: int
    player: str
    names: tuple[str, ...]
    spell: str

    def describe(self) -> str:
        if not self.spell:
            return f"{self.player} ne pare pas."
        return f"{self.player} répond par {self.spell}{combined(self.names)}."


@quick_init
@dataclass(frozen=True)
class Immune(Event):
    seat: int
    player: str

    def describe(self) -> str:
        return f"{self.player} est immunisé·e : rien ne l'atteint."


@quick_init
@dataclass(frozen=True)
class Unblockable(Event):
    seat: int
    player: str
    spell: str

    def describe(self) -> str:
        return f"{self.spell} ignore les défenses {de(self.player)}."


@quick_init
@dataclass(frozen=True)
class Hurt(Event):
    seat: int
    player: str
    amount: int
    hp: int

    def describe(self) -> str:
        if not self.amount:
            return f"{self.player} ne perd aucun PV."
        return f"{self.player} perd {self.amount} PV ({self.hp} restants)."


@quick_init
@dataclass(frozen=True)
class Healed(Event):
    seat: int
    player: str
    amount: int
    hp: int

    def describe(self) -> str:
        return f"{self.player} regagne {self.amount} PV ({self.hp})."


@quick_init
@dataclass(frozen=True)
class Veiled(Event):
    seat: int
    player: str

    def describe(self) -> str:
        return f"{self.player} est immunisé·e jusqu'à son prochain tour."


@quick_init
@dataclass(frozen=True)
class Warded(Event):
    seat: int
    player: str

    def describe(self) -> str:
        return f"{self.player} subira 1 dégât de moins par coup jusqu'à son prochain tour."


@quick_init
@dataclass(frozen=True)
class Stole(Event):
    thief: int
    victim: int
    thief_name: str
    victim_name: str
    empty: bool = False

    def describe(self) -> str:
        if self.empty:
            return f"{self.thief_name} ne vole rien : {self.victim_name} n'a pas de carte."
        return f"{self.thief_name} vole une carte au hasard à {self.victim_name}."


@quick_init
@dataclass(frozen=True)
class StolenCard(Event):
    """The stolen card's face, for the thief and the victim only."""

    thief: int
    victim: int
    card: Spell

    def describe(self) -> str:
        return f"La carte volée : {self.card.name}."


@quick_init
@dataclass(frozen=True)
class Salvaged(Event):
    seat: int
    player: str
    name: str

    def describe(self) -> str:
        return f"{self.player} reprend {self.name} dans la défausse."


@quick_init
@dataclass(frozen=True)
class Discarded(Event):
    seat: int
    player: str
    name: str

    def describe(self) -> str:
        return f"{self.player} défausse {self.name}."


@quick_init
@dataclass(frozen=True)
class RoundOver(Event):
    """`winner` is None when the round is replayed (AD1-18, AA-7)."""

    winner: int | None
    player: str
    wins: int
    why: str = ""

    def describe(self) -> str:
        why = f"{self.why} : " if self.why else ""
        if self.winner is None:
            return f"{why}personne ne gagne la manche, elle est rejouée."
        return f"{why}{self.player} gagne la manche ({plural(self.wins, 'manche')})."

    def describe_to(self, seat: int | None) -> str:
        if seat is None or seat != self.winner:
            return super().describe_to(seat)
        won = f"gagnes la manche ({plural(self.wins, 'manche')})."
        return f"{self.why} : tu {won}" if self.why else f"Tu {won}"


@quick_init
@dataclass(frozen=True)
class GameWon(Event):
    seat: int
    player: str

    def describe(self) -> str:
        return f"{self.player} gagne {ROUNDS_TO_WIN} manches : sorcier·ère ultime !"


# --- the state -------------------------------------------------------------------------


@dataclass
class Attack:
    """An attack under way: what it does and the targets still to answer and resolve."""

    attacker: int
    spell: str
    damage: int
    steal: bool
    pierce: bool
    targets: list[int]
    reward: bool
    """The attacker earns the combination reward once the attack is resolved."""


@dataclass
class ArenaState(ZonedState):
    FREE_TEXT = False  # no action of Arcane Arena (nor Aria) holds words of its own
    players: tuple[str, ...]
    options: Mapping[str, Any]
    book: Spellbook
    hands: list[Zone]
    deck: Zone
    discard: Zone
    removed: Zone
    hp: list[int]
    wins: list[int]
    veiled: list[bool]
    warded: list[bool]
    allied: list[bool | None]
    """ARIA option: who may defend against a Mensonge; each seat knows only its own."""
    out: list[int] = field(default_factory=list)
    """Seats eliminated this round, in order."""
    passes: int = 0
    """Turns passed in a row with no card played or drawn since (AA-12)."""
    phase: str = ACTION
    turn: int = 0
    starter: int = 0
    round: int = 0
    next_uid: int = 0
    started_with: int = 0
    """Cards held when the turn began: three forbid drawing."""
    swapped: bool = False
    attack: Attack | None = None
    defender: int | None = None
    rewarding: int | None = None
    verdict: RoundOver | None = None
    """How the round just ended, for the handoff that opens the next one."""
    ending: str = ""
    """How the deciding round ended (`Outcome.ending`)."""

    # --- queries -------------------------------------------------------------------

    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == REACT:
            return self.defender
        if self.phase == REWARD:
            return self.rewarding
        return self.turn

    def whose_turn(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def alive(self, seat: int) -> bool:
        return self.hp[seat] > 0

    @property
    def alive_seats(self) -> list[int]:
        hp = self.hp
        return [s for s in range(len(hp)) if hp[s] > 0]

    def opponents(self, seat: int) -> list[int]:
        """Living opponents, from the seat's left."""
        hp, seats = self.hp, len(self.hp)
        return [s for s in (*range(seat + 1, seats), *range(seat)) if hp[s] > 0]

    def can_draw(self) -> bool:
        """AA-7, AA-11: a card is there, or the discard pile can form a new deck. Read at
        nearly every move: the zones' counts are read here rather than through `len`."""
        deck = self.deck
        return bool(deck.cards or deck.hidden) or len(self.discard.cards) > REMOVED_PER_RENEWAL

    def spell(self, seat: int, uid: int) -> Spell:
        return self.hands[seat].by_uid(uid).card

    def spells_of(self, seat: int, uids: Sequence[int]) -> Spell | Combo | None:
        """What these cards of a hand make: a card, a combination, or nothing."""
        hand = self.hands[seat]
        if len(uids) == 2:
            return self.book.pairs.get(
                (hand.by_uid(uids[0]).card.name, hand.by_uid(uids[1]).card.name)
            )
        return hand.by_uid(uids[0]).card

    def targets_for(self, seat: int, effect: Spell | Combo) -> list[int]:
        """The seats a played effect may aim at: one opponent, or nobody."""
        aimed = (effect.damage or effect.steal) and not effect.area
        return self.opponents(seat) if aimed else [NO_TARGET]

    def may_draw(self) -> bool:
        """AA-11: drawing is the turn's action unless it began with three cards."""
        return self.started_with < HAND_LIMIT and self.can_draw()

    def casts(self) -> list[tuple[Cast, Spell | Combo]]:
        """Every cast the turn's hand allows, with the card or combination it plays: the
        robot judges each by that effect without looking its cards up again."""
        seat = self.turn
        hand = self.hands[seat].cards
        casts: list[tuple[Cast, Spell | Combo]] = []
        foes = None
        for card in hand:
            spell = card.card
            if spell.reaction:
                continue
            if spell.aimed:
                foes = self.opponents(seat) if foes is None else foes
                casts += [(cast((card.uid,), t), spell) for t in foes]
            else:
                casts.append((cast((card.uid,), NO_TARGET), spell))
        pairs = self.book.pairs
        for first, second in combinations(hand, 2):
            combo = pairs.get((first.card.name, second.card.name))
            if combo is None or combo.reaction:
                continue
            uids = (first.uid, second.uid)
            if combo.salvage:
                names = dict.fromkeys(c.card.name for c in self.discard)
                casts += [(cast(uids, NO_TARGET, name), combo) for name in names]
            else:
                casts += [(cast(uids, t), combo) for t in self.targets_for(seat, combo)]
        return casts

    def reactions(self, seat: int) -> list[React]:
        """Every answer the seat holds to the attack under way."""
        attack, hand = self.attack, self.hands[seat].cards
        if attack is None or self.pierces(seat):
            return []
        answers = [react((c.uid,)) for c in hand if self.counters(attack, c.card)]
        pairs = self.book.pairs
        for first, second in combinations(hand, 2):
            combo = pairs.get((first.card.name, second.card.name))
            if combo is not None and combo.reaction and self.counters(attack, combo):
                answers.append(react((first.uid, second.uid)))
        return answers

    def pierces(self, seat: int) -> bool:
        """Whether the attack under way ignores the seat's defences (ARIA-2): a Mensonge on a
        seat not allied with the Guilde. Only the seat and the full state know."""
        return self.attack is not None and self.attack.pierce and self.allied[seat] is False

    @staticmethod
    def counters(attack: Attack, effect: Spell | Combo) -> bool:
        """A Defence card or defensive combination against this attack (ARIA-3: against a
        steal, only a mirror does anything)."""
        if not effect.reaction:
            return False
        return effect.mirror or (not attack.steal and effect.block > 0)

    def legal_actions(self) -> list[Action]:
        if self.phase == ACTION:
            draw = [DRAW_ACTION] if self.may_draw() else []
            return [*draw, *[action for action, _ in self.casts()], PASS]
        if self.phase == REACT:
            return [NO_ANSWER, *self.reactions(self.defender)]
        if self.phase == REWARD:
            return [DRAW_REWARD, HEAL_REWARD] if self.can_draw() else [HEAL_REWARD]
        if self.phase == DISCARD:
            hand = self.hands[self.turn].cards
            if len(hand) > HAND_LIMIT:  # down to three first, then a swap if one is left
                return [discard(c.uid) for c in hand]
            swaps = [swap(c.uid) for c in hand] if not self.swapped and self.can_draw() else []
            return [*swaps, END_TURN]
        return []

    def refusal(self, action: Action) -> str:
        if isinstance(action, Draw):
            if self.phase != ACTION:
                return "On ne pioche qu'en guise d'action, au début de son tour."
            if self.started_with >= HAND_LIMIT:
                return "Tu as commencé ton tour avec 3 cartes : pas de pioche."
            return "Plus rien à piocher : la pioche est épuisée."
        if isinstance(action, Cast):
            if self.phase != ACTION:
                return "Ce n'est pas le moment de lancer un sort."
            hand = self.hands[self.turn]
            if not action.cards or any(hand.by_uid(u) is None for u in action.cards):
                return "Choisis une ou deux cartes de ta main."
            effect = self.spells_of(self.turn, action.cards)
            if effect is None:
                return "Ces deux cartes ne forment pas de combinaison."
            if effect.reaction:
                return "Une défense ne se joue qu'en réaction à une attaque."
            if effect.salvage and not len(self.discard):
                return "La défausse est vide : rien à récupérer."
            return "Choisis un adversaire encore en jeu."
        if isinstance(action, React):
            if self.defender is not None and self.pierces(self.defender):
                return (
                    f"{self.attack.spell} ignore tes défenses : tu n'es pas allié·e de la "
                    "Guilde. Tu ne peux qu'encaisser."
                )
            if self.attack is not None and self.attack.steal:
                return "Contre un vol, seul un miroir sert."
            return "Une carte de défense, ou deux en combinaison de défense."
        if isinstance(action, Swap):
            return "Tu as déjà échangé une carte ce tour-ci, ou il n'y a plus rien à piocher."
        if isinstance(action, EndTurn):
            return f"Défausse-toi jusqu'à {HAND_LIMIT} cartes avant de finir ton tour."
        return super().refusal(action)

    def prompt(self) -> str:
        if self.phase == REACT:
            return f"{self.players[self.turn]} te lance {self.attack.spell} — te défendre ?"
        if self.verdict:
            told = self.verdict.describe_to(self.to_move()).rstrip(".")
            return f"{told} — nouvelle manche, à toi de commencer."
        if self.phase == REWARD:
            return "ta combinaison a porté — choisis ton bonus."
        if self.phase == DISCARD:
            return "ton attaque est jouée — à toi de finir ton tour."
        return ""

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        winner = self.players[max(range(self.seats), key=lambda s: self.wins[s])]
        summary = f"{winner} gagne {ROUNDS_TO_WIN} manches."
        ranks = ranks_from_scores(self.wins)
        return Outcome(tuple(self.wins), ranks, summary, ending=self.ending)

    def progress(self) -> str:
        return f"manche {self.round}"

    # --- privacy -------------------------------------------------------------------

    def zones(self) -> list[Zone]:
        return [*self.hands, self.deck, self.discard, self.removed]

    def clone(self) -> ArenaState:
        """A copy to play on (the robot's imagined futures): zones are immutable, the lists
        and the attack are not."""
        return self._copy(list(self.hands), self.deck, self.removed, list(self.allied))

    def view(self, seat: int | None) -> ArenaState:
        """What `seat` may see; None is a spectator, who sees no hand. Built at every
        decision, so each zone is judged here rather than by a call each: a hand is its
        owner's alone, the deck nobody's, the removed cards everyone's or nobody's."""
        hands = []
        for hand in self.hands:
            if seat not in hand.seen_by:
                hand = counted_zone(hand.seen_by, len(hand.cards) + hand.hidden)
            hands.append(hand)
        deck, removed = self.deck, self.removed
        if removed.seen_by is not EVERYONE:  # face down, unless the table chose to see them
            removed = counted_zone(NOBODY, len(removed.cards) + removed.hidden)
        allied = [None] * len(hands)
        if seat is not None:
            allied[seat] = self.allied[seat]
        return self._copy(
            hands, counted_zone(NOBODY, len(deck.cards) + deck.hidden), removed, allied
        )

    def _copy(
        self, hands: list[Zone], deck: Zone, removed: Zone, allied: list[bool | None]
    ) -> ArenaState:
        """A copy with these zones and alliances, its fields stored one by one into a bare
        object: a quarter cheaper than the constructor's 26 parameters (views are built at
        every decision), and read as fast (a copied `__dict__` would slow every later
        attribute read)."""
        attack = self.attack
        if attack is not None:
            attack = Attack(
                attack.attacker,
                attack.spell,
                attack.damage,
                attack.steal,
                attack.pierce,
                list(attack.targets),
                attack.reward,
            )
        copy = object.__new__(ArenaState)
        copy.players, copy.options, copy.book = self.players, self.options, self.book
        copy.hands, copy.deck, copy.discard = hands, deck, self.discard
        copy.removed, copy.hp, copy.wins = removed, list(self.hp), list(self.wins)
        copy.veiled, copy.warded = list(self.veiled), list(self.warded)
        copy.allied, copy.out, copy.passes = allied, list(self.out), self.passes
        copy.phase, copy.turn, copy.starter = self.phase, self.turn, self.starter
        copy.round, copy.next_uid = self.round, self.next_uid
        copy.started_with, copy.swapped = self.started_with, self.swapped
        copy.attack, copy.defender, copy.rewarding = attack, self.defender, self.rewarding
        copy.verdict, copy.ending = self.verdict, self.ending
        return copy

    # --- moves ---------------------------------------------------------------------

    def allows(self, action: Action) -> bool:
        """Whether `action` is legal: the moves without cards (most moves) are judged as
        `legal_actions` lists them, without listing them all; the others are looked up."""
        kind, phase = type(action), self.phase
        if kind is EndTurn:
            return phase == DISCARD and len(self.hands[self.turn].cards) <= HAND_LIMIT
        if kind is Draw:
            return phase == ACTION and self.may_draw()
        if kind is Pass:
            return phase == ACTION
        if action is NO_ANSWER:
            return phase == REACT
        if kind is Cast:
            return phase == ACTION and self.may_cast(action)  # type: ignore[arg-type]
        if kind is Swap or kind is Discard:
            hand = self.hands[self.turn].cards
            if phase != DISCARD or (len(hand) > HAND_LIMIT) != (kind is Discard):
                return False
            if kind is Swap and (self.swapped or not self.can_draw()):
                return False
            return any(card.uid == action.card for card in hand)  # type: ignore[attr-defined]
        return listed(action, self.legal_actions())

    def may_cast(self, action: Cast) -> bool:
        """Whether `casts()` lists this cast, judged from its own cards rather than by
        listing every cast of the hand: the robot has just listed them from its view."""
        uids = action.cards
        if type(uids) is not tuple or not 0 < len(uids) <= 2:
            return False
        chosen = [card for card in self.hands[self.turn].cards if card.uid in uids]
        if [card.uid for card in chosen] != list(uids):  # each in hand, in the hand's order
            return False  # (as `combinations` pairs them)
        if len(chosen) == 1:
            effect: Spell | Combo | None = chosen[0].card
        else:
            effect = self.book.pairs.get((chosen[0].card.name, chosen[1].card.name))
        if effect is None or effect.reaction:
            return False
        if isinstance(effect, Combo) and effect.salvage:
            names = [card.card.name for card in self.discard.cards]
            return action.target == NO_TARGET and action.pick in names
        if action.pick != "":
            return False
        if (effect.damage or effect.steal) and not effect.area:
            return action.target in self.opponents(self.turn)
        return action.target == NO_TARGET

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        self.verdict = None  # told by the handoff that opens a round, then no more
        kind = type(action)  # the moves by how often they come: every turn ends
        if kind is EndTurn:
            return self._end_turn(rng)
        if kind is Pass:
            return self._pass(rng)
        if kind is React:
            return self._react(action.cards, rng)
        if kind is Reward:
            if action.kind == DRAW:
                self.passes = 0  # AA-12: a card drawn or played on a turn
            return self._reward(action.kind, rng)
        self.passes = 0
        if kind is Draw:
            return self._draw(self.turn, rng) + self._end_action(rng)
        if kind is Cast:
            return self._cast(action, rng)
        if kind is Swap:
            self.swapped = True
            events = self._discard(self.turn, action.card) + self._draw(self.turn, rng)
            return events + self._maybe_end_turn(rng)
        return self._discard(self.turn, action.card) + self._maybe_end_turn(rng)

    # cards moving

    # Cards move at nearly every move, the robots' imagined ones included: the zones are
    # rebuilt here from their tuples directly, by uid rather than by comparing cards.

    def _take(self, seat: int, uids: Sequence[int]) -> tuple[Dealt, ...]:
        hand = self.hands[seat]
        cards = tuple([hand.by_uid(uid) for uid in uids])
        self.hands[seat] = Zone(tuple([c for c in hand.cards if c.uid not in uids]), hand.seen_by)
        return cards

    def _give(self, seat: int, card: Dealt) -> Dealt:
        """A card into a hand, under a fresh uid: a card seen elsewhere before (in the hand
        it was stolen from, on the discard pile) says nothing of which card it is now."""
        fresh = Dealt(self.next_uid, card.card)
        self.next_uid += 1
        hand = self.hands[seat]
        self.hands[seat] = Zone((*hand.cards, fresh), hand.seen_by)
        return fresh

    def _to_discard(self, cards: Sequence[Dealt]) -> None:
        self.discard = Zone((*self.discard.cards, *cards), self.discard.seen_by)

    def _discard(self, seat: int, uid: int) -> list[Event]:
        (card,) = self._take(seat, (uid,))
        self._to_discard([card])
        return [Discarded(seat, self.players[seat], card.card.name)]

    def _draw(self, seat: int, rng: Random) -> list[Event]:
        """Draw the top card; AA-7: an empty deck is renewed from the discard pile first,
        and a deck emptied by this draw is renewed at once."""
        events = [] if self.deck.cards else self._renew(rng)
        deck = self.deck
        if not deck.cards:
            return events
        top, rest = deck.cards[0], deck.cards[1:]
        self.deck = Zone(rest, deck.seen_by)
        drawn = self._give(seat, top)
        events += [
            Drew(seat, self.players[seat]),
            DrewCard(seat, self.players[seat], drawn, audience=(seat,)),
        ]
        return events + ([] if rest else self._renew(rng))

    def _renew(self, rng: Random) -> list[Event]:
        """The deck ran out: two random cards of the discard pile leave the game and the
        rest form a new deck; with two or fewer, they all leave and no deck is formed."""
        pile = list(self.discard)
        if not pile:
            return []
        gone = []
        if len(pile) <= REMOVED_PER_RENEWAL:
            gone, pile = pile, []
        else:
            for _ in range(REMOVED_PER_RENEWAL):
                card = rng.choice(pile)
                pile.remove(card)
                gone.append(card)
        gone = list(self.fresh(c.card for c in gone))
        self.removed = self.removed.holding([*self.removed, *gone])
        self.discard = self.discard.holding(())
        deck = self.fresh(shuffled([c.card for c in pile], rng))
        self.deck = self.deck.holding(deck)
        shown = tuple(gone) if self.options.get("retirees") else ()
        return [DeckRenewed(len(gone), len(deck), shown)]

    def _steal(self, thief: int, victim: int, rng: Random) -> list[Event]:
        """AA-9: a random card of the victim's hand."""
        hand = self.hands[victim].cards
        if not hand:
            return [Stole(thief, victim, self.players[thief], self.players[victim], empty=True)]
        card = rng.choice(hand)
        self.hands[victim] = self.hands[victim].without([card])
        self._give(thief, card)
        return [
            Stole(thief, victim, self.players[thief], self.players[victim]),
            StolenCard(thief, victim, card.card, audience=(thief, victim)),
        ]

    # health

    def _hurt(self, seat: int, amount: int) -> list[Event]:
        """Damage taken; Contre-sort's ward takes 1 off each blow."""
        if self.warded[seat]:
            amount = max(0, amount - 1)
        self.hp[seat] -= amount
        return [Hurt(seat, self.players[seat], amount, max(0, self.hp[seat]))]

    def _heal(self, seat: int, amount: int) -> list[Event]:
        gained = min(amount, MAX_HP - self.hp[seat])
        self.hp[seat] += gained
        return [Healed(seat, self.players[seat], gained, self.hp[seat])]

    # the turn

    def _cast(self, action: Cast, rng: Random) -> list[Event]:
        seat = self.turn
        effect = self.spells_of(seat, action.cards)
        cards = self._take(seat, action.cards)
        target = action.target
        events: list[Event] = [
            SpellCast(
                seat,
                self.players[seat],
                tuple(c.card.name for c in cards),
                effect.name,
                self.players[target] if target != NO_TARGET else "",
            )
        ]
        if isinstance(effect, Combo) and effect.salvage:
            events += self._salvage(seat, action.pick)
        self._to_discard(cards)
        combo = isinstance(effect, Combo)
        if effect.recoil:
            events += self._hurt(seat, effect.recoil)
        if effect.heal:
            events += self._heal(seat, effect.heal)
        if effect.veil:
            self.veiled[seat] = True
            events.append(Veiled(seat, self.players[seat]))
        if effect.draw:
            events += self._draw(seat, rng)
        if effect.attack:
            targets = self.opponents(seat) if effect.area else [target]
            self.attack = Attack(
                seat, effect.name, effect.damage, effect.steal, effect.pierce, targets, combo
            )
            return events + self._next_target(rng)
        if effect.steal:  # a Support steal: no defence, but a veil stops it (AA-9)
            if self.veiled[target]:
                events.append(Immune(target, self.players[target]))
            else:
                events += self._steal(seat, target, rng)
        if combo:
            return events + self._ask_reward(seat)
        return events + self._end_action(rng)

    def _salvage(self, seat: int, name: str) -> list[Event]:
        card = next(c for c in reversed(self.discard.cards) if c.card.name == name)
        self.discard = self.discard.without([card])
        self._give(seat, card)
        return [Salvaged(seat, self.players[seat], name)]

    def _next_target(self, rng: Random) -> list[Event]:
        """Ask each target in turn (AA-4 immunity, ARIA-2 piercing), then close the attack."""
        attack, events = self.attack, []
        while attack.targets:
            target = attack.targets.pop(0)
            name = self.players[target]
            if self.veiled[target]:
                events.append(Immune(target, name))
            elif attack.pierce and not self.options.get("alliances"):
                events.append(Unblockable(target, name, attack.spell))  # ARIA-2: all know it
                events += self._resolve(target, None, rng)
            # A window open to all (the default) needs no listing of the target's answers.
            elif window_opens(self.options, False) or self.reactions(target):
                self.phase, self.defender = REACT, target
                return events
            else:
                events += self._resolve(target, None, rng)
        self.attack, self.defender = None, None
        if attack.reward and self.alive(attack.attacker):
            return events + self._ask_reward(attack.attacker)
        return events + self._end_action(rng)

    def _react(self, uids: tuple[int, ...], rng: Random) -> list[Event]:
        seat = self.defender
        effect: Spell | Combo | None = None
        names: tuple[str, ...] = ()
        if uids:  # most answers play no card: the hand and the pile then stay as they are
            effect = self.spells_of(seat, uids)
            cards = self._take(seat, uids)
            self._to_discard(cards)
            names = tuple([c.card.name for c in cards])
        events = [Reacted(seat, self.players[seat], names, effect.name if effect else "")]
        events += self._resolve(seat, effect, rng)
        if isinstance(effect, Combo):
            return events + self._ask_reward(seat)
        return events + self._next_target(rng)

    def _resolve(self, target: int, answer: Spell | Combo | None, rng: Random) -> list[Event]:
        """One target's share of the attack, after its answer (AA-2, AA-3, ARIA-3)."""
        attack = self.attack
        attacker = attack.attacker
        events: list[Event] = []
        mirrored = answer is not None and answer.mirror
        if attack.steal:
            thief, victim = (target, attacker) if mirrored else (attacker, target)
            events += self._steal(thief, victim, rng)
        elif mirrored:
            events += self._hurt(attacker, attack.damage + answer.bonus)
        else:
            blocked = answer.block if answer is not None else 0
            events += self._hurt(target, max(0, attack.damage - blocked))
        if answer is not None:
            if answer.heal:
                events += self._heal(target, answer.heal)
            if answer.ward:
                self.warded[target] = True
                events.append(Warded(target, self.players[target]))
            if answer.steal:
                events += self._steal(target, attacker, rng)
        return events

    def _ask_reward(self, seat: int) -> list[Event]:
        self.phase, self.rewarding = REWARD, seat
        return []

    def _reward(self, kind: str, rng: Random) -> list[Event]:
        seat, self.rewarding = self.rewarding, None
        events = self._draw(seat, rng) if kind == DRAW else self._heal(seat, 1)
        if self.attack is not None:  # a defender's reward: the attack goes on
            return events + self._next_target(rng)
        return events + self._end_action(rng)

    def _end_action(self, rng: Random) -> list[Event]:
        """After the action and its answers: deaths, the round's end, or the discard phase."""
        events: list[Event] = []
        hp = self.hp
        if min(hp) <= 0:
            for seat, left in enumerate(hp):
                if left <= 0 and seat not in self.out:
                    self.out.append(seat)
                    events.append(Eliminated(seat, self.players[seat]))
            alive = self.alive_seats
            if len(alive) <= 1:
                return events + self._round_over(alive[0] if alive else None, "", rng)
            if hp[self.turn] <= 0:
                return events + self._end_turn(rng)
        self.phase, self.swapped = DISCARD, False
        return events + self._maybe_end_turn(rng)

    def _maybe_end_turn(self, rng: Random) -> list[Event]:
        """The discard phase ends by itself once there is nothing left to decide."""
        hand = len(self.hands[self.turn].cards)
        can_swap = hand and not self.swapped and self.can_draw()
        if hand <= HAND_LIMIT and not can_swap:
            return self._end_turn(rng)
        return []

    def _pass(self, rng: Random) -> list[Event]:
        """AA-12: a pass is told; once every living seat has passed in a row, the round ends
        as a stalled one (AA-7), so that no round lasts forever."""
        self.passes += 1
        events: list[Event] = [Passed(self.turn, self.players[self.turn])]
        if self.passes >= len(self.alive_seats):
            return events + self._round_by_hp("Tout le monde passe", rng, ALL_PASSED)
        return events + self._end_action(rng)

    def _round_by_hp(self, why: str, rng: Random, ending: str) -> list[Event]:
        """AA-7: the highest HP wins the round; tied HP → the round is replayed."""
        best = max(self.hp[s] for s in self.alive_seats)
        leaders = [s for s in self.alive_seats if self.hp[s] == best]
        winner = leaders[0] if len(leaders) == 1 else None
        return self._round_over(winner, why, rng, ending)

    def _end_turn(self, rng: Random) -> list[Event]:
        if self.stalled():
            return self._round_by_hp("Plus aucun sort possible", rng, DECK_EMPTY)
        seat, hp = self.turn, self.hp
        while True:
            seat = (seat + 1) % len(hp)
            if hp[seat] > 0:
                break
        self._begin_turn(seat)
        return []

    def _begin_turn(self, seat: int) -> None:
        """AA-4, AA-2: a veil and a ward last until the start of their owner's turn."""
        self.turn, self.phase = seat, ACTION
        self.veiled[seat] = self.warded[seat] = False
        self.started_with, self.swapped = len(self.hands[seat].cards), False

    def stalled(self) -> bool:
        """AA-7: nothing to draw and no living player holding a card to play on their turn."""
        if self.can_draw():
            return False
        return not any(not c.card.reaction for s in self.alive_seats for c in self.hands[s].cards)

    def _round_over(
        self, winner: int | None, why: str, rng: Random, ending: str = LAST_STANDING
    ) -> list[Event]:
        """AA-1, AD1-18: a round without a survivor (or tied by HP) is replayed; `ending`
        says how the round ended (the last standing, or AA-7's stalled deck)."""
        name = self.players[winner] if winner is not None else ""
        if winner is not None:
            self.wins[winner] += 1
        self.verdict = RoundOver(winner, name, self.wins[winner] if name else 0, why)
        events: list[Event] = [self.verdict]
        if winner is not None and self.wins[winner] >= ROUNDS_TO_WIN:
            self.phase, self.attack, self.ending = OVER, None, ending
            return [*events, GameWon(winner, name)]
        return events + self._new_round((self.starter + 1) % self.seats, rng)

    def _new_round(self, starter: int, rng: Random) -> list[Event]:
        """AA-1: all sixteen cards back, reshuffled; 9 HP; two cards each."""
        deck = self.fresh(shuffled(self.book.deck(), rng))
        self.round += 1
        self.starter = starter
        self.hp = [MAX_HP] * self.seats
        self.veiled = [False] * self.seats
        self.warded = [False] * self.seats
        self.out, self.attack, self.defender, self.rewarding = [], None, None, None
        self.passes = 0
        events: list[Event] = [RoundStarted(self.round, self.players[starter])]
        for seat in range(self.seats):
            self.hands[seat] = Zone(deck[:DEAL], (seat,))
            deck = deck[DEAL:]
            events.append(
                HandDealt(seat, self.players[seat], self.hands[seat].cards, audience=(seat,))
            )
        self.deck = Zone(deck, NOBODY)
        self.discard = Zone((), EVERYONE)
        self.removed = Zone((), EVERYONE if self.options.get("retirees") else NOBODY)
        self._begin_turn(starter)
        return events


# --- the game --------------------------------------------------------------------------


REVEAL_REMOVED = Option(
    "retirees",
    "Cartes retirées de la défausse",
    (Choice(False, "Face cachée"), Choice(True, "Révélées à tous")),
    False,
    help="Quand la pioche est épuisée, deux cartes quittent le jeu : les montrer ou non.",
)
