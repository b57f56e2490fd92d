"""Layer 3: what is special to The Killer on screen: dice kept by keys, the target picked on the
seat picker (an immune Terminator refused) and announced before the blow, the life gauges,
the forgetful clock, and a match of two humans and a robot played by keys to the results."""

import random

from jeux.catalog import load_game
from jeux.engine.match import Match, Seat
from jeux.games.the_killer.rules import TARGET, Attack, Forget, KillerBot, Stop, Throw
from jeux.games.the_killer.screen import KillerScreen
from jeux.screenshots import open_match as show_match
from jeux.ui.launch import start_match
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.widgets.dice_tray import DiceTray
from jeux.ui.widgets.gauge import Gauge
from jeux.ui.widgets.seat_picker import SeatPicker

from .pilot import last_notice

GAME = "the_killer"


async def open_match(app, pilot, seats, options=None, seed=3):
    await pilot.pause()
    start_match(app, GAME, seats, options or {}, seed=seed)
    await pilot.pause()
    assert isinstance(app.screen, KillerScreen)
    return app.screen


def humans(*names):
    return [Seat(name) for name in names]


def gauge_text(screen, seat):
    return str(screen.query_one(f"#life-{seat}", Gauge).render())


async def press_for(screen, pilot, action):
    for key in screen.keys_for(action):
        await pilot.press(key)
    await pilot.pause()


async def test_kept_dice_stay_kept_and_the_throw_keeps_the_selection(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_match(app, pilot, humans("Lina", "Marc"))
        await pilot.press("1")
        await pilot.pause()
        assert "Lance d'abord" in last_notice(app)
        await pilot.press("l")
        await pilot.pause()
        assert screen.match.actions == [Throw()]
        await pilot.press("l")
        await pilot.pause()
        assert len(screen.match.actions) == 1  # nothing kept yet: refused
        dice = screen.query_one(DiceTray).dice
        await pilot.click(dice[2])
        await pilot.press("l")
        await pilot.pause()
        assert screen.match.actions[-1] == Throw((2,))
        assert dice[2].has_class("-kept")
        await pilot.press("3")
        await pilot.pause()
        assert "gardé" in last_notice(app) and screen.selection == (2,)


async def test_the_target_is_picked_an_immune_one_refused_and_the_blow_lands(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_match(app, pilot, humans("Lina", "Marc", "Zoé"), {"terminator": True})
        state = screen.match.state
        state.level[1] = 6  # Marc resists everything: the picker says so
        bot = KillerBot(1)
        while state.phase != TARGET:
            action = bot.choose(state)
            if isinstance(action, Throw | Stop):
                await press_for(screen, pilot, action)
            state = screen.match.state
            assert state.current == 0, "Lina's seeded turn gives an attack"
        picker = screen.query_one(SeatPicker)
        assert picker.is_open and screen.has_class("-picking")
        await pilot.press("2")
        await pilot.pause()
        assert "Terminator de niveau 6" in last_notice(app)
        await pilot.press("escape")  # a look at the gauges, then back to the choice
        await pilot.pause()
        assert not picker.is_open and not screen.has_class("-picking")
        await pilot.press("c", "3")
        await pilot.pause()
        assert screen.match.actions[-1] == Attack(2)
        hp = screen.match.state.hp[2]
        assert f"{hp:>3} PV" in gauge_text(screen, 2)
        assert any("Lina attaque Zoé" in e.describe() for e in screen.match.events)


async def test_forgetful_mode_turns_the_attack_back_when_the_clock_runs_out(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_match(app, pilot, humans("Lina", "Marc"), {"forgetful": True})
        bot = KillerBot(1)
        while screen.match.state.phase != TARGET:
            await press_for(screen, pilot, bot.choose(screen.match.state))
        assert "s, sinon contre toi" in str(screen.query_one("#picker-title").render())
        decision, _ = screen._deadline
        screen._deadline = (decision, 0.0)
        screen.tick()
        await pilot.pause()
        assert screen.match.actions[-1] == Forget()


async def test_two_humans_and_a_robot_play_by_keys_to_the_results(app_factory):
    """The match is played on the engine up to its last turns, then by keys to the end."""
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        seats = (Seat("Lina"), Seat("Marc"), Seat("Robot 1", bot=True))
        options = {"zombie": True}
        bot = KillerBot(2)
        match = Match(load_game(GAME), 11, seats, options)
        while not match.over:
            match.play(bot.choose(match.state))
        await show_match(app, Match(load_game(GAME), 11, seats, options, match.actions[:-12]))
        await pilot.pause()
        screen, pressed = app.screen, 0
        for _ in range(2000):
            if isinstance(app.screen, ResultsScreen):
                break
            state = screen.match.state
            seat = state.to_move()
            if seat is not None and not seats[seat].bot and not screen.busy:
                await press_for(screen, pilot, bot.choose(state))
                pressed += 1
            else:
                await pilot.pause()
        assert isinstance(app.screen, ResultsScreen) and pressed
        assert screen.match.outcome().summary


def random_moves(seed, seats, options, count):
    """The first random moves of a match played on the engine."""
    match = Match(load_game(GAME), seed, seats, options)
    pick = random.Random(GAME).choice
    while len(match.actions) < count and match.state.to_move() is not None:
        match.play(pick(match.state.legal_actions()))
    return match.actions


def richest_window(actions, size):
    """Where the `size` moves with the most kinds of move begin."""
    kinds = [type(action) for action in actions]
    return max(range(len(actions) - size + 1), key=lambda i: len(set(kinds[i : i + size])))


async def test_random_moves_are_played_by_the_keys_the_screen_names(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        options = {"zombie": True, "dying_attack": True}
        seats = tuple(humans("Lina", "Marc", "Zoé"))
        actions = random_moves(5, seats, options, 60)
        start = richest_window(actions, 20)
        window = actions[start : start + 20]
        assert {Throw, Stop, Attack} <= {type(action) for action in window}
        await show_match(app, Match(load_game(GAME), 5, seats, options, actions[:start]))
        await pilot.pause()
        screen = app.screen
        for action in window:
            played = len(screen.match.actions)
            await pilot.press(*screen.keys_for(action))
            await pilot.pause()
            assert screen.match.actions[played:] == [action]
            while screen.busy:
                await pilot.pause()


async def test_the_results_say_how_the_fallen_are_ranked(app_factory):
    from jeux.ui.widgets.score_sheet import SheetData

    from .pilot import text

    match = Match(load_game(GAME), 3, tuple(humans("Lina", "Marc", "Zoé")), {"zombie": True})
    bots = [KillerBot(seat) for seat in range(3)]
    while match.outcome() is None:
        match.play(bots[match.state.to_move()].choose(match.state))
    ranking = match.outcome().ranking
    assert ranking.startswith("Classement : ")
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ResultsScreen(match, SheetData(match.state.players)))
        await pilot.pause()
        assert text(app.screen, "#ranking").replace("\n", " ") == ranking
