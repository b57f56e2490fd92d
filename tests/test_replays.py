"""Every match replayable: replays rebuilt through Match, exports, imports and their refusals."""

import json
import re
import subprocess
import sys
from random import Random

import pytest

from jeux.catalog import GAMES, available, load_game
from jeux.engine.journal import markdown_escape
from jeux.engine.match import Match, Seat
from jeux.engine.replay import Replay, ReplayRefused, markdown
from jeux.screenshots import demo_match
from jeux.store.exchange import ExchangeError, export_text, import_match, read_match
from jeux.store.records import Records

ROUND_TRIP_GAMES = ["le_5000", "deck_menteur", "scoundrel", "gladiators_duel", "le_signal"]


def keep_finished(records: Records, match: Match) -> int:
    match_id = records.start(match.to_saved())
    records.finish(match_id, match.to_saved(), [])
    return match_id


def log(match: Match) -> list[str]:
    return [line for e in match.events if (line := e.describe())]


@pytest.fixture
def records(tmp_path):
    return Records(tmp_path / "here" / "jeux.sqlite3")


@pytest.mark.parametrize("game_id", ROUND_TRIP_GAMES)
def test_export_import_replay_round_trip(tmp_path, records, game_id):
    match = demo_match(game_id, 100_000)
    assert match.over
    saved = records.finished_match(keep_finished(records, match))
    exported = tmp_path / "partie.json"
    exported.write_text(export_text(saved, "json"), encoding="utf-8")

    elsewhere = Records(tmp_path / "elsewhere" / "jeux.sqlite3")
    imported = import_match(elsewhere, exported)
    assert imported.title == GAMES[game_id].title
    again = elsewhere.finished_match(imported.id)
    replay = Replay.of(match.game, again.saved)
    assert replay.steps == len(match.actions)
    assert log(replay.final) == log(match)
    assert replay.final.outcome() == match.outcome()
    assert markdown(replay, "hier") == markdown(Replay.of(match.game, saved.saved), "hier")
    assert elsewhere.record("", game_id).played == 0  # an import changes no statistics


@pytest.mark.parametrize("game_id", [info.id for info in available()])
def test_every_step_of_a_replay_is_the_match_after_that_many_actions(game_id):
    match = demo_match(game_id, 100_000)
    replay = Replay.of(match.game, match.to_saved())
    for step in (0, 1, replay.steps // 2, replay.steps):
        at = replay.at(step)
        assert at.actions == match.actions[:step]
        assert log(at) == [
            line for events in replay.step_events[:step] for e in events if (line := e.describe())
        ]
    assert replay.at(replay.steps).over


def test_turns_follow_whose_turn_it_is():
    match = demo_match("le_5000", 100_000)
    replay = Replay.of(match.game, match.to_saved())
    first = replay.next_turn(0)
    assert first == replay.turn_starts[0] > 0
    assert match.played[first].turn != match.played[first - 1].turn
    assert replay.previous_turn(first) == 0
    assert replay.next_turn(replay.turn_starts[-1]) == replay.steps
    assert replay.previous_turn(replay.steps) == replay.turn_starts[-1]
    assert replay.turn_number(0) == 1 and replay.turn_number(replay.steps) == replay.turns


def test_a_match_of_another_version_is_refused_not_replayed_wrongly():
    match = demo_match("le_5000", 100_000)
    saved = {**match.to_saved(), "version": match.game.version + 1}
    with pytest.raises(ReplayRefused, match="autre version de ses règles"):
        Replay.of(match.game, saved)


def test_markdown_is_the_game_log_with_names_kept_literal():
    game = demo_match("le_5000", 0).game
    match = Match(game, 3, (Seat("[red]*Zoé*"), Seat("Marc | 🎲", bot=True)), {})
    bot = game.bot(3)
    while not match.over:
        match.play(bot.choose(match.state.view(match.state.to_move())))
    text = markdown(Replay.of(game, match.to_saved()), "30/11/2026 à 15:00")
    assert text.startswith("# Le 5000\n")
    assert "- **Joueurs :** \\[red\\]\\*Zoé\\* et Marc \\| 🎲 (robot)" in text
    assert "### Tour 1 — au tour de \\[red\\]\\*Zoé\\*" in text
    assert f"- {markdown_escape(log(match)[0])}" in text
    assert f"## Résultat\n\n{markdown_escape(match.outcome().summary)}\n" in text
    assert "| \\[red\\]\\*Zoé\\* | 5750 | 1 |" in text


# --- refusals: a clear French message, and nothing changes ---------------------------------


def exported(match: Match, **changes) -> dict:
    match_file = {**match.to_saved(), **changes}
    return {"kind": "partie de jeux", "finished": "2026-11-30T15:00:00", "match": match_file}


def refusal_cases() -> dict[str, tuple[object, str]]:
    match = demo_match("le_5000", 100_000)
    unfinished = demo_match("le_5000", 3)
    saved = match.to_saved()
    not_out = next((g.id for g in GAMES.values() if not g.available), "")
    return {
        "not json": ("{pas du json", "n'est pas une partie de jeux"),
        "other json": ({"players": []}, "n'est pas une partie de jeux"),
        "a list": ([1, 2], "n'est pas une partie de jeux"),
        "missing keys": ({"kind": "partie de jeux", "match": {"game": "le_5000"}}, "abîmée"),
        "unknown game": (exported(match, game="belote"), "jeu inconnu : « belote »"),
        "game not out": (exported(match, game=not_out), "n'est pas dans cette version"),
        "other version": (exported(match, version=99), "autre version de ses règles"),
        "illegal action": (
            exported(match, actions=[{"type": "Bank"}, *saved["actions"]]),
            "ne se rejoue pas",
        ),
        "unfinished": (exported(unfinished), "n'est pas terminée"),
    }


@pytest.mark.parametrize("case", sorted(refusal_cases()))
def test_a_bad_import_is_refused_in_french_and_changes_nothing(tmp_path, records, case):
    content, message = refusal_cases()[case]
    if case == "game not out" and all(g.available for g in GAMES.values()):
        pytest.skip("every game of the catalogue is out")
    path = tmp_path / "partie.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content), "utf-8")
    before = records.finished()
    with pytest.raises(ExchangeError, match=message):
        import_match(records, path)
    assert records.finished() == before


def test_binary_and_missing_files_are_refused(tmp_path, records):
    binary = tmp_path / "image.png"
    binary.write_bytes(b"\x89PNG\xff\xfe\x00")
    with pytest.raises(ExchangeError, match="non texte"):
        read_match(binary)
    with pytest.raises(ExchangeError, match="Impossible de lire"):
        read_match(tmp_path / "absent.json")


def test_importing_a_match_already_kept_is_refused(tmp_path, records):
    saved = records.finished_match(keep_finished(records, demo_match("scoundrel", 100_000)))
    path = tmp_path / "partie.json"
    path.write_text(export_text(saved, "json"), encoding="utf-8")
    with pytest.raises(ExchangeError, match=f"déjà dans l'historique \\(partie {saved.id}\\)"):
        import_match(records, path)
    assert len(records.finished()) == 1


def test_finished_matches_filter_by_game_and_player(records):
    le_5000 = keep_finished(records, demo_match("le_5000", 100_000))
    scoundrel = keep_finished(records, demo_match("scoundrel", 100_000))
    records.start(demo_match("le_5000", 2).to_saved())  # unfinished: not in the history
    assert [m.id for m in records.finished()] == [scoundrel, le_5000]
    assert [m.id for m in records.finished("le_5000")] == [le_5000]
    assert [m.id for m in records.finished(name="Zoé")] == [le_5000]
    assert records.finished("scoundrel", "Zoé") == []
    assert records.finished_match(le_5000 + 2) is None


# --- the command line -------------------------------------------------------------------


def jeux(tmp_path, *args: str) -> subprocess.CompletedProcess:
    folders = ("--config-dir", str(tmp_path / "c"), "--data-dir", str(tmp_path / "d"))
    return subprocess.run(
        [sys.executable, "-m", "jeux", *folders, *args], capture_output=True, text=True
    )


def test_command_line_export_and_import(tmp_path):
    match_id = keep_finished(
        Records(tmp_path / "d" / "jeux.sqlite3"), demo_match("le_5000", 100_000)
    )
    listed = jeux(tmp_path, "history", "--player", "Lina")
    assert listed.returncode == 0 and "Le 5000" in listed.stdout
    account = jeux(tmp_path, "export", str(match_id))
    assert account.returncode == 0 and account.stdout.startswith("# Le 5000")
    target = tmp_path / "sortie" / "partie.json"
    written = jeux(tmp_path, "export", str(match_id), "--format", "json", "-o", str(target))
    assert written.returncode == 0 and json.loads(target.read_text())["kind"] == "partie de jeux"

    again = jeux(tmp_path, "import", str(target))
    assert again.returncode == 1 and "déjà dans l'historique" in again.stderr
    other = tmp_path / "ailleurs"
    imported = subprocess.run(
        [sys.executable, "-m", "jeux", "--data-dir", str(other), "import", str(target)],
        capture_output=True,
        text=True,
    )
    assert imported.returncode == 0 and "Partie importée : Le 5000, numéro 1" in imported.stdout


def test_command_line_refusals_exit_non_zero_in_french(tmp_path):
    not_a_match = tmp_path / "notes.json"
    not_a_match.write_text('{"a": 1}', encoding="utf-8")
    refused = jeux(tmp_path, "import", str(not_a_match))
    assert refused.returncode == 1
    assert "n'est pas une partie de jeux" in refused.stderr and "Traceback" not in refused.stderr
    missing = jeux(tmp_path, "export", "42")
    assert missing.returncode == 1 and "aucune partie terminée numéro 42" in missing.stderr
    bad = jeux(tmp_path, "export", "douze")
    assert bad.returncode == 2 and "numéro de partie invalide" in bad.stderr


def test_the_account_of_a_hidden_hand_game_tells_every_secret():
    match = demo_match("deck_menteur", 100_000)
    text = markdown(Replay.of(match.game, match.to_saved()))
    assert "ce récit dit tout" in text
    assert "a posé en vrai" in text  # what only the player who laid the cards saw


# --- what onlookers read -----------------------------------------------------------------

SECOND_PERSON = re.compile(r"\b(tu|te|toi|ta|ton|tes)\b|\bt'", re.IGNORECASE)


def option_variants(game) -> list[dict]:
    """The defaults, then each choice of each option alone: every private event a variant
    adds (Expédition Rivale's draft deals packs) is met."""
    others = [{o.key: c.value} for o in game.options for c in o.choices if c.value != o.default]
    return [{}, *others]


def test_a_private_event_speaks_to_its_seat_and_of_it_to_the_others():
    from jeux.engine.cards import Dealt
    from jeux.games.arcane_arena.cards import ARENA
    from jeux.games.arcane_arena.rules import DrewCard

    mirror = next(spell for _, spell in ARENA.spells if spell.name == "Miroir")
    drew = DrewCard(0, "Lina", Dealt(600, mirror), audience=(0,))
    assert drew.describe_for(0) == "Tu pioches Miroir."
    assert drew.describe_for(1) == drew.describe_for(None) == "Carte piochée par Lina : Miroir."


@pytest.mark.parametrize("game_id", [info.id for info in available()])
def test_onlookers_read_every_event_in_the_third_person(game_id):
    """A replay and the written account speak to nobody: a private event told « Tu pioches … »
    to its own seat is told « … par Lina » to the others, never in the second person."""
    game = load_game(game_id)
    info = game.info
    for options in option_variants(game):
        for players in {info.min_players, info.max_players}:
            for seed in range(3):
                match = Match(game, seed, tuple(Seat(f"J{i}") for i in range(players)), options)
                pick = Random(seed).choice
                while not match.over and len(match.actions) < 2000:
                    match.play(pick(match.state.legal_actions()))
                for event in match.events:
                    told = event.describe_for(None)
                    assert not SECOND_PERSON.search(told), (game_id, told)


def test_the_written_account_tells_private_events_in_the_third_person():
    match = demo_match("arcane_arena", 100_000)
    text = markdown(Replay.of(match.game, match.to_saved()))
    told = [line for line in text.splitlines() if line.startswith("- ")]
    assert any(line.startswith("- Main de ") for line in told)
    assert [line for line in told if SECOND_PERSON.search(line)] == []
