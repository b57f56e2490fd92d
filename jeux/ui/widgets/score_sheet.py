"""The shared score sheet: seats × rounds, totals, the leader, changed cells highlighted.

Few seats read best as columns (one per player, rounds going down). When those columns
would not fit the sheet's width, the sheet turns a quarter: one row per seat with its name
and total fixed on the left, then the rounds played, newest first, as many as fit whole
beside them, so every seat stays readable up to eight. Focused (Tab or a click), the arrows
scroll it, the left and right ones by whole rounds: no round's head is ever shown cut."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import accumulate

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding
from textual.widgets import DataTable

from ..glyphs import UNICODE, Glyphs

NAME_CELLS = 10
TITLE = "Feuille de score"
SCROLL_TITLES = ("Feuille (Tab : défiler)", "Tab : défiler")
"""The title while part of the sheet is out of view: the longest its border has room for."""
PANEL_WIDTH = 34
"""The sheet's width until it is laid out: the game screen's side panel."""


@dataclass(frozen=True)
class SheetData:
    """What a game shows on its sheet; player names are shown literally."""

    players: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...] = ()
    totals: tuple[str, ...] = ()
    leaders: frozenset[int] = field(default_factory=frozenset)
    target: str = ""
    """E.g. "Objectif : 5000"; shown under the sheet's title."""

    def lines(self) -> list[tuple[str, tuple[str, ...]]]:
        """The rounds, then the totals as a last line labelled "Total"."""
        return [*self.rows, ("Total", self.totals)] if self.totals else list(self.rows)


def columns_width(sheet: SheetData, glyphs: Glyphs) -> int:
    """Cells needed to show one column per seat, border and cell padding included."""
    lines = sheet.lines()
    label = max((cell_len(label) for label, _ in lines), default=0)
    width = 2 + label + 2
    star = cell_len(glyphs.star) + 1  # before the leaders' totals
    for seat, name in enumerate(sheet.players):
        values = [cell_len(values[seat]) for _, values in lines if seat < len(values)]
        if sheet.totals and seat in sheet.leaders:
            values.append(cell_len(sheet.totals[seat]) + star)
        width += max([cell_len(glyphs.clip(name, NAME_CELLS)), *values]) + 2
    return width + 1  # the vertical scrollbar


class ScoreSheet(DataTable):
    DEFAULT_CSS = """
    ScoreSheet {
        height: auto; max-height: 100%; border: round $foreground 40%;
        scrollbar-size: 1 1;
    }
    ScoreSheet:focus { border: round $accent; }
    ScoreSheet > .datatable--header { text-style: bold; }
    """
    inherit_bindings = False
    BINDINGS = [
        Binding("up", "scroll_up", show=False),
        Binding("down", "scroll_down", show=False),
        Binding("left", "scroll_rounds(-1)", show=False),
        Binding("right", "scroll_rounds(1)", show=False),
        Binding("pageup", "page_up", show=False),
        Binding("pagedown", "page_down", show=False),
        Binding("home", "scroll_home", show=False),
        Binding("end", "scroll_end", show=False),
        Binding("escape", "release", "Quitter la feuille"),
    ]

    def __init__(self, **kwargs) -> None:
        super().__init__(zebra_stripes=True, cursor_type="none", show_cursor=False, **kwargs)
        self.border_title = TITLE
        self._previous: dict[tuple[str, int], str] = {}
        """Last shown values by round label and seat, to highlight what changed."""
        self._shown: SheetData | None = None
        self._glyphs: Glyphs = UNICODE
        self._by_seat = False
        """True when the sheet shows one row per seat."""
        self._skipped = 0
        """With a row per seat: how many of the newest rounds are scrolled out of view."""
        self._more = False
        """With a row per seat: whether older rounds are out of view, on the right."""
        self._built_width = 0
        """The width the columns were chosen for: another width may take more or fewer."""

    def show(self, sheet: SheetData, glyphs: Glyphs = UNICODE) -> None:
        """Rebuild from the data; cells that changed since the last call are highlighted."""
        if sheet == self._shown and glyphs == self._glyphs:
            return  # most moves leave the sheet as it was: a rebuild costs a full table
        lines = sheet.lines()
        cells = {(label, seat): v for label, values in lines for seat, v in enumerate(values)}
        changed = {
            (line, seat)
            for line, (label, values) in enumerate(lines)
            for seat, value in enumerate(values)
            if self._previous.get((label, seat)) != value
        }
        self._shown, self._glyphs, self._skipped = sheet, glyphs, 0
        self._build(changed if self._previous else set())
        self._previous = cells

    def on_resize(self) -> None:
        """How many rounds fit, and whether seats fit as columns, depend on the width."""
        resized = self.size.width != self._built_width
        if self._shown and resized and (self._by_seat or self._too_narrow()):
            self._build(set())
        self.call_after_refresh(self._show_newest)

    def watch_virtual_size(self) -> None:
        """The table measures its cells when idle: scroll once their size is known."""
        self.call_after_refresh(self._show_newest)

    def _show_newest(self) -> None:
        """The latest round in view: at the bottom with a column per seat (with a row per
        seat, the newest rounds are the ones built)."""
        if not self._by_seat:
            self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True)
        self._set_titles()

    def _edges(self) -> list[int]:
        """Where each scrolling column starts, and where the last ends: the scroll offsets
        that show whole rounds."""
        widths = [c.get_render_width(self) for c in self.ordered_columns[self.fixed_columns :]]
        return list(accumulate(widths, initial=0))

    def action_scroll_rounds(self, step: int) -> None:
        """Left and right move by whole rounds, so no round is shown cut."""
        if self._by_seat:
            if (self._more if step > 0 else self._skipped > 0) and self._shown:
                self._skipped += step
                self._build(set())
            return
        x, edges = round(self.scroll_x), self._edges()
        if step > 0:
            x = next((e for e in edges if e > x), x)
        else:
            x = next((e for e in reversed(edges) if e < x), 0)
        self.scroll_to(x=min(x, self.max_scroll_x), animate=False)

    def _set_titles(self, focused: bool | None = None) -> None:
        """The title says how to reach what is hidden, only when something is and the sheet
        is not focused already; under the sheet, the target's parts (« · » between them)
        that its border has room for, from the first (« Trois 6 : la fin · record 199 »)."""
        room = (self.outer_size.width or PANEL_WIDTH) - 6  # each side: a corner, a line, a space
        parts = self._shown.target.split(" · ") if self._shown else []
        while len(parts) > 1 and cell_len(" · ".join(parts)) > room:
            parts.pop()
        self.border_subtitle = " · ".join(parts)
        focused = self.has_focus if focused is None else focused
        hidden = self._skipped or self._more or self.max_scroll_x > 0 or self.max_scroll_y > 0
        fits = (title for title in SCROLL_TITLES if cell_len(title) <= room)
        self.border_title = next(fits, SCROLL_TITLES[-1]) if hidden and not focused else TITLE

    def _too_narrow(self) -> bool:
        """Whether one column per seat would hide some seats."""
        assert self._shown is not None
        many = len(self._shown.players) > 1
        return many and columns_width(self._shown, self._glyphs) > (self.size.width or PANEL_WIDTH)

    def _build(self, changed: set[tuple[int, int]]) -> None:
        sheet = self._shown
        assert sheet is not None
        self._by_seat = self._too_narrow()
        self._built_width = self.size.width
        self.clear(columns=True)
        lines = sheet.lines()
        total = len(lines) - 1 if sheet.totals else None
        grid = [
            [
                self._cell(value, line == total, seat in sheet.leaders, (line, seat) in changed)
                for seat, value in enumerate(values)
            ]
            for line, (_, values) in enumerate(lines)
        ]
        labels = [
            Text(label, style="bold" if line == total else "")
            for line, (label, _) in enumerate(lines)
        ]
        names = [Text(self._glyphs.clip(name, NAME_CELLS)) for name in sheet.players]
        if self._by_seat:
            # Name and total stay fixed on the left; the rounds played follow, newest first
            # (Trois Couronnes lists its seven rounds from the start: those to play say nothing).
            played = [line for line in range(len(sheet.rows)) if any(sheet.rows[line][1])]
            fixed = [total] if total is not None else []
            order = fixed + self._rounds_in_view(played[::-1], names, labels, grid, fixed)
            self.fixed_columns = 1 + len(fixed)
            self.add_column("", key="name")
            for line in order:
                self.add_column(labels[line], key=str(line))
            for seat, name in enumerate(names):
                self.add_row(name, *(grid[line][seat] for line in order))
        else:
            self.fixed_columns, self._skipped, self._more = 0, 0, False
            self.add_column("", key="label")
            for seat, name in enumerate(names):
                self.add_column(name, key=str(seat))
            for label, cells in zip(labels, grid, strict=True):
                self.add_row(label, *cells)
        self._set_titles()
        self.call_after_refresh(self._show_newest)

    def _rounds_in_view(
        self,
        newest: list[int],
        names: list[Text],
        labels: list[Text],
        grid: list[list[Text]],
        fixed: list[int],
    ) -> list[int]:
        """The rounds, newest first past those skipped, that fit whole beside the names and
        the fixed columns (at least one, however narrow the sheet)."""

        def width(texts: list[Text]) -> int:
            return max(cell_len(t.plain) for t in texts) + 2 * self.cell_padding

        room = (self.size.width or PANEL_WIDTH - 2) - 1  # the vertical scrollbar
        room -= width([Text(), *names]) + sum(width([labels[f], *grid[f]]) for f in fixed)
        self._skipped = min(self._skipped, max(len(newest) - 1, 0))
        shown: list[int] = []
        for line in newest[self._skipped :]:
            room -= width([labels[line], *grid[line]])
            if room < 0 and shown:
                break
            shown.append(line)
        self._more = self._skipped + len(shown) < len(newest)
        return shown

    def _cell(self, value: str, total: bool, leader: bool, changed: bool) -> Text:
        style = "bold" if total else ""
        if total and leader:
            value, style = f"{self._glyphs.star} {value}", "bold green"
        return Text(value, style=f"{style} reverse".strip() if changed else style)

    def on_focus(self) -> None:
        self._set_titles(focused=True)

    def on_blur(self) -> None:
        self._set_titles(focused=False)

    def action_release(self) -> None:
        """Back to the game: the keys are moves again."""
        self.screen.set_focus(None)
