"""Animations, theme and glyphs; every change is saved at once."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Label, Select, Static, Switch

from jeux.ui.widgets.footer import KeysFooter

ANIMATION_LABELS = (("Complètes", "full"), ("Réduites", "reduced"), ("Aucune", "none"))
PACE_LABELS = (("Lents", "slow"), ("Normaux", "normal"), ("Rapides", "fast"))
THEME_NAMES = {
    "ansi-dark": "Couleurs du terminal, sombre",
    "ansi-light": "Couleurs du terminal, clair",
    "tokyo-night": "Nuit de Tokyo",
    "rose-pine": "Rosé Pine",
    "rose-pine-dawn": "Rosé Pine aube",
    "rose-pine-moon": "Rosé Pine lune",
    "catppuccin-frappe": "Catppuccin Frappé",
}
"""Theme names that the general rule of `theme_label` would not put into French."""
WORDS = {"dark": "sombre", "light": "clair"}


def theme_label(theme: str) -> str:
    """ "textual-dark" → "Textual sombre", "atom-one-light" → "Atom One clair"."""
    if theme in THEME_NAMES:
        return THEME_NAMES[theme]
    words = theme.split("-")
    return " ".join([words[0].capitalize()] + [WORDS.get(w, w.capitalize()) for w in words[1:]])


def on_off(value: bool) -> str:
    """A switch's state in words: its colour alone does not say it to everyone."""
    return "oui" if value else "non"


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
                yield Label("Coups des robots", classes="field")
                yield Select(
                    PACE_LABELS, value=settings.robot_pace, allow_blank=False, id="robot-pace"
                )
            with Horizontal(classes="row"):
                yield Label("Thème", classes="field")
                themes = sorted(self.app.available_themes, key=theme_label)
                yield Select(
                    [(theme_label(t), t) for t in themes],
                    allow_blank=False,
                    id="theme",
                    value=settings.theme if settings.theme in themes else self.app.theme,
                )
            with Horizontal(classes="row"):
                yield Label("Symboles simples (ASCII)", classes="field")
                yield Switch(value=settings.ascii, id="ascii")
                yield Label(on_off(settings.ascii), id="ascii-state")
            yield Static(
                "Lettres et signes ASCII à la place des pions, des couleurs de cartes, des flèches "
                "et des cadres, quand le terminal les affiche mal.",
                classes="help",
            )
        yield KeysFooter()

    @on(Select.Changed, "#animations")
    def animations(self, event: Select.Changed) -> None:
        self.app.settings.animations = event.value
        self.app.save_settings()

    @on(Select.Changed, "#robot-pace")
    def robot_pace(self, event: Select.Changed) -> None:
        self.app.settings.robot_pace = event.value
        self.app.save_settings()

    @on(Select.Changed, "#theme")
    def theme(self, event: Select.Changed) -> None:
        self.app.settings.theme = event.value
        self.app.save_settings()

    @on(Switch.Changed, "#ascii")
    def ascii(self, event: Switch.Changed) -> None:
        self.app.settings.ascii = event.value
        self.query_one("#ascii-state", Label).update(on_off(event.value))
        self.app.save_settings()
