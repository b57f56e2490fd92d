"""Copies of jeux in real terminals (tmux), driven as players drive them: keys in, the screen's
text out. The shared table's real tests and benchmarks run several at once on one data folder.

Every terminal of a `Terminals` lives on a tmux server of its own, so that closing it ends
them all, whatever state a test left them in.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

SIZE = (80, 24)
POLL_SECONDS = 0.02
CODE = re.compile(r"([0-9A-Z]{4}-[0-9A-Z]{4})")
"""A seat's code as the table screen shows it."""


def tmux_available() -> bool:
    return shutil.which("tmux") is not None


def jeux_command(config_dir: Path, data_dir: Path, *arguments: str) -> list[str]:
    """This Python's jeux, on these folders."""
    folders = ["--config-dir", str(config_dir), "--data-dir", str(data_dir)]
    return [sys.executable, "-m", "jeux", *folders, *arguments]


class Terminals:
    """A private tmux server, holding one session per program."""

    def __init__(self, env: dict[str, str] | None = None) -> None:
        self.socket = f"jeux-{uuid.uuid4().hex[:10]}"
        self.env = env or {}

    def tmux(self, *arguments: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["tmux", "-L", self.socket, *arguments], capture_output=True, text=True
        )

    def open(self, name: str, command: list[str], size: tuple[int, int] = SIZE) -> Terminal:
        """A program in a terminal of its own (it is the pane's process: `exec`)."""
        env = " ".join(f"{k}={shlex.quote(v)}" for k, v in self.env.items())
        line = f"exec env {env} {shlex.join(command)}"
        width, height = size
        size_options = ["-x", str(width), "-y", str(height)]
        started = self.tmux("new-session", "-d", "-s", name, *size_options, line)
        if started.returncode:
            raise RuntimeError(f"tmux new-session failed: {started.stderr}")
        self.tmux("set", "-s", "escape-time", "0")  # Escape is a key, not a prefix
        return Terminal(self, name)

    def close(self) -> None:
        self.tmux("kill-server")
        folder = Path(os.environ.get("TMUX_TMPDIR", "/tmp")) / f"tmux-{os.getuid()}"
        (folder / self.socket).unlink(missing_ok=True)  # the server may leave it behind

    def __enter__(self) -> Terminals:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class Terminal:
    """One session of a `Terminals` server."""

    def __init__(self, server: Terminals, name: str) -> None:
        self.server = server
        self.name = name

    def keys(self, *keys: str) -> None:
        """Keys by tmux's names ("Enter", "Escape", "F5", "a")."""
        for key in keys:
            self.server.tmux("send-keys", "-t", self.name, key)

    def type(self, text: str) -> None:
        self.server.tmux("send-keys", "-t", self.name, "-l", text)

    def screen(self) -> str:
        return self.server.tmux("capture-pane", "-p", "-t", self.name).stdout

    def pid(self) -> int:
        shown = self.server.tmux("display", "-p", "-t", self.name, "#{pane_pid}").stdout
        return int(shown.strip())

    def wait_for(self, holds: str | Callable[[str], bool], timeout: float, what: str = "") -> str:
        """The screen once it shows `holds` (a text, or a test of the screen's text)."""
        test = (lambda screen: holds in screen) if isinstance(holds, str) else holds
        end = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if test(screen):
                return screen
            if time.monotonic() > end:
                awaited = what or repr(holds)
                raise TimeoutError(
                    f"{self.name}: still awaiting {awaited} after {timeout} s; screen:\n{screen}"
                )
            time.sleep(POLL_SECONDS)


def choose_next(terminal: Terminal, label: str, value: str, timeout: float) -> None:
    """The focused Select's next choice, once its list closed on `value` beside `label`."""
    terminal.keys("Enter")
    terminal.wait_for("Fermer la liste", timeout, f"the list of « {label} » open")
    terminal.keys("Down", "Enter")

    def chosen(screen: str) -> bool:
        lines = screen.splitlines()
        closed = "Fermer la liste" not in screen
        return closed and any(label in line and value in line for line in lines)

    terminal.wait_for(chosen, timeout, f"« {label} : {value} »")


@dataclass(frozen=True)
class Setup:
    """A shared table to set up: the game, its seed, the players (created on the setup
    screen, in this order), how many robots after them."""

    game: str
    seed: int
    names: list[str]
    robots: int = 0


def host_table(
    terminals: Terminals,
    command: list[str],
    setup: Setup,
    timeout: float,
    before_play: Callable[[], None] = lambda: None,
) -> tuple[Terminal, dict[str, str]]:
    """`command` (jeux on the table's folders) playing the setup's game, driven through its
    setup screen as a host does: the players created, the robots, the list's order, « Table
    partagée », then `before_play`, then F5. Returns the host's terminal, back on the match,
    and the codes its table screen shows, by player name."""
    game, seed, names, robots = setup.game, setup.seed, setup.names, setup.robots
    host = terminals.open("hote", [*command, "play", game, "--seed", str(seed)])
    host.wait_for("Nouveau joueur", timeout, "the setup screen")
    for number, name in enumerate(names, 1):
        host.type(name)
        host.keys("Enter")
        host.wait_for(f"[{number}]", timeout, f"{name} checked in the players' list")
    host.keys("Tab", "Tab")  # past « Ajouter », on Robots
    for count in range(1, robots + 1):
        choose_next(host, "Robots", str(count), timeout)
    host.keys("Tab")
    choose_next(host, "Ordre", "Ordre de la liste", timeout)
    host.keys("Tab")
    choose_next(host, "Écrans", "Table partagée", timeout)
    before_play()
    host.keys("F5")
    table = host.wait_for("pas encore là", timeout, "the table screen")
    codes = {}
    for line in table.splitlines():
        found = CODE.search(line)
        name = next((n for n in names if line.lstrip(" ▊").startswith(n)), None)
        if found and name:
            codes[name] = found.group(1).replace("-", "")
    host.keys("Escape")
    return host, codes
