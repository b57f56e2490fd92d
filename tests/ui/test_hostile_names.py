"""Hostile player names are shown literally everywhere: setup, sheet, log, results, notices."""

from textual.widgets import Static

from jeux.games.the_last_spell.rules import Stop
from jeux.ui.screens.results import ResultsScreen
from jeux.ui.widgets.game_log import GameLog
from tests.test_store import HOSTILE


def shown_text(screen) -> str:
    return "\n".join(str(w.render()) for w in screen.query(Static))


async def test_hostile_names_survive_a_whole_game(app_factory):
    app = app_factory(start_game="the_last_spell", players=HOSTILE)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        for _ in range(len(HOSTILE)):
            await pilot.press("space", "down")
        await pilot.press("f5")
        await pilot.pause()
        game = app.screen
        await pilot.press("a")  # refused: a notice, not a crash
        log = ""
        while not isinstance(app.screen, ResultsScreen):
            log = "\n".join(line.text for line in game.query_one(GameLog).lines)
            state = game.match.state
            if state.rolled and state.power > state.score_to_beat:
                game.act(Stop("[/]"))
            else:
                await pilot.press("l")
            await pilot.pause()
        assert "[red]x" in log and "[@click=app.quit]x" in log
        results = shown_text(app.screen)
        assert "[red]x" in results and "[/]" in results
        app.say(HOSTILE[0])
        app.say(HOSTILE[2])
        await pilot.pause()
        assert app.screen is not None  # still running: nothing was read as markup
