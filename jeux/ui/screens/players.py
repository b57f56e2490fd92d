"""Create, rename and delete player profiles."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from jeux.store.profiles import COLORS, SYMBOLS, ProfileError

from .confirm import ConfirmScreen


class PlayersScreen(Screen):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Retour"),
        Binding("delete", "delete", "Supprimer"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("Joueurs", id="players-title")
        with Horizontal():
            yield OptionList(id="profiles")
            with Vertical(id="editor"):
                yield Label("Nom")
                yield Input(id="name", max_length=24, placeholder="Nom du joueur")
                yield Label("Couleur")
                yield Select([(c, c) for c in COLORS], allow_blank=False, id="color")
                yield Label("Symbole")
                yield Select([(s, s) for s in SYMBOLS], allow_blank=False, id="symbol")
                with Horizontal(classes="buttons"):
                    yield Button("Créer", id="create", variant="primary")
                    yield Button("Enregistrer", id="save")
                    yield Button("Supprimer", id="delete", variant="error")
        yield Footer()

    def on_mount(self) -> None:
        self.fill()
        self.query_one("#name").focus()

    def fill(self, highlight: str | None = None) -> None:
        profiles = self.query_one("#profiles", OptionList)
        profiles.clear_options()
        players = self.app.profiles.players
        profiles.add_options(
            [Option(Content(f"{p.symbol} ") + Content(p.name), id=p.id) for p in players]
            or [Option("Aucun joueur : crée le premier à droite.", disabled=True)]
        )
        if highlight:
            profiles.highlighted = profiles.get_option_index(highlight)

    @property
    def selected_id(self) -> str | None:
        option = self.query_one("#profiles", OptionList).highlighted_option
        return option.id if option else None

    @on(OptionList.OptionHighlighted, "#profiles")
    def load(self) -> None:
        profile = self.app.profiles.get(self.selected_id or "")
        if profile:
            self.query_one("#name", Input).value = profile.name
            self.query_one("#color", Select).value = profile.color
            self.query_one("#symbol", Select).value = profile.symbol

    def _fields(self) -> dict[str, str]:
        return {
            "name": self.query_one("#name", Input).value,
            "color": self.query_one("#color", Select).value,
            "symbol": self.query_one("#symbol", Select).value,
        }

    @on(Button.Pressed, "#create")
    @on(Input.Submitted, "#name")
    def create(self) -> None:
        try:
            profile = self.app.profiles.create(**self._fields())
        except ProfileError as error:
            self.app.say(str(error), "warning")
            return
        self.app.say(f"{profile.name} rejoint les joueurs.")
        self.fill(profile.id)

    @on(Button.Pressed, "#save")
    def save(self) -> None:
        if not self.selected_id:
            self.app.say("Choisis d'abord un joueur dans la liste.", "warning")
            return
        try:
            profile = self.app.profiles.update(self.selected_id, **self._fields())
        except ProfileError as error:
            self.app.say(str(error), "warning")
            return
        self.app.say(f"{profile.name} est enregistré.")
        self.fill(profile.id)

    @on(Button.Pressed, "#delete")
    def action_delete(self) -> None:
        profile = self.app.profiles.get(self.selected_id or "")
        if profile is None:
            return

        def delete(yes: bool | None) -> None:
            if yes:
                self.app.profiles.delete(profile.id)
                self.fill()

        self.app.push_screen(
            ConfirmScreen(f"Supprimer {profile.name} ? Ses résultats restent dans l'historique."),
            delete,
        )
