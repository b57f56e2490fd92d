"""Layer 3: what is special to Sortie 20's screen: the reroll planned on the dice, the
special's previews, the forced stop; the shared driver plays it to the results."""

from random import Random

from textual.widgets import Button

from jeux.games.sortie_20.rules import (
    CHOOSE,
    ELIMINATED,
    FREE,
    KEPT,
    Activate,
    Flip,
    Reroll,
    Roll,
    Stop,
)
from jeux.games.sortie_20.screen import DROP, FLIP, SIX, SortieScreen
from jeux.ui.widgets.dice_tray import DiceTray

from .driver import settle
from .pilot import last_notice, starter, text

ONE_FIVE_SIX_SEED = 52
"""The first throw is 3, 1, 6, 5, 4; keeping the 1 and eliminating the 5 then throws 3, 4, 1."""
TWO_SIXES_SEED = 13
"""The first throw is 3, 3, 6, 6, 2."""


start = starter(SortieScreen)


async def test_solo_has_no_turn_limit_and_keeps_the_fewest_turns(app_factory):
    app = app_factory(start_game="sortie_20", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 1)
        assert screen.match.options["turn_limit"] == 0  # no limit for people by default
        assert screen.query_one("#sheet").border_subtitle == "Objectif 20"
        assert text(screen, "#turn") == "Tour 1 · Lina"
        match, profile = screen.match, screen.match.seats[0].profile
        seat = dict(profile=profile, name="Lina", seat=0, rank=1)
        for score, won, low in ((12, True, True), (9, True, True), (14, False, False)):
            match_id = app.records.start(match.to_saved())
            result = dict(seat, score=score, won=won, low=low)
            app.records.finish(match_id, match.to_saved(), [result])
        assert SortieScreen.results_records(app, match).startswith(
            "Lina : 3 parties, record en solo 9 tours"
        )


async def test_out_of_turn_keys_change_nothing(app_factory):
    app = app_factory(start_game="sortie_20", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("a", "r", "s", "3")
        await pilot.pause()
        assert screen.match.actions == []
        assert last_notice(app) == "Lance d'abord les dés."


async def test_the_dice_to_keep_are_picked_then_l_asks_which_die_pays(app_factory):
    app = app_factory(seed=ONE_FIVE_SIX_SEED, start_game="sortie_20", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("l")
        await pilot.pause()
        state = screen.match.state
        assert state.dice == [3, 1, 6, 5, 4] and state.phase == CHOOSE
        dice = screen.query_one(DiceTray).dice
        assert all(d.has_class("-selectable") for d in dice)
        assert "Arrêt (a) : -2 → 0" in text(screen, "#value")  # floored at 0
        assert "Un 1 : +1, un 5 : -3 = -2" in text(screen, "#value")

        await pilot.press("2")  # keep the 1
        await pilot.click(dice[2])  # and the 6, by a click
        await pilot.pause()
        assert screen.selection == (1, 2)
        assert text(screen, "#captions").split() == ["libre", "garder", "garder", "libre", "libre"]
        await pilot.press("1")  # a third die would leave a reroll of one die: refused
        await pilot.pause()
        assert screen.selection == (1, 2) and "Garde au plus 2" in last_notice(app)
        await pilot.press("3")  # the 6 is free again
        await pilot.pause()
        assert screen.selection == (1,)
        assert "l : garder 1 dé, éliminer un dé, relancer 3" in text(screen, "#advice")

        await pilot.press("l")
        await pilot.pause()
        assert screen.picking == DROP
        assert "Quel dé éliminer ? (1-5, Échap : annuler)" in text(screen, "#advice")
        assert "4  élimine le 5, relance 3 dés" in text(screen, "#guide")
        await pilot.press("2")  # the 1 is marked « garder »: it stays kept
        await pilot.pause()
        assert last_notice(app) == "Ce dé est marqué « garder » : élimine un autre dé."
        await pilot.press("escape")  # closes the choice, stays in the match
        await pilot.pause()
        assert screen.picking is None and app.screen is screen and screen.selection == (1,)
        await pilot.press("l")
        await pilot.click(dice[3])
        await pilot.pause()
        assert screen.match.actions == [Roll(), Reroll(3, (1,))]
        state = screen.match.state
        assert state.dice == [3, 1, 4, 5, 1]
        assert state.status == [FREE, KEPT, FREE, ELIMINATED, FREE]
        assert screen.selection == ()
        assert text(screen, "#captions").split() == ["libre", "gardé", "libre", "éliminé", "libre"]
        assert dice[3].has_class("-void") and dice[1].has_class("-kept")
        await pilot.press("2")  # the kept 1 is locked for the turn
        await pilot.pause()
        assert last_notice(app) == "Ce dé est gardé jusqu'à la fin du tour."


async def test_the_flip_shows_what_each_die_would_give(app_factory):
    app = app_factory(seed=ONE_FIVE_SIX_SEED, start_game="sortie_20", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("l")
        await settle(pilot, screen)  # pressed while the dice are shown, « r » is refused
        await pilot.press("r")
        await pilot.pause()
        assert screen.picking == FLIP
        guide = text(screen, "#guide")
        assert "4  5 → 2 (+3)   arrêt : +1" in guide
        assert "3  6 → 1 (+1)   arrêt : -1" in guide
        assert text(screen, "#captions").split()[6:8] == ["→", "2"]  # under the 5
        await pilot.press("4")
        await pilot.pause()
        assert screen.match.actions == [Roll(), Flip(3)]
        state = screen.match.state
        assert state.dice[3] == 2 and state.status[3] == KEPT and state.special_used
        assert text(screen, "#captions").split()[3] == "retourné"
        assert "Arrêt (a) : +1 → 1" in text(screen, "#value")
        assert not screen.query_one("#cmd-flip", Button).display
        await pilot.press("r")  # once per turn: nothing more to flip
        await pilot.pause()
        assert screen.match.actions == [Roll(), Flip(3)] and screen.picking is None


async def test_a_lone_six_is_activated_at_once_by_a_click(app_factory):
    app = app_factory(seed=ONE_FIVE_SIX_SEED, start_game="sortie_20", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("l")
        await pilot.pause()
        await pilot.click("#cmd-six")
        await pilot.pause()
        assert screen.match.actions == [Roll(), Activate(2)]
        assert text(screen, "#captions").split()[2] == "activé"
        assert "six activé : +2 = 0" in text(screen, "#value")


async def test_two_sixes_ask_which_one(app_factory):
    app = app_factory(seed=TWO_SIXES_SEED, start_game="sortie_20", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("l", "s")
        await pilot.pause()
        assert screen.match.state.dice == [3, 3, 6, 6, 2]
        assert screen.picking == SIX
        assert "4  ce 6 activé (+2)   arrêt : +2" in text(screen, "#guide")
        await pilot.press("1")  # not a 6
        await pilot.pause()
        assert last_notice(app) == "Seul un 6 peut être activé."
        assert screen.picking == SIX
        await pilot.click(screen.query_one(DiceTray).dice[3])
        await pilot.pause()
        assert screen.match.actions == [Roll(), Activate(3)]


async def test_the_forced_stop_and_the_last_throw_stays_visible(app_factory):
    app = app_factory(seed=ONE_FIVE_SIX_SEED, start_game="sortie_20", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("l")
        for _ in range(3):
            await pilot.press("l", str(screen.match.state.free()[0] + 1))
            await pilot.pause()
        state = screen.match.state
        assert state.must_stop and len(state.free()) == 2
        assert "Arrêt forcé" in text(screen, "#value")
        assert "2 dés libres : spécial (r, s) ou arrêt (a)." in text(screen, "#advice")
        await pilot.press("l")
        await pilot.pause()
        assert last_notice(app) == "Obligé d'arrêter : il ne reste que 2 dés à lancer."
        faces = list(state.dice)
        await pilot.press("a")
        await pilot.pause()
        assert screen.match.actions[-1] == Stop()
        after = screen.match.state
        assert after.to_move() == 1 and after.dice == []
        # the engine cleared the table; the screen keeps the last throw and its verdict
        assert [d.value for d in screen.query_one(DiceTray).dice] == faces
        assert text(screen, "#captions").split().count("éliminé") == 3
        first_player = after.players[0]
        assert text(screen, "#value").startswith(f"{first_player} doit s'arrêter : ")
        assert "Lance les cinq dés" in text(screen, "#advice")


async def test_quit_then_resume_with_the_last_throw(app_factory):
    app = app_factory(seed=ONE_FIVE_SIX_SEED, start_game="sortie_20", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, 2)
        await pilot.press("l", "a")
        await pilot.pause()
        before = screen.match.to_saved()
        await pilot.press("ctrl+c")

    again = app_factory()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # "Reprendre" comes first in the menu
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, SortieScreen)
        assert screen.match.to_saved() == before
        assert [d.value for d in screen.query_one(DiceTray).dice] == [3, 1, 6, 5, 4]
        assert "s'arrête : -2 → total 0" in text(screen, "#value")


async def test_keys_for_plays_every_kind_of_move(app_factory):
    app = app_factory(seed=3, start_game="sortie_20", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, 2)
        pick, kinds = Random(3).choice, set()
        for _ in range(15):
            action = pick(screen.match.state.legal_actions())
            played = len(screen.match.actions)
            await pilot.press(*screen.keys_for(action))
            await pilot.pause()
            assert screen.match.actions[played] == action
            kinds.add(type(action))
        assert kinds == {Roll, Reroll, Flip, Activate, Stop}
