"""One seat on one line: symbol, name (literal), a short status; the seat to move stands out."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

COLORS = {
    "rouge": "red",
    "bleu": "dodgerblue",
    "vert": "green",
    "jaune": "gold",
    "violet": "mediumpurple",
    "cyan": "cyan",
    "orange": "darkorange",
    "rose": "hotpink",
}
NAME_CELLS = 12


class PlayerBadge(Static):
    DEFAULT_CSS = """
    PlayerBadge { width: auto; height: 1; padding: 0 1; margin: 0 1 0 0; }
    PlayerBadge.-active { background: $accent 35%; text-style: bold; }
    PlayerBadge.-out { color: $text-disabled; text-style: strike; }
    """

    def __init__(self, name: str, symbol: str = "", color: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self.player_name, self.symbol, self.color = name, symbol, COLORS.get(color, "")

    def set_status(
        self, detail: str = "", *, active: bool = False, out: bool = False, away: bool = False
    ) -> None:
        """`away`: a player of a shared table whose screen is not connected now (○, as the
        table screen says it)."""
        glyphs = self.app.glyphs
        name = glyphs.clip(self.player_name, NAME_CELLS)
        marker = f"{glyphs.turn} " if active else (f"{glyphs.skull} " if out else "")
        head = Content.assemble(
            marker,
            (f"{self.symbol} " if self.symbol else "", f"bold {self.color}".strip()),
            (name, self.color or ""),
        )
        self.update(
            head
            + Content(f" {detail}" if detail else "")
            + (Content.styled(" ○", "$text-muted") if away else Content())
        )
        self.set_class(active, "-active")
        self.set_class(out, "-out")
