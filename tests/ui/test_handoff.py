"""The handoff of GameScreen, on a dice game made to hide its information for the test."""

import dataclasses
from random import Random

import pytest
from textual.widgets import Select

from jeux.catalog import GAMES, has_engine, load_game
from jeux.engine.bots import RandomBot
from jeux.engine.match import Seat
from jeux.ui.launch import start_match
from jeux.ui.screens.play.handoff import HandoffScreen, handoff_reason


@pytest.fixture
def hidden_last_spell(monkeypatch):
    game = type(load_game("the_last_spell"))
    monkeypatch.setattr(game, "info", dataclasses.replace(game.info, handoff=True))


async def start(app, pilot, seats):
    await pilot.pause()  # the setup shown: keys sent sooner reach the menu under it
    for _ in range(seats):
        await pilot.press("space", "down")
    await pilot.press("f5")
    await pilot.pause()


async def test_each_change_of_human_seat_and_the_rules_pass_through_the_handoff(
    app_factory, hidden_last_spell
):
    app = app_factory(start_game="the_last_spell", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24)) as pilot:
        await start(app, pilot, 2)
        assert isinstance(app.screen, HandoffScreen)
        first = app.screen.player
        await pilot.press("enter")
        await pilot.pause()
        game = app.screen
        assert game.shown_seat == 0 and game.query_one("#table").display
        assert game.match.seats[0].name == first
        second = game.match.seats[1].name
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("a")  # Lina stops: Marc's turn
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == second
        assert game.shown_seat is None and not game.query_one("#table").display
        await pilot.press("enter")
        await pilot.pause()
        assert game.shown_seat == 1
        await pilot.press("f1")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == second


async def test_a_resumed_match_shows_the_handoff_before_the_board(app_factory, hidden_last_spell):
    app = app_factory(start_game="the_last_spell", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24)) as pilot:
        await start(app, pilot, 2)
        await pilot.press("enter", "l")
        await pilot.pause()
        first = app.screen.match.seats[0].name
        await pilot.press("ctrl+c")

    again = app_factory()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # « Reprendre »
        await pilot.pause()
        assert isinstance(again.screen, HandoffScreen) and again.screen.player == first


async def test_one_human_among_robots_needs_no_handoff(app_factory, hidden_last_spell):
    app = app_factory(start_game="the_last_spell", players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()  # the setup shown: keys sent sooner reach the menu under it
        await pilot.press("space")
        app.screen.query_one("#bots", Select).value = 1
        await pilot.press("f5")
        await pilot.pause()
        assert not isinstance(app.screen, HandoffScreen)
        seats = app.screen.match.seats
        assert seats[app.screen.shown_seat].name == "Lina"


async def test_escape_on_the_handoff_asks_for_the_menu_without_showing_the_board(
    app_factory, hidden_last_spell
):
    app = app_factory(start_game="the_last_spell", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24)) as pilot:
        await start(app, pilot, 2)
        player = app.screen.player
        await pilot.press("escape")
        await pilot.pause()
        game = app.screen_stack[-2]
        assert game.shown_seat is not None and not game.query_one("#table").display
        await pilot.press("n")  # « Non »: the same player is asked again
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == player
        await pilot.press("escape", "o")
        await pilot.pause()
        assert game not in app.screen_stack


async def test_f1_on_the_handoff_opens_the_rules_and_comes_back_to_it(
    app_factory, hidden_last_spell
):
    from jeux.ui.screens.rules import RulesScreen

    app = app_factory(start_game="the_last_spell", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24)) as pilot:
        await start(app, pilot, 2)
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)  # still nobody's board


HIDDEN = [gid for gid, info in GAMES.items() if info.handoff and has_engine(gid)]


@pytest.mark.parametrize("game_id", HIDDEN)
def test_every_handoff_says_why(game_id):
    """Whenever the screen would pass to another seat, the handoff has a reason: the game's
    own, or whose turn it is (the first one of the match too)."""
    game = load_game(game_id)
    players = ("Lina", "Marc", "Zoé", "Ana")[: max(2, GAMES[game_id].min_players)]
    state = game.new(players, game.resolve_options({}), Random(3))
    rng, bot, mover = Random(4), RandomBot(5), None
    for moves in range(300):
        if state.to_move() is None:
            break
        if state.to_move() != mover:
            mover = state.to_move()
            assert handoff_reason(state, mover, first=not moves), f"no reason at move {moves}"
        state.apply(bot.choose(state.view(mover)), rng)


async def test_the_first_handoff_says_the_match_begins(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seats = [Seat(p.name, p.id) for p in map(app.profiles.create, ("Lina", "Marc"))]
        start_match(app, "arcane_duel", seats, {}, seed=3)
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert app.screen.reason == "la partie commence, à toi de jouer en premier."
        await pilot.press("enter", "r", "f")  # nothing cast, the turn ended: the other's turn
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert app.screen.reason == "c'est ton tour."
