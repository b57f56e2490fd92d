"""Robots are deterministic per move (DESIGN.md §10): at a shared table any process may play a
robot's move and the compare-and-swap keeps one, so every process must choose the same action.

A robot is built for one move from the match seed and the move number, and decides from the
seat's view: two such robots choose alike, after each other (module caches warmed) and in
another process (caches cold, and strings hashed with another seed, so a robot that iterates a
set of strings or calls hash() would choose otherwise)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from jeux.catalog import GAMES, has_engine, load_game
from jeux.engine.bots import RandomBot
from jeux.engine.core import DEFAULT_LEVEL, Action
from jeux.engine.match import Match, Seat

SEED = 11
POSITIONS = 3
"""Positions per game where the robot has a choice, spread over one random match."""
ENGINES = [gid for gid in GAMES if has_engine(gid)]
ROOT = Path(__file__).resolve().parent.parent


def positions(game_id: str) -> list[dict]:
    """Saved forms of a few positions of a seeded random match where the mover has a choice."""
    game, info = load_game(game_id), GAMES[game_id]
    players = max(info.min_players, min(2, info.max_players))
    seats = tuple(Seat(f"Robot {i + 1}", bot=True) for i in range(players))
    match = Match(game, SEED, seats, dict(game.playout_options))
    bot, choices = RandomBot(SEED), []
    while not match.over:
        if len(match.state.legal_actions()) > 1:
            choices.append(len(match.actions))
        match.play(bot.choose(match.state.view(match.state.to_move())))
    saved = match.to_saved()
    spread = (choices[i * len(choices) // (POSITIONS + 1)] for i in range(1, POSITIONS + 1))
    picked = sorted(set(spread)) if choices else []
    return [{**saved, "actions": saved["actions"][:count]} for count in picked]


def robot_move(saved: dict, level: str) -> Action:
    """What a robot built for this move, as any process of the table builds it, chooses."""
    game = load_game(saved["game"])
    match = Match.from_saved(game, saved)
    robot = game.bot(f"{match.seed}:{len(match.actions)}", level)
    return robot.choose(match.state.view(match.state.to_move()))


def levels(game_id: str) -> tuple[str, ...]:
    return load_game(game_id).levels or (DEFAULT_LEVEL,)


def decisions(forms: list[dict]) -> list[dict]:
    """Every level's move at every position, as JSON: what another process is asked for."""
    return [
        robot_move(saved, level).to_json() for saved in forms for level in levels(saved["game"])
    ]


@pytest.mark.parametrize("game_id", ENGINES)
def test_two_robots_built_for_one_move_choose_alike(game_id: str) -> None:
    forms = positions(game_id)
    if not forms:
        pytest.skip("nobody ever has a choice in this game: no robot decides")
    for saved in forms:
        for level in levels(game_id):
            first, second = robot_move(saved, level), robot_move(saved, level)
            assert first == second, f"{level} at move {len(saved['actions'])}"


def test_another_process_with_other_string_hashes_chooses_the_same_moves() -> None:
    # One position per game: the other process builds every robot's tables anew.
    forms = [found[len(found) // 2] for found in map(positions, ENGINES) if found]
    env = {**os.environ, "PYTHONHASHSEED": other_hash_seed()}
    script = (
        "import json, sys; from tests.test_bot_determinism import decisions; "
        "print(json.dumps(decisions(json.load(sys.stdin))))"
    )
    child = subprocess.run(
        [sys.executable, "-c", script],
        input=json.dumps(forms),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=600,
    )
    assert child.returncode == 0, child.stderr
    theirs, ours = json.loads(child.stdout), decisions(forms)
    moves = [(s["game"], len(s["actions"]), level) for s in forms for level in levels(s["game"])]
    differ = [move for move, a, b in zip(moves, ours, theirs, strict=True) if a != b]
    assert not differ, f"robots that chose otherwise in another process: {differ}"


def other_hash_seed() -> str:
    """A string-hash seed other than this process's: 0 (no randomisation) unless it is 0."""
    return "1" if os.environ.get("PYTHONHASHSEED") == "0" else "0"
