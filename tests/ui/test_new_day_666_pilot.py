"""Layer 3, what is special to New Day 666 (the shared driver plays it to the results): the
story fields that take the keys while a line is written, a life to its three 6s and the
farewell, the happy ending, the mouse, the diary reread and exported."""

from jeux.engine.match import Match, Seat
from jeux.games.new_day_666.game import GAME
from jeux.games.new_day_666.rules import (
    ACHIEVED,
    DAY,
    DEATH_STORY,
    DIED,
    STORY,
    Begin,
    Diarist,
    Farewell,
    Roll,
    Write,
)
from jeux.games.new_day_666.screen import AchievedScreen, NewDayJournals, NewDayScreen
from jeux.screenshots import open_match
from jeux.ui.screens.play.results import ResultsScreen

from .pilot import open_solo

EARLY_DEATH = 40
"""A seed whose third day shows three 6s."""


async def start(pilot) -> NewDayScreen:
    screen = await open_solo(pilot, "new_day_666")
    assert isinstance(screen, NewDayScreen)
    return screen


async def type_text(pilot, text):
    await pilot.press(*("space" if ch == " " else ch for ch in text))


async def test_a_life_by_keys_to_its_three_sixes_then_the_diary(app_factory):
    app = app_factory(seed=EARLY_DEATH, players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(pilot)
        assert screen.focused is screen.field(0)  # the character's name is asked first
        await type_text(pilot, "Marius [b]")
        await pilot.press("enter")
        assert screen.focused is screen.field(1)
        await type_text(pilot, "voir la mer")
        await pilot.press("enter")
        await pilot.pause()
        state = screen.match.state
        assert (state.phase, state.character, state.goal) == (DAY, "Marius [b]", "voir la mer")
        assert screen.focused is None  # between days, letters are commands again

        await pilot.press("l")
        await pilot.pause()
        assert state.phase == STORY and screen.focused is screen.field(0)
        await type_text(pilot, "Un matin de brume")
        await pilot.press("enter")
        await pilot.pause()
        assert state.diary[-1].line == "Un matin de brume"

        await pilot.press("space")
        await pilot.pause()
        await pilot.press("escape")  # the keys back to the game: l skips the line
        assert screen.focused is None
        await pilot.press("l")
        await pilot.pause()
        assert state.diary[-1].line == "" and state.phase == DAY

        await pilot.press("l")
        await pilot.pause()
        assert state.phase == DEATH_STORY and state.last_day.fatal
        await type_text(pilot, "Une vague")
        await pilot.press("enter")
        await type_text(pilot, "Il a vu la mer")
        await pilot.press("enter")
        await pilot.pause()
        assert state.ending == DIED and state.survived == 2
        assert isinstance(app.screen, ResultsScreen)
        assert "2 jours vécus" in str(app.screen.records_text())

        await pilot.press("j")
        await pilot.pause()
        journals = app.screen
        assert isinstance(journals, NewDayJournals)
        text = str(journals.query_one("#journal-text").render())
        assert "Marius [b]" in text and "Un matin de brume" in text and "Une vague" in text
        await pilot.press("x")
        await pilot.pause()
        exported = list(journals.export_folder.glob("new-day-666-*.md"))
        assert len(exported) == 1
        assert "Marius \\[b\\]" in exported[0].read_text(encoding="utf-8")


async def test_the_happy_ending_by_its_key_with_a_note(app_factory):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        await pilot.press("enter", "enter")  # no name, no goal
        await pilot.pause()
        await pilot.press("o")  # not before a day is lived
        assert not isinstance(app.screen, AchievedScreen)
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, AchievedScreen)
        await type_text(pilot, "Enfin")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.match.state.ending == ACHIEVED
        assert screen.match.state.note == "Enfin"
        assert isinstance(app.screen, ResultsScreen)


async def test_the_mouse_lives_a_day_and_writes_it(app_factory):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        await pilot.click("#cmd-go")
        await pilot.pause()
        assert screen.match.state.phase == DAY
        await pilot.click("#dice Die")
        await pilot.pause()
        assert screen.match.state.phase == STORY
        await pilot.click("#cmd-go")
        await pilot.pause()
        assert screen.match.state.phase == DAY and screen.match.state.day == 2


async def test_keys_for_plays_what_the_diarist_chooses(app_factory):
    app = app_factory(seed=EARLY_DEATH, players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        bot = Diarist(1)
        wanted = []
        while not screen.match.over:
            action = bot.choose(screen.match.state)
            wanted.append(action)
            await pilot.press(*screen.keys_for(action))
            await pilot.pause()
        assert list(screen.match.actions) == wanted
        kinds = {type(a) for a in wanted}
        assert kinds == {Begin, Roll, Write, Farewell}


async def test_the_fast_mode_rolls_a_week_by_its_key(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_match(app, Match(GAME, 3, (Seat("Lina"),), {"fast": 7}))
        await pilot.pause()
        screen = app.screen
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert str(screen.query_one("#cmd-fast").label) == "Une semaine (r)"
        await pilot.press("r")
        await pilot.pause()
        state = screen.match.state
        assert state.phase == STORY and state.day == 7 and len(state.diary[-1].days) == 7
        await type_text(pilot, "Une semaine calme")
        await pilot.press("enter")
        await pilot.pause()
        assert state.diary[-1].line == "Une semaine calme" and state.phase == DAY


async def test_an_undo_leaves_the_keys_to_the_game(app_factory):
    """After `u` no field takes the next key: `e` writes, the other letters are moves."""
    app = app_factory(seed=EARLY_DEATH, players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(pilot)
        await type_text(pilot, "Marius")
        await pilot.press("enter")
        await type_text(pilot, "voir la mer")
        await pilot.press("enter", "l")
        await pilot.pause()
        await type_text(pilot, "Un matin")
        await pilot.press("enter")
        await pilot.pause()
        state = screen.match.state
        assert state.phase == DAY and screen.match.undoable()
        await pilot.press("u")
        await pilot.pause()
        assert screen.match.state.phase == STORY and screen.focused is None
        await pilot.press("e")
        await pilot.pause()
        assert screen.focused is screen.field(0)
