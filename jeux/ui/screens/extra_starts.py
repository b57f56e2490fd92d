"""The setup and results screens' buttons for a game's extra starts (`ExtraStart`)."""

from __future__ import annotations

from collections.abc import Iterator

from textual import on
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button

from ..launch import ExtraStart


class ExtraStartsScreen(Screen):
    """A screen offering `extra_starts`, each a button and a key that call the screen's
    `action_extra_start(index)`."""

    extra_starts: list[ExtraStart]

    def extra_start_buttons(self) -> Iterator[Button]:
        """A button for each extra start, its key bound to it."""
        for i, start in enumerate(self.extra_starts):
            self._bindings.bind(start.key, f"extra_start({i})", start.label)
            yield Button(Content(start.button_label), id=f"extra-start-{i}", classes="extra-start")

    def action_extra_start(self, index: int) -> None:
        raise NotImplementedError

    @on(Button.Pressed, ".extra-start")
    def extra_start_pressed(self, event: Button.Pressed) -> None:
        self.action_extra_start(int(event.button.id.rsplit("-", 1)[1]))
