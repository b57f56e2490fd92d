"""`jeux serve --tables`: the doors of one data folder's shared tables (DESIGN.md §10), a
browser's and an SSH client's, both leading to `jeux join` and nothing else.

The host's table screen starts this process (`doors.open_doors`) and reads where it listens
in `portes.json`. It listens on every interface, since the players' phones and laptops are
elsewhere on the network, and ends by itself once no table of the folder has had its host
for IDLE_SECONDS: a host quit or killed mid-match leaves no server behind. Each process it
starts is told its client's address (CLIENT), so that wrong codes are counted per client.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sys

from aiohttp import web

from ..store.jsonfile import write_text_atomic
from ..store.locations import Locations
from ..store.records import Claim, Records
from ..store.tables import Tables
from . import MAX_TABS
from .doors import CLIENT, LOCK_FILE, lan_address, ready_file
from .server import JeuxServer, PortError, jeux_arguments, jeux_command, listen, stop_on_sigterm
from .ssh import SshDoor

WEB_PORT = 8765
SSH_PORT = 8766
"""Tried first (unless others are asked), so that a phone that joined once finds the table
at the same address; any free port when they are taken."""
IDLE_SECONDS = 10.0
"""How long the doors stay open with no table open: long enough for a host's « Rejouer »."""
CHECK_SECONDS = 1.0
EVERYWHERE = "0.0.0.0"


class TableServer(JeuxServer):
    """The browser's door: each tab runs `jeux join --door web`, told its client's address."""

    def tab_environment(self, request: web.Request) -> dict[str, str]:
        return {CLIENT: f"web {request.remote}"}


def ssh_session(locations: Locations):
    """The command and environment of an SSH client's jeux."""
    arguments = jeux_arguments(locations, "join", "--door", "ssh")
    return lambda address: (arguments, {CLIENT: f"ssh {address}"})


async def open_web(locations: Locations, host: str, port: int) -> tuple[web.AppRunner, int]:
    server = TableServer(jeux_command(locations, "join", "--door", "web"), host, port, MAX_TABS)
    try:
        return await listen(server, host, port)
    except PortError:
        return await listen(server, host, 0)


async def open_ssh(locations: Locations, host: str, port: int):
    door = SshDoor(ssh_session(locations), max_sessions=MAX_TABS)
    try:
        acceptor = await door.start(host, port, locations.data_dir)
    except OSError:
        acceptor = await door.start(host, 0, locations.data_dir)
    return door, acceptor


async def keep_open(tables: Tables, stop: asyncio.Event) -> None:
    """Until SIGTERM, or until no table has had its host for IDLE_SECONDS."""
    idle = 0.0
    while idle < IDLE_SECONDS and not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), CHECK_SECONDS)
        idle = 0.0 if tables.any_open() else idle + CHECK_SECONDS


async def run_doors(locations: Locations, host: str, web_port: int, ssh_port: int) -> None:
    tables = Tables(Records(locations.database))
    runner, web_port = await open_web(locations, host, web_port)
    door, acceptor = await open_ssh(locations, host, ssh_port)
    try:
        address = lan_address() if host == EVERYWHERE else host
        ready = {"web": web_port, "ssh": acceptor.get_port(), "address": address}
        write_text_atomic(ready_file(locations), json.dumps(ready))
        await keep_open(tables, stop_on_sigterm())
    finally:
        ready_file(locations).unlink(missing_ok=True)
        acceptor.close()
        await door.close()
        await runner.cleanup()


def serve_tables(
    locations: Locations, web_port: int | None, ssh_port: int | None, host: str = EVERYWHERE
) -> int:
    """The doors, unless another process of this data folder has them open already."""
    logging.getLogger("textual-serve").disabled = True
    try:
        claim = Claim(locations.data_dir / "verrous" / LOCK_FILE)
    except OSError:
        return 0  # the doors are open already: nothing to do
    try:
        ports = (
            WEB_PORT if web_port is None else web_port,
            SSH_PORT if ssh_port is None else ssh_port,
        )
        asyncio.run(run_doors(locations, host, *ports))
    except PortError as error:
        print(f"jeux serve : {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    finally:
        claim.release()
    return 0
