"""A line to write on a game's board, beside the game's own keys."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Input


class GameField(Input):
    """A text field among a game's commands: letters are moves elsewhere, so it is focused
    only on request (its key or a click), and Escape hands the keys back to the game. A game
    may name that in the footer in its own words (BINDINGS with another description)."""

    BINDINGS = [Binding("escape", "leave", "Quitter le champ")]

    def action_leave(self) -> None:
        self.screen.set_focus(None)

    def on_blur(self) -> None:
        """Left, a line longer than the field is shown from its start, as one reads it."""
        self.show_start()

    def rewrite(self, text: str) -> None:
        """Another line in the field, shown from its start unless the player is in it."""
        self.value = text
        if not self.has_focus:
            self.show_start()

    def show_start(self) -> None:
        self.scroll_to(x=0, animate=False, force=True)  # unforced, an Input follows its cursor
