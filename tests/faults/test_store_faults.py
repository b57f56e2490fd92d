"""Faults at the store's edges, caused for real: two copies of jeux writing the same players
and settings, files from a newer version, a full database (SQLite's `max_page_count`, or a
small tmpfs where one may be mounted), a folder this process may not write (root gives up its
power to ignore permissions in a child process), a database made by another program."""

from __future__ import annotations

import json
import multiprocessing
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from textual.widgets import Input

from jeux.app import make_app
from jeux.engine.bots import RandomBot
from jeux.engine.match import Match, Seat
from jeux.games.the_last_spell.game import GAME
from jeux.store.exchange import export_text
from jeux.store.jsonfile import StoreError
from jeux.store.profiles import ProfileError, Profiles, Settings
from jeux.store.records import Records
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.screens.start.menu import MenuScreen
from jeux.ui.screens.start.players import PlayersScreen
from jeux.ui.screens.start.setup import SetupScreen
from tests.ui.driver import (
    cut_before_last_human_moves,
    finish_on_engine,
    game_screen,
    next_move,
    press_for,
    settle,
)

ROOT = Path(__file__).resolve().parents[2]
RESULTS = [dict(profile="p1", name="Lina", seat=0, rank=1, score=12, won=True)]


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


def names_in(path: Path) -> list[str]:
    return [p["name"] for p in json.loads(path.read_text())["players"]]


# --- two copies, newer versions: players.json and settings.json -------------------------


def test_two_copies_adding_players_keep_both(tmp_path):
    path = tmp_path / "players.json"
    first, second = Profiles(path), Profiles(path)  # both read the file before either writes
    first.create("Alice")
    second.create("Carl")
    assert names_in(path) == ["Alice", "Carl"]
    assert [p.name for p in second.players] == ["Alice", "Carl"]  # its write read the file
    first.reload()
    assert [p.name for p in first.players] == ["Alice", "Carl"]
    with pytest.raises(ProfileError, match="déjà"):
        first.create("carl")  # checked against the file as it is now, not as first read it
    second.delete(first.players[0].id)
    first.update(first.players[1].id, name="Carl B.")  # Alice's deletion is not undone
    assert names_in(path) == ["Carl B."]


def _add_players(path: Path, worker: int, loaded) -> None:
    profiles = Profiles(path)
    loaded.wait(120)  # both copies have read the (empty) list: they now add at once
    for n in range(12):
        profiles.create(f"J{worker}-{n}")


def test_two_processes_adding_players_at_once_lose_nobody(tmp_path):
    path = tmp_path / "players.json"
    context = multiprocessing.get_context("spawn")
    loaded = context.Barrier(2)
    workers = [context.Process(target=_add_players, args=(path, w, loaded)) for w in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(180)
        assert worker.exitcode == 0, "a copy adding players failed or never finished"
    assert sorted(names_in(path)) == sorted(f"J{w}-{n}" for w in range(2) for n in range(12))


def test_keys_this_version_does_not_know_are_kept(tmp_path):
    path = tmp_path / "players.json"
    newer = {
        "version": 1,
        "groups": ["famille"],
        "players": [
            {"id": "a1", "name": "Lina", "color": "vert", "symbol": "#", "avatar": "chat"},
            {"id": "b2", "name": "Marc", "avatar": "chien", "color": "gris"},
        ],
    }
    path.write_text(json.dumps(newer))
    profiles = Profiles(path)
    assert [p.name for p in profiles.players] == ["Lina", "Marc"] and profiles.problem is None
    profiles.create("Zoé")
    profiles.update("a1", name="Lina B.")
    saved = json.loads(path.read_text())
    assert saved["groups"] == ["famille"]
    lina, marc, zoe = saved["players"]
    assert lina == {**newer["players"][0], "name": "Lina B."}
    assert marc == newer["players"][1]  # untouched, its colour from elsewhere included
    assert zoe["name"] == "Zoé"


def test_an_entry_that_cannot_be_read_is_copied_aside_before_the_file_loses_it(tmp_path):
    path = tmp_path / "players.json"
    content = json.dumps(
        {"version": 1, "players": [{"id": "a", "name": "Lina"}, {"x": 1}, "Marc", None]}
    )
    path.write_text(content)
    profiles = Profiles(path)
    assert [p.name for p in profiles.players] == ["Lina"]
    assert "3 joueurs illisibles" in profiles.problem and "mise de côté" in profiles.problem
    aside = list(tmp_path.glob("players.json.corrompu-*"))
    assert len(aside) == 1 and aside[0].read_text() == content
    assert names_in(path) == ["Lina"]
    assert Profiles(path).problem is None  # told once: the copy is made once


@pytest.mark.parametrize("name", ["players.json", "settings.json"])
def test_a_file_from_a_newer_version_is_set_aside_before_anything_is_written(tmp_path, name):
    path = tmp_path / name
    content = json.dumps({"version": 2, "players": [{"id": "a", "name": "Lina"}], "sons": 1})
    path.write_text(content)
    if name == "players.json":
        profiles = Profiles(path)
        problem = profiles.problem
        profiles.create("Marc")
    else:
        settings = Settings.load(path)
        problem = settings.problem
        settings.ascii = True
        settings.save(path)
    assert "version plus récente" in problem and "mis de côté" in problem
    aside = list(tmp_path.glob(f"{name}.corrompu-*"))
    assert len(aside) == 1 and aside[0].read_text() == content
    assert json.loads(path.read_text())["version"] == 1


def test_two_copies_changing_different_settings_keep_both(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": 1, "sons": "doux", "animations": "full"}))
    first, second = Settings.load(path), Settings.load(path)
    first.animations = "none"
    first.setups["le_5000"] = {"bots": 2}
    first.save(path)
    second.ascii = True
    second.setups["scoundrel"] = {"bots": 0}
    second.save(path)
    saved = json.loads(path.read_text())
    assert saved["animations"] == "none" and saved["ascii"] is True
    assert saved["setups"] == {"le_5000": {"bots": 2}, "scoundrel": {"bots": 0}}
    assert saved["sons"] == "doux"  # a setting this version does not know


async def test_a_player_another_copy_added_shows_on_the_players_and_setup_screens(
    app_factory, tmp_path
):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        Profiles(tmp_path / "c" / "players.json").create("Carl")  # another copy of jeux
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, PlayersScreen)
        listed = app.screen.query_one("#profiles")
        assert [listed.get_option_at_index(i).id for i in range(listed.option_count)] == [
            p.id for p in app.profiles.players
        ]
        assert [p.name for p in app.profiles.players] == ["Lina", "Carl"]
        await pilot.press("escape")
        Profiles(tmp_path / "c" / "players.json").create("Zoé")
        app.push_screen(SetupScreen("the_last_spell"))
        await pilot.pause()
        assert [p.name for p in app.screen.query_one("#players").profiles] == [
            "Lina",
            "Carl",
            "Zoé",
        ]


# --- a folder this process may not write ------------------------------------------------

BOUND_BY_PERMISSIONS = """
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
    if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
        sys.exit(77)
os.execv(sys.executable, [sys.executable, "-c", sys.argv[1]])
"""
"""Root gives up, for the program it then starts, the capabilities that let it ignore file
permissions: a folder made read-only is then read-only for it as for anyone."""


def run_bound_by_permissions(code: str) -> dict:
    """Run `code` (which prints JSON) in a Python child bound by file permissions: as this
    user, or as root without CAP_DAC_OVERRIDE. Skips where neither can be had."""
    if sys.platform == "win32":
        pytest.skip("read-only folders are tested with POSIX permissions")
    start = ["-c", BOUND_BY_PERMISSIONS, code] if os.geteuid() == 0 else ["-c", code]
    child = subprocess.run(
        [sys.executable, *start], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    if child.returncode == 77:
        pytest.skip("root here may not give up CAP_DAC_OVERRIDE: no folder is read-only to it")
    assert child.returncode == 0, child.stderr
    told = json.loads(child.stdout.splitlines()[-1])
    if told.pop("may_write_read_only"):
        pytest.skip("this process keeps writing in a read-only folder (inherited capabilities)")
    return told


def may_write(folder: Path) -> bool:
    """Whether this process can still create a file in `folder` (made read-only)."""
    try:
        (folder / "essai").touch()
    except PermissionError:
        return False
    return True


def test_players_and_settings_in_a_read_only_folder_say_why_and_change_nothing(tmp_path):
    config = tmp_path / "c"
    Profiles(config / "players.json").create("Lina")
    before = (config / "players.json").read_bytes()
    config.chmod(0o555)
    try:
        told = run_bound_by_permissions(
            f"""
import json
from pathlib import Path
from jeux.store.exchange import export_text
from jeux.store.jsonfile import StoreError
from jeux.store.profiles import ProfileError, Profiles, Settings
from tests.faults.test_store_faults import may_write
config = Path({str(config)!r})
told = {{"may_write_read_only": may_write(config)}}
profiles = Profiles(config / "players.json")
try:
    profiles.create("Marc")
except ProfileError as error:
    told["players"] = str(error)
told["kept"] = [p.name for p in profiles.players]
settings = Settings.load(config / "settings.json")
settings.ascii = True
try:
    settings.save(config / "settings.json")
except StoreError as error:
    told["settings"] = str(error)
print(json.dumps(told))
"""
        )
    finally:
        config.chmod(0o755)
    assert (
        told["players"].startswith("Joueurs non enregistrés") and "accès refusé" in told["players"]
    )
    assert told["kept"] == ["Lina"]
    assert "Paramètres non enregistrés" in told["settings"] and "accès refusé" in told["settings"]
    assert (config / "players.json").read_bytes() == before
    assert not (config / "settings.json").exists()


def finished_match(records: Records, seed: int = 3) -> int:
    match = Match(GAME, seed, (Seat("Lina", "p1"), Seat("Marc", "p2")), {})
    bot = RandomBot(1)
    while match.outcome() is None:
        match.play(bot.choose(match.state))
    match_id = records.start(match.to_saved())
    records.finish(match_id, match.to_saved(), RESULTS)
    return match_id


async def read_only_app(root: Path) -> dict:
    """In the app, the players, settings and export folders turn read-only after it started;
    what it says and whether it still runs (played in a child: see the test below)."""
    from textual.widgets import Select, Switch

    from jeux.ui.screens.around.history import HistoryScreen
    from jeux.ui.screens.start.settings import SettingsScreen

    app = make_app(root / "c", root / "d", animations="none")
    said: list[str] = []
    notify = app.notify
    app.notify = lambda message, **kwargs: (said.append(message), notify(message, **kwargs))
    app.profiles.create("Lina")
    finished_match(app.records)
    folders = (root / "c", root / "d" / "exports")
    folders[1].mkdir()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        for folder in folders:
            folder.chmod(0o555)
        writable = any(may_write(folder) for folder in folders)
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press(*"Marc", "enter")
        await pilot.pause()
        app.push_screen(SettingsScreen())
        await pilot.pause()
        app.screen.query_one("#ascii", Switch).value = True
        await pilot.pause()
        app.push_screen(HistoryScreen())
        await pilot.pause()
        await pilot.press("j")
        await pilot.pause()
        running = app.is_running and app.return_code is None
        players = [p.name for p in app.profiles.players]
        for folder in folders:
            folder.chmod(0o755)
        app.push_screen(SettingsScreen())  # the next change writes the refused one too
        await pilot.pause()
        app.screen.query_one("#robot-pace", Select).value = "fast"
        await pilot.pause()
    settings = json.loads((root / "c" / "settings.json").read_text())
    return {
        "may_write_read_only": writable,
        "said": said,
        "running": running,
        "kept": players,
        "settings": {key: settings.get(key) for key in ("ascii", "robot_pace")},
    }


def test_the_app_says_in_french_what_a_read_only_folder_refused_and_runs_on(tmp_path):
    told = run_bound_by_permissions(
        "import asyncio, json\nfrom pathlib import Path\n"
        "from tests.faults.test_store_faults import read_only_app\n"
        f"print(json.dumps(asyncio.run(read_only_app(Path({str(tmp_path)!r})))))"
    )
    said = told["said"]
    assert told["running"] and told["kept"] == ["Lina"]
    for words in ("Joueurs non enregistrés", "Paramètres non enregistrés", "Export impossible"):
        sentence = next((s for s in said if s.startswith(words)), None)
        assert sentence and "accès refusé" in sentence, f"{words}: {said}"
    assert not any("Errno" in s or "Permission denied" in s for s in said), said
    assert told["settings"] == {"ascii": True, "robot_pace": "fast"}


# --- a full database --------------------------------------------------------------------


class PageLimit:
    """A full database as SQLite's `PRAGMA max_page_count` makes it: every connection opened
    from `fill()` on may not grow the file past its size then, and the pages it has are
    packed first, so that nothing more fits anywhere (the limit is per connection, hence the
    patched `connect`; what refuses the writes is SQLite itself)."""

    def __init__(self, folder: Path, monkeypatch) -> None:
        self.path, self.monkeypatch = folder / "jeux.sqlite3", monkeypatch

    def fill(self) -> None:
        real = self.real = sqlite3.connect
        with closing(real(self.path)) as db:
            pages = db.execute("PRAGMA page_count").fetchone()[0]

        def limited(*args, **kwargs):
            db = real(*args, **kwargs)
            db.execute(f"PRAGMA max_page_count = {pages}")
            return db

        self.monkeypatch.setattr(sqlite3, "connect", limited)
        with closing(sqlite3.connect(self.path)) as db:
            db.execute("PRAGMA synchronous = OFF")
            for size in (1000, 100, 10, 0):
                pack(db, size)

    def free(self) -> None:
        self.monkeypatch.setattr(sqlite3, "connect", self.real)


def pack(db: sqlite3.Connection, size: int) -> None:
    """Add rows of `size` until none fits: abandoned matches and results of no match, which
    nothing lists or counts."""
    for n in range(1_000_000):
        try:
            with db:
                db.execute(
                    "INSERT INTO matches (game, saved, status, created, updated) "
                    "VALUES ('lest', ?, 'abandoned', 0, 0)",
                    ("x" * size,),
                )
                db.execute(
                    "INSERT INTO results (match_id, game, profile, name, seat, rank, score, won,"
                    " label, finished) VALUES (-1, 'lest', '', ?, ?, 0, 0, 0, '', 0)",
                    ("x" * size, -size * 1_000_000 - n),
                )
        except sqlite3.OperationalError as error:
            assert error.sqlite_errorname == "SQLITE_FULL"
            return


class FullTmpfs:
    """A truly full disk: the data folder is a small tmpfs, filled by a file. Needs root
    with CAP_SYS_ADMIN (skipped elsewhere: `PageLimit` then stands in for it)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True)
        try:
            mounted = subprocess.run(
                ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
                capture_output=True,
                text=True,
            )
        except FileNotFoundError:
            pytest.skip("no mount command here to make a small disk")
        if mounted.returncode:
            pytest.skip(f"no small tmpfs can be mounted here ({mounted.stderr.strip()})")

    def fill(self) -> None:
        fd = os.open(self.folder / "lest", os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(fd, b"x" * 4096)
        except OSError as error:
            assert error.errno == 28  # ENOSPC: not one block left
        finally:
            os.close(fd)
        small = os.open(self.folder / "miettes", os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(small, b"x")
        except OSError:
            pass
        finally:
            os.close(small)

    def free(self) -> None:
        for name in ("lest", "miettes"):
            (self.folder / name).unlink()

    def unmount(self) -> None:
        subprocess.run(["umount", "-l", str(self.folder)], check=True)


@pytest.fixture(params=["max_page_count", "tmpfs"])
def full_disk(request, tmp_path, monkeypatch):
    """Either way of filling the data folder `tmp_path / "d"`, ready to `fill()`."""
    if request.param == "max_page_count":
        (tmp_path / "d").mkdir()
        yield PageLimit(tmp_path / "d", monkeypatch)
        return
    disk = FullTmpfs(tmp_path / "d")
    try:
        yield disk
    finally:
        disk.unmount()


def test_a_full_database_keeps_moves_and_results_until_it_takes_them(tmp_path, full_disk):
    records = Records(tmp_path / "d" / "jeux.sqlite3")
    told: list[str] = []
    records.on_failure = told.append
    seats = [{"name": "Lina", "profile": "p1"}]
    match_id = records.start({"game": "g", "seats": seats, "actions": [1]})
    full_disk.fill()
    records.save(match_id, {"game": "g", "seats": seats, "actions": [1, 2] * 200})
    assert told[-1].startswith("Partie non enregistrée") and "(disque plein)" in told[-1]
    final = {"game": "g", "seats": seats, "actions": [1, 2, 3] * 200}
    records.finish(match_id, final, RESULTS)
    assert told[-1].startswith("Résultat non enregistré") and "(disque plein)" in told[-1]
    assert records.record("p1", "g").played == 0  # reading still works on the full disk
    assert [m.saved for m in records.unfinished()] == [final]  # still to resume, as played
    with pytest.raises(StoreError, match="disque plein"):
        records.start({"game": "g", "seats": seats, "actions": []})
    full_disk.free()
    again = records.start({"game": "g", "seats": seats, "actions": []})  # writes what waited
    assert records.record("p1", "g").played == 1
    assert [m.id for m in records.unfinished()] == [again]
    assert [m.saved for m in Records(tmp_path / "d" / "jeux.sqlite3").finished()] == [final]
    assert len(told) == 2


async def reach_the_last_move(app, pilot):
    """Resume a match of The Last Spell saved just before Lina's or Marc's last move."""
    await pilot.pause()
    await pilot.press("enter")  # « Reprendre » comes first in the menu
    game = game_screen(pilot)
    await settle(pilot, game)
    return game


def saved_before_the_last_move(app) -> tuple[int, list]:
    lina, marc = app.profiles.players
    match = Match(GAME, 11, (Seat(lina.name, lina.id), Seat(marc.name, marc.id)), {})
    full = finish_on_engine(match)
    cut = cut_before_last_human_moves(match, full, 1)
    later = Match(GAME, 11, match.seats, {}, full[:cut])
    return app.records.start(later.to_saved()), full


async def test_winning_on_a_full_disk_keeps_the_result_and_the_app(app_factory, full_disk):
    app = app_factory(players=("Lina", "Marc"))
    match_id, full = saved_before_the_last_move(app)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        game = await reach_the_last_move(app, pilot)
        full_disk.fill()
        await press_for(pilot, game, next_move(game.match))
        assert isinstance(app.screen, ResultsScreen) and game.match.actions == full
        assert any("Résultat non enregistré" in n and "disque plein" in n for n in notices(app))
        await pilot.press("escape")  # to the menu: finishing is tried again, and refused
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert [m.saved for m in app.records.unfinished()] == [game.match.to_saved()]
        await pilot.press("enter")  # resumed as played: it finishes again, on its results
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        full_disk.free()
        await pilot.press("escape")
        await pilot.pause()
        assert "Les parties en attente sont enregistrées." in notices(app)
        assert app.records.unfinished() == []
        lina = app.profiles.players[0]
        assert app.records.record(lina.id, "the_last_spell").played == 1
        assert app.is_running
    assert app.return_code in (None, 0)
    kept = Records(app.locations.database).finished_match(match_id)
    assert kept is not None and kept.saved["actions"] == [a.to_json() for a in full]


async def test_statistics_that_cannot_be_read_after_a_failed_write_say_why(app_factory, tmp_path):
    app = app_factory(players=("Lina", "Marc"))
    _, full = saved_before_the_last_move(app)
    folder, away = tmp_path / "d", tmp_path / "ailleurs"
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        game = await reach_the_last_move(app, pilot)
        folder.rename(away)  # the disk holding the data folder is gone for a while
        await press_for(pilot, game, next_move(game.match))
        assert isinstance(app.screen, ResultsScreen)
        shown = str(app.screen.query_one("#records").render())
        assert shown.startswith("Statistiques indisponibles") and "impossible de l'ouvrir" in shown
        assert any(n.startswith("Partie non enregistrée") for n in notices(app))
        away.rename(folder)
        await pilot.press("escape")
        await pilot.pause()
        assert app.records.unfinished() == [] and app.is_running
        assert app.records.finished()[0].saved["actions"] == [a.to_json() for a in full]


async def test_an_export_and_an_import_on_a_full_disk_say_why(app_factory, tmp_path, full_disk):
    elsewhere = Records(tmp_path / "ailleurs" / "jeux.sqlite3")
    finished_match(elsewhere, seed=4)
    exported = tmp_path / "partie.json"
    exported.write_text(export_text(elsewhere.finished()[0], "json"))
    app = app_factory()
    finished_match(app.records)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        full_disk.fill()
        await pilot.press("j")
        await pilot.pause()
        if isinstance(full_disk, FullTmpfs):  # a database limit leaves room for files
            refused = next(n for n in notices(app) if n.startswith("Export impossible"))
            assert "(disque plein)" in refused
        for _ in range(2):
            await pilot.press("i")
            await pilot.pause()
            app.screen.query_one("#import-path", Input).value = str(exported)
            await pilot.press("enter")
            await pilot.pause()
            if len(app.records.finished()) == 1:
                refused = next(n for n in notices(app) if n.startswith("Partie non importée"))
                assert "disque plein" in refused and app.is_running
                full_disk.free()  # the second try has room
        assert any(n.startswith("Partie importée") for n in notices(app))
        assert len(app.records.finished()) == 2


def test_a_database_made_by_another_program_is_refused_in_french_and_left_alone(tmp_path):
    data = tmp_path / "d"
    data.mkdir()
    with closing(sqlite3.connect(data / "jeux.sqlite3")) as db, db:
        db.execute("CREATE TABLE matches (equipe TEXT, score INTEGER)")
        db.execute("INSERT INTO matches VALUES ('Lyon', 3)")
    before = (data / "jeux.sqlite3").read_bytes()
    with pytest.raises(StoreError) as refused:
        make_app(tmp_path / "c", data)
    message = str(refused.value)
    assert "n'est pas une base de jeux" in message and "autre programme" in message
    assert "no such" not in message
    assert (data / "jeux.sqlite3").read_bytes() == before
    assert sorted(p.name for p in data.iterdir()) == ["jeux.sqlite3"]


def test_the_full_disk_message_comes_from_sqlites_error_code(tmp_path, monkeypatch):
    """A message worded otherwise (another SQLite, another language) still says why."""
    records = Records(tmp_path / "jeux.sqlite3")
    error = sqlite3.OperationalError("base pleine")
    error.sqlite_errorcode, error.sqlite_errorname = 13, "SQLITE_FULL"

    def refuse(*args, **kwargs):
        raise error

    monkeypatch.setattr(sqlite3, "connect", refuse)
    with pytest.raises(StoreError, match=r"\(disque plein\)"):
        records.record("p1", "g")
