"""Layer 3: Le Labyrinthe by keys: solo with a journal line typed before each throw and an item
named, two with a robot to the results, the partner's help, the die kept after a vision."""

from jeux.engine.match import Match, Seat
from jeux.games.le_labyrinthe.game import GAME
from jeux.games.le_labyrinthe.rules import HELP, ITEM, KEEP, TOKEN, Bonus, Helped, Keep, Roll
from jeux.games.le_labyrinthe.screen import LabyrintheScreen
from jeux.screenshots import open_match
from jeux.ui.screens.play.results import ResultsScreen

from .pilot import text


def storyteller(action):
    """The robot's move, told: a line before each throw, every token bonus a named item."""
    if isinstance(action, Roll):
        return Roll(note="Au fil")
    if action == Bonus(TOKEN):
        return Bonus(ITEM, item="une corde")
    return action


async def play_to_the_results(app, pilot, screen, tell=lambda action: action):
    bot = GAME.bot(1)
    for _ in range(2000):
        if isinstance(app.screen, ResultsScreen):
            return
        state = screen.match.state
        seat = state.to_move()
        if seat is not None and not screen.match.seats[seat].bot and not screen.busy:
            await pilot.press(*screen.keys_for(tell(bot.choose(state.view(seat)))))
        await pilot.pause()
    raise AssertionError("the match did not end")


async def test_solo_journal_lines_and_items_are_typed_by_keys(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_match(app, Match(GAME, 5, (Seat("Lina"),), {}))
        screen = app.screen
        assert isinstance(screen, LabyrintheScreen)
        assert "E ─ 1 ─ 2" in text(screen, "#path")
        bot = GAME.bot(1)
        while len(screen.match.actions) < 5:  # a kept die and a token bonus among them
            if not screen.busy:
                await pilot.press(
                    *screen.keys_for(storyteller(bot.choose(screen.match.state.view(0))))
                )
            await pilot.pause()
        state = screen.match.state
        assert len(state.journal) >= 2
        assert all(line.note == "Au fil" for line in state.journal)
        assert state.items[0] == ["une corde"]


async def test_with_a_robot_partner_to_the_results(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        seats = (Seat("Lina"), Seat("Robot", bot=True))
        await open_match(app, Match(GAME, 2, seats, {}))
        screen = app.screen
        await play_to_the_results(app, pilot, screen)
        assert len(screen.match.outcome().ranks) == 2


def match_where(first_phase, seats):
    for seed in range(400):
        match = Match(GAME, seed, seats, {})
        match.play(Roll())
        if match.state.phase == first_phase:
            return match
    raise AssertionError("no seed found")


async def test_partner_helps_by_key(app_factory):
    match = match_where(HELP, (Seat("Lina"), Seat("Marc")))
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_match(app, match)
        screen = app.screen
        assert "Marc : 1 PV pour que Lina relance" in text(screen, "#advice")
        await pilot.press("a")
        await pilot.pause()
        assert any(isinstance(e, Helped) for e in match.events)
        assert match.state.hp[1] == 4


async def test_after_a_vision_keep_the_second_die(app_factory):
    seats = (Seat("Lina"),)
    for seed in range(2000):
        match = Match(GAME, seed, seats, {})
        match.play(Roll())
        if match.state.advantage[0] and match.state.phase == "roll":
            match.play(Roll())
            break
    assert match.state.phase == KEEP
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_match(app, match)
        screen = app.screen
        faces = match.state.faces
        assert screen.keys_for(Keep(1)) in (["g"], ["2", "g"])
        await pilot.press("2", "g")
        await pilot.pause()
        kept = next(e for e in reversed(match.events) if type(e).__name__ == "Resolved")
        assert kept.natural == faces[1]


async def test_a_click_on_the_d20_throws_it(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        match = Match(GAME, 4, (Seat("Lina"),), {})
        await open_match(app, match)
        await pilot.click("#dice Die")
        await pilot.pause()
        assert match.actions == [Roll()]


async def test_the_goal_is_drawn_once_when_reached(app_factory):
    """An explorer at the heart, waiting for the partner, still sees one goal on the path."""
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_match(app, Match(GAME, 5, (Seat("Lina"), Seat("Tom")), {}))
        screen = app.screen
        state = screen.match.state
        state.step[state.current] = 10
        screen.show_path(state)
        await pilot.pause()
        assert text(screen, "#path").splitlines()[1].endswith("─ ★")
