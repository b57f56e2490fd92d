"""Layer 3: what is special to Les pilleurs de tombe on screen: snakes refused, a triple aimed
through the seat picker, a 1-1-1's bonus roll left on the tray (the whole match by keys is the
shared driver's, test_every_game)."""

from jeux.engine.match import Match, Seat
from jeux.games.pilleurs_de_tombe.game import GAME
from jeux.games.pilleurs_de_tombe.rules import (
    ANNOUNCE,
    COMBO,
    ROLLING,
    TARGETED,
    TORCH,
    BonusRolled,
    Roll,
    Take,
)
from jeux.games.pilleurs_de_tombe.screen import PilleursScreen
from jeux.screenshots import open_match
from jeux.ui.widgets.dice_tray import DiceTray
from jeux.ui.widgets.seat_picker import SeatPicker

from .pilot import last_notice, text

SEATS = (Seat("Lina"), Seat("Marc"), Seat("Robot", bot=True))


async def test_a_snake_cannot_be_picked_for_a_rethrow(app_factory):
    match = Match(GAME, 0, SEATS[:2], {})
    for seed in range(200):
        match = Match(GAME, seed, SEATS[:2], {})
        match.play(Roll())
        if match.state.snakes and match.state.phase == ROLLING:
            break
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_match(app, match)
        screen = app.screen
        snake = min(match.state.snakes)
        await pilot.press(str(snake + 1))
        await pilot.pause()
        assert screen.selection == ()
        assert "serpent" in last_notice(app)
        assert "serpent" in text(screen, "#captions")
        app.clear_notifications()
        await pilot.click(screen.query_one(DiceTray).dice[snake])  # by the mouse alike
        await pilot.pause()
        assert screen.selection == ()
        assert last_notice(app) == "Un serpent ne peut pas être relancé."


def match_at(seats, wanted) -> Match:
    """A seeded match played by the robot until `wanted(state)`."""
    for seed in range(2000):
        match, bot = Match(GAME, seed, seats, {}), GAME.bot(seed)
        for _ in range(60):
            if wanted(match.state):
                return match
            if match.over:
                break
            match.play(bot.choose(match.state))
    raise AssertionError("no seed comes to such a state")


async def test_the_bonus_roll_of_a_1_1_1_stays_on_the_tray(app_factory):
    match = match_at(SEATS[:2], lambda s: s.phase == COMBO and s.combo == TORCH)
    match.play(Take())
    assert match.state.phase == ANNOUNCE
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_match(app, match)
        screen = app.screen
        await pilot.press("p")  # « Progression »: the five dice are thrown again
        await pilot.pause()
        bonus = next(e for e in reversed(match.events) if isinstance(e, BonusRolled))
        assert [die.value for die in screen.query_one(DiceTray).dice] == list(bonus.faces)
        assert text(screen, "#captions").count("compte") == bonus.faces.count(bonus.face)


def match_at_a_targeted_triple() -> Match:
    """A seeded match played by the robot until a triple asks whom to aim at."""
    seats = tuple(Seat(name) for name in ("Lina", "Marc", "Zoé"))
    for seed in range(400):
        match, bot = Match(GAME, seed, seats, {}), GAME.bot(seed)
        for _ in range(60):
            state = match.state
            if (
                state.phase == COMBO
                and state.combo in TARGETED
                and len(state.targets(state.combo)) > 1
            ):
                return match
            if match.over:
                break
            match.play(bot.choose(state))
    raise AssertionError("no targeted triple found")


async def test_a_triple_is_aimed_through_the_seat_picker(app_factory):
    match = match_at_a_targeted_triple()
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_match(app, match)
        screen = app.screen
        assert isinstance(screen, PilleursScreen)
        state = match.state
        me, target = state.current, state.targets(state.combo)[-1]
        picker = screen.query_one(SeatPicker)
        await pilot.press("c")
        await pilot.pause()
        assert picker.is_open
        await pilot.press(str(me + 1))  # oneself: refused with the reason
        await pilot.pause()
        assert "autre joueur" in last_notice(app)
        await pilot.press("escape")  # closes the picker, not the match
        await pilot.pause()
        assert not picker.is_open and app.screen is screen
        await pilot.press(*screen.keys_for(Take(target)))
        await pilot.pause()
        assert screen.match.actions[-1] == Take(target)


async def test_dice_and_buttons_answer_the_mouse(app_factory):
    match = Match(GAME, 5, SEATS[:2], {})
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_match(app, match)
        screen = app.screen
        await pilot.click("#cmd-roll")
        await pilot.pause()
        assert match.actions == [Roll()]
        free = [i for i in range(5) if i not in match.state.snakes]
        await pilot.click(screen.query_one(DiceTray).dice[free[0]])
        await pilot.pause()
        assert screen.selection == (free[0],)
        await pilot.click("#cmd-roll")
        await pilot.pause()
        assert match.actions[-1] == Roll((free[0],))
