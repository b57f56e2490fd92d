"""Layer 3: what is special to Mystère au Manoir's screen: witnesses and the double 1 picked
on the dice, the perfect investigation's bonus pass; the shared driver plays it to the end."""

from random import Random

from textual.widgets import Button

from jeux.games.mystere_au_manoir.rules import (
    BONUS,
    CHOOSE,
    DoubleOneReroll,
    EndTurn,
    Roll,
    Score,
    WitnessReroll,
)
from jeux.games.mystere_au_manoir.screen import ManoirScreen
from jeux.ui.widgets.dice_tray import DiceTray

from .pilot import last_notice, starter, text

WITNESS_SEED = 33
"""The first throw is 5, 2, 6, 2, 3: one witness, one false lead."""
DOUBLE_SEED = 42
"""The first throw is 6, 1, 1, 6, 3: two clues, no witness; only the 3 may be rerolled."""
PERFECT_SEED = 97
"""The first throw is 2, 4, 3, 1, 5: a perfect investigation (the 5 could still speak)."""


start = starter(ManoirScreen)


async def test_noting_before_rolling_is_refused_in_french_and_changes_nothing(app_factory):
    app = app_factory(start_game="mystere_au_manoir", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("a", "t", "1")
        await pilot.pause()
        assert screen.match.actions == []
        messages = [n.message for n in app._notifications]
        assert "Lance d'abord les dés." in messages


async def test_witness_dice_are_picked_by_keys_and_clicks(app_factory):
    app = app_factory(seed=WITNESS_SEED, start_game="mystere_au_manoir", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("l")
        await pilot.pause()
        state = screen.match.state
        assert state.dice == [5, 2, 6, 2, 3] and state.phase == CHOOSE
        dice = screen.query_one(DiceTray).dice
        # what each die is, told by its look and its words; the 6 never rerolls
        assert text(screen, "#captions").split() == ["témoin", "piste", "bloqué", "piste", "piste"]
        assert dice[0].has_class("-selectable") and dice[2].has_class("-locked")
        assert "Indices et pistes : 7" in text(screen, "#value")
        assert "1 témoin" in text(screen, "#status")

        await pilot.press("1")  # the witness
        await pilot.click(dice[1])  # and the 2, by a click
        await pilot.pause()
        assert screen.selection == (0, 1)
        assert dice[0].has_class("-selected") and dice[1].has_class("-selected")
        assert text(screen, "#captions").split()[:2] == ["relance", "relance"]
        assert "t : le témoin relance 2 dés" in text(screen, "#advice")

        await pilot.click(dice[2])  # a false lead: refused, nothing changes
        await pilot.pause()
        assert screen.selection == (0, 1)
        assert "fausse piste (6)" in last_notice(app)

        await pilot.press("2")  # unpick the 2 by key: the witness alone
        await pilot.pause()
        assert screen.selection == (0,)
        assert "d : double 1" not in text(screen, "#advice")  # no two 1s showing
        await pilot.click("#cmd-witness")
        await pilot.pause()
        assert screen.match.actions == [Roll(), WitnessReroll((0,))]
        after = screen.match.state
        assert after.dice[1:] == [2, 6, 2, 3] or after.to_move() == 1
        assert screen.selection == () or screen.match.state.to_move() == 1


async def test_a_witness_reroll_needs_a_five_among_the_dice(app_factory):
    app = app_factory(seed=WITNESS_SEED, start_game="mystere_au_manoir", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("l", "t")
        await pilot.pause()
        assert last_notice(app) == "Choisis au moins un dé à relancer."
        await pilot.press("2", "t")  # a 2 alone: no witness among the dice
        await pilot.pause()
        assert screen.match.actions == [Roll()]
        assert "Il faut un 5 (témoin) parmi les dés choisis." in text(screen, "#advice")
        assert "témoin (un 5) doit faire partie" in last_notice(app)


async def test_the_double_one_reroll_by_key_then_by_click(app_factory):
    app = app_factory(seed=DOUBLE_SEED, start_game="mystere_au_manoir", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("l")
        await pilot.pause()
        assert screen.match.state.dice == [6, 1, 1, 6, 3]
        dice = screen.query_one(DiceTray).dice
        # the 3 is the double 1's only target: it is picked already
        assert screen.selection == (4,) and dice[4].has_class("-selected")
        assert "double 1 prêt" in text(screen, "#status")
        assert screen.query_one("#cmd-double", Button).display
        assert not screen.query_one("#cmd-witness", Button).display
        await pilot.press("2")  # a 1 stays: refused
        await pilot.pause()
        assert "ni un 1 ni un 6" in last_notice(app)
        assert "d : double 1 sur le dé 5" in text(screen, "#advice")
        await pilot.click("#cmd-double")
        await pilot.pause()
        assert screen.match.actions == [Roll(), DoubleOneReroll(4)]
        await pilot.pause()
        state = screen.match.state
        if state.to_move() == 0:  # a witness came up: the double 1 is spent anyway
            await pilot.press("d")
            await pilot.pause()
            assert "déjà servi" in last_notice(app)
            await pilot.press("a")
            await pilot.pause()
        assert screen.match.state.to_move() == 1


async def test_a_perfect_investigation_offers_the_bonus_pass(app_factory):
    app = app_factory(seed=PERFECT_SEED, start_game="mystere_au_manoir", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("l")
        await pilot.pause()
        assert "Enquête parfaite : 50" in text(screen, "#value")
        assert "1-2-3-4-5" in text(screen, "#guide")
        await pilot.press("a")
        await pilot.pause()
        state = screen.match.state
        assert state.phase == BONUS and state.passes == [50]
        assert screen.query_one("#cmd-roll", Button).display
        assert screen.query_one("#cmd-score", Button).display
        assert "passe bonus" in text(screen, "#turn")
        assert "Enquête parfaite : 50 acquis" in text(screen, "#value")
        assert "garder les 50 (a)" in text(screen, "#advice")
        assert all(d.has_class("-kept") for d in screen.query_one(DiceTray).dice)
        await pilot.press("l")  # the bonus pass: five new dice, same turn
        await pilot.pause()
        assert screen.match.actions == [Roll(), Score(), Roll()]
        while screen.match.state.to_move() == 0:
            await pilot.press("a")
            await pilot.pause()
        first = screen.match.state.race.marks(0)[0].points
        assert first >= 50
        first_player = screen.match.state.players[0]  # the seat order is drawn at setup
        assert text(screen, "#value").startswith(f"{first_player} : 50 + ")
        assert f"(total {first})" in text(screen, "#value")


async def test_keeping_the_fifty_ends_the_turn_and_the_throw_stays_visible(app_factory):
    app = app_factory(seed=PERFECT_SEED, start_game="mystere_au_manoir", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("l", "a")
        await pilot.pause()
        await pilot.click("#cmd-score")
        await pilot.pause()
        assert screen.match.actions == [Roll(), Score(), EndTurn()]
        state = screen.match.state
        assert state.to_move() == 1 and state.totals == [50, 0] and state.dice == []
        # the engine cleared the dice; the screen keeps the last throw and its verdict
        dice = screen.query_one(DiceTray).dice
        assert [d.value for d in dice] == [2, 4, 3, 1, 5]
        first_player = state.players[0]
        assert f"{first_player} : Enquête parfaite : 50 (total 50)" in text(screen, "#value")
        assert "Lance les cinq dés" in text(screen, "#advice")


async def test_quit_mid_turn_then_resume_with_the_last_throw(app_factory):
    app = app_factory(seed=PERFECT_SEED, start_game="mystere_au_manoir", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("l", "a", "a")
        await pilot.pause()
        before = screen.match.to_saved()
        await pilot.press("ctrl+c")

    again = app_factory()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # "Reprendre" comes first in the menu
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, ManoirScreen)
        assert screen.match.to_saved() == before
        assert [d.value for d in screen.query_one(DiceTray).dice] == [2, 4, 3, 1, 5]
        assert "Enquête parfaite : 50 (total 50)" in text(screen, "#value")


async def test_solo_records_count_the_fewest_turns(app_factory):
    app = app_factory(start_game="mystere_au_manoir", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 1)
        assert screen.query_one("#sheet").border_subtitle == "Objectif 100"
        match, profile = screen.match, screen.match.seats[0].profile
        seat = dict(profile=profile, name="Lina", seat=0, rank=1)
        for score, won, low in ((12, True, True), (9, True, True), (80, False, False)):
            match_id = app.records.start(match.to_saved())
            app.records.finish(
                match_id, match.to_saved(), [dict(seat, score=score, won=won, low=low)]
            )
        records = ManoirScreen.results_records(app, match)
        assert records.startswith("Lina : 3 parties, record en solo 9 tours")


async def test_keys_for_plays_every_kind_of_move(app_factory):
    app = app_factory(seed=5, start_game="mystere_au_manoir", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        pick, kinds = Random(5).choice, set()
        for _ in range(15):
            action = pick(screen.match.state.legal_actions())
            played = len(screen.match.actions)
            await pilot.press(*screen.keys_for(action))
            await pilot.pause()
            assert screen.match.actions[played] == action
            kinds.add(type(action))
        assert {Roll, WitnessReroll, DoubleOneReroll} <= kinds  # and Score by its own tests
