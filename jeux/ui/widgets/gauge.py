"""A labelled gauge (instability, health, fatigue…) with its numbers in text too."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static


class Gauge(Static):
    DEFAULT_CSS = """
    Gauge { height: 1; width: auto; }
    """

    def show(self, label: str, value: int, maximum: int, danger: bool = False) -> None:
        glyphs = self.app.glyphs
        value = max(0, min(value, maximum))
        bar = glyphs.full * value + glyphs.empty * (maximum - value)
        style = "bold $error" if danger else "bold $success"
        self.update(Content.assemble(f"{label} ", (bar, style), f" {value}/{maximum}"))
