"""`jeux serve`: the collection in a web browser, through Textual's textual-serve (the `web` extra).

Each browser tab runs its own `jeux` process on the same folders: players and matches are shared,
and the lock on a match keeps two tabs from playing it at once. Only this server's own pages get
in (`guard`), and only so many tabs at once: each game costs its memory and, while it starts, a
core. The command each tab runs is the server's parameter, so another door (a shared table's,
where a tab asks for a seat's code) is this server with another command.
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
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from ..store.locations import Locations
from . import MAX_TABS
from .guard import Guard, listens_beyond_this_computer

PAGE_FOLDER = Path(__file__).with_name("templates")
EVERY_INTERFACE = ("0.0.0.0", "::", "")
QUIT_SECONDS = 3.0
"""How long a tab's game gets to quit when told to (it saves after every move anyway)."""
STARTING_AT_ONCE = 2
"""Games started together: when many tabs open at once, the first ones draw their menu in the
time one game takes to start, instead of all of them sharing the cores until all draw at once."""
START_TURN_SECONDS = 10.0
"""A game silent for longer lets the next one start anyway: one that hangs holds no one back."""


class PortError(Exception):
    """The server cannot listen where asked, with a French sentence saying why."""


def jeux_arguments(locations: Locations, *subcommand: str) -> list[str]:
    """This Python's jeux on the server's own folders, with a subcommand if given."""
    args = [sys.executable, "-m", "jeux"]
    args += ["--config-dir", str(locations.config_dir.resolve())]
    args += ["--data-dir", str(locations.data_dir.resolve())]
    return [*args, *subcommand]


def jeux_command(locations: Locations, *subcommand: str) -> str:
    """The shell command run for each tab (`exec`: the tab's process is the game itself, not
    a shell that would outlive it)."""
    args = jeux_arguments(locations, *subcommand)
    if os.name != "posix":  # Windows: cmd.exe, its own quoting, no exec
        return subprocess.list2cmdline(args)
    return "exec " + shlex.join(args)


class Tab(AppService):
    """One browser tab's game. Stopping it tells the game to quit, kills it if it has not
    within QUIT_SECONDS, and reaps it (else asyncio complains of a child left behind); a tab
    stopped before its game starts never starts it."""

    _stopped: asyncio.Future | None = None
    _spawning: asyncio.Future | None = None

    def __init__(self, command: str, environment: dict[str, str], **service: Any) -> None:
        super().__init__(command, **service)
        self.environment = environment
        """Added to the game's environment: who this tab is, for a door that counts clients."""
        self.started = asyncio.Event()
        """Set once the game has written to its tab (its start-up done), has ended, or will
        not start."""

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        return {**super()._build_environment(width, height), **self.environment}

    @property
    def spawned(self) -> bool:
        return self._process is not None

    @property
    def ended(self) -> bool:
        """Its game has quit: the tab holds no place any more while it finishes closing."""
        return self._process is not None and self._process.returncode is not None

    async def start(self, width: int, height: int) -> None:
        """Unless stopped already: the server may stop while this tab awaits its turn. The spawn
        is shielded: a game spawned as its tab goes is still stopped, never left behind."""
        if self._stopped is None:
            self._spawning = asyncio.ensure_future(super().start(width, height))
            await asyncio.shield(self._spawning)

    async def on_data(self, payload: bytes) -> None:
        self.started.set()
        await super().on_data(payload)

    async def run(self) -> None:
        """The game's output to the browser; once the game ends, however it ends, the page
        says so (it offers to reopen) instead of showing its last screen as if alive."""
        try:
            await super().run()
        finally:
            self.started.set()
        await self.remote_close()

    async def stop(self) -> None:
        """Once, however many ask (the tab's connection and the server may both)."""
        if self._stopped is None:
            self._stopped = asyncio.ensure_future(self._stop())
        await asyncio.shield(self._stopped)

    async def _stop(self) -> None:
        if self._spawning is not None:  # a game being spawned as the server stops is stopped too
            await asyncio.wait([self._spawning])
        stopping = asyncio.ensure_future(super().stop())  # says « quit », awaits its output
        if self._process is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._process.wait()), QUIT_SECONDS)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):  # it ended just now
                    self._process.kill()
                await self._process.wait()
        await stopping
        self.started.set()


class JeuxServer(Server):
    """textual-serve's server with a French page whose links follow the address the browser
    typed (a friend on the network reaches her tab's game too), behind the `guard`, with at most
    `max_tabs` tabs' games started a few at a time, and which closes every tab's game when it
    stops. Each tab runs `command`."""

    def __init__(self, command: str, host: str, port: int, max_tabs: int = MAX_TABS) -> None:
        super().__init__(command, host=host, port=port, title="jeux", templates_path=PAGE_FOLDER)
        self.guard = Guard(host)
        self.max_tabs = max_tabs
        self.tabs: set[Tab] = set()
        """Every tab given a game, from its WebSocket's opening: starting, running or quitting."""
        self.starting = asyncio.Semaphore(STARTING_AT_ONCE)

    async def _make_app(self) -> web.Application:
        """textual-serve's routes behind the guard, and its files without a folder listing."""
        app = web.Application(middlewares=[self.guard.middleware])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        app.on_shutdown.append(self.on_shutdown)
        return app

    @property
    def too_many_tabs(self) -> bytes:
        """Why a tab is refused, and what to do, in the 123 bytes a WebSocket's closing holds."""
        tabs = (
            "1 onglet de jeux ouvert"
            if self.max_tabs == 1
            else f"{self.max_tabs} onglets de jeux ouverts"
        )
        return (
            f"Déjà {tabs}, le maximum ici : ferme un autre onglet de jeux, puis Rouvrir.".encode()
        )

    def tab_environment(self, request: web.Request) -> dict[str, str]:
        """What a tab's game is told of its tab, beyond textual-serve's own: nothing here."""
        return {}

    async def on_shutdown(self, app: web.Application) -> None:
        """Every tab's game is told to quit (its match is saved), then awaited."""
        await asyncio.gather(*(tab.stop() for tab in self.tabs))

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        # The page is rendered without a pause, so no other request sees this address.
        self.public_url = str(request.url.origin())
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's own, with each tab's game kept in `tabs` from the start. One tab too
        many is closed with the reason and what to do, which the page shows (a refused handshake
        would tell the page nothing it could tell from a lost connection)."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        await websocket.prepare(request)
        if sum(not tab.ended for tab in self.tabs) >= self.max_tabs:
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=self.too_many_tabs)
            return websocket
        tab = Tab(
            self.command,
            self.tab_environment(request),
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
        )
        self.tabs.add(tab)  # counted at once; a shutdown from now on stops it
        try:
            async with self.starting:
                await tab.start(width, height)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(tab.started.wait(), START_TURN_SECONDS)
            if tab.spawned:
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
    if listens_beyond_this_computer(host):
        print(
            "Attention : sans mot de passe, toute personne sur ce réseau peut jouer et modifier "
            "les joueurs. Pour garder jeux à cet ordinateur : jeux serve --host 127.0.0.1 "
            "(le défaut)."
        )
    print("Ctrl+C pour arrêter.", flush=True)


async def run_server(
    server: JeuxServer, host: str, port: int, ready: Callable[[str, int], None]
) -> None:
    """Listen until SIGTERM or Ctrl+C (which cancels this task); then close every tab's game."""
    runner, port = await listen(server, host, port)
    try:
        ready(host, port)
        await stop_on_sigterm().wait()
    finally:
        await runner.cleanup()


async def listen(server: JeuxServer, host: str, port: int) -> tuple[web.AppRunner, int]:
    """The server listening at host:port (0: a free port), and the port it got; PortError
    says in French why it cannot. The runner's cleanup closes every tab's game."""
    runner = web.AppRunner(
        await server._make_app(),  # textual-serve's routes, with our loop and our messages
        handle_signals=False,
        access_log=None,
        shutdown_timeout=QUIT_SECONDS,  # for a browser that does not answer the closing
    )
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except OSError as error:
        await runner.cleanup()
        raise PortError(bind_problem(host, port, error)) from None
    return runner, runner.addresses[0][1]


def stop_on_sigterm() -> asyncio.Event:
    """An event set by SIGTERM (`kill`), so that the server closes its tabs' games first."""
    stop = asyncio.Event()
    with contextlib.suppress(NotImplementedError):  # Windows has no SIGTERM handlers
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    return stop


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


def serve(locations: Locations, host: str, port: int, max_tabs: int = MAX_TABS) -> int:
    """Serve until Ctrl+C; a port that cannot be had is said in French (exit code 1)."""
    # textual-serve's own log is English; a tab's game that fails says why itself, in French.
    logging.getLogger("textual-serve").disabled = True
    server = JeuxServer(jeux_command(locations), host, port, max_tabs)
    try:
        asyncio.run(run_server(server, host, port, announce))
    except PortError as error:
        print(f"jeux serve : {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print()  # after the terminal's « ^C »
    print("jeux serve : arrêté.")
    return 0
