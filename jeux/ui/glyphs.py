"""Glyphs whose width matters for alignment, with an ASCII fallback chosen in Settings.

Pips, suits and gauge blocks are "ambiguous width" in East Asian terminal settings; the ASCII set
keeps every layout intact there."""

from __future__ import annotations

from dataclasses import dataclass


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


UNICODE = Glyphs(
    pip="●",
    full="█",
    empty="░",
    suits={"pique": "♠", "coeur": "♥", "carreau": "♦", "trefle": "♣"},
    star="★",
    back="▚",
    skull="✕",
    turn="▶",
)
ASCII = Glyphs(
    pip="o",
    full="#",
    empty="-",
    suits={"pique": "P", "coeur": "C", "carreau": "K", "trefle": "T"},
    star="*",
    back="%",
    skull="x",
    turn=">",
)
