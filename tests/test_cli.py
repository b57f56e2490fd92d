"""The `jeux` command outside the app."""

import json
import subprocess
import sys

from jeux.catalog import GAMES


def jeux(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jeux", *args], capture_output=True, text=True)


def test_list_json_describes_every_game():
    rows = json.loads(jeux("list", "--json").stdout)
    assert len(rows) == 26
    keys = {"id", "title", "min_players", "max_players", "solo", "family", "available"}
    assert all(keys <= row.keys() for row in rows)
    assert {row["family"] for row in rows} == {"dés", "cartes"}
    spell = next(r for r in rows if r["id"] == "the_last_spell")
    assert spell["available"] and not spell["solo"]


def test_simulate_json_reports_the_run():
    out = jeux(
        "simulate", "the_last_spell", "--players", "4", "--games", "50", "--seed", "3", "--json"
    )
    report = json.loads(out.stdout)
    assert report["game"] == "the_last_spell" and report["players"] == 4
    assert report["games"] == 50 and report["errors"] == 0 and report["seed"] == 3
    assert sum(report["wins_by_seat"]) == 50 and report["games_per_second"] > 0
    assert report["mean_actions"] > 0


def test_simulate_refuses_a_wrong_player_count():
    out = jeux("simulate", "the_last_spell", "--players", "9")
    assert out.returncode == 2 and "de 2 à 6" in out.stderr


def test_rules_print_in_french():
    out = jeux("rules", "the_last_spell")
    assert out.returncode == 0 and "Combinaisons" in out.stdout


def test_version():
    assert jeux("--version").stdout.startswith("jeux ")


def test_simulate_with_the_games_own_bot():
    out = jeux("simulate", "the_last_spell", "--games", "20", "--bots", "--json")
    report = json.loads(out.stdout)
    assert report["errors"] == 0 and report["players_are"] == "robots"
    assert report["levels"] == ["moyen"] * 3 and report["decision_ms"]["moyen"]["median"] > 0


def test_simulate_takes_a_robot_level_per_seat():
    out = jeux("simulate", "le_5000", "--players", "2", "--games", "5", "--bots", "fort,debutant")
    assert out.returncode == 0 and "robots fort, débutant" in out.stdout
    assert "Décision fort" in out.stdout
    out = jeux("simulate", "le_5000", "--players", "3", "--bots", "fort,moyen")
    assert out.returncode == 2 and "2 niveaux pour 3 places" in out.stderr
    out = jeux("simulate", "le_5000", "--bots", "expert")
    assert out.returncode == 2 and "niveau inconnu : 'expert'" in out.stderr


def test_list_shows_the_family_of_each_game():
    lines = {line.split()[0]: line.split() for line in jeux("list").stdout.splitlines()}
    assert len(lines) == 26
    assert "cartes" in lines["scoundrel"] and "dés" in lines["le_5000"]


def test_a_reader_that_leaves_early_gets_no_traceback():
    child = subprocess.Popen(
        [sys.executable, "-m", "jeux", "list", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    child.stdout.close()  # like `jeux list | head -1` once head has what it wants
    stderr = child.stderr.read().decode()
    assert child.wait() == 141 and stderr == ""


def test_help_and_argument_errors_speak_french():
    help_text = jeux("--help").stdout
    assert help_text.startswith("usage : jeux") and "afficher cette aide et quitter" in help_text
    assert "\noptions :" in help_text and "\ncommandes :" in help_text
    for english in ("usage:", "show this help", "positional arguments"):
        assert english not in help_text
    out = jeux("play", "nope")
    assert out.returncode == 2 and "erreur : argument ID : jeu inconnu : 'nope'" in out.stderr
    out = jeux("simulate", "le_5000", "--games", "beaucoup")
    assert out.returncode == 2 and "valeur invalide (entier) : 'beaucoup'" in out.stderr
    assert "error" not in jeux("list", "--nope").stderr


def test_an_unusable_folder_is_refused_in_french_before_anything_starts(tmp_path):
    blocker = tmp_path / "un-fichier"
    blocker.write_text("")
    for option in ("--data-dir", "--config-dir"):
        out = jeux(option, str(blocker / "jeux"), "play", "le_5000")
        assert out.returncode == 1 and "Traceback" not in out.stderr
        assert out.stderr.startswith("jeux : impossible d'écrire dans le dossier")
        assert "un fichier porte ce nom" in out.stderr


def test_ci_runs_exactly_the_readme_test_command():
    from pathlib import Path

    root = Path(__file__).parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Tester", 1)[1].split("```sh\n", 1)[1]
    command = section.split("\n```", 1)[0].strip()
    assert command.startswith("python3 -m venv .venv && ")  # installs from nothing
    assert command.endswith("python -m pytest")  # the pyproject's addopts apply
    assert command in (root / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_simulate_says_in_french_what_it_cannot_do():
    out = jeux("simulate", "pyramide_escape", "--bots")
    assert out.returncode == 2 and "Pyramide Escape n'a pas de robot" in out.stderr
    out = jeux("simulate", "le_signal", "--players", "3")
    assert out.returncode == 2 and out.stderr == "Le Signal se joue en solo, pas à 3 joueurs.\n"
    coming = [info.id for info in GAMES.values() if not info.available]
    if coming:  # once every game is available, there is nothing left to refuse
        out = jeux("simulate", coming[0])
        assert out.returncode == 1 and "pas encore disponible" in out.stderr


def test_simulate_reports_in_french():
    out = jeux("simulate", "scoundrel", "--games", "5")
    assert out.returncode == 0 and "Parties par seconde" in out.stdout and "Victoires" in out.stdout


def test_simulate_compares_two_variants_on_the_same_seeds():
    out = jeux(
        "simulate", "le_5000", "--players", "2", "--games", "30", "--compare", "target=5000,10000"
    )
    assert (
        out.returncode == 0
        and "Objectif : 5 000 points" in out.stdout
        and "Objectif : 10 000 points" in out.stdout
    )
    out = jeux("simulate", "le_5000", "--games", "20", "--compare", "target=5000,10000", "--json")
    report = json.loads(out.stdout)
    assert report["compare"] == "target"
    assert [v["options"]["target"] for v in report["variants"]] == [5000, 10000]
    low_high = report["variants"][0]["win_share_by_seat"][0]
    assert low_high["low"] <= low_high["share"] <= low_high["high"]


def test_simulate_refuses_an_unknown_option_in_french():
    out = jeux("simulate", "le_5000", "--option", "cible=3")
    assert out.returncode == 2 and "option inconnue" in out.stderr and "target" in out.stderr
    out = jeux("simulate", "le_5000", "--compare", "target=5000")
    assert out.returncode == 2 and "au moins deux valeurs" in out.stderr
