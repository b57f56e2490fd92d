"""The shared table measured as its players live it (DESIGN.md §8, §10): copies of jeux in
tmux and in a headless Chromium tab at one table of Deck menteur, each keying its own moves.
Used by `python -m jeux.cli.benchmarks table`."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from jeux.catalog import load_game
from jeux.engine.core import Action
from jeux.engine.match import Match
from jeux.games.deck_menteur.present import turn_text
from jeux.games.deck_menteur.rules import ANNOUNCE, Accuse, Announce, Play
from jeux.store.records import Records
from jeux.ui.card_table import HAND_KEYS

from .tmux import Setup, Terminals, host_table, jeux_command

SEED = 11
POLL_SECONDS = 0.005
IN_TMUX, IN_BROWSER = "vers un terminal (tmux)", "vers un navigateur"


def long_round_move(match: Match) -> Action:
    """Announce trèfle, play one's first card, accuse only with an empty hand: many moves
    per round, each handing the turn to the next screen."""
    state = match.state
    if state.phase == ANNOUNCE:
        return Announce("trefle")
    if state.must_accuse():
        return Accuse()
    return Play((state.hands[state.turn].cards[0].uid,))


def deck_keys(match: Match, action: Action) -> list[str]:
    """The keys of a Deck menteur move on its seat's screen, by tmux's names."""
    if isinstance(action, Announce):
        return [{"trefle": "t", "pique": "p", "carreau": "c"}[action.suit]]
    if isinstance(action, Accuse):
        return ["a"]
    hand = [c.uid for c in match.state.hands[match.state.turn]]
    return [HAND_KEYS[hand.index(uid)] for uid in action.cards] + ["Enter"]


def saved_match(database: Path) -> Match:
    records = Records(database)
    saved = records.stored(records.unfinished()[0].id).saved
    return Match.from_saved(load_game(saved["game"]), saved)


def cpu_seconds(pid: int) -> float:
    """User and system time of a process so far (Linux's /proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Screen:
    """One seat's screen: how to read it and how to key on it."""

    def __init__(self, kind: str, text: Callable[[], Awaitable[str]], keys) -> None:
        self.kind, self.text, self.keys = kind, text, keys


async def until(holds: Callable[[], Awaitable[bool]], timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not await holds():
        if time.monotonic() > end:
            raise SystemExit(f"banc de la table : toujours en attente de {what} après {timeout} s")
        await asyncio.sleep(POLL_SECONDS)


async def measure_table(
    moves: int, seconds: float, timeout: float, names: tuple[str, str, str]
) -> tuple[dict[str, list[float]], float]:
    """({kind of screen shown to: latencies in seconds}, a follower's CPU percent)."""
    from jeux.web import screenshot

    with tempfile.TemporaryDirectory() as folder, Terminals({"TEXTUAL_ANIMATIONS": "none"}) as tm:
        config, data = Path(folder) / "c", Path(folder) / "d"
        async with contextlib.AsyncExitStack() as stack:
            web_port = []
            setup = Setup("deck_menteur", SEED, list(names))
            host, codes = host_table(
                tm,
                jeux_command(config, data),
                setup,
                timeout,
                lambda: web_port.append(stack.enter_context(doors(config, data, timeout))),
            )
            joiner = tm.open("marc", jeux_command(config, data, "join", codes[names[1]]))
            screens = {0: tmux_screen(host), 1: tmux_screen(joiner)}
            browser_path = screenshot.installed_browser()
            if browser_path:
                tab = await stack.enter_async_context(browser_tab(screenshot, Path(folder)))
                await screenshot.open_page(tab, f"http://127.0.0.1:{web_port[0]}")
                screens[2] = browser_screen(screenshot, tab)

                async def asked() -> bool:
                    return "Rejoindre une table" in await screens[2].text()

                await until(asked, timeout, "le code demandé dans l'onglet")
                await screens[2].keys([codes[names[2]], "Enter"])
            else:
                third = tm.open("zoe", jeux_command(config, data, "join", codes[names[2]]))
                screens[2] = tmux_screen(third)
            latencies = await play_and_time(screens, data / "jeux.sqlite3", moves, timeout)
            if not browser_path:
                latencies[IN_BROWSER] = []
            match = saved_match(data / "jeux.sqlite3")
            waiting = next(s for s in (0, 1) if s != match.state.to_move())
            pid = (host if waiting == 0 else joiner).pid()
            start, wall = cpu_seconds(pid), time.perf_counter()
            await asyncio.sleep(seconds)
            share = 100 * (cpu_seconds(pid) - start) / (time.perf_counter() - wall)
            return latencies, share


async def play_and_time(
    screens: dict[int, Screen], database: Path, moves: int, timeout: float
) -> dict[str, list[float]]:
    """Play `moves` moves, each on its mover's screen; time each to every other screen."""
    latencies: dict[str, list[float]] = {IN_TMUX: [], IN_BROWSER: []}
    match = saved_match(database)
    for _ in range(moves):
        if match.over:
            break
        seat = match.state.to_move()
        heading = turn_text(match.state)

        async def ready(seat: int = seat, heading: str = heading) -> bool:
            return heading in await screens[seat].text()

        await until(ready, timeout, f"« {heading} » sur l'écran {seat}")
        action = long_round_move(match)
        keys = deck_keys(match, action)
        after = Match(match.game, match.seed, match.seats, match.options, [*match.actions])
        after.play(action)
        expected = turn_text(after.state)
        await screens[seat].keys(keys[:-1])
        sent = time.perf_counter()
        await screens[seat].keys(keys[-1:])
        pending = {s: screen for s, screen in screens.items() if s != seat}
        end = sent + timeout
        while pending:
            for other, screen in list(pending.items()):
                if expected in await screen.text():
                    latencies[screen.kind].append(time.perf_counter() - sent)
                    del pending[other]
            if time.perf_counter() > end:
                raise SystemExit(f"banc de la table : « {expected} » jamais affiché")
            await asyncio.sleep(POLL_SECONDS)
        match = after
    return latencies


def tmux_screen(terminal) -> Screen:
    async def text() -> str:
        return terminal.screen()

    async def keys(keys: list[str]) -> None:
        terminal.keys(*keys)

    return Screen(IN_TMUX, text, keys)


def browser_screen(screenshot, tab) -> Screen:
    async def text() -> str:
        return await screenshot.terminal_text(tab)

    async def keys(keys: list[str]) -> None:
        for key in keys:
            if key == "Enter":
                await screenshot.press(tab, key="Enter")
            else:
                await screenshot.press(tab, text=key)

    return Screen(IN_BROWSER, text, keys)


@contextlib.asynccontextmanager
async def browser_tab(screenshot, folder: Path):
    browser, devtools = screenshot.start_browser(folder)
    try:
        async with screenshot.browser_tab(devtools) as tab:
            yield tab
    finally:
        browser.terminate()
        browser.wait()


@contextlib.contextmanager
def doors(config: Path, data: Path, timeout: float):
    """`jeux serve --tables` on this machine only and a free web port; the port, once it
    listens (the host's table screen then opens no doors of its own)."""
    from ..web.doors import READY_FILE

    server = subprocess.Popen(
        jeux_command(config, data, "serve", "--tables", "--host", "127.0.0.1")
        + ["--port", "0", "--ssh", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        ready = data / READY_FILE
        end = time.monotonic() + timeout
        while not ready.exists():
            if time.monotonic() > end or server.poll() is not None:
                raise SystemExit("banc de la table : les portes ne s'ouvrent pas")
            time.sleep(0.05)
        yield json.loads(ready.read_text())["web"]
    finally:
        server.terminate()
        server.wait()
