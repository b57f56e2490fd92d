"""Pick players for a match: Space or Enter ticks; ticked players show their seat number.
A letter typed on the list starts a new player's name: it is passed up, never lost."""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from jeux.store.profiles import Profile


class PlayerPicker(OptionList):
    BINDINGS = [Binding("space", "toggle", "Cocher", show=False)]

    class Typed(Message):
        """A printable key pressed on the list: the start of a name to type elsewhere."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.profiles: list[Profile] = []
        self.chosen: list[str] = []
        """Profile ids in the order they were ticked: the seat order when not random."""

    def show(self, profiles: list[Profile], chosen: list[str]) -> None:
        self.profiles = profiles
        self.chosen = [pid for pid in chosen if any(p.id == pid for p in profiles)]
        self._refill()

    def _refill(self) -> None:
        keep = self.highlighted
        self.clear_options()
        self.add_options([Option(self._prompt(p), id=p.id) for p in self.profiles])
        if self.profiles:
            self.highlighted = min(keep or 0, len(self.profiles) - 1)

    def _prompt(self, profile: Profile) -> Content:
        if profile.id in self.chosen:
            mark = (f"[{self.chosen.index(profile.id) + 1}] ", "bold $success")
        else:
            mark = ("[ ] ", "$text-muted")
        return Content.assemble(mark, f"{profile.symbol} ", profile.name)

    def action_toggle(self) -> None:
        option = self.highlighted_option
        if option is None:
            return
        if option.id in self.chosen:
            self.chosen.remove(option.id)
        else:
            self.chosen.append(option.id)
        self._refill()

    def on_key(self, event: events.Key) -> None:
        if event.is_printable and event.character and event.key != "space":
            event.stop()
            event.prevent_default()
            self.post_message(self.Typed(event.character))

    def _on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_toggle()
