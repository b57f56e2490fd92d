"""Layer 3: what is special to Lovecraftian Dice of Madness on screen: the dice picked for a
reroll, the d20 of the Madness test beside the gauges, the solo record, a robot at the table."""

from textual.widgets import Static

from jeux.engine.match import Match, Seat
from jeux.games.dice_of_madness.game import GAME
from jeux.games.dice_of_madness.rules import Roll, Stop
from jeux.games.dice_of_madness.screen import MadnessScreen
from jeux.screenshots import open_match
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.widgets.dice_tray import DiceTray
from jeux.ui.widgets.die import Die

from .pilot import text

SEED = 7


def played_until(seats, done, options=None):
    """A match the robot plays on the engine until `done(state)` holds."""
    match = Match(GAME, SEED, seats, options or {})
    bot = GAME.bot(SEED)
    while not done(match.state):
        match.play(bot.choose(match.state.view(match.state.to_move())))
    return match


async def play_by_keys(app, pilot, screen, limit=3000):
    """Every human move by the keys its screen names, the robot's by itself, to the results."""
    bot = GAME.bot(SEED)
    for _ in range(limit):
        if isinstance(app.screen, ResultsScreen):
            await pilot.pause()
            return
        state = screen.match.state
        seat = state.to_move()
        if seat is not None and not screen.match.seats[seat].bot and not screen.busy:
            await pilot.press(*screen.keys_for(bot.choose(state.view(seat))))
        await pilot.pause()
    raise AssertionError("the match did not end")


async def test_picked_dice_are_rerolled_and_stop_scores(app_factory):
    app = app_factory(players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        seats = tuple(Seat(n) for n in ("Lina", "Marc"))
        await open_match(app, Match(GAME, SEED, seats, {}))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MadnessScreen)
        await pilot.press("2")  # nothing to pick before the throw
        await pilot.pause()
        assert "Lance d'abord" in list(app._notifications)[-1].message
        await pilot.press("l")
        await pilot.pause()
        assert screen.match.actions == [Roll()]
        dice = screen.query_one(DiceTray).dice
        await pilot.press("1")
        await pilot.click(dice[3])
        await pilot.pause()
        assert dice[0].has_class("-selected") and dice[3].has_class("-selected")
        assert text(screen, "#captions").split().count("relance") == 2
        assert screen.keys_for(Roll((0, 3))) == ["l"]
        await pilot.press("l")
        await pilot.pause()
        assert screen.match.actions == [Roll(), Roll((0, 3))]
        label = screen.match.state.category().name
        assert label in text(screen, "#value")
        await pilot.click("#cmd-stop")  # the mouse plays too
        await pilot.pause()
        assert screen.match.actions[-1] == Stop() and screen.match.state.to_move() == 1
        assert label in text(screen, "#value")  # the verdict stays under the dice


async def test_the_d20_of_the_madness_test_shows_beside_the_gauges(app_factory):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        match = played_until((Seat("Lina"),), lambda s: s.phase == "start" and s.test_due())
        await open_match(app, match)
        await pilot.pause()
        screen = app.screen
        level = match.state.madness[0]
        assert f"d20 ≤ {level}" in text(screen, "#test")
        assert f"{level}/15" in text(screen, "#madness")
        await pilot.press("l")
        await pilot.pause()
        d20 = screen.query_one("#d20", Die)
        assert d20.value >= 1
        assert f"d20 {d20.value}" in text(screen, "#test")


async def test_solo_win_records_the_fewest_turns(app_factory):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        lina = app.profiles.players[0]
        seats = (Seat(lina.name, lina.id),)
        match = played_until(seats, lambda s: s.knowledge[0] >= 40 or s.madness[0] >= 12)
        await open_match(app, match)
        await pilot.pause()
        await play_by_keys(app, pilot, app.screen)
        outcome = match.outcome()
        records = str(app.screen.query_one("#records", Static).render())
        assert "1 partie" in records
        if outcome.won:
            turns = match.state.race.turns()
            assert f"record en solo {turns} tour" in records


async def test_two_humans_and_a_robot_play_to_the_results(app_factory):
    app = app_factory(players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        seats = (Seat("Lina"), Seat("Marc"), Seat("Robot", bot=True))
        match = played_until(seats, lambda s: max(s.knowledge) >= 35 or sum(s.out) >= 1)
        await open_match(app, match)
        await pilot.pause()
        await play_by_keys(app, pilot, app.screen)
        assert match.over and len(match.outcome().winners) >= 1


async def test_ascii_setting_leaves_no_symbol_on_the_board(app_factory):
    from tests.ui.test_french_and_ascii import screen_text, symbols

    app = app_factory()
    app.settings.ascii = True
    async with app.run_test(size=(80, 24)) as pilot:
        match = played_until((Seat("Lina"),), lambda s: s.phase == "start" and s.test_due())
        await open_match(app, match)
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert not symbols(screen_text(app))


async def test_only_the_moves_of_the_moment_are_offered(app_factory):
    """No « Arrêter » before the first throw; nothing to press while the robot plays."""
    app = app_factory()
    seats = (Seat("Lina"), Seat("Robot Moyen", bot=True, level="moyen"))
    match = played_until(seats, lambda s: True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_match(app, match)
        screen = app.screen
        while screen.busy or screen.match.state.to_move() != 0:
            await pilot.pause()
        assert screen.check_action("command", ("roll",)) is True
        assert not screen.check_action("command", ("stop",))
        assert not screen.query_one("#cmd-stop").display
        screen.act(Roll((0, 1, 2, 3, 4)))
        while screen.busy:
            await pilot.pause()
        assert screen.check_action("command", ("stop",)) is True
        screen.act(Stop())
        while screen.match.state.to_move() != 1:
            await pilot.pause()
        assert not screen.check_action("command", ("roll",))  # the robot's turn
        while screen.busy or screen.match.state.to_move() == 1:
            await pilot.pause()  # the robot's turn played out before the app closes
