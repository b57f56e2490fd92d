"""Layer 5: the record queries Scoundrel's daily dungeon needs (labels per profile, free runs
kept apart from daily ones)."""

from jeux.store.records import Record, Records


def saved(*profiles: str, seed="donjon-2026-11-29") -> dict:
    return {
        "game": "scoundrel",
        "seed": seed,
        "seats": [{"name": p.title(), "profile": p, "bot": False} for p in profiles],
        "actions": [],
    }


def result(profile: str, score: int, won: bool) -> list[dict]:
    return [{"profile": profile, "name": profile, "seat": 0, "rank": 1, "score": score, "won": won}]


def test_label_of_a_match_and_of_an_unknown_one(tmp_path):
    records = Records(tmp_path / "r.sqlite3")
    daily = records.start(saved("lina"), "daily:2026-11-29")
    free = records.start(saved("lina", seed=4))
    assert records.label_of(daily) == "daily:2026-11-29"
    assert records.label_of(free) == ""
    assert records.label_of(999) == ""


def test_labelled_matches_are_per_profile_whatever_their_status(tmp_path):
    records = Records(tmp_path / "r.sqlite3")
    label = "daily:2026-11-29"
    first = records.start(saved("lina"), label)
    records.abandon(first)
    broken = records.start(saved("lina"), label)
    records.set_broken(broken)  # saved by older rules: set aside, still an attempt
    second = records.start(saved("lina"), label)
    marc = records.start(saved("marc"), label)
    records.start(saved("lina"), "daily:2026-11-30")
    assert records.labelled_matches("scoundrel", label, "lina") == [
        (first, "abandoned"),
        (broken, "broken"),
        (second, "playing"),
    ]
    assert records.labelled_matches("scoundrel", label, "marc") == [(marc, "playing")]
    assert records.labelled_matches("scoundrel", label, "zoe") == []
    assert records.labelled_matches("the_last_spell", label, "lina") == []


def test_free_runs_are_kept_apart_from_daily_first_attempts(tmp_path):
    records = Records(tmp_path / "r.sqlite3")
    runs = [
        ("daily:2026-11-29", -20, False),
        ("daily-replay:2026-11-29", 12, True),
        ("", 5, True),
        ("", -40, False),
        ("daily:2026-11-30", 17, True),
    ]
    for label, score, won in runs:
        match_id = records.start(saved("lina"), label)
        records.finish(match_id, saved("lina"), result("lina", score, won))
    assert records.record("lina", "scoundrel", "daily:") == Record(2, 1, 17)
    assert records.record_outside("lina", "scoundrel", "daily:") == Record(3, 2, 12)
    assert records.record("lina", "scoundrel") == Record(5, 3, 17)
    assert records.record_outside("marc", "scoundrel", "daily:") == Record(0, 0, None)


def test_last_label_is_the_latest_finished_match(tmp_path):
    records = Records(tmp_path / "r.sqlite3")
    assert records.last_label("lina", "scoundrel") is None
    for label in ("daily:2026-11-29", "daily-replay:2026-11-29"):
        match_id = records.start(saved("lina"), label)
        records.finish(match_id, saved("lina"), result("lina", 3, True))
    records.start(saved("lina"), "")  # in progress: no result yet
    assert records.last_label("lina", "scoundrel") == "daily-replay:2026-11-29"
