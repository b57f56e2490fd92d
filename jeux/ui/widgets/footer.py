"""The app's footer: the keys of the screen, on one line, none of them cut."""

from __future__ import annotations

from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterLabel


class KeysFooter(Footer):
    """Textual's footer, with two changes.

    Keys that do not fit the width give way, from the right: a screen lists its keys from
    the most needed (Règles, Menu) to the least, and a key cut in the middle (« r » without
    its words) says nothing. The palette's hint stays: its « Touches » lists every key.

    Game screens refresh their bindings after every move; Textual's footer then rebuilds
    all its keys each time, which costs more than the move. Same keys, no rebuild."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._shown: tuple | None = None
        """The keys the footer was last built with (None: not yet, as behind a blurred
        browser tab, where Textual waits for the focus to build them)."""

    @staticmethod
    def keys_of(screen: Screen) -> tuple:
        return tuple(
            (key, a.binding.description, a.binding.key_display, a.binding.show, a.enabled)
            for key, a in screen.active_bindings.items()
        )

    def bindings_changed(self, screen: Screen) -> None:
        if self.keys_of(screen) != self._shown:
            super().bindings_changed(screen)

    async def recompose(self) -> None:
        if not self.is_attached or self._pruning:
            return  # its screen closed before the keys were rebuilt
        keys = self.keys_of(self.screen)
        if keys == self._shown:
            return  # several changes before a refresh each asked for it: built once is enough
        self._shown = keys
        async with self.batch():  # fitted before the keys are first drawn
            await super().recompose()
            self.fit()

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """Show the keys from the left while they fit beside the palette's hint."""
        if not self.is_attached or self._pruning:
            return  # its screen closed while the keys were rebuilt
        room = Size(self.size.width or self.screen.size.width, 1)
        left = room.width
        for unit in self._units():
            left -= sum(self._width(part, room) for part in unit)
            for part in unit:
                part.display = left >= 0

    def _units(self) -> list[list[Widget]]:
        """The keys as they give way: one key alone, or a group of keys with its words
        (« 1 2 3 Dés »); the palette's hint first, since it stays."""
        units: list[list[Widget]] = []
        for child in self.children:
            if child.has_class("-command-palette"):
                units.insert(0, [child])
            elif isinstance(child, FooterLabel) and units:
                units[-1].append(child)
            else:
                units.append([child])
        return units

    def _width(self, widget: Widget, room: Size) -> int:
        """The cells `widget` takes in the footer's row, margins included."""
        styles = widget.styles
        content = widget.get_content_width(room, self.screen.size)
        return content + styles.gutter.width + styles.margin.width
