"""Layer 5: `Records.history`, the kept matches of one game that Le Signal's journals list."""

import sqlite3

from jeux.store.records import Records


def saved(game="le_signal", profile="p1", name="Lina", actions=()):
    return {
        "format": 1,
        "game": game,
        "version": 1,
        "seed": 1,
        "options": {},
        "seats": [{"name": name, "profile": profile, "bot": False}],
        "actions": list(actions),
    }


def test_history_lists_playing_and_finished_matches_of_the_game_latest_first(tmp_path):
    records = Records(tmp_path / "jeux.sqlite3")
    first = records.start(saved())
    second = records.start(saved())
    other_game = records.start(saved(game="the_last_spell"))
    abandoned = records.start(saved())
    broken = records.start(saved())
    records.abandon(abandoned)
    records.set_broken(broken)
    records.finish(first, saved(actions=[{"type": "EndSession", "note": ""}]), [])
    found = records.history("le_signal")
    assert [m.id for m in found] == [first, second]  # `first` was updated last
    assert found[0].saved["actions"] == [{"type": "EndSession", "note": ""}]
    assert found[0].names == ["Lina"]
    assert other_game not in [m.id for m in found]


def test_history_filters_by_profile_and_is_bounded(tmp_path):
    records = Records(tmp_path / "jeux.sqlite3")
    mine = [records.start(saved()) for _ in range(3)]
    records.start(saved(profile="p2", name="Marc"))
    assert {m.id for m in records.history("le_signal", "p1")} == set(mine)
    assert [m.names for m in records.history("le_signal", "p2")] == [["Marc"]]
    assert len(records.history("le_signal", limit=2)) == 2
    assert records.history("le_signal", "nobody") == []


def test_history_skips_a_damaged_saved_form(tmp_path):
    path = tmp_path / "jeux.sqlite3"
    records = Records(path)
    good = records.start(saved(name="[red]x"))
    bad = records.start(saved())
    with sqlite3.connect(path) as db:
        db.execute("UPDATE matches SET saved = ? WHERE id = ?", ("{not json", bad))
    found = records.history("le_signal")
    assert [m.id for m in found] == [good]
    assert found[0].names == ["[red]x"]
