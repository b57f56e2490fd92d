"""Journals of story games (Le Signal, Meaning Dice): plain sections read on screen and
exported as Markdown, so what is reread is what is exported."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class JournalSection:
    """One part of a journal: a title, then (label, text) lines; label "" for a paragraph."""

    title: str
    lines: tuple[tuple[str, str], ...]


_MARKDOWN_SPECIAL = frozenset("\\`*_[]<>#|~&")


def markdown_escape(text: str) -> str:
    """Player text made literal in Markdown: every character that could format is escaped.

    Free text is one line (the engines fold whitespace), so block syntax cannot start.
    """
    return "".join(f"\\{ch}" if ch in _MARKDOWN_SPECIAL else ch for ch in text)


def sections_markdown(sections: Sequence[JournalSection]) -> str:
    """A journal as a Markdown document, ready to save: the first title heads it."""
    out: list[str] = []
    for n, section in enumerate(sections):
        out += [f"{'#' if n == 0 else '##'} {markdown_escape(section.title)}", ""]
        for label, text in section.lines:
            if label:
                out.append(f"- **{label} :** {markdown_escape(text)}")
            else:
                out += [markdown_escape(text), ""]
        if out[-1] != "":
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
