"""A card: `CardFace` draws a face or a back, `Card` flips and slides it in."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.style import Style
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

FPS = 24


@dataclass(frozen=True)
class CardData:
    """What a card shows: a corner (rank), a symbol (suit), a colour, an optional title and text.

    Games build these from their own cards; the widget knows no game."""

    corner: str = ""
    symbol: str = ""
    red: bool = False
    title: str = ""
    text: str = ""


class CardFace:
    """The inside of a card, `width` cells wide: corners, a big symbol, or a title and text."""

    def __init__(
        self, card: CardData | None, width: int, height: int, back: str, squeeze: int = 0
    ) -> None:
        self.card, self.width, self.height, self.back = card, width, height, back
        self.squeeze = squeeze
        """Columns hidden on each side while the card turns on its edge."""

    def lines(self) -> list[str]:
        pad = " " * self.squeeze
        return [f"{pad}{row}{pad}" for row in self._face(max(1, self.width - 2 * self.squeeze))]

    def _face(self, w: int) -> list[str]:
        h, card = self.height, self.card
        if card is None:
            return [(self.back * w)[:w] for _ in range(h)]
        corner = f"{card.corner}{card.symbol}"
        body = [f"{corner:<{w}}"[:w]]
        middle = [card.title, card.text] if card.title else [card.symbol * min(3, max(1, w // 4))]
        for text in middle:
            body += _wrap(text, w)
        body = body[: h - 1]
        body += [" " * w] * (h - 1 - len(body))
        body.append(f"{corner:>{w}}"[-w:])
        top, rest = body[0], body[1:-1]
        pad = (len(rest) - sum(1 for r in rest if r.strip())) // 2
        filled = [r for r in rest if r.strip()]
        rest = [" " * w] * pad + filled + [" " * w] * (len(rest) - pad - len(filled))
        return [top, *[f"{r:^{w}}"[:w] for r in rest], body[-1]]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        red = self.card is not None and self.card.red
        style = Style(color="red" if red else None, bold=True)
        for row in self.lines():
            yield Segment(row, style)
            yield Segment.line()


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = ""
        line = f"{line} {word}".strip()[:width]
    return [*lines, line] if line else lines


class Card(Widget):
    """One card. `card` None shows its back. `flip_to` and `deal` animate, then resolve."""

    DEFAULT_CSS = """
    Card {
        width: 13; height: 8;
        border: round $foreground 70%;
        border-subtitle-align: center;
        padding: 0 1;
    }
    Card.-back { color: $primary; }
    Card.-selectable { border: round $success; }
    Card.-selected { border: double $warning; background: $warning 15%; }
    Card.-cursor { border: heavy $accent; }
    Card.-cursor.-selected { border: double $accent; }
    Card.-gone { opacity: 40%; border: dashed $foreground 30%; }
    Card:hover { background: $boost; }
    """

    card: reactive[CardData | None] = reactive(None)
    caption: reactive[str] = reactive("")
    _slide: reactive[float] = reactive(0.0)
    """Offset, in cells to the right, while a card is being dealt."""

    class Clicked(Message):
        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def __init__(self, card: CardData | None = None, index: int = 0, **kwargs) -> None:
        super().__init__(**kwargs)
        self.set_reactive(Card.card, card)
        self.set_class(card is None, "-back")
        self.index = index
        self._squeeze = 0  # >0 while flipping: how many columns are hidden on each side
        self._settled = False  # a key ended the flip under way

    def render(self) -> CardFace:
        back = self.app.glyphs.back if hasattr(self.app, "glyphs") else "▚"
        size = self.content_size
        return CardFace(self.card, size.width, max(1, size.height), back, self._squeeze)

    def watch_card(self, card: CardData | None) -> None:
        self.set_class(card is None, "-back")

    def watch_caption(self, caption: str) -> None:
        self.border_subtitle = caption

    def watch__slide(self, value: float) -> None:
        self.styles.offset = (round(value), 0)

    async def flip_to(self, card: CardData | None, seconds: float) -> None:
        """Narrow the card to its edge, change its face, widen it again."""
        steps = max(0, round(seconds * FPS / 2))
        half = max(1, self.content_size.width // 2)
        self._settled = False
        for i in range(1, steps + 1):
            if self._settled:
                break
            self._squeeze = half * i // steps
            self.refresh()
            await asyncio.sleep(seconds / 2 / steps)
        self.card = card
        for i in range(steps - 1, -1, -1):
            if self._settled:
                break
            self._squeeze = half * i // steps
            self.refresh()
            await asyncio.sleep(seconds / 2 / steps)
        self._squeeze = 0
        self.refresh()

    async def deal(self, seconds: float, distance: float = 30.0) -> None:
        """Slide in from the right."""
        if seconds <= 0:
            return
        self._slide = distance
        done = asyncio.get_running_loop().create_future()
        self.animate(
            "_slide",
            0.0,
            duration=seconds,
            easing="out_cubic",
            on_complete=lambda: done.done() or done.set_result(None),
        )
        await done

    def settle(self) -> None:
        """End a flip at once (a key skips the animation); a deal is a tenth of a second."""
        self._settled = True

    def on_click(self) -> None:
        self.post_message(self.Clicked(self))
