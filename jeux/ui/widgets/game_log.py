"""The game's narration: wrapped plain text, never markup, so names show literally."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

MAX_LINES = 500


class GameLog(RichLog):
    DEFAULT_CSS = """
    GameLog {
        border: round $foreground 30%; height: 1fr; min-height: 4; scrollbar-size-vertical: 1;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(
            max_lines=MAX_LINES, min_width=16, wrap=True, markup=False, highlight=False, **kwargs
        )
        self.border_title = "Journal"
        self._said: list[str] = []
        """The lines narrated, kept to wrap them again when the width changes."""
        self._width = 0

    def narrate(self, lines: Iterable[str]) -> None:
        told = [line for line in lines if line][-MAX_LINES:]  # older ones would scroll away
        self._said += told
        del self._said[:-MAX_LINES]
        if not self.size.width:  # not laid out yet (behind a handoff): written once it is
            self._width = -1
        elif told:  # one write for them all: RichLog lays itself out again after each write
            self.write(Text("\n".join(told)))

    def clear(self) -> GameLog:
        self._said = []
        return super().clear()

    def on_resize(self, event: Resize) -> None:
        """Lines written while the log had no width (behind a handoff) wrap again once it has
        one: RichLog keeps the wrapping of the moment it wrote them. The log also shrinks as
        the score sheet above it grows: the newest line stays in view."""
        width = event.size.width
        if width and self._width and width != self._width:
            said = self._said
            self.clear()
            self.narrate(said)
        self._width = width or self._width
        self.scroll_end(animate=False, x_axis=False)
