"""A text field that says when its limit stops what is typed or pasted."""

from __future__ import annotations

from textual.widgets import Input


class LimitedInput(Input):
    """Textual's Input only rings when `max_length` refuses a key, and refuses a whole paste
    that would pass it. Here a paste keeps what fits, and the player reads why the rest is
    missing (once per time the field fills)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._told = False

    def replace(self, text: str, start: int, end: int) -> None:
        start, end = sorted((max(0, start), min(len(self.value), end)))
        room = self.max_length - (len(self.value) - (end - start)) if self.max_length else None
        if room is None or len(text) <= room:
            super().replace(text, start, end)
            self._told = self._told and len(self.value) >= (self.max_length or 0)
            return
        super().replace(text[: max(room, 0)], start, end)
        if not self._told:
            self._told = True
            self.app.notify(
                f"{self.max_length} caractères au plus : la suite n'est pas prise.",
                severity="warning",
                markup=False,
            )
