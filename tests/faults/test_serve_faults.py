"""`jeux serve` lets in only what it should: its own pages, a name of this server, so many tabs.

Each test runs a real server on a free port and counts the tabs' games as the server's children.
"""

import asyncio
import contextlib
import html
import socket
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiohttp
import pytest

from jeux.web import screenshot
from tests.test_serve import MENU_TITLE, TIMEOUT, shown, start_server

LAN_WARNING = (
    "Attention : sans mot de passe, toute personne sur ce réseau peut jouer et modifier les "
    "joueurs. Pour garder jeux à cet ordinateur : jeux serve --host 127.0.0.1 (le défaut).\n"
)


def games_of(server: asyncio.subprocess.Process) -> int:
    """The tabs' games running: the server's child processes (Linux's /proc)."""
    count = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):  # ended while read
            continue
        count += parent == server.pid
    return count


async def awaited(what: str, check: Callable[[], Awaitable[bool]]) -> None:
    """Poll `check` until it holds; fail saying what was awaited after half of TIMEOUT (one
    game's start at most, so within the test's whole bound)."""
    try:
        async with asyncio.timeout(TIMEOUT / 2):
            while not await check():
                await asyncio.sleep(0.05)
    except TimeoutError:
        raise AssertionError(f"still awaited after {TIMEOUT / 2} s: {what}") from None


async def until_games(server: asyncio.subprocess.Process, count: int) -> None:
    async def counted() -> bool:
        return games_of(server) == count

    await awaited(f"{count} tabs' games running", counted)


async def until(page: screenshot.DevTools, condition: str) -> None:
    async def holds() -> bool:
        return bool(await page.evaluate(condition))

    await awaited(f"in the browser's page, {condition}", holds)


async def stopped(server: asyncio.subprocess.Process) -> None:
    if server.returncode is None:
        server.terminate()
        await server.communicate()


async def one_tab_draws(session: aiohttp.ClientSession, address: str, server) -> None:
    """A tab opened as the server's own page opens it draws the menu, and is the only game."""
    async with session.ws_connect(f"{address}/ws", origin=address) as tab:
        await shown(tab, MENU_TITLE)
        assert games_of(server) == 1
        await tab.close()


async def test_a_page_of_another_site_cannot_open_a_tab(tmp_path):
    server, address, _ = await start_server(tmp_path)
    port = port_of(address)
    try:
        async with asyncio.timeout(TIMEOUT), aiohttp.ClientSession() as session:
            for origin in ("http://evil.example", "null", f"http://127.0.0.1:{int(port) + 1}"):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await session.ws_connect(f"{address}/ws", origin=origin)
                assert refused.value.status == 403, origin
                async with session.get(address, headers={"Origin": origin}) as page:
                    assert page.status == 403 and "ne peut pas ouvrir jeux" in await page.text()
            assert games_of(server) == 0
            async with session.get(address) as page:
                assert page.status == 200
                assert page.headers["Content-Security-Policy"] == "frame-ancestors 'none'"
            await one_tab_draws(session, address, server)
    finally:
        await stopped(server)


async def test_a_name_that_is_not_this_servers_is_refused(tmp_path):
    """DNS rebinding: a hostile name made to resolve to 127.0.0.1, where Origin and Host agree."""
    server, address, _ = await start_server(tmp_path)
    port = port_of(address)
    try:
        async with asyncio.timeout(TIMEOUT), aiohttp.ClientSession() as session:
            for name in ("evil.example", "localhost.evil.example", socket.gethostname()):
                rebound = {"Host": f"{name}:{port}"}
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await session.ws_connect(
                        f"{address}/ws", headers=rebound, origin=f"http://{name}:{port}"
                    )
                assert refused.value.status == 403, name
                async with session.get(address, headers=rebound) as page:
                    assert page.status == 403
                    said = html.unescape(await page.text())
                    assert f"l'adresse « {name}:{port} » ne désigne pas ce serveur" in said
            for own in (f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}"):
                async with session.get(address, headers={"Host": own}) as page:
                    assert page.status == 200, own
            await one_tab_draws(session, address, server)
    finally:
        await stopped(server)


async def test_one_tab_more_than_max_tabs_is_refused_in_french(tmp_path):
    server, address, _ = await start_server(tmp_path, "--max-tabs", "2")
    tab_url = f"{address}/ws?width=80&height=24"
    try:
        async with asyncio.timeout(TIMEOUT), aiohttp.ClientSession() as session:
            async with session.ws_connect(tab_url) as first, session.ws_connect(tab_url) as second:
                await asyncio.gather(shown(first, MENU_TITLE), shown(second, MENU_TITLE))
                async with session.ws_connect(tab_url) as third:
                    refusal = await third.receive()
                assert refusal.type == aiohttp.WSMsgType.CLOSE, refusal
                assert refusal.data == aiohttp.WSCloseCode.TRY_AGAIN_LATER
                assert refusal.extra == (
                    "Déjà 2 onglets de jeux ouverts, le maximum ici : "
                    "ferme un autre onglet de jeux, puis Rouvrir."
                )
                assert games_of(server) == 2
                await first.close()
                await until_games(server, 1)  # a closed tab frees its place
                again = await reopened(session, tab_url, MENU_TITLE)
                assert games_of(server) == 2
                await again.close()
    finally:
        await stopped(server)


async def reopened(session: aiohttp.ClientSession, url: str, text: bytes):
    """A tab opened as a player clicks « Rouvrir » until there is a place (the closed tab's
    game has quit, and the tab finishes closing just after), once `text` shows on it."""
    while True:
        tab = await session.ws_connect(url)
        message = await tab.receive()
        if message.type == aiohttp.WSMsgType.BINARY:
            seen = message.data
            while text not in seen:
                message = await tab.receive()
                assert message.type == aiohttp.WSMsgType.BINARY, message
                seen += message.data
            return tab
        assert message.data == aiohttp.WSCloseCode.TRY_AGAIN_LATER, message
        await tab.close()
        await asyncio.sleep(0.05)


async def test_the_files_folder_is_not_listed(tmp_path):
    server, address, _ = await start_server(tmp_path)
    try:
        async with asyncio.timeout(TIMEOUT), aiohttp.ClientSession() as session:
            for folder in ("/static/", "/static/js/", "/static"):
                async with session.get(address + folder) as listing:
                    assert listing.status in (403, 404), folder
                    assert "textual.js" not in await listing.text()
            async with session.get(f"{address}/static/js/textual.js") as script:
                assert script.status == 200  # the page still gets its files
    finally:
        await stopped(server)


async def test_the_network_is_told_who_may_play_and_only_this_machine_is_let_in(tmp_path):
    server, address, announcement = await start_server(tmp_path, "--host", "0.0.0.0")
    port = port_of(address)
    try:
        assert address == f"http://localhost:{port}"
        assert LAN_WARNING in announcement
        async with asyncio.timeout(TIMEOUT), aiohttp.ClientSession() as session:
            for name, status in ((socket.gethostname(), 200), ("evil.example", 403)):
                async with session.get(address, headers={"Host": f"{name}:{port}"}) as page:
                    assert page.status == status, name
    finally:
        await stopped(server)


async def test_in_a_browser_a_refused_tab_says_why_and_reopens_once_a_place_is_free(tmp_path):
    """The page shows the cap's reason in French; « Rouvrir » then opens the game; a page of
    another origin (localhost's, for the server at 127.0.0.1) cannot open one."""
    if screenshot.installed_browser() is None:
        pytest.skip("Chromium est absent : ce test de la page dans un navigateur est sauté.")
    server, address, _ = await start_server(tmp_path, "--max-tabs", "1")
    with tempfile.TemporaryDirectory() as profile:
        browser, devtools_url = screenshot.start_browser(Path(profile))
        try:
            async with asyncio.timeout(TIMEOUT), aiohttp.ClientSession() as session:
                async with session.ws_connect(f"{address}/ws") as holder:
                    await shown(holder, MENU_TITLE)
                    async with screenshot.browser_tab(devtools_url) as page:
                        await page.call("Page.navigate", url=address)
                        await until(page, "document.body?.classList.contains('-closed')")
                        said = await page.evaluate(
                            "document.querySelector('#closed-why').innerText"
                        )
                        assert said.startswith("Déjà 1 onglet de jeux ouvert, le maximum ici")
                        await holder.close()
                        await until_games(server, 0)
                        await page.evaluate(
                            "document.querySelector('.closed-dialog button').click()"
                        )
                        await until(page, "document.body?.classList.contains('-first-byte')")
                        await page.call(
                            "Page.navigate",
                            url=f"http://localhost:{port_of(address)}/static/css/xterm.css",
                        )
                        await until_games(server, 0)  # the game of the page left behind
                        await until(page, "location.pathname.endsWith('/xterm.css')")
                        opened = await page.evaluate(f"""new Promise(done => {{
                            const tab = new WebSocket("{address.replace("http", "ws")}/ws");
                            tab.onopen = () => done("ouvert");
                            tab.onclose = () => done("refusé");
                        }})""")
                        assert opened == "refusé"
                await one_tab_draws(session, address, server)
        finally:
            browser.terminate()
            browser.wait()
            await stopped(server)


def port_of(address: str) -> str:
    return address.rsplit(":", 1)[1]


def test_a_door_s_jeux_ends_when_its_terminal_hangs_up_even_from_a_server_deaf_to_it():
    """`nohup jeux serve`: the server ignores hangups, and what it starts inherits that. The
    SSH door's jeux must not: with the server stopped before it could end it, its terminal's
    hangup is all that ends it (one lived on, reading a dead terminal at full speed)."""
    import os
    import select
    import signal
    import subprocess
    import sys

    from jeux.web.ssh import start_on_terminal

    program = "import time; print('prêt', flush=True); time.sleep(600)"
    deaf = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    master, terminal = os.openpty()
    try:
        child = start_on_terminal([sys.executable, "-c", program], dict(os.environ), terminal)
    finally:
        os.close(terminal)
        signal.signal(signal.SIGHUP, deaf)
    try:
        assert select.select([master], [], [], TIMEOUT)[0], "the program never started"
        assert b"pr" in os.read(master, 100)
        os.close(master)  # the terminal closes, as the server's end does when it is killed
        assert child.wait(timeout=TIMEOUT) == -signal.SIGHUP
    finally:
        if child.poll() is None:
            child.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                child.wait(timeout=TIMEOUT)
