"""Textual in French: its own words, and French spacing kept at line wraps.

Textual writes its own words in English (the palette's placeholder, its key help, « No matches
found », « Dismiss menu » under an open select); a French app says them in French. And French
puts a space inside guillemets and before « : ; ! ? », which a wrap must never break."""

from __future__ import annotations

import re

import rich._wrap
from rich.align import Align
from rich.text import Text
from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.widgets._select import SelectOverlay
from textual.widgets.option_list import Option

PALETTE_TOOLTIP = "Ouvrir la palette de commandes"


class Palette(CommandPalette):
    BINDINGS = [
        Binding("ctrl+end, shift+end", "command_list('last')", "Aller en bas", show=False),
        Binding("ctrl+home, shift+home", "command_list('first')", "Aller en haut", show=False),
        Binding("down", "cursor_down", "Commande suivante", show=False),
        Binding("escape", "escape", "Fermer la palette"),
        Binding("pagedown", "command_list('page_down')", "Page suivante", show=False),
        Binding("pageup", "command_list('page_up')", "Page précédente", show=False),
        Binding("up", "command_list('cursor_up')", "Commande précédente", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(placeholder="Cherche une commande…", id="--command-palette")

    def _start_no_matches_countdown(self, search_value: str) -> None:
        """Textual's countdown to « No matches found », with the words in French (8.2.8)."""
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if search_value:
                self.query_one(CommandList).add_option(
                    Option(
                        Align.center(Text("Aucune commande ne correspond", style="not bold")),
                        disabled=True,
                        id=self._NO_MATCHES,
                    )
                )
            self._list_visible = bool(search_value)

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)


def frenchify_select_menus() -> None:
    """The footer under an open select says how to close it in French. Bindings are merged
    when a class is made, so the merged map is rebuilt after replacing them."""
    SelectOverlay.BINDINGS = [Binding("escape", "dismiss", "Fermer la liste")]
    SelectOverlay._merged_bindings = SelectOverlay._merge_bindings()


def keep_french_spaces() -> None:
    """Rich and Textual wrap text between the "words" of `rich._wrap.re_word`; the spaces
    inside « » and before « : ; ! ? » (plain or non-breaking) then join the words they hold."""
    rich._wrap.re_word = re.compile(r"\s*(?:«\s+|\s+[»:;!?]|\S)+\s*")
