"""A question answered by a long computation (a solo game's « était-il gagnable ? »): the
modal says « Recherche… » while a worker thread searches, then shows the answer's lines."""

from collections.abc import Callable

from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

SEARCHING = "Recherche…"


class AnswerScreen(ModalScreen[None]):
    BINDINGS = [("escape", "close", "Fermer"), ("enter", "close", "Fermer")]

    DEFAULT_CSS = """
    AnswerScreen #answer-lines { max-height: 16; height: auto; }
    """

    def __init__(self, question: str, answer: Callable[[], list[str]]) -> None:
        super().__init__()
        self.question = question
        self.answer = answer
        """Runs in a thread: it must not touch widgets."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(self.question), classes="title")
            with VerticalScroll(id="answer-lines"):
                yield Static(Content(SEARCHING), id="answer")
            yield Button("Fermer (Échap)", id="close", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#answer-lines").focus()  # the arrows scroll a long answer
        self.search()

    @work(thread=True, exclusive=True)
    def search(self) -> None:
        lines = self.answer()
        self.app.call_from_thread(self.show, lines)

    def show(self, lines: list[str]) -> None:
        if not self.is_attached:
            return  # closed while the search ran
        self.query_one("#answer", Static).update(Content("\n".join(lines)))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()

    def action_close(self) -> None:
        self.dismiss()
