"""`jeux stats`: the statistics screen's figures from the shell, in French or in JSON."""

import json
import subprocess
import sys

import pytest

from jeux.store.profiles import Profiles
from jeux.store.records import Records


def jeux_stats(tmp_path, *args: str) -> subprocess.CompletedProcess:
    folders = ["--config-dir", str(tmp_path / "c"), "--data-dir", str(tmp_path / "d")]
    return subprocess.run(
        [sys.executable, "-m", "jeux", *folders, "stats", *args], capture_output=True, text=True
    )


@pytest.fixture
def lina(tmp_path):
    """Lina won a match of Le 5000 against a robot and a daily dungeon; Marc played nothing."""
    profiles = Profiles(tmp_path / "c" / "players.json")
    lina = profiles.create("[red]Lina")
    profiles.create("Marc")
    records = Records(tmp_path / "d" / "jeux.sqlite3")
    matches = [
        ("le_5000", [(lina.id, False), ("", True)], 4200, ""),
        ("scoundrel", [(lina.id, False)], 12, "daily:2026-11-29"),
    ]
    for game, seats, score, label in matches:
        saved = {
            "game": game,
            "seed": 1,
            "seats": [{"name": "x", "profile": p, "bot": bot} for p, bot in seats],
        }
        result = {"profile": lina.id, "name": lina.name, "seat": 0, "rank": 1, "score": score}
        records.finish(records.start(saved, label), saved, [{**result, "won": True}])
    return lina


def test_text_shows_every_player_and_their_games(tmp_path, lina):
    out = jeux_stats(tmp_path)
    assert out.returncode == 0 and out.stderr == ""
    assert "[red]Lina : 2 parties, 2 victoires (100 %)" in out.stdout
    assert "== Le 5000 ==" in out.stdout and "Robots" in out.stdout
    assert "Meilleur score" in out.stdout and "4200" in out.stdout
    assert "novembre 2026" in out.stdout and "29✓" in out.stdout
    assert "Marc : aucune partie terminée." in out.stdout


def test_json_for_one_player_by_name_whatever_the_case(tmp_path, lina):
    out = jeux_stats(tmp_path, "--player", "[RED]lina", "--json")
    data = json.loads(out.stdout)
    [player] = data["players"]
    assert player["id"] == lina.id and player["name"] == "[red]Lina"
    assert player["total"]["played"] == 2
    five = next(g for g in player["games"] if g["game"] == "le_5000")
    assert five["title"] == "Le 5000" and five["best"] == 4200 and five["win_rate"] == 1.0
    assert list(five["opponents"]) == ["robots"] and five["daily"] is None
    dungeon = next(g for g in player["games"] if g["game"] == "scoundrel")
    assert dungeon["daily"]["days"] == {"2026-11-29": True}


def test_an_unknown_player_is_told_in_french_with_exit_code_2(tmp_path, lina):
    out = jeux_stats(tmp_path, "--player", "Zoé")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == "Joueur inconnu : Zoé (joueurs enregistrés : [red]Lina et Marc).\n"


def test_no_players_yet(tmp_path):
    out = jeux_stats(tmp_path)
    assert out.returncode == 0 and "Aucun joueur enregistré" in out.stdout
    assert json.loads(jeux_stats(tmp_path, "--json").stdout) == {"players": []}
    assert not (tmp_path / "d").exists()  # reading statistics creates nothing


def test_a_damaged_players_file_is_set_aside_and_said(tmp_path):
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "players.json").write_text("{pas du json")
    out = jeux_stats(tmp_path)
    assert out.returncode == 0 and "Aucun joueur enregistré" in out.stdout
    assert out.stderr.startswith("jeux : ") and "Traceback" not in out.stderr
