"""Seeded scenes of the app, shared by the snapshot tests and the README's screenshots.

python -m jeux.screenshots [folder]     writes one SVG per scene (default: screenshots/)
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from .catalog import available, load_game, load_screen
from .engine.match import Match, Seat

SEED = 7
NAMES = ("Lina", "Marc", "Zoé", "Ana", "Tom", "Iris")
SIZE = (80, 24)


def demo_seats(game_id: str) -> tuple[Seat, ...]:
    info = next(g for g in available() if g.id == game_id)
    count = max(info.min_players, min(3, info.max_players))
    return tuple(Seat(name) for name in NAMES[:count])


def demo_match(game_id: str, moves: int) -> Match:
    """A seeded match after `moves` actions of a seeded bot (fewer if it ends before)."""
    game = load_game(game_id)
    match = Match(game, SEED, demo_seats(game_id), {})
    bot = game.bot(SEED)
    while len(match.actions) < moves and not match.over:
        match.play(bot.choose(match.state.view(match.state.to_move())))
    return match


async def open_match(app, match: Match) -> None:
    match_id = app.records.start(match.to_saved())
    await app.push_screen(load_screen(match.game.info.id)(match, match_id))


def scenes() -> dict[str, object]:
    """name -> async function(app) that brings the app to that scene."""

    async def menu(app) -> None:
        pass

    def setup(game_id):
        async def stage(app) -> None:
            from .ui.screens.setup import SetupScreen

            for name in NAMES[:3]:
                app.profiles.create(name)
            await app.push_screen(SetupScreen(game_id))

        return stage

    def turn(game_id):
        async def stage(app) -> None:
            await open_match(app, demo_match(game_id, 5))

        return stage

    def results(game_id):
        async def stage(app) -> None:
            match = demo_match(game_id, 100_000)
            await open_match(app, match)

        return stage

    found = {"menu": menu}
    for info in available():
        found[f"{info.id}-setup"] = setup(info.id)
        found[f"{info.id}-partie"] = turn(info.id)
        found[f"{info.id}-resultats"] = results(info.id)
    found.update(deck_menteur_scenes())
    found.update(gladiators_duel_scenes())
    found.update(arcane_duel_scenes())
    return found


async def pass_handoff(app):
    """Pass the handoff as the seat to move would; returns the game screen."""
    from .ui.screens.handoff import HandoffScreen

    while not isinstance(app.screen, HandoffScreen):
        await asyncio.sleep(0.01)
    game = app.screen_stack[-2]
    await app.screen.dismiss(True)
    while game.shown_seat is None:
        await asyncio.sleep(0.01)
    return game


def gladiators_duel_scenes() -> dict[str, object]:
    """The duel's play scene falls on both gladiators' doubles: the board of the first to
    pick in secret, once the screen is passed."""

    async def board(app) -> None:
        await open_match(app, demo_match("gladiators_duel", 5))
        await pass_handoff(app)

    return {"gladiators_duel-partie": board}


def deck_menteur_scenes() -> dict[str, object]:
    """Deck menteur opens behind the handoff: its play scene is the board of the seat that took
    the screen; a challenge gets a scene of its own (the handoff that tells how it ended)."""
    from .games.deck_menteur.rules import Accuse

    game_id = "deck_menteur"

    async def board(app) -> None:
        await open_match(app, demo_match(game_id, 5))
        await pass_handoff(app)

    async def challenge(app) -> None:
        match = demo_match(game_id, 0)
        bot = match.game.bot(SEED)
        while (action := bot.choose(match.state.view(match.state.to_move()))) != Accuse():
            match.play(action)
        await open_match(app, match)
        (await pass_handoff(app)).act(action)

    return {f"{game_id}-partie": board, f"{game_id}-accusation": challenge}


def arcane_duel_scenes() -> dict[str, object]:
    """Arcane Duel opens behind the handoff: its play scene is the board of the seat that took
    the screen; a defence gets a scene of its own (the defender's board, the attack paused)."""
    from .games.arcane_duel.rules import DEFEND

    game_id = "arcane_duel"

    async def board(app) -> None:
        await open_match(app, demo_match(game_id, 4))  # Lina's turn to cast
        await pass_handoff(app)

    async def defence(app) -> None:
        match = demo_match(game_id, 0)
        bot = match.game.bot(SEED)
        while match.state.phase != DEFEND:
            match.play(bot.choose(match.state.view(match.state.to_move())))
        await open_match(app, match)
        await pass_handoff(app)

    return {f"{game_id}-partie": board, f"{game_id}-defense": defence}


def make_scene_app(folder: Path):
    from .app import make_app

    return make_app(folder / "config", folder / "data", seed=SEED, animations="none")


async def save_all(target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for name, stage in scenes().items():
        with tempfile.TemporaryDirectory() as folder:
            app = make_scene_app(Path(folder))
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                await stage(app)
                await pilot.pause(0.3)
                app.save_screenshot(str(target / f"{name}.svg"))
        print(target / f"{name}.svg")


if __name__ == "__main__":
    asyncio.run(save_all(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots")))
