"""Starting and resuming matches: the one path from setup, menu and results into a game."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from jeux.catalog import load_game, load_screen
from jeux.engine.match import Match, ReplayError, Seat
from jeux.store.records import SavedMatch


@dataclass(frozen=True)
class ExtraStart:
    """Another way into a game that its screen class offers to the setup and results screens
    (e.g. Scoundrel's daily dungeon): a button and a key there; `run(seats, options)` opens
    the match itself (with its own seed and label, or by resuming one)."""

    label: str
    key: str
    run: Callable[[Sequence[Seat], dict[str, Any]], None]
    help: str = ""

    @property
    def button_label(self) -> str:
        """'Donjon du jour (F6)', 'Rejouer ce donjon (d)'."""
        key = self.key.upper() if self.key[1:].isdigit() else self.key
        return f"{self.label} ({key})"


def screen_hook(game_id: str, name: str) -> Any:
    """An optional hook of a game's screen class used by the shared screens, or None.

    Known hooks: `setup_starts(app) -> list[ExtraStart]`,
    `results_starts(app, match) -> list[ExtraStart]`, `results_records(app, match) -> str`."""
    try:
        return getattr(load_screen(game_id), name, None)
    except ImportError:
        return None


def new_seed() -> int:
    return secrets.randbelow(1_000_000_000)


def seed_refusal(game_id: str, seed: int | str | None, label: str = "") -> str:
    """Why a game refuses this seed (e.g. a daily dungeon still to come), or ""."""
    hook = screen_hook(game_id, "seed_refusal")
    return hook(seed, label) if hook and seed is not None else ""


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
    if refusal := seed_refusal(game_id, seed, label):
        app.say(refusal, "warning")
        return
    match = Match(load_game(game_id), seed, tuple(seats), options)
    match_id = app.records.start(match.to_saved(), label)
    app.push_screen(load_screen(game_id)(match, match_id))


def resume_match(app, saved: SavedMatch) -> bool:
    """Replay a saved match and open it; a match that no longer replays is set aside."""
    try:
        game = load_game(saved.game)
        match = Match.from_saved(game, saved.saved)
    except (ReplayError, ImportError) as error:
        app.records.set_broken(saved.id)
        if isinstance(error, ReplayError) and saved.saved.get("version") != game.version:
            why = "elle a été commencée avec une version précédente des règles"
        else:
            why = f"elle ne se rejoue plus ({error})"
        app.say(f"Cette partie ne peut plus être reprise : {why}. Elle est mise de côté.", "error")
        return False
    app.push_screen(load_screen(saved.game)(match, saved.id))
    return True
