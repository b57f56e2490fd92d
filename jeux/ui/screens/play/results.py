"""The end of a match: podium, final sheet, each player's record, play again."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Static

from jeux.engine.match import Match
from jeux.engine.text import number, plural
from jeux.store.jsonfile import StoreError
from jeux.store.tables import Sitting

from ...launch import ExtraStart, screen_hook, start_match
from ...widgets.footer import KeysFooter
from ...widgets.score_sheet import ScoreSheet, SheetData
from ..extra_starts import ExtraStartsScreen

MEDALS = {1: "1er", 2: "2e", 3: "3e"}


class ResultsScreen(ExtraStartsScreen):
    BINDINGS = [
        Binding("r", "again", "Rejouer"),
        Binding("v", "replay", "Revoir"),
        Binding("escape", "menu", "Menu"),
        Binding("m", "menu", "Menu", show=False),
    ]

    TABLE_SECONDS = 0.5
    """How often a joined screen looks whether the host started the table's next match."""

    def __init__(self, match: Match, sheet: SheetData, sitting: Sitting | None = None) -> None:
        super().__init__()
        self.match = match
        self.final_sheet = sheet
        self.sitting = sitting
        """At a shared table: kept while the results show, to follow the host's « Rejouer »."""
        self.extra_starts: list[ExtraStart] = []
        """Other ways to play on offered by the game's screen (its `results_starts` hook)."""

    def compose(self) -> ComposeResult:
        info = self.match.game.info
        yield Static(
            Content.assemble((info.title, "bold"), " — partie terminée"), id="results-title"
        )
        with Horizontal(id="results"):
            with Vertical(id="podium"):
                yield from self.compose_podium()
                with Horizontal(classes="buttons"):
                    if self.joined:
                        yield Static(Content("L'hôte peut relancer une partie à cette table."))
                    else:
                        yield Button("Rejouer (r)", id="again", variant="primary")
                    yield Button(
                        "Quitter la table (Échap)" if self.app.door else "Menu (Échap)", id="menu"
                    )
                hook = screen_hook(info.id, "results_starts")
                self.extra_starts = list(hook(self.app, self.match)) if hook else []
                if self.extra_starts:
                    with Grid(id="extra-starts"):
                        buttons = list(self.extra_start_buttons())
                        if len(buttons) % 2:  # the last one alone takes its row: its label whole
                            buttons[-1].add_class("whole-row")
                        yield from buttons
            yield ScoreSheet(id="final-sheet")
        yield KeysFooter()

    def compose_podium(self) -> ComposeResult:
        """The outcome and the records, scrolling above the buttons when they are long (a
        daily dungeon's records): the buttons stay whole at the bottom."""
        outcome = self.match.outcome()
        with VerticalScroll(id="podium-text"):
            yield Static(Content(outcome.summary), id="summary")
            order = sorted(range(len(self.match.seats)), key=lambda s: outcome.ranks[s])
            nobody_won = not outcome.won and len(set(outcome.ranks)) == 1
            for seat in order:
                rank = outcome.ranks[seat]
                if len(self.match.seats) > 1:
                    place = "–" if nobody_won else MEDALS.get(rank, f"{rank}e")
                elif outcome.verdict:
                    place = "Victoire" if outcome.won else "Défaite"
                else:
                    place = "Fin"  # a session with nothing to win (Le Signal's free play)
                line = Content.assemble(
                    (f"{place:<9}", "bold $accent" if rank == 1 else ""),
                    (self.match.seats[seat].name, "bold" if rank == 1 else ""),
                    f"  {number(outcome.scores[seat])}" if outcome.verdict else "",
                )
                yield Static(line, classes=f"place rank-{min(rank, 4)}")
            if outcome.ranking:
                yield Static(Content(outcome.ranking), id="ranking")
            yield Static(Content(self.records_text()), id="records")
            yield Static(Content(f"Graine : {self.match.seed}"), id="seed")

    @property
    def joined(self) -> bool:
        """Joined to another's table: the host decides whether to play again."""
        return self.sitting is not None and self.sitting.hosting is None

    def on_mount(self) -> None:
        # Neither is there if the app closes as the results open (quit on the very last move)
        for sheet in self.query(ScoreSheet):
            sheet.show(self.final_sheet, self.app.glyphs)
        for button in self.query("#menu" if self.joined else "#again"):
            button.focus()
        if self.joined:
            self.set_interval(self.TABLE_SECONDS, self.follow_table)

    def follow_table(self) -> None:
        """The host chose « Rejouer »: sit down at the table's next match."""
        from ...launch import next_at_table

        match_id = self.sitting.playing_now()
        if match_id != self.sitting.match_id:
            next_at_table(self.app, self, match_id)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "again":
            return not self.joined
        return True

    def records_text(self) -> str:
        """Each player's record, or why it cannot be read now (a disk that failed)."""
        try:
            return self._records_text()
        except StoreError as error:
            return f"Statistiques indisponibles : {error}"

    def _records_text(self) -> str:
        game = self.match.game.info.id
        hook = screen_hook(game, "results_records")
        if hook:
            return hook(self.app, self.match)
        lines = []
        low = self.match.outcome().lower_is_better
        for seat in self.match.seats:
            if seat.profile:
                r = self.app.records.record(seat.profile, game, lower_is_better=low)
                best = f", meilleur score {number(r.best)}" if r.best is not None else ""
                played = plural(r.played, "partie")
                lines.append(f"{seat.name} : {played}, {plural(r.won, 'victoire')}{best}")
        return "\n".join(lines)

    @on(Button.Pressed, "#again")
    def action_again(self) -> None:
        """The same players and options; whoever sat second starts this time."""
        match = self.match
        seats = (*match.seats[1:], *match.seats[:1])
        self.app.pop_screen()
        start_match(self.app, match.game.info.id, seats, match.options)

    def action_replay(self) -> None:
        """The match just played, move by move, every hand shown (it is over)."""
        from jeux.engine.replay import Replay

        from ...replay import replay_screen

        match = self.match
        self.app.push_screen(replay_screen(Replay.of(match.game, match.to_saved()), 0))

    def action_extra_start(self, index: int) -> None:
        match = self.match
        self.app.pop_screen()
        self.extra_starts[index].run(match.seats, match.options)

    @on(Button.Pressed, "#menu")
    def action_menu(self) -> None:
        self.app.pop_screen()
