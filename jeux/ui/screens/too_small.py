"""Shown over everything while the terminal is under 80×24; resizing back restores the game."""

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static


class TooSmallScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen > Static { width: auto; max-width: 100%; text-align: center; }
    """
    BINDINGS = [("escape", "noop", "")]

    def compose(self) -> ComposeResult:
        if self.app.is_web:  # `jeux serve`: a browser can also shrink its text
            ask = "Fenêtre trop petite (80×24 au moins).\nAgrandis-la ou dézoome (Ctrl et −) :\n"
        else:
            ask = "Terminal trop petit.\nAgrandis la fenêtre à 80×24 au moins :\n"
        yield Static(ask + "la partie reprend là où elle était.", markup=False)

    def action_noop(self) -> None:
        """Escape must not reveal a screen that cannot fit."""
