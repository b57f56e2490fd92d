"""Layer 3: Lucky Odds played by keys (and clicks), from the setup screen to the results."""

from textual.widgets import Select, Static

from jeux.engine.match import Match, Seat
from jeux.games.lucky_odds.rules import ALL_DICE, GAME, Roll, Stop
from jeux.games.lucky_odds.screen import LuckyOddsScreen
from jeux.screenshots import open_match
from jeux.ui.screens.results import ResultsScreen
from jeux.ui.screens.setup import SetupScreen
from jeux.ui.widgets.dice_tray import DiceTray

SHORT_GAME = 37
"""A seed whose two-player game ends within 19 moves, to keep the suite quick."""
TWO_EVEN = 0
"""With this seed the first throw is 4, 4, 1: the 1 is kept, dice 1 and 2 may go again."""
ALL_ODD = 2
"""With this seed the first throw is 1, 1, 1: all odd, the three dice may go again."""


async def tick_players(pilot, count):
    for _ in range(count):
        await pilot.press("space", "down")


async def start(app, pilot, players, **selects):
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    await tick_players(pilot, players)
    for ident, value in selects.items():
        app.screen.query_one(f"#{ident}", Select).value = value
    await pilot.press("f5")
    await pilot.pause()
    assert isinstance(app.screen, LuckyOddsScreen)
    return app.screen


def key_for(state):
    """Throw, then bank from 5 points of the turn on (or when 50 is near)."""
    bank = state.phase == "choose" and (state.turn_total >= 5 or state.room < 5)
    return "a" if bank else "l"


def action_for(state):
    """The move `key_for` makes, on the engine (the default selection is every die offered)."""
    if key_for(state) == "a":
        return Stop()
    if state.phase == "start" or state.may_rethrow_all:
        return Roll(ALL_DICE)
    return Roll(state.rerollable)


async def play_to_the_end(app, pilot, screen, limit=1500):
    """Keys only, for every human seat, until the results show."""
    for _ in range(limit):
        if isinstance(app.screen, ResultsScreen):
            await pilot.pause()  # let the results screen finish mounting
            return
        state = screen.match.state
        seat = state.to_move()
        if seat is not None and not screen.match.seats[seat].bot:
            await pilot.press(key_for(state))
        await pilot.pause()
    raise AssertionError("the match did not end")


async def open_one_move_from_the_end(app, pilot, seats, options):
    """A match played on the engine up to its last move, opened on screen: the last move is
    then played by key, which is all a test of the end needs."""
    match = Match(GAME, 7, seats, options)
    while not match.over:
        match.play(action_for(match.state))
    last = match.actions[-1]
    match = Match(GAME, 7, seats, options, match.actions[:-1])
    await open_match(app, match)
    await pilot.pause()
    assert key_for(match.state) == ("a" if last == Stop() else "l")
    return app.screen


def last_notice(app):
    return list(app._notifications)[-1].message


def text(screen, ident):
    return str(screen.query_one(ident, Static).render())


async def test_two_players_play_by_keys_to_the_results(app_factory):
    app = app_factory(seed=SHORT_GAME, start_game="lucky_odds", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await play_to_the_end(app, pilot, screen)
        assert isinstance(app.screen, ResultsScreen)
        outcome = screen.match.outcome()
        assert 50 in outcome.scores and not outcome.lower_is_better
        winner = screen.match.seats[outcome.winners[0]]
        record = app.records.record(winner.profile, "lucky_odds")
        assert (record.played, record.won, record.best) == (1, 1, 50)
        assert not app.records.unfinished()


async def test_stop_before_throwing_is_refused_in_french_and_changes_nothing(app_factory):
    app = app_factory(start_game="lucky_odds", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("a", "2")
        await pilot.pause()
        assert screen.match.actions == []
        messages = [n.message for n in app._notifications]
        assert any("Lance les dés avant de t'arrêter" in m for m in messages)
        assert any("Lance d'abord" in m for m in messages)


async def test_even_dice_are_chosen_by_keys_and_clicks(app_factory):
    app = app_factory(seed=TWO_EVEN, start_game="lucky_odds", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 1)
        await pilot.press("l")
        await pilot.pause()
        state = screen.match.state
        assert state.faces == [4, 4, 1] and state.rerollable == (0, 1)
        dice = screen.query_one(DiceTray).dice
        # both even dice are offered, the odd one is kept and says what it scored
        assert screen.selection == {0, 1}
        assert dice[2].has_class("-kept") and text(screen, "#label-2") == "gardé +1"
        assert dice[0].has_class("-selected") and text(screen, "#label-0") == "relance"
        assert "1 gardé : 1 point" in text(screen, "#value")
        assert "Arrêter (a) → 1/50" in text(screen, "#hint")
        assert "les dés 1 et 2 : 58 % de marquer" in text(screen, "#choice")

        await pilot.press("2")  # leave the second 4 on the table
        await pilot.pause()
        assert screen.selection == {0}
        assert dice[1].has_class("-selectable") and text(screen, "#label-1") == "reste"
        assert "le dé 1 : 50 % de marquer" in text(screen, "#choice")
        assert "En moyenne +3 ; sinon 1 point perdu." in text(screen, "#risk")

        await pilot.press("3")  # the kept 1 cannot go again: refused, nothing changes
        await pilot.pause()
        assert screen.selection == {0}
        assert "Seuls les dés pairs" in last_notice(app)

        await pilot.click(dice[0])  # a click unselects the first 4: nothing to throw
        await pilot.pause()
        assert screen.selection == set()
        await pilot.press("l")
        await pilot.pause()
        assert screen.match.actions == [Roll()]
        assert "Choisis au moins un dé pair" in last_notice(app)

        await pilot.click(dice[1])  # click the second 4 in, throw it alone, then bank
        await pilot.pause()
        assert screen.selection == {1}
        await pilot.press("l")
        await pilot.pause()
        assert screen.match.actions == [Roll(), Roll((1,))]
        if screen.match.state.phase == "choose":
            await pilot.press("a")
            await pilot.pause()
            assert screen.match.actions[-1] == Stop()
        # the turn is over: its last throw stays on the table with the verdict
        assert screen.match.state.phase == "start"
        assert [d.value for d in dice][2] == 1
        assert all(d.has_class("-void") for d in dice)
        assert "Lina" in text(screen, "#hint")


async def test_all_odd_first_throw_rethrows_the_three_together(app_factory):
    app = app_factory(seed=ALL_ODD, start_game="lucky_odds", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 1)
        await pilot.press("l")
        await pilot.pause()
        assert screen.match.state.may_rethrow_all and screen.selection == {0, 1, 2}
        assert text(screen, "#label-0") == "+1, relance"
        assert "les trois dés : 67 % de marquer" in text(screen, "#choice")
        await pilot.press("2")
        await pilot.pause()
        assert screen.selection == {0, 1, 2}
        assert "ensemble" in last_notice(app)
        await pilot.press("l")
        await pilot.pause()
        assert screen.match.actions == [Roll(), Roll((0, 1, 2))]


async def test_solo_score_attack_records_the_fewest_turns(app_factory):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        lina = app.profiles.players[0]
        screen = await open_one_move_from_the_end(app, pilot, (Seat(lina.name, lina.id),), {})
        await play_to_the_end(app, pilot, screen)
        outcome = screen.match.outcome()
        turns = len(screen.match.state.sheet)
        assert outcome.scores == (turns,) and outcome.lower_is_better
        assert app.records.record(lina.id, "lucky_odds", lower_is_better=True).best == turns
        records = str(app.screen.query_one("#records", Static).render())
        assert f"record en solo {turns} tour" in records


async def test_robots_play_their_turns_on_screen_with_equal_turns(app_factory):
    app = app_factory(start_game="lucky_odds", players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, 1, bots=1, order="list", **{"opt-equal_turns": 1})
        assert screen.match.options["equal_turns"] is True
        assert [s.bot for s in screen.match.seats] == [False, True]
        for _ in range(300):
            robot_turns = screen.match.state.turns_taken[1]
            if robot_turns >= 3:
                break
            state = screen.match.state
            if state.to_move() == 0 and not screen.busy:
                await pilot.press(key_for(state))
            await pilot.pause(0.02)
        assert robot_turns >= 3
        logged = [line.text for line in screen.query_one("#log").lines]
        assert any(line.startswith("Robot 1 lance") for line in logged)


async def test_leave_then_resume_shows_the_same_table(app_factory):
    app = app_factory(seed=ALL_ODD, start_game="lucky_odds", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("l", "a")
        await pilot.pause()
        before = screen.match.to_saved()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("o")  # confirm: back to the menu, the match is kept
        await pilot.pause()
        assert not isinstance(app.screen, LuckyOddsScreen)

    again = app_factory()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # "Reprendre" comes first in the menu
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, LuckyOddsScreen)
        assert screen.match.to_saved() == before
        # the last throw and its verdict are still on the table
        assert [d.value for d in screen.query_one(DiceTray).dice] == [1, 1, 1]
        assert "marque 3 points → 3" in text(screen, "#hint")
