"""A footer that rebuilds only when the keys it shows change."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class KeysFooter(Footer):
    """Game screens refresh their bindings after every move; Textual's footer then rebuilds
    all its keys each time, which costs more than the move. Same keys, no rebuild."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._keys: tuple = ()

    def bindings_changed(self, screen: Screen) -> None:
        keys = tuple(
            (key, a.binding.description, a.binding.key_display, a.binding.show, a.enabled)
            for key, a in screen.active_bindings.items()
        )
        if keys != self._keys or not self._bindings_ready:
            self._keys = keys
            super().bindings_changed(screen)
