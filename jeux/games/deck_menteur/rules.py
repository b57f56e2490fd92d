"""Deck menteur (RULINGS.md §21): play cards face down claiming the announced suit, accuse
the player before you of lying, and flip your own pack when you are wrong: its Ace eliminates.

Every seat has a face-down pack of six (A–6 of its own suit, unknown even to its owner,
DM-8). The common pile of twenty (7–Q of ♦ ♠ ♣ and two jokers, DM-2) is dealt five each
at every round (DM-5). The state holds public facts and `Zone`s; a seat's view is built by
showing it each zone as that seat may see it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain, combinations
from random import Random
from typing import Any

from jeux.engine.cards import (
    JOKER,
    NOBODY,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Dealt,
    HandDealt,
    PlayingCard,
    Zone,
    ZonedState,
    shuffled,
)
from jeux.engine.core import (
    Action,
    Event,
    Outcome,
    quick_init,
    ranks_from_scores,
)
from jeux.engine.text import LAST_STANDING, join_names, plural

ANNOUNCEABLE = ("trefle", "pique", "carreau")
"""DM-1: hearts never reach the common pile, so they cannot be announced."""
PILE_RANKS = range(7, 13)
"""DM-2: 7 to Q of each pile suit."""
PACK_RANKS = range(1, 7)
HAND_SIZE = 5
ACE = 1

ANNOUNCE, PLAY, OVER = "annonce", "jeu", "fin"
STARTER, RANDOM = "joueur", "hasard"
WHOLE_HAND = 0


def common_pile() -> list[PlayingCard]:
    """DM-2: 6 ♦ + 6 ♠ + 6 ♣ + 2 jokers."""
    return list(_PILE)


_PILE = (
    *(PlayingCard(rank, suit) for suit in ("carreau", "pique", "trefle") for rank in PILE_RANKS),
    PlayingCard(0, JOKER),
    PlayingCard(0, JOKER),
)
"""The cards are immutable: one pile serves every round."""


def matches(card: PlayingCard, suit: str) -> bool:
    """DM-1, DM-9: a card backs the announcement if it is of that suit or a joker."""
    return card.joker or card.suit == suit


def suit_words(suit: str) -> str:
    """'♠ pique': the symbol with its name, so no one depends on the symbol alone."""
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"


def card_list(cards: Sequence[Dealt]) -> str:
    return join_names([c.name for c in cards])


# --- actions ---------------------------------------------------------------------------


@quick_init
@dataclass(frozen=True)
class Announce(Action):
    """DM-3: the round's starter names the suit every play will claim."""

    suit: str


@quick_init
@dataclass(frozen=True)
class Play(Action):
    """Cards of one's hand, by uid in hand order, put face down as the announced suit
    (lying allowed)."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class Accuse(Action):
    """DM-7: the previous active player lied in their last play."""


_ACCUSE = Accuse()
_ANNOUNCES = tuple(Announce(suit) for suit in ANNOUNCEABLE)


@lru_cache(maxsize=128)
def moves_of(uids: tuple[int, ...], most: int, accuse: bool) -> tuple[Action, ...]:
    """The accusation if it may be made, then every play of these cards up to `most` at
    once (none from an empty hand, DM-6): kept a while, for a hand asked again (by its
    seat's view, by a test's checks); `allows` judges a play without them."""
    sizes = range(1, min(most, len(uids)) + 1)
    plays = tuple(map(Play, chain.from_iterable(combinations(uids, size) for size in sizes)))
    return (_ACCUSE, *plays) if accuse else plays


# --- events ----------------------------------------------------------------------------


@quick_init
@dataclass(frozen=True)
class RoundStarted(Event):
    number: int
    starter: str
    players: tuple[str, ...]

    def describe(self) -> str:
        return f"Manche {self.number} : {HAND_SIZE} cartes à chacun·e, {self.starter} commence."


@quick_init
@dataclass(frozen=True)
class SuitAnnounced(Event):
    """`player` is empty when the app drew the suit (the random announcement)."""

    suit: str
    player: str = ""
    drawn: bool = False

    def describe(self) -> str:
        who = "Le hasard" if self.drawn else self.player
        return f"{who} annonce {suit_words(self.suit)}."


@quick_init
@dataclass(frozen=True)
class CardsPlayed(Event):
    """A face-down play, public as a count."""

    seat: int
    player: str
    count: int
    suit: str
    left: int

    def describe(self) -> str:
        return (
            f"{self.player} pose {plural(self.count, 'carte')} face cachée en annonçant "
            f"{suit_words(self.suit)} (il lui en reste {self.left})."
        )


@quick_init
@dataclass(frozen=True)
class OwnPlay(Event):
    """The faces of a play, seen by the player who made it."""

    seat: int
    player: str
    cards: tuple[Dealt, ...]

    def describe(self) -> str:
        return f"Tu as posé en vrai : {card_list(self.cards)}."

    def describe_openly(self) -> str:
        return f"{self.player} a posé en vrai : {card_list(self.cards)}."


@quick_init
@dataclass(frozen=True)
class Accused(Event):
    accuser: int
    accused: int
    accuser_name: str
    accused_name: str
    forced: bool

    def describe(self) -> str:
        why = " (plus de cartes en main)" if self.forced else ""
        return f"{self.accuser_name} accuse {self.accused_name} de mentir{why} !"


@quick_init
@dataclass(frozen=True)
class PlayRevealed(Event):
    """DM-3 of the challenge: the accused turns the cards of the last play, for everyone."""

    reveals = True
    seat: int
    player: str
    cards: tuple[Dealt, ...]
    suit: str
    truthful: bool

    def describe(self) -> str:
        verdict = "disait vrai" if self.truthful else "mentait"
        return f"{self.player} retourne {card_list(self.cards)} : {verdict}."


@quick_init
@dataclass(frozen=True)
class PackFlipped(Event):
    """The loser of a challenge turns the top card of their pack: an Ace eliminates."""

    reveals = True
    seat: int
    player: str
    card: Dealt
    left: int

    @property
    def ace(self) -> bool:
        return self.card.card.rank == ACE

    def describe(self) -> str:
        if self.ace:
            return f"{self.player} retourne l'As de son paquet : éliminé·e !"
        return (
            f"{self.player} retourne un {self.card.card.label} : sauvé·e, "
            f"{plural(self.left, 'carte')} dans son paquet."
        )


@quick_init
@dataclass(frozen=True)
class GameWon(Event):
    seat: int
    player: str

    def describe(self) -> str:
        return f"{self.player} reste seul·e en jeu et gagne la partie !"


@quick_init
@dataclass(frozen=True)
class Challenge:
    """How a challenge ended: who accused whom, who was right, what the loser turned."""

    accuser: int
    accused: int
    truthful: bool
    turned: PlayingCard

    @property
    def loser(self) -> int:
        return self.accuser if self.truthful else self.accused


# --- the state -------------------------------------------------------------------------


@dataclass
class LastPlay:
    """A face-down play of this round: who made it and its cards (seen by its author)."""

    seat: int
    cards: Zone


@dataclass
class DeckMenteurState(ZonedState):
    players: tuple[str, ...]
    options: Mapping[str, Any]
    packs: list[Zone]
    """Each seat's face-down pack, top card first; nobody sees it (DM-8)."""
    flipped: list[Zone]
    """The pack cards each seat turned over, for everyone to see."""
    hands: list[Zone]
    pile: Zone
    """The common pile's cards not dealt this round."""
    plays: list[LastPlay] = field(default_factory=list)
    """This round's face-down plays, oldest first."""
    out: list[int] = field(default_factory=list)
    """Eliminated seats, in the order they fell."""
    phase: str = ANNOUNCE
    turn: int = 0
    starter: int = 0
    announced: str = ""
    round: int = 0
    next_uid: int = 0
    challenge: Challenge | None = None
    """How the last challenge ended: the handoff of the next round tells it (`verdict`)."""

    # --- queries -------------------------------------------------------------------

    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def alive(self, seat: int) -> bool:
        return seat not in self.out

    @property
    def alive_seats(self) -> list[int]:
        return [s for s in range(self.seats) if s not in self.out]

    def next_alive(self, seat: int) -> int:
        after = self.seat_after(seat, self.alive)
        return seat if after is None else after

    @property
    def last_play(self) -> LastPlay | None:
        return self.plays[-1] if self.plays else None

    @property
    def max_play(self) -> int:
        """DM-4: the whole hand, or at most 3 cards under the option."""
        return self.options.get("max_cartes", WHOLE_HAND) or HAND_SIZE

    def can_accuse(self) -> bool:
        """DM-7: only the previous active player's last play; never the round's first move."""
        return self.phase == PLAY and self.last_play is not None

    def must_accuse(self) -> bool:
        """DM-6: an empty hand has nothing else to do."""
        return self.phase == PLAY and len(self.hands[self.turn]) == 0

    def legal_actions(self) -> list[Action]:
        if self.phase == ANNOUNCE:
            return list(_ANNOUNCES)
        if self.phase != PLAY:
            return []
        uids = tuple([c.uid for c in self.hands[self.turn].cards])
        return list(moves_of(uids, self.max_play, bool(self.plays)))

    def allows(self, action: Action) -> bool:
        """As `legal_actions` lists the moves, judged without listing them: the robots name
        their plays rather than pick them from the list, and a hand of five has 31."""
        kind = type(action)
        if kind is Announce:
            return self.phase == ANNOUNCE and action.suit in ANNOUNCEABLE
        if kind is Accuse:
            return self.can_accuse()
        if kind is Play:
            return self.phase == PLAY and self.holds_in_order(action.cards)
        return super().allows(action)

    def holds_in_order(self, uids: tuple[int, ...]) -> bool:
        """Whether `uids` name 1 to `max_play` cards of the hand to move, in hand order, as
        `moves_of` lists its plays."""
        if not isinstance(uids, tuple) or not 0 < len(uids) <= self.max_play:
            return False
        hand = iter([c.uid for c in self.hands[self.turn].cards])
        return all(uid in hand for uid in uids)  # each found further on than the last

    def refusal(self, action: Action) -> str:
        if isinstance(action, Announce):
            if self.phase != ANNOUNCE:
                return "La couleur de la manche est déjà annoncée."
            return "On annonce trèfle, pique ou carreau (les cœurs ne sont pas dans la pioche)."
        if self.phase == ANNOUNCE:
            return "Annonce d'abord la couleur de la manche."
        if isinstance(action, Accuse):
            return "Personne n'a encore posé de cartes dans cette manche : pas d'accusation."
        if isinstance(action, Play):
            if self.must_accuse():
                return "Tu n'as plus de cartes : tu dois accuser le joueur précédent."
            if not action.cards:
                return "Choisis au moins une carte à poser."
            if len(action.cards) > self.max_play:
                return f"On pose au plus {self.max_play} cartes à la fois."
            return "Tu ne peux poser que des cartes de ta main, chacune une fois."
        return super().refusal(action)

    def verdict(self, seat: int | None) -> str:
        """How the last challenge ended, as `seat` reads it (« tu » where it took part);
        None for the table."""
        c = self.challenge
        if c is None:
            return ""
        names = self.players
        turned = "l'As : éliminé·e" if c.turned.rank == ACE else f"un {c.turned.label}"
        flips = "tu retournes" if c.loser == seat else f"{names[c.loser]} retourne"
        if seat == c.accused:
            truth = "tu disais vrai" if c.truthful else "tu mentais"
            return f"{names[c.accuser]} t'accusait, {truth} : {flips} {turned}."
        truth = "qui disait vrai" if c.truthful else "qui mentait"
        who = "Tu accusais" if seat == c.accuser else f"{names[c.accuser]} accusait"
        return f"{who} {names[c.accused]}, {truth} : {flips} {turned}."

    def prompt(self) -> str:
        """What the seat to move must answer, with nothing hidden in it."""
        verdict = self.verdict(self.turn)
        told = f"{verdict} Nouvelle manche" if verdict else "nouvelle manche"
        if self.phase == ANNOUNCE:
            return f"{told} — à toi d'annoncer la couleur."
        play = self.last_play
        if play is None:
            return f"{told}, couleur {suit_words(self.announced)} — à toi d'ouvrir."
        who, count = self.players[play.seat], len(play.cards)
        posed = f"{who} a posé {plural(count, 'carte')} en annonçant {suit_words(self.announced)}"
        if self.must_accuse():
            return f"{posed} — tu n'as plus de cartes, tu dois l'accuser."
        return f"{posed} — {'la' if count == 1 else 'les'} crois-tu ?"

    def outcome(self) -> Outcome | None:
        """Ranked by elimination order, the last standing first; the score is the cards left
        in one's pack (none once eliminated)."""
        if self.phase != OVER:
            return None
        scores = tuple(len(self.packs[s]) if self.alive(s) else 0 for s in range(self.seats))
        fallen = tuple(
            self.out.index(s) if s in self.out else self.seats for s in range(self.seats)
        )
        winner = self.players[self.alive_seats[0]]
        summary = f"{winner} reste seul·e en jeu."
        return Outcome(scores, ranks_from_scores(fallen), summary, ending=LAST_STANDING)

    def claimed(self, seat_excluded: int) -> int:
        """Cards claimed this round by the other seats: each play claims the announced suit."""
        return sum(len(p.cards) for p in self.plays if p.seat != seat_excluded)

    # --- privacy -------------------------------------------------------------------

    def zones(self) -> list[Zone]:
        return [*self.packs, *self.flipped, *self.hands, self.pile, *(p.cards for p in self.plays)]

    def view(self, seat: int | None) -> DeckMenteurState:
        """What `seat` may see; None is a spectator, who sees no hand."""
        return DeckMenteurState(
            self.players,
            self.options,
            packs=[z.seen_from(seat) for z in self.packs],
            flipped=[z.seen_from(seat) for z in self.flipped],
            hands=[z.seen_from(seat) for z in self.hands],
            pile=self.pile.seen_from(seat),
            plays=[LastPlay(p.seat, p.cards.seen_from(seat)) for p in self.plays],
            out=list(self.out),
            phase=self.phase,
            turn=self.turn,
            starter=self.starter,
            announced=self.announced,
            round=self.round,
            next_uid=self.next_uid,
            challenge=self.challenge,
        )

    # --- moves ---------------------------------------------------------------------

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        if isinstance(action, Announce):
            self.announced, self.phase = action.suit, PLAY
            return [SuitAnnounced(action.suit, self.players[self.turn])]
        if isinstance(action, Play):
            return self._play(action.cards)
        return self._challenge(rng)

    def _play(self, uids: tuple[int, ...]) -> list[Event]:
        seat, hand = self.turn, self.hands[self.turn]
        cards = tuple([c for c in hand.cards if c.uid in uids])  # legal plays are in hand order
        kept = tuple([c for c in hand.cards if c.uid not in uids])
        self.hands[seat] = Zone(kept, hand.seen_by)
        self.plays.append(LastPlay(seat, Zone(cards, (seat,))))
        self.turn = self.next_alive(seat)
        name = self.players[seat]
        return [
            CardsPlayed(seat, name, len(cards), self.announced, len(kept)),
            OwnPlay(seat, name, cards, audience=(seat,)),
        ]

    def _challenge(self, rng: Random) -> list[Event]:
        accuser, play = self.turn, self.plays[-1]
        accused = play.seat
        truthful = all(matches(c.card, self.announced) for c in play.cards)
        events: list[Event] = [
            Accused(
                accuser,
                accused,
                self.players[accuser],
                self.players[accused],
                forced=self.must_accuse(),
            ),
            PlayRevealed(
                accused, self.players[accused], play.cards.cards, self.announced, truthful
            ),
        ]
        loser = accuser if truthful else accused
        top, *rest = self.packs[loser].cards
        self.packs[loser] = self.packs[loser].holding(rest)
        self.flipped[loser] = self.flipped[loser].holding([*self.flipped[loser], top])
        events.append(PackFlipped(loser, self.players[loser], top, len(rest)))
        self.challenge = Challenge(accuser, accused, truthful, top.card)
        starter = loser
        if top.card.rank == ACE:
            self.out.append(loser)
            starter = self.next_alive(loser)
        alive = self.alive_seats
        if len(alive) == 1:
            self.phase = OVER
            winner = alive[0]
            return [*events, GameWon(winner, self.players[winner])]
        return events + self._new_round(starter, rng)

    def _new_round(self, starter: int, rng: Random) -> list[Event]:
        """DM-5: every card of the common pile back, reshuffled, five to each seat in play."""
        deck = self.fresh(shuffled(common_pile(), rng))
        self.round += 1
        self.plays = []
        self.starter = self.turn = starter
        alive = self.alive_seats
        events: list[Event] = [
            RoundStarted(self.round, self.players[starter], tuple([self.players[s] for s in alive]))
        ]
        for seat in range(self.seats):
            if seat in alive:
                self.hands[seat] = Zone(deck[:HAND_SIZE], (seat,))
                deck = deck[HAND_SIZE:]
                events.append(
                    HandDealt(seat, self.players[seat], self.hands[seat].cards, audience=(seat,))
                )
            else:
                self.hands[seat] = Zone(NOBODY, (seat,))
        self.pile = Zone(deck, NOBODY)
        if self.options.get("annonce", STARTER) == RANDOM:
            self.announced, self.phase = rng.choice(ANNOUNCEABLE), PLAY
            events.append(SuitAnnounced(self.announced, drawn=True))
        else:
            self.announced, self.phase = "", ANNOUNCE
        return events
