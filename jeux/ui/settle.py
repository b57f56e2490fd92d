"""When an app has nothing left to do: how the tests and the screenshot script wait for a
screen.

A fixed pause is too short on a busy machine, and Textual's own (`Pilot.pause()`: wait until the
process uses little CPU) mistakes a process starved of CPU for an idle one. Here the app counts
as settled only once its work is done: no worker running, no animation, no message waiting,
no callback due after the next refresh, no short timer about to fire.
"""

from __future__ import annotations

import asyncio
import time

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, TextArea
from textual.worker import WorkerState

SETTLE_SECONDS = 120
"""How long an app may stay busy before it counts as stuck: far above what any screen needs on
a loaded machine, so only a hang reaches it (and fails, saying what was still going on)."""

SOON = 1.0
"""A one-shot timer due within this many seconds is work still to do (a robot's pace, the
automatic throw, a search's countdown); a later one (a notice's end) is not."""

RUNNING = (WorkerState.PENDING, WorkerState.RUNNING)

POLL_SECONDS = 0.02
"""Between two looks at an app at work: a breath for that work (a robot's thread, a timer), not
a wait any test relies on. Each look asks every widget for a round trip, so looking more often
only takes the CPU from the work looked at."""


def pending(app: App) -> list[str]:
    """What the app still has to do, in words (empty once it is settled)."""
    work = [f"worker {w.name!r}" for w in app.workers if w.state in RUNNING]
    if app.animator._animations or app.animator._scheduled:
        work.append("an animation")
    nodes = [app, *(node for s in app.screen_stack for node in s.walk_children(with_self=True))]
    for node in nodes:
        if node._message_queue.qsize() or node._next_callbacks:
            work.append(f"messages for {node!r}")
        work += [f"{timer.name} of {node!r}" for timer in node._timers if due_soon(timer)]
    if app.screen._callbacks:  # a screen under another is not repainted until it shows again
        work.append(f"what waits for {app.screen!r}'s repaint")
    return work


def due_soon(timer) -> bool:
    task = timer._task
    return (
        timer._repeat == 0
        and timer._interval <= SOON
        and task is not None
        and not task.done()
        and timer._active.is_set()
    )


async def settle(app: App) -> None:
    """Wait until the app has nothing left to do, then bring its screen up to date."""
    pilot = Pilot(app)
    deadline = time.monotonic() + SETTLE_SECONDS
    while app.is_running:
        await pilot._wait_for_screen()
        work = pending(app)
        if not work:
            app.screen._on_timer_update()  # the repaint, which may let more work in
            await pilot._wait_for_screen()
            if not pending(app):
                return
            continue
        if time.monotonic() > deadline:
            raise AssertionError(f"the app never settled; still to do: {', '.join(work)}")
        await asyncio.sleep(POLL_SECONDS)  # the work runs meanwhile (a thread, a timer)


async def still(app: App) -> None:
    """Settle, with every text cursor shown steadily: the screen as a picture, the same on
    any machine however long it took to get there (a blinking cursor depends on the time)."""
    for field in app.screen.query("Input, TextArea"):
        if isinstance(field, Input | TextArea):
            field.cursor_blink = False
    await settle(app)
