"""Choose a seat at the table: the target of a War, a partner, the player to swap with.

The picker lists every seat under its number (its place at the table), says which may be
chosen and why the others may not, and answers the number keys and clicks. It holds no rule:
the screen gives it, for each seat, the French reason it cannot be chosen (empty when it
can), usually the engine's refusal of the action aimed at that seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

MAX_SEATS = 9
"""Seats reachable by a number key."""
CHOICE_KEYS = Binding.Group("Choisir", compact=True)


@dataclass(frozen=True)
class SeatChoice:
    """One seat as the picker shows it; `name` is shown literally."""

    seat: int
    name: str
    detail: str = ""
    """Shown after the name, e.g. "12 pts · à l'abri" or "toi"."""
    refusal: str = ""
    """Why this seat cannot be chosen, in French (a notice when pressed); empty: it can."""

    @property
    def allowed(self) -> bool:
        return not self.refusal


class SeatLine(Static):
    """One seat of the picker; a click chooses it (or explains why not)."""

    def __init__(self, seat: int) -> None:
        super().__init__(classes="seat-line")
        self.seat = seat

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(SeatPicker.Clicked(self.seat))


class CancelLine(Static):
    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(SeatPicker.Clicked(None))


class SeatPicker(Vertical, can_focus=True):
    """Open it with `show(title, choices)`: it takes the focus, so its keys come first and the
    footer reads « esc Retour » while it is open (« Annuler » is undo's). It answers with
    `Picked` or `Cancelled`."""

    DEFAULT_CSS = """
    SeatPicker { height: auto; display: none; }
    SeatPicker > .seat-line { height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    SeatPicker > .seat-line:hover { background: $boost; }
    SeatPicker > .seat-line.-refused { color: $text-muted; }
    SeatPicker > #picker-title { text-style: bold; }
    SeatPicker > #picker-cancel { color: $text-muted; }
    SeatPicker > #picker-cancel:hover { background: $boost; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Retour"),
        *(
            Binding(str(n), f"choose({n - 1})", "Choisir", group=CHOICE_KEYS)
            for n in range(1, MAX_SEATS + 1)
        ),
        # Hidden twins: a seat that may not be chosen (or is not there) says why.
        *(Binding(str(n), f"explain({n - 1})", show=False) for n in range(1, MAX_SEATS + 1)),
    ]

    class Picked(Message):
        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    class Cancelled(Message):
        pass

    class Clicked(Message):
        """A line was clicked (None: the cancel line); handled by the picker itself."""

        def __init__(self, seat: int | None) -> None:
            super().__init__()
            self.seat = seat

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.choices: dict[int, SeatChoice] = {}
        self.chosen = False
        """A seat was picked since the picker was last shown."""

    def compose(self) -> ComposeResult:
        yield Static(id="picker-title")
        yield CancelLine(Content("Échap : annuler"), id="picker-cancel")

    @property
    def is_open(self) -> bool:
        return bool(self.display)

    def show(self, title: str | Content, choices: Sequence[SeatChoice]) -> None:
        """Open (or redraw) the picker with these seats, and take the focus."""
        self.choices = {c.seat: c for c in choices}
        self.chosen = False
        self.query_one("#picker-title", Static).update(title)
        lines = list(self.query(SeatLine))
        for line in lines[len(choices) :]:
            line.remove()
        for index, choice in enumerate(choices):
            if index < len(lines):
                line = lines[index]
                line.seat = choice.seat
            else:
                line = SeatLine(choice.seat)
                self.mount(line, before="#picker-cancel")
            line.update(self.line_text(choice))
            line.set_class(not choice.allowed, "-refused")
        self.display = True
        self.focus()
        self.refresh_bindings()

    def hide(self) -> None:
        if self.has_focus:
            self.screen.set_focus(None)
        self.display = False

    @staticmethod
    def line_text(choice: SeatChoice) -> Content:
        detail = f" · {choice.detail}" if choice.detail else ""
        style = "bold" if choice.allowed else ""
        return Content.assemble(f"{choice.seat + 1} ", (choice.name, style), detail)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":
            choice = self.choices.get(parameters[0])
            return choice is not None and choice.allowed
        if action == "explain":
            choice = self.choices.get(parameters[0])
            return choice is None or not choice.allowed
        return True

    def action_choose(self, seat: int) -> None:
        """Choose `seat`: the picker closes with its choice and takes no other until it is
        shown again, so that a second key pressed before the move is played (quick fingers)
        cannot choose on a board that is no longer there."""
        if self.chosen:
            return
        choice = self.choices.get(seat)
        if choice is None or not choice.allowed:
            self.action_explain(seat)
            return
        self.chosen = True
        self.hide()
        self.post_message(self.Picked(seat))

    def action_explain(self, seat: int) -> None:
        choice = self.choices.get(seat)
        reason = choice.refusal if choice else f"Il n'y a pas de joueur {seat + 1} à cette table."
        self.notify(reason, severity="warning", markup=False)

    def action_cancel(self) -> None:
        self.post_message(self.Cancelled())

    def on_seat_picker_clicked(self, message: Clicked) -> None:
        message.stop()
        if message.seat is None:
            self.action_cancel()
        else:
            self.action_choose(message.seat)
