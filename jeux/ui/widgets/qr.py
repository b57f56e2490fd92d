"""A QR code drawn with half blocks, two rows of modules to a line of text, dark on light
whatever the theme, so that a phone's camera reads it off the screen."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

from ..glyphs import PICTURE

QUIET = 2
"""Light modules around the code: scanners need a margin (the standard asks four, two do)."""
INK = Style(color="black", bgcolor="white", meta=PICTURE)
HALVES = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def modules(text: str) -> list[list[bool]]:
    """The dark modules of the smallest QR code for `text`, with its quiet zone."""
    import segno  # the `web` extra's: only a shared table's screen draws a code

    matrix = [[bool(m) for m in row] for row in segno.make(text, error="l").matrix]
    size = len(matrix) + 2 * QUIET
    blank = [[False] * size for _ in range(QUIET)]
    return blank + [[False] * QUIET + row + [False] * QUIET for row in matrix] + blank


class QrCode(Widget):
    DEFAULT_CSS = "QrCode { width: auto; height: auto; }"

    def __init__(self, text: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self._rows: list[list[bool]] = []
        self.show(text)

    def show(self, text: str) -> None:
        self._rows = modules(text) if text else []
        self.display = bool(text)
        self.refresh(layout=True)

    def get_content_width(self, container, viewport) -> int:
        return len(self._rows[0]) if self._rows else 0

    def get_content_height(self, container, viewport, width) -> int:
        return (len(self._rows) + 1) // 2

    def render_line(self, y: int) -> Strip:
        if 2 * y >= len(self._rows):
            return Strip.blank(self.size.width)
        top = self._rows[2 * y]
        bottom = self._rows[2 * y + 1] if 2 * y + 1 < len(self._rows) else [False] * len(top)
        text = "".join(HALVES[pair] for pair in zip(top, bottom, strict=True))
        return Strip([Segment(text, INK)])
