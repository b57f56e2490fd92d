"""`jeux import` takes a file from outside: each defect met when it trusted one, then mutated
exports thrown at it (hypothesis): a French refusal or a faithful import, never a traceback,
never a change to the data on refusal."""

import contextlib
import io
import json
import os
import re
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
import tracemalloc
import unicodedata
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.widgets import Input

from jeux.__main__ import main
from jeux.catalog import GAMES, load_game
from jeux.engine.replay import Replay
from jeux.engine.text import UNSAFE_CATEGORIES
from jeux.screenshots import demo_match
from jeux.store.exchange import (
    DEPTH_LIMIT,
    SIZE_LIMIT,
    ExchangeError,
    export_text,
    import_match,
    read_match,
    replay_of,
)
from jeux.store.profiles import NAME_LIMIT, clean_name
from jeux.store.records import Records, SavedMatch

from ..ui.driver import screen_lines
from ..ui.pilot import last_notice

ESCAPES = "\x1b[2J\x1b]0;piégé\x07"
"""Clears the terminal and retitles its window, printed raw."""


@cache
def finished_demo(game_id: str) -> str:
    """The saved form of a finished demo match, as JSON (played once per test process)."""
    return json.dumps(demo_match(game_id, 100_000).to_saved())


def keep_finished(records: Records, game_id: str) -> int:
    saved = json.loads(finished_demo(game_id))
    match_id = records.start(saved)
    records.finish(match_id, saved, [])
    return match_id


@cache
def exported_text(game_id: str) -> str:
    with tempfile.TemporaryDirectory() as folder:
        records = Records(Path(folder) / "jeux.sqlite3")
        return export_text(records.finished_match(keep_finished(records, game_id)), "json")


def export_of(game_id: str) -> dict:
    """The JSON export of a finished demo match of `game_id`, as a fresh dict."""
    return json.loads(exported_text(game_id))


def write(path: Path, content: dict | str) -> Path:
    text = content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)
    path.write_bytes(text.encode("utf-8", "surrogatepass"))  # a lone surrogate: bytes no UTF-8
    return path


def rows(database: Path) -> list[tuple]:
    """Everything the matches and results tables hold: the data a refusal must not change."""
    if not database.exists():
        return []
    with contextlib.closing(sqlite3.connect(database)) as db:
        return [
            *db.execute("SELECT * FROM matches ORDER BY id"),
            *db.execute("SELECT * FROM results ORDER BY match_id, seat"),
        ]


def jeux_import(data_dir: Path, path: Path) -> tuple[int, str, str]:
    """`jeux import FICHIER` run as the command runs it: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    folders = ["--config-dir", str(data_dir / "c"), "--data-dir", str(data_dir / "d")]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*folders, "import", str(path)])
    return code, out.getvalue(), err.getvalue()


ENGLISH = re.compile(
    r"\b(object|unexpected|keyword|attribute|unknown|NoneType|Error|Exception|Traceback|"
    r"has no|got an|must be|expected|invalid|not supported|takes|argument)\b"
)


def assert_french_refusal(code: int, out: str, err: str) -> None:
    assert code == 1 and out == "", (code, out, err)
    assert err.startswith("jeux : ") and err.endswith("\n") and err.count("\n") == 1, err
    said = err[len("jeux : ") : -1]
    assert not any(unicodedata.category(ch) in UNSAFE_CATEGORIES for ch in said), err
    assert not ENGLISH.search(re.sub("«.*»", "", said)), err  # quoted file content aside
    assert said.endswith((".", ")")) and not said.endswith(".."), err


@pytest.fixture
def export():
    return export_of("le_5000")


@pytest.fixture
def records(tmp_path):
    return Records(tmp_path / "d" / "jeux.sqlite3")


# --- what is read, before it is parsed ------------------------------------------------------


def test_a_file_too_big_is_refused_from_its_size_without_being_read(tmp_path):
    big = tmp_path / "gros.json"
    with big.open("wb") as handle:
        handle.truncate(300_000_000)  # sparse: 300 MB that take no disk
    tracemalloc.start()
    try:
        with pytest.raises(ExchangeError, match=r"trop gros pour une partie de jeux \(300,0 Mo"):
            read_match(big)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000  # the file was never read (it took 600 MB before)


def test_the_size_limit_is_exact(tmp_path):
    limit = tmp_path / "limite.json"
    with limit.open("wb") as handle:
        handle.truncate(SIZE_LIMIT)
    with pytest.raises(ExchangeError, match="n'est pas une partie de jeux"):
        read_match(limit)  # read, then refused for what it holds
    with limit.open("ab") as handle:
        handle.write(b" ")
    with pytest.raises(ExchangeError, match="trop gros"):
        read_match(limit)


def bounded_memory() -> None:
    """At most 1 GB of address space: the old code reading /dev/zero fails fast, not the box."""
    resource.setrlimit(resource.RLIMIT_AS, (1_000_000_000, 1_000_000_000))


def test_a_device_or_a_pipe_is_refused_without_reading_it(tmp_path):
    """/dev/zero grew memory without end; a named pipe with no writer waited forever. Run as
    the command, bounded: the old code fails this test by memory error or by timeout."""
    pipe = tmp_path / "tube"
    os.mkfifo(pipe)
    for path in ("/dev/zero", pipe):
        out = subprocess.run(
            [sys.executable, "-m", "jeux", "--data-dir", str(tmp_path / "d"), "import", path],
            capture_output=True,
            text=True,
            timeout=120,  # a generous bound on a busy machine: the refusal takes well under 1 s
            preexec_fn=bounded_memory,
        )
        assert out.returncode == 1 and "n'est pas un fichier ordinaire" in out.stderr, out.stderr
    assert rows(tmp_path / "d" / "jeux.sqlite3") == []


def test_a_folder_and_a_missing_file_are_named_as_such(tmp_path):
    with pytest.raises(ExchangeError, match="est un dossier"):
        read_match(tmp_path)
    with pytest.raises(ExchangeError, match="ce fichier n'existe pas") as refused:
        read_match(tmp_path / "absent.json")
    assert "chemin impossible à créer" not in str(refused.value)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        "[" * 100_000,  # never closed: the parser would recurse just as deep
        '{"a":' * 50_000 + "1" + "}" * 50_000,
    ],
    ids=["arrays", "unclosed", "objects"],
)
def test_deep_nesting_is_refused_before_parsing(tmp_path, text):
    with pytest.raises(ExchangeError, match="imbriqué sur"):
        read_match(write(tmp_path / "profond.json", text))


def test_nesting_inside_an_export_is_bounded_and_strings_do_not_count(tmp_path, export):
    deep = json.loads(json.dumps(export))
    value: list = []
    for _ in range(DEPTH_LIMIT):
        value = [value]
    deep["match"]["actions"][0]["keep"] = value
    with pytest.raises(ExchangeError, match="imbriqué sur 2[0-9] niveaux"):
        read_match(write(tmp_path / "profond.json", deep))
    brackets = json.loads(json.dumps(export))
    brackets["title"] = "[" * 10_000 + "{"  # inside a string: no nesting at all
    assert read_match(write(tmp_path / "crochets.json", brackets)).saved["game"] == "le_5000"


# --- names, dates and duplicates --------------------------------------------------------------


def test_imported_names_are_cleaned_as_typed_names_are(tmp_path, records, export):
    export["match"]["seats"][0]["name"] = ESCAPES + "Lina"
    export["match"]["seats"][1]["name"] = "M" * 10_000
    imported = import_match(records, write(tmp_path / "partie.json", export))
    kept = records.finished_match(imported.id)
    names = [seat["name"] for seat in kept.saved["seats"]]
    assert names == [clean_name(ESCAPES + "Lina"), "M" * NAME_LIMIT, "Zoé"]
    assert "\x1b" not in json.dumps(kept.saved, ensure_ascii=False)


def test_a_name_that_cleans_to_nothing_is_refused(tmp_path, records, export):
    export["match"]["seats"][2]["name"] = "\x1b\x07\u200b "
    with pytest.raises(ExchangeError, match="la place 3 n'a pas de nom lisible"):
        import_match(records, write(tmp_path / "partie.json", export))
    assert rows(records.path) == []


def test_names_kept_before_this_fix_are_cleaned_where_they_are_shown(records):
    """A match imported by an older jeux keeps its raw names in the database."""
    saved = demo_match("le_5000", 100_000).to_saved()
    saved["seats"][0]["name"] = "L" * 10_000 + ESCAPES
    kept = records.finished_match(records.add_finished(saved))
    assert kept.names[0] == "L" * NAME_LIMIT
    assert records.finished(name="L" * NAME_LIMIT) == [kept]
    assert replay_of(kept).final.seats[0].name == "L" * NAME_LIMIT
    for fmt in ("md", "json"):
        assert "L" * (NAME_LIMIT + 1) not in export_text(kept, fmt)


def test_a_renamed_seat_does_not_make_a_duplicate_pass(tmp_path, records, export):
    kept = import_match(records, write(tmp_path / "partie.json", export))
    export["match"]["seats"][1]["name"] = "Marco"
    export["match"]["seats"][2]["bot"] = True
    with pytest.raises(ExchangeError, match=f"déjà dans l'historique \\(partie {kept.id}\\)"):
        import_match(records, write(tmp_path / "renommée.json", export))
    assert len(records.finished()) == 1


def test_the_original_finishing_date_is_kept(tmp_path, records, export):
    export["finished"] = "2026-11-30T15:20:00+01:00"
    imported = import_match(records, write(tmp_path / "partie.json", export))
    expected = datetime.fromisoformat("2026-11-30T14:20:00+00:00").timestamp()
    assert records.finished_match(imported.id).updated == expected


def test_a_date_without_time_zone_is_local_time(tmp_path, records, export):
    """Exports written before December 2026 said local time, without its zone."""
    export["finished"] = "2026-11-30T15:20:00"
    imported = import_match(records, write(tmp_path / "partie.json", export))
    expected = time.mktime(time.strptime("2026-11-30 15:20", "%Y-%m-%d %H:%M"))
    assert records.finished_match(imported.id).updated == expected


@pytest.mark.parametrize(
    ("finished", "message"),
    [
        ("1999-06-01T10:00:00", "avant la première version de jeux"),
        ("2999-06-01T10:00:00+00:00", "dans le futur"),
        ("hier soir", "sa date de fin est illisible"),
        (1_795_000_000, "sa date de fin est illisible"),
        (None, "sa date de fin est illisible"),
    ],
)
def test_a_finishing_date_out_of_sense_is_refused(tmp_path, records, export, finished, message):
    export["finished"] = finished
    with pytest.raises(ExchangeError, match=message):
        import_match(records, write(tmp_path / "partie.json", export))
    assert rows(records.path) == []


# --- every refusal a French sentence ---------------------------------------------------------


def damaged_exports() -> dict[str, tuple]:
    """Each file that once showed Python's own words, or a sentence ending in « .. »."""

    def changed(change) -> dict:
        export = export_of("le_5000")
        change(export["match"])
        return export

    return {
        "unknown action type": (
            changed(lambda m: m["actions"].insert(0, {"type": "Stop"})),
            "le coup 1 est illisible (type de coup inconnu : « Stop »)",
        ),
        "seat keyword": (
            changed(lambda m: m["seats"][0].update(avatar="chat")),
            "la place 1 porte un champ inconnu : « avatar »",
        ),
        "seat not a mapping": (
            changed(lambda m: m["seats"].__setitem__(0, "Lina")),
            "la place 1 est illisible",
        ),
        "action not a mapping": (
            changed(lambda m: m["actions"].__setitem__(0, "Roll")),
            "le coup 1 est illisible (ce n'est pas un coup)",
        ),
        "illegal action": (
            changed(lambda m: m["actions"].insert(0, {"type": "Bank"})),
            "le coup 1 est refusé par les règles",
        ),
        "action field": (
            changed(lambda m: m["actions"][0].update(sorted=True)),
            "le coup 1 est illisible (champ inconnu : « sorted »)",
        ),
        "seed": (changed(lambda m: m.update(seed=None)), "sa graine est illisible"),
        "seat count": (changed(lambda m: m.update(seats=m["seats"] * 3)), "elle a 9 places"),
        "unknown option": (
            changed(lambda m: m["options"].update(target=12)),
            "sa variante « target » (« 12 ») n'existe pas",
        ),
        "unknown part": (
            changed(lambda m: m.update(notes="x")),
            "elle porte un champ inconnu : « notes »",
        ),
    }


@pytest.mark.parametrize("case", sorted(damaged_exports()))
def test_every_refusal_is_a_french_sentence(tmp_path, case):
    export, words = damaged_exports()[case]
    path = write(tmp_path / "partie.json", export)
    code, out, err = jeux_import(tmp_path, path)
    assert_french_refusal(code, out, err)
    assert words in err
    assert rows(tmp_path / "d" / "jeux.sqlite3") == []


def test_quoted_file_content_is_clipped_and_printable(tmp_path):
    export = export_of("le_5000")
    export["match"]["game"] = ESCAPES + "x" * 10_000
    code, out, err = jeux_import(tmp_path, write(tmp_path / "partie.json", export))
    assert_french_refusal(code, out, err)
    assert "jeu inconnu : « \\x1b[2J" in err and len(err) < 200


# --- mutated exports ---------------------------------------------------------------------------

BASE_GAMES = ("push_to_five", "mystere_au_manoir", "le_signal")
"""Short demo matches (about 1 ms to replay), one with free text (Le Signal's journal) and one
whose actions reorder their own values (Mystère au Manoir's rerolls)."""

HOSTILE_TEXT = st.sampled_from(
    [ESCAPES, "L" * 10_000, "[/]", "\u202eabc", "\ud800", "", " ", "\x00", "\x9b2J", "Stop"]
)
TEXT = st.text(st.characters(exclude_categories=()), max_size=12) | HOSTILE_TEXT
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=6,
)
KEYS = st.sampled_from(
    ["avatar", "type", "name", "bot", "level", "profile", "seed", "format", "finished", "kind"]
) | st.text(max_size=6)


def places(tree, path=()) -> list[tuple]:
    """The path to every value of a JSON tree, the root first."""
    found = [path]
    items = (
        tree.items()
        if isinstance(tree, dict)
        else enumerate(tree)
        if isinstance(tree, list)
        else ()
    )
    for key, child in items:
        found += places(child, (*path, key))
    return found


NOTABLE = [
    ("match", "seats", 0, "name"),
    ("match", "seats", 1, "name"),
    ("match", "seats", 0, "bot"),
    ("match", "seats", 0, "level"),
    ("match", "seed"),
    ("match", "options"),
    ("finished",),
    ("title",),
]
"""Places where a change may still be a match to keep (names above all): drawn as often as
any place, so that faithful imports are met as well as refusals."""
DATES = st.datetimes(datetime(1990, 1, 1), datetime(2100, 1, 1), timezones=st.none() | st.just(UTC))


def alike(value) -> st.SearchStrategy:
    """Values of the same kind: a name for a name, a date for a date, a number for a number."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.integers(-3, 2**64)
    if isinstance(value, str):
        return TEXT | DATES.map(datetime.isoformat)
    return JSON_VALUES


def mutated(tree, data) -> object:
    """The tree with one value replaced, deleted, or given a sibling (a key, an element)."""
    anywhere = places(tree)
    notable = [path for path in NOTABLE if path in anywhere] or anywhere
    path = data.draw(st.sampled_from(anywhere) | st.sampled_from(notable), label="path")
    if not path:
        return data.draw(JSON_VALUES, label="root")
    parent = tree
    for key in path[:-1]:
        parent = parent[key]
    key, target = path[-1], parent[path[-1]]
    change = data.draw(st.sampled_from(["replace", "delete", "sibling", "nudge"]), label="change")
    if change == "delete":
        del parent[key]
    elif change == "sibling" and isinstance(parent, dict):
        parent[data.draw(KEYS, label="key")] = data.draw(JSON_VALUES | HOSTILE_TEXT)
    elif change == "sibling":
        parent.insert(key, data.draw(st.sampled_from(parent) | JSON_VALUES, label="element"))
    elif change == "nudge" and type(target) is int:
        parent[key] = target + data.draw(st.sampled_from([-1, 1]))
    elif change == "nudge" and isinstance(target, bool):
        parent[key] = not target
    else:
        parent[key] = data.draw(alike(target) | JSON_VALUES | HOSTILE_TEXT, label="value")
    return tree


def log_of(replay: Replay) -> list[str]:
    return [event.describe_for(None) for event in replay.final.events]


def assert_faithful(code: int, out: str, err: str, file: dict, kept: SavedMatch) -> None:
    """The match kept is the file's: what was played, replayed alike, names cleaned, the file's
    date; the command said so."""
    assert code == 0 and err == "", (code, err)
    assert out == f"Partie importée : {GAMES[kept.game].title}, numéro {kept.id} (jeux history).\n"
    match = file["match"]
    game = load_game(kept.game)
    assert kept.updated == datetime.fromisoformat(file["finished"]).timestamp()
    for key in ("game", "version", "seed"):
        assert kept.saved[key] == match[key]
    assert all(kept.saved["options"][key] == value for key, value in match["options"].items())
    seats = [{**seat, "name": clean_name(seat["name"]), "profile": ""} for seat in match["seats"]]
    assert [seat["name"] for seat in kept.saved["seats"]] == [seat["name"] for seat in seats]
    assert log_of(Replay.of(game, kept.saved)) == log_of(Replay.of(game, {**match, "seats": seats}))


def same_play(file: object, base: dict) -> bool:
    match = file.get("match") if isinstance(file, dict) else None
    return isinstance(match, dict) and all(
        match.get(key) == base["match"][key]
        for key in ("game", "version", "seed", "options", "actions")
    )


MEMORY_FOLDER = "/dev/shm" if os.path.isdir("/dev/shm") else None
"""Each example's own folders, in memory where there is such a place: a database on disk
spends most of an example waiting for its writes to reach the disk."""

MUTATIONS = settings(
    max_examples=60,
    deadline=None,  # a busy two-core machine: a slow example is not a failure
    derandomize=True,  # the same examples on every run: CI stays reproducible
    database=None,  # nothing written into the repository
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def check_import(content: str, game: str, already_kept: bool) -> None:
    with tempfile.TemporaryDirectory(dir=MEMORY_FOLDER) as folder:
        here = Path(folder)
        records = Records(here / "d" / "jeux.sqlite3")
        if already_kept:
            keep_finished(records, game)
        before = rows(records.path)
        code, out, err = jeux_import(here, write(here / "partie.json", content))
        if code != 0:
            assert_french_refusal(code, out, err)
            assert rows(records.path) == before
            return
        file = json.loads(content)  # imported: it must have been JSON
        assert not (already_kept and same_play(file, export_of(game))), "a duplicate was imported"
        assert len(rows(records.path)) == len(before) + 1
        assert_faithful(code, out, err, file, records.finished()[0])


@MUTATIONS
@given(st.sampled_from(BASE_GAMES), st.booleans(), st.data())
def test_mutated_exports_are_refused_in_french_or_imported_faithfully(game, already_kept, data):
    tree = export_of(game)
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        tree = mutated(tree, data)
    check_import(json.dumps(tree, ensure_ascii=data.draw(st.booleans())), game, already_kept)


@MUTATIONS
@given(st.sampled_from(BASE_GAMES), st.data())
def test_mangled_export_texts_are_refused_in_french_or_imported_faithfully(game, data):
    text = exported_text(game)
    start = data.draw(st.integers(0, len(text)), label="start")
    end = data.draw(st.integers(start, min(len(text), start + 40)), label="end")
    inserted = data.draw(
        st.text(st.sampled_from('[]{}",:0123456789.-e\\ \x1b\u202eaé'), max_size=8) | TEXT,
        label="inserted",
    )
    check_import(text[:start] + inserted + text[end:], game, already_kept=False)


async def test_names_kept_before_this_fix_break_neither_history_nor_replay(app_factory):
    """A name of ten thousand letters once filled the history's rows and the replay's log."""
    app = app_factory()
    saved = json.loads(finished_demo("le_5000"))
    saved["seats"][0]["name"] = "L" * 10_000 + ESCAPES
    app.records.add_finished(saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        seen = screen_lines(app.screen)
        await pilot.press("enter", "end")
        await pilot.pause()
        assert type(app.screen).__name__ == "ReplayLe5000Screen"
        seen += screen_lines(app.screen)
    assert seen and all("L" * (NAME_LIMIT + 1) not in line for line in seen)
    assert all("\x1b" not in line for line in seen)


async def test_the_history_screen_imports_through_the_same_checks(app_factory, tmp_path):
    """The in-app import (`i`): a device, a deep file and an escape-laden name, as the command."""
    export = export_of("le_5000")
    export["match"]["seats"][0]["name"] = ESCAPES + "Lina"
    files = [
        ("/dev/zero", "n'est pas un fichier ordinaire"),
        (write(tmp_path / "profond.json", "[" * 100_000), "imbriqué sur 100000 niveaux"),
        (write(tmp_path / "partie.json", export), "Partie importée : Le 5000, numéro 1."),
    ]
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("f4")
        for path, said in files:
            await pilot.press("i")
            await pilot.pause()
            app.screen.query_one(Input).value = str(path)
            await pilot.press("enter")
            await pilot.pause()
            assert said in last_notice(app) and "\x1b" not in last_notice(app)
        assert app.records.finished()[0].names == [clean_name(ESCAPES + "Lina"), "Marc", "Zoé"]
