"""Pass the computer: an opaque screen that shows nothing of anyone's hidden state."""

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static

from jeux.engine.core import State
from jeux.engine.text import de


def handoff_reason(state: State, seat: int, first: bool) -> str:
    """Why the screen passes to `seat`, in public words: the game's own reason (an attack to
    answer, what just happened), else whose turn it is; `first`: nothing played yet."""
    if reason := state.prompt():
        return reason
    turn = state.whose_turn()
    if turn is not None and turn != seat:
        return f"à toi de décider, pendant le tour {de(state.players[turn])}."
    return "la partie commence, à toi de jouer en premier." if first else "c'est ton tour."


class HandoffScreen(Screen[bool]):
    """Names the next player and why they must decide ("Marc : Lina t'accuse — à toi de
    répondre", "Marc : c'est ton tour.": `handoff_reason`). Dismisses with True when they are
    ready, False when Escape asks for the menu (so nobody must reveal a hand just to stop)."""

    BINDINGS = [
        ("enter", "ready", "Je suis prêt·e"),
        ("space", "ready", ""),
        ("f1", "rules", "Règles"),
        ("question_mark", "rules", ""),
        ("escape", "menu", "Menu"),
    ]

    def __init__(self, player: str, reason: str = "", game_id: str = "") -> None:
        super().__init__()
        self.player = player
        self.reason = reason
        self.game_id = game_id
        """Whose rules F1 opens: they show nobody's hand, so they may open before anyone is
        ready."""

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
            yield Static("F1 : les règles. Échap : revenir au menu.")
            yield Button("Je suis prêt·e", id="ready", variant="primary")

    def on_button_pressed(self) -> None:
        self.dismiss(True)

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_rules(self) -> None:
        from ..rules import RulesScreen

        if self.game_id:
            self.app.push_screen(RulesScreen(self.game_id))

    def action_menu(self) -> None:
        self.dismiss(False)
