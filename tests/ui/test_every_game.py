"""Layer 3: every available game, from its setup screen to its results, by one driver.

Hostile names sit at every table (a different pair per game, so each name plays somewhere):
two humans and a robot where the game allows, and alone where it can be played solo. The first
move is played by keys, then the app quits; the engine plays the match on, the app comes back
through « Reprendre », and the humans' last moves are played by keys to the results.
"""

import pytest

from jeux.catalog import available, load_game
from jeux.engine.core import LEVELS
from jeux.engine.match import Match
from jeux.engine.text import robot_names
from jeux.ui.screens.play.handoff import HandoffScreen
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.screens.rules import RulesScreen
from tests.test_store import HOSTILE

from .driver import (
    assert_shown_literally,
    cut_before_last_human_moves,
    finish_on_engine,
    game_screen,
    pass_handoff,
    play_human_moves,
    settle,
)

LAST_MOVES = 3
"""Human moves played by keys at the end of each match; the engine plays all the others."""


SOLO_IN_OWN_FILE = frozenset(
    {
        "le_5000",
        "le_capitaine",
        "lucky_odds",
        "mystere_au_manoir",
        "sortie_20",
        "trois_couronnes",
        "dice_of_madness",
        "le_labyrinthe",
        "push_to_five",
    }
)
"""Table games whose test_<id>_pilot.py plays a solo match to its record: the suite's time
goes to what is not covered elsewhere."""


def tables() -> list:
    """(game, humans, robots) for each game: two humans and a robot where the game has the
    seats (or as many robots as it needs), and one player alone where it can be played solo,
    unless its own Pilot file already plays it alone to its record."""
    cases = []
    for info in available():
        if info.max_players > 1:
            humans = min(2, info.max_players)
            robots = max(info.min_players - humans, min(1, info.max_players - humans))
            cases.append(pytest.param(info, humans, robots, id=f"{info.id}-table"))
        if info.min_players == 1 and info.id not in SOLO_IN_OWN_FILE:
            cases.append(pytest.param(info, 1, 0, id=f"{info.id}-solo"))
    return cases


async def set_up_by_keys(pilot, chosen: list[int], robots: int) -> None:
    """Tick the chosen players in the list, pick the robots and keep the list's order."""
    await pilot.pause()
    place = 0
    for k in chosen:
        await pilot.press(*["down"] * (k - place), "space")
        place = k
    setup = pilot.app.screen
    if setup.query("#bots"):
        await pilot.press("tab", "tab", "tab")  # past the new player's name and its button
        assert setup.focused.id == "bots"
        await pilot.press("enter", *["down"] * robots, "enter")
        while len(setup.query("Select.level")) < robots * bool(setup.game.levels):
            await pilot.pause()  # a level to choose appears for each robot
        for _ in setup.query("Select.level"):
            # From Moyen to Débutant: a level chosen by keys, and robots quick to play.
            await pilot.press("tab", "enter", "up", "enter")
        await pilot.press("tab")
        assert setup.focused.id == "order"
        await pilot.press("enter", "down", "enter")  # the order: as in the list
    await pilot.press("f5")


def check_records(app, match: Match) -> None:
    outcome = match.outcome()
    assert not app.records.unfinished()
    for seat, sitter in enumerate(match.seats):
        if sitter.profile:
            record = app.records.record(
                sitter.profile, match.game.info.id, lower_is_better=outcome.lower_is_better
            )
            won = outcome.ranks[seat] == 1 and outcome.won
            assert (record.played, record.won, record.best) == (1, won, outcome.scores[seat])


@pytest.mark.parametrize(("info", "humans", "robots"), tables())
async def test_every_game_from_setup_to_results(app_factory, info, humans, robots):
    index = [g.id for g in available()].index(info.id)
    chosen = sorted((index + i) % len(HOSTILE) for i in range(humans))
    app = app_factory(start_game=info.id, players=HOSTILE)
    names = [app.profiles.players[k].name for k in chosen]
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        assert_shown_literally(app.screen, [p.name for p in app.profiles.players])
        await set_up_by_keys(pilot, chosen, robots)
        game = game_screen(pilot)
        level = "debutant" if game.match.game.levels else ""
        robots_named = robot_names([LEVELS.get(level, "")] * robots)
        assert [s.name for s in game.match.seats] == names + robots_named
        assert [s.level for s in game.match.seats if s.bot] == [level] * robots
        await settle(pilot, game)
        assert isinstance(app.screen, HandoffScreen) == game.needs_handoff()
        # The rules, once a game (test_handoff.py comes back from them mid-game): with a
        # handoff, they open before anyone is ready, showing nobody's hand.
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen) and app.screen.game_id == info.id
        await pilot.press("escape")
        if game.needs_handoff():
            assert isinstance(app.screen, HandoffScreen)
            await pass_handoff(pilot, game)
        assert_shown_literally(game, names)
        assert app.screen is game

        await play_human_moves(pilot, game, 1)
        saved = game.match.to_saved()
        assert [m.saved for m in app.records.unfinished()] == [saved]
        await pilot.press("ctrl+c")  # quit mid-game: the match waits in « Reprendre »

    again = app_factory()
    kept = again.records.unfinished()
    assert [m.saved for m in kept] == [saved]
    match = Match.from_saved(load_game(info.id), saved)
    full = finish_on_engine(match)
    cut = cut_before_last_human_moves(match, full, LAST_MOVES)
    later = dict(saved, actions=[a.to_json() for a in full[:cut]])
    again.records.save(kept[0].id, later)

    async with again.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # « Reprendre » comes first in the menu
        game = game_screen(pilot)
        assert game.match.to_saved() == later
        if game.needs_handoff():
            assert game.shown_seat is None  # no board drawn before the handoff
            await settle(pilot, game)
            assert isinstance(again.screen, HandoffScreen)
        await play_human_moves(pilot, game)

        assert isinstance(again.screen, ResultsScreen)
        assert game.match.actions == full  # the keys played exactly the driver's moves
        check_records(again, game.match)
        await pilot.pause()  # a loaded machine may not have drawn the results yet
        assert_shown_literally(again.screen, names)
        notices = [HOSTILE[0], HOSTILE[2]]
        for notice in notices:
            again.say(notice)
        await pilot.pause()
        assert_shown_literally(again.screen, notices)
