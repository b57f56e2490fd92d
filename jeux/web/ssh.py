"""The SSH door of `jeux serve --ssh PORT`: each connection gets its own jeux, on a
pseudo-terminal of its own, as a browser tab does.

asyncssh serves the protocol; this module only starts the command on a pseudo-terminal and
carries bytes and window sizes between the two. No password is asked: the door leads to the
command the server runs (for a shared table, the screen that asks for a seat's code), and to
nothing else: no shell, no command of the client's, no file transfer, no forwarding.
The host key is made on first use and kept in the data folder, so that clients recognise
the server from one evening to the next.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import subprocess
import termios
from collections.abc import Callable
from pathlib import Path

import asyncssh

QUIT_SECONDS = 3.0
"""How long a session's jeux gets to quit once its client has gone (it saves every move)."""
READ_SIZE = 65536


def host_key(data_dir: Path) -> asyncssh.SSHKey:
    """This server's key, made the first time and kept readable by its owner only."""
    path = data_dir / "ssh" / "cle_hote"
    if path.exists():
        return asyncssh.read_private_key(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path.with_suffix(".tmp"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(key.export_private_key())
    os.replace(path.with_suffix(".tmp"), path)
    return key


class Door(asyncssh.SSHServer):
    """Lets anyone in without a password (the command asks for what it needs), up to
    `sessions_left()` connections at once."""

    def __init__(self, room: Callable[[], bool]) -> None:
        self.room = room

    def connection_made(self, connection: asyncssh.SSHServerConnection) -> None:
        self.connection = connection

    def begin_auth(self, username: str) -> bool:
        if not self.room():
            self.connection.disconnect(
                asyncssh.DISC_TOO_MANY_CONNECTIONS,
                "Trop d'écrans ouverts sur ce jeux : ferme-en un, puis reviens.",
            )
        return False  # no authentication needed


def set_size(fd: int, width: int, height: int) -> None:
    """Give the pseudo-terminal its window size; the kernel tells the program (SIGWINCH)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


def _take_terminal() -> None:
    """In the child, before jeux starts: the pseudo-terminal becomes its controlling
    terminal, so that window changes reach it, and its hangup ends jeux as a closed terminal
    does, even from a server started ignoring hangups (`nohup jeux serve`): otherwise a
    client gone while the server is stopped left its jeux running, reading a dead terminal."""
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def start_on_terminal(command: list[str], env: dict, terminal: int) -> subprocess.Popen:
    """The command in a session of its own, on the pseudo-terminal `terminal`."""
    return subprocess.Popen(
        command,
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        env=env,
        start_new_session=True,
        preexec_fn=_take_terminal,  # noqa: PLW1509 - a signal reset and an ioctl, then exec
    )


class Session:
    """One client's jeux on its own pseudo-terminal, for as long as both last."""

    def __init__(self, process: asyncssh.SSHServerProcess, command: list[str], env: dict) -> None:
        self.process = process
        self.command = command
        self.env = env

    async def run(self) -> None:
        width, height, _, _ = self.process.get_terminal_size()
        master, slave = os.openpty()
        set_size(slave, width or 80, height or 24)
        env = {**os.environ, **self.env, "TERM": self.process.get_terminal_type() or "xterm"}
        try:
            child = start_on_terminal(self.command, env, slave)
        finally:
            os.close(slave)
        loop = asyncio.get_running_loop()
        ended = loop.create_future()
        loop.add_reader(master, self._to_client, master, ended)
        typing = asyncio.ensure_future(self._from_client(master))
        try:  # until the program closes its terminal (it ended) or the client leaves
            await asyncio.wait({ended, typing}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            loop.remove_reader(master)
            typing.cancel()
            await self._stop(child)
            os.close(master)
        with contextlib.suppress(OSError, asyncssh.Error):  # the client may be gone
            self.process.exit(max(child.returncode or 0, 0))

    def _to_client(self, master: int, ended: asyncio.Future) -> None:
        try:
            data = os.read(master, READ_SIZE)
        except OSError:  # EIO: the program closed its side
            data = b""
        if data:
            self.process.stdout.write(data)
        elif not ended.done():
            ended.set_result(None)

    async def _from_client(self, master: int) -> None:
        """Keys and window sizes from the client, until it goes."""
        while True:
            try:
                data = await self.process.stdin.read(READ_SIZE)
            except asyncssh.TerminalSizeChanged as change:
                set_size(master, change.width, change.height)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except asyncssh.Error:
                return
            if not data:
                return
            os.write(master, data)

    async def _stop(self, child: subprocess.Popen) -> None:
        """Hang up on the program as a closed terminal would; kill it if it lingers."""
        if child.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGHUP)
            for _ in range(int(QUIT_SECONDS / 0.05)):
                if child.poll() is not None:
                    break
                await asyncio.sleep(0.05)
            else:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(child.pid, signal.SIGKILL)
        await asyncio.get_running_loop().run_in_executor(None, child.wait)


class SshDoor:
    """The SSH listener: a jeux per connection, at most `max_sessions` at once."""

    def __init__(self, command: Callable[[str], tuple[list[str], dict]], max_sessions: int):
        self.command = command
        """The command and environment for a client at an address."""
        self.max_sessions = max_sessions
        self.sessions: set[asyncio.Task] = set()

    async def start(self, host: str, port: int, data_dir: Path) -> asyncssh.SSHAcceptor:
        return await asyncssh.create_server(
            lambda: Door(lambda: len(self.sessions) < self.max_sessions),
            host,
            port,
            server_host_keys=[host_key(data_dir)],
            process_factory=self._serve,
            encoding=None,
            line_editor=False,
            allow_scp=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_pty=True,
        )

    async def _serve(self, process: asyncssh.SSHServerProcess) -> None:
        if not process.get_terminal_type():
            process.stderr.write(
                "jeux a besoin d'un terminal : connecte-toi avec « ssh -t ».\r\n".encode()
            )
            process.exit(1)
            return
        peer = process.get_extra_info("peername") or ("?", 0)
        command, env = self.command(str(peer[0]))
        task = asyncio.current_task()
        self.sessions.add(task)
        try:
            await Session(process, command, env).run()
        finally:
            self.sessions.discard(task)

    async def close(self) -> None:
        for task in list(self.sessions):
            task.cancel()
        await asyncio.gather(*self.sessions, return_exceptions=True)
