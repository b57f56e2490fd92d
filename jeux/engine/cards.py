"""Cards and decks shared by the card games; decks shuffle with the injected rng.

A card on the table is a `Dealt`: its face and a uid fresh at every deal, so an action names
it in JSON and a card seen before it went back into the deck says nothing of where it lies
now. Cards lie in `Zone`s, which say who may see their faces; a seat's view of a zone keeps
only the count of the cards it may not see."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from random import Random
from typing import Any

from .core import Event, State, quick_init
from .text import de, join_names

SUITS = ("pique", "coeur", "carreau", "trefle")
JOKER = "joker"
SUIT_SYMBOLS = {"pique": "♠", "coeur": "♥", "carreau": "♦", "trefle": "♣", JOKER: "★"}
SUIT_ASCII = {"pique": "P", "coeur": "C", "carreau": "K", "trefle": "T", JOKER: "*"}
SUIT_NAMES = {"pique": "pique", "coeur": "cœur", "carreau": "carreau", "trefle": "trèfle"}
RED_SUITS = frozenset({"coeur", "carreau"})
RANK_LABELS = {1: "A", 11: "V", 12: "D", 13: "R", 14: "A"}
RANK_NAMES = {1: "As", 11: "Valet", 12: "Dame", 13: "Roi", 14: "As"}
"""In sentences the figures are named in full: « D de carreau » reads as nothing."""


@dataclass(frozen=True)
class PlayingCard:
    """A standard card; `rank` runs 2..14 when aces are high (Scoundrel), 1..13 otherwise.
    A joker has the suit JOKER and rank 0."""

    rank: int
    suit: str

    @property
    def joker(self) -> bool:
        return self.suit == JOKER

    @property
    def label(self) -> str:
        return "Jo" if self.joker else RANK_LABELS.get(self.rank, str(self.rank))

    @property
    def red(self) -> bool:
        return self.suit in RED_SUITS

    def describe(self) -> str:
        rank = RANK_NAMES.get(self.rank, str(self.rank))
        return "joker" if self.joker else f"{rank} de {SUIT_NAMES[self.suit]}"

    @property
    def name(self) -> str:
        """As every game's own cards are named in its events."""
        return self.describe()


def shuffled(cards: Iterable, rng: Random) -> list:
    """A new list of the cards in an order drawn from `rng`."""
    deck = list(cards)
    rng.shuffle(deck)
    return deck


@dataclass(frozen=True)
class Dealt:
    """One card where it lies since the last deal; `uid` tells apart equal faces (two jokers)."""

    uid: int
    card: PlayingCard

    @property
    def name(self) -> str:
        return self.card.name


def deal_ids(cards: Iterable[PlayingCard], first_uid: int) -> tuple[Dealt, ...]:
    """The cards, in this order, under fresh uids from `first_uid` on."""
    faces = tuple(cards)
    return tuple(map(Dealt, range(first_uid, first_uid + len(faces)), faces))


_set = object.__setattr__
NOBODY: tuple[int, ...] = ()
EVERYONE = None


@dataclass(frozen=True, init=False)
class Zone:
    """Cards lying together (a hand, a face-down pack, a play) and who may see their faces:
    `seen_by` EVERYONE (None), NOBODY (a face-down pack, the deck) or those seats (a hand).

    `hidden` counts cards present but not shown: a seat's view of a zone it may not see keeps
    no card, only how many there are."""

    cards: tuple[Dealt, ...] = ()
    seen_by: tuple[int, ...] | None = NOBODY
    hidden: int = 0

    def __init__(
        self,
        cards: tuple[Dealt, ...] = (),
        seen_by: tuple[int, ...] | None = NOBODY,
        hidden: int = 0,
    ) -> None:
        # Through object.__setattr__, as a frozen dataclass does: filling `__dict__` would
        # build quicker, but Python 3.11 then reads every field of the zone through its
        # slow generic path, and a zone is read far more often than built.
        _set(self, "cards", cards)
        _set(self, "seen_by", seen_by)
        _set(self, "hidden", hidden)

    def __len__(self) -> int:
        return len(self.cards) + self.hidden

    def __iter__(self) -> Iterator[Dealt]:
        return iter(self.cards)

    def visible_to(self, seat: int | None) -> bool:
        return self.seen_by is None or seat in self.seen_by

    def seen_from(self, seat: int | None) -> Zone:
        """This zone as `seat` sees it (None: a spectator): all of it, or only its count.
        Spelt out rather than through `visible_to` and `len`: views are built at every
        decision, and each call costs as much as the test."""
        seen_by = self.seen_by
        if seen_by is None or seat in seen_by:
            return self
        return counted_zone(seen_by, len(self.cards) + self.hidden)

    def secrets_for(self, seat: int | None) -> frozenset[Dealt]:
        return frozenset() if self.visible_to(seat) else frozenset(self.cards)

    def holding(self, cards: Iterable[Dealt]) -> Zone:
        """The same place and audience with other cards."""
        return Zone(tuple(cards), self.seen_by)

    def without(self, cards: Iterable[Dealt]) -> Zone:
        gone = tuple(cards)  # a few cards: comparing is cheaper than hashing their faces
        return self.holding([c for c in self.cards if c not in gone])  # a list: quicker to tuple

    def by_uid(self, uid: int) -> Dealt | None:
        for card in self.cards:
            if card.uid == uid:
                return card
        return None


def seen_zones(zones: Iterable[Zone], seat: int | None) -> list[Zone]:
    """Each zone as `seat` sees it (`Zone.seen_from`), spelt out in one loop: the hands of a
    view, built at every decision, cost a call each otherwise."""
    return [
        zone
        if zone.seen_by is None or seat in zone.seen_by
        else counted_zone(zone.seen_by, len(zone.cards) + zone.hidden)
        for zone in zones
    ]


@cache
def counted_zone(seen_by: tuple[int, ...] | None, count: int) -> Zone:
    """A zone seen as its count only: built once for each owner and size, as views are built
    at every decision (a zone is immutable, so one serves them all)."""
    return Zone(NOBODY, seen_by, count)


class ZonedState(State):
    """A match whose cards lie in `Zone`s, under uids it hands out from `next_uid` on."""

    next_uid: int

    @abstractmethod
    def zones(self) -> list[Zone]:
        """Every zone that holds cards now."""

    def secrets(self, seat: int) -> frozenset[Dealt]:
        return frozenset().union(*(z.secrets_for(seat) for z in self.zones()))

    def fresh(self, cards: Iterable[Any]) -> tuple[Dealt, ...]:
        """The cards, in this order, under the next free uids."""
        dealt = deal_ids(cards, self.next_uid)
        self.next_uid += len(dealt)
        return dealt


def deal_hidden(zones: Iterable[Zone], pool: list, first_uid: int) -> tuple[list[Zone], int]:
    """The zones with their hidden cards dealt, in order, from the front of `pool` (which
    this consumes) under fresh uids from `first_uid` on, and the next free uid: a deal a
    seat's view may stand for, when `pool` is the cards it cannot see, shuffled."""
    dealt = []
    for zone in zones:
        if zone.hidden:
            cards = deal_ids(pool[: zone.hidden], first_uid)
            del pool[: zone.hidden]
            first_uid += len(cards)
            zone = Zone(cards, zone.seen_by)
        dealt.append(zone)
    return dealt, first_uid


# --- the events every card game tells alike ----------------------------------------------
# A card in them is a `Dealt` or a game's own card: whatever it is, it has a `name`.


@quick_init
@dataclass(frozen=True)
class HandDealt(Event):
    """A seat's new hand, seen by that seat only."""

    reveals = True
    seat: int
    player: str
    cards: tuple[Any, ...]

    def describe(self) -> str:
        return f"Ta main : {self.names()}."

    def describe_openly(self) -> str:
        return f"Main {de(self.player)} : {self.names()}."

    def names(self) -> str:
        return join_names([card.name for card in self.cards])


@quick_init
@dataclass(frozen=True)
class DrewCard(Event):
    """The face of a drawn card, for the one who drew it."""

    reveals = True
    seat: int
    player: str
    card: Any

    def describe(self) -> str:
        return f"Tu pioches {self.card.name}."

    def describe_openly(self) -> str:
        return f"Carte piochée par {self.player} : {self.card.name}."
