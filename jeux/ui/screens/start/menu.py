"""The menu: unfinished matches to resume, then every game grouped Solo / Dés / Cartes."""

from __future__ import annotations

import re
import time

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from jeux.catalog import GAMES
from jeux.engine.info import GameInfo
from jeux.engine.text import fold, plural
from jeux.store.records import SavedMatch

from ...launch import forget_match, progress_text, resume_match
from ...widgets.footer import KeysFooter

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


JOIN_LINE = Content.assemble(
    ("Rejoindre une table", "bold"),
    "\n",
    ("  Un code de l'hôte : ta place à sa partie, sur ton écran", "$text-muted"),
)
JOIN_WORDS = fold("rejoindre une table partagée code")
"""What a search may type and still see « Rejoindre une table »."""

RESUME_SHOWN = 4
"""Unfinished matches listed before « Toutes les parties en cours » unfolds the rest."""


def resume_line(match: SavedMatch, in_use: bool, progress: str = "") -> Content:
    """Two lines that tell matches apart: the game and when, then who, which seed, how far."""
    seed = match.saved.get("seed")
    moves = len(match.saved.get("actions", []))
    played = plural(moves, "coup") + " joué" + "s" * (moves > 1) if moves else "pas commencée"
    details = [
        ", ".join(match.names),
        f"graine {seed}" if isinstance(seed, int) else str(seed),
        progress or played,
    ]
    when = "ouverte dans une autre fenêtre" if in_use else ago(match.updated)
    return Content.assemble(
        (column(GAMES[match.game].title, 29), "bold"),
        (when, "$warning" if in_use else ""),
        "\n",
        (f"  {' · '.join(details)}", "$text-muted"),
    )


def column(text: str, width: int) -> str:
    """Text in a column of `width`, a space kept after it: cut with « … » if it is longer."""
    if len(text) >= width:
        text = text[: width - 2] + "…"
    return f"{text:<{width}}"


def game_line(info: GameInfo) -> Content:
    title = column(info.title, 29)
    players = f"{info.players_label:<12}"
    if not info.available:
        return Content.assemble((title, "dim"), (players, "dim"), ("bientôt", "dim italic"))
    # The pitch goes under the title, indented like a « Reprendre » entry's details: wrapped
    # beside it, its second line would start under the title.
    return Content.assemble(
        (title, "bold"), (players, "$text-muted"), "\n", (f"  {info.pitch}", "$text-muted")
    )


PLAYER_COUNT = re.compile(r"(\d\d?)( j(o(u(e(u(rs?)?)?)?)?)?)?")
"""A search for a number of players: « 3 », « 3 j », « 3 joueurs »."""


def game_text(info: GameInfo, group: str) -> str:
    """What a search matches in a game: its title, its pitch, its family and its group
    (« cartes », « dés », « solo »), and how many play it."""
    return fold(" ".join((info.title, info.pitch, info.family, group, info.players_label)))


def game_wanted(info: GameInfo, group: str, wanted: str) -> bool:
    """Whether a game answers a search; a number of players also finds every game played so
    (« 3 », « 3 joueurs »), while « 5000 » is only Le 5000."""
    count = PLAYER_COUNT.fullmatch(wanted)
    if count and info.min_players <= int(count[1]) <= info.max_players:
        return True
    return wanted in game_text(info, group)


def first_choice(ids: list[str], wanted: str) -> str:
    """Where a search puts the cursor, that Entrée plays: a match to resume, else the first
    game whose title holds the words typed (« trois » is Le Jeu des Trois Couronnes, not New
    Day 666 and its « trois dés »), else the first entry."""
    for option_id in ids:
        kind, _, key = option_id.partition(":")
        if kind == "resume" or (kind == "game" and wanted in fold(GAMES[key].title)):
            return option_id
    return ids[0]


def resume_text(match: SavedMatch) -> str:
    """What a search matches in an unfinished match: its game, its players and its seed."""
    words = [GAMES[match.game].title, *match.names, str(match.saved.get("seed", ""))]
    return fold(" ".join(words))


class Filter(Input):
    """The search field; « ? » typed first is left to the menu, which opens the rules."""

    def _wants(self, character: str | None) -> bool:
        return bool(self.value) or character != "?"

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return self._wants(character) and super().check_consume_key(key, character)

    def _on_key(self, event: events.Key) -> None:
        if not self._wants(event.character):
            event.prevent_default()  # Input's own handler would type it


class MenuScreen(Screen):
    BINDINGS = [
        Binding("f1", "rules", "Règles"),
        Binding("f2", "players", "Joueurs"),
        Binding("f3", "settings", "Paramètres"),
        Binding("f4", "history", "Historique"),
        Binding("f5", "stats", "Stats", tooltip="Statistiques des joueurs"),
        Binding("delete", "forget", "Oublier", key_display="Suppr", priority=True),
        Binding("question_mark", "rules", "Règles", show=False),
        Binding("escape", "clear", "Effacer", show=False),
        Binding("down", "move(1)", show=False),
        Binding("up", "move(-1)", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.saved: dict[int, SavedMatch] = {}
        """The matches offered under « Reprendre », by id."""
        self.all_saved = False
        """Whether « Reprendre » lists every unfinished match, not only the latest."""
        self.progress: dict[tuple[int, float], str] = {}
        """Where each listed match stands, by (id, time saved): found by replaying it, off
        the event loop, once the menu is on screen."""
        self.wanted = ""
        """The search the list was last filled for."""

    def compose(self) -> ComposeResult:
        yield Static(Content("jeux — dés et cartes en hot-seat"), id="menu-title")
        yield Filter(placeholder="Tape pour filtrer…  (Entrée : jouer)", id="filter")
        yield OptionList(id="games")
        # Without the palette's hint (^p still opens it): at 80 columns, « Suppr Oublier » and
        # « f5 Stats » both fit.
        yield KeysFooter(show_command_palette=False)

    def on_screen_resume(self) -> None:
        """Also the first fill: the menu is shown by being resumed, once mounted. Back from
        a game or a screen, a filter typed earlier would hide « Reprendre »: it is cleared."""
        field = self.query_one("#filter", Input)
        if field.value:
            field.value = ""  # its Changed message refills the list
        else:
            self.fill("")

    def fill(self, text: str) -> None:
        wanted = fold(text).strip()
        games = self.query_one("#games", OptionList)
        highlighted = games.highlighted_option.id if games.highlighted_option else None
        games.clear_options()
        options: list[Option | None] = []
        saved = [m for m in self.app.records.unfinished() if m.game in GAMES]
        shown = [m for m in saved if wanted in resume_text(m)]
        if shown:
            options.append(Option(Content.styled("Reprendre", "bold $accent"), disabled=True))
            folded = not self.all_saved and not wanted and len(shown) > RESUME_SHOWN
            listed = shown[:RESUME_SHOWN] if folded else shown
            for match in listed:
                line = self._resume_line(match)
                options.append(Option(line, id=f"resume:{match.id}"))
            unknown = [m for m in listed if (m.id, m.updated) not in self.progress]
            if unknown:
                self.call_after_refresh(self.find_progress, unknown)
            if folded:
                text = f"Voir toutes les parties en cours ({len(shown)})…"
                options.append(Option(Content.styled(text, "italic"), id="more:"))
        for title, belongs in GROUPS:
            found = [g for g in GAMES.values() if belongs(g) and game_wanted(g, title, wanted)]
            if found:
                options.append(Option(Content.styled(title, "bold $accent"), disabled=True))
                options += [
                    Option(game_line(g), id=f"game:{g.id}", disabled=not g.available) for g in found
                ]
        if wanted in JOIN_WORDS:  # last: the first entry stays the one Entrée plays
            options.append(
                Option(Content.styled("À plusieurs écrans", "bold $accent"), disabled=True)
            )
            options.append(Option(JOIN_LINE, id="join:"))
        if not any(o and not o.disabled for o in options):
            options.append(Option(Content("Aucun jeu ne correspond."), disabled=True))
        games.add_options(options)
        ids = [o.id for o in options if o and not o.disabled]
        resumed_changed = {m.id for m in saved} != set(self.saved)
        if ids:
            # A match just left or finished moves the cursor back to the top, where it is;
            # a word typed on, to what the search most likely names (one erased keeps it).
            keep = highlighted in ids and not resumed_changed and wanted in self.wanted
            games.highlighted = games.get_option_index(
                highlighted if keep else first_choice(ids, wanted)
            )
        self.saved, self.wanted = {m.id: m for m in saved}, wanted

    def _resume_line(self, match: SavedMatch) -> Content:
        progress = self.progress.get((match.id, match.updated), "")
        return resume_line(match, self.app.records.in_use(match.id), progress)

    @work(thread=True, group="progress")
    def find_progress(self, matches: list[SavedMatch]) -> None:
        found = {(m.id, m.updated): progress_text(m) for m in matches}
        self.app.call_from_thread(self.show_progress, found)

    def show_progress(self, found: dict[tuple[int, float], str]) -> None:
        self.progress.update(found)
        games = self.query_one("#games", OptionList)
        for match_id, _updated in found:
            match = self.saved.get(match_id)
            try:
                games.replace_option_prompt(f"resume:{match_id}", self._resume_line(match))
            except (OptionDoesNotExist, AttributeError):
                continue  # no longer listed (a search, a match left)

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

        kind, _, key = (event.option.id or "").partition(":")
        if kind == "more":
            self.all_saved = True
            self.fill(self.query_one("#filter", Input).value)
        elif kind == "game":
            from .setup import SetupScreen

            self.app.push_screen(SetupScreen(key))
        elif kind == "join":
            from ..table.join import JoinScreen

            self.app.push_screen(JoinScreen())
        elif kind == "resume" and not resume_match(self.app, self.saved[int(key)]):
            self.fill(self.query_one("#filter", Input).value)

    # F4 opens the history of every finished match; on a game that keeps journals (Le
    # Signal…) it opens filtered on that game, whose journals are then one key away (n).

    @on(OptionList.OptionHighlighted, "#games")
    def highlighted_changed(self) -> None:
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "forget":  # shown on an unfinished match; elsewhere Delete edits the search
            return self._highlighted()[0] == "resume"
        return True

    def action_history(self) -> None:
        from ..around.history import HistoryScreen

        kind, key = self._highlighted()
        game = self.saved[int(key)].game if kind == "resume" and int(key) in self.saved else key
        journals = game in GAMES and GAMES[game].available and GAMES[game].history
        self.app.push_screen(HistoryScreen(game if journals else ""))

    def _highlighted(self) -> tuple[str, str]:
        option = self.query_one("#games", OptionList).highlighted_option
        kind, _, key = ((option.id if option else None) or "").partition(":")
        return kind, key

    def action_rules(self) -> None:
        from ..rules import RulesScreen

        kind, key = self._highlighted()
        game = self.saved[int(key)].game if kind == "resume" else key
        if game in GAMES and GAMES[game].available:
            self.app.push_screen(RulesScreen(game))
        else:
            self.app.say("Choisis d'abord un jeu disponible dans la liste.")

    def action_forget(self) -> None:
        """Delete forgets the highlighted unfinished match, unless there is search text to its
        right to delete."""
        field = self.query_one("#filter", Input)
        kind, key = self._highlighted()
        if field.cursor_position < len(field.value):
            field.action_delete_right()
        elif kind == "resume":
            forget_match(self.app, self.saved[int(key)], lambda: self.fill(field.value))

    def action_players(self) -> None:
        from .players import PlayersScreen

        self.app.push_screen(PlayersScreen())

    def action_stats(self) -> None:
        from ..around.stats import StatsScreen

        self.app.push_screen(StatsScreen())

    def action_settings(self) -> None:
        from .settings import SettingsScreen

        self.app.push_screen(SettingsScreen())
