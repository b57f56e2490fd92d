"""Create, rename and delete player profiles."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from jeux.store.profiles import COLORS, NAME_LIMIT, SYMBOLS, Profile, ProfileError

from ...widgets.footer import KeysFooter
from ...widgets.limited_input import LimitedInput
from ...widgets.player_badge import COLORS as SHADES
from ..confirm import ConfirmScreen


def profile_line(profile: Profile) -> Content:
    """The symbol and name in the player's colour, and the colour's name for who cannot see it."""
    shade = SHADES.get(profile.color, "")
    return Content.assemble(
        (f"{profile.symbol} ", f"bold {shade}".strip()),
        (profile.name, shade),
        (f" · {profile.color}", "$text-muted"),
    )


class PlayersScreen(Screen):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Retour"),
        Binding("ctrl+n", "new", "Nouveau joueur"),
        Binding("delete", "delete", "Supprimer"),
        Binding("f5", "stats", "Statistiques"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.editing: str | None = None
        """The profile shown in the form, or None while a new player is being made."""

    def compose(self) -> ComposeResult:
        yield Static("Joueurs", id="players-title")
        with Horizontal():
            yield OptionList(id="profiles")
            with Vertical(id="editor"):
                yield Label("Nouveau joueur", id="form-title")
                yield Label("Nom")
                yield LimitedInput(id="name", max_length=NAME_LIMIT, placeholder="Nom du joueur")
                yield Label("Couleur")
                yield Select([(c, c) for c in COLORS], allow_blank=False, id="color")
                yield Label("Symbole")
                yield Select([(s, s) for s in SYMBOLS], allow_blank=False, id="symbol")
                with Horizontal(classes="buttons"):
                    yield Button("Créer", id="create", variant="primary")
                    yield Button("Enregistrer", id="save")
                    yield Button("Supprimer", id="delete", variant="error")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.app.profiles.reload()  # the players another copy of jeux made meanwhile too
        self.fill()
        self.action_new()

    def fill(self, highlight: str | None = None) -> None:
        profiles = self.query_one("#profiles", OptionList)
        with profiles.prevent(OptionList.OptionHighlighted):
            profiles.clear_options()
            players = self.app.profiles.players
            profiles.add_options(
                [Option(profile_line(p), id=p.id) for p in players]
                or [Option("Aucun joueur : crée-en un à droite.", disabled=True)]
            )
            profiles.highlighted = profiles.get_option_index(highlight) if highlight else None

    def action_new(self) -> None:
        """An empty form for a new player, with a colour and a symbol nobody has yet."""
        self.editing = None
        color, symbol = self.app.profiles.next_look()
        self._show_form("Nouveau joueur", "", color, symbol)
        self.query_one("#name").focus()

    def _show_form(self, title: str, name: str, color: str, symbol: str) -> None:
        self.query_one("#form-title", Label).update(Content(title))
        self.query_one("#name", Input).value = name
        self.query_one("#color", Select).value = color
        self.query_one("#symbol", Select).value = symbol

    @on(OptionList.OptionHighlighted, "#profiles")
    def load(self, event: OptionList.OptionHighlighted) -> None:
        profile = self.app.profiles.get(event.option.id or "")
        if profile:
            self.editing = profile.id
            self._show_form(f"Modifier {profile.name}", profile.name, profile.color, profile.symbol)

    def _fields(self) -> dict[str, str]:
        return {
            "name": self.query_one("#name", Input).value,
            "color": self.query_one("#color", Select).value,
            "symbol": self.query_one("#symbol", Select).value,
        }

    @on(Input.Submitted, "#name")
    def name_submitted(self) -> None:
        """Enter keeps what the form is doing: renames the player shown, or creates one."""
        self.save() if self.editing else self.create()

    @on(Button.Pressed, "#create")
    def create(self) -> None:
        try:
            profile = self.app.profiles.create(**self._fields())
        except ProfileError as error:
            self.app.say(str(error), "warning")
            return
        self.app.say(f"{profile.name} rejoint les joueurs.")
        self.fill()
        self.action_new()

    @on(Button.Pressed, "#save")
    def save(self) -> None:
        if not self.editing:
            self.app.say("Choisis d'abord un joueur dans la liste.", "warning")
            return
        try:
            profile = self.app.profiles.update(self.editing, **self._fields())
        except ProfileError as error:
            self.app.say(str(error), "warning")
            return
        self.app.say(f"{profile.name} est enregistré·e.")
        self.fill(profile.id)
        self.query_one("#form-title", Label).update(Content(f"Modifier {profile.name}"))

    def action_stats(self) -> None:
        """The statistics of the player shown in the form (the first player's if none)."""
        from ..around.stats import StatsScreen

        self.app.push_screen(StatsScreen(self.editing))

    @on(Button.Pressed, "#delete")
    def action_delete(self) -> None:
        profile = self.app.profiles.get(self.editing or "")
        if profile is None:
            self.app.say("Choisis d'abord un joueur dans la liste.", "warning")
            return

        def delete(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.app.profiles.delete(profile.id)
            except ProfileError as error:
                self.app.say(str(error), "warning")
                return
            self.fill()
            self.action_new()

        self.app.push_screen(
            ConfirmScreen(f"Supprimer {profile.name} ? Ses résultats restent dans l'historique."),
            delete,
        )
