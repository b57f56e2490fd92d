"""A player's statistics: the figures of each game (against humans and robots apart), their
scores over time and how they spread, and the calendar of a game's daily runs. The figures
come from `jeux.store.stats`; this screen only lays them out. The plotting library is
imported here, so only when the screen opens: the menu's start does not pay for it."""

from __future__ import annotations

import datetime as dt
import textwrap
from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import Button, OptionList, Select, Static, TabbedContent, TabPane, Tabs
from textual.widgets.option_list import Option
from textual_hires_canvas import Canvas
from textual_plot import NumericAxisFormatter, PlotWidget
from textual_plot.axis_formatter import CategoricalAxisFormatter
from textual_plot.plot_widget import Legend

from jeux.catalog import GAMES
from jeux.engine.text import join_names
from jeux.store.stats import (
    LOST,
    MISSED,
    WEEKDAYS,
    WON,
    Daily,
    GameStats,
    PlayerStats,
    daily_summary,
    day_state,
    decimal,
    histogram,
    month_title,
    month_weeks,
    months,
    player_stats,
    table_lines,
)
from jeux.ui.widgets.footer import KeysFooter

ALL_GAMES = "tous"
"""The games list's first entry: every game together."""
DAY_LOOKS = {WON: ("✓", "$success"), LOST: ("✗", "$error"), MISSED: ("·", "$text-muted")}
"""How a day of the calendar is drawn: a symbol for who sees no colour, and a colour."""
TITLE_ROOM = 17
"""Columns for a game's title in the list (26 wide, less its frame, margins and scrollbar,
and the number of matches beside it): a longer title goes on over the next lines, indented,
never cut. The figures beside the list leave it no more room at 80 columns."""


def today() -> dt.date:
    """The local date; scenes and tests give the screen their own."""
    return dt.date.today()


def game_title(game_id: str) -> str:
    return GAMES[game_id].title if game_id in GAMES else game_id


def figures(game: GameStats) -> Content:
    """The table of a game's figures, its header in bold, then the latest results."""
    header, *rows = table_lines(game, width=8)
    marks = [DAY_LOOKS[WON if won else LOST] for won in game.recent]
    form = Content.assemble(
        "Dernières parties :", *(part for mark in marks for part in (" ", mark))
    )
    return Content("\n").join(
        [Content.styled(header, "bold"), *map(Content, rows), Content(""), form]
    )


def whole_ticks(low: int, high: int, most: int = 6) -> list[int]:
    """Ticks on whole numbers only, at most `most` of them: a count has no halves."""
    step = max(1, -(-(high - low + 1) // most))
    return list(range(low, high + 1, step))


def calendar_month(daily: Daily, year: int, month: int, day: dt.date) -> Content:
    """One month of daily runs, Monday first: each day with its symbol in its colour."""
    lines = [
        Content.styled(month_title(year, month).capitalize(), "bold"),
        Content(" ".join(f"{d:>3}" for d in WEEKDAYS)),
    ]
    for week in month_weeks(year, month):
        cells = []
        for date in week:
            if date is None:
                cells.append(Content("   "))
                continue
            state = day_state(daily, date, day)
            symbol, style = DAY_LOOKS.get(state, (" ", ""))
            cells.append(Content.assemble(f"{date.day:>2}", (symbol, style)))
        lines.append(Content(" ").join(cells))
    legend = [Content.assemble((s, style), f" {state}") for state, (s, style) in DAY_LOOKS.items()]
    lines += [Content(""), Content("   ").join(legend)]
    return Content("\n").join(lines)


class FrenchNumbers(NumericAxisFormatter):
    """Axis ticks with a decimal comma."""

    def get_labels_for_ticks(self, ticks: Sequence[float]) -> list[str]:
        return [label.replace(".", ",") for label in super().get_labels_for_ticks(ticks)]


class PlotCanvas(Canvas):
    """The plot's canvas, whose lines always carry a style: a line it leaves empty (before
    its first resize) has none, and Textual's NO_COLOR filter fails on a line without one."""

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        return strip if strip.cell_length else Strip.blank(0, self.rich_style)


class Plot(PlotWidget):
    """A plot to look at: neither focused nor zoomed, so its English keys never show."""

    can_focus = False

    def __init__(self, id: str) -> None:
        super().__init__(id=id, allow_pan_and_zoom=False)

    def compose(self) -> ComposeResult:
        """PlotWidget's own layout, with canvases that NO_COLOR can draw."""
        with Grid():
            for part in ("margin-top", "margin-left", "plot", "margin-bottom"):
                yield PlotCanvas(1, 1, id=part)
        yield Legend(id="legend")

    def on_mount(self) -> None:
        self.set_x_formatter(FrenchNumbers())
        self.set_y_formatter(FrenchNumbers())


class StatsScreen(Screen):
    DEFAULT_CSS = """
    StatsScreen #stats-title {
        height: 1; padding: 0 1; background: $primary 30%; text-style: bold;
    }
    StatsScreen #stats-side { width: 26; height: 1fr; }
    StatsScreen #stats-games {
        height: 1fr; border: round $foreground 40%; scrollbar-size-vertical: 1;
    }
    StatsScreen #stats-games:focus { border: round $accent; }
    StatsScreen #stats-tabs { width: 1fr; height: 1fr; }
    StatsScreen TabPane { padding: 0 1; height: 1fr; }
    StatsScreen Plot { height: 1fr; }
    StatsScreen #stats-calendar { height: auto; margin: 1 0; }
    StatsScreen #stats-months { height: auto; }
    StatsScreen #stats-months Button { margin-right: 1; }
    """

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Retour"),
        Binding("right", "tab(1)", "Onglets", key_display="← →", priority=True),
        Binding("left", "tab(-1)", show=False, priority=True),
        Binding("pageup", "month(-1)", "Mois précédent", key_display="PgPréc", priority=True),
        Binding("pagedown", "month(1)", "Mois suivant", key_display="PgSuiv", priority=True),
    ]

    def __init__(self, profile_id: str | None = None, day: dt.date | None = None) -> None:
        super().__init__()
        players = self.app.profiles.players
        known = any(p.id == profile_id for p in players)
        self.profile_id = profile_id if known else (players[0].id if players else None)
        self.day = day or today()
        self.stats: PlayerStats | None = None
        self.game = ALL_GAMES
        """The game shown, or ALL_GAMES."""
        self.month = 0
        """Which month of the daily calendar is shown, counted back from the latest."""

    def compose(self) -> ComposeResult:
        yield Static(Content("Statistiques"), id="stats-title")
        with Horizontal(id="stats-body"):
            with Vertical(id="stats-side"):
                yield Select(
                    [(Content(p.name), p.id) for p in self.app.profiles.players],
                    prompt="Aucun joueur",
                    allow_blank=self.profile_id is None,
                    value=self.profile_id or Select.NULL,
                    id="stats-player",
                )
                yield OptionList(id="stats-games")
            with TabbedContent(id="stats-tabs"):
                with TabPane("Chiffres", id="figures"):
                    yield Static(id="stats-figures")
                with TabPane("Scores", id="scores"):
                    yield Static(id="stats-scores-caption")
                    yield Plot(id="stats-scores")
                with TabPane("Répartition", id="spread"):
                    yield Static(id="stats-spread-caption")
                    yield Plot(id="stats-spread")
                with TabPane("Jours", id="days"):
                    yield Static(id="stats-days-summary")
                    yield Static(id="stats-calendar")
                    with Horizontal(id="stats-months"):
                        yield Button("◀ Mois précédent", id="month-before")
                        yield Button("Mois suivant ▶", id="month-after")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.load()
        self.query_one("#stats-games", OptionList).focus()

    def load(self) -> None:
        """Read the chosen player's figures and list their games."""
        self.stats = (
            player_stats(self.app.records, self.profile_id, self.day) if self.profile_id else None
        )
        games = self.query_one("#stats-games", OptionList)
        games.clear_options()
        if self.stats is None:
            games.add_option(Option("Crée d'abord un joueur (F2 depuis le menu).", disabled=True))
            self.game = ALL_GAMES
            self.show()
            return
        total = self.stats.overall.total.played
        games.add_option(Option(self.game_line("Tous les jeux", total), id=ALL_GAMES))
        games.add_options(
            Option(self.game_line(game_title(g.game), g.total.played), id=g.game)
            for g in self.stats.games
        )
        if self.stats.game(self.game) is None:
            self.game = ALL_GAMES
        games.highlighted = games.get_option_index(self.game)
        self.show()

    @staticmethod
    def game_line(title: str, played: int) -> Content:
        first, *more = textwrap.wrap(title, TITLE_ROOM, subsequent_indent="  ")
        count = Content.assemble(f"{first:<{TITLE_ROOM}} ", (f"{played:>3}", "$text-muted"))
        return Content("\n").join([count, *map(Content, more)])

    def shown(self) -> GameStats | None:
        if self.stats is None:
            return None
        return self.stats.overall if self.game == ALL_GAMES else self.stats.game(self.game)

    def show(self) -> None:
        """Fill every tab for the game chosen; a tab with nothing to show yet says what
        will fill it."""
        game = self.shown()
        name = game_title(self.game) if self.game != ALL_GAMES else "Tous les jeux"
        figures_text = Content("Aucune partie terminée pour l'instant.")
        if game is not None and game.total.played:
            figures_text = Content("\n").join([Content.styled(name, "bold $accent"), figures(game)])
        self.query_one("#stats-figures", Static).update(figures_text)
        scored = [score for _when, score in game.scores] if game else []
        for pane in ("scores", "spread"):
            self.query_one(f"#stats-{pane}", Plot).display = len(scored) > 1
        if len(scored) > 1:
            self.plot_scores(scored, game.total.lower_is_better)
            self.plot_spread(scored)
        else:
            waiting = Content(self.waiting_for_scores(len(scored)))
            self.query_one("#stats-scores-caption", Static).update(waiting)
            self.query_one("#stats-spread-caption", Static).update(waiting)
        self.query_one("#stats-months").display = bool(game and game.daily)
        self.query_one("#stats-calendar").display = bool(game and game.daily)
        if game and game.daily:
            self.show_month()
        else:
            self.query_one("#stats-days-summary", Static).update(Content(self.waiting_for_days()))
        self.refresh_bindings()

    def waiting_for_scores(self, scored: int) -> str:
        if self.game == ALL_GAMES:
            return (
                "Choisis un jeu à gauche : ses scores s'affichent ici (ceux de jeux différents "
                "ne se comparent pas)."
            )
        so_far = "Une seule partie" if scored == 1 else "Aucune partie"
        return f"{so_far} avec un score : la courbe et la répartition viennent dès la deuxième."

    def waiting_for_days(self) -> str:
        games = self.stats.games if self.stats else []
        daily_games = sorted({game_title(g.game) for g in games if g.daily})
        if self.game == ALL_GAMES and daily_games:
            return (
                f"Choisis {join_names(daily_games)} à gauche pour voir son calendrier des "
                "parties du jour."
            )
        return (
            "Le calendrier se remplit avec les parties du jour (le « Donjon du jour » de "
            "Scoundrel, par exemple) : un jour, une partie qui compte."
        )

    def colour(self, name: str) -> str:
        """A colour of the theme, for the plots (they take Rich styles, not variables)."""
        return Color.parse(self.app.theme_variables.get(name, "white")).hex6

    def plot_scores(self, scores: list[int], lower_is_better: bool) -> None:
        """Each score a dot, the average a dashed line: marks that read without colour."""
        plot = self.query_one("#stats-scores", Plot)
        plot.clear()
        numbers = list(range(1, len(scores) + 1))
        average = sum(scores) / len(scores)
        plot.scatter(
            numbers, [average] * len(scores), marker="-", marker_style=self.colour("primary")
        )
        plot.scatter(numbers, scores, marker="o", marker_style=f"bold {self.colour('accent')}")
        margin = max(1, (max(scores) - min(scores)) / 20)  # dots on the frame would not show
        plot.set_xlimits(0.5, len(scores) + 0.5)
        plot.set_xticks(whole_ticks(1, len(scores)))
        plot.set_ylimits(min(scores) - margin, max(scores) + margin)
        plot.set_xlabel("partie n°")
        plot.set_ylabel("score")
        caption = f"o une partie   - - moyenne : {decimal(average)}"
        if lower_is_better:
            caption += "   (le plus bas gagne)"
        self.query_one("#stats-scores-caption", Static).update(Content(caption))

    def plot_spread(self, scores: list[int]) -> None:
        """How many matches ended in each range of scores, a bar named by its lowest score;
        empty ranges keep their place, without a bar."""
        plot = self.query_one("#stats-spread", Plot)
        plot.clear()
        bins = histogram(scores, most=8)
        places = [n for n, b in enumerate(bins, start=1) if b.count]
        counts = [bins[n - 1].count for n in places]
        plot.bar(places, counts, width=0.6, bar_style=self.colour("accent"))
        plot.set_x_formatter(CategoricalAxisFormatter([str(b.low) for b in bins]))
        plot.set_xlimits(0.5, len(bins) + 0.5)
        plot.set_ylimits(0, max(counts) * 1.05)
        plot.set_yticks(whole_ticks(0, max(counts)))
        width = bins[0].high - bins[0].low + 1
        plot.set_xlabel("score" if width == 1 else f"score, par tranches de {width}")
        plot.set_ylabel("parties")
        self.query_one("#stats-spread-caption", Static).update(Content(""))

    def show_month(self) -> None:
        daily = self.shown().daily
        shown = months(daily, self.day)
        self.month = max(0, min(self.month, len(shown) - 1))
        year, month = shown[-1 - self.month]
        first, streak = daily_summary(daily)
        summary = Content.assemble(("Parties du jour : ", "bold"), first, "\n", streak)
        self.query_one("#stats-days-summary", Static).update(summary)
        self.query_one("#stats-calendar", Static).update(
            calendar_month(daily, year, month, self.day)
        )
        self.query_one("#month-before", Button).disabled = self.month == len(shown) - 1
        self.query_one("#month-after", Button).disabled = self.month == 0
        self.refresh_bindings()

    # --- choices ------------------------------------------------------------------------

    @on(Select.Changed, "#stats-player")
    def player_chosen(self, event: Select.Changed) -> None:
        if event.value is not Select.NULL and event.value != self.profile_id:
            self.profile_id = str(event.value)
            self.load()

    @on(OptionList.OptionHighlighted, "#stats-games")
    def game_chosen(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id and event.option.id != self.game:
            self.game = event.option.id
            self.month = 0
            self.show()

    @on(OptionList.OptionSelected, "#stats-games")
    def game_opened(self) -> None:
        """Enter on a game moves to its tabs, which the arrows then go through."""
        self.query_one("#stats-tabs Tabs").focus()

    def days_shown(self) -> bool:
        return self.query_one("#stats-tabs", TabbedContent).active == "days"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "month":
            return self.days_shown() and bool(self.shown() and self.shown().daily)
        return True

    def action_tab(self, step: int) -> None:
        """The arrows go through the tabs from the games list too: browse games, keep a tab."""
        tabs = self.query_one("#stats-tabs Tabs", Tabs)
        tabs.action_next_tab() if step > 0 else tabs.action_previous_tab()

    def action_month(self, step: int) -> None:
        daily = self.shown().daily if self.shown() else None
        if daily is None:
            return
        self.month = max(0, min(self.month - step, len(months(daily, self.day)) - 1))
        self.show_month()

    @on(Button.Pressed, "#month-before")
    def month_before(self) -> None:
        self.action_month(-1)

    @on(Button.Pressed, "#month-after")
    def month_after(self) -> None:
        self.action_month(1)

    @on(TabbedContent.TabActivated, "#stats-tabs")
    def tab_changed(self) -> None:
        self.refresh_bindings()
