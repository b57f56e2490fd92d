"""French wording shared by engines and screens."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

VOWELS = "aeiou"


def plural(count: int, word: str) -> str:
    """ "1 partie", "2 parties": French puts 0 and 1 in the singular."""
    return f"{count} {word}{'s' if count > 1 else ''}"


def join_names(names: Sequence[str]) -> str:
    """ "Lina", "Lina et Marc", "Lina, Marc et Zoé"."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " et " + names[-1]


def percent(chance: float) -> str:
    """0.583 → "58 %"."""
    return f"{round(100 * chance)} %"


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
    """How many play a game, after "se joue": "seul", "à 2", "seul ou jusqu'à 4", "de 2 à 8"."""
    if high == 1:
        return "seul"
    if low == high:
        return f"à {low}"
    if low == 1:
        return f"seul ou jusqu'à {high}"
    return f"de {low} à {high}"


# How a match ended (`Outcome.ending`): the labels several games share, so the lab counts
# the same idea under the same words.
TARGET_REACHED = "Objectif atteint"
TURN_LIMIT = "Limite de tours atteinte"
LAST_STANDING = "Dernier en jeu"
DECK_EMPTY = "Pioche épuisée"
