"""Layer 3: what is special to Les dés bloqués' screen: the dice of a throw and what each
did, the automatic pace, the variants' stop; the shared driver plays it to the results."""

from textual.widgets import Select

from jeux.games.des_bloques.rules import BLOCKING
from jeux.games.des_bloques.screen import DesBloquesScreen
from jeux.ui.screens.start.setup import SetupScreen
from jeux.ui.widgets.dice_tray import DiceTray

from .pilot import tick_players


async def start(app, pilot, players, **options):
    """Tick the players, pick variants by their index in the setup's selects, press F5."""
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    await tick_players(pilot, players)
    for key, index in options.items():
        app.screen.query_one(f"#opt-{key}", Select).value = index
    await pilot.press("f5")
    await pilot.pause()
    assert isinstance(app.screen, DesBloquesScreen)
    return app.screen


def notices(app):
    return [n.message for n in app._notifications]


def text(screen, selector):
    return str(screen.query_one(selector).render())


async def settle(pilot, screen):
    """Let the automatic throws follow each other (no animation in the tests)."""
    for _ in range(40):
        await pilot.pause()
        if not screen.match.state.throws:
            return


async def test_at_the_automatic_pace_one_key_throws_a_whole_turn(app_factory):
    app = app_factory(start_game="des_bloques", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 1, pace=1)
        assert screen.match.options["pace"] == "auto"
        await pilot.press("l")
        await settle(pilot, screen)
        state = screen.match.state
        assert len(state.sheet[0]) == 1 and state.turn == 2  # the turn ended by itself
        # The finished turn stays on the table until the next throw: every die blocked.
        assert "marque" in text(screen, "#value")
        assert all(die.has_class("-locked") for die in screen.query_one(DiceTray).dice)
        assert text(screen, "#captions").count("bloqué") == 5

        await pilot.press("p", "l")  # paused: one key, one throw
        for _ in range(5):
            await pilot.pause()
        assert screen.match.state.throws == 1 or screen.match.state.turn == 3
        throws = len(screen.match.actions)
        await pilot.press("p")  # resumed: the turn goes on alone
        await settle(pilot, screen)
        assert len(screen.match.actions) > throws and screen.match.state.turn == 3


async def test_keys_for_names_the_throw_and_the_stop(app_factory):
    app = app_factory(start_game="des_bloques", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2, stop=1)
        for _ in range(12):
            action = screen.match.state.legal_actions()[-1]  # Stop whenever it is allowed
            played = len(screen.match.actions)
            await pilot.press(*screen.keys_for(action))
            await pilot.pause()
            assert screen.match.actions[played] == action


async def test_a_throw_shows_its_value_and_the_blocked_dice(app_factory):
    app = app_factory(start_game="des_bloques", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        tray = screen.query_one(DiceTray)
        await pilot.click(tray.dice[0])  # a click on a die throws too
        await pilot.pause()
        assert len(screen.match.actions) == 1
        for _ in range(20):
            if screen.match.state.last_throw.blocked:
                break
            await pilot.click("#cmd-roll")
            await pilot.pause()
        state = screen.match.state
        result = state.last_throw
        assert result.blocked and result.label in text(screen, "#value")
        for die, face in zip(tray.dice, state.faces, strict=False):
            assert die.value == face
            assert die.has_class("-locked") == (face in BLOCKING)
        assert text(screen, "#captions").count("bloqué") == len(state.blocked)
        assert f"Points du tour : {state.turn_total}" in text(screen, "#advice")
        assert "sans 2 ni 5" in text(screen, "#advice")


async def test_stopping_is_refused_in_the_default_rules_with_a_french_notice(app_factory):
    app = app_factory(start_game="des_bloques", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        assert not screen.query_one("#cmd-stop").display
        await pilot.press("l")
        await pilot.pause()
        before = screen.match.to_saved()
        await pilot.press("a")
        await pilot.pause()
        assert screen.match.to_saved() == before
        assert any("On ne s'arrête pas" in n for n in notices(app))


async def test_the_stop_variant_stops_by_key_and_by_click(app_factory):
    app = app_factory(start_game="des_bloques", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2, stop=1)
        await pilot.press("a")  # not before the first throw
        await pilot.pause()
        assert screen.match.actions == []
        assert any("Lance les dés au moins une fois" in n for n in notices(app))

        await pilot.press("l")
        await pilot.pause()
        state = screen.match.state
        seat, total = state.current, state.stop_preview()
        assert f"S'arrêter (a) → {total} · relancer est sans risque" in text(screen, "#advice")
        await pilot.press("a")
        await pilot.pause()
        assert state.scores[seat] == total and state.current != seat
        assert "s'arrête" in text(screen, "#value")

        await pilot.press("l")
        await pilot.pause()
        seat, total = state.current, state.stop_preview()
        await pilot.click("#cmd-stop")
        await pilot.pause()
        assert state.scores[seat] == total and state.current != seat


async def test_strict_variant_shows_what_a_blocked_throw_would_cost(app_factory):
    app = app_factory(start_game="des_bloques", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 1, penalty=1)
        for _ in range(30):
            await pilot.press("l")
            await pilot.pause()
            if screen.match.state.turn_total:
                break
        state = screen.match.state
        assert f"un 2 ou un 5 coûte {state.turn_total}" in text(screen, "#advice")
        assert "tout le tour est perdu" in text(screen, "#guide")


async def open_forced(app, pilot, players, dice, **options):
    """A match opened straight on its screen, with the dice scripted in order."""
    from jeux.engine.match import Match, Seat
    from jeux.engine.testing import ForcedRng
    from jeux.games.des_bloques.game import GAME
    from jeux.screenshots import open_match

    match = Match(GAME, 1, tuple(Seat(name) for name in players), options)
    match.rng = ForcedRng(dice)
    await pilot.pause()
    await open_match(app, match)
    await pilot.pause()
    return app.screen


async def test_the_strict_variant_shows_the_points_a_throw_wiped_out(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        dice = [1, 3, 4, 6, 6] + [2, 1, 1, 3, 4]
        screen = await open_forced(app, pilot, ("Lina", "Marc"), dice, penalty="turn")
        await pilot.press("l")
        await pilot.pause()
        assert "Aucun 2 ni 5 : +20" in text(screen, "#value")
        assert "+6" in text(screen, "#captions")
        await pilot.press("l")
        await pilot.pause()
        assert "20 perdus" in text(screen, "#value")
        assert "Points du tour : 0" in text(screen, "#advice")


async def test_a_playoff_between_tied_leaders_is_shown(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_forced(app, pilot, ("Lina", "Marc", "Zoé"), [], ties="playoff")
        state = screen.match.state
        state.turn, state.current, state.scores = 10, 2, [30, 12, 30]
        screen.match.rng.rolls = [2, 2, 2, 2, 2]
        await pilot.press("l")
        await pilot.pause()
        assert state.playoff == (0, 2)
        assert "Barrage · Au tour de Lina" in text(screen, "#turn")
        assert "Égalité à 30 points" in "\n".join(
            line.text for line in screen.query_one("#log").lines
        )
        assert screen.seat_status(state, 1) == ("12", True)
