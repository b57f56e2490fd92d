"""Glyphs whose width matters for alignment, with an ASCII fallback chosen in Settings.

Pips, suits and gauge blocks are "ambiguous width" in East Asian terminal settings; the ASCII set
keeps every layout intact there."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len, set_cell_size


@dataclass(frozen=True)
class Glyphs:
    pip: str
    full: str
    empty: str
    suits: dict[str, str]
    star: str
    back: str
    skull: str
    turn: str
    more: str

    def clip(self, text: str, cells: int) -> str:
        """`text` cut to `cells` terminal cells (emoji count two), marked when cut."""
        if cell_len(text) <= cells:
            return text
        return set_cell_size(text, cells - 1).rstrip() + self.more


UNICODE = Glyphs(
    pip="●",
    full="█",
    empty="░",
    suits={"pique": "♠", "coeur": "♥", "carreau": "♦", "trefle": "♣", "joker": "★"},
    star="★",
    back="▚",
    skull="✕",
    turn="▶",
    more="…",
)
ASCII = Glyphs(
    pip="o",
    full="#",
    empty="-",
    suits={"pique": "P", "coeur": "C", "carreau": "K", "trefle": "T", "joker": "*"},
    star="*",
    back="%",
    skull="x",
    turn=">",
    more=".",
)
