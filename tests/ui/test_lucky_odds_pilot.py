"""Layer 3: Lucky Odds played by keys (and clicks), from the setup screen to the results."""

from textual.widgets import Static

from jeux.engine.match import Match, Seat
from jeux.games.lucky_odds.game import GAME
from jeux.games.lucky_odds.rules import ALL_DICE, Roll, Stop
from jeux.games.lucky_odds.screen import LuckyOddsScreen
from jeux.screenshots import open_match
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.widgets.dice_tray import DiceTray

from .pilot import last_notice, starter, text

SHORT_GAME = 37
"""A seed whose two-player game ends within 19 moves, to keep the suite quick."""
TWO_EVEN = 0
"""With this seed the first throw is 4, 4, 1: the 1 is kept, dice 1 and 2 may go again."""
ALL_ODD = 2
"""With this seed the first throw is 1, 1, 1: all odd, the three dice may go again."""


start = starter(LuckyOddsScreen)


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


async def test_stop_before_throwing_is_refused_in_french_and_changes_nothing(app_factory):
    app = app_factory(start_game="lucky_odds", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("a", "2")
        await pilot.pause()
        assert screen.match.actions == []
        messages = [n.message for n in app._notifications]
        assert any("Lance les dés avant de t'arrêter" in m for m in messages)
        assert any("trois dés" in m for m in messages)


async def test_every_even_die_goes_back_in_the_cup(app_factory):
    """§7 step 5: the even dice are rethrown all together, never a choice (issue 8)."""
    app = app_factory(seed=TWO_EVEN, start_game="lucky_odds", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 1)
        await pilot.press("l")
        await pilot.pause()
        state = screen.match.state
        assert state.faces == [4, 4, 1] and state.offered == (0, 1)
        dice = screen.query_one(DiceTray).dice
        assert dice[2].has_class("-kept") and dice[0].has_class("-selected")
        assert text(screen, "#captions").split() == ["relance", "relance", "gardé", "+1"]
        assert "1 gardé : 1 point" in text(screen, "#value")
        advice = text(screen, "#advice")
        assert "Arrêter (a) → 1/50" in advice
        assert "les dés 1 et 2 : 58 % de marquer" in advice
        await pilot.press("2")  # no die is picked: refused with the rule's words
        await pilot.pause()
        assert "Tous les dés pairs" in last_notice(app)
        await pilot.click(dice[0])
        await pilot.pause()
        assert screen.match.actions == [Roll()]
        assert screen.keys_for(Roll((0, 1))) == ["l"]
        await pilot.press("l")
        await pilot.pause()
        assert screen.match.actions == [Roll(), Roll((0, 1))]


async def test_all_odd_first_throw_rethrows_the_three_together(app_factory):
    app = app_factory(seed=ALL_ODD, start_game="lucky_odds", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 1)
        await pilot.press("l")
        await pilot.pause()
        assert screen.match.state.may_rethrow_all
        assert text(screen, "#captions").split(maxsplit=1)[0] == "+1,"
        assert "les trois dés : 67 % de marquer" in text(screen, "#advice")
        await pilot.press("2")
        await pilot.pause()
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
        turns = screen.match.state.race.turns()
        assert outcome.scores == (turns,) and outcome.lower_is_better
        assert app.records.record(lina.id, "lucky_odds", lower_is_better=True).best == turns
        records = str(app.screen.query_one("#records", Static).render())
        assert f"record en solo {turns} tour" in records
