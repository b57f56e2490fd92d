"""The designer's lab report: its measures and the README section it rewrites."""

from jeux.cli import lab as lab_module
from jeux.cli.lab import (
    END,
    LEVELS_HEAD,
    SOLVED_HEAD,
    START,
    Lab,
    refresh,
    rewrite,
    solved_section,
    table,
    variants,
)


def test_a_variant_line_says_how_long_how_fair_and_how_the_games_ended():
    lab = Lab(seconds=0, least=20)
    [row] = variants(lab, "le_5000", 2, [("Objectif 10 000", {"target": 10000})])
    label, rounds, first, gap, ends = row
    assert label == "Objectif 10 000" and "±" in rounds and "%" in first and gap.endswith("pts")
    assert ends.startswith("Objectif atteint ") and ends.endswith("%")


def test_the_readme_section_is_replaced_between_its_markers(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text(f"# jeux\n{START}\nvieux\n{END}\nla suite\n", encoding="utf-8")
    rewrite(readme, [START, *table(["a", "b"], [["1", "2"]]), END])
    assert readme.read_text(encoding="utf-8") == (
        f"# jeux\n{START}\n| a | b |\n|---|---|\n| 1 | 2 |\n{END}\nla suite\n"
    )


def test_a_measure_may_ask_for_more_games_than_the_lab_floor():
    lab = Lab(seconds=0, least=20)
    assert lab.measure("le_capitaine", 2).played == 20
    assert lab.measure("le_capitaine", 2, least=30).played == 30


def test_the_strong_robots_say_what_they_play_with_their_figures():
    rows = dict(row.strip("| ").split(" | ", 1) for row in solved_section()[6:])
    assert (
        "équilibre" in rows["Gladiator's Duel"] and "meilleure réponse" in rows["Gladiator's Duel"]
    )
    assert "millions de positions" in rows["Le 5000"]
    # La Cité des Voleurs: the bounds worked out, a tenth of a point with its decimal comma
    assert "50,8 %" in rows["La Cité des Voleurs"] and "27,6 %" in rows["La Cité des Voleurs"]


def test_one_game_measured_again_leaves_the_other_rows_as_they_were(monkeypatch):
    monkeypatch.setattr(lab_module, "LEVEL_GAMES", 20)
    monkeypatch.setattr(lab_module, "LEVEL_SECONDS", 0)
    old = [
        LEVELS_HEAD,
        *table(["Jeu", "a", "b", "c", "d"], [["Gladiator's Duel", "x", "x", "x", "x"]]),
        "| Le Labyrinthe | y | y | y | y |",
        SOLVED_HEAD,
        *table(["Jeu", "Fort"], [["Gladiator's Duel", "x"], ["Le Labyrinthe", "y"]]),
    ]
    new = refresh(old, Lab(seconds=0, least=20), ["gladiators_duel"])
    duel, maze, solved, solved_maze = new[3], new[4], new[8], new[9]
    assert duel.startswith("| Gladiator's Duel | ") and duel.count("20 parties") == 2
    assert maze == old[4] and solved_maze == old[9]
    assert "équilibre" in solved and new[:3] == old[:3]
