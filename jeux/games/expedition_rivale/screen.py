"""L'Expédition Rivale on the card table: the other seat's hand as backs, both rows of played
artifacts and the deck in the centre, and the cards to choose from as rows that read in full
(name, type, value; the card under the cursor shows its condition and effect above them).

A number or a click picks a card and shows it whole; the same number, a second click or Entrée
plays it. The Tablette's look is the player's own decision on their own screen: the cards
looked at are listed only in their view, and the screen passes on before the other plays.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from rich.cells import cell_len
from textual.binding import Binding
from textual.content import Content
from textual.widgets import Static

from jeux.engine.core import Action, Event
from jeux.ui.card_table import Answer, CardTable, Centre, Opponent
from jeux.ui.widgets.card import Card, CardData
from jeux.ui.widgets.hand import Hand
from jeux.ui.widgets.score_sheet import SheetData

from . import present
from .rules import (
    BY_KEY,
    TURN,
    Discarded,
    Draw,
    ExpeditionState,
    ExtraTurn,
    Laid,
    Pass,
    Pick,
    Play,
    Stolen,
)

NAME_CELLS = 24


class ArtifactRow(Card):
    """One artifact on a line: its key, playable mark, name, type and value."""

    def render(self) -> Content:
        card = self.card or CardData()
        width = max(1, self.content_size.width)
        name = card.title if cell_len(card.title) <= NAME_CELLS else card.title[:NAME_CELLS]
        line = f"{self.caption or ' '} {card.corner} {name:<{NAME_CELLS}} {card.text}"
        return Content(line[:width])

    def watch_caption(self, caption: str) -> None:
        self.refresh()


class ArtifactList(Hand):
    card_type = ArtifactRow


class ExpeditionScreen(CardTable):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        Binding("p", "draw", "Piocher"),
        Binding("s", "pass_turn", "Passer"),
    ]

    def compose_board(self):
        for widget in super().compose_board():
            yield ArtifactList(id="hand") if widget.id == "hand" else widget

    # --- what the table shows -----------------------------------------------------

    def opponents(self, state: ExpeditionState) -> list[Opponent]:
        if self.shown_seat is None:
            return [Opponent(s, state.hand_size(s)) for s in (0, 1)]
        other = 1 - self.shown_seat
        return [Opponent(other, state.hand_size(other), present.known_note(state, self.shown_seat))]

    def hand(self, state: ExpeditionState) -> Sequence[tuple[Hashable, CardData]]:
        seat = self.shown_seat
        return [
            (
                card.key,
                CardData(
                    present.row_mark(state, seat, card),
                    title=card.name,
                    text=f"{card.kind:<10} {card.value}",
                ),
            )
            for card in present.choices(state, seat)
        ]

    def choice_limit(self, state: ExpeditionState) -> int:
        """One card at a time, whenever the seat on screen decides: a card that cannot be
        laid can still be picked to be read in full."""
        return int(self.mine(state) and bool(self.hand(state)))

    def confirm(self, chosen: Sequence[Hashable]) -> Action | None:
        keys = list(chosen)
        if not keys:  # an empty hand: drawing is the move
            return None
        state = self.visible_state()
        if state.phase != TURN:
            return Pick(str(keys[0]))
        card = BY_KEY[str(keys[0])]
        if card.key not in present.can_play(state, self.shown_seat):
            self.app.say(f"{card.name} : condition non remplie.", "warning")
            return None
        return Play(card.key)

    def centre(self, state: ExpeditionState) -> Centre:
        return Centre(present.table_text(state, self.shown_seat))

    def question(self, state: ExpeditionState) -> str:
        return present.question(state, self.shown_seat)

    def answers(self, state: ExpeditionState) -> list[Answer]:
        seat = self.shown_seat
        if not self.mine(state):
            return []
        legal = state.legal_actions()
        answers = []
        if Draw() in legal:
            answers.append(
                Answer("Piocher", "p", "draw", primary=not present.can_play(state, seat))
            )
        if state.phase != TURN:
            answers.append(Answer("Choisir", "Entrée", "confirm", primary=True))
        elif present.can_play(state, seat):
            answers.append(Answer("Poser", "Entrée", "confirm", primary=True))
        if Pass() in legal:
            answers.append(Answer("Passer", "s", "pass_turn"))
        return answers

    def turn_text(self, state: ExpeditionState) -> str:
        return present.turn_text(state)

    def sheet(self, state: ExpeditionState) -> SheetData:
        scores = present.totals(state)
        best = max(scores)
        return SheetData(
            state.players,
            present.sheet_rows(state),
            tuple(str(s) for s in scores),
            frozenset(s for s, v in enumerate(scores) if v == best and best),
        )

    # --- the chooser: pick, see the whole card, play ---------------------------------

    def toggle(self, index: int) -> None:
        """A card picked again (or Entrée) is played; another one is shown whole first."""
        if not self.key_counts():
            return
        if not self.choice_limit(self.visible_state()) or index >= len(self.hand_keys):
            return
        key = self.hand_keys[index]
        if self.chosen == [key]:
            self.action_confirm()
            return
        self.cursor, self.chosen = index, [key]
        self.mark_hand()

    def action_cursor(self, step: int) -> None:
        if self.hand_keys:
            self.cursor = (self.cursor + step) % len(self.hand_keys)
            self.chosen = [self.hand_keys[self.cursor]]
            self.mark_hand()

    def mark_hand(self) -> None:
        super().mark_hand()
        state, keys = self.visible_state(), self.hand_keys
        text = ""
        if self.shown_seat is not None and keys:
            card = BY_KEY[str(keys[min(self.cursor, len(keys) - 1)])]
            text = present.detail(state, self.shown_seat, card)
        self.query_one("#peek", Static).update(Content(text))
        rows = self.hand_row.cards
        if rows:
            rows[min(self.cursor, len(rows) - 1)].scroll_visible(animate=False)

    # --- animation ------------------------------------------------------------------

    async def animate_event(self, event: Event) -> None:
        if isinstance(event, Laid | Discarded | Stolen | ExtraTurn):
            self.query_one("#question", Static).update(Content(event.describe()))
            await self.pause(0.5)

    # --- input ----------------------------------------------------------------------

    def my_actions(self) -> list[Action]:
        """The seat on screen's legal actions (none while another decides)."""
        state = self.visible_state()
        if not self.mine(state):
            return []
        return state.legal_actions()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "draw":
            return Draw() in self.my_actions()
        if action == "pass_turn":
            return Pass() in self.my_actions()
        return super().check_action(action, parameters)

    def action_draw(self) -> None:
        self.act(Draw())

    def action_pass_turn(self) -> None:
        self.act(Pass())

    def keys_for(self, action: Action) -> list[str]:
        if isinstance(action, Draw):
            return ["p"]
        if isinstance(action, Pass):
            return ["s"]
        if isinstance(action, Play | Pick):
            index = self.hand_keys.index(action.card)
            picked = self.chosen == [action.card]
            return ["enter"] if picked else [str(index + 1), "enter"]
        return super().keys_for(action)


SCREEN = ExpeditionScreen
