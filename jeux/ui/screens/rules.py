"""The rules of a game, in French, from its regles.md: drawn by Rich, on screen as in the shell."""

from importlib.resources import files

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown
from rich.theme import Theme
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from jeux.catalog import GAMES
from jeux.ui.widgets.footer import KeysFooter

RULES_THEME = Theme({"markdown.code": "bold"})
"""The keys the rules name (`l`, `F1`) in bold: Rich's cyan on black clashes with light themes."""


def rules_text(game_id: str) -> str:
    return files(f"jeux.games.{game_id}").joinpath("regles.md").read_text(encoding="utf-8")


class Rules:
    """A game's rules as one Rich renderable: quick to open (Textual's Markdown widgets, one
    per paragraph, took half a second on F1)."""

    def __init__(self, game_id: str) -> None:
        self.markdown = Markdown(rules_text(game_id))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        with console.use_theme(RULES_THEME):
            yield from console.render(self.markdown, options)


class RulesScreen(ModalScreen[None]):
    BINDINGS = [
        ("escape", "dismiss", "Fermer"),
        ("q", "dismiss", "Fermer"),
        ("f1", "dismiss", ""),
        ("question_mark", "dismiss", ""),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules") as page:
            page.border_title = f"Règles — {GAMES[self.game_id].title}"
            yield Static(Rules(self.game_id))
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#rules").focus()
