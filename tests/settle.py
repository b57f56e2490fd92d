"""How the tests wait: for an app with nothing left to do (`jeux.ui.settle`, which the
screenshot script shares), for a condition on screen, and for a pressed key to be handled."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from textual._context import active_app
from textual.app import App
from textual.pilot import Pilot

from jeux.ui.settle import POLL_SECONDS, SETTLE_SECONDS, settle, still

__all__ = ["count_handling", "key_handled", "settle", "still", "wait_until"]


IN_HAND = [0]
"""Messages being handled now, in every app of this process (`count_handling`)."""


def count_handling(dispatch):
    """Textual's MessagePump._dispatch_message, counted in IN_HAND while it runs: a message
    taken from its queue is still being handled until its handler returns."""

    async def counted(pump, message):
        IN_HAND[0] += 1
        try:
            return await dispatch(pump, message)
        finally:
            IN_HAND[0] -= 1

    return counted


def handling(app: App) -> bool:
    """Whether a message is queued or being handled in the app, or a callback waits for the
    end of one."""
    nodes = [app, *(node for s in app.screen_stack for node in s.walk_children(with_self=True))]
    return IN_HAND[0] > 0 or any(
        node._message_queue.qsize() or node._next_callbacks for node in nodes
    )


async def key_handled(min_sleep: float = 0, max_sleep: float = 1) -> None:
    """What a pressed key waits for (in place of Textual's `wait_for_idle`, called with its
    arguments): every message it set off handled. Textual's own waits until the process looks
    idle, at least 40 ms a key (seconds for a line typed), and up to a second a key while
    another thread works, however soon the key was handled."""
    app = active_app.get()
    deadline = time.monotonic() + SETTLE_SECONDS
    while handling(app):
        if time.monotonic() > deadline:
            raise AssertionError("a key was never handled")
        await asyncio.sleep(0)


async def wait_until(pilot: Pilot, condition: Callable[[], object], awaited: str) -> None:
    """Look at the screen until `condition()` holds, without waiting for the app to settle:
    a robot's move, a search's answer, or a moment the app only passes through (a result
    held on screen). Fails after SETTLE_SECONDS, naming what was awaited, rather than hang."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while True:
        await pilot._wait_for_screen()
        pilot.app.screen._on_timer_update()  # drawn as it stands
        if condition():
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {SETTLE_SECONDS} s in vain for {awaited}")
        await asyncio.sleep(POLL_SECONDS)
