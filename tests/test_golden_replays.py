"""A golden replay per game: a fixed seed and a fixed bot's actions, digested event by event.

When the same seed and actions play out differently (a new draw order, a changed rule), saved
matches no longer replay: the game's `version` must be bumped, and this test fails until it is.
After a deliberate change, bump the version and record the new digest:

    python -m tests.test_golden_replays

A change that keeps saved matches playing as before (the same draws and moves, events only
shaped or worded otherwise) is recorded again without a bump: remove its entry first.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from jeux.catalog import GAMES, has_engine, load_game
from jeux.engine.bots import RandomBot
from jeux.engine.match import Match, ReplayError, Seat

GOLDEN = Path(__file__).with_name("golden_replays.json")
ENGINES = [gid for gid in GAMES if has_engine(gid)]


def canonical(value: Any) -> Any:
    """Plain data in a stable order (sets sorted), so the digest does not depend on hashing."""
    if dataclasses.is_dataclass(value):
        fields = {f.name: canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return [type(value).__name__, fields]
    if isinstance(value, list | tuple):
        return [canonical(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((canonical(v) for v in value), key=repr)
    if isinstance(value, dict):
        return {str(k): canonical(v) for k, v in value.items()}
    return value


def record(game_id: str) -> dict[str, Any]:
    """A seeded bot's match, kept as its saved form and the digest of its events."""
    game = load_game(game_id)
    players = max(GAMES[game_id].min_players, min(3, GAMES[game_id].max_players))
    match = Match(game, 2026, tuple(Seat(f"J{i + 1}") for i in range(players)), {})
    bot = RandomBot(2026)
    while not match.over and len(match.actions) < 150:
        match.play(bot.choose(match.state.view(match.state.to_move())))
    return {"saved": match.to_saved(), "digest": digest(match)}


def digest(match: Match) -> str:
    text = json.dumps(canonical(match.events), ensure_ascii=False, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def recorded() -> dict[str, dict]:
    return json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}


def replays_as_recorded(game_id: str, golden: dict) -> bool:
    game = load_game(game_id)
    try:
        return digest(Match.from_saved(game, golden["saved"])) == golden["digest"]
    except ReplayError:
        return False


@pytest.mark.parametrize("game_id", ENGINES)
def test_the_same_seed_and_actions_play_out_the_same_unless_the_version_says_so(game_id):
    version = load_game(game_id).version
    golden = recorded().get(game_id)
    assert golden, f"no golden replay for {game_id}: run python -m tests.test_golden_replays"
    assert golden["saved"]["version"] == version, (
        f"{game_id} is at version {version}: record its golden replay again"
    )
    assert replays_as_recorded(game_id, golden), (
        f"{game_id} plays differently at version {version}: bump Game.version, then "
        "record the new golden replay with python -m tests.test_golden_replays"
    )


if __name__ == "__main__":
    old, table = recorded(), {}
    for gid in ENGINES:
        golden = old.get(gid)
        if golden and golden["saved"]["version"] == load_game(gid).version:
            if not replays_as_recorded(gid, golden):
                raise SystemExit(f"{gid} plays differently without a version bump")
            table[gid] = golden
        else:
            table[gid] = record(gid)
    GOLDEN.write_text(json.dumps(table, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{len(table)} golden replays in {GOLDEN}")
