"""The shared table's store: codes, places held by one process each, the compare-and-swap
save every screen plays through, the rate limit on wrong codes (DESIGN.md §10)."""

import subprocess
import sys

import pytest

from jeux.catalog import load_game
from jeux.engine.match import Match, Seat
from jeux.store.records import Records
from jeux.store.tables import (
    CODE_ALPHABET,
    CODE_LENGTH,
    FAILURES_PER_CLIENT,
    SPECTATORS,
    JoinRefused,
    Tables,
    normalise_code,
    shown_code,
)

SEATS = (Seat("Lina", "p-lina"), Seat("Marc", "p-marc"), Seat("Robot 1", bot=True, level="moyen"))


@pytest.fixture
def store(tmp_path):
    records = Records(tmp_path / "jeux.sqlite3")
    match = Match(load_game("deck_menteur"), 5, SEATS, {})
    match_id = records.start(match.to_saved())
    return records, Tables(records), match, match_id


def test_codes_are_random_readable_and_typed_loosely(store):
    _, tables, _, match_id = store
    table = tables.create(match_id, SEATS)
    assert set(table.codes) == {"p-lina", "p-marc", SPECTATORS}  # the robot needs none
    codes = list(table.codes.values())
    assert len(set(codes)) == 3
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_ALPHABET) for c in codes)
    code = table.codes["p-marc"]
    typed = shown_code(code).lower().replace("0", "o").replace("1", "l")
    assert normalise_code(typed) == code


def test_a_code_opens_its_place_at_an_open_table_and_nothing_else(store):
    _, tables, _, match_id = store
    table = tables.create(match_id, SEATS)
    with pytest.raises(JoinRefused, match="fermée"):
        tables.admit(table.codes["p-marc"], "test")  # no host holds it open yet
    host = tables.open(table, ["p-lina"])
    assert host.seats == {0}
    admission = tables.admit(table.codes["p-marc"], "test")
    assert (admission.table_id, admission.player) == (table.id, "p-marc")
    marc = tables.join(admission, "ssh")
    assert marc.seats == {1}
    assert tables.connected(table) == {"p-lina": "ici", "p-marc": "ssh"}
    with pytest.raises(JoinRefused, match="déjà jouée"):
        tables.join(admission, "web")  # one process per place
    spectator = tables.join(tables.admit(table.codes[SPECTATORS], "test"), "web")
    assert spectator.seats == frozenset()
    marc.leave()
    assert tables.connected(table) == {"p-lina": "ici"}
    assert tables.join(admission, "web").seats == {1}  # rejoins with the same code
    host.leave()
    assert not tables.is_open(table.id)


def test_wrong_codes_are_counted_per_client_and_refused_for_a_while(store):
    _, tables, _, match_id = store
    table = tables.create(match_id, SEATS)
    host = tables.open(table, ["p-lina"])
    for _ in range(FAILURES_PER_CLIENT):
        with pytest.raises(JoinRefused, match="n'ouvre aucune table"):
            tables.admit("AAAA-AAAA", "web 10.0.0.9")
    with pytest.raises(JoinRefused, match="Trop de codes faux"):
        tables.admit(table.codes["p-marc"], "web 10.0.0.9")  # even the right one, for now
    assert tables.admit(table.codes["p-marc"], "ssh 10.0.0.7").player == "p-marc"
    host.leave()


def test_a_move_counts_only_if_nobody_saved_since(store):
    """The compare-and-swap: of two screens playing from the same revision, one move is
    kept; the other screen catches up with it. An undo then a move keeps the count of
    actions but not the revision, so a stale screen still loses."""
    records, tables, match, match_id = store
    table = tables.create(match_id, SEATS)
    host = tables.open(table, ["p-lina"])
    other = tables.join(tables.admit(table.codes["p-marc"], "t"), "terminal")
    mirror = Match.from_saved(match.game, records.stored(match_id).saved)
    match.play(match.state.legal_actions()[0])
    mirror.play(mirror.state.legal_actions()[-1])
    assert host.push(match.to_saved())
    assert not other.push(mirror.to_saved())
    assert mirror.catch_up(other.latest().saved) is None  # not a continuation: rebuilt
    mirror = Match.from_saved(match.game, other.latest().saved)
    assert mirror.actions == match.actions
    match.undo()
    match.play(match.state.legal_actions()[-1])
    assert host.push(match.to_saved()) and host.push(match.to_saved())
    assert not other.push(mirror.to_saved())  # same number of actions, older revision
    assert other.news() is not None and other.news() is None  # told once


def test_a_killed_process_frees_its_place(store, tmp_path):
    records, tables, _, match_id = store
    table = tables.create(match_id, SEATS)
    host = tables.open(table, ["p-lina"])
    code = table.codes["p-marc"]
    script = (
        "import sys, time\n"
        "from jeux.store.records import Records\n"
        "from jeux.store.tables import Tables\n"
        f"t = Tables(Records(__import__('pathlib').Path({str(records.path)!r})))\n"
        f"sitting = t.join(t.admit({code!r}, 'x'), 'ssh')\n"
        "print('assis', flush=True)\n"
        "time.sleep(600)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "assis"
        assert "p-marc" in tables.connected(table)
        child.kill()
        child.wait()
        assert "p-marc" not in tables.connected(table)
        assert tables.join(tables.admit(code, "x"), "terminal").seats == {1}
    finally:
        child.kill()
        host.leave()
