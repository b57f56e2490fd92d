"""A yes/no question as a modal; dismisses with True or False."""

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static


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
