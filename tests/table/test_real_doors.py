"""The shared table's doors for real: a host in tmux holds a table; `jeux serve --tables`
(on free ports, this machine only) lets in two headless Chromium tabs, each typing its code,
and an SSH client on a pseudo-terminal. Each screen shows its own seat's hand, moves keyed in
a tab reach the others, and no capture shows a card hidden from its seat."""

from __future__ import annotations

import asyncio
import contextlib
import re
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from jeux.cli.tmux import Terminal, Terminals
from jeux.engine.match import Match
from jeux.web import doors, screenshot

from .real import (
    STEP,
    Folders,
    Seen,
    deck_keys,
    face_of,
    free_port,
    latest_match,
    leaks,
    needs_tmux,
    short_deck_move,
    turn_line,
)

pytestmark = [
    needs_tmux,
    pytest.mark.skipif(not doors.available(), reason="l'option web est absente : test sauté."),
]
CONTROL = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-_])")
"""Terminal control sequences: what an SSH client receives, less them, holds the texts drawn."""


@contextlib.contextmanager
def table_doors(folders: Folders):
    """`jeux serve --tables` on free ports of this machine; (web port, SSH port) once it
    listens. The host's table screen finds it running and opens none of its own."""
    web, ssh = free_port(), free_port()
    ports = ["--host", "127.0.0.1", "--port", str(web), "--ssh", str(ssh)]
    server = subprocess.Popen(
        folders.jeux("serve", "--tables", *ports),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        ready = folders.data / doors.READY_FILE
        wait(lambda: ready.exists() or server.poll() is not None, "the doors listening")
        assert server.poll() is None, server.stderr.read()
        yield web, ssh
    finally:
        server.terminate()
        server.wait(STEP)


def wait(holds, what: str) -> None:
    end = time.monotonic() + STEP
    while not holds():
        assert time.monotonic() < end, f"still awaiting {what} after {STEP} s"
        time.sleep(0.05)


def host_with_doors(
    terminals: Terminals, folders: Folders, names: list[str], stack: contextlib.ExitStack
) -> tuple[Terminal, dict[str, str], tuple[int, int]]:
    """The host's table of Deck menteur, opened once the doors listen (they close by
    themselves when no table is open for a few seconds: a slow setup must not outlast
    them); the host's terminal, the codes, the doors' web and SSH ports."""
    ports = []

    def open_doors() -> None:
        ports.extend(stack.enter_context(table_doors(folders)))

    host, codes = folders.host_table(terminals, "deck_menteur", 5, names, before_play=open_doors)
    return host, codes, tuple(ports)


def checked(folders: Folders, seat: int, screen: str) -> str:
    match, _ = latest_match(folders)
    if not match.over:
        found = leaks(screen, Seen(match).forbidden(seat))
        assert not found, f"seat {seat} sees {found} of another's cards:\n{screen}"
    return screen


class Tab:
    """A browser tab at the table: its text read from its terminal, keys typed in it."""

    def __init__(self, page: screenshot.DevTools, seat: int) -> None:
        self.page, self.seat = page, seat

    async def text(self) -> str:
        return await screenshot.terminal_text(self.page)

    async def keys(self, keys: list[str]) -> None:
        for key in keys:
            if key == "Enter":
                await screenshot.press(self.page, key="Enter")
            else:
                await screenshot.press(self.page, text=key)


class Pane:
    """The host's tmux terminal, alike."""

    def __init__(self, terminal: Terminal, seat: int) -> None:
        self.terminal, self.seat = terminal, seat

    async def text(self) -> str:
        return self.terminal.screen()

    async def keys(self, keys: list[str]) -> None:
        self.terminal.keys(*keys)


async def shows(folders: Folders, screen: Tab | Pane, texts: list[str], what: str) -> str:
    """The screen's text once it holds every one of `texts`, each capture checked."""
    end = time.monotonic() + STEP
    while True:
        text = checked(folders, screen.seat, await screen.text())
        if all(t in text for t in texts):
            return text
        assert time.monotonic() < end, f"still awaiting {what} after {STEP} s:\n{text}"
        await asyncio.sleep(0.05)


async def received(client, texts: list[str]) -> str:
    """What an SSH client was sent, less the control sequences, once it holds `texts`."""
    seen = ""
    end = time.monotonic() + STEP
    while not all(t in seen for t in texts):
        assert time.monotonic() < end, f"still awaiting {texts} over SSH; got:\n{seen}"
        with contextlib.suppress(TimeoutError):
            data = await asyncio.wait_for(client.stdout.read(65536), 1)
            assert data, f"the SSH session ended, awaiting {texts}; got:\n{seen}"
            seen += CONTROL.sub("", data.decode("utf-8", "replace"))
    return seen


def hand_of(match: Match, seat: int) -> list[str]:
    return [face for c in match.state.hands[seat].cards if (face := face_of(c))]


@pytest.mark.skipif(screenshot.installed_browser() is None, reason="Chromium est absent.")
async def test_two_browser_tabs_join_with_their_codes_and_play(folders, terminals):
    with (
        contextlib.ExitStack() as stack,
        tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile,
    ):  # Chromium's helpers may outlive it
        names = ["Lina", "Marc", "Zoé"]
        host, codes, (web_port, _) = host_with_doors(terminals, folders, names, stack)
        browser, devtools = screenshot.start_browser(Path(profile))
        try:
            async with (
                screenshot.browser_tab(devtools) as marc_page,
                screenshot.browser_tab(devtools, new=True) as zoe_page,
            ):
                screens = {0: Pane(host, 0), 1: Tab(marc_page, 1), 2: Tab(zoe_page, 2)}
                for seat, name in ((1, "Marc"), (2, "Zoé")):
                    tab = screens[seat]
                    await screenshot.open_page(tab.page, f"http://127.0.0.1:{web_port}")
                    await shows(folders, tab, ["Rejoindre une table"], "the code asked")
                    await tab.keys([codes[name], "Enter"])
                match, _ = latest_match(folders)
                for seat in (1, 2):
                    texts = [turn_line(match), *hand_of(match, seat)]
                    await shows(folders, screens[seat], texts, f"seat {seat}'s hand")
                for _ in range(4):  # an announcement, plays and an accusation, each screen's
                    seat = match.state.to_move()
                    await shows(folders, screens[seat], [turn_line(match)], "its turn")
                    await screens[seat].keys(deck_keys(match, short_deck_move(match)))
                    moves = len(match.actions)
                    async with asyncio.timeout(STEP):
                        while len(match.actions) == moves:
                            await asyncio.sleep(0.05)
                            match, _ = latest_match(folders)
                    for other in screens.values():
                        await shows(folders, other, [turn_line(match)], "the move shown")
        finally:
            browser.terminate()
            browser.wait()


async def test_an_ssh_client_joins_a_seat_and_sees_its_hand(folders, terminals):
    import asyncssh

    with contextlib.ExitStack() as stack:
        _host, codes, (_, ssh_port) = host_with_doors(terminals, folders, ["Lina", "Marc"], stack)
        match, _ = latest_match(folders)
        async with asyncio.timeout(STEP * 2):
            async with asyncssh.connect(
                "127.0.0.1", ssh_port, username="marc", known_hosts=None, client_keys=None
            ) as connection:
                client = await connection.create_process(
                    term_type="xterm-256color", term_size=(80, 24), encoding=None
                )
                seen = await received(client, ["Rejoindre une table"])
                client.stdin.write(codes["Marc"].encode() + b"\r")
                seen = await received(client, [turn_line(match), *hand_of(match, 1)])
                checked(folders, 1, seen)
                client.close()
