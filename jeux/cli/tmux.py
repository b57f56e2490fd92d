"""Copies of jeux in real terminals (tmux), driven as players drive them: keys in, the screen's
text out. The shared table's real tests and benchmarks run several at once on one data folder.

Every terminal of a `Terminals` lives on a tmux server of its own, so that closing it ends
them all, whatever state a test left them in.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

SIZE = (80, 24)
POLL_SECONDS = 0.02


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
