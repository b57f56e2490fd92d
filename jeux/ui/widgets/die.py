"""A die: `DieFace` draws a face, `Die` sizes it, tumbles it and tells when it is clicked."""

from __future__ import annotations

import asyncio
from random import Random

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.style import Style
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..glyphs import UNICODE, BigDigits

FPS = 24
PIPS = {
    1: ("     ", "  o  ", "     "),
    2: ("o    ", "     ", "    o"),
    3: ("o    ", "  o  ", "    o"),
    4: ("o   o", "     ", "o   o"),
    5: ("o   o", "  o  ", "o   o"),
    6: ("o   o", "o   o", "o   o"),
}
_tumble = Random()  # cosmetic only: the match's dice come from its own rng


def big_number(value: int, font: BigDigits = UNICODE.big_digits) -> tuple[str, str, str]:
    """A number three rows tall ("?" before the first roll)."""
    glyphs = [font[d] for d in (str(value) if value >= 1 else "?")]
    top, middle, bottom = ("".join(g[r] for g in glyphs) for r in range(3))
    return top, middle, bottom


class DieFace:
    """Three lines of pips for a d6, or the number for a larger die (three rows tall if big)."""

    def __init__(
        self,
        value: int,
        sides: int,
        pip: str,
        style: Style,
        big: bool = False,
        font: BigDigits = UNICODE.big_digits,
    ) -> None:
        self.value, self.sides, self.pip, self.style = value, sides, pip, style
        self.big = big and sides != 6
        self.font = font

    def lines(self) -> tuple[str, str, str]:
        if self.big:
            return big_number(self.value, self.font)
        if self.value < 1:
            return ("     ", "  ?  ", "     ")
        if self.sides == 6:
            return tuple(row.replace("o", self.pip) for row in PIPS[self.value])
        return ("     ", f"{self.value:^5}", "     ")

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for row in self.lines():
            yield Segment(row, self.style)
            yield Segment.line()


class Die(Widget):
    """One die. State arrives as attributes; a click posts `Die.Clicked`."""

    DEFAULT_CSS = """
    Die {
        width: 9; height: 5;
        border: round $foreground 60%;
        border-subtitle-align: center;
        padding: 0 1;
        content-align: center middle;
    }
    Die.-tumbling { border: round $accent; }
    Die.-selectable { border: round $success; }
    Die.-selected { border: double $warning; background: $warning 15%; }
    Die.-kept { border: round $primary; background: $primary 20%; }
    Die.-locked { border: heavy $error 70%; color: $text-muted; }
    Die.-void { color: $text-disabled; border: dashed $foreground 30%; }
    Die.-big { width: 12; }
    Die:hover { background: $boost; }
    """

    value: reactive[int] = reactive(0)
    """The face shown once settled (0: not rolled yet)."""
    caption: reactive[str] = reactive("")
    """Text under the die: its key, or why it is set aside."""

    class Clicked(Message):
        def __init__(self, die: Die) -> None:
            super().__init__()
            self.die = die

    def __init__(self, sides: int = 6, index: int = 0, big: bool = False, **kwargs) -> None:
        """`big`: a die with numbers (d20…) shows them three rows tall, for a lone star die."""
        super().__init__(**kwargs)
        self.sides = sides
        self.big = big and sides != 6
        self.set_class(self.big, "-big")
        self.index = index
        self._shown = 0
        self._frames = 0
        self._timer = None
        self._done: asyncio.Future | None = None

    def render(self) -> DieFace:
        glyphs = getattr(self.app, "glyphs", UNICODE)
        face = self._shown if self._frames else self.value
        return DieFace(face, self.sides, glyphs.pip, Style(bold=True), self.big, glyphs.big_digits)

    def watch_caption(self, caption: str) -> None:
        self.border_subtitle = caption

    def set_state(self, *, kept=False, locked=False, selectable=False, selected=False, void=False):
        self.set_class(kept, "-kept")
        self.set_class(locked, "-locked")
        self.set_class(selectable, "-selectable")
        self.set_class(selected, "-selected")
        self.set_class(void, "-void")

    def roll_to(self, value: int, seconds: float) -> asyncio.Future:
        """Tumble for `seconds`, then settle on `value`; the future resolves when settled."""
        self.settle()
        self._done = asyncio.get_running_loop().create_future()
        self.value = value
        self._frames = max(0, round(seconds * FPS))
        if not self._frames:
            self._finish()
            return self._done
        self.add_class("-tumbling")
        self._timer = self.set_interval(1 / FPS, self._tick)
        return self._done

    def _tick(self) -> None:
        self._frames -= 1
        self._shown = _tumble.randint(1, self.sides)
        if self._frames <= 0:
            self._finish()
        self.refresh()

    def settle(self) -> None:
        """Stop tumbling at once (a key skips the animation)."""
        if self._frames:
            self._frames = 0
            self._finish()

    def _finish(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.remove_class("-tumbling")
        self.refresh()
        if self._done is not None and not self._done.done():
            self._done.set_result(None)

    def on_click(self) -> None:
        self.post_message(self.Clicked(self))
