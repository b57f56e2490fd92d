"""Tests never touch the real user folders, and run with a pinned environment."""

import os
import time

import pytest

os.environ.pop("NO_COLOR", None)
os.environ.pop("TEXTUAL_THEME", None)
os.environ["TEXTUAL_ANIMATIONS"] = "none"
os.environ["TZ"] = "UTC"  # dates shown in local time (history, statistics) snapshot alike anywhere
time.tzset()

NOTICE_SECONDS = 120
"""How long a notice lasts in tests: a loaded machine can take longer than its few seconds
between the move that raised it and the assertion that reads `app._notifications`."""


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path, monkeypatch):
    """Redirect platformdirs so nothing a test does reaches a developer's own files."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


@pytest.fixture
def app_factory(tmp_path):
    """Build the app as the command does, in temp folders, animations off, seeded."""
    from jeux.app import make_app

    def factory(seed=7, start_game=None, players=()):
        app = make_app(
            tmp_path / "c", tmp_path / "d", seed=seed, animations="none", start_game=start_game
        )
        for name in players:
            app.profiles.create(name)
        notify = app.notify
        app.notify = lambda message, **kwargs: notify(
            message, **{**kwargs, "timeout": NOTICE_SECONDS}
        )
        return app

    return factory
