"""Layer 3: Gladiator's Duel by keys: the secret picks behind the handoff and off the other
seat's screen, open turns without a handoff, Tactics by keys, a duel against the robot."""

import html
import random
import re

from jeux.engine.match import Match, Seat
from jeux.games.gladiators_duel.game import GAME
from jeux.games.gladiators_duel.rules import (
    FURIOUS,
    REMATCH,
    TACTIC_ATTACK,
    TACTIC_DEFENCE,
    TOTAL,
    Choose,
    Rematch,
    Roll,
)
from jeux.screenshots import open_match
from jeux.ui.screens.play.handoff import HandoffScreen
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.widgets.dice_tray import DiceTray

BOTH_DOUBLES = 13
"""With this seed the first throw is Lina 3-3 and Marc 6-6: secret picks, Marc first."""
LINA_DOUBLE = 0
"""With this seed the first throw is Lina 4-4 against Marc 3-1: Lina chooses openly."""


def screen_text(app) -> str:
    """Everything on the terminal, without spaces (words are split over SVG spans)."""
    svg = app.export_screenshot()
    return re.sub(r"\s", "", html.unescape(re.sub(r"<[^>]+>", "", svg)))


HUMANS = (Seat("Lina"), Seat("Marc"))


async def open_duel(app, pilot, seed, seats=HUMANS):
    await open_match(app, Match(GAME, seed, seats, {}))
    await pilot.pause()


async def test_secret_picks_pass_behind_the_handoff_and_stay_off_the_other_screen(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_duel(app, pilot, BOTH_DOUBLES)
        assert not isinstance(app.screen, HandoffScreen)  # an open throw: no handoff
        game = app.screen
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Marc"
        assert "secret" in app.screen.reason
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("f")  # Marc: Attaque furieuse, in secret
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Lina"
        assert "Attaquefurieuse" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is game and game.shown_seat == 0
        shown = screen_text(app)
        assert "Marcachoisi" in shown
        assert "Attaquefurieuse" not in shown and "Tonchoix" not in shown
        await pilot.press("d")  # Lina: Défense totale; both revealed together
        await pilot.pause()
        assert game.match.actions == [Roll(), Choose(FURIOUS), Choose(TOTAL)]
        assert "Révélation!Lina:Défense" in screen_text(app)  # in the log, for both
        assert not isinstance(app.screen, HandoffScreen)  # Marc throws next, openly
        assert game.shown_seat == 1


async def test_a_single_double_picks_the_tactics_die_by_keys_and_clicks(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_duel(app, pilot, LINA_DOUBLE)
        game = app.screen
        await pilot.press("l")
        await pilot.pause()
        assert game.selection == (0,)  # Tactics rerolls the attack die unless told
        assert game.keys_for(Choose(TACTIC_ATTACK)) == ["t"]
        assert game.keys_for(Choose(TACTIC_DEFENCE)) == ["1", "2", "t"]
        await pilot.press("2")  # picking the other die moves the pick
        await pilot.pause()
        assert game.selection == (1,)
        await pilot.press("3")  # Marc's dice are not Lina's to reroll
        await pilot.pause()
        assert game.selection == (1,)
        assert "propres dés" in list(app._notifications)[-1].message
        dice = game.query_one(DiceTray).dice
        await pilot.click(dice[0])  # and by mouse: the attack die, then the button
        await pilot.pause()
        assert game.selection == (0,)
        await pilot.click("#cmd-tactic")
        await pilot.pause()
        assert game.match.actions == [Roll(), Choose(TACTIC_ATTACK)]


async def test_one_human_against_the_robot_plays_to_the_results(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_duel(app, pilot, 3, (Seat("Lina"), Seat("Robot 1", bot=True)))
        game = app.screen
        for _ in range(400):
            if isinstance(app.screen, ResultsScreen):
                break
            assert not isinstance(app.screen, HandoffScreen)
            state = game.match.state
            if state.to_move() == 0:
                move = Roll() if state.legal_actions() == [Roll()] else Choose(FURIOUS)
                await pilot.press(*game.keys_for(move))
            await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert game.match.outcome() is not None


async def test_random_moves_played_by_the_keys_the_screen_names(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_duel(app, pilot, BOTH_DOUBLES)
        game = app.screen
        pick = random.Random(BOTH_DOUBLES).choice
        for _ in range(40):
            while game.busy:
                await pilot.pause()
            if isinstance(app.screen, HandoffScreen):
                await pilot.press("enter")
                await pilot.pause()
            state = game.match.state
            if state.to_move() is None:
                break
            action = pick(state.legal_actions())
            played = len(game.match.actions)
            await pilot.press(*game.keys_for(action))
            await pilot.pause()
            assert game.match.actions[played:] == [action]


async def test_a_double_ko_with_the_rematch_option_starts_the_duel_again_on_screen(app_factory):
    options = {"double_ko": REMATCH}
    match = Match(GAME, 9, HUMANS, options)
    bot = GAME.bot(1)
    while not any(isinstance(e, Rematch) for e in match.events):
        match.play(bot.choose(match.state.view(match.state.to_move())))
    last = match.actions[-1]
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_match(app, Match(GAME, 9, HUMANS, options, match.actions[:-1]))
        await pilot.pause()
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            await pilot.pause()
        game = app.screen
        await pilot.press(*game.keys_for(last))
        await pilot.pause()
        while game.busy:
            await pilot.pause()
        shown = screen_text(app)
        assert "Revanche" in shown and shown.count("12/12PV") == 2
