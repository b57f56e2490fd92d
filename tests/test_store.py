"""Layer 5: profiles, settings and records: corrupt files, hostile names, concurrent writers."""

import json
import multiprocessing

import pytest

from jeux.store.jsonfile import StoreError
from jeux.store.profiles import NAME_LIMIT, ProfileError, Profiles, Settings
from jeux.store.records import Record, Records

HOSTILE = [
    "[/]",
    "[red]x",
    "[@click=app.quit]x",
    "x" * 10_000,
    "🎲 Zoé 🐉",
    "a\x1b[31mb\x00c\u200bd",
]


def test_profiles_round_trip(tmp_path):
    path = tmp_path / "players.json"
    lina = Profiles(path).create("Lina", "vert", "#")
    again = Profiles(path)
    assert again.players == [lina]
    again.update(lina.id, name="Lina B.")
    again.delete(Profiles(path).create("Marc").id)
    assert [p.name for p in Profiles(path).players] == ["Lina B."]


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_names_are_bounded_and_kept_literal(tmp_path, name):
    profile = Profiles(tmp_path / "p.json").create(name)
    assert 0 < len(profile.name) <= NAME_LIMIT
    assert not any(ord(ch) < 32 for ch in profile.name)
    assert "\u200b" not in profile.name
    if name.startswith("["):
        assert profile.name == name  # brackets survive: shown literally, never as markup


def test_new_players_get_the_colours_and_symbols_nobody_has(tmp_path):
    profiles = Profiles(tmp_path / "p.json")
    profiles.create("Lina", "rouge", "A")
    marc = profiles.create("Marc")
    assert (marc.color, marc.symbol) == ("bleu", "B")
    profiles.delete(profiles.players[0].id)
    zoe = profiles.create("Zoé")
    assert (zoe.color, zoe.symbol) == ("rouge", "A")


def test_empty_and_duplicate_names_are_refused_in_french(tmp_path):
    profiles = Profiles(tmp_path / "p.json")
    profiles.create("Lina")
    with pytest.raises(ProfileError, match="vide"):
        profiles.create(" \x07 ")
    with pytest.raises(ProfileError, match="déjà"):
        profiles.create("lina")


@pytest.mark.parametrize("content", ["{not json", '{"version": 99}', "[]", "\xff\xfe"])
def test_corrupt_players_file_is_set_aside_and_reported(tmp_path, content):
    path = tmp_path / "players.json"
    path.write_bytes(content.encode("latin-1"))
    profiles = Profiles(path)
    assert profiles.players == [] and "mis de côté" in profiles.problem
    aside = list(tmp_path.glob("players.json.corrompu-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content.encode("latin-1")
    profiles.create("Lina")
    assert Profiles(path).problem is None


def test_one_damaged_profile_entry_costs_only_itself(tmp_path):
    path = tmp_path / "players.json"
    path.write_text(json.dumps({"version": 1, "players": [{"id": "a", "name": "Lina"}, {"x": 1}]}))
    assert [p.name for p in Profiles(path).players] == ["Lina"]


def test_corrupt_settings_fall_back_to_defaults(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{")
    settings = Settings.load(path)
    assert settings.animations == "full" and settings.problem
    settings.animations = "none"
    settings.save(path)
    assert Settings.load(path).animations == "none"


def test_corrupt_database_is_set_aside(tmp_path):
    path = tmp_path / "jeux.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    records = Records(path)
    assert records.problem and list(tmp_path.glob("jeux.sqlite3.corrompu-*"))
    assert records.unfinished() == []


def test_match_life_cycle_and_record(tmp_path):
    records = Records(tmp_path / "db")
    saved = {"game": "g", "seats": [{"name": "[red]x", "profile": "p1"}], "actions": []}
    match_id = records.start(saved, label="daily:2026-11-29")
    assert [m.names for m in records.unfinished()] == [["[red]x"]]
    records.finish(
        match_id, saved, [dict(profile="p1", name="[red]x", seat=0, rank=1, score=12, won=True)]
    )
    assert records.unfinished() == []
    assert records.record("p1", "g") == Record(1, 1, 12)
    assert records.record("p1", "g", "daily:").played == 1
    assert records.has_label("g", "daily:2026-11-29")


def test_best_score_follows_the_direction_of_the_score(tmp_path):
    records = Records(tmp_path / "db")
    for turns in (14, 9, 11):
        match_id = records.start({"game": "solo", "seats": []})
        records.finish(
            match_id,
            {"game": "solo"},
            [dict(profile="p", name="A", seat=0, rank=1, score=turns, won=True, low=True)],
        )
    assert records.record("p", "solo", lower_is_better=True).best == 9
    assert records.record("p", "solo").best is None


def test_a_record_before_a_match_leaves_out_that_match_and_the_later_ones(tmp_path):
    """What a replay shows beside its board: the record the match was played against."""
    records = Records(tmp_path / "db")
    ids = []
    for score in (30, 50, 70):
        ids.append(records.start({"game": "solo", "seats": []}))
        result = dict(profile="p", name="A", seat=0, rank=1, score=score, won=True)
        records.finish(ids[-1], {"game": "solo"}, [result])
    assert records.record("p", "solo", before=ids[1]) == Record(1, 1, 30)
    assert records.record("p", "solo", before=ids[0]).played == 0
    unfinished = records.start({"game": "solo", "seats": []})
    assert records.record("p", "solo", before=unfinished) == records.record("p", "solo")


def _write_many(path, worker):
    records = Records(path)
    for i in range(40):
        match_id = records.start({"game": "g", "seats": [], "n": i, "w": worker})
        records.save(match_id, {"game": "g", "seats": [], "n": i + 1, "w": worker})


def test_two_processes_saving_at_once_lose_nothing(tmp_path):
    path = tmp_path / "db"
    Records(path)
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_write_many, args=(path, w)) for w in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
        assert w.exitcode == 0
    assert len(Records(path).unfinished()) == 80


def _open_together(paths, barrier, failures):
    for path in paths:
        barrier.wait()  # every copy opens the same new file at the same moment
        try:
            Records(path)
        except StoreError as error:
            failures.put(str(error))


def test_copies_of_jeux_starting_together_on_a_new_database_all_open_it(tmp_path):
    """Switching a new file to WAL is refused at once, with no busy wait, while another copy
    does the same: one of two browser tabs' games started together used to quit at once."""
    context = multiprocessing.get_context("spawn")
    paths = [tmp_path / f"{round}.sqlite3" for round in range(8)]
    barrier, failures = context.Barrier(3), context.Queue()
    copies = [
        context.Process(target=_open_together, args=(paths, barrier, failures)) for _ in range(3)
    ]
    for copy in copies:
        copy.start()
    for copy in copies:
        copy.join(120)
        assert copy.exitcode == 0
    assert failures.empty(), failures.get()


def test_a_database_from_before_the_low_column_is_upgraded(tmp_path):
    import sqlite3

    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(
            "CREATE TABLE results (match_id INTEGER, game TEXT, profile TEXT, name TEXT, "
            "seat INTEGER, rank INTEGER, score INTEGER, won INTEGER, label TEXT, finished REAL,"
            " PRIMARY KEY (match_id, seat));"
        )
    records = Records(path)
    match_id = records.start({"game": "g", "seats": []})
    records.finish(
        match_id, {"game": "g"}, [dict(profile="p", name="A", seat=0, rank=1, score=3, won=True)]
    )
    assert records.record("p", "g").best == 3


def test_a_match_is_claimed_by_one_copy_of_jeux_at_a_time(tmp_path):
    mine, theirs = Records(tmp_path / "db"), Records(tmp_path / "db")
    match_id = mine.start({"game": "g", "seats": []})
    claim = mine.claim(match_id)
    assert claim is not None
    assert theirs.claim(match_id) is None and theirs.in_use(match_id)
    claim.release()
    assert not theirs.in_use(match_id) and theirs.claim(match_id) is not None


def test_the_claim_of_a_killed_process_is_recovered(tmp_path):
    import signal
    import subprocess
    import sys

    records = Records(tmp_path / "db")
    match_id = records.start({"game": "g", "seats": []})
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; from jeux.store.records import Records;"
            f"c = Records(Path(sys.argv[1])).claim({match_id}); print(c is not None, flush=True);"
            "time.sleep(60)",
            str(tmp_path / "db"),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout.readline().strip() == "True"
    assert records.in_use(match_id)
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    assert not records.in_use(match_id)


def test_a_forgotten_counted_run_stays_counted_as_lost(tmp_path):
    records = Records(tmp_path / "db")
    seats = [{"name": "Lina", "profile": "p1"}, {"name": "Robot 1", "profile": ""}]
    won = records.start({"game": "g", "seats": seats}, label="daily:2026-11-28")
    records.finish(
        won, {"game": "g"}, [dict(profile="p1", name="Lina", seat=0, rank=1, score=12, won=True)]
    )
    forgotten = records.start({"game": "g", "seats": seats}, label="daily:2026-11-29")
    records.abandon(forgotten, counted=True)
    assert records.unfinished() == []
    assert records.record("p1", "g", "daily:") == Record(2, 1, 12)
    assert records.record("p1", "g", "daily:2026-11-29") == Record(1, 0, None)
    free = records.start({"game": "g", "seats": seats})
    records.abandon(free)
    assert records.record("p1", "g") == Record(2, 1, 12)


def test_a_database_that_cannot_be_opened_is_left_alone(tmp_path):
    from jeux.store.jsonfile import StoreError

    path = tmp_path / "jeux.sqlite3"
    path.mkdir()
    with pytest.raises(StoreError, match="base .* est inutilisable .impossible de l'ouvrir"):
        Records(path)
    assert path.is_dir() and not list(tmp_path.glob("*.corrompu-*"))


def test_a_save_that_fails_is_reported_and_the_next_one_keeps_everything(tmp_path):
    folder = tmp_path / "d"
    records = Records(folder / "jeux.sqlite3")
    told = []
    records.on_failure = told.append
    match_id = records.start({"game": "g", "seats": [], "actions": [1]})
    folder.rename(tmp_path / "away")  # the disk is gone for a while
    records.save(match_id, {"game": "g", "seats": [], "actions": [1, 2]})
    assert len(told) == 1 and told[0].startswith("Partie non enregistrée")
    (tmp_path / "away").rename(folder)
    records.save(match_id, {"game": "g", "seats": [], "actions": [1, 2, 3]})
    assert records.unfinished()[0].saved["actions"] == [1, 2, 3] and len(told) == 1


def test_profiles_and_settings_that_cannot_be_written_say_so_and_change_nothing(tmp_path):
    from jeux.store.jsonfile import StoreError

    blocker = tmp_path / "un-fichier"
    blocker.write_text("")
    profiles = Profiles(blocker / "players.json")
    with pytest.raises(ProfileError, match="Joueurs non enregistrés"):
        profiles.create("Lina")
    assert profiles.players == []
    settings = Settings()
    settings.ascii = True  # a save with nothing changed writes nothing
    with pytest.raises(StoreError, match="Paramètres non enregistrés"):
        settings.save(blocker / "settings.json")
