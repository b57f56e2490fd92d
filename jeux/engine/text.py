"""Text shared by engines, screens and the command: French wording, and text from files and
players made safe to print (the lowest shared layer, so the engine's own refusals can quote a
file safely too)."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

VOWELS = "aeiou"


FREE_TEXT_LIMIT = 40
"""Longest free text (a word of a spell's name, a story line) an action may carry."""


def clean_text(text: str, limit: int = FREE_TEXT_LIMIT) -> str:
    """Drop control and format characters, fold whitespace, cap the length."""
    text = str(text)
    if text.isprintable() and len(text) <= limit and "  " not in text and text.strip() == text:
        return text  # already clean: printable leaves no control, format or odd space
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace() or unicodedata.category(ch)[0] != "C"
    )
    return " ".join(kept.split())[:limit].strip()


def plural(count: int, word: str) -> str:
    """ "1 partie", "2 parties": French puts 0 and 1 in the singular."""
    return f"{count} {word}{'s' if count > 1 else ''}"


def number(value: int) -> str:
    """French thousands: « 5 000 », with a no-break space, so a score never wraps."""
    return f"{value:,}".replace(",", "\u00a0")


def card_keys(count: int) -> str:
    """The number keys choosing among `count` cards on screen: « 1 », « 1-5 » (nine at most)."""
    count = min(count, 9)
    return "1" if count <= 1 else f"1-{count}"


def join_names(names: Sequence[str]) -> str:
    """ "Lina", "Lina et Marc", "Lina, Marc et Zoé"."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " et " + names[-1]


def aside(words: str) -> str:
    """ " (Éclair)", to add after what it explains; nothing when there is nothing to add."""
    return f" ({words})" if words else ""


def percent(chance: float) -> str:
    """0.583 → "58 %"."""
    return f"{round(100 * chance)} %"


def decimal(value: float, places: int = 1) -> str:
    """2.55 → "2,6": a figure with its decimal comma."""
    return f"{value:.{places}f}".replace(".", ",")


def fine_percent(chance: float) -> str:
    """0.5078 → "50,8 %": a share to a tenth of a point, where a point is too coarse."""
    return f"{decimal(100 * chance)} %"


def dice_keys(positions: Sequence[int]) -> str:
    """(3, 4) → "4 et 5": dice named by the keys that pick them."""
    return join_names([str(i + 1) for i in positions])


def fold(text: str) -> str:
    """Lower case without accents, for searching: "Expédition" is found by "exped"."""
    letters = unicodedata.normalize("NFD", text.casefold())
    return "".join(ch for ch in letters if not unicodedata.combining(ch))


def elides(word: str) -> bool:
    """Whether "de", "le", "que" lose their vowel before `word`: a vowel, a mute h, or a y
    sounded as a vowel ("d'Alix", "d'Hugo", "d'Yves" but "de Yann")."""
    letters = fold(word)
    if not letters:
        return False
    if letters[0] == "y":
        return len(letters) > 1 and letters[1] not in VOWELS
    return letters[0] in VOWELS + "hœæ"


def de(name: str) -> str:
    """ "de Lina", "d'Alix": "de" before a name, elided where French elides it."""
    return f"d'{name}" if elides(name) else f"de {name}"


def robot_names(levels: Sequence[str], taken: Sequence[str] = ()) -> list[str]:
    """The names of robots seated with these level labels: the level itself, numbered
    among the robots of that level when there are several (« Fort », « Moyen 1 », « Moyen 2 »),
    so that a name cut to a score sheet's ten cells still tells the level and the robot;
    « Robot 1 », « Robot 2 » in a game without levels (empty labels). Never the name of a
    player in `taken`, whatever its case."""
    used = {name.casefold() for name in taken}
    names = []
    for n, level in enumerate(levels):
        if not level:
            word, number = "Robot", n + 1
        else:
            several = levels.count(level) > 1
            word, number = level, levels[:n].count(level) + 1 if several else 0
        name = f"{word} {number}" if number else word
        while name.casefold() in used:
            number += 1
            name = f"{word} {number}"
        used.add(name.casefold())
        names.append(name)
    return names


def players_range(low: int, high: int) -> str:
    """How many play a game, after "se joue": "en solo", "à 2", "en solo ou jusqu'à 4",
    "de 2 à 8"."""
    if high == 1:
        return "en solo"
    if low == high:
        return f"à {low}"
    if low == 1:
        return f"en solo ou jusqu'à {high}"
    return f"de {low} à {high}"


# How a match ended (`Outcome.ending`): the labels several games share, so the lab counts
# the same idea under the same words.
TARGET_REACHED = "Objectif atteint"
TURN_LIMIT = "Limite de tours atteinte"
LAST_STANDING = "Dernier·e en jeu"
DECK_EMPTY = "Pioche épuisée"
ALL_PASSED = "Tout le monde a passé"


UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""What a terminal may obey rather than show: controls (ESC, C0, DEL, C1), format characters
(bidi overrides, zero-width), lone surrogates (not even encodable) and line separators."""


def visible_escape(ch: str) -> str:
    """A character shown as its Python escape: ESC is `\\x1b`, a bidi override `\\u202e`."""
    return ascii(ch)[1:-1]


def json_escape(ch: str) -> str:
    """A character as a JSON escape: the text still reads back as the same data."""
    return json.dumps(ch)[1:-1]


def printable(text: str, keep: str = "\n\t", escape: Callable[[str], str] = visible_escape) -> str:
    """Text from a file or a player, safe to print: every character a terminal could obey
    (clear the screen, retitle the window, reverse a line) shown as an escape instead, as git
    and lichess do; the characters in `keep` pass (a document keeps its lines)."""
    if "\n" in keep and "\n" in text:  # line by line, so that most take the quick way
        return "\n".join(printable(line, keep, escape) for line in text.split("\n"))
    if text.isprintable():  # the usual case, at C speed
        return text
    return "".join(
        escape(ch) if ch not in keep and unicodedata.category(ch) in UNSAFE_CATEGORIES else ch
        for ch in text
    )


def quoted(value: Any, limit: int = 40) -> str:
    """« value »: something read from a file, quoted in a French message on one line, made
    printable and clipped (a file may hold a name of ten thousand characters)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = printable(text[: limit + 1], keep="")
    return f"« {text if len(text) <= limit else text[: limit - 1] + '…'} »"
