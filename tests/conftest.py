"""Tests never touch the real user folders, and run with a pinned environment."""

import gc
import os
import signal
import sys
import time

import pytest
import textual.app
from textual._compositor import Compositor
from textual._context import active_app
from textual.css.stylesheet import Stylesheet
from textual.drivers.headless_driver import HeadlessDriver
from textual.message_pump import MessagePump
from textual.pilot import Pilot
from textual.screen import Screen

from tests.settle import busy_while, key_handled, settle, wait_for_screen

# The suite starts hundreds of Pythons (xdist's workers, jeux in tmux, a browser's tabs, the
# command line's tests): with PYTHONDONTWRITEBYTECODE set, as some images do, each would compile
# every jeux module again (about 0.4 s a process); Python's own default is to cache them.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False
# A shell that starts the suite in the background (`.ci/run &` in a script) has it ignore
# Ctrl+C, and every process it starts would inherit that: `jeux serve` would then never hear
# the Ctrl+C its test sends. The suite's processes get Ctrl+C as a terminal gives it.
signal.signal(signal.SIGINT, signal.default_int_handler)
os.environ.pop("NO_COLOR", None)
os.environ.pop("TEXTUAL_THEME", None)
os.environ["TEXTUAL_ANIMATIONS"] = "none"
os.environ["TZ"] = "UTC"  # dates shown in local time (history, statistics) snapshot alike anywhere
time.tzset()

_textual_pause = Pilot.pause


async def _pause_until_settled(self: Pilot, delay: float | None = None) -> None:
    """`pilot.pause()` waits until the app has done what it was asked (tests/settle.py)
    rather than until the process looks idle, which a loaded machine fakes; a pause with a
    delay is Textual's."""
    if delay is None:
        await settle(self.app)
    else:
        await _textual_pause(self, delay)


Pilot.pause = _pause_until_settled


def _post_at_once(self: HeadlessDriver, message) -> None:
    """A key a Pilot presses is in the app's queue when `press` goes on to wait for it (the
    driver's own hand-over, made for an input thread, would queue it a loop turn later)."""
    self._app.post_message(message)


HeadlessDriver.send_message = _post_at_once
MessagePump._dispatch_message = busy_while(MessagePump._dispatch_message)
MessagePump._flush_next_callbacks = busy_while(MessagePump._flush_next_callbacks)
Screen._invoke_and_clear_callbacks = busy_while(Screen._invoke_and_clear_callbacks)
Pilot._wait_for_screen = wait_for_screen  # what `press`, `click` and `settle` wait for
textual.app.wait_for_idle = key_handled  # what `Pilot.press` waits for after each key

_render_update = Compositor.render_update


def _render_seen_updates(self: Compositor, full=False, screen_stack=None, simplify=False):
    """A headless app's screen updates go nowhere (`App._display` drops them): they are not
    drawn, a fifth of a Pilot test's time. What a test reads is drawn when it is read: a
    screenshot (a full update), `render_strips`, a widget's own `render`."""
    app = active_app.get(None)
    if not full and app is not None and app.is_headless:
        self._dirty_regions.clear()
        return None
    return _render_update(self, full, screen_stack, simplify)


Compositor.render_update = _render_seen_updates

_parse_rules = Stylesheet._parse_rules
PARSED_CSS: dict[tuple, list] = {}


def _parse_rules_once(
    self: Stylesheet, css, read_from, is_default_rules=False, tie_breaker=0, scope=""
):
    """Every app of a test process parses the same CSS with the same theme: parsed once for
    all of them (an app's own cache starts empty), about a tenth of starting an app."""
    key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(self._variables.items()))
    if key not in PARSED_CSS:
        PARSED_CSS[key] = _parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
    return PARSED_CSS[key]


Stylesheet._parse_rules = _parse_rules_once


def pytest_collection_finish(session):
    """What the tests imported (Textual, every game, the catalogues) stays to the end: frozen,
    collections no longer go through it; and Textual's many short-lived objects are collected
    less often (about a tenth of a Pilot test's time went to the collector)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 50, 100)


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
