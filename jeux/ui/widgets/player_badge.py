"""One seat on one line: symbol, name (literal), a short status; the seat to move stands out."""

from __future__ import annotations

from textual.color import Color
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


MIN_CONTRAST = 4.5
"""WCAG AA for text: a player's colour on the badge's background reads at least this well."""


def luminance(color: Color) -> float:
    """WCAG's relative luminance, 0 (black) to 1 (white)."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b)


def contrast(one: Color, other: Color) -> float:
    """WCAG's contrast ratio, 1 (the same) to 21 (black on white)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def readable(color: Color, background: Color) -> Color:
    """`color`, lightened on a dark background or darkened on a light one, until text in it
    reads on `background` (red on the tan of the seat to move did not)."""
    lighter = luminance(background) < 0.18  # nearer black than white, contrast-wise
    for _ in range(20):
        if contrast(color, background) >= MIN_CONTRAST:
            break
        color = color.lighten(0.05) if lighter else color.darken(0.05)
    return color


class PlayerBadge(Static):
    DEFAULT_CSS = """
    PlayerBadge { width: auto; height: 1; padding: 0 1; margin: 0 1 0 0; }
    PlayerBadge.-active { background: $accent 35%; text-style: bold; }
    PlayerBadge.-out { color: $text-disabled; text-style: strike; }
    """

    def __init__(self, name: str, symbol: str = "", color: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self.player_name, self.symbol, self.color = name, symbol, COLORS.get(color, "")
        self._status: tuple[str, bool, bool] = ("", False, False)
        """(detail, active, away) as last set."""

    def set_status(
        self, detail: str = "", *, active: bool = False, out: bool = False, away: bool = False
    ) -> None:
        """`away`: a player of a shared table whose screen is not connected now (○, as the
        table screen says it)."""
        self._status = (detail, active, away)
        self.set_class(active, "-active")
        self.set_class(out, "-out")
        self.refresh(layout=True)

    def render(self) -> Content:
        """Drawn with the background as it is now (the seat to move has its own), so that
        the player's colour is shaded to read on it."""
        detail, active, away = self._status
        out = self.has_class("-out")
        glyphs = self.app.glyphs
        name = glyphs.clip(self.player_name, NAME_CELLS)
        marker = f"{glyphs.turn} " if active else (f"{glyphs.skull} " if out else "")
        background = self.background_colors[1]
        text = "" if out else readable(self.styles.color, background).hex  # out: greyed
        shade = readable(Color.parse(self.color), background).hex if self.color else text
        return Content.assemble(
            (marker, text),
            (f"{self.symbol} " if self.symbol else "", f"bold {shade}".strip()),
            (name, shade),
            (f" {detail}" if detail else "", text),
        ) + (Content.styled(" ○", "$text-muted") if away else Content())
