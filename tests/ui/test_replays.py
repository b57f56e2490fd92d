"""The history and the replay viewer, played by keys (and a click)."""

import pytest
from textual.widgets import Button, Input, OptionList, Select, Static

from jeux.catalog import available
from jeux.engine.match import Match, Seat
from jeux.screenshots import demo_match
from jeux.ui.replay import ReplayMode
from jeux.ui.screens.around.history import HistoryScreen, ImportScreen
from jeux.ui.widgets.footer import KeysFooter
from jeux.ui.widgets.game_log import GameLog

from .pilot import last_notice, text


def keep_finished(app, match: Match) -> int:
    match_id = app.records.start(match.to_saved())
    app.records.finish(match_id, match.to_saved(), [])
    return match_id


def log_lines(screen) -> int:
    return len(screen.query_one(GameLog)._said)


async def open_history(app, pilot) -> HistoryScreen:
    await pilot.pause()
    await pilot.press("f4")
    await pilot.pause()
    assert isinstance(app.screen, HistoryScreen)
    return app.screen


async def replay_three_moves_in(app, pilot, game_id: str):
    """The replay of a finished demo match of `game_id`, opened from the history."""
    keep_finished(app, demo_match(game_id, 100_000))
    await open_history(app, pilot)
    await pilot.press("enter", "right", "right", "right")
    await pilot.pause()
    return app.screen


async def test_stepping_a_replay_forward_and_back_by_action_and_turn(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        match = demo_match("deck_menteur", 100_000)
        keep_finished(app, match)
        await open_history(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayMode)
        steps = replay.replay.steps
        assert text(replay, "#turn").startswith(f"0/{steps} · Manche 1 · au tour de Lina")
        assert "mains visibles" in text(replay, "#game-title")
        others = text(replay, "#opponents")
        assert "Marc" in others and app.glyphs.back not in others  # faces, not backs
        assert log_lines(replay) == 0

        await pilot.press("right", "right")
        assert replay.step == 2 and len(replay.match.actions) == 2
        assert text(replay, "#turn").startswith(f"2/{steps} ·")
        await pilot.press("left")
        assert replay.step == 1
        await pilot.press("down")
        first_turn_end = replay.replay.next_turn(1)
        assert replay.step == first_turn_end
        await pilot.press("up")
        assert replay.step == 0
        await pilot.press("end")
        await pilot.pause()
        assert replay.step == steps and text(replay, "#turn").endswith("Partie terminée")
        assert log_lines(replay) > 0
        await pilot.press("right")  # at the end: stays
        assert replay.step == steps
        await pilot.press("home")
        assert replay.step == 0
        forward = next(k for k in replay.query_one(KeysFooter).keys() if k.action == "step(1)")
        await pilot.click(KeysFooter, offset=(forward.start, 0))  # the mouse steps too
        assert replay.step == 1
        await pilot.press("left")

        await pilot.press("1", "a", "enter", "u")  # the game's keys play nothing
        await pilot.pause()
        assert replay.step == 0 and replay.match.actions == []
        assert app.records.unfinished() == []
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)


async def test_a_replay_tells_private_events_to_onlookers(app_factory):
    """Nobody is « tu » in a replay: the hands dealt and the cards drawn privately are told
    in the third person."""
    from tests.test_replays import SECOND_PERSON

    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        keep_finished(app, demo_match("arcane_arena", 100_000))
        await open_history(app, pilot)
        await pilot.press("enter", "end")
        await pilot.pause()
        said = app.screen.query_one(GameLog)._said
        assert any(line.startswith("Main de Marc : ") for line in said)
        assert any(line.startswith("Carte piochée par ") for line in said)
        assert [line for line in said if SECOND_PERSON.search(line)] == []


@pytest.mark.parametrize("game_id", ["expedition_rivale", "arcane_duel"])
async def test_the_other_hands_are_told_by_name(app_factory, game_id):
    """Along the top, each other seat's cards by name (not a blank row, nor kind marks);
    the first card of each hand at least, when three rows cannot hold them all."""
    from jeux.engine.replay import Replay
    from jeux.ui.replay import replay_screen

    match = demo_match(game_id, 100_000)
    replay = Replay.of(match.game, match.to_saved())
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(replay_screen(replay, 6))
        await pilot.pause()
        screen, state = app.screen, replay.at(6).state
        told = " ".join(text(screen, "#opponents").split())
        for other in screen.opponents(state):
            screen.shown_seat = other.seat
            cards = [face for _, face in screen.hand(state)]
            shown = cards if game_id == "expedition_rivale" else cards[:1]
            for face in shown:
                assert face.title and all(w.strip("-") in told for w in face.title.split())


async def test_coffre_et_cle_replays_with_every_card_face_up(app_factory):
    """« mains visibles »: each seat's role along the top, the centre and the card of the
    seat whose turn it is turned over."""
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        replay = await replay_three_moves_in(app, pilot, "coffre_et_cle")
        assert "mains visibles" in text(replay, "#game-title")
        state, seat = replay.match.state, replay.shown_seat
        others = text(replay, "#opponents").splitlines()
        for line, other in zip(others, state.others(seat), strict=True):
            assert line.startswith(state.players[other]) and state.hands[other].name in line
        faces = [card.card for card in replay.query_one("#centre-cards").cards]
        assert [f.title for f in faces] == [c.name for c in (*state.centre, state.hands[seat])]
        assert text(replay, "#peek") == ""


async def test_an_arena_replay_names_each_hand_then_the_seat_status(app_factory):
    """The cards by name, then « 6 PV · 0 manche »: the word « cartes » goes with a count
    of backs, which a replay does not draw (wide enough for the status to fit)."""
    app = app_factory()
    async with app.run_test(size=(160, 30)) as pilot:
        replay = await replay_three_moves_in(app, pilot, "arcane_arena")
        others = text(replay, "#opponents")
        assert "PV" in others and "carte" not in others


async def test_a_gladiators_replay_shows_the_secret_pick_made(app_factory):
    """« secrets visibles »: between the two secret picks, the first one is named."""
    from jeux.engine.replay import Replay
    from jeux.games.gladiators_duel.rules import STANCE_NAMES
    from jeux.ui.replay import replay_screen

    match = demo_match("gladiators_duel", 100_000)
    replay = Replay.of(match.game, match.to_saved())
    step = next(k for k in range(replay.steps) if replay.at(k).state.sealed)
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(replay_screen(replay, step))
        await pilot.pause()
        ((seat, sealed),) = app.screen.match.state.sealed.items()
        name, stance = match.seats[seat].name, STANCE_NAMES[sealed.stance]
        assert f"{name} a choisi : {stance}." in text(app.screen, "#value")


LIVE_PROMPTS = ("réfléchit…", "joue sur son écran", "À toi")
"""What a board says to a player who decides, or about one who does elsewhere."""


def assert_nothing_asked(replay, game_id: str) -> None:
    """A replay is watched, not played: no prompt to act, no button to press."""
    board = replay.query_one("#table")
    shown = [str(w.render()) for w in board.query(Static) if w.display and w.visible]
    asked = [line for line in shown if any(p in line for p in LIVE_PROMPTS)]
    assert not asked, (game_id, replay.step, asked)
    buttons = [b.id for b in board.query(Button) if b.display]
    assert not buttons, (game_id, replay.step, buttons)


GAME_GROUPS = 4
"""The games are stepped through in a few apps: fewer start-ups than one app per game, and
no single test long enough to hold the suite's end."""


@pytest.mark.parametrize("group", range(GAME_GROUPS))
async def test_every_game_replays_in_its_own_screen(app_factory, group):
    """Each finished match opens in its game's screen and shows a turn along, its end and its
    start again (each kind of step is tested once, on Deck menteur, above)."""
    games = [info.id for info in available()][group::GAME_GROUPS]
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        kept = {keep_finished(app, demo_match(game_id, 100_000)): game_id for game_id in games}
        history = await open_history(app, pilot)
        listing = history.query_one("#matches", OptionList)
        for match_id, game_id in kept.items():
            listing.highlighted = listing.get_option_index(str(match_id))
            history.action_replay()
            await pilot.pause()
            replay = app.screen
            assert isinstance(replay, ReplayMode) and replay.match.game.info.id == game_id
            for key in ("down", "end", "home"):
                await pilot.press(key)
                await pilot.pause()
                steps = f"{replay.step}/{replay.replay.steps} ·"
                assert text(replay, "#turn").startswith(steps), game_id
                assert_nothing_asked(replay, game_id)
            assert app.screen is replay and not app._notifications, game_id
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is history, game_id


async def test_history_filters_exports_and_imports(app_factory, tmp_path):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        keep_finished(app, demo_match("le_5000", 100_000))
        hostile = Match(demo_match("scoundrel", 0).game, 5, (Seat("[/][red]x" * 2000),), {})
        bot = hostile.game.bot(5)
        while not hostile.over:
            hostile.play(bot.choose(hostile.state.view(0)))
        scoundrel = keep_finished(app, hostile)
        history = await open_history(app, pilot)
        listing = history.query_one("#matches", OptionList)
        assert listing.option_count == 2
        assert "[/][red]x" in str(listing.get_option_at_index(0).prompt)

        history.query_one("#player-filter", Select).value = "Zoé"
        await pilot.pause()
        assert [m.game for m in history.matches] == ["le_5000"]
        history.query_one("#player-filter", Select).value = Select.NULL
        history.query_one("#game-filter", Select).value = "scoundrel"
        await pilot.pause()
        assert [m.id for m in history.matches] == [scoundrel]

        await pilot.press("m")
        await pilot.press("j")
        exports = app.locations.data_dir / "exports"
        names = sorted(p.suffix for p in exports.iterdir())
        assert names == [".json", ".md"]
        assert "Scoundrel" in (exports / next(p.name for p in exports.iterdir())).read_text()

        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, ImportScreen)
        app.screen.query_one(Input).value = str(next(exports.glob("*.json")))
        await pilot.press("enter")
        await pilot.pause()
        assert "déjà dans l'historique" in last_notice(app)

        not_a_match = tmp_path / "liste.json"
        not_a_match.write_text("[]", encoding="utf-8")
        await pilot.press("i")
        await pilot.pause()
        app.screen.query_one(Input).value = str(not_a_match)
        await pilot.press("enter")
        await pilot.pause()
        assert "n'est pas une partie de jeux" in last_notice(app)
        assert len(app.records.finished()) == 2


async def test_a_match_of_an_older_version_says_so(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        match = demo_match("le_5000", 100_000)
        saved = {**match.to_saved(), "version": match.game.version - 1}
        match_id = app.records.start(saved)
        app.records.finish(match_id, saved, [])
        history = await open_history(app, pilot)
        assert "autre version de ses règles" in text(history, "#match-details")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is history and "autre version" in last_notice(app)
        await pilot.press("m")
        assert "autre version" in last_notice(app)


async def test_history_and_replay_in_ascii_show_no_symbol(app_factory):
    from .test_french_and_ascii import screen_text, symbols

    app = app_factory()
    app.settings.ascii = True
    async with app.run_test(size=(80, 24)) as pilot:
        keep_finished(app, demo_match("deck_menteur", 100_000))
        await open_history(app, pilot)
        assert not symbols(screen_text(app))
        await pilot.press("enter", "right", "right", "right")
        await pilot.pause()
        assert isinstance(app.screen, ReplayMode)
        assert not symbols(screen_text(app))


async def test_the_results_replay_the_match_just_played(app_factory):
    from jeux.ui.screens.play.results import ResultsScreen
    from jeux.ui.widgets.score_sheet import SheetData

    match = demo_match("le_5000", 10_000)
    assert match.over
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ResultsScreen(match, SheetData(match.state.players)))
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ReplayMode) and app.screen.step == 0
        await pilot.press("end", "escape")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
