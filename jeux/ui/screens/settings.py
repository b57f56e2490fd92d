"""Animations, theme and glyphs; every change is saved at once."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, Select, Static, Switch

ANIMATION_LABELS = (("Complètes", "full"), ("Réduites", "reduced"), ("Aucune", "none"))


class SettingsScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Retour")]

    def compose(self) -> ComposeResult:
        settings = self.app.settings
        yield Static("Paramètres", id="settings-title")
        with Vertical(id="settings"):
            with Horizontal(classes="row"):
                yield Label("Animations", classes="field")
                yield Select(
                    ANIMATION_LABELS, value=settings.animations, allow_blank=False, id="animations"
                )
            with Horizontal(classes="row"):
                yield Label("Thème", classes="field")
                themes = sorted(self.app.available_themes)
                yield Select(
                    [(t, t) for t in themes],
                    allow_blank=False,
                    id="theme",
                    value=settings.theme if settings.theme in themes else self.app.theme,
                )
            with Horizontal(classes="row"):
                yield Label("Symboles simples (ASCII)", classes="field")
                yield Switch(value=settings.ascii, id="ascii")
            yield Static(
                "Les symboles simples remplacent ●, ♠ et █ quand le terminal les affiche mal.",
                classes="help",
            )
        yield Footer()

    @on(Select.Changed, "#animations")
    def animations(self, event: Select.Changed) -> None:
        self.app.settings.animations = event.value
        self.app.save_settings()

    @on(Select.Changed, "#theme")
    def theme(self, event: Select.Changed) -> None:
        self.app.settings.theme = event.value
        self.app.save_settings()

    @on(Switch.Changed, "#ascii")
    def ascii(self, event: Switch.Changed) -> None:
        self.app.settings.ascii = event.value
        self.app.save_settings()
