"""Measurements behind the budgets of DESIGN.md §8 (never asserted by tests).

python -m jeux.cli.benchmarks startup [--runs N]   menu first paint vs a bare Textual app
python -m jeux.cli.benchmarks idle [--seconds S]   CPU share while idle at the menu and mid-game
python -m jeux.cli.benchmarks table [--moves N] [--seconds S]
                                   shared table: key-to-screen latency in tmux and in a
                                   browser tab, and a waiting follower's CPU share
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

BARE_APP = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("BASELINE READY")

Bare().run()
"""
CONTROL = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-_])")
"""Terminal control sequences, removed to find a text in what a program writes."""

IDLE = """
import asyncio, time
from jeux.app import make_app
from jeux.screenshots import demo_match, open_match

async def main():
    app = make_app({folder!r} + "/c", {folder!r} + "/d", animations="full")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(1.0)
        if {mid_game}:
            await open_match(app, demo_match("the_last_spell", 3))
            await pilot.pause(1.0)
        cpu, wall = time.process_time(), time.perf_counter()
        await asyncio.sleep({seconds})
        print(100 * (time.process_time() - cpu) / (time.perf_counter() - wall))

asyncio.run(main())
"""


def run_python(code: str) -> float:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def first_paint(command: list[str], text: str, env: dict[str, str], limit: float = 20.0) -> float:
    """Seconds from launching `command` in an 80×24 terminal until `text` is on screen, as a
    player sees it: the interpreter's start, the imports and the first frame all count."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.perf_counter()
    child = subprocess.Popen(
        command, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)
    written = b""
    try:
        while time.perf_counter() - start < limit:
            if select.select([master], [], [], 0.05)[0]:
                written += os.read(master, 65536)
                if text.encode() in CONTROL.sub(b"", written):
                    return time.perf_counter() - start
        raise SystemExit(f"« {text} » n'est jamais apparu pour {' '.join(command)}")
    finally:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()
        os.close(master)


def startup(runs: int) -> None:
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "HOME": home, "TERM": "xterm-256color"}
        commands = {
            "textual nu": ([sys.executable, "-c", BARE_APP], "BASELINE READY"),
            "jeux (menu)": ([sys.executable, "-m", "jeux"], "Last Spell"),
        }
        for command, text in commands.values():  # a first run fills the caches and the folders
            first_paint(command, text, env)
        timings: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(runs):  # interleaved, so both see the same machine load
            for name, (command, text) in commands.items():
                timings[name].append(first_paint(command, text, env))
    medians = {name: statistics.median(t) for name, t in timings.items()}
    for name, value in medians.items():
        print(f"{name:>12} : {value * 1000:7.1f} ms (médiane de {runs})")
    print(f"{'rapport':>12} : {medians['jeux (menu)'] / medians['textual nu']:.2f} (budget 1.2)")


def idle(seconds: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        for label, mid_game in (("menu", False), ("en partie", True)):
            share = run_python(IDLE.format(folder=folder, mid_game=mid_game, seconds=seconds))
            print(f"{label:>10} : {share:.2f} % CPU au repos (budget 1 %)")


TABLE = ("Lina", "Marc", "Zoé")
"""The table measured: Lina hosts in tmux, Marc joins in tmux, Zoé in a browser tab."""
STEP_SECONDS = 60.0
"""Bound on any one awaited step of the table benchmark; only a hang reaches it."""


def table(moves: int, seconds: float) -> None:
    """Deck menteur at a shared table of three screens, each keying its own moves: the time
    from the key on the mover's screen to the move on each other screen (its turn line
    changed), then the CPU a follower's jeux takes while it waits for another seat."""
    from .table_bench import measure_table

    latencies, idle_share = asyncio.run(measure_table(moves, seconds, STEP_SECONDS, TABLE))
    for where, times in latencies.items():
        if not times:
            print(f"{where:>22} : non mesuré (Chromium absent)")
            continue
        ranked = sorted(times)
        p95 = ranked[min(len(ranked) - 1, round(0.95 * (len(ranked) - 1)))]
        print(
            f"{where:>22} : médiane {statistics.median(ranked) * 1000:6.1f} ms, "
            f"95e centile {p95 * 1000:6.1f} ms ({len(ranked)} coups ; budget 200 ms)"
        )
    print(f"{'suiveur en attente':>22} : {idle_share:.2f} % CPU sur {seconds:g} s (budget 1 %)")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m jeux.cli.benchmarks")
    sub = parser.add_subparsers(dest="what", required=True)
    sub.add_parser("startup").add_argument("--runs", type=int, default=7)
    sub.add_parser("idle").add_argument("--seconds", type=float, default=10.0)
    shared = sub.add_parser("table")
    shared.add_argument("--moves", type=int, default=20)
    shared.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    if args.what == "startup":
        startup(args.runs)
    elif args.what == "idle":
        idle(args.seconds)
    else:
        table(args.moves, args.seconds)


if __name__ == "__main__":
    main()
