"""What the per-game Pilot tests share: ticking players at setup and opening the game."""

from __future__ import annotations

from textual.widgets import Select, Static

from jeux.catalog import load_game
from jeux.engine.match import Seat
from jeux.ui.game_screen import GameScreen
from jeux.ui.launch import start_match
from jeux.ui.screens.start.setup import SetupScreen


def text(screen, ident: str) -> str:
    """What a Static of the screen shows, as plain text."""
    return str(screen.query_one(ident, Static).render())


def last_notice(app) -> str:
    return list(app._notifications)[-1].message


def slowed(screen) -> None:
    """Every animation of the game screen lasts until a key cuts it short: what a key pressed
    during one does is then tested without racing the clock."""
    screen.seconds = lambda base: 0.0 if screen.skipping else 600.0


async def tick_players(pilot, count: int) -> None:
    for _ in range(count):
        await pilot.press("space", "down")


async def open_solo(pilot, game_id: str) -> GameScreen:
    """The first player's solo match, begun as F5 begins it on the setup with the default
    options, with no setup screen built: with its Select widgets, that is a third of a short
    Pilot test, and the setup's own tests build it (test_app.py, test_every_game.py)."""
    app = pilot.app
    await pilot.pause()
    player = app.profiles.players[0]
    seats = [Seat(player.name, player.id)]
    start_match(app, game_id, seats, load_game(game_id).default_options())
    await pilot.pause()
    assert isinstance(app.screen, GameScreen) and app.screen.match.game.info.id == game_id
    return app.screen


def starter(screen_type: type):
    """`start(app, pilot, players, **selects)` for one game: from its setup screen, tick
    `players` profiles, set the given Select widgets by id, press F5, return the game screen."""

    async def start(app, pilot, players: int, **selects):
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await tick_players(pilot, players)
        for ident, value in selects.items():
            app.screen.query_one(f"#{ident}", Select).value = value
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, screen_type)
        return app.screen

    return start
