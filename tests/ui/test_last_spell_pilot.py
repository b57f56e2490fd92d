"""Layer 3: The Last Spell played by keys, from the setup screen to the results."""

from jeux.games.the_last_spell.screen import LastSpellScreen
from jeux.ui.screens.results import ResultsScreen
from jeux.ui.screens.setup import SetupScreen


async def tick_players(pilot, count):
    for _ in range(count):
        await pilot.press("space", "down")


async def test_three_players_play_by_keys_to_the_results(app_factory):
    app = app_factory(start_game="the_last_spell", players=("Lina", "Marc", "Zoé"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await tick_players(pilot, 3)
        await pilot.press("f5")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LastSpellScreen)
        for _ in range(400):
            if isinstance(app.screen, ResultsScreen):
                break
            state = screen.match.state
            if state.rolled and state.power > state.score_to_beat:
                await pilot.press("n", *"Nova", "enter", "a")
            else:
                await pilot.press("l")
            await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        outcome = screen.match.outcome()
        winner = screen.match.seats[outcome.winners[0]]
        record = app.records.record(winner.profile, "the_last_spell")
        assert (record.played, record.won) == (1, 1)
        assert not app.records.unfinished()


async def test_stop_before_rolling_is_refused_with_a_french_message(app_factory):
    app = app_factory(start_game="the_last_spell", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await tick_players(pilot, 2)
        await pilot.press("f5", "a")
        await pilot.pause()
        assert app.screen.match.actions == []
        assert any("Lance les dés" in n.message for n in app._notifications)


async def test_quit_mid_game_then_resume_exactly_there(app_factory, tmp_path):
    app = app_factory(start_game="the_last_spell", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24)) as pilot:
        await tick_players(pilot, 2)
        await pilot.press("f5", "l", "l")
        await pilot.pause()
        before = app.screen.match.to_saved()
        await pilot.press("ctrl+c")

    again = app_factory()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # "Reprendre" comes first in the menu
        await pilot.pause()
        assert isinstance(again.screen, LastSpellScreen)
        assert again.screen.match.to_saved() == before
        logged = [line.text for line in again.screen.query_one("#log").lines]
        assert sum("lance" in line for line in logged) == 2


async def test_tiny_terminal_gets_a_message_and_resizing_restores(app_factory):
    app = app_factory(start_game="the_last_spell", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24)) as pilot:
        await tick_players(pilot, 2)
        await pilot.press("f5")
        await pilot.pause()
        game = app.screen
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert type(app.screen).__name__ == "TooSmallScreen"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen is game


async def test_rules_open_with_f1_and_question_mark(app_factory):
    app = app_factory(start_game="the_last_spell", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24)) as pilot:
        await tick_players(pilot, 2)
        await pilot.press("f5", "question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen"
        await pilot.press("escape", "f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen"


async def test_one_player_against_a_robot(app_factory):
    from textual.widgets import Select

    app = app_factory(start_game="the_last_spell", players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        await tick_players(pilot, 1)
        app.screen.query_one("#bots", Select).value = 1
        await pilot.press("f5")
        await pilot.pause()
        screen = app.screen
        assert [s.bot for s in screen.match.seats].count(True) == 1
        for _ in range(300):
            if isinstance(app.screen, ResultsScreen):
                break
            seat = screen.match.state.to_move()
            if not screen.match.seats[seat].bot:
                state = screen.match.state
                await pilot.press("a" if state.rolled else "l")
            await pilot.pause(0.05)
        assert isinstance(app.screen, ResultsScreen)
        assert any(s.bot for s in screen.match.seats)


async def test_a_second_press_while_the_dice_tumble_settles_them_and_risks_nothing(
    app_factory, monkeypatch
):
    monkeypatch.delenv("TEXTUAL_ANIMATIONS")
    app = app_factory(start_game="the_last_spell", players=("Lina", "Marc"))
    app.settings.animations = "full"
    async with app.run_test(size=(80, 24)) as pilot:
        await tick_players(pilot, 2)
        await pilot.press("f5")
        await pilot.pause()
        screen = app.screen
        screen.action_roll()
        assert screen.busy  # the dice are tumbling
        screen.action_roll()  # a key bounce: the player has not seen the dice yet
        for _ in range(50):
            await pilot.pause(0.05)
            if not screen.busy:
                break
        assert not screen.busy and len(screen.match.actions) == 1


async def test_a_key_meant_for_a_finished_turn_is_not_played_for_the_next_player(
    app_factory, monkeypatch
):
    monkeypatch.delenv("TEXTUAL_ANIMATIONS")
    app = app_factory(start_game="the_last_spell", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24)) as pilot:
        await tick_players(pilot, 2)
        await pilot.press("f5", "l")
        await pilot.pause()
        screen = app.screen
        app.settings.animations = "full"
        screen.action_stop()  # the turn passes while the spell is animated
        screen.action_roll()  # pressed during that animation: not the next player's roll
        for _ in range(50):
            await pilot.pause(0.05)
            if not screen.busy:
                break
        assert len(screen.match.actions) == 2
