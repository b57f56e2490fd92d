"""Layer 3: Le 5000 played by keys and clicks, from the setup screen to the results."""

from jeux.games.le_5000.rules import CHOOSE, ROLL
from jeux.games.le_5000.screen import Le5000Screen
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.screens.start.setup import SetupScreen
from jeux.ui.widgets.dice_tray import DiceTray

from .pilot import tick_players


async def start(app, pilot, players):
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    await tick_players(pilot, players)
    await pilot.press("f5")
    await pilot.pause()
    assert isinstance(app.screen, Le5000Screen)
    return app.screen


def notices(app):
    return [n.message for n in app._notifications]


async def play_turn_by_keys(pilot, screen):
    """One decision by keys: throw, or take the best dice and bank from 300 on (or reroll)."""
    state = screen.match.state
    if state.phase == ROLL:
        await pilot.press("l")
    else:
        await pilot.press("t")
        best = state.selection_value(screen.selection)
        left = state.dice_to_throw(screen.selection)
        enough = state.turn_total + best.points >= (300 if left < 4 else 1000)
        await pilot.press("a" if state.can_bank(screen.selection) and enough else "l")
    await pilot.pause()


async def test_picking_dice_by_keys_and_clicks_shows_their_value(app_factory):
    app = app_factory(start_game="le_5000", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("l")
        await pilot.pause()
        state = screen.match.state
        assert state.phase == CHOOSE
        tray = screen.query_one(DiceTray)
        scoring = state.keepable[0]
        assert tray.dice[scoring].has_class("-selectable")

        await pilot.press(str(scoring + 1))
        assert screen.selection == (scoring,)
        assert tray.dice[scoring].has_class("-selected")
        value = str(screen.query_one("#value").render())
        assert state.selection_value((scoring,)).text in value
        assert "garder" in str(screen.query_one("#captions").render())

        await pilot.click(tray.dice[scoring])  # a click takes it back
        await pilot.pause()
        assert screen.selection == ()
        await pilot.click(tray.dice[scoring])
        await pilot.pause()
        assert screen.selection == (scoring,)

        best = state.best_keep()
        if screen.selection == best:  # t takes the best choice back when it is picked
            await pilot.press("t")
            assert screen.selection == ()
        await pilot.press("t")
        assert screen.selection == best
        rolled = len(screen.match.actions)
        await pilot.click("#cmd-roll")
        await pilot.pause()
        assert len(screen.match.actions) == rolled + 1
        assert screen.match.actions[-1].keep == best


async def test_illegal_moves_give_a_french_notice_and_change_nothing(app_factory):
    app = app_factory(start_game="le_5000", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("a")
        await pilot.pause()
        assert screen.match.actions == []
        assert any("Lance les dés avant de marquer" in n for n in notices(app))

        await pilot.press("1")
        assert any("Lance d'abord les dés" in n for n in notices(app))

        await pilot.press("l")
        await pilot.pause()
        before = screen.match.to_saved()
        await pilot.press("l")  # nothing set aside
        await pilot.pause()
        assert screen.match.to_saved() == before
        assert any("Mets de côté au moins un dé" in n for n in notices(app))

        state = screen.match.state
        await pilot.press("t", "a")  # not opened: 750 in the turn first
        await pilot.pause()
        assert state.selection_value(screen.selection).points < 750  # seeded throw
        assert screen.match.to_saved() == before
        assert any("Pour ouvrir, il faut 750" in n for n in notices(app))

        useless = [i for i in range(len(state.faces)) if i not in state.keepable]
        assert useless  # seeded throw
        await pilot.press(str(useless[0] + 1))
        assert useless[0] not in screen.selection
        assert any("ne marquent pas tous" in n for n in notices(app))
        assert screen.match.to_saved() == before


def finish_solo(app, profile, score, won, low, match_id):
    saved = {"game": "le_5000", "seats": [{"name": "Lina", "profile": profile}]}
    match_id = app.records.start(saved)
    result = {"profile": profile, "name": "Lina", "seat": 0, "rank": 1}
    app.records.finish(match_id, saved, [{**result, "score": score, "won": won, "low": low}])


def test_solo_record_is_the_fewest_turns_among_wins(app_factory):
    from jeux.engine.match import Match, Seat
    from jeux.games.le_5000.game import GAME

    app = app_factory(players=("Lina",))
    profile = app.profiles.players[0].id
    finish_solo(app, profile, 18, True, True, 1)
    finish_solo(app, profile, 14, True, True, 2)
    finish_solo(app, profile, 3450, False, False, 3)  # a loss scores points, never turns
    solo = Match(GAME, 1, (Seat("Lina", profile),), {})
    text = Le5000Screen.results_records(app, solo)
    assert text.startswith("Lina : 3 parties, record en solo 14 tours")
    table = Match(GAME, 1, (Seat("Lina", profile), Seat("Marc")), {})
    assert Le5000Screen.results_records(app, table).endswith("record 3\u00a0450 points")


async def open_forced(app, pilot, players, dice, **options):
    """A match opened straight on its screen, with the dice scripted in order."""
    from jeux.engine.match import Match, Seat
    from jeux.engine.testing import ForcedRng
    from jeux.games.le_5000.game import GAME
    from jeux.screenshots import open_match

    match = Match(GAME, 1, tuple(Seat(name) for name in players), options)
    match.rng = ForcedRng(dice)
    await pilot.pause()
    await open_match(app, match)
    await pilot.pause()
    return app.screen


async def test_five_ones_win_at_once_on_screen(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_forced(app, pilot, ("Lina", "Marc"), [1] * 5)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert "cinq 1" in screen.match.outcome().summary
        assert "Cinq 1 !" in str(screen.verdict())
        assert "5×1 !" in screen.sheet(screen.match.state).rows[0][1]


async def test_hot_dice_then_banking_shows_the_new_total_until_the_next_throw(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        dice = [1, 1, 1, 5, 5] + [6, 6, 6, 2, 3]
        screen = await open_forced(app, pilot, ("Lina", "Marc"), dice)
        await pilot.press("l", "t")
        assert "Les 5 dés reviennent" in str(screen.query_one("#advice").render())
        assert "Marquer → 1\u00a0100" in str(screen.query_one("#advice").render())
        await pilot.press("l")  # hot dice: the five come back
        await pilot.pause()
        state = screen.match.state
        assert state.faces == (6, 6, 6, 2, 3) and state.resting == ()
        await pilot.press("t")
        assert "Relancer 2 dés" in str(screen.query_one("#advice").render())
        await pilot.press("a")
        await pilot.pause()
        assert state.scores[0] == 1700 and state.current == 1
        assert "ouvre avec 1\u00a0700 points" in str(screen.query_one("#value").render())
        captions = str(screen.query_one("#captions").render())
        assert captions.count("gardé") == 3  # the brelan of 6 set aside, on show
        assert "Marc, lance les cinq dés" in str(screen.query_one("#advice").render())


async def test_reaching_the_target_announces_the_last_round(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_forced(app, pilot, ("Lina", "Marc"), [1, 1, 1, 4, 6])
        state = screen.match.state
        state.scores[0], state.opened[0] = 4200, True
        await pilot.press("l", "t")
        assert "objectif atteint" in str(screen.query_one("#advice").render())
        await pilot.press("a")
        await pilot.pause()
        assert "total 5\u00a0200. Objectif atteint ! Les autres finissent" in str(screen.verdict())
        assert "dernier tour" in str(screen.query_one("#status").render())


async def test_exact_target_warns_before_an_overshoot(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_forced(app, pilot, ("Lina", "Marc"), [1, 1, 1, 4, 6], finish="exact")
        state = screen.match.state
        state.scores[0], state.opened[0] = 4500, True
        await pilot.press("l", "t")
        assert "dépasserait 5\u00a0000" in str(screen.query_one("#advice").render())
