"""Cards and decks shared by the card games; decks shuffle with the injected rng."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from random import Random

SUITS = ("pique", "coeur", "carreau", "trefle")
SUIT_SYMBOLS = {"pique": "♠", "coeur": "♥", "carreau": "♦", "trefle": "♣"}
SUIT_ASCII = {"pique": "P", "coeur": "C", "carreau": "K", "trefle": "T"}
RED_SUITS = frozenset({"coeur", "carreau"})
RANK_LABELS = {1: "A", 11: "V", 12: "D", 13: "R", 14: "A"}


@dataclass(frozen=True)
class PlayingCard:
    """A standard card; `rank` runs 2..14 when aces are high (Scoundrel), 1..13 otherwise."""

    rank: int
    suit: str

    @property
    def label(self) -> str:
        return RANK_LABELS.get(self.rank, str(self.rank))

    @property
    def red(self) -> bool:
        return self.suit in RED_SUITS

    def describe(self) -> str:
        names = {"pique": "pique", "coeur": "cœur", "carreau": "carreau", "trefle": "trèfle"}
        return f"{self.label} de {names[self.suit]}"


def standard_deck(ranks: Iterable[int] = range(1, 14), suits: Iterable[str] = SUITS) -> list:
    suits = tuple(suits)
    return [PlayingCard(rank, suit) for suit in suits for rank in ranks]


def shuffled(cards: Iterable, rng: Random) -> list:
    """A new list of the cards in an order drawn from `rng`."""
    deck = list(cards)
    rng.shuffle(deck)
    return deck
