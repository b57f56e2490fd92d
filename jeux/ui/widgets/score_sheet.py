"""The shared score sheet: seats × rounds, totals, the leader, changed cells highlighted."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual.widgets import DataTable

from ..glyphs import UNICODE, Glyphs

NAME_CELLS = 10


@dataclass(frozen=True)
class SheetData:
    """What a game shows on its sheet; player names are shown literally."""

    players: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...] = ()
    totals: tuple[str, ...] = ()
    leaders: frozenset[int] = field(default_factory=frozenset)
    target: str = ""
    """E.g. "Objectif : 5000"; shown under the sheet's title."""


class ScoreSheet(DataTable):
    DEFAULT_CSS = """
    ScoreSheet { height: auto; max-height: 100%; border: round $foreground 40%; }
    ScoreSheet > .datatable--header { text-style: bold; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(zebra_stripes=True, cursor_type="none", show_cursor=False, **kwargs)
        self.border_title = "Feuille de score"
        self._previous: dict[tuple[int, int], str] = {}
        self._players: tuple[str, ...] = ()
        self._shown: SheetData | None = None

    def show(self, sheet: SheetData, glyphs: Glyphs = UNICODE) -> None:
        """Rebuild from the data; cells that changed since the last call are highlighted."""
        if sheet == self._shown:
            return  # most moves leave the sheet as it was: a rebuild costs a full table
        self._shown = sheet
        if sheet.players != self._players:
            self.clear(columns=True)
            self.add_column("", key="label")
            for seat, name in enumerate(sheet.players):
                self.add_column(Text(glyphs.clip(name, NAME_CELLS)), key=str(seat))
            self._players = sheet.players
        else:
            self.clear()
        self.border_subtitle = sheet.target
        cells: dict[tuple[int, int], str] = {}
        rows = list(sheet.rows)
        if sheet.totals:
            rows.append(("Total", sheet.totals))
        for r, (label, values) in enumerate(rows):
            is_total = bool(sheet.totals) and r == len(rows) - 1
            row = [Text(label, style="bold" if is_total else "")]
            for seat, value in enumerate(values):
                cells[(r, seat)] = value
                style = "bold" if is_total else ""
                if is_total and seat in sheet.leaders:
                    value, style = f"{glyphs.star} {value}", "bold $success"
                if self._previous and self._previous.get((r, seat)) != cells[(r, seat)]:
                    style += " reverse"
                row.append(Text(value, style=style.replace("$success", "green").strip()))
            self.add_row(*row)
        self._previous = cells
        if rows:
            self.move_cursor(row=len(rows) - 1)
            self.scroll_end(animate=False)
