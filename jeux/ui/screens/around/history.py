"""The history: every finished match, latest first, filtered by game and by player; each one
replayed (the game's own screen in replay mode), exported as Markdown or JSON, and matches
exported elsewhere imported back. Games that keep journals (Le Signal…) open them from here."""

from __future__ import annotations

import time
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from jeux.catalog import GAMES
from jeux.engine.replay import Replay, options_text, seat_names
from jeux.engine.text import join_names, plural
from jeux.store.exchange import (
    ExchangeError,
    export_name,
    export_text,
    import_match,
    replay_of,
)
from jeux.store.jsonfile import StoreError, reason, write_text_atomic
from jeux.store.records import SavedMatch

from ...launch import screen_hook
from ...widgets.footer import KeysFooter

EXPORTS_FOLDER = "exports"
ALL = ""
"""The value of « Tous les jeux » and « Tous les joueurs »."""


def title_of(game: str) -> str:
    return GAMES[game].title if game in GAMES else game


def match_line(saved: SavedMatch, glyphs) -> Content:
    """Two lines: number and game; then when, and who sat, each name literal and clipped."""
    names = join_names([glyphs.clip(name, 20) for name in saved.names])
    when = time.strftime("%d/%m/%Y %H:%M", time.localtime(saved.updated))
    return Content.assemble(
        (f"{saved.id:>4}  ", "$text-muted"),
        (title_of(saved.game), "bold"),
        "\n",
        (f"      {when} · {glyphs.clip(names, 36)}", "$text-muted"),
    )


def details(saved: SavedMatch, replay: Replay | None, refusal: str, glyphs) -> Content:
    """The highlighted match: its result, players, seed, variants and length; or why it
    cannot be replayed."""
    parts = [Content.styled(f"{title_of(saved.game)} · partie {saved.id}", "bold $accent")]
    if replay is None:
        return Content("\n").join([*parts, Content.styled(refusal, "$warning")])
    outcome = replay.final.outcome()
    if outcome is not None:
        parts.append(Content.styled(glyphs.clip(outcome.summary, 84), "bold"))
    names = [glyphs.clip(name, 24) for name in seat_names(replay)]
    parts += [
        Content(f"Joueurs : {join_names(names)}"),
        Content(f"Graine : {replay.final.seed}"),
        Content(f"{plural(replay.steps, 'coup')}, {plural(replay.rounds, 'tour')}"),
        *(Content(line) for line in options_text(replay.game, replay.final.options)),
    ]
    return Content("\n").join(parts)


class ImportScreen(ModalScreen[str]):
    """Asks for the JSON file of an exported match; dismisses with its path, or ""."""

    BINDINGS = [Binding("escape", "cancel", "Annuler", key_display="Échap")]

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content("Importer une partie : le fichier JSON d'un export"))
            yield Input(value=f"{self.folder}/", id="import-path")
            with Horizontal(classes="buttons"):
                yield Button("Importer (Entrée)", id="import", variant="primary")
                yield Button("Annuler (Échap)", id="cancel")

    @on(Input.Submitted)
    @on(Button.Pressed, "#import")
    def chosen(self) -> None:
        self.dismiss(self.query_one("#import-path", Input).value.strip())

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss("")


class HistoryScreen(Screen):
    DEFAULT_CSS = """
    HistoryScreen #history-title {
        height: 1; padding: 0 1; background: $primary 30%; text-style: bold;
    }
    HistoryScreen #history-filters { height: 1; margin: 0 1; }
    HistoryScreen #history-filters > Select { width: 1fr; margin: 0 1 0 0; }
    HistoryScreen #history { height: 1fr; }
    HistoryScreen #matches { width: 1fr; height: 1fr; border: round $foreground 40%; }
    HistoryScreen #match-details {
        width: 32; height: 1fr; border: round $foreground 40%; padding: 0 1;
    }
    HistoryScreen #history-actions { height: 1; margin: 0 1; }
    HistoryScreen #history-actions > Button { width: auto; min-width: 0; margin: 0 1 0 0; }
    HistoryScreen #export-path {
        height: 1; margin: 0 1; color: $text-muted; text-wrap: nowrap; text-overflow: ellipsis;
    }
    """
    AUTO_FOCUS = "#matches"
    BINDINGS = [
        Binding("enter", "replay", "Revoir", key_display="Entrée"),
        Binding("m", "export('md')", "Markdown"),
        Binding("j", "export('json')", "JSON"),
        Binding("i", "import", "Importer"),
        Binding("n", "journals", "Journaux"),
        Binding("g", "pick('#game-filter')", "Jeu", show=False),
        Binding("p", "pick('#player-filter')", "Joueur", show=False),
        Binding("escape", "back", "Retour", key_display="Échap"),
    ]

    def __init__(self, game: str = ALL) -> None:
        super().__init__()
        self.game = game
        self.matches: list[SavedMatch] = []
        self.replays: dict[int, Replay | str] = {}
        """Each match looked at, replayed once: its Replay, or why it cannot be."""

    def compose(self) -> ComposeResult:
        yield Static(Content("Historique des parties terminées"), id="history-title")
        with Horizontal(id="history-filters"):
            yield Select([], prompt="Tous les jeux", id="game-filter", compact=True)
            yield Select([], prompt="Tous les joueurs", id="player-filter", compact=True)
        with Horizontal(id="history"):
            yield OptionList(id="matches")
            yield Static(id="match-details")
        yield Static(id="export-path")
        with Horizontal(id="history-actions"):
            for label, ident in (
                ("Revoir (Entrée)", "replay"),
                ("Markdown (m)", "export-md"),
                ("JSON (j)", "export-json"),
                ("Importer (i)", "import"),
                ("Journaux (n)", "journals"),
            ):
                yield Button(label, id=ident, compact=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#matches").border_title = "Parties"
        self.query_one("#match-details").border_title = "Partie"
        self.query_one("#export-path", Static).update(
            Content("Les exports (m, j) vont dans le dossier « exports » des parties.")
        )
        self.fill_filters()
        self.fill()

    @property
    def export_folder(self) -> Path:
        return self.app.locations.data_dir / EXPORTS_FOLDER

    # --- the list ----------------------------------------------------------------------

    def fill_filters(self) -> None:
        kept = self.app.records.finished()
        games = sorted({m.game for m in kept} | ({self.game} - {ALL}), key=title_of)
        names = sorted({name for m in kept for name in m.names}, key=str.casefold)
        clip = self.app.glyphs.clip
        with self.prevent(Select.Changed):
            game_filter = self.query_one("#game-filter", Select)
            game_filter.set_options((Content(title_of(g)), g) for g in games)
            game_filter.value = self.game if self.game in games else Select.NULL
            player_filter = self.query_one("#player-filter", Select)
            chosen = player_filter.value
            player_filter.set_options((Content(clip(name, 30)), name) for name in names)
            player_filter.value = chosen if chosen in names else Select.NULL

    def filters(self) -> tuple[str, str]:
        values = (
            self.query_one(f"#{ident}", Select).value for ident in ("game-filter", "player-filter")
        )
        return tuple(v if isinstance(v, str) else ALL for v in values)  # type: ignore[return-value]

    def fill(self, keep: int | None = None) -> None:
        game, name = self.filters()
        self.matches = self.app.records.finished(game, name)
        listing = self.query_one("#matches", OptionList)
        listing.clear_options()
        if not self.matches:
            listing.add_option(Option(Content("Aucune partie terminée ici."), disabled=True))
            self.query_one("#match-details", Static).update(
                Content("Les parties finies viennent ici, pour être revues et exportées.")
            )
        else:
            glyphs = self.app.glyphs
            listing.add_options(Option(match_line(m, glyphs), id=str(m.id)) for m in self.matches)
            ids = [m.id for m in self.matches]
            listing.highlighted = ids.index(keep) if keep in ids else 0
        self.offer()

    @on(Select.Changed)
    def filter_changed(self) -> None:
        self.game = self.filters()[0]
        self.fill()

    def current(self) -> SavedMatch | None:
        index = self.query_one("#matches", OptionList).highlighted
        if index is None or not self.matches:
            return None
        return self.matches[index]

    def replay_of(self, saved: SavedMatch) -> Replay | str:
        if saved.id not in self.replays:
            try:
                self.replays[saved.id] = replay_of(saved)
            except ExchangeError as refusal:
                self.replays[saved.id] = str(refusal)
        return self.replays[saved.id]

    @on(OptionList.OptionHighlighted, "#matches")
    def show_details(self) -> None:
        saved = self.current()
        if saved is None:
            return
        replay = self.replay_of(saved)
        text = (
            details(saved, replay, "", self.app.glyphs)
            if isinstance(replay, Replay)
            else details(saved, None, replay, self.app.glyphs)
        )
        self.query_one("#match-details", Static).update(text)
        self.offer()

    # --- what a match offers ---------------------------------------------------------------

    def journals_game(self) -> str | None:
        """The game whose journals the « Journaux » key opens: the filtered or highlighted one."""
        saved = self.current()
        game = self.filters()[0] or (saved.game if saved else ALL)
        info = GAMES.get(game)
        return game if info and info.available and info.history else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("replay", "export"):
            return self.current() is not None
        if action == "journals":
            return self.journals_game() is not None
        return True

    def offer(self) -> None:
        """The keys and buttons of what the highlighted match offers now."""
        self.refresh_bindings()
        for ident, action in (
            ("replay", "replay"),
            ("export-md", "export"),
            ("export-json", "export"),
            ("journals", "journals"),
        ):
            self.query_one(f"#{ident}", Button).display = bool(self.check_action(action, ()))

    @on(OptionList.OptionSelected, "#matches")
    @on(Button.Pressed, "#replay")
    def action_replay(self) -> None:
        from ...replay import replay_screen

        saved = self.current()
        if saved is None:
            return
        replay = self.replay_of(saved)
        if isinstance(replay, str):
            self.app.say(replay, "warning", timeout=8)
            return
        self.app.push_screen(replay_screen(replay, 0, saved.id))

    @on(Button.Pressed, "#export-md")
    def export_markdown(self) -> None:
        self.action_export("md")

    @on(Button.Pressed, "#export-json")
    def export_json(self) -> None:
        self.action_export("json")

    def action_export(self, fmt: str) -> None:
        saved = self.current()
        if saved is None:
            return
        path = self.export_folder / export_name(saved, fmt)
        try:
            write_text_atomic(path, export_text(saved, fmt))
        except ExchangeError as refusal:
            self.app.say(str(refusal), "warning", timeout=8)
            return
        except OSError as error:
            self.app.say(f"Export impossible : {path} ({reason(error)}).", "error", timeout=8)
            return
        self.app.hand_over(path)
        self.query_one("#export-path", Static).update(Content(f"Exportée : {path}"))
        self.app.say_written(f"Partie {saved.id} exportée", path)

    @on(Button.Pressed, "#import")
    def action_import(self) -> None:
        def chosen(path: str | None) -> None:
            if not path:
                return
            try:
                imported = import_match(self.app.records, Path(path).expanduser())
            except ExchangeError as refusal:
                self.app.say(str(refusal), "error", timeout=10)
                return
            except StoreError as error:  # the history could not even be read to compare
                self.app.say(f"Partie non importée : {error}", "error", timeout=10)
                return
            self.app.say(f"Partie importée : {imported.title}, numéro {imported.id}.")
            self.fill_filters()
            self.fill(keep=imported.id)

        self.app.push_screen(ImportScreen(self.export_folder), chosen)

    @on(Button.Pressed, "#journals")
    def action_journals(self) -> None:
        game = self.journals_game()
        if game:
            self.app.push_screen(screen_hook(game, "history_screen")(self.app))

    def action_pick(self, ident: str) -> None:
        select = self.query_one(ident, Select)
        select.focus()
        select.action_show_overlay()

    def action_back(self) -> None:
        self.app.pop_screen()
