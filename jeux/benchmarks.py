"""Measurements behind the budgets of DESIGN.md §8 (never asserted by tests).

python -m jeux.benchmarks startup [--runs N]   menu first paint vs a bare Textual app
python -m jeux.benchmarks idle [--seconds S]   CPU share while idle at the menu and mid-game
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile

PAINT = """
import time
start = time.perf_counter()
{imports}
class Timed({base}):
    def on_mount(self):  # Textual also runs the base class's own on_mount
        self.call_after_refresh(self.done)
    def done(self):
        print(time.perf_counter() - start)
        self.exit()
app = {build}
app.run(headless=True, size=(80, 24))
"""

BARE = dict(
    imports="from textual.app import App\nfrom textual.widgets import Static",
    base="App",
    build="Timed()",
)
JEUX = dict(
    imports="from jeux.app import JeuxApp\nfrom jeux.store.locations import Locations",
    base="JeuxApp",
    build="Timed(Locations.at({folder!r} + '/c', {folder!r} + '/d'))",
)

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


def startup(runs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        timings = {"textual nu": [], "jeux (menu)": []}
        for _ in range(runs):  # interleaved, so both see the same machine load
            timings["textual nu"].append(run_python(PAINT.format(**BARE)))
            jeux = {k: v.format(folder=folder) for k, v in JEUX.items()}
            timings["jeux (menu)"].append(run_python(PAINT.format(**jeux)))
    medians = {name: statistics.median(t) for name, t in timings.items()}
    for name, value in medians.items():
        print(f"{name:>12} : {value * 1000:7.1f} ms (médiane de {runs})")
    print(f"{'rapport':>12} : {medians['jeux (menu)'] / medians['textual nu']:.2f} (budget 1.3)")


def idle(seconds: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        for label, mid_game in (("menu", False), ("en partie", True)):
            share = run_python(IDLE.format(folder=folder, mid_game=mid_game, seconds=seconds))
            print(f"{label:>10} : {share:.2f} % CPU au repos (budget 1 %)")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m jeux.benchmarks")
    sub = parser.add_subparsers(dest="what", required=True)
    sub.add_parser("startup").add_argument("--runs", type=int, default=7)
    sub.add_parser("idle").add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    startup(args.runs) if args.what == "startup" else idle(args.seconds)


if __name__ == "__main__":
    main()
