"""The app as `jeux serve` shows it in a browser tab."""

import pytest

from jeux.app import JeuxApp
from jeux.games.le_signal.screen import JournalsScreen
from jeux.ui.screens.too_small import TooSmallScreen
from tests.ui.driver import screen_lines
from tests.ui.pilot import text


@pytest.mark.parametrize(
    ("in_browser", "asked"),
    [
        (False, "Terminal trop petit.\nAgrandis la fenêtre"),
        (True, "Fenêtre trop petite (80×24 au moins).\nAgrandis-la ou dézoome"),
    ],
)
async def test_too_small_says_what_to_enlarge(app_factory, monkeypatch, in_browser, asked):
    monkeypatch.setattr(JeuxApp, "is_web", property(lambda app: in_browser))
    app = app_factory()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert text(app.screen, "Static").startswith(asked)


@pytest.mark.parametrize("in_browser", [False, True])
async def test_an_exported_journal_also_downloads_in_a_browser(
    app_factory, monkeypatch, in_browser
):
    from tests.ui.test_le_signal_pilot import start

    monkeypatch.setattr(JeuxApp, "is_web", property(lambda app: in_browser))
    delivered = []
    monkeypatch.setattr(JeuxApp, "deliver_text", lambda app, path, **how: delivered.append(path))
    app = app_factory(start_game="le_signal", players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        await start(app, pilot)
        await pilot.press("e", "x", "enter", "l", "l", "j")
        await pilot.pause()
        assert isinstance(app.screen, JournalsScreen)
        await pilot.press("x")
        await pilot.pause()
    written = list(app.locations.data_dir.glob("journaux/*.md"))
    assert len(written) == 1 and delivered == (written if in_browser else [])


async def test_the_menu_opened_in_a_blurred_tab_takes_the_focus_with_the_tab(
    app_factory, monkeypatch
):
    from textual import events

    from jeux.ui.screens.start.menu import MenuScreen

    monkeypatch.setattr(JeuxApp, "is_web", property(lambda app: True))
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.post_message(events.AppBlur())  # as a browser tab starts
        await app.push_screen(MenuScreen())
        await pilot.pause()
        assert app.screen.focused is None
        app.post_message(events.AppFocus())
        await pilot.pause()
        assert app.screen.focused is app.screen.query_one("#filter")


async def test_an_exported_match_also_downloads_in_a_browser(app_factory, monkeypatch):
    from jeux.screenshots import demo_match
    from tests.ui.test_replays import keep_finished, open_history

    monkeypatch.setattr(JeuxApp, "is_web", property(lambda app: True))
    delivered = []
    monkeypatch.setattr(JeuxApp, "deliver_text", lambda app, path, **how: delivered.append(path))
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        keep_finished(app, demo_match("le_5000", 100_000))
        await open_history(app, pilot)
        await pilot.press("m", "j")  # Markdown, then JSON
        await pilot.pause()
    assert sorted(delivered) == sorted((app.locations.data_dir / "exports").iterdir())
    assert len(delivered) == 2


async def test_a_game_begun_in_a_blurred_tab_shows_its_keys_once_the_tab_has_the_focus(
    app_factory, monkeypatch
):
    from textual import events

    from jeux.engine.match import Seat
    from jeux.ui.launch import start_match

    monkeypatch.setattr(JeuxApp, "is_web", property(lambda app: True))
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.post_message(events.AppBlur())
        await pilot.pause()
        start_match(app, "push_to_five", [Seat("Lina")], {}, seed=1)
        await pilot.pause()
        app.post_message(events.AppFocus())
        await pilot.pause()
        await pilot.pause()
        assert "f1 Règles" in screen_lines(app.screen)[-1]
