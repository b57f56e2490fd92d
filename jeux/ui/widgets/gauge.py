"""A labelled gauge (instability, health, fatigue…) with its numbers in text too."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static


class Gauge(Static):
    DEFAULT_CSS = """
    Gauge { height: 1; width: auto; }
    """

    def show(
        self, label: str, value: int, maximum: int, danger: bool = False, text: str = ""
    ) -> None:
        """`text` replaces the "value/maximum" after the bar (a value below 0, a state)."""
        glyphs = self.app.glyphs
        filled = max(0, min(value, maximum))
        bar = glyphs.full * filled + glyphs.empty * (maximum - filled)
        style = "bold $error" if danger else "bold $success"
        shown = text or f"{filled}/{maximum}"
        self.update(Content.assemble(f"{label} ", (bar, style), f" {shown}"))
