"""The app around the games: menu, players, settings, broken files and saved matches."""

import json

from textual.widgets import Input, OptionList, Select, Switch

from jeux.engine.match import Match, Seat
from jeux.games.the_last_spell.rules import GAME, Roll
from jeux.ui.screens.menu import MenuScreen
from jeux.ui.screens.players import PlayersScreen
from jeux.ui.screens.settings import SettingsScreen
from jeux.ui.screens.setup import SetupScreen


def menu_ids(app) -> list[str]:
    games = app.screen.query_one("#games", OptionList)
    return [games.get_option_at_index(i).id for i in range(games.option_count)]


async def test_menu_lists_all_games_and_typing_filters(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert sum(1 for i in menu_ids(app) if i and i.startswith("game:")) == 26
        await pilot.press(*"spell")
        await pilot.pause()
        assert [i for i in menu_ids(app) if i] == ["game:the_last_spell"]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_games_not_built_cannot_be_started(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"killer", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_players_are_created_renamed_and_deleted(app_factory, tmp_path):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, PlayersScreen)
        await pilot.press(*"Lina", "enter")
        await pilot.pause()
        app.screen.query_one("#name", Input).value = "Lina B."
        await pilot.click("#save")
        await pilot.pause()
        assert [p.name for p in app.profiles.players] == ["Lina B."]
        await pilot.click("#delete")
        await pilot.press("o")
        await pilot.pause()
        assert app.profiles.players == []
    saved = json.loads((tmp_path / "c" / "players.json").read_text())
    assert saved["players"] == []


async def test_settings_are_saved_at_once(app_factory, tmp_path):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#animations", Select).value = "reduced"
        app.screen.query_one("#ascii", Switch).value = True
        await pilot.pause()
        assert app.glyphs.pip == "o"
    saved = json.loads((tmp_path / "c" / "settings.json").read_text())
    assert saved["animations"] == "reduced" and saved["ascii"] is True


async def test_corrupt_files_are_reported_and_the_app_still_starts(app_factory, tmp_path):
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "players.json").write_text("{oops")
    (tmp_path / "c" / "settings.json").write_text("[1, 2")
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        notices = [n.message for n in app._notifications]
        assert sum("mis de côté" in n for n in notices) == 2
    assert len(list((tmp_path / "c").glob("*.corrompu-*"))) == 2


async def test_a_match_that_no_longer_replays_is_set_aside(app_factory):
    app = app_factory()
    match = Match(GAME, 3, (Seat("Lina", "p"), Seat("Marc", "q")), {})
    match.play(Roll())
    saved = match.to_saved()
    saved["actions"].insert(0, {"type": "Stop", "word": ""})  # illegal before any roll
    match_id = app.records.start(saved)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert f"resume:{match_id}" in menu_ids(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert f"resume:{match_id}" not in menu_ids(app)
        assert any("ne peut plus être reprise" in n.message for n in app._notifications)


async def test_animation_setting_and_textual_animations(app_factory, monkeypatch):
    app = app_factory()
    app.settings.animations = "full"
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "full")
    assert app.animation_scale == 1.0
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    assert app.animation_scale == 0.0
    monkeypatch.delenv("TEXTUAL_ANIMATIONS")
    app.settings.animations = "reduced"
    assert 0 < app.animation_scale < 1
