"""`jeux serve`: a real server in a subprocess, reached as a browser would (page, websocket)."""

import asyncio
import contextlib
import re
import signal
import socket
import subprocess
import sys

import aiohttp

MENU_TITLE = "dés et cartes".encode()
TIMEOUT = 120
"""Far above what one step (two tabs' games starting, or quitting) needs, even beside the whole
suite on two cores: only a hang reaches it."""


@contextlib.asynccontextmanager
async def within(awaited: str):
    """One step of a test, bounded by TIMEOUT; past it, fail saying what was awaited."""
    try:
        async with asyncio.timeout(TIMEOUT):
            yield
    except TimeoutError:
        raise AssertionError(f"still awaited after {TIMEOUT} s: {awaited}") from None


async def start_server(home, *options: str) -> tuple[asyncio.subprocess.Process, str, str]:
    """`jeux serve --port 0` with `options`; returns it, the address to open and all it said."""
    folders = ["--config-dir", str(home / "c"), "--data-dir", str(home / "d")]
    server = await asyncio.create_subprocess_exec(
        *[sys.executable, "-m", "jeux", *folders, "serve", "--port", "0", *options],
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    announcement = ""
    async with asyncio.timeout(TIMEOUT):  # awaiting the announcement's last line
        while not announcement.endswith("Ctrl+C pour arrêter.\n"):
            line = (await server.stdout.readline()).decode()
            assert line, f"jeux serve ended, saying: {announcement}"
            announcement += line
    assert announcement.startswith("jeux est servi : ouvre http://")
    return server, re.search(r"http://\S+", announcement).group(), announcement


async def shown(socket: aiohttp.ClientWebSocketResponse, text: bytes) -> None:
    """Read the tab's terminal output until `text` is on it."""
    seen = b""
    while text not in seen:
        message = await socket.receive()
        assert message.type == aiohttp.WSMsgType.BINARY, message
        seen += message.data


async def typed(tab: aiohttp.ClientWebSocketResponse, text: str) -> None:
    """Focus the tab as the page does once the app draws, then type; a loaded machine may
    still be focusing the menu's filter when the first keys arrive, so type again until the
    text shows."""
    while True:
        await tab.send_json(["focus"])
        await tab.send_json(["stdin", text])
        try:
            async with asyncio.timeout(3):
                return await shown(tab, text.encode())
        except TimeoutError:
            continue


async def closed(socket: aiohttp.ClientWebSocketResponse) -> None:
    """Answer the server's closing as a browser does."""
    async for _message in socket:
        pass


async def test_each_tab_runs_its_own_jeux_until_ctrl_c(tmp_path):
    home = tmp_path / "l'été $HOME"  # the folders reach each tab's shell command intact
    server, address, announcement = await start_server(home)
    assert address.startswith("http://127.0.0.1:") and "Attention" not in announcement
    try:
        async with aiohttp.ClientSession() as session:
            async with within("the page"), session.get(address) as page:
                html = await page.text()
            assert page.status == 200 and '<html lang="fr">' in html and "Rouvrir" in html
            assert f'data-session-websocket-url="{address.replace("http", "ws")}/ws"' in html
            tab_url = f"{address}/ws?width=80&height=24"
            async with session.ws_connect(tab_url) as tab, session.ws_connect(tab_url) as other:
                async with within("both tabs' menus"):
                    await asyncio.gather(shown(tab, MENU_TITLE), shown(other, MENU_TITLE))
                assert (home / "d" / "jeux.sqlite3").exists()  # the server's folders
                async with within("the typed filter"):
                    await typed(tab, "spell")  # into the menu's filter
                server.send_signal(signal.SIGINT)
                async with within("the server and both tabs' games to stop"):
                    (out, err), *_ = await asyncio.gather(
                        server.communicate(), closed(tab), closed(other)
                    )
    finally:
        if server.returncode is None:
            server.kill()
            await server.wait()
    assert server.returncode == 0 and err == b""
    assert out.decode().endswith("jeux serve : arrêté.\n")


async def test_a_game_that_does_not_quit_is_killed_when_the_server_stops(monkeypatch):
    from jeux.web import server as web

    monkeypatch.setattr(web, "QUIT_SECONDS", 0.2)
    hung = web.JeuxServer("exec sleep 60", "127.0.0.1", 0)
    listening = asyncio.get_running_loop().create_future()
    serving = asyncio.create_task(
        web.run_server(hung, "127.0.0.1", 0, lambda host, port: listening.set_result(port))
    )
    async with asyncio.timeout(TIMEOUT), aiohttp.ClientSession() as session:
        port = await listening
        async with session.ws_connect(f"ws://127.0.0.1:{port}/ws") as tab:
            while not any(tab.spawned for tab in hung.tabs):
                await asyncio.sleep(0.01)
            (game,) = hung.tabs
            serving.cancel()
            await asyncio.gather(closed(tab), asyncio.wait([serving]))
    assert game._process.returncode == -signal.SIGKILL


async def test_a_port_in_use_is_refused_in_french(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = subprocess.run(
            [sys.executable, "-m", "jeux", "--data-dir", str(tmp_path), "serve"]
            + ["--port", str(port)],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
    assert out.returncode == 1 and out.stdout == ""
    assert (
        out.stderr
        == f"jeux serve : le port {port} est déjà pris ; choisis-en un autre avec --port.\n"
    )


def test_a_port_out_of_range_is_refused_in_french():
    out = subprocess.run(
        [sys.executable, "-m", "jeux", "serve", "--port", "70000"], capture_output=True, text=True
    )
    assert out.returncode == 2 and "port invalide : '70000' (de 0 à 65535)" in out.stderr


def test_without_the_web_extra_it_says_how_to_install_it():
    hide_the_extra = (
        "import sys; sys.modules['textual_serve'] = None; "
        "from jeux.__main__ import main; sys.exit(main(['serve']))"
    )
    out = subprocess.run([sys.executable, "-c", hide_the_extra], capture_output=True, text=True)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "pip install '.[web]'" in out.stderr


def test_a_number_of_tabs_out_of_range_is_refused_in_french():
    for wrong in ("0", "abc", "1000"):
        out = subprocess.run(
            [sys.executable, "-m", "jeux", "serve", "--max-tabs", wrong],
            capture_output=True,
            text=True,
        )
        assert out.returncode == 2
        assert f"nombre d'onglets invalide : '{wrong}' (de 1 à 999)" in out.stderr
