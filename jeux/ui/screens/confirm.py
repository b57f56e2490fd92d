"""A yes/no question as a modal, dismissed with True or False; one with room for a last word."""

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS = [
        ("escape", "answer(False)", "Non"),
        ("o", "answer(True)", "Oui"),
        ("n", "answer(False)", "Non"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(self.question))
            with Horizontal(classes="buttons"):
                yield Button("Oui (o)", id="yes", variant="primary")
                yield Button("Non (n)", id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class NoteScreen(ModalScreen[str | None]):
    """A question that ends something, with room for a last word: dismisses with the word
    (perhaps empty) once confirmed, None to go on. A game says it in its own words: the
    `question`, the `invite` to write, the `confirm` button (its id `confirm_id`), the word's
    `limit`, and what Escape does in BINDINGS."""

    DEFAULT_CSS = """
    NoteScreen { align: center middle; }
    NoteScreen #note { margin: 1 0 0 0; }
    """
    BINDINGS = [Binding("escape", "cancel", "Continuer")]
    invite = ""
    confirm = ""
    confirm_id = "confirm"
    limit = 0

    def question(self) -> Content:
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question())
            yield Static(Content(self.invite))
            yield Input(placeholder="facultatif", id="note", max_length=self.limit)
            with Horizontal(classes="buttons"):
                yield Button(f"{self.confirm} (Entrée)", id=self.confirm_id, variant="primary")
                yield Button("Continuer (Échap)", id="cancel")

    def on_input_submitted(self) -> None:
        self.dismiss(self.query_one("#note", Input).value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == self.confirm_id:
            self.dismiss(self.query_one("#note", Input).value)
        else:
            self.action_cancel()

    def action_cancel(self) -> None:
        self.dismiss(None)
