"""Layer 3: what is special to The Last Spell's screen: the spell's words, the dice of the
player whose turn it is, the sheet's marks; the shared driver plays it to the results."""

from jeux.games.the_last_spell.rules import Roll, Stop
from jeux.games.the_last_spell.screen import LastSpellScreen
from jeux.ui.widgets.dice_tray import DiceTray
from tests.settle import wait_until

from .pilot import tick_players


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
        await pilot.press("f5", "l")
        # A roll pressed while the first one's dice are shown is refused (they revealed
        # something): the second waits for them, which a busy machine takes longer to show.
        game = app.screen
        await wait_until(pilot, lambda: game.match.actions and not game.busy, "the first roll")
        await pilot.press("l")
        await wait_until(pilot, lambda: len(game.match.actions) == 2, "two rolls played")
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
        faces = again.screen.match.state.faces
        assert faces and [d.value for d in again.screen.query_one(DiceTray).dice] == list(faces)


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
        screen.action_command("roll")
        assert screen.busy  # the dice are tumbling
        screen.action_command("roll")  # a key bounce: the player has not seen the dice yet
        await wait_until(pilot, lambda: not screen.busy, "the dice to settle")
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
        screen.action_command("stop")  # the turn passes while the spell is animated
        screen.action_command("roll")  # pressed during that animation: not the next player's roll
        await wait_until(pilot, lambda: not screen.busy, "the dice to settle")
        assert len(screen.match.actions) == 2


async def start(app, pilot, players):
    await tick_players(pilot, players)
    await pilot.press("f5")
    await pilot.pause()
    assert isinstance(app.screen, LastSpellScreen)
    return app.screen


async def test_the_word_typed_before_the_first_throw_is_kept(app_factory):
    app = app_factory(seed=4, start_game="the_last_spell", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press(*screen.keys_for(Roll("Nova")))
        await pilot.pause()
        assert screen.match.actions == [Roll("Nova")]
        assert screen.match.state.spell_name == "Nova"
        assert "« Nova »" in str(screen.query_one("#spell").render())
        await pilot.press(*screen.keys_for(Stop("du Néant")))
        await pilot.pause()
        assert screen.match.actions[-1] == Stop("du Néant")
        assert screen.match.state.history[-1].name == "Nova du Néant"


async def test_the_dice_are_those_of_the_player_whose_turn_it_is(app_factory):
    app = app_factory(seed=4, start_game="the_last_spell", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        dice = screen.query_one(DiceTray).dice
        assert all(d.has_class("-void") for d in dice)
        await pilot.press("l")
        await pilot.pause()
        faces = screen.match.state.faces
        assert [d.value for d in dice] == list(faces)
        for die, face in zip(dice, faces, strict=True):
            assert die.has_class("-locked") == (face == 1)  # a 1 adds instability
        await pilot.press("a")  # the turn passes: Lina's dice leave the table
        await pilot.pause()
        assert all(d.has_class("-void") for d in dice)
        sheet = screen.query_one("#sheet")
        assert sheet.border_subtitle == "+ réussi  - raté  ✕ explosé"
        assert sheet.get_row_at(0)[1].plain.endswith("+")
