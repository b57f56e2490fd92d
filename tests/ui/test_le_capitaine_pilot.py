"""Layer 3: Le Capitaine played by keys (and clicks), from the setup screen to the results."""

from textual.widgets import Static

from jeux.engine.match import Match, Seat
from jeux.games.le_capitaine.game import GAME
from jeux.games.le_capitaine.rules import Roll, Stop
from jeux.games.le_capitaine.screen import CapitaineScreen
from jeux.screenshots import open_match
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.widgets.dice_tray import DiceTray

from .pilot import last_notice, starter, text

SHORT_GAME = 1
"""A seed whose short game (50 knots) ends within 35 moves, to keep the suite quick."""
CREW_FIRST_THROW = 12
"""With this seed the first throw is 4, 3, 6, 5, 6: ship, captain and crew at once,
and the cargo is dice 2 and 5 (3 + 6 = 9)."""


start = starter(CapitaineScreen)


def key_for(state):
    """Roll until the crew is complete, then sail a cargo of 7 or more."""
    return "a" if state.phase == "cargo" and state.cargo >= 7 else "l"


def action_for(state):
    """The move `key_for` makes, on the engine (the default selection is the whole cargo)."""
    return Stop() if key_for(state) == "a" else Roll(state.free_dice)


async def play_to_the_end(app, pilot, screen, limit=600):
    """Keys only, for every human seat, until the results show."""
    for _ in range(limit):
        if isinstance(app.screen, ResultsScreen):
            await pilot.pause()  # let the results screen finish mounting
            return
        state = screen.match.state
        seat = state.to_move()
        if seat is not None and not screen.match.seats[seat].bot:
            await pilot.press(key_for(state))
        await pilot.pause()
    raise AssertionError("the match did not end")


async def open_one_move_from_the_end(app, pilot, seats, options):
    """A match played on the engine up to its last move, opened on screen: the last move is
    then played by key, which is all a test of the end needs."""
    match = Match(GAME, 7, seats, options)
    while not match.over:
        match.play(action_for(match.state))
    last = match.actions[-1]
    match = Match(GAME, 7, seats, options, match.actions[:-1])
    await open_match(app, match)
    await pilot.pause()
    assert key_for(match.state) == ("a" if last == Stop() else "l")
    return app.screen


async def test_stop_before_the_crew_is_refused_in_french_and_changes_nothing(app_factory):
    app = app_factory(start_game="le_capitaine", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("a", "3")
        await pilot.pause()
        assert screen.match.actions == []
        messages = [n.message for n in app._notifications]
        assert any("équipage complet" in m for m in messages)
        assert any("Lance d'abord" in m for m in messages)


async def test_cargo_dice_are_chosen_by_keys_and_clicks(app_factory):
    app = app_factory(seed=CREW_FIRST_THROW, start_game="le_capitaine", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 1)
        await pilot.press("l")
        await pilot.pause()
        state = screen.match.state
        assert state.faces == (4, 3, 6, 5, 6) and state.cargo_dice == (1, 4)
        dice = screen.query_one(DiceTray).dice
        # the whole cargo is offered for a rethrow, the crew is set aside and says so
        assert screen.selection == (1, 4)
        assert dice[0].has_class("-kept") and dice[1].has_class("-selected")
        assert text(screen, "#captions").split() == ["équipage", "relance", "bateau"] + [
            "capitaine",
            "relance",
        ]
        assert "Équipage complet, cargaison 9" in text(screen, "#value")
        assert "+9 nœuds → 9" in text(screen, "#advice")
        assert "2 à 12, moyenne 7" in text(screen, "#advice")

        await pilot.press("5")  # keep the 6
        await pilot.pause()
        assert screen.selection == (1,)
        assert dice[4].has_class("-selectable") and text(screen, "#captions").endswith("garde")
        assert "le dé 2 : 7 à 12, moyenne 9,5" in text(screen, "#advice")

        await pilot.press("1")  # the crew stays aboard: refused, nothing changes
        await pilot.pause()
        assert screen.selection == (1,)
        assert "Seuls les dés de cargaison" in last_notice(app)

        await pilot.click(dice[1])  # a click unselects the 3 too: nothing to throw
        await pilot.pause()
        assert screen.selection == ()
        await pilot.press("l")
        await pilot.pause()
        assert screen.match.actions == [Roll()]
        assert "Choisis au moins un dé" in last_notice(app)

        await pilot.click(dice[4])  # click the 6 back in, then throw it alone
        await pilot.pause()
        assert screen.selection == (4,)
        await pilot.press("l")
        await pilot.pause()
        assert screen.match.actions == [Roll(), Roll((4,))]
        await pilot.press("a")
        await pilot.pause()
        assert screen.match.actions[-1] == Stop()
        # the turn is over: its last throw stays on the table with the verdict
        assert screen.match.state.phase == "start"
        assert [d.value for d in dice][:4] == [4, 3, 6, 5]
        assert all(d.has_class("-void") for d in dice)
        assert "parcourt" in text(screen, "#value")


async def test_variant_both_cargo_dice_go_together(app_factory):
    app = app_factory(seed=CREW_FIRST_THROW, start_game="le_capitaine", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 1, **{"opt-cargo_reroll": 1})
        assert screen.match.options["cargo_reroll"] == "both"
        await pilot.press("l", "5")
        await pilot.pause()
        assert screen.selection == (1, 4)
        assert "ensemble" in last_notice(app)
        await pilot.press("l")
        await pilot.pause()
        assert screen.match.actions == [Roll(), Roll((1, 4))]


async def test_solo_score_attack_records_the_fewest_turns(app_factory):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        lina = app.profiles.players[0]
        screen = await open_one_move_from_the_end(
            app, pilot, (Seat(lina.name, lina.id),), {"target": 50}
        )
        await play_to_the_end(app, pilot, screen)
        outcome = screen.match.outcome()
        turns = screen.match.state.race.turns()
        assert outcome.scores == (turns,) and outcome.lower_is_better
        assert app.records.record(lina.id, "le_capitaine", lower_is_better=True).best == turns
        records = str(app.screen.query_one("#records", Static).render())
        assert f"record en solo {turns} tours" in records
