"""The game's narration: wrapped plain text, never markup, so names show literally."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog


class GameLog(RichLog):
    DEFAULT_CSS = """
    GameLog {
        border: round $foreground 30%; height: 1fr; min-height: 4; scrollbar-size-vertical: 1;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(
            max_lines=500, min_width=16, wrap=True, markup=False, highlight=False, **kwargs
        )
        self.border_title = "Journal"

    def narrate(self, lines: Iterable[str]) -> None:
        for line in lines:
            if line:
                self.write(Text(line))

    def on_resize(self, event: Resize) -> None:
        """The log shrinks as the score sheet above it grows: keep the newest line in view."""
        super().on_resize(event)
        self.scroll_end(animate=False, x_axis=False)
