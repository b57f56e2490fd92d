"""A row of cards picked by key or click; the cards chosen and the one under the cursor are
marked by the hand's owner (the hand holds no selection of its own: attributes down)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from textual.containers import HorizontalGroup
from textual.message import Message

from .card import Card, CardData


class Hand(HorizontalGroup):
    DEFAULT_CSS = """
    Hand { height: auto; width: auto; }
    Hand > Card { margin: 0 1 0 0; }
    """
    card_type: type[Card] = Card
    """The widget each card is drawn with: a game may draw its cards otherwise (as rows)."""

    class Picked(Message):
        def __init__(self, hand: Hand, index: int) -> None:
            super().__init__()
            self.hand = hand
            self.index = index

    async def show(self, cards: Sequence[CardData | None], captions: Sequence[str] = ()) -> None:
        """Make the hand hold exactly these cards, reusing the widgets already there."""
        widgets = list(self.query_children(Card))
        for extra in widgets[len(cards) :]:
            await extra.remove()
        for i, data in enumerate(cards):
            if i < len(widgets):
                widgets[i].card = data
            else:
                widgets.append(self.card_type(data, i))
                await self.mount(widgets[i])
            widgets[i].caption = captions[i] if i < len(captions) else ""

    def mark(self, chosen: Collection[int] = (), cursor: int | None = None, *, live: bool) -> None:
        """Show which cards are chosen and which the arrows point at; `live` when the hand
        may be chosen from now (its cards then look selectable)."""
        for i, card in enumerate(self.cards):
            card.set_class(live and i not in chosen, "-selectable")
            card.set_class(i in chosen, "-selected")
            card.set_class(live and i == cursor, "-cursor")

    @property
    def cards(self) -> list[Card]:
        return list(self.query_children(Card))

    def on_card_clicked(self, message: Card.Clicked) -> None:
        message.stop()
        self.post_message(self.Picked(self, message.card.index))
