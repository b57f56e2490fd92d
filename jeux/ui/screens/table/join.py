"""Joining a shared table: the code a player was given, and nothing else to choose."""

from __future__ import annotations

import os

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from jeux.store.jsonfile import StoreError
from jeux.store.tables import CODE_LENGTH, JoinRefused
from jeux.web.doors import CLIENT

from ...launch import join_table
from ...widgets.footer import KeysFooter


class JoinScreen(Screen):
    """Asks for a table's code. Through a door it is the first and last screen: a good code
    opens the seat, leaving the seat closes jeux."""

    AUTO_FOCUS = "#code"
    BINDINGS = [Binding("escape", "leave", "Quitter")]

    def __init__(self, code: str = "") -> None:
        super().__init__()
        self.code = code

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="join"):
            yield Static(Content.styled("Rejoindre une table", "bold"), id="join-title")
            yield Static(
                f"Tape le code que l'hôte t'a donné ({CODE_LENGTH} caractères, par exemple "
                "K7QM-3XWD) : ta place et ta main s'ouvrent, rien d'autre."
            )
            with Horizontal(classes="row"):
                yield Input(self.code, placeholder="code", id="code", max_length=CODE_LENGTH * 2)
                yield Button("Rejoindre", id="join-button", variant="primary")
            yield Static(id="join-problem")
        yield KeysFooter()

    def on_mount(self) -> None:
        if self.code:
            self.call_after_refresh(self.join)

    @on(Input.Submitted, "#code")
    @on(Button.Pressed, "#join-button")
    def join(self) -> None:
        field = self.query_one("#code", Input)
        client = os.environ.get(CLIENT, "ce terminal")
        try:
            admission = self.app.tables.admit(field.value, client)
            sitting = self.app.tables.join(admission, self.app.door or "terminal")
        except (JoinRefused, StoreError) as refusal:
            self.query_one("#join-problem", Static).update(Content.styled(str(refusal), "$error"))
            field.value = ""
            return
        self.query_one("#join-problem", Static).update("")
        field.value = ""
        join_table(self.app, sitting)

    def action_leave(self) -> None:
        if self.app.door:
            self.app.exit()
        else:
            self.app.pop_screen()
