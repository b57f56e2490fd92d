"""What the real shared-table tests share: copies of jeux in tmux on one data folder, the
host driven through setup to its table screen, the match read back from the database to know
what each seat holds, and the check that a seat's screen shows no card it may not see."""

from __future__ import annotations

import json
import re
import socket
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from jeux.catalog import load_game
from jeux.cli import tmux
from jeux.cli.tmux import Setup, Terminal, Terminals, jeux_command, tmux_available
from jeux.engine.cards import JOKER, RANK_LABELS, SUIT_SYMBOLS, Dealt, PlayingCard, ZonedState
from jeux.engine.core import Action, Event, State
from jeux.engine.match import Match
from jeux.games.coffre_et_cle import present as coffre_text
from jeux.games.coffre_et_cle.rules import ROLE_NAMES, RoleCard
from jeux.games.deck_menteur import present as deck_text
from jeux.games.deck_menteur.rules import ANNOUNCE, Accuse, Announce, Play
from jeux.store.records import Claim
from jeux.ui.card_table import HAND_KEYS
from jeux.web.doors import LOCK_FILE

from ..privacy import parts

STEP = 30.0
"""Bound on any one awaited step (a jeux starting, a move reaching the other screens): far
above what a busy 2-core machine needs; only a hang reaches it."""
RANKS = {rank: RANK_LABELS.get(rank, str(rank)) for rank in range(1, 14)}
SUIT_OF = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}

needs_tmux = pytest.mark.skipif(not tmux_available(), reason="tmux est absent : test sauté.")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Folders:
    config: Path
    data: Path

    def jeux(self, *arguments: str) -> list[str]:
        return jeux_command(self.config, self.data, *arguments)

    def host_table(
        self, terminals: Terminals, *setup, before_play: Callable[[], None] = lambda: None, **named
    ) -> tuple[Terminal, dict[str, str]]:
        """The host's terminal on its table's match, and the codes (`tmux.host_table`)."""
        return tmux.host_table(terminals, self.jeux(), Setup(*setup, **named), STEP, before_play)

    @property
    def database(self) -> Path:
        return self.data / "jeux.sqlite3"


@contextmanager
def no_doors(folders: Folders) -> Iterator[None]:
    """The doors' lock, held by the test: the host's table screen then starts no doors
    process (they are not what a terminal test is about)."""
    claim = Claim(folders.data / "verrous" / LOCK_FILE)
    try:
        yield
    finally:
        claim.release()


def latest_match(folders: Folders) -> tuple[Match, str]:
    """The table's match as saved now, and its status."""
    with sqlite3.connect(folders.database) as db:
        saved, status = db.execute(
            "SELECT saved, status FROM matches ORDER BY id DESC LIMIT 1"
        ).fetchone()
    data = json.loads(saved)
    return Match.from_saved(load_game(data["game"]), data), status


@dataclass
class Seen:
    """Every card face each seat could see and every one hidden from it, state after state
    of a match: a face hidden from a seat at some point and never shown to it must never be
    on its screen."""

    match: Match
    shown: list[set[str]] = field(default_factory=list)
    hidden: list[set[str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        seats = len(self.match.seats)
        self.shown = [set() for _ in range(seats)]
        self.hidden = [set() for _ in range(seats)]
        replay = Match(self.match.game, self.match.seed, self.match.seats, self.match.options)
        self.look(replay.state, replay.events)
        for action in self.match.actions:
            events = replay.play(action)
            if not replay.over:
                self.look(replay.state, events)

    def look(self, state: State, events: list[Event]) -> None:
        """What each seat sees of a state and of the events that led to it (a play turned
        over is told, then gone back into the pile)."""
        cards = set(cards_of(state))
        for seat in range(state.seats):
            secret = state.secrets(seat)
            self.hidden[seat] |= {face_of(card) for card in secret}
            self.shown[seat] |= {face_of(card) for card in cards - secret}
            told = (part for e in events if e.seen_by(seat) for part in parts(e))
            self.shown[seat] |= {face_of(p) for p in told if isinstance(p, Dealt | RoleCard)}

    def forbidden(self, seat: int) -> list[re.Pattern]:
        """How the faces hidden from `seat`, and never shown to it, would be written."""
        return [ways_written(face) for face in self.hidden[seat] - self.shown[seat] if face]


def cards_of(state: State) -> list:
    """The cards of a match: in zones, or those of Le Coffre et la Clé."""
    if isinstance(state, ZonedState):
        return [card for zone in state.zones() for card in zone.cards]
    return state.cards()


def face_of(card) -> str:
    """What tells a card from others on a screen; "" for jokers, which look alike."""
    if isinstance(card, RoleCard):
        return card.name
    return "" if card.card.suit == JOKER else f"{card.card.label}{SUIT_SYMBOLS[card.card.suit]}"


def ways_written(face: str) -> re.Pattern:
    """A playing card in its corner (« 7♣ ») or in words (« 7 de trèfle »); a role on a card
    face (« │  Trésor  │ ») or on one's peek line."""
    if face in ROLE_NAMES.values():
        return re.compile(rf"│\s*{face}\s*│|Ta carte : {face}\b")
    rank, suit = face[:-1], face[-1]
    card = PlayingCard(next(r for r, label in RANKS.items() if label == rank), SUIT_OF[suit])
    return re.compile(f"{re.escape(face)}|{re.escape(card.describe())}")


def leaks(screen: str, forbidden: list[re.Pattern]) -> list[str]:
    return [found.group() for pattern in forbidden for found in pattern.finditer(screen)]


def turn_line(match: Match) -> str:
    present = deck_text if match.game.info.id == "deck_menteur" else coffre_text
    return present.turn_text(match.state)


def short_deck_move(match: Match) -> Action:
    """Announce trèfle, play one's first card, accuse at once: a round in three moves."""
    state = match.state
    if state.phase == ANNOUNCE:
        return Announce("trefle")
    if state.can_accuse():
        return Accuse()
    return Play((state.hands[state.turn].cards[0].uid,))


def deck_keys(match: Match, action: Action) -> list[str]:
    if isinstance(action, Announce):
        return ["t"]
    if isinstance(action, Accuse):
        return ["a"]
    hand = [c.uid for c in match.state.hands[match.state.turn]]
    return [HAND_KEYS[hand.index(uid)] for uid in action.cards] + ["Enter"]
