"""Pass the computer: an opaque screen that shows nothing of anyone's hidden state."""

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static


class HandoffScreen(Screen[None]):
    """Names the next player and, when it is not simply their turn, why they must decide
    ("Marc : Lina t'accuse — à toi de répondre")."""

    BINDINGS = [("enter", "ready", "Je suis prêt·e"), ("space", "ready", "")]

    def __init__(self, player: str, reason: str = "") -> None:
        super().__init__()
        self.player = player
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(
                Content.from_markup("Passe l'ordinateur à [b]$name[/b].", name=self.player),
                id="handoff-title",
            )
            if self.reason:
                yield Static(
                    Content.from_markup("$name : $reason", name=self.player, reason=self.reason),
                    id="handoff-reason",
                )
            yield Static("Les autres ne regardent pas ? Alors appuie sur Entrée.")
            yield Button("Je suis prêt·e", id="ready", variant="primary")

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_ready(self) -> None:
        self.dismiss(None)
