"""A labelled gauge (instability, health, fatigue…) with its numbers in text too."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static


class Gauge(Static):
    DEFAULT_CSS = """
    Gauge { height: 1; width: auto; }
    """

    def show(
        self,
        label: str,
        value: int,
        maximum: int,
        danger: bool = False,
        text: str = "",
        cells: int = 0,
    ) -> None:
        """`text` replaces the "value/maximum" after the bar (a value below 0, a state).
        `cells`: the bar's width when one cell per point would not fit (50 Knowledge); it
        then fills in proportion. 0: one cell per point."""
        glyphs = self.app.glyphs
        value = max(0, min(value, maximum))
        width = cells or maximum
        filled = value * width // maximum
        bar = glyphs.full * filled + glyphs.empty * (width - filled)
        style = "bold $error" if danger else "bold $success"
        shown = text or f"{value}/{maximum}"
        self.update(Content.assemble(f"{label} ", (bar, style), f" {shown}"))
