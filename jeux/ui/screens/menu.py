"""The menu: unfinished matches to resume, then every game grouped Solo / Dés / Cartes."""

from __future__ import annotations

import time

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from jeux.catalog import GAMES
from jeux.engine.core import GameInfo
from jeux.store.records import SavedMatch

GROUPS = (
    ("Solo", lambda g: g.max_players == 1),
    ("Dés", lambda g: g.max_players > 1 and g.family == "dés"),
    ("Cartes", lambda g: g.max_players > 1 and g.family == "cartes"),
)


def ago(timestamp: float) -> str:
    minutes = int((time.time() - timestamp) // 60)
    if minutes < 1:
        return "à l'instant"
    if minutes < 60:
        return f"il y a {minutes} min"
    if minutes < 60 * 24:
        return f"il y a {minutes // 60} h"
    return f"il y a {minutes // (60 * 24)} j"


def game_line(info: GameInfo) -> Content:
    title = f"{info.title:<27.27}"
    players = f"{info.players_label:<12}"
    if not info.available:
        return Content.assemble((title, "dim"), (players, "dim"), ("bientôt", "dim italic"))
    return Content.assemble((title, "bold"), (players, "$text-muted"), info.pitch)


class MenuScreen(Screen):
    BINDINGS = [
        Binding("f1", "rules", "Règles"),
        Binding("f2", "players", "Joueurs"),
        Binding("f3", "settings", "Paramètres"),
        Binding("f4", "history", "Historique"),
        Binding("delete", "forget", "Oublier la partie", show=False),
        Binding("escape", "clear", "Effacer", show=False),
        Binding("down", "move(1)", show=False),
        Binding("up", "move(-1)", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.saved: dict[int, SavedMatch] = {}
        """The matches offered under « Reprendre », by id."""

    def compose(self) -> ComposeResult:
        yield Static(Content("jeux — dés et cartes en hot-seat"), id="menu-title")
        yield Input(placeholder="Tape pour filtrer…  (Entrée : jouer)", id="filter")
        yield OptionList(id="games")
        yield Footer()

    def on_screen_resume(self) -> None:
        """Also the first fill: the menu is shown by being resumed, once mounted."""
        self.fill(self.query_one("#filter", Input).value)

    def fill(self, text: str) -> None:
        wanted = text.casefold().strip()
        games = self.query_one("#games", OptionList)
        highlighted = games.highlighted_option.id if games.highlighted_option else None
        games.clear_options()
        options: list[Option | None] = []
        saved = self.app.records.unfinished()
        if saved and not wanted:
            options.append(Option(Content.styled("Reprendre", "bold $accent"), disabled=True))
            for match in saved[:5]:
                names = ", ".join(match.names)
                line = Content.assemble(
                    (f"{GAMES[match.game].title:<27.27}", "bold"),
                    f"{ago(match.updated):<14}",
                    names,
                )
                options.append(Option(line, id=f"resume:{match.id}"))
        for title, belongs in GROUPS:
            found = [
                g
                for g in GAMES.values()
                if belongs(g) and (wanted in g.title.casefold() or wanted in g.pitch.casefold())
            ]
            if found:
                options.append(Option(Content.styled(title, "bold $accent"), disabled=True))
                options += [
                    Option(game_line(g), id=f"game:{g.id}", disabled=not g.available) for g in found
                ]
        if not any(o and not o.disabled for o in options):
            options.append(Option(Content("Aucun jeu ne correspond."), disabled=True))
        games.add_options(options)
        ids = [o.id for o in options if o and not o.disabled]
        resumed_changed = {m.id for m in saved} != set(self.saved)
        if ids:
            # A match just left or finished moves the cursor back to the top, where it is.
            keep = highlighted in ids and not resumed_changed
            games.highlighted = games.get_option_index(highlighted if keep else ids[0])
        self.saved = {m.id: m for m in saved}

    @on(Input.Changed, "#filter")
    def filter_changed(self, event: Input.Changed) -> None:
        self.fill(event.value)

    @on(Input.Submitted, "#filter")
    def filter_submitted(self) -> None:
        games = self.query_one("#games", OptionList)
        if games.highlighted is not None:
            games.action_select()

    def action_move(self, step: int) -> None:
        games = self.query_one("#games", OptionList)
        games.action_cursor_down() if step > 0 else games.action_cursor_up()

    def action_clear(self) -> None:
        self.query_one("#filter", Input).value = ""

    @on(OptionList.OptionSelected, "#games")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        from ..launch import resume_match  # the engines, only once a match is opened

        kind, _, key = (event.option.id or "").partition(":")
        if kind == "game":
            from .setup import SetupScreen

            self.app.push_screen(SetupScreen(key))
        elif kind == "resume" and not resume_match(self.app, self.saved[int(key)]):
            self.fill(self.query_one("#filter", Input).value)

    # A game whose catalogue entry says `history` offers past matches to reread (e.g. Le
    # Signal's journals) through its screen's `history_screen(app)`: F4, shown only while such
    # a game is highlighted. Deciding from the catalogue keeps game modules out of the menu.

    @on(OptionList.OptionHighlighted, "#games")
    def highlighted_changed(self) -> None:
        self.refresh_bindings()

    def _history_game(self) -> str | None:
        kind, key = self._highlighted()
        game = self.saved[int(key)].game if kind == "resume" and int(key) in self.saved else key
        info = GAMES.get(game)
        return game if info and info.available and info.history else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "history":
            return self._history_game() is not None
        return True

    def action_history(self) -> None:
        from ..launch import screen_hook

        game = self._history_game()
        if game:
            self.app.push_screen(screen_hook(game, "history_screen")(self.app))

    def _highlighted(self) -> tuple[str, str]:
        option = self.query_one("#games", OptionList).highlighted_option
        kind, _, key = ((option.id if option else None) or "").partition(":")
        return kind, key

    def action_rules(self) -> None:
        from .rules import RulesScreen

        kind, key = self._highlighted()
        game = self.saved[int(key)].game if kind == "resume" else key
        if game and GAMES[game].available:
            self.app.push_screen(RulesScreen(game))
        else:
            self.app.say("Choisis d'abord un jeu disponible dans la liste.")

    def action_forget(self) -> None:
        kind, key = self._highlighted()
        if kind == "resume":
            self.app.records.abandon(int(key))
            self.app.say("Partie retirée de « Reprendre ».")
            self.fill(self.query_one("#filter", Input).value)

    def action_players(self) -> None:
        from .players import PlayersScreen

        self.app.push_screen(PlayersScreen())

    def action_settings(self) -> None:
        from .settings import SettingsScreen

        self.app.push_screen(SettingsScreen())
