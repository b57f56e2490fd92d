"""`jeux serve`: the collection in a web browser, through Textual's textual-serve (the `web` extra).

Each browser tab runs its own `jeux` process on the same folders: players and matches are shared,
and the lock on a match keeps two tabs from playing it at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import shlex
import signal
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from ..store.locations import Locations

PAGE_FOLDER = Path(__file__).with_name("templates")
EVERY_INTERFACE = ("0.0.0.0", "::", "")
QUIT_SECONDS = 3.0
"""How long a tab's game gets to quit when told to (it saves after every move anyway)."""


class PortError(Exception):
    """The server cannot listen where asked, with a French sentence saying why."""


def jeux_command(locations: Locations) -> str:
    """The shell command run for each tab: this Python, on the server's own folders (`exec`:
    the tab's process is the game itself, not a shell that would outlive it)."""
    args = [sys.executable, "-m", "jeux"]
    args += ["--config-dir", str(locations.config_dir.resolve())]
    args += ["--data-dir", str(locations.data_dir.resolve())]
    if os.name != "posix":  # Windows: cmd.exe, its own quoting, no exec
        return subprocess.list2cmdline(args)
    return "exec " + shlex.join(args)


class Tab(AppService):
    """One browser tab's game. Stopping it tells the game to quit, kills it if it has not
    within QUIT_SECONDS, and reaps it (else asyncio complains of a child left behind)."""

    _stopped: asyncio.Future | None = None

    async def run(self) -> None:
        """The game's output to the browser; once the game ends, however it ends, the page
        says so (it offers to reopen) instead of showing its last screen as if alive."""
        await super().run()
        await self.remote_close()

    async def stop(self) -> None:
        """Once, however many ask (the tab's connection and the server may both)."""
        if self._stopped is None:
            self._stopped = asyncio.ensure_future(self._stop())
        await asyncio.shield(self._stopped)

    async def _stop(self) -> None:
        stopping = asyncio.ensure_future(super().stop())  # says « quit », awaits its output
        if self._process is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._process.wait()), QUIT_SECONDS)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):  # it ended just now
                    self._process.kill()
                await self._process.wait()
        await stopping


class JeuxServer(Server):
    """textual-serve's server with a French page whose links follow the address the browser
    typed (a friend on the network reaches her tab's game too), and which closes every tab's
    game when it stops."""

    def __init__(self, command: str, host: str, port: int) -> None:
        super().__init__(command, host=host, port=port, title="jeux", templates_path=PAGE_FOLDER)
        self.tabs: set[Tab] = set()

    async def on_startup(self, app: web.Application) -> None:
        """Silent: `serve` says where to go once the port is really held."""

    async def on_shutdown(self, app: web.Application) -> None:
        """Every tab's game is told to quit (its match is saved), then awaited."""
        await asyncio.gather(*(tab.stop() for tab in self.tabs))

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        # The page is rendered without a pause, so no other request sees this address.
        self.public_url = str(request.url.origin())
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's own, with each tab's game kept in `tabs` while it runs."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        await websocket.prepare(request)
        tab = Tab(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
        )
        try:
            await tab.start(width, height)
            self.tabs.add(tab)  # with its process: a shutdown from now on stops it
            await self._process_messages(websocket, tab)
        finally:
            await tab.stop()
            self.tabs.discard(tab)
        return websocket


def addresses_to_open(host: str, port: int) -> list[str]:
    """What to type in a browser: localhost for every interface, plus this machine's name."""
    if host in EVERY_INTERFACE:
        return [f"http://localhost:{port}", f"http://{socket.gethostname()}:{port}"]
    return [f"http://{f'[{host}]' if ':' in host else host}:{port}"]


def announce(host: str, port: int) -> None:
    first, *others = addresses_to_open(host, port)
    print(f"jeux est servi : ouvre {first} dans un navigateur (un onglet par écran).")
    for other in others:
        print(f"Depuis un autre appareil du réseau : {other} (ou l'adresse IP de cet ordinateur)")
    print("Ctrl+C pour arrêter.", flush=True)


async def run_server(
    server: JeuxServer, host: str, port: int, ready: Callable[[str, int], None]
) -> None:
    """Listen until SIGTERM or Ctrl+C (which cancels this task); then close every tab's game."""
    runner = web.AppRunner(
        await server._make_app(),  # textual-serve's routes, with our loop and our messages
        handle_signals=False,
        access_log=None,
        shutdown_timeout=QUIT_SECONDS,  # for a browser that does not answer the closing
    )
    await runner.setup()
    try:
        site = web.TCPSite(runner, host, port)
        try:
            await site.start()
        except OSError as error:
            raise PortError(bind_problem(host, port, error)) from None
        ready(host, runner.addresses[0][1])
        stop = asyncio.Event()
        with contextlib.suppress(NotImplementedError):  # Windows has no SIGTERM handlers
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        await stop.wait()
    finally:
        await runner.cleanup()


def bind_problem(host: str, port: int, error: OSError) -> str:
    if isinstance(error, socket.gaierror):
        return f"l'adresse {host!r} est introuvable (--host)."
    if error.errno == errno.EADDRINUSE:
        return f"le port {port} est déjà pris ; choisis-en un autre avec --port."
    if error.errno in (errno.EACCES, errno.EPERM):
        return f"le port {port} est réservé au système ; choisis-en un au-dessus de 1023."
    if error.errno == errno.EADDRNOTAVAIL:
        return f"{host!r} n'est pas une adresse de cet ordinateur (--host)."
    return f"impossible d'écouter sur {host}:{port} ({error.strerror or error})."


def serve(locations: Locations, host: str, port: int) -> int:
    """Serve until Ctrl+C; a port that cannot be had is said in French (exit code 1)."""
    # textual-serve's own log is English; a tab's game that fails says why itself, in French.
    logging.getLogger("textual-serve").disabled = True
    server = JeuxServer(jeux_command(locations), host, port)
    try:
        asyncio.run(run_server(server, host, port, announce))
    except PortError as error:
        print(f"jeux serve : {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print()  # after the terminal's « ^C »
    print("jeux serve : arrêté.")
    return 0
