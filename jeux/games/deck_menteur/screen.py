"""Deck menteur on the card table: the announced suit and the face-down plays in the centre,
the other seats' hands and packs as counts, one's own hand to choose from, and the challenge
turned over for everyone before the screen passes on.

Between humans the screen is handed over at every turn; after a challenge the whole table
watches the reveal, so the screen turns to a spectator's view until the next handoff.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from textual.binding import Binding
from textual.content import Content
from textual.widgets import Static

from jeux.engine.cards import SUIT_NAMES, PlayingCard
from jeux.engine.core import Action, Event
from jeux.ui.card_table import Answer, CardTable, Centre, Opponent
from jeux.ui.widgets.card import CardData
from jeux.ui.widgets.score_sheet import SheetData

from .present import (
    challenge_cards,
    peek_text,
    question,
    sheet_rows,
    table_text,
    turn_text,
)
from .rules import (
    ANNOUNCE,
    PLAY,
    Accuse,
    Accused,
    Announce,
    CardsPlayed,
    DeckMenteurState,
    GameWon,
    HandDealt,
    PackFlipped,
    Play,
    PlayRevealed,
    SuitAnnounced,
)

SUIT_KEYS = {"trefle": "t", "pique": "p", "carreau": "c"}


class DeckMenteurScreen(CardTable):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        Binding("a", "accuse", "Accuser"),
        Binding("t", "announce('trefle')", "Trèfle"),
        Binding("p", "announce('pique')", "Pique"),
        Binding("c", "announce('carreau')", "Carreau"),
    ]

    # --- what the table shows -----------------------------------------------------

    def face(self, card: PlayingCard) -> CardData:
        suits = self.app.glyphs.suits
        if card.joker:
            return CardData("", suits["joker"], False, "Joker")
        return CardData(card.label, suits[card.suit], card.red)

    def opponents(self, state: DeckMenteurState) -> list[Opponent]:
        return [
            Opponent(
                seat,
                len(state.hands[seat]),
                f"paquet {len(state.packs[seat])}" if state.alive(seat) else "éliminé·e",
                not state.alive(seat),
            )
            for seat in self.others(state)
        ]

    def hand(self, state: DeckMenteurState) -> Sequence[tuple[Hashable, CardData]]:
        return self.dealt_hand(state.hands, self.face)

    def choice_limit(self, state: DeckMenteurState) -> int:
        if not self.mine(state) or state.phase != PLAY or state.must_accuse():
            return 0
        return state.max_play

    def confirm(self, chosen: Sequence[Hashable]) -> Action | None:
        if not chosen:
            self.app.say("Choisis d'abord les cartes à poser (1-9 ou clic).", "warning")
            return None
        return Play(tuple(chosen))  # type: ignore[arg-type]

    def centre(self, state: DeckMenteurState) -> Centre:
        play = state.last_play
        verdict = state.verdict(None if self.sees_all else self.shown_seat)  # a replay: openly
        if play is not None or not verdict:
            return Centre(table_text(state), (None,) * len(play.cards) if play else ())
        cards = challenge_cards(self.match.events)
        return Centre(verdict, tuple(self.face(c.card) for c in cards))

    def peek(self, state: DeckMenteurState) -> str:
        return peek_text(state, self.shown_seat)

    def question(self, state: DeckMenteurState) -> str:
        return question(state, self.shown_seat)

    def answers(self, state: DeckMenteurState) -> list[Answer]:
        if not self.mine(state):
            return []
        if state.phase == ANNOUNCE:
            suits = self.app.glyphs.suits
            return [
                Answer(f"{suits[s]} {SUIT_NAMES[s].capitalize()}", k, f"announce('{s}')")
                for s, k in SUIT_KEYS.items()
            ]
        answers = []
        if not state.must_accuse():
            answers.append(Answer("Poser", "Entrée", "confirm", primary=True))
        if state.can_accuse():
            answers.append(Answer("Accuser", "a", "accuse", primary=state.must_accuse()))
        return answers

    def turn_text(self, state: DeckMenteurState) -> str:
        return turn_text(state)

    def seat_status(self, state: DeckMenteurState, seat: int) -> tuple[str, bool]:
        return "", not state.alive(seat)

    def sheet(self, state: DeckMenteurState) -> SheetData:
        return SheetData(state.players, sheet_rows(state), target=f"Manche {state.round}")

    # --- animation ------------------------------------------------------------------

    def say_centre(self, text: str) -> None:
        self.query_one("#centre-text", Static).update(Content(text))

    async def animate_event(self, event: Event) -> None:
        row = self.centre_row
        if isinstance(event, SuitAnnounced):
            self.say_centre(event.describe())
            await self.pause(0.4)
        elif isinstance(event, CardsPlayed):
            self.say_centre(event.describe())
            await row.show([None] * event.count)
            for card in row.cards:
                await card.deal(self.seconds(0.15))
        elif isinstance(event, Accused):
            self.say_centre(event.describe())
            await self.pause(0.6)
        elif isinstance(event, PlayRevealed):
            self.spectate()  # the whole table watches from here on
            await row.show([None] * len(event.cards))
            for card, dealt in zip(row.cards, event.cards, strict=True):
                await card.flip_to(self.face(dealt.card), self.seconds(0.3))
            self.say_centre(event.describe())
            await self.pause(0.8)
        elif isinstance(event, PackFlipped):
            await row.show([*(c.card for c in row.cards), None])
            await row.cards[-1].deal(self.seconds(0.2))
            await row.cards[-1].flip_to(self.face(event.card.card), self.seconds(0.4))
            self.say_centre(event.describe())
            await self.pause(1.2)
        elif isinstance(event, HandDealt) and event.seat == self.shown_seat:
            hand = self.hand_row
            hand.display = True
            await hand.show([self.face(c.card) for c in event.cards])
            for card in hand.cards:
                await card.deal(self.seconds(0.12))
        elif isinstance(event, GameWon):
            self.say_centre(event.describe())
            await self.pause(1.0)

    # --- input ----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = self.visible_state()
        if action == "announce":
            return self.mine(state) and state.phase == ANNOUNCE
        if action == "accuse":
            return self.mine(state) and state.can_accuse()
        return super().check_action(action, parameters)

    def action_announce(self, suit: str) -> None:
        self.act(Announce(suit))

    def action_accuse(self) -> None:
        self.act(Accuse())

    def keys_for(self, action: Action) -> list[str]:
        if isinstance(action, Announce):
            return [SUIT_KEYS[action.suit]]
        if isinstance(action, Accuse):
            return ["a"]
        if isinstance(action, Play):
            return [*self.keys_to_choose(action.cards), "enter"]
        return super().keys_for(action)


SCREEN = DeckMenteurScreen
