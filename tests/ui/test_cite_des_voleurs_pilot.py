"""Layer 3: La Cité des Voleurs by keys: the whole match with a robot through each screen key,
and what is special: a theft aimed through the seat picker (the camouflaged refused), the
four of a kind announced, the loot and the pot on the table, the mouse."""

from jeux.engine.match import Match, Seat
from jeux.games.cite_des_voleurs.game import GAME
from jeux.games.cite_des_voleurs.rules import (
    ANNOUNCING,
    ROLLING,
    TARGETED_TRIPLES,
    TRIPLE,
    Announce,
    Apply,
    Roll,
    TurnOver,
)
from jeux.games.cite_des_voleurs.screen import CiteScreen
from jeux.screenshots import open_match
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.widgets.dice_tray import DiceTray
from jeux.ui.widgets.seat_picker import SeatPicker

from .driver import press_quickly
from .pilot import last_notice, text

SEATS = (Seat("Lina"), Seat("Marc"), Seat("Robot", bot=True))


async def test_two_humans_and_a_robot_play_to_the_results_by_keys(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_match(app, Match(GAME, 3, SEATS, {}))
        screen = app.screen
        bot = GAME.bot(3)
        for _ in range(3000):
            if isinstance(app.screen, ResultsScreen):
                break
            state = screen.match.state
            seat = state.to_move()
            if seat is not None and not screen.match.seats[seat].bot and not screen.busy:
                await pilot.press(*screen.keys_for(bot.choose(state.view(seat))))
            await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert "Cité" in screen.match.outcome().summary


HUMANS = (Seat("Lina"), Seat("Marc"), Seat("Zoé"))


def match_where(found, seats=HUMANS, options=None) -> Match:
    """A seeded match played by the robot until `found(state)` holds."""
    for seed in range(500):
        match, bot = Match(GAME, seed, seats, options or {}), GAME.bot(seed)
        for _ in range(80):
            if match.over:
                break
            if found(match.state):
                return match
            match.play(bot.choose(match.state))
    raise AssertionError("no such position found")


def theft_with_a_camouflaged_rival(state) -> bool:
    return (
        state.phase == ROLLING
        and state.shown.triple in TARGETED_TRIPLES
        and any(state.camouflaged)
        and len(state.targets()) > 1
    )


def a_theft_to_aim(state) -> bool:
    return (
        state.phase == ROLLING
        and state.shown.triple in TARGETED_TRIPLES
        and len(state.targets()) > 1
        and state.throws_left > 0
    )


async def test_a_theft_is_aimed_through_the_seat_picker(app_factory):
    match = match_where(a_theft_to_aim)
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_match(app, match)
        screen = app.screen
        assert isinstance(screen, CiteScreen)
        state = match.state
        me, target = state.current, state.targets()[-1]
        picker = screen.query_one(SeatPicker)
        await pilot.press("a")
        await pilot.pause()
        assert picker.is_open
        await pilot.press(str(me + 1))  # oneself: refused with the reason
        await pilot.pause()
        assert "autre joueur" in last_notice(app)
        await pilot.press("escape")  # closes the picker, not the match
        await pilot.pause()
        assert not picker.is_open and app.screen is screen
        before = list(state.tokens)
        await pilot.press(*screen.keys_for(Apply(TRIPLE, target)))
        await pilot.pause()
        assert match.actions[-1] == Apply(TRIPLE, target)
        assert screen.match.state.tokens != before or match.state.shown.triple == 2


async def test_two_seat_keys_pressed_at_once_steal_from_the_first_only(app_factory):
    """Quick fingers: the second seat key reaches the picker before the first theft is
    played; the picker has made its choice and takes no other."""
    match = match_where(a_theft_to_aim)
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_match(app, match)
        screen = app.screen
        first, second = match.state.targets()[:2]
        count = len(match.actions)
        await pilot.press("a")
        await press_quickly(pilot, str(first + 1), str(second + 1))
        assert app.screen is screen
        assert match.actions[count:] == [Apply(TRIPLE, first)]


async def test_a_victim_is_chosen_by_a_click(app_factory):
    match = match_where(a_theft_to_aim)
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_match(app, match)
        screen = app.screen
        target = match.state.targets()[0]
        await pilot.click("#cmd-apply")
        await pilot.pause()
        assert screen.query_one(SeatPicker).is_open
        await pilot.click(screen.query(".seat-line")[target])
        await pilot.pause()
        assert match.actions[-1] == Apply(TRIPLE, target)


async def test_a_camouflaged_rival_is_refused_in_the_picker(app_factory):
    seats = tuple(Seat(name) for name in ("Lina", "Marc", "Zoé", "Ana"))
    match = match_where(theft_with_a_camouflaged_rival, seats)
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_match(app, match)
        screen = app.screen
        hidden = match.state.camouflaged.index(True)
        await pilot.press("a")
        await pilot.pause()
        assert "camouflé" in str(screen.query(".seat-line")[hidden].render())
        await pilot.press(str(hidden + 1))
        await pilot.pause()
        assert "camouflé" in last_notice(app)
        assert screen.query_one(SeatPicker).is_open


async def test_with_the_option_a_camouflaged_rival_may_be_aimed_at_and_foils_the_theft(
    app_factory,
):
    seats = tuple(Seat(name) for name in ("Lina", "Marc", "Zoé", "Ana"))
    match = match_where(theft_with_a_camouflaged_rival, seats, {"rob_camouflaged": True})
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_match(app, match)
        screen = app.screen
        hidden = match.state.camouflaged.index(True)
        before = list(match.state.tokens)
        await pilot.press("a")
        await pilot.pause()
        assert "le vol échouera" in str(screen.query(".seat-line")[hidden].render())
        await pilot.press(str(hidden + 1))
        await pilot.pause()
        assert isinstance(match.events[-2], TurnOver)
        assert match.state.tokens == before


async def test_loot_and_pot_are_on_the_table(app_factory):
    match = Match(GAME, 1, SEATS, {})
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_match(app, match)
        screen = app.screen
        await pilot.pause()
        loot = text(screen, "#loot")
        for name in ("Lina", "Marc", "Robot"):
            assert name in loot
        assert "Cagnotte  3" in loot
        assert screen.query_one("#loot").border_subtitle == "But : 9 jetons"


async def test_the_four_of_a_kind_is_announced_and_only_the_fourth_die_rolls(app_factory):
    def announceable(state) -> bool:
        return state.phase == ROLLING and state.may_announce()

    match = match_where(announceable)
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_match(app, match)
        screen = app.screen
        await pilot.press("n")
        await pilot.pause()
        assert match.actions[-1] == Announce()
        assert match.state.phase == ANNOUNCING
        assert "annoncé" in text(screen, "#value")
        locked = [
            i for i in range(4) if i != screen.command_action("roll", match.state, ()).dice[0]
        ]
        await pilot.press(str(locked[0] + 1))  # a die of the triple cannot be picked
        await pilot.pause()
        assert screen.selection == ()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(match.actions[-1], Roll) and len(match.actions[-1].dice) == 1


async def test_dice_and_buttons_answer_the_mouse(app_factory):
    match = Match(GAME, 5, SEATS[:2], {})
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_match(app, match)
        screen = app.screen
        await pilot.click("#cmd-roll")
        await pilot.pause()
        assert match.actions == [Roll()]
        if match.state.phase != ROLLING or not match.state.throws_left:
            return
        await pilot.click(screen.query_one(DiceTray).dice[0])
        await pilot.pause()
        assert screen.selection == (0,)
        await pilot.click("#cmd-roll")
        await pilot.pause()
        assert match.actions[-1] == Roll((0,))
