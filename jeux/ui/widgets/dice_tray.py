"""A row of dice that roll together; keys 1..n and clicks pick a die."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from textual.containers import HorizontalGroup
from textual.message import Message

from .die import Die


class DiceTray(HorizontalGroup):
    DEFAULT_CSS = """
    DiceTray { height: auto; width: auto; }
    DiceTray > Die { margin: 0 1 0 0; }
    """

    class Picked(Message):
        """A die was clicked: `index` is its place in the tray."""

        def __init__(self, tray: DiceTray, index: int) -> None:
            super().__init__()
            self.tray = tray
            self.index = index

    def __init__(self, count: int, sides: int = 6, **kwargs) -> None:
        super().__init__(*(Die(sides, i) for i in range(count)), **kwargs)

    @property
    def dice(self) -> list[Die]:
        return list(self.query_children(Die))

    def show(self, values: Sequence[int], captions: Sequence[str] = ()) -> None:
        for i, die in enumerate(self.dice):
            die.value = values[i] if i < len(values) else 0
            die.caption = captions[i] if i < len(captions) else ""

    async def roll(self, values: dict[int, int], seconds: float) -> None:
        """Tumble the dice at these indices and wait until all have settled; others stay."""
        dice = self.dice
        # Staggered stops read as separate dice, not one block.
        await asyncio.gather(
            *(
                dice[i].roll_to(v, seconds * (1 + 0.25 * n))
                for n, (i, v) in enumerate(sorted(values.items()))
            )
        )

    def settle(self) -> None:
        for die in self.dice:
            die.settle()

    def on_die_clicked(self, message: Die.Clicked) -> None:
        message.stop()
        self.post_message(self.Picked(self, message.die.index))
