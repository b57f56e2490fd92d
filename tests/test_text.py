import ast
import re
from pathlib import Path

from jeux.engine.text import join_names, plural, robot_names


def test_plural_keeps_zero_and_one_singular():
    assert [plural(n, "partie") for n in (0, 1, 2)] == ["0 partie", "1 partie", "2 parties"]


def test_join_names_reads_as_french():
    assert join_names([]) == ""
    assert join_names(["Lina"]) == "Lina"
    assert join_names(["Lina", "Marc", "Zoé"]) == "Lina, Marc et Zoé"


def test_percent_and_dice_keys():
    from jeux.engine.text import dice_keys, percent

    assert percent(0.583) == "58 %"
    assert dice_keys([3]) == "4" and dice_keys([0, 2, 4]) == "1, 3 et 5"


def test_de_elides_before_vowels_and_mute_h():
    from jeux.engine.text import de

    assert [de(n) for n in ("Lina", "Alix", "Éloïse", "Hugo", "Yves", "Yann", "Œdipe")] == [
        "de Lina",
        "d'Alix",
        "d'Éloïse",
        "d'Hugo",
        "d'Yves",
        "de Yann",
        "d'Œdipe",
    ]
    assert de("Robot 1") == "de Robot 1" and de("[red]x") == "de [red]x" and de("") == "de "


def test_players_range_says_alone_for_solo_games():
    from jeux.engine.text import players_range

    assert [players_range(*r) for r in ((1, 1), (2, 2), (1, 4), (2, 8))] == [
        "en solo",
        "à 2",
        "en solo ou jusqu'à 4",
        "de 2 à 8",
    ]


def test_fold_ignores_case_and_accents_for_searching():
    from jeux.engine.text import fold

    assert fold("L'Expédition Rivale") == "l'expedition rivale"
    assert "exped" in fold("Expédition") and fold("ÉLOÏSE") == "eloise"


def test_robots_are_named_by_their_level():
    assert robot_names(["Fort"]) == ["Fort"]
    assert robot_names(["Moyen", "Fort", "Moyen"]) == ["Moyen 1", "Fort", "Moyen 2"]
    assert robot_names(["Débutant"] * 2) == ["Débutant 1", "Débutant 2"]
    assert robot_names(["", ""]) == ["Robot 1", "Robot 2"]  # a game without levels
    assert robot_names(["Fort"], taken=["fort"]) == ["Fort 1"]  # never a player's name
    assert max(len(n) for n in robot_names(["Débutant"] * 7)) <= 10  # a score sheet's cells


NAME_AFTER_DE = re.compile(r"\b[Dd]e \{[^}]*(players\[[^\]]*\]|player|name)\}")
"""« de » written before a name in an f-string, where `de(name)` elides it (« d'Iris »)."""


def test_every_de_before_a_name_goes_through_the_elision_helper():
    package = Path(__file__).parents[1] / "jeux"
    written = [
        f"{path.relative_to(package)}:{number}"
        for path in sorted(package.rglob("*.py"))
        if path.name != "text.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if NAME_AFTER_DE.search(line)
    ]
    assert not written, f"« de » before a name, not elided: {written}"


MASCULINE = (
    r"(\{\}|\b[Tt]u|\b[Oo]n) (est|es|reste|restes|sort|sors|devient) (déjà )?(mort|mourant|seul|"
    r"bloqué|immunisé|camouflé|repéré|perdu|enregistré|allié|tombé|épuisé|sauvé|désigné|"
    r"puni|couronné|sacré|proclamé)s?\b",
    r"\b[Mm]ourants?\b",
    r"\breste mort\b",
    r"\brestes (mort|bloqué)\b",
    r"\bsort seul\b",
    r"\b(Sortir|ou) seul\b",
    r"\b(un|les) morts?\b",
    r"\b[Ll]e MJ\b",
    r"\bsorcier ultime\b",
    r"\bRoi Suprême\b",
    r"\bmeilleur voleur\b",
    r"\b(dernier|un) survivant\b",
    r"\bun meneur\b",
    r"\btombés? (le|les) derniers?\b",
    r"\bDeviens fou\b",
    r"^fou$",
    r"\b[Dd]ernier (en jeu|à garder)\b",
    r"\b(Mort|Épuisé|Perdu) dans\b",
    r"\b(PV|points?|tours|cartes?|jetons?|\{\}) chacun\b",
    r"\bà chacun(?! de)",
    r"\bpris sur le fait\b",
    r"\b[Cc]hacun (commence|mise|récupère|repart|reçoit|pioche|choisit|lance|tient|avance|ait|"
    r"a|ne|en|son|avec|des autres|leur|est|cachait)\b",
    r"\b[Ll]e premier (à|qui)\b",
    r"\b[Ll]e dernier (debout|en vie|joueur|sorcier)\b",
    r"\bcelui qui\b",
    r"\b[Ii]l (gagne|doit encore)\b",
    r"\bils gagnent\b",
    r"\bcontre lui !",
    r"\bAucun explorateur\b",
)
"""Masculine forms a player or a seat was given, written inclusively since (« mort·e »,
« le·la MJ », « chacun·e ») or reworded (« monte sur le trône »): none may come back."""
MASCULINE_FORM = re.compile("|".join(f"(?:{form})(?![·\\w])" for form in MASCULINE))


def player_texts() -> list[tuple[str, str]]:
    """Every string of the package (f-strings with {} for their values) and every line of
    the rules texts, with where it is written."""
    package = Path(__file__).parents[1] / "jeux"
    texts = []
    for path in sorted(package.rglob("*.py")):
        where = path.relative_to(package)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                parts = (v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
                texts.append((f"{where}:{node.lineno}", "".join(parts)))
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                texts.append((f"{where}:{node.lineno}", node.value))
    for path in sorted(package.glob("games/*/regles.md")):
        lines = path.read_text(encoding="utf-8").splitlines()
        texts += [(f"{path.relative_to(package)}:{n}", line) for n, line in enumerate(lines, 1)]
    return texts


def test_no_player_is_given_a_masculine_form_again():
    found = [
        f"{where} « {match.group(0)} »"
        for where, text in player_texts()
        if (match := MASCULINE_FORM.search(text))
    ]
    assert not found, f"masculine forms, write them with the middle dot: {found}"


def test_the_masculine_forms_check_finds_what_it_looks_for():
    for text in ("{} fait 3 et reste mort.", "Le MJ conteste", "10 PV chacun, Lina commence."):
        assert MASCULINE_FORM.search(text), text
    for text in ("reste mort·e.", "Le·la MJ", "10 PV chacun·e", "Le triple est bloqué"):
        assert not MASCULINE_FORM.search(text), text
