"""Starting and resuming matches: the one path from setup, menu and results into a game."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from jeux.catalog import load_game, load_screen
from jeux.engine.match import Match, ReplayError, Seat
from jeux.store.records import SavedMatch


def new_seed() -> int:
    return secrets.randbelow(1_000_000_000)


def start_match(
    app,
    game_id: str,
    seats: Sequence[Seat],
    options: dict[str, Any],
    seed: int | str | None = None,
    label: str = "",
) -> None:
    """Create, record and open a match."""
    if seed is None:
        seed = app.fixed_seed if app.fixed_seed is not None else new_seed()
    match = Match(load_game(game_id), seed, tuple(seats), options)
    match_id = app.records.start(match.to_saved(), label)
    app.push_screen(load_screen(game_id)(match, match_id))


def resume_match(app, saved: SavedMatch) -> bool:
    """Replay a saved match and open it; a match that no longer replays is set aside."""
    try:
        match = Match.from_saved(load_game(saved.game), saved.saved)
    except (ReplayError, ImportError) as error:
        app.records.set_broken(saved.id)
        app.say(f"Cette partie ne peut plus être reprise ({error}) : mise de côté.", "error")
        return False
    app.push_screen(load_screen(saved.game)(match, saved.id))
    return True
