"""What the per-game Pilot tests share: ticking players at setup and opening the game."""

from __future__ import annotations

from textual.widgets import Select, Static

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
