"""A coin on one line: it spins between its two faces, then lands; the side is always in text."""

from __future__ import annotations

import asyncio

from textual.content import Content
from textual.widgets import Static

FPS = 12
EDGE = "|"


class Coin(Static):
    """`show(side, note)` sets it at once; `flip_to(side, seconds, note)` spins, then lands.

    Sides are words ("Pile", "Face"), so the result never depends on colour or glyphs."""

    DEFAULT_CSS = """
    Coin { width: auto; height: 1; }
    Coin.-spinning { text-style: bold; }
    """

    def __init__(
        self, label: str = "Pièce", sides: tuple[str, str] = ("Pile", "Face"), **kwargs
    ) -> None:
        super().__init__(**kwargs)
        self.label, self.sides = label, sides
        self._settle = False

    def _frame(self, face: str, note: str = "", landed: bool = True) -> Content:
        width = max(len(side) for side in self.sides)
        shown = f"{face:^{width}}"
        style = "bold reverse" if landed else "bold"
        parts: list[str | tuple[str, str]] = [f"{self.label} ", ("(", ""), (shown, style)]
        parts.append(")")
        if note:
            parts.append(f" {note}")
        return Content.assemble(*parts)

    def show(self, side: str | None, note: str = "") -> None:
        """The coin at rest on `side`, or a blank face when no coin was flipped."""
        self.remove_class("-spinning")
        self.update(self._frame(side or "—", note, landed=bool(side)))

    async def flip_to(self, side: str, seconds: float, note: str = "") -> None:
        """Alternate the faces (with the edge in between) for `seconds`, then land on `side`."""
        self._settle = False
        frames = round(seconds * FPS)
        if frames > 0:
            self.add_class("-spinning")
            cycle = [self.sides[0], EDGE, self.sides[1], EDGE]
            for i in range(frames):
                if self._settle:
                    break
                self.update(self._frame(cycle[i % len(cycle)], landed=False))
                await asyncio.sleep(seconds / frames)
        self.show(side, note)

    def settle(self) -> None:
        """Stop spinning at the next frame (the player skipped the animation)."""
        self._settle = True
