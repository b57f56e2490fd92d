"""How the tests wait: for an app with nothing left to do (`jeux.ui.settle`, which the
screenshot script shares), for a condition on screen, and for a pressed key to be handled."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Callable

from textual._context import active_app
from textual.app import App
from textual.message_pump import MessagePump
from textual.pilot import Pilot, WaitForScreenTimeout

from jeux.ui.settle import POLL_SECONDS, SETTLE_SECONDS, settle, still

__all__ = ["busy_while", "key_handled", "settle", "still", "wait_for_screen", "wait_until"]


BUSY: Counter[MessagePump] = Counter()
"""The message pumps (app, screens, widgets) of every app of this process that are handling
a message now, or running the callbacks of their idle time (`busy_while`)."""


def busy_while(work):
    """A MessagePump coroutine method (Textual's `_dispatch_message`, `_flush_next_callbacks`,
    `Screen._invoke_and_clear_callbacks`), its pump counted in BUSY while it runs: a message
    taken from its queue is still being handled until its handler returns."""

    async def counted(pump, *args):
        BUSY[pump] += 1
        try:
            return await work(pump, *args)
        finally:
            BUSY[pump] -= 1
            if not BUSY[pump]:
                del BUSY[pump]

    return counted


def has_work(node: MessagePump) -> bool:
    return bool(node._message_queue.qsize() or node._next_callbacks or node in BUSY)


def handling(app: App) -> bool:
    """Whether a message is queued or being handled in the app, or a callback waits for the
    end of one."""
    nodes = [app, *(node for s in app.screen_stack for node in s.walk_children(with_self=True))]
    return bool(BUSY) or any(has_work(node) for node in nodes)


async def wait_for_screen(pilot: Pilot, timeout: float = SETTLE_SECONDS) -> bool:
    """Textual's `Pilot._wait_for_screen` (every node of the screen has handled what was sent
    to it before), asking only the nodes that have work for a round trip: one with nothing
    queued and nothing in hand has handled it all already, and a callback sent to it would
    only wake it to go idle again (over a third of a Pilot test's messages)."""
    try:
        screen = pilot.app.screen
    except Exception:
        return False
    nodes = [pilot.app, *screen.walk_children(with_self=True)]
    returned = []
    for node in [node for node in nodes if has_work(node)]:
        event = asyncio.Event()
        if node.call_later(event.set):  # False from a closing node, which Textual skips too
            returned.append(event)
    if not returned:
        await asyncio.sleep(0)
        return True
    awaited = asyncio.gather(*(event.wait() for event in returned))
    failed = asyncio.ensure_future(pilot.app._exception_event.wait())
    done, _ = await asyncio.wait((awaited, failed), timeout=timeout, return_when="FIRST_COMPLETED")
    for task in (awaited, failed):
        task.cancel()
    if not done:
        raise WaitForScreenTimeout(
            f"the screen's nodes did not handle their messages in {timeout} s"
        )
    return awaited in done


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
