"""Every command keeps the README's promise at its edges: unusable folders, foreign or damaged
databases, no terminal, nonsense counts; and whatever it prints from files is safe to print."""

import contextlib
import json
import os
import pty
import sqlite3
import subprocess
import sys
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jeux.cli.terminal import has_terminal
from jeux.engine.text import UNSAFE_CATEGORIES, json_escape, printable
from jeux.screenshots import demo_match
from jeux.store.exchange import export_text
from jeux.store.profiles import Profiles
from jeux.store.records import Records

TIMEOUT = 120
"""A generous bound on one command on a busy machine (each answers in about a second); the
old code drew its interface into a pipe until killed, which this bound turns into a failure."""
ESCAPES = "\x1b[2J\x1b]0;piégé\x07"


def jeux(tmp_path, *args: str, **run) -> subprocess.CompletedProcess:
    folders = ("--config-dir", str(tmp_path / "c"), "--data-dir", str(tmp_path / "d"))
    return subprocess.run(
        [sys.executable, "-m", "jeux", *folders, *args],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        **run,
    )


def unsafe(text: str) -> list[str]:
    return [ch for ch in text if ch not in "\n\t" and unicodedata.category(ch) in UNSAFE_CATEGORIES]


# --- folders --------------------------------------------------------------------------------

COMMANDS = {
    "menu": [],
    "play": ["play", "le_5000"],
    "stats": ["stats"],
    "history": ["history"],
    "export": ["export", "1"],
    "import": ["import", "partie.json"],
    "serve": ["serve", "--port", "0"],
}


@pytest.mark.parametrize("option", ["--data-dir", "--config-dir"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_an_unusable_folder_is_refused_alike_by_every_command(tmp_path, option, command):
    blocker = tmp_path / "un-fichier"
    blocker.write_text("")
    folder = blocker / "jeux"
    what = "des parties" if option == "--data-dir" else "des joueurs"
    out = subprocess.run(
        [sys.executable, "-m", "jeux", option, str(folder), *COMMANDS[command]],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        cwd=tmp_path,
    )
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr == (
        f"jeux : impossible d'écrire dans le dossier {what} {folder} (un fichier porte ce nom).\n"
    )


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="/proc: Linux")
@pytest.mark.parametrize("command", ["stats", "history", "export", "import"])
def test_a_folder_under_proc_is_refused_too(tmp_path, command):
    out = subprocess.run(
        [sys.executable, "-m", "jeux", "--data-dir", "/proc/x", *COMMANDS[command]],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        cwd=tmp_path,
    )
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert out.stderr.startswith("jeux : impossible d'écrire dans le dossier des parties /proc/x")


def an_export(tmp_path) -> None:
    """partie.json: the JSON export of a finished match, kept elsewhere."""
    records = Records(tmp_path / "ailleurs" / "jeux.sqlite3")
    saved = demo_match("le_5000", 100_000).to_saved()
    kept = records.finished_match(records.add_finished(saved))
    (tmp_path / "partie.json").write_text(export_text(kept, "json"), encoding="utf-8")


@pytest.mark.parametrize("command", ["stats", "history", "export", "import"])
def test_a_foreign_database_is_reported_alike_by_every_command(tmp_path, command):
    """Tables of the same names, other columns: made by another program."""
    (tmp_path / "d").mkdir()
    with contextlib.closing(sqlite3.connect(tmp_path / "d" / "jeux.sqlite3")) as db, db:
        db.execute("CREATE TABLE matches (id INTEGER PRIMARY KEY, game TEXT)")
        db.execute("CREATE TABLE results (profile TEXT, game TEXT, won INTEGER)")
    Profiles(tmp_path / "c" / "players.json").create("Lina")
    an_export(tmp_path)
    out = jeux(tmp_path, *COMMANDS[command], cwd=tmp_path)
    assert out.returncode == 1 and out.stdout == "", out.stdout
    assert out.stderr.startswith("jeux : la base ") and out.stderr.count("\n") == 1, out.stderr


@pytest.mark.parametrize("command", ["history", "export", "import"])
def test_a_damaged_database_set_aside_is_said(tmp_path, command):
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "jeux.sqlite3").write_bytes(b"pas une base" * 100)
    (tmp_path / "partie.json").write_text("{}")
    out = jeux(tmp_path, *COMMANDS[command], cwd=tmp_path)
    assert "Traceback" not in out.stderr
    first = out.stderr.splitlines()[0]
    assert first.startswith("jeux : La base jeux.sqlite3 était illisible : mise de côté sous")
    assert [p.name for p in (tmp_path / "d").glob("jeux.sqlite3.corrompu-*")]


# --- a terminal for the interface, pipes for the rest ----------------------------------------

NO_TERMINAL = "jeux a besoin d'un terminal"


@pytest.mark.parametrize("command", ["menu", "play"])
def test_the_interface_without_a_terminal_says_so(tmp_path, command):
    closed = jeux(tmp_path, *COMMANDS[command], stdin=None, preexec_fn=lambda: os.close(0))
    assert closed.returncode == 1 and closed.stderr.startswith(NO_TERMINAL), closed.stderr
    piped = jeux(tmp_path, *COMMANDS[command], stdin=subprocess.DEVNULL)
    assert piped.returncode == 1 and piped.stderr.startswith(NO_TERMINAL), piped.stderr
    assert "Traceback" not in closed.stderr + piped.stderr


def test_the_interface_with_its_output_in_a_file_says_so(tmp_path):
    """A terminal for keys and drawing, stdout into a file: `jeux > out.txt`."""
    main, terminal = pty.openpty()
    with (tmp_path / "out.txt").open("w") as out_file:
        done = subprocess.run(
            [sys.executable, "-m", "jeux", "--data-dir", str(tmp_path / "d")],
            stdin=terminal,
            stdout=out_file,
            stderr=terminal,
            timeout=TIMEOUT,
        )
    os.close(terminal)
    said = os.read(main, 4096).decode()
    os.close(main)
    assert done.returncode == 1 and said.startswith(NO_TERMINAL)
    assert (tmp_path / "out.txt").read_text() == ""


def test_a_tab_of_jeux_serve_counts_as_a_terminal(monkeypatch):
    """textual-serve runs each tab's jeux on pipes, with its own driver named here."""
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    assert has_terminal()
    monkeypatch.delenv("TEXTUAL_DRIVER")
    assert not has_terminal()  # pytest's own output is captured: no terminal here


def test_the_other_commands_keep_working_in_pipes(tmp_path):
    listed = jeux(tmp_path, "list", stdin=None, preexec_fn=lambda: os.close(0))
    assert listed.returncode == 0 and "le_5000" in listed.stdout
    history = jeux(tmp_path, "history", stdin=subprocess.DEVNULL)
    assert history.returncode == 0 and history.stderr == "Aucune partie terminée.\n"


# --- simulate ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--games", "-5"], "argument --games : il en faut au moins 1, pas -5"),
        (["--games", "0"], "argument --games : il en faut au moins 1, pas 0"),
        (["--processes", "0"], "argument --processes : il en faut au moins 1, pas 0"),
        (["--players", "0"], "Le 5000 se joue en solo ou jusqu'à 8, pas à 0 joueur."),
        (["--players", "9"], "Le 5000 se joue en solo ou jusqu'à 8, pas à 9 joueurs."),
    ],
)
def test_simulate_refuses_counts_out_of_range(tmp_path, args, said):
    out = jeux(tmp_path, "simulate", "le_5000", *args)
    assert out.returncode == 2 and out.stdout == "" and said in out.stderr


# --- what is printed ---------------------------------------------------------------------------


@pytest.fixture
def hostile_history(tmp_path) -> int:
    """A finished match kept with raw hostile names, as imports stored them before checks."""
    saved = demo_match("le_5000", 100_000).to_saved()
    saved["seats"][0]["name"] = ESCAPES + "Lina"
    saved["seats"][1]["name"] = "\u202eMarc\x9b2J"
    return Records(tmp_path / "d" / "jeux.sqlite3").add_finished(saved)


def test_history_and_export_print_nothing_a_terminal_would_obey(tmp_path, hostile_history):
    for args in (["history"], ["export", str(hostile_history)]):
        out = jeux(tmp_path, *args)
        assert out.returncode == 0 and unsafe(out.stdout) == [] and "Lina" in out.stdout
    exported = jeux(tmp_path, "export", str(hostile_history), "--format", "json")
    assert unsafe(exported.stdout) == []
    seats = json.loads(exported.stdout)["match"]["seats"]
    assert [seat["name"] for seat in seats[:2]] == ["[2J]0;piégéLina", "Marc2J"]


def test_error_messages_quote_names_safely(tmp_path):
    out = jeux(tmp_path, "stats", "--player", ESCAPES)
    assert out.returncode == 2 and unsafe(out.stderr) == []
    assert "Joueur inconnu : \\x1b[2J\\x1b]0;piégé\\x07" in out.stderr


def test_printable_shows_every_control_character_as_an_escape():
    assert printable("a\x1b[2Jb\x9b\u202ec\ud800\u2028") == "a\\x1b[2Jb\\x9b\\u202ec\\ud800\\u2028"
    assert printable("Zoé 🎲\u202f!\n\tligne 2") == "Zoé 🎲\u202f!\n\tligne 2"
    assert printable("un\nseul", keep="") == "un\\nseul"


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.recursive(st.text(st.characters(exclude_categories=())), st.lists, max_leaves=8))
def test_printable_json_is_the_same_data_and_safe(value):
    text = printable(json.dumps(value, ensure_ascii=False), escape=json_escape)
    assert json.loads(text) == value and unsafe(text) == []
