"""Seeded scenes of the app, shared by the snapshot tests and the README's screenshots: the
generic ones here (menu, every game's setup, turn and results, statistics, replays), a game's
own in its package's `scenes.py`.

python -m jeux.screenshots [folder]     writes one SVG per scene (default: screenshots/)
"""

from __future__ import annotations

import asyncio
import datetime as dt
import random
import sys
import tempfile
from collections.abc import Callable
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path

from .catalog import available, load_game, load_screen
from .engine.core import State
from .engine.match import Match, Seat
from .ui.settle import still

SEED = 7
NAMES = ("Lina", "Marc", "Zoé", "Ana", "Tom", "Iris")
SIZE = (80, 24)
FIXED_DATE = 1_795_000_000.0
"""When the history's matches of the scenes were played (November 2026)."""


def demo_seats(game_id: str) -> tuple[Seat, ...]:
    info = next(g for g in available() if g.id == game_id)
    count = max(info.min_players, min(3, info.max_players))
    return tuple(Seat(name) for name in NAMES[:count])


def never(state: State) -> bool:
    """The default of `demo_match`'s `until`: no state stops the bot early."""
    return False


def demo_match(game_id: str, moves: int, until: Callable[[State], bool] = never) -> Match:
    """A seeded match after `moves` actions of a seeded bot (fewer if it ends before, or
    once its state is one that `until` waits for: a defender's turn)."""
    game = load_game(game_id)
    match = Match(game, SEED, demo_seats(game_id), {})
    bot = game.bot(SEED)
    while len(match.actions) < moves and not match.over and not until(match.state):
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
            from .ui.screens.start.setup import SetupScreen

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
    for info in available():  # after the generic ones: a game's own scene may replace one
        found.update(game_scenes(info.id))
    found.update(stats_scenes())
    found.update(replay_scenes())
    found.update(table_scenes())
    return found


def game_scenes(game_id: str) -> dict[str, object]:
    """A game's own scenes, from `jeux/games/<id>/scenes.py` if it has one: each game package
    carries what is special about it, so no branch edits another game's scenes here."""
    module = f"jeux.games.{game_id}.scenes"
    return import_module(module).scenes() if find_spec(module) else {}


async def pass_handoff(app):
    """Pass the handoff as the seat to move would; returns the game screen."""
    from .ui.screens.play.handoff import HandoffScreen

    while not isinstance(app.screen, HandoffScreen):
        await asyncio.sleep(0.01)
    game = app.screen_stack[-2]
    await app.screen.dismiss(True)
    while game.shown_seat is None:
        await asyncio.sleep(0.01)
    return game


def behind_handoff(game_id: str, moves: int, until: Callable[[State], bool] = never):
    """The scene of a game that opens behind the handoff: after `moves` actions (or as soon
    as `until` holds, see `demo_match`), the board of the seat that took the screen."""

    async def stage(app) -> None:
        await open_match(app, demo_match(game_id, moves, until))
        await pass_handoff(app)

    return stage


TABLE_GAME = "deck_menteur"
TABLE_ADDRESS = "192.168.1.20"
"""Where the scenes' doors say they listen: an address as a home network gives one."""


def table_scenes() -> dict[str, object]:
    """The shared table: the host's table screen with its ways in, and the screens of two of
    its players, each seeing its own hand only."""
    from .store.records import Claim
    from .store.tables import player_of
    from .ui.launch import open_table, show_table
    from .web import doors

    def open_doors_here(app) -> None:
        """As a doors process would: its lock held (kept with the app for the scene) and its
        ports said, so that the table screen starts none and shows these."""
        app.scene_doors = Claim(app.locations.data_dir / "verrous" / doors.LOCK_FILE)
        ready = f'{{"web": 8765, "ssh": 8766, "address": "{TABLE_ADDRESS}"}}'
        doors.ready_file(app.locations).write_text(ready, encoding="utf-8")

    def at_table(seat: int, table_screen: bool):
        async def stage(app) -> None:
            open_doors_here(app)
            humans = tuple(Seat(name, app.profiles.create(name).id) for name in NAMES[:2])
            robot = Seat("Robot Moyen", bot=True, level="moyen")
            match = Match(load_game(TABLE_GAME), SEED, (*humans, robot), {})
            bot = match.game.bot(SEED)
            while len(match.actions) < 5:
                match.play(bot.choose(match.state.view(match.state.to_move())))
            match_id = app.records.start(match.to_saved())
            app.claim(match_id)
            screen = load_screen(TABLE_GAME)(match, match_id)
            table = app.tables.create(match_id, match.seats)
            open_table(app, screen, table, [player_of(match.seats[seat])])
            await app.push_screen(screen)
            if table_screen:
                show_table(app, screen)

        return stage

    return {
        "table": at_table(0, True),
        "table-lina": at_table(0, False),
        "table-marc": at_table(1, False),
    }


STATS_DAY = dt.date(2026, 11, 30)
"""The day the statistics scenes are seen on: their daily calendar does not move."""


def fill_stats(app) -> str:
    """A history of finished matches for Lina (solo and daily dungeons at Scoundrel, Le 5000
    against Marc and against a robot), through the store's own API; returns her profile id."""
    rng = random.Random(SEED)
    lina, marc = (app.profiles.create(name) for name in NAMES[:2])

    def finish(game_id: str, seats: list[Seat], scores: list[int], label: str = "") -> None:
        saved = {"game": game_id, "seed": SEED, "options": {}, "actions": []}
        saved["seats"] = [{"name": s.name, "profile": s.profile, "bot": s.bot} for s in seats]
        best = max(scores)
        results = [
            {
                "profile": s.profile,
                "name": s.name,
                "seat": i,
                "rank": 1 + (scores[i] < best),
                "score": scores[i],
                "won": scores[i] == best and (len(seats) > 1 or best > 0),
            }
            for i, s in enumerate(seats)
            if s.profile
        ]
        app.records.finish(app.records.start(saved, label), saved, results)

    me, him, robot = Seat(lina.name, lina.id), Seat(marc.name, marc.id), Seat("Robot", bot=True)
    for n in range(40):
        day = STATS_DAY - dt.timedelta(days=40 - n)
        if rng.random() < 0.8:
            finish("scoundrel", [me], [rng.randint(-40, 15) + n // 2], f"daily:{day.isoformat()}")
        if rng.random() < 0.3:
            finish("scoundrel", [me], [rng.randint(-40, 15) + n // 2])
    for _ in range(12):
        finish("le_5000", [me, him], [rng.randint(30, 50) * 100, rng.randint(30, 50) * 100])
        finish("le_5000", [me, robot], [rng.randint(25, 50) * 100, rng.randint(30, 50) * 100])
    return lina.id


def stats_scenes() -> dict[str, object]:
    """The statistics of a player: the figures, the scores over time, the daily calendar."""

    def scene(game_id: str, tab: str):
        async def stage(app) -> None:
            from .ui.screens.around.stats import StatsScreen

            screen = StatsScreen(fill_stats(app), STATS_DAY)
            await app.push_screen(screen)
            games = screen.query_one("#stats-games")
            games.highlighted = games.get_option_index(game_id)
            screen.query_one("#stats-tabs").active = tab

        return stage

    return {
        "statistiques": scene("le_5000", "figures"),
        "statistiques-scores": scene("scoundrel", "scores"),
        "statistiques-repartition": scene("le_5000", "spread"),
        "statistiques-jours": scene("scoundrel", "days"),
    }


def replay_scenes() -> dict[str, object]:
    """The history of three finished matches, and Deck menteur replayed mid-match with every
    hand face up."""

    async def history(app) -> None:
        from .ui.screens.around.history import HistoryScreen

        for hour, game_id in enumerate(("le_5000", "scoundrel", "deck_menteur")):
            saved = demo_match(game_id, 100_000).to_saved()
            app.records.add_finished(saved, when=FIXED_DATE + 3600 * hour)
        await app.push_screen(HistoryScreen())

    async def replay(app) -> None:
        from .engine.replay import Replay
        from .ui.replay import replay_screen

        saved = demo_match("deck_menteur", 100_000).to_saved()
        await app.push_screen(replay_screen(Replay.of(load_game("deck_menteur"), saved), 8))

    return {"historique": history, "revoir": replay}


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
                await still(app)  # a picture never catches a screen half drawn
                app.save_screenshot(str(target / f"{name}.svg"))
        print(target / f"{name}.svg")


if __name__ == "__main__":
    asyncio.run(save_all(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots")))
