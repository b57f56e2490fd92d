"""Glyphs whose width matters for alignment, with an ASCII fallback chosen in Settings.

Pips, suits, arrows, guillemets and box drawing are "ambiguous width" in East Asian terminal
settings, and some terminals lack them. Screens draw their own symbols from `Glyphs`; with the
ASCII setting on, `AsciiFilter` also turns every other such character on screen (the words of
the engines, Textual's borders) into ASCII of the same width, so layouts stay intact."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import cache

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter
from textual.renderables.digits import DIGITS, DIGITS3X3_BOLD

BigDigits = dict[str, tuple[str, str, str]]
"""Characters three rows tall, for a lone d20: "0"-"9" and "?"."""


def _textual_digits() -> BigDigits:
    rows = DIGITS3X3_BOLD
    font = {
        d: tuple(rows[3 * DIGITS.index(d) + r].ljust(3) for r in range(3)) for d in "0123456789"
    }
    return font | {"?": ("╺━┓", " ┏┛", " ╹ ")}


ASCII_DIGITS: BigDigits = {
    d: (top, middle, bottom)
    for d, top, middle, bottom in zip(
        "0123456789?",
        (" _ ", "   ", " _ ", " _ ", "   ", " _ ", " _ ", " _ ", " _ ", " _ ", " _ "),
        ("| |", "  |", " _|", " _|", "|_|", "|_ ", "|_ ", "  |", "|_|", "|_|", "  )"),
        ("|_|", "  |", "|_ ", " _|", "  |", " _|", "|_|", "  |", "|_|", " _|", "  ."),
        strict=True,
    )
}


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
    big_digits: BigDigits = field(default_factory=_textual_digits)

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
    suits={"pique": "P", "coeur": "C", "carreau": "K", "trefle": "T", "joker": "J"},
    star="^",  # robots wear "*"
    back="%",
    skull="x",
    turn=">",
    more=".",
    big_digits=ASCII_DIGITS,
)

# --- the ASCII filter -----------------------------------------------------------------

GUILLEMETS = {"«\u00a0": "<<", "« ": "<<", "\u00a0»": ">>", " »": ">>"}
"""French guillemets with their space: the ASCII pair of the same width."""

SYMBOLS = {
    "→": ">", "←": "<", "↑": "^", "↓": "v", "↕": "|", "↔": "-", "⇥": ">",
    "▶": ">", "◀": "<", "▲": "^", "▼": "v", "►": ">", "◄": "<",
    "−": "-", "–": "-", "—": "-", "‐": "-",
    "«": '"', "»": '"', "“": '"', "”": '"', "‘": "'", "’": "'",
    "·": "-", "•": "o", "●": "o", "○": "o", "◆": "o", "◇": "o", "■": "#", "□": "o",
    "★": "^", "☆": "^", "✓": "v", "✔": "v", "✕": "x", "✗": "x", "×": "x", "÷": "/",
    "…": ".", "♠": "P", "♥": "C", "♦": "K", "♣": "T",
}  # fmt: skip


def _block(char: str) -> str:
    """A block element (gauges, buttons' edges, scrollbars) as the ASCII that draws most like it."""
    name = unicodedata.name(char, "")
    for words, ascii_char in (
        ("FULL BLOCK", "#"), ("DARK SHADE", "#"), ("MEDIUM SHADE", "="), ("LIGHT SHADE", "-"),
        ("QUADRANT", "%"), ("LEFT", "|"), ("RIGHT", "|"), ("UPPER", "-"),
        ("LOWER ONE EIGHTH", "_"),
    ):  # fmt: skip
        if words in name:
            return ascii_char
    return " "  # the lower partial blocks of scrollbar thumbs


def _box(char: str) -> str:
    """A box-drawing character as "-", "|" or "+", after the lines its name draws; a double
    line across as "=", so a chosen card or die (drawn double) still stands out."""
    name = unicodedata.name(char, "")
    across = any(w in name for w in ("HORIZONTAL", "LEFT", "RIGHT"))
    down = any(w in name for w in ("VERTICAL", "UP", "DOWN"))
    if "DIAGONAL" in name:
        return "X" if "CROSS" in name else "/" if "UPPER RIGHT" in name else "\\"
    if across != down:
        return ("=" if "DOUBLE HORIZONTAL" in name else "-") if across else "|"
    return "+"


@cache
def ascii_table() -> dict[int, str]:
    """Built on first use: most players never turn the setting on."""
    return str.maketrans(
        {chr(c): _box(chr(c)) for c in range(0x2500, 0x2580)}
        | {chr(c): _block(chr(c)) for c in range(0x2580, 0x25A0)}
        | SYMBOLS
    )


def to_ascii(text: str) -> str:
    """The same text in ASCII symbols, cell for cell (letters with accents stay)."""
    for pair, ascii_pair in GUILLEMETS.items():
        if pair in text:
            text = text.replace(pair, ascii_pair)
    return text.translate(ascii_table())


class AsciiFilter(LineFilter):
    """Every line on screen drawn with ASCII symbols (the ASCII setting)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            s if is_picture(s.style) else Segment(to_ascii(s.text), s.style, s.control)
            for s in segments
        ]


PICTURE = {"jeux": "picture"}
"""Style meta of what is a picture, not text (a QR code): left as drawn in ASCII mode."""


def is_picture(style) -> bool:
    return style is not None and style.meta.get("jeux") == "picture"
