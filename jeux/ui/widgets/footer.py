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
            (key, active.binding.description, active.binding.show, active.enabled)
            for key, active in screen.active_bindings.items()
        )
        if keys != self._keys or not self._bindings_ready:
            self._keys = keys
            super().bindings_changed(screen)
