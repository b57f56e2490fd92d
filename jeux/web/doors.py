"""The doors of the shared tables, seen from the host: one `jeux serve --tables` process per
data folder, started by the first table that opens and ending by itself once no table has
been open for a while (so a host killed mid-match leaves no server behind).

This module is imported by the host's table screen: it must not import the `web` extra.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path

from jeux.store.locations import Locations
from jeux.store.records import Claim

CLIENT = "JEUX_CLIENT"
"""Set by a door for each process it starts: where the player connects from ("web
192.168.1.20"), so that wrong codes are counted per client. A terminal of the host counts as
one client."""
READY_FILE = "portes.json"
LOCK_FILE = "portes.verrou"
"""Held by the running doors process; its ports are in READY_FILE once it listens."""


@dataclass(frozen=True)
class Doors:
    """Where the doors listen: what the table screen tells the players to open."""

    web_port: int | None
    ssh_port: int | None
    address: str
    """This computer's address on its network, as another device types it."""

    @property
    def web_url(self) -> str | None:
        return f"http://{_host(self.address)}:{self.web_port}" if self.web_port else None

    @property
    def ssh_command(self) -> str | None:
        return f"ssh -p {self.ssh_port} {_host(self.address)}" if self.ssh_port else None


def _host(address: str) -> str:
    return f"[{address}]" if ":" in address else address


def available() -> bool:
    """Whether the `web` extra is installed (textual-serve, asyncssh)."""
    return find_spec("textual_serve") is not None and find_spec("asyncssh") is not None


def lan_address() -> str:
    """This computer's address on its local network: the one a route to the outside would
    leave from (no packet is sent); the machine's name when there is no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routed, never answered
            address = probe.getsockname()[0]
        except OSError:
            address = ""
    return address if address and not address.startswith("127.") else socket.gethostname()


def doors_open(locations: Locations) -> bool:
    """Whether a doors process runs for this data folder (it holds the lock while it lives)."""
    try:
        Claim(locations.data_dir / "verrous" / LOCK_FILE).release()
    except OSError:
        return True
    return False


def running(locations: Locations) -> Doors | None:
    """Where the doors of this data folder listen; None while none runs, or while the one
    starting has not said yet."""
    if not doors_open(locations):
        return None
    try:
        data = json.loads(ready_file(locations).read_text(encoding="utf-8"))
        return Doors(data.get("web"), data.get("ssh"), data.get("address") or lan_address())
    except (OSError, ValueError, AttributeError):
        return None


def open_doors(locations: Locations) -> subprocess.Popen | None:
    """Start the doors process for this data folder unless one runs (None then). It lives
    in its own session: a Ctrl+C meant for the host's screen does not close the doors."""
    if not available() or doors_open(locations):
        return None
    command = [sys.executable, "-m", "jeux", "--config-dir", str(locations.config_dir)]
    command += ["--data-dir", str(locations.data_dir), "serve", "--tables"]
    return subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def ready_file(locations: Locations) -> Path:
    return locations.data_dir / READY_FILE
