"""The journals of a story game (Le Signal, Meaning Dice): every match kept, newest first,
reread on screen and exported as Markdown. A game subclasses `JournalsScreen` with its
replay, its one-line summary of a match and its journal sections (jeux.engine.journal)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from jeux.engine.core import Game
from jeux.engine.journal import JournalSection, sections_markdown
from jeux.engine.match import Match, ReplayError, Seat
from jeux.store.jsonfile import reason, write_text_atomic
from jeux.store.records import SavedMatch
from jeux.ui.launch import ExtraStart
from jeux.ui.widgets.footer import KeysFooter

JOURNALS_FOLDER = "journaux"


def when_text(timestamp: float) -> str:
    return time.strftime("%d/%m/%Y %H:%M", time.localtime(timestamp))


def journal_content(sections: list[JournalSection]) -> Content:
    """A journal on screen, drawn from the same sections as the Markdown export."""
    parts: list[Content] = []
    for n, section in enumerate(sections):
        parts.append(Content.styled(section.title, "bold $accent" if n == 0 else "bold"))
        for label, text in section.lines:
            parts.append(
                Content.assemble((f"{label} : ", "bold"), text) if label else Content(text)
            )
        parts.append(Content(""))
    return Content("\n").join(parts[:-1])


class JournalsScreen(Screen):
    """Every match of one story game kept, newest first: reread one, export it as Markdown."""

    DEFAULT_CSS = """
    JournalsScreen #journals-title {
        height: 1; padding: 0 1; background: $primary 30%; text-style: bold;
    }
    JournalsScreen #journals { height: 1fr; }
    JournalsScreen #sessions { width: 32; height: 1fr; border: round $foreground 40%; }
    JournalsScreen #journal-view {
        width: 1fr; height: 1fr; border: round $foreground 40%; padding: 0 1;
    }
    JournalsScreen #journal-view:focus { border: round $accent; }
    JournalsScreen #journal-actions { height: 1; margin: 0 1; }
    JournalsScreen #journal-actions > Button { width: auto; min-width: 0; margin: 0 1 0 0; }
    JournalsScreen #export-path {
        height: 1; margin: 0 1; color: $text-muted; text-wrap: nowrap; text-overflow: ellipsis;
    }
    """
    AUTO_FOCUS = "#sessions"
    BINDINGS = [
        Binding("x", "export", "Exporter en Markdown"),
        Binding("pagedown", "read(1)", "Défiler", priority=True),
        Binding("pageup", "read(-1)", "Défiler", show=False, priority=True),
        Binding("escape", "back", "Retour"),
    ]
    game: Game
    slug = ""
    """The start of an exported file's name: "le-signal"."""
    empty = ""
    """What the journal pane says when no match was played yet."""
    matches_title = "Parties"

    def __init__(self, selected: int | None = None) -> None:
        super().__init__()
        self.selected = selected
        self.sessions: list[tuple[SavedMatch, Any | None]] = []

    @classmethod
    def results_start(cls, app, help: str) -> ExtraStart:
        """The « Journaux (j) » way out of the results screen (a `results_starts` hook)."""

        def reread(seats: Sequence[Seat], options: dict[str, Any]) -> None:
            app.push_screen(cls())

        return ExtraStart("Journaux", "j", reread, help)

    # --- hooks for the games -----------------------------------------------------------

    def session_line(self, saved: SavedMatch, state: Any) -> Content:
        """The match in the list: its date and players, then a word on how it stands."""
        raise NotImplementedError

    def sections(self, state: Any, when: str) -> list[JournalSection]:
        raise NotImplementedError

    # --- the screen ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(Content(f"{self.game.info.title} — journaux"), id="journals-title")
        with Horizontal(id="journals"):
            yield OptionList(id="sessions")
            with VerticalScroll(id="journal-view"):
                yield Static(id="journal-text")
        yield Static(id="export-path")
        with Horizontal(id="journal-actions"):
            yield Button("Exporter en Markdown (x)", id="export", variant="primary", compact=True)
            yield Button("Retour (Échap)", id="back", compact=True)
        yield KeysFooter()

    def replay(self, saved: SavedMatch) -> Any | None:
        try:
            return Match.from_saved(self.game, saved.saved).state
        except ReplayError:
            return None

    def on_mount(self) -> None:
        self.query_one("#sessions").border_title = self.matches_title
        self.query_one("#journal-view").border_title = "Journal"
        history = self.app.records.history(self.game.info.id)
        self.sessions = [(saved, self.replay(saved)) for saved in history]
        sessions = self.query_one("#sessions", OptionList)
        if not self.sessions:
            sessions.add_option(Option(Content("Aucun journal pour l'instant."), disabled=True))
            self.query_one("#journal-text", Static).update(Content(self.empty))
            return
        sessions.add_options(
            Option(self.line(saved, state), id=str(saved.id)) for saved, state in self.sessions
        )
        ids = [saved.id for saved, _ in self.sessions]
        sessions.highlighted = ids.index(self.selected) if self.selected in ids else 0

    def line(self, saved: SavedMatch, state: Any | None) -> Content:
        if state is None:
            head = Content.assemble((when_text(saved.updated), "bold"))
            return head + Content.styled("\njournal illisible", "$error")
        return self.session_line(saved, state)

    def current(self) -> tuple[SavedMatch, Any | None] | None:
        index = self.query_one("#sessions", OptionList).highlighted
        if index is None or not self.sessions:
            return None
        return self.sessions[index]

    @on(OptionList.OptionHighlighted, "#sessions")
    def show_journal(self) -> None:
        chosen = self.current()
        text = self.query_one("#journal-text", Static)
        self.query_one("#export-path", Static).update(
            Content(f"Les exports (x) vont dans : {self.export_folder}")
        )
        if chosen is None:
            return
        saved, state = chosen
        if state is None:
            text.update(Content("Ce journal ne peut plus être relu (règles changées ?)."))
            return
        text.update(journal_content(self.sections(state, when_text(saved.updated))))
        self.query_one("#journal-view").scroll_home(animate=False)

    @on(OptionList.OptionSelected, "#sessions")
    def read_it(self) -> None:
        self.query_one("#journal-view").focus()

    def action_read(self, pages: int) -> None:
        view = self.query_one("#journal-view", VerticalScroll)
        view.scroll_page_down() if pages > 0 else view.scroll_page_up()

    @property
    def export_folder(self) -> Path:
        return self.app.locations.data_dir / JOURNALS_FOLDER

    @on(Button.Pressed, "#export")
    def action_export(self) -> None:
        chosen = self.current()
        if chosen is None or chosen[1] is None:
            self.app.say("Aucun journal lisible à exporter.", "warning")
            return
        saved, state = chosen
        stamp = time.strftime("%Y-%m-%d-%Hh%M", time.localtime(saved.updated))
        path = self.export_folder / f"{self.slug}-{stamp}-{saved.id}.md"
        markdown = sections_markdown(self.sections(state, when_text(saved.updated)))
        try:
            write_text_atomic(path, markdown)
        except OSError as error:
            self.app.say(f"Export impossible : {path} ({reason(error)}).", "error")
            return
        self.app.hand_over(path)
        self.query_one("#export-path", Static).update(Content(f"Exporté : {path}"))
        self.app.say_written("Journal exporté", path)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()
