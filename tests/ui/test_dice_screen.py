"""The dice-screen base: every legal move of a dice game is played by the keys its screen
names (keys_for), the dice picks included; and the keys of every game screen that do nothing
say why."""

import random

import pytest

from jeux.catalog import load_game
from jeux.engine.match import Match, Seat
from jeux.screenshots import open_match

from .pilot import last_notice

GAMES = ("le_5000", "le_capitaine", "lucky_odds", "cite_des_voleurs", "dice_of_madness")


def richest_window(game_id, size, count=60):
    """A random match on the engine: the moves before the `size` moves with the most kinds of
    move among its first `count`, and those moves."""
    match = Match(load_game(game_id), 5, (Seat("Lina"), Seat("Marc")), {})
    pick = random.Random(game_id).choice
    while len(match.actions) < count and match.state.to_move() is not None:
        match.play(pick(match.state.legal_actions()))
    kinds = [type(action) for action in match.actions]
    start = max(range(len(kinds) - size + 1), key=lambda i: len(set(kinds[i : i + size])))
    return match.actions[:start], match.actions[start : start + size]


@pytest.mark.parametrize("game_id", GAMES)
async def test_random_moves_played_by_the_keys_the_screen_names(app_factory, game_id):
    before, window = richest_window(game_id, 12)
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        seats = (Seat("Lina"), Seat("Marc"))
        await open_match(app, Match(load_game(game_id), 5, seats, {}, before))
        await pilot.pause()
        screen = app.screen
        for action in window:
            played = len(screen.match.actions)
            await pilot.press(*screen.keys_for(action))
            await pilot.pause()
            assert screen.match.actions[played:] == [action]
            while screen.busy:
                await pilot.pause()


@pytest.mark.parametrize("game_id", ["le_5000", "push_to_five"])
async def test_undo_with_nothing_to_undo_says_why(app_factory, game_id):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        seats = (Seat("Lina"), Seat("Marc"))
        await open_match(app, Match(load_game(game_id), 5, seats, {}))
        await pilot.pause()
        screen = app.screen
        assert not screen.active_bindings["u"].binding.show  # the footer offers no undo
        await pilot.press("u")
        await pilot.pause()
        assert last_notice(app) == "Rien à annuler."
        first = screen.match.state.legal_actions()[0]  # a throw, a card turned: new to see
        await pilot.press(*screen.keys_for(first))
        await pilot.pause()
        assert screen.match.last_revealed
        await pilot.press("u")
        await pilot.pause()
        assert last_notice(app) == "Rien à annuler : ce qui a été révélé ne se reprend pas."
        assert screen.match.actions == [first]
