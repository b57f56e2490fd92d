"""The journals of a story game (Le Signal, New Day 666): every session kept, newest first;
reread one, export it as Markdown. A game's screen subclasses `StoryJournals` with its engine,
its words and how one of its sessions reads."""

from __future__ import annotations

import time
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, OptionList, Static
from textual.widgets.option_list import Option

from jeux.engine.core import Game, State
from jeux.engine.journal import JournalSection, sections_markdown
from jeux.engine.match import Match, ReplayError
from jeux.store.jsonfile import write_text_atomic
from jeux.store.records import SavedMatch

JOURNALS_FOLDER = "journaux"


def when_text(timestamp: float) -> str:
    return time.strftime("%d/%m/%Y %H:%M", time.localtime(timestamp))


def replay(game: Game, saved: SavedMatch) -> State | None:
    """The state of a kept session, or None when it no longer replays."""
    try:
        return Match.from_saved(game, saved.saved).state
    except ReplayError:
        return None


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


class StoryJournals(Screen):
    """Every session of `GAME` kept, newest first: reread one, export it as Markdown."""

    DEFAULT_CSS = """
    StoryJournals #journals-title {
        height: 1; padding: 0 1; background: $primary 30%; text-style: bold;
    }
    StoryJournals #journals { height: 1fr; }
    StoryJournals #sessions { width: 32; height: 1fr; border: round $foreground 40%; }
    StoryJournals #journal-view {
        width: 1fr; height: 1fr; border: round $foreground 40%; padding: 0 1;
    }
    StoryJournals #journal-view:focus { border: round $accent; }
    StoryJournals #journal-actions { height: 1; margin: 0 1; }
    StoryJournals #journal-actions > Button { width: auto; min-width: 0; margin: 0 1 0 0; }
    StoryJournals #export-path {
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

    GAME: ClassVar[Game]
    HEADING: ClassVar[str] = "Journaux"
    EMPTY: ClassVar[str] = "Aucun journal pour l'instant."
    FILE_PREFIX: ClassVar[str] = "journal"
    """How exported files begin: "le-signal" gives le-signal-2026-11-30-14h05-12.md."""

    def sections(self, state: State, when: str) -> list[JournalSection]:
        """The journal of one session, finished or not."""
        raise NotImplementedError

    def session_detail(self, state: State) -> Content:
        """The lines under a session's date and name in the list."""
        return Content("")

    def __init__(self, selected: int | None = None) -> None:
        super().__init__()
        self.selected = selected
        self.sessions: list[tuple[SavedMatch, State | None]] = []

    def compose(self) -> ComposeResult:
        yield Static(Content(self.HEADING), id="journals-title")
        with Horizontal(id="journals"):
            yield OptionList(id="sessions")
            with VerticalScroll(id="journal-view"):
                yield Static(id="journal-text")
        yield Static(id="export-path")
        with Horizontal(id="journal-actions"):
            yield Button("Exporter en Markdown (x)", id="export", variant="primary", compact=True)
            yield Button("Retour (Échap)", id="back", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#sessions").border_title = "Sessions"
        self.query_one("#journal-view").border_title = "Journal"
        history = self.app.records.history(self.GAME.info.id)
        self.sessions = [(saved, replay(self.GAME, saved)) for saved in history]
        sessions = self.query_one("#sessions", OptionList)
        if not self.sessions:
            sessions.add_option(Option(Content("Aucun journal pour l'instant."), disabled=True))
            self.query_one("#journal-text", Static).update(Content(self.EMPTY))
            return
        sessions.add_options(
            Option(self.session_line(saved, state), id=str(saved.id))
            for saved, state in self.sessions
        )
        ids = [saved.id for saved, _ in self.sessions]
        sessions.highlighted = ids.index(self.selected) if self.selected in ids else 0

    def session_line(self, saved: SavedMatch, state: State | None) -> Content:
        name = saved.names[0] if saved.names else "?"
        head = Content.assemble((when_text(saved.updated), "bold"), " · ", name)
        if state is None:
            return head + Content.styled("\njournal illisible", "$error")
        return Content.assemble(head, "\n", self.session_detail(state))

    def current(self) -> tuple[SavedMatch, State | None] | None:
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
        path = self.export_folder / f"{self.FILE_PREFIX}-{stamp}-{saved.id}.md"
        text = sections_markdown(self.sections(state, when_text(saved.updated)))
        try:
            write_text_atomic(path, text)
        except OSError as error:
            self.app.say(f"Export impossible : {error}", "error")
            return
        self.query_one("#export-path", Static).update(Content(f"Exporté : {path}"))
        self.app.say(f"Journal exporté : {path}", timeout=8)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()
