"""The app's footer: the keys of the screen, on one line, none of them cut."""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import groupby
from operator import itemgetter

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.widget import Widget


@dataclass(frozen=True)
class FooterKey:
    """A key the footer shows: what it says, what a click on it does, and where it is."""

    key: str
    key_display: str
    description: str
    action: str
    enabled: bool
    tooltip: str
    start: int = 0
    """The first column it is drawn in, once the footer has room for it."""
    width: int = 0

    def __contains__(self, x: int) -> bool:
        return self.start <= x < self.start + self.width


Part = tuple[FooterKey | str, int, str]
"""A piece of the footer's row: a key or a text, its width, and its look (« key », a
« compact » key, a key of a group, the group's « words », a « space », the palette's
« border »)."""


@dataclass(frozen=True)
class Unit:
    """What gives way as a whole when the row is too short: a key with its words, or a
    group of keys with the group's words (« 12345 Dés »)."""

    keys: tuple[FooterKey, ...]
    words: str = ""
    """A group's words; a group is drawn compact, its keys side by side (as all of jeux's)."""

    def parts(self, compact: bool) -> list[Part]:
        """Its parts from the left; a compact footer has no room around a key's letter."""
        space: list[Part] = [(" ", 1, "space")]
        if not self.words:
            key = self.keys[0]
            width = cell_len(key.key_display) + 1 + cell_len(key.description)
            return [(key, width, "compact"), *space] if compact else [(key, width + 2, "key")]
        keys: list[Part] = [(key, cell_len(key.key_display), "grouped") for key in self.keys]
        words: list[Part] = [(self.words, cell_len(self.words), "words")]
        return [*space, *keys, *space, *words, *([] if compact else space)]


class KeysFooter(Widget):
    """The screen's keys in Textual's footer's look, drawn as one line of text.

    Textual's footer mounts a widget per key again whenever a screen's keys change (every
    new screen, most moves), which cost more than the move and a third of the menu's start.
    Here the keys are read from the screen when the footer is next drawn or asked, and a
    click or a hover finds its key by column.

    Keys that do not fit the width give way, from the right: a screen lists its keys from
    the most needed (Règles, Menu) to the least, and a key cut in the middle (« r » without
    its words) says nothing. The palette's hint stays on the right: its « Touches » lists
    every key."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "keys-footer--key",
        "keys-footer--description",
        "keys-footer--item",
        "keys-footer--hover",
        "keys-footer--border",
    }
    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        &.-over-key { pointer: pointer; }
        .keys-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .keys-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .keys-footer--item { background: $footer-item-background; }
        .keys-footer--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        .keys-footer--border { color: $foreground 20%; }
    }
    """

    def __init__(self, *, show_command_palette: bool = True, compact: bool = False) -> None:
        super().__init__()
        self.show_command_palette = show_command_palette
        self.compact = compact
        self._units: list[Unit] | None = None
        """The screen's keys as last read (None: to read again)."""
        self._palette: FooterKey | None = None
        self._hovered: FooterKey | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def bindings_changed(self, _screen) -> None:
        self._units = None
        self.refresh()

    def keys(self) -> list[FooterKey]:
        """The keys shown, from the left, the palette's last: those the row has room for."""
        return [part for part, _, _ in self._layout() if isinstance(part, FooterKey)]

    def render(self) -> Text:
        line = Text(no_wrap=True, overflow="crop", end="")
        pieces = (piece for part in self._layout() for piece in self._pieces(*part))
        for style, run in groupby(pieces, key=itemgetter(1)):  # as few segments as widgets
            line.append("".join(text for text, _ in run), style)
        return line

    def _layout(self) -> list[Part]:
        """The row's parts in the footer's width, its keys with their columns."""
        if self._units is None:
            self._units, self._palette = self._read_keys()
        palette: list[Part] = []
        if self._palette and self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            palette = [("▏", 1, "border"), *Unit((self._palette,)).parts(compact=True)]
        left = (self.size.width or self.screen.size.width) - sum(w for _, w, _ in palette)
        parts: list[Part] = []
        for unit in self._units:
            pieces = unit.parts(self.compact)
            width = sum(w for _, w, _ in pieces)
            if width > left:
                break  # this one and those after it give way
            parts += pieces
            left -= width
        parts += [(" ", left, "space"), *palette]
        column = 0
        for index, (part, width, look) in enumerate(parts):
            if isinstance(part, FooterKey):
                parts[index] = (replace(part, start=column, width=width), width, look)
            column += width
        return parts

    def _pieces(self, part: FooterKey | str, width: int, look: str) -> list[tuple[str, Style]]:
        """A part's texts with their styles."""
        if isinstance(part, str):
            style = {"border": "border", "words": "description"}.get(look)
            return [(part if look != "space" else " " * width, self._style(style))]
        key, words = self._style("key"), self._style("description")
        if look == "compact":  # as the palette's hint always is
            pieces = [(part.key_display, key), (" " + part.description, words)]
        elif look == "grouped":
            pieces = [(part.key_display, key)]  # the group's words come after its keys
        else:
            pieces = [(f" {part.key_display} ", key), (f"{part.description} ", words)]
        over = self._style("item")
        if self._hovered and self._hovered.start == part.start:
            over += self._style("hover")
        if not part.enabled:
            over += Style(dim=True)
        return [(text, over + style) for text, style in pieces]

    def _style(self, name: str | None) -> Style:
        if name is None:
            return Style()
        # The border's colour is see-through: blended with the footer's background.
        return self.get_component_rich_style(f"keys-footer--{name}", partial=name != "border")

    def _read_keys(self) -> tuple[list[Unit], FooterKey | None]:
        """The screen's keys as units, and the palette's key, from its active bindings."""
        by_action: dict[str, tuple[Binding, bool, str]] = {}
        palette = None
        for _node, binding, enabled, tooltip in self.screen.active_bindings.values():
            if binding.show:
                by_action.setdefault(binding.action, (binding, enabled, tooltip))
            if binding.key == self.app.COMMAND_PALETTE_BINDING:
                palette = self._key(binding, enabled, binding.tooltip or binding.description)
        units = []
        for group, members in groupby(by_action.values(), lambda entry: entry[0].group):
            members = list(members)
            if group is not None and len(members) > 1:
                keys = tuple(self._key(b, e, t or b.description, "") for b, e, t in members)
                units.append(Unit(keys, group.description))
            else:
                units += [Unit((self._key(b, e, t),)) for b, e, t in members]
        return units, palette

    def _key(
        self, binding: Binding, enabled: bool, tooltip: str, description: str | None = None
    ) -> FooterKey:
        return FooterKey(
            binding.key,
            self.app.get_key_display(binding),
            binding.description if description is None else description,
            binding.action,
            enabled,
            tooltip,
        )

    def _key_at(self, x: int) -> FooterKey | None:
        return next((key for key in self.keys() if x in key), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover(self._key_at(event.x))

    def on_leave(self) -> None:
        self._hover(None)

    def _hover(self, key: FooterKey | None) -> None:
        if key != self._hovered:
            self._hovered = key
            self.tooltip = key.tooltip if key and key.tooltip else None
            self.set_class(key is not None, "-over-key")
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        key = self._key_at(event.x)
        if key is None:
            return
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()
