"""The app as `jeux serve` shows it in a browser tab."""

import pytest

from jeux.app import JeuxApp
from jeux.ui.screens.too_small import TooSmallScreen
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
