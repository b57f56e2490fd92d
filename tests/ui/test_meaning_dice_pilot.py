"""Layer 3, what is special to Meaning Dice: the scenario and meanings typed or suggested,
dice picked by number, cursor and click, a claim judged and voted, the story reread."""

from dataclasses import replace

from textual.widgets import Select, Static

from jeux.games.meaning_dice.rules import BALLOT, JUDGE, PLAY, Associate, Draw, Teller
from jeux.games.meaning_dice.screen import JournalsScreen, MeaningDiceScreen, Tile
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.screens.start.setup import SetupScreen

from .pilot import text

PLAYERS = ("Lina", "Marc", "Zoé")


async def start(app, pilot, count=3):
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    for _ in range(count):
        await pilot.press("space", "down")
    await pilot.press("f5")
    await pilot.pause()
    assert isinstance(app.screen, MeaningDiceScreen)
    return app.screen


def in_short(action):
    """The action with its text cut to its first word: still typed, in fewer keys."""
    for field in ("text", "meaning", "link"):
        if getattr(action, field, "").strip():
            return replace(action, **{field: getattr(action, field).split()[0]})
    return action


async def play(pilot, screen, action):
    """Play `action` by the keys the screen names for it."""
    await pilot.press(*screen.keys_for(action))
    await pilot.pause()


async def test_three_humans_play_by_keys_to_the_results(app_factory):
    app = app_factory(start_game="meaning_dice", players=PLAYERS)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot)
        bot = Teller(3)
        for _ in range(200):
            if isinstance(app.screen, ResultsScreen):
                break
            state = screen.match.state
            before = len(screen.match.actions)
            await play(pilot, screen, in_short(bot.choose(state.view(state.to_move()))))
            assert len(screen.match.actions) == before + 1, screen.keys_for(bot.choose(state))
        assert isinstance(app.screen, ResultsScreen)


async def test_scenario_and_meaning_typed_suggested_and_picked(app_factory):
    app = app_factory(start_game="meaning_dice", players=PLAYERS)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot)
        state = screen.match.state
        await pilot.press("i")  # the suggested scenario fills the line
        assert screen.text.value == state.suggested
        await pilot.press("e", "ctrl+u", *"Sortir du train", "enter")
        assert state.scenario == "Sortir du train" and state.phase == PLAY
        assert "Sortir du train" in text(screen, "#scenario")

        assert not screen.check_action("command", ("piocher",))  # no die picked: no « p »
        await pilot.press("right", "space")  # the cursor picks die 2
        assert screen.picked == [1]
        await pilot.press("e", "escape")  # Escape leaves the line, not the match
        assert screen.focused is None and app.screen is screen
        await pilot.press("i")  # a word of the picture, then drawn
        word = screen.text.value
        assert word in state.picture(1).words
        await pilot.press("p")
        await pilot.pause()
        assert state.dice[1].meaning == word and state.dice[1].seat == 0

        await pilot.click(Tile, offset=(2, 0))  # Marc clicks die 1, then draws it untyped
        assert screen.picked == [0]
        await pilot.click("#piocher")
        await pilot.pause()
        assert state.dice[0].meaning == state.picture(0).suggestion  # MD-7: never empty


async def test_claim_is_judged_then_voted_and_votes_are_shown(app_factory):
    app = app_factory(start_game="meaning_dice", players=PLAYERS)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot)
        state = screen.match.state
        await pilot.press("v")  # the suggested scenario
        await play(pilot, screen, Draw(0))  # the MJ
        await pilot.press("s")  # Marc claims
        await pilot.pause()
        assert state.phase == JUDGE and "acceptes-tu" in text(screen, "#hint")
        await pilot.press("n")  # the MJ objects: Zoé votes
        await pilot.pause()
        assert state.phase == BALLOT and state.to_move() == 2
        await pilot.press("n")  # one for, one against: a tie goes to the players
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert state.players_won


async def test_journal_reread_from_the_board_and_exported(app_factory):
    app = app_factory(start_game="meaning_dice", players=PLAYERS)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot)
        await pilot.press("e", *"Le [red]musée", "enter")
        await play(pilot, screen, Draw(2, "un *indice*"))
        await pilot.press("j")
        await pilot.pause()
        assert isinstance(app.screen, JournalsScreen)
        shown = str(app.screen.query_one("#journal-text", Static).render())
        assert "Le [red]musée" in shown and "un *indice*" in shown
        await pilot.press("x")
        await pilot.pause()
        exported = next((app.locations.data_dir / "journaux").glob("meaning-dice-*.md"))
        assert "un \\*indice\\*" in exported.read_text()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


def far_dice(action):
    """The dice past the ninth an action picks: no digit key names them."""
    if isinstance(action, Associate):
        return [die for die in (action.first, action.second) if die >= 9]
    return [action.die] if isinstance(action, Draw) and action.die >= 9 else []


async def test_one_human_with_two_robots_picks_the_far_dice_of_eighteen(app_factory):
    app = app_factory(start_game="meaning_dice", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.screen.query_one("#bots", Select).value = 2
        app.screen.query_one("#opt-dice", Select).value = 9  # the tenth choice: 18 dice
        screen = await start(app, pilot, count=1)
        assert len(screen.match.state.dice) == 18
        bot = Teller(5)
        for _ in range(400):
            state = screen.match.state
            seat = state.to_move()
            if seat is not None and not screen.match.seats[seat].bot and not screen.busy:
                action = in_short(bot.choose(state.view(seat)))
                before = len(screen.match.actions)
                await play(pilot, screen, action)
                assert screen.match.actions[before] == action
                if far_dice(action):
                    break
            await pilot.pause()
        else:
            raise AssertionError("no die past the ninth was picked")
