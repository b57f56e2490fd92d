"""The statistics screen: reached from the menu and the players screen, by keys and mouse."""

import subprocess
import sys

from textual.widgets import Button, OptionList, Select, TabbedContent

from jeux.screenshots import STATS_DAY, fill_stats
from jeux.ui.screens.start.menu import MenuScreen
from jeux.ui.screens.start.players import PlayersScreen
from tests.settle import wait_until
from tests.ui.pilot import text

ALL_TABS = ["figures", "scores", "spread", "days"]


def shown_tabs(screen) -> list[str]:
    tabs = screen.query_one("#stats-tabs", TabbedContent)
    return [pane.id for pane in tabs.query("TabPane") if tabs.get_tab(pane.id).display]


def listed(screen) -> list[str]:
    games = screen.query_one("#stats-games", OptionList)
    return [games.get_option_at_index(i).id for i in range(games.option_count)]


async def open_stats(app, pilot, game: str = ""):
    from jeux.ui.screens.around.stats import StatsScreen

    await pilot.press("f5")
    # the first opening imports the plots in a worker
    await wait_until(pilot, lambda: isinstance(app.screen, StatsScreen), "the statistics")
    if game:
        games = app.screen.query_one("#stats-games", OptionList)
        games.highlighted = games.get_option_index(game)
        await pilot.pause()
    return app.screen


async def test_from_the_menu_every_game_of_the_first_player(app_factory):
    app = app_factory()
    fill_stats(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(app, pilot)
        assert str(screen.query_one("#stats-player", Select).value) == app.profiles.players[0].id
        assert listed(screen) == ["tous", "scoundrel", "le_5000"]
        figures = text(screen, "#stats-figures")
        assert "Tous les jeux" in figures and "Humains" in figures and "Robots" in figures
        assert "Meilleur score" not in figures  # scores of different games do not add up
        assert shown_tabs(screen) == ALL_TABS  # each says what fills it
        assert "Choisis un jeu" in text(screen, "#stats-scores-caption")
        assert "Choisis Scoundrel" in text(screen, "#stats-days-summary")
        await pilot.press("down")  # Scoundrel: scores, their spread and the daily dungeons
        await pilot.pause()
        assert "moyenne" in text(screen, "#stats-scores-caption")
        assert "Meilleur score" in text(screen, "#stats-figures")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_the_tabs_by_keys_and_the_calendar_by_month(app_factory):
    app = app_factory()
    lina = fill_stats(app)
    async with app.run_test(size=(80, 24)) as pilot:
        from jeux.ui.screens.around.stats import StatsScreen

        await app.push_screen(StatsScreen(lina, STATS_DAY))
        screen = app.screen
        await pilot.press("down", "enter", "right")
        await pilot.pause()
        tabs = screen.query_one("#stats-tabs", TabbedContent)
        assert tabs.active == "scores"
        assert "moyenne" in text(screen, "#stats-scores-caption")
        await pilot.press("right", "right")
        await pilot.pause()
        assert tabs.active == "days"
        assert "Novembre 2026" in text(screen, "#stats-calendar")
        assert "Jours gagnés d'affilée" in text(screen, "#stats-days-summary")
        assert screen.query_one("#month-after", Button).disabled
        await pilot.press("pageup")
        await pilot.pause()
        assert "Octobre 2026" in text(screen, "#stats-calendar")
        assert screen.query_one("#month-before", Button).disabled  # the first month played
        await pilot.click("#month-after")
        await pilot.pause()
        assert "Novembre 2026" in text(screen, "#stats-calendar")
        await pilot.press("shift+tab", "shift+tab", "up")  # back to « Tous les jeux »
        await pilot.pause()
        assert tabs.active == "days" and "Choisis Scoundrel" in text(screen, "#stats-days-summary")


async def test_a_game_and_a_tab_chosen_with_the_mouse(app_factory):
    app = app_factory()
    fill_stats(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(app, pilot)
        await pilot.click("#stats-games", offset=(3, 3))  # the third line: Le 5000
        await pilot.pause()
        assert "Le 5000" in text(screen, "#stats-figures")
        await pilot.click("#stats-tabs Tab#--content-tab-spread")
        await pilot.pause()
        assert screen.query_one("#stats-tabs", TabbedContent).active == "spread"


async def test_from_the_players_screen_the_player_shown(app_factory):
    app = app_factory()
    fill_stats(app)
    marc = app.profiles.players[1]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, PlayersScreen)
        app.screen.query_one("#profiles", OptionList).highlighted = 1
        await pilot.pause()
        screen = await open_stats(app, pilot)
        assert screen.query_one("#stats-player", Select).value == marc.id
        assert listed(screen) == ["tous", "le_5000"]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PlayersScreen)


async def test_another_player_chosen_in_the_list(app_factory):
    app = app_factory()
    fill_stats(app)
    marc = app.profiles.players[1]
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(app, pilot, "scoundrel")
        screen.query_one("#stats-player", Select).value = marc.id
        await pilot.pause()
        assert listed(screen) == ["tous", "le_5000"]
        assert "Tous les jeux" in text(screen, "#stats-figures")


async def test_no_players_and_players_without_matches(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(app, pilot)
        assert "Crée d'abord un joueur" in str(
            screen.query_one("#stats-games", OptionList).get_option_at_index(0).prompt
        )
        assert shown_tabs(screen) == ALL_TABS
        await pilot.press("escape")
        app.profiles.create("Lina")
        screen = await open_stats(app, pilot)
        assert text(screen, "#stats-figures") == "Aucune partie terminée pour l'instant."


async def test_hostile_names_are_shown_literally(app_factory):
    hostile = "[@click=app.quit]x[/]"
    app = app_factory(players=[hostile, "[red]x" * 3000])
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_stats(app, pilot)
        names = screen.query_one("#stats-player", Select)
        assert hostile in str(names._options[0][0])
        screen.query_one("#stats-player", Select).value = app.profiles.players[1].id
        await pilot.pause()
        await pilot.click("#stats-player")
        await pilot.pause()
        assert app.is_running


def test_the_menu_starts_without_the_plotting_library():
    """The menu's first paint does not pay for the plots: they load with the screen."""
    code = (
        "import sys, jeux.__main__, jeux.app;"
        "import jeux.ui.screens.start.menu, jeux.ui.screens.start.players;"
        "print(sorted(m for m in ('textual_plot', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "[]"


async def test_a_match_finished_on_screen_counts_at_once(app_factory):
    """End to end: a match played to its results by the game screen shows in the figures,
    with its robot seat told apart."""
    from jeux.catalog import load_game, load_screen
    from jeux.engine.match import Match, Seat
    from jeux.ui.screens.play.results import ResultsScreen

    app = app_factory(players=["Lina"])
    lina = app.profiles.players[0]
    game = load_game("the_last_spell")
    match = Match(game, 3, (Seat("Lina", lina.id), Seat("Robot", bot=True)), {})
    bot = game.bot(3)
    while not match.over:
        match.play(bot.choose(match.state.view(match.state.to_move())))
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(
            load_screen("the_last_spell")(match, app.records.start(match.to_saved()))
        )
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await pilot.pause()  # let the results finish mounting before leaving them
        app.pop_screen()
        await pilot.pause()
        screen = await open_stats(app, pilot, "the_last_spell")
        figures = text(screen, "#stats-figures")
        assert "The Last Spell" in figures and "Robots" in figures
        assert figures.splitlines()[2].split()[-1] == "1"  # « Parties » : 1


async def test_every_tab_draws_without_colour(app_factory, monkeypatch):
    """NO_COLOR: the plots still draw (their marks are characters, not colours)."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = app_factory()
    fill_stats(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(app, pilot, "scoundrel")
        for tab in ("scores", "spread", "days", "figures"):
            screen.query_one("#stats-tabs", TabbedContent).active = tab
            await pilot.pause()
        assert app.is_running and app.return_code is None


async def test_the_arrows_go_through_the_tabs_while_browsing_games(app_factory):
    app = app_factory()
    fill_stats(app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(app, pilot)
        tabs = screen.query_one("#stats-tabs", TabbedContent)
        await pilot.press("right")  # « Tous les jeux »: its scores tab says what would fill it
        await pilot.pause()
        assert tabs.active == "scores" and "Choisis un jeu" in text(screen, "#stats-scores-caption")
        await pilot.press("down", "right")
        await pilot.pause()
        assert tabs.active == "spread" and screen.focused.id == "stats-games"
        await pilot.press("down")  # Le 5000: its own spread, same tab
        await pilot.pause()
        assert tabs.active == "spread" and "Le 5000" in text(screen, "#stats-figures")
        await pilot.press("left", "left")
        await pilot.pause()
        assert tabs.active == "figures"


async def test_every_title_reads_in_full_in_the_games_list(app_factory):
    """At 80 columns a long title (« Lovecraftian Dice of Madness ») goes on over a second
    line of the list instead of being cut."""
    from jeux.catalog import GAMES

    app = app_factory()
    lina = app.profiles.create("Lina")
    for game_id in GAMES:
        saved = {"game": game_id, "seed": 1, "options": {}, "actions": []}
        saved["seats"] = [{"name": "Lina", "profile": lina.id, "bot": False}]
        result = {"profile": lina.id, "name": "Lina", "seat": 0, "rank": 1, "score": 1}
        app.records.finish(app.records.start(saved), saved, [{**result, "won": True}])
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(app, pilot)
        games = screen.query_one("#stats-games", OptionList)
        assert len(listed(screen)) == 1 + len(GAMES)
        for game_id, info in GAMES.items():
            games.highlighted = games.get_option_index(game_id)
            await pilot.pause()
            shown = {
                word for y in range(games.size.height) for word in games.render_line(y).text.split()
            }
            assert set(info.title.split()) <= shown, info.title
