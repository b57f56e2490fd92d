"""The base of card screens: opponents' backs and counts along the top, the centre of the
table, a private peek, the question the seat must answer with its buttons, and the seat's own
hand with a chooser (keys 1–9, arrows and Space, or clicks; Entrée confirms).

A game says what each area holds from the state the screen draws (the view of the seat on
screen) and which action the chosen cards make; the base keeps the choice, the keys and the
layout. When a public reveal in a hot-seat game ends a seat's private moment (the whole table
watches a challenge), `spectate()` turns the screen to what anyone may see: no hand is drawn
until the next handoff. Card games on this table accept `view(None)`, a spectator's view.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Static

from jeux.engine.cards import Dealt
from jeux.engine.core import Action, Event, State
from jeux.engine.text import card_keys, de

from .game_screen import GameScreen
from .widgets.card import CardData
from .widgets.hand import Hand

HAND_KEYS = "123456789"
CARD_KEYS = tuple(
    Binding(k, f"choose({i})", "Cartes", key_display="1-9", show=i == 0)
    for i, k in enumerate(HAND_KEYS)
)
"""The number keys choose cards of the hand (a game may bind them to other choices)."""
KEY_NAMES = {"Entrée": "enter"}
"""Textual's name of a key that a button shows by another name."""


def literal(text: Content | str) -> Content:
    """Text that may hold a player's name, never read as markup."""
    return text if isinstance(text, Content) else Content(text)


@dataclass(frozen=True)
class Opponent:
    """Another seat as the table shows it: its cards face down, and a word of status."""

    seat: int
    cards: int
    note: str = ""
    out: bool = False
    count_word: str = ""
    """The word after the count of backs (« cartes »); a replay names the cards instead."""


@dataclass(frozen=True)
class Answer:
    """A button under the question, bound to a screen action and shown with its key."""

    label: str
    key: str
    action: str
    primary: bool = False


@dataclass(frozen=True)
class Centre:
    """The middle of the table: a line of text and a row of cards (None: a back)."""

    text: str = ""
    cards: tuple[CardData | None, ...] = ()
    captions: tuple[str, ...] = ()


class CardTable(GameScreen):
    DEFAULT_CSS = """
    CardTable #turn { margin: 0; }
    CardTable #opponents { height: auto; color: $text-muted; }
    CardTable #centre { height: auto; border-top: solid $foreground 20%; }
    CardTable #centre-text { height: auto; }
    CardTable #centre-cards { height: 5; }
    CardTable #peek { height: auto; color: $text-muted; }
    CardTable #question { height: auto; text-style: bold; }
    CardTable #answers { height: auto; }
    CardTable #answers > Button { width: auto; min-width: 0; margin: 0 1 0 0; }
    CardTable #hand { height: 5; }
    CardTable Hand > Card { width: 8; height: 5; padding: 0; }
    CardTable #centre-cards > Card { width: 7; margin: 0; }
    """
    BINDINGS = [
        *CARD_KEYS,
        Binding("left", "cursor(-1)", show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("space", "choose_cursor", show=False),
        Binding("enter", "confirm", "Valider", key_display="Entrée"),
    ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.chosen: list[Hashable] = []
        """Keys of the hand's cards chosen for the next action, in the order picked."""
        self.cursor = 0
        self.hand_keys: list[Hashable] = []
        """The keys of the cards drawn in the hand, left to right."""
        self._position: tuple[int | None, int] = (None, -1)
        """(seat on screen, actions played) of the board drawn: a choice lasts one decision."""
        self._answers: tuple[Answer, ...] = ()
        self.waiting = False
        """The question line says who is awaited (« Robot réfléchit… »)."""

    # --- hooks for the games -----------------------------------------------------------

    def opponents(self, state: State) -> list[Opponent]:
        """The seats shown along the top: usually those of `others(state)` (none by default)."""
        return []

    def others(self, state: State) -> list[int]:
        """Every seat but the one on screen, in order: the seats `opponents` shows."""
        return [seat for seat in range(state.seats) if seat != self.shown_seat]

    def hand(self, state: State) -> Sequence[tuple[Hashable, CardData]]:
        """The seat on screen's hand: (key naming the card in actions, its face); `dealt_hand`
        draws it for a game that keeps each seat's hand of `Dealt` cards."""
        return ()

    def dealt_hand(
        self, hands: Sequence[Iterable[Dealt]], face: Callable[[Any], CardData]
    ) -> Sequence[tuple[Hashable, CardData]]:
        """The seat on screen's cards among `hands` (one per seat), keyed by uid and drawn by
        the game's `face`; none for a spectator."""
        if self.shown_seat is None:
            return ()
        return [(c.uid, face(c.card)) for c in hands[self.shown_seat]]

    def mine(self, state: State) -> bool:
        """Whether the seat on screen is the one to move in `state`."""
        return state.decides(self.shown_seat)

    def choice_limit(self, state: State) -> int:
        """How many cards of the hand may be chosen now; 0 when the hand is not in play."""
        return 0

    def confirm(self, chosen: Sequence[Hashable]) -> Action | None:
        """The action the chosen cards make, or None after saying what is missing."""
        return None

    def centre(self, state: State) -> Centre:
        return Centre()

    def peek(self, state: State) -> Content | str:
        """What only the seat on screen knows besides its hand (a secret card, a role)."""
        return ""

    def question(self, state: State) -> Content | str:
        """What the seat on screen must decide now, in a sentence."""
        return ""

    def answers(self, state: State) -> Sequence[Answer]:
        """The buttons under the question."""
        return ()

    # --- layout ----------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield Static(id="opponents")
        with Vertical(id="centre"):
            yield Static(id="centre-text")
            yield Hand(id="centre-cards")
        yield Static(id="peek")
        yield Static(id="question")
        yield Horizontal(id="answers")
        yield Hand(id="hand")

    @property
    def hand_row(self) -> Hand:
        return self.query_one("#hand", Hand)

    @property
    def centre_row(self) -> Hand:
        return self.query_one("#centre-cards", Hand)

    # --- who sees what ----------------------------------------------------------------

    def visible_state(self) -> State:
        """As the base, but a screen that nobody owns shows a spectator's view."""
        state = self.match.state
        if self.shown_seat is None and state.to_move() is not None:
            return state.view(None)  # type: ignore[arg-type]
        return super().visible_state()

    def seen(self, events: Iterable[Event]) -> Iterable[Event]:
        """Lazily, so that `spectate()` during a move hides the rest of its private news."""
        return (e for e in events if e.seen_by(self.shown_seat) or self.match.over)

    def spectate(self) -> None:
        """Everyone watches the table now (a challenge turned over): until the next handoff,
        show only what anyone may see, and tell no more private news of this move."""
        if self.needs_handoff():
            self.shown_seat = None
            self.hand_row.display = False

    def show_secret(self, what: str, show: Callable[[], None]) -> None:
        """Show the seat on screen `what` only it may see (« la carte »): at once behind a
        handoff; while the screen faces the table, after a confirmation naming the seat
        (« Montrer la carte de Lina ? »), so no secret is one stray key away."""
        if not self.faces_table():
            show()
            return
        from .screens.confirm import ConfirmScreen

        name = self.match.state.players[self.shown_seat]
        question = ConfirmScreen(f"Montrer {what} {de(name)} ?")
        self.app.push_screen(question, lambda yes: show() if yes else None)

    # --- rendering ----------------------------------------------------------------------

    def show_state(self, state: State) -> None:
        position = (self.shown_seat, len(self.match.actions))
        if position != self._position:
            self._position, self.chosen = position, []
        self.hand_row.display = self.shown_seat is not None or state.to_move() is None
        self.show_opponents(state)
        centre = self.centre(state)
        self.query_one("#centre-text", Static).update(Content(centre.text))
        self.run_worker(self.centre_row.show(centre.cards, centre.captions), group="draw")
        self.query_one("#peek", Static).update(literal(self.peek(state)))
        awaited = state.to_move() is not None and not self.decides_here(state)
        self.waiting = awaited and not self.busy  # while a move is shown, nobody is awaited
        if awaited:
            question = self.waiting_text(state) if self.waiting else ""
        else:
            question = self.question(state)
        self.query_one("#question", Static).update(literal(question))
        self.show_answers(self.answers(state))
        self.query_one("#answers").display = True
        cards = list(self.hand(state))
        self.hand_keys = [key for key, _ in cards]
        self.chosen = [key for key in self.chosen if key in self.hand_keys]
        self.cursor = min(self.cursor, max(0, len(cards) - 1))
        self.run_worker(self._show_hand([face for _, face in cards]), group="draw")

    async def _show_hand(self, faces: list[CardData]) -> None:
        captions = [HAND_KEYS[i] if i < len(HAND_KEYS) else "" for i in range(len(faces))]
        await self.hand_row.show(faces, captions)
        self.mark_hand()

    def show_events(self, events: list[Event], seat: int | None) -> None:
        self.chosen = []  # that move's choice: keys pressed while it is shown choose anew
        super().show_events(events, seat)

    def mark_hand(self) -> None:
        live = self.choice_limit(self.visible_state()) > 0 and not self.busy
        chosen = {self.hand_keys.index(k) for k in self.chosen}
        self.hand_row.mark(chosen, self.cursor, live=live)

    def end_waiting(self) -> None:
        """The question just answered goes with its buttons, as « réfléchit… » does: the
        next ones come with the next drawing."""
        self.waiting = False
        self.query_one("#question", Static).update("")
        self.query_one("#answers").display = False

    def show_opponents(self, state: State) -> None:
        back = self.app.glyphs.back
        lines = []
        for other in self.opponents(state):
            name = self.app.glyphs.clip(state.players[other.seat], 12)
            style = "strike dim" if other.out else ""
            backs = back * min(other.cards, 9)
            lines.append(
                Content.assemble(
                    (f"{name:<12} ", style),
                    (f"{backs} {other.cards:>2} ", "bold" if other.cards else "dim"),
                    " · ".join(word for word in (other.count_word, other.note) if word),
                )
            )
        self.query_one("#opponents", Static).update(Content("\n").join(lines))

    def show_answers(self, answers: Sequence[Answer]) -> None:
        answers = tuple(answers)
        if answers == self._answers:
            return
        self._answers = answers
        self.button_words = {  # « 1-9 » in the footer names a list of answers, not one
            KEY_NAMES.get(a.key, a.key): a.label for a in answers if a.key not in HAND_KEYS
        }
        row = self.query_one("#answers", Horizontal)
        row.remove_children()
        buttons = []
        for answer in answers:
            button = Button(
                Content(f"{answer.label} ({answer.key})"),  # a label may name a player
                name=answer.action,
                variant="primary" if answer.primary else "default",
                compact=True,
            )
            button.can_focus = False
            buttons.append(button)
        row.mount_all(buttons)

    @on(Button.Pressed, "#answers > Button")
    async def answer_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        await self.run_action(event.button.name or "")

    # --- the chooser ------------------------------------------------------------------

    def key_counts(self) -> bool:
        """Whether a card's key counts now: during an animation only as GameScreen.interrupt
        allows, for the decision that follows it (which keeps what is chosen for it)."""
        if not self.busy:
            return True
        if not self.interrupt():
            return False
        self._position = (self.shown_seat, len(self.match.actions))
        return True

    def toggle(self, index: int) -> None:
        """Choose or put back the card at `index`; with a limit of one, it plays at once."""
        if not self.key_counts():
            return
        limit = self.choice_limit(self.visible_state())
        if not limit:
            if self.others_decide() and not self.busy:
                self.tell_waiting()
            return
        if index >= len(self.hand_keys):
            self.app.say(f"Pas de carte {index + 1} : {self.hand_range()}.", "warning")
            return
        self.cursor = index
        key = self.hand_keys[index]
        if self.busy and key not in dict(self.hand(self.visible_state())):
            # Pressed as the player's own move is shown: the hand drawn is the one before it.
            self.app.say("Cette carte n'est plus dans ta main.", "warning")
            return
        if key in self.chosen:
            self.chosen.remove(key)
        elif limit == 1:
            self.chosen = [key]
            self.action_confirm()
            return
        elif len(self.chosen) >= limit:
            self.app.say(f"Au plus {limit} cartes à la fois.", "warning")
        else:
            self.chosen.append(key)
        self.mark_hand()

    def action_choose(self, index: int) -> None:
        self.toggle(index)

    def action_choose_cursor(self) -> None:
        self.toggle(self.cursor)

    def action_cursor(self, step: int) -> None:
        if self.hand_keys:
            self.cursor = (self.cursor + step) % len(self.hand_keys)
            self.mark_hand()

    def on_hand_picked(self, message: Hand.Picked) -> None:
        message.stop()
        if message.hand is self.hand_row:
            self.toggle(message.index)

    def action_confirm(self) -> None:
        if self.busy and not self.chosen:
            self.skip()
            return
        chosen = [k for k in self.hand_keys if k in self.chosen]  # hand order
        if not chosen and self.hand_keys:  # Entrée alone takes the card the arrows point at
            chosen = [self.hand_keys[self.cursor % len(self.hand_keys)]]
        action = self.confirm(chosen)
        if action is not None:
            self.act(action)

    def keys_to_choose(self, keys: Iterable[Hashable]) -> list[str]:
        """The number keys that turn the current choice into exactly these cards."""
        wanted = set(keys)
        return [
            HAND_KEYS[i]
            for i, key in enumerate(self.hand_keys)
            if (key in wanted) != (key in self.chosen)
        ]

    def hand_range(self) -> str:
        """The keys of the cards in hand, « 1-5 » (or « 1 »)."""
        return card_keys(len(self.hand_keys))

    def choice_range(self) -> str:
        """The number keys that choose something now: the cards in hand, unless a game's
        number keys choose among other things (Le Coffre et la Clé's seats and slots)."""
        return self.hand_range()

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The footer names the number keys that choose something now, not all nine, and
        none while others decide."""
        bindings = super().active_bindings
        first = bindings.get(HAND_KEYS[0])
        if first is not None and first.binding.action.startswith("choose("):
            shown = replace(
                first.binding, key_display=self.choice_range(), show=not self.others_decide()
            )
            bindings[HAND_KEYS[0]] = first._replace(binding=shown)
        return bindings

    def others_decide(self) -> bool:
        """A robot or another screen decides now: a card key then says who."""
        state = self.match.state
        return state.to_move() is not None and not self.decides_here(state)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("choose", "choose_cursor", "cursor", "confirm"):
            if action == "choose" and self.others_decide():
                return True  # not in the footer, but pressed it says who decides (`toggle`)
            return self.shown_seat is not None and self.choice_limit(self.visible_state()) > 0
        return super().check_action(action, parameters)
