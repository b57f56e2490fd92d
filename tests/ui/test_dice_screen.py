"""The dice-screen base: every legal move of a dice game is played by the keys its screen
names (keys_for), the dice picks included."""

import random

import pytest

from jeux.catalog import load_game
from jeux.engine.match import Match, Seat
from jeux.screenshots import open_match

GAMES = ("le_5000", "le_capitaine", "lucky_odds", "cite_des_voleurs", "dice_of_madness")


@pytest.mark.parametrize("game_id", GAMES)
async def test_random_moves_played_by_the_keys_the_screen_names(app_factory, game_id):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        match = Match(load_game(game_id), 5, (Seat("Lina"), Seat("Marc")), {})
        await open_match(app, match)
        await pilot.pause()
        screen = app.screen
        pick = random.Random(game_id).choice
        for _ in range(25):
            state = screen.match.state
            if state.to_move() is None:
                break
            action = pick(state.legal_actions())
            played = len(screen.match.actions)
            await pilot.press(*screen.keys_for(action))
            await pilot.pause()
            assert screen.match.actions[played:] == [action]
            while screen.busy:
                await pilot.pause()
