"""The rules of a game, in French, from its regles.md."""

from importlib.resources import files

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import MarkdownViewer

from jeux.catalog import GAMES
from jeux.ui.widgets.footer import KeysFooter


def rules_text(game_id: str) -> str:
    return files(f"jeux.games.{game_id}").joinpath("regles.md").read_text(encoding="utf-8")


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
        viewer = MarkdownViewer(rules_text(self.game_id), show_table_of_contents=False)
        viewer.border_title = f"Règles — {GAMES[self.game_id].title}"
        yield viewer
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).focus()
