"""Every key of the screen under it, as lazygit's and posting's key overviews list them: the
footer's and those it has no room for. Only jeux's own bindings are listed (the screen's and
the app's), in French; a text field's editing keys are the terminal's usual ones."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

TEXTUAL_WORDS = {
    "focus_next": "Passer au champ suivant",
    "focus_previous": "Revenir au champ précédent",
    "screen.copy_text": "Copier le texte choisi",
}
"""What Textual's own bindings of the app and its screens do, in French; those it names in
English and not here are left out."""


def own_actions(node) -> set[str]:
    """The actions bound by jeux's own classes of a node (not by Textual's)."""
    return {
        binding.action if isinstance(binding, Binding) else binding[1]
        for cls in type(node).__mro__
        if cls.__module__.startswith("jeux.")
        for binding in cls.__dict__.get("BINDINGS", ())
    }


def key_lines(screen: Screen) -> list[tuple[str, str]]:
    """(key, what it does) of every binding the screen answers now, once each, in French."""
    ours = own_actions(screen) | own_actions(screen.app)
    found: dict[str, tuple[str, str]] = {}
    for active in screen.active_bindings.values():
        binding = active.binding
        if active.node not in (screen, screen.app) or not active.enabled:
            continue
        what = TEXTUAL_WORDS.get(binding.action)
        if what is None and binding.action in ours and binding.description:
            what = binding.tooltip or binding.description
        if what and binding.action not in found:
            shown = binding.key_display or screen.app.get_key_display(binding)
            found[binding.action] = (shown, what)
    return list(found.values())


class KeysScreen(ModalScreen):
    DEFAULT_CSS = """
    KeysScreen { align: center middle; }
    KeysScreen #keys { width: 64; height: auto; max-height: 100%; }
    """
    BINDINGS = [Binding("escape", "dismiss", "Fermer")]

    def __init__(self, under: Screen) -> None:
        super().__init__()
        self.under = under

    def compose(self) -> ComposeResult:
        lines = key_lines(self.under)
        width = max((len(key) for key, _ in lines), default=0)
        text = Content("\n").join(
            Content.assemble((f"{key:>{width}}", "bold $accent"), "  ", what) for key, what in lines
        )
        with VerticalScroll(classes="dialog", id="keys"):
            yield Static(Content.styled("Les touches de cet écran", "bold"))
            yield Static(text or Content("Aucune touche ici."))
            yield Static(Content.styled("Échap : fermer", "$text-muted"))
