"""Layer 3, what is special to Le Signal (the shared driver plays it to the results): the
fields of a scene by keys and clicks, free play without a verdict, the Sixième Signe's table,
the journals reread and exported; the big d20."""

from textual.widgets import Static

from jeux.games.le_signal.rules import (
    CHALLENGE,
    CONSEQUENCE,
    PROMPTS,
    SCENE,
    SIXTH_SIGN,
    Conclude,
    Roll,
)
from jeux.games.le_signal.screen import JournalsScreen, LeSignalScreen, PutAwayScreen
from jeux.ui.screens.around.history import HistoryScreen
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.screens.start.menu import MenuScreen
from jeux.ui.screens.start.setup import SetupScreen
from jeux.ui.widgets.die import Die, DieFace, big_number

from .driver import settle
from .pilot import open_solo, text

MODE_KEYS = {"libre": (), CHALLENGE: ("down",), SIXTH_SIGN: ("down", "down")}


async def start(app, pilot, mode="libre", length_up=False):
    """From the setup screen: tick Lina, choose the mode (and 3 events), play (F5)."""
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    await pilot.press("space", "down")
    if MODE_KEYS[mode]:
        await pilot.press("tab", "tab", "tab", "enter", *MODE_KEYS[mode], "enter")
        if length_up:
            await pilot.press("tab", "enter", "up", "enter")
    await pilot.press("f5")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, LeSignalScreen)
    assert screen.match.state.mode == mode
    return screen


def notices(app):
    return [n.message for n in app._notifications]


async def type_text(pilot, text):
    await pilot.press(*("space" if ch == " " else ch for ch in text))


async def play_to_results(app, pilot, screen, limit=400):
    for _ in range(limit):
        if isinstance(app.screen, ResultsScreen):
            return
        await pilot.press("l")
        await pilot.pause()
    raise AssertionError("the session did not end")


async def test_free_play_by_keys_with_every_field_to_the_results(app_factory):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_solo(pilot, "le_signal")
        assert screen.focused is None  # letters are moves until a field is asked for

        await pilot.press("i")  # an idea from the theme's deck fills the event field
        idea = screen.field("event").value
        assert idea in PROMPTS["survie"]
        await pilot.press("a")
        assert screen.focused is screen.field("action")
        await type_text(pilot, "Je me cache")
        await pilot.press("enter")  # validates the field and gives the keys back
        assert screen.focused is None
        await pilot.press("l")
        await pilot.pause()
        state = screen.match.state
        assert state.phase == CONSEQUENCE
        scene = state.journal[0]
        assert (scene.event, scene.action) == (idea, "Je me cache")
        face = scene.face
        assert screen.query_one("#d20", Die).value == face
        verdict = text(screen, "#verdict")
        assert f"{face} → {scene.band.label.upper()}" in verdict
        assert scene.band.meaning[1:] in verdict
        assert "▶" in text(screen, "#bands")
        assert screen.field("event").disabled and screen.field("event").value == idea

        await pilot.press("c")
        await type_text(pilot, "Personne ne me voit")
        await pilot.press("enter")  # Enter in the consequence field closes the scene
        await pilot.pause()
        assert state.phase == SCENE and state.journal[0].consequence == "Personne ne me voit"
        assert all(screen.field(name).value == "" for name in ("event", "action", "consequence"))
        assert screen.query_one("#d20", Die).value == face  # lies as thrown until rerolled
        assert "▶" not in text(screen, "#bands")  # its scene is told: no row marked

        await pilot.press("e")
        await type_text(pilot, "Un chien")
        await pilot.press("enter")  # the keys are the game's again: « a » opens the action
        assert screen.focused is None
        await pilot.press("a")
        assert screen.focused is screen.field("action") and screen.field("action").value == ""
        await type_text(pilot, "Je siffle")
        await pilot.press("escape")  # leaves the field, does not leave the game
        assert screen.focused is None and app.screen is screen
        await pilot.press("space")  # space rolls then passes, like l
        await settle(pilot, screen)  # pressed while the die is shown, it would be refused
        await pilot.press("space")
        await pilot.pause()
        assert (state.journal[1].event, state.journal[1].action) == ("Un chien", "Je siffle")

        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, PutAwayScreen)
        await type_text(pilot, "Fin")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert state.note == "Fin"
        place = str(app.screen.query_one(".place", Static).render())
        assert place.split() == ["Fin", "Lina"]  # free play: no « Victoire », no score
        assert not screen.sheet(state).leaders
        records = str(app.screen.query_one("#records", Static).render())
        assert "Lina : 1 session, 2 scènes en tout" in records
        assert "record de 2 scènes" in records
        assert not app.records.unfinished()


async def test_challenge_of_three_by_keys_ends_on_its_own(app_factory):
    app = app_factory(start_game="le_signal", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, CHALLENGE, length_up=True)
        state = screen.match.state
        assert state.challenge_length == 3
        assert "Échecs critiques" in text(screen, "#gauge")
        assert not screen.query_one("#end").display  # no putting the die away in a challenge
        assert "f" not in screen.active_bindings  # nor a key for it
        await pilot.press("f")
        await pilot.pause()
        assert app.screen is screen and screen.match.actions == []
        await play_to_results(app, pilot, screen)
        outcome = screen.match.outcome()
        assert len(state.journal) <= 3 and state.ending in ("gagné", "perdu")
        summary = str(app.screen.query_one("#summary", Static).render())
        assert summary == outcome.summary
        assert "Défis de 3 réussis" in str(app.screen.query_one("#records", Static).render())


async def test_sixth_sign_shows_lucidity_states_and_revelations(app_factory):
    app = app_factory(start_game="le_signal", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(app, pilot, SIXTH_SIGN)
        state = screen.match.state
        assert "Lucidité" in text(screen, "#gauge") and "3/3" in text(screen, "#gauge")
        assert "Révélations" in text(screen, "#meter-extra")
        assert "Ébranlé·e : non" in text(screen, "#mind")
        assert "Clarté : non" in text(screen, "#mind")
        seen_mind = set()
        for _ in range(400):
            if isinstance(app.screen, ResultsScreen):
                break
            await pilot.press("l")
            await pilot.pause()
            if state.phase == CONSEQUENCE:
                mind = text(screen, "#mind")
                assert f"Ébranlé·e : {'oui' if state.shaken else 'non'}" in mind
                assert f"Clarté : {'oui' if state.shield else 'non'}" in mind
                assert f"{state.lucidity}/3" in text(screen, "#gauge")
                assert f"{state.revelations}/2" in text(screen, "#meter-extra")
                assert "Esprit : " in text(screen, "#verdict")
                assert "critique : −1" in text(screen, "#bands")
                seen_mind.add((state.shaken, state.shield))
                if state.awaiting_clue:
                    assert "Indice (c)" in text(screen, "#consequence-label")
        assert isinstance(app.screen, ResultsScreen)
        assert len(seen_mind) > 1
        assert state.ending in ("gagné", "perdu")


async def test_illegal_move_gives_a_french_notice_and_changes_nothing(app_factory):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_solo(pilot, "le_signal")
        await pilot.press("l")
        await pilot.pause()
        before = screen.match.to_saved()
        await pilot.press("f")  # the scene is not closed yet
        await pilot.pause()
        assert "Écris d'abord la conséquence" in notices(app)[-1]
        assert screen.match.to_saved() == before
        assert app.screen is screen


async def test_every_interaction_works_by_click(app_factory, tmp_path):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_solo(pilot, "le_signal")
        state = screen.match.state
        await pilot.click("#idea")
        assert screen.field("event").value in PROMPTS["survie"]
        await pilot.click("#action")
        assert screen.focused is screen.field("action")
        await type_text(pilot, "Je cours")
        await pilot.click("#roll")
        await pilot.pause()
        assert state.phase == CONSEQUENCE and state.journal[0].action == "Je cours"
        await pilot.click("#consequence")
        await type_text(pilot, "Ouf")
        await pilot.click("#roll")  # "Suite (l)"
        await pilot.pause()
        assert state.phase == SCENE and state.journal[0].consequence == "Ouf"
        await pilot.click("#d20")  # the die itself rolls
        await pilot.pause()
        assert state.phase == CONSEQUENCE and len(state.journal) == 2
        await pilot.click("#d20")
        await pilot.pause()
        assert state.phase == SCENE

        await pilot.click("#end")
        await pilot.pause()
        assert isinstance(app.screen, PutAwayScreen)
        await pilot.click("#cancel")
        await pilot.pause()
        assert app.screen is screen and state.ending is None

        await pilot.click("#journals")
        await pilot.pause()
        assert isinstance(app.screen, JournalsScreen)
        await pilot.click("#export")
        await pilot.pause()
        exported = list((tmp_path / "d" / "journaux").glob("*.md"))
        assert len(exported) == 1
        await pilot.click("#back")
        await pilot.pause()
        assert app.screen is screen

        await pilot.click("#end")
        await pilot.pause()
        await pilot.click("#put-away")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.click("#extra-start-0")  # "Journaux (j)"
        await pilot.pause()
        assert isinstance(app.screen, JournalsScreen)


async def test_journals_reread_and_export_markdown_by_keys(app_factory, tmp_path):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_solo(pilot, "le_signal")
        await pilot.press("e")
        await type_text(pilot, "[red]x *gras*")
        await pilot.press("enter", "l", "l")
        await pilot.pause()
        await pilot.press("j")
        await pilot.pause()
        journals = app.screen
        assert isinstance(journals, JournalsScreen)
        shown = str(journals.query_one("#journal-text", Static).render())
        assert "Le Signal — journal de Lina" in shown
        assert "Événement : [red]x *gras*" in shown  # player text, literally
        assert "Session en cours" in shown
        folder = tmp_path / "d" / "journaux"
        assert str(folder) in text(journals, "#export-path")  # said before exporting
        await pilot.press("x")
        await pilot.pause()
        (path,) = folder.glob("le-signal-*.md")
        assert path.name in notices(app)[-1].splitlines()  # the name whole, on its own line
        assert str(path) in text(journals, "#export-path")
        markdown = path.read_text(encoding="utf-8")
        assert markdown.startswith("# Le Signal — journal de Lina\n")
        assert "- **Événement :** \\[red\\]x \\*gras\\*" in markdown
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen

        await pilot.press("f", "enter")  # put the die away without a last word
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("j")
        await pilot.pause()
        assert isinstance(app.screen, JournalsScreen)
        shown = str(app.screen.query_one("#journal-text", Static).render())
        assert "Fin" in shown and "avant de ranger le dé" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_f4_on_le_signal_opens_its_history_then_its_journals(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen
        menu.query_one("#games").highlighted = menu.query_one("#games").get_option_index(
            "game:le_signal"
        )
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert app.screen.filters() == ("le_signal", "")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, JournalsScreen)
        assert "apparaîtra ici" in str(app.screen.query_one("#journal-text", Static).render())
        await pilot.press("x")  # nothing to export: said, not crashed
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert app.screen is menu
        menu.query_one("#games").highlighted = menu.query_one("#games").get_option_index(
            "game:the_last_spell"
        )
        await pilot.press("f4")
        await pilot.pause()
        assert app.screen.filters() == ("", "")  # no journals: every game's matches


async def test_quit_after_rolling_then_resume_in_the_same_scene(app_factory):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_solo(pilot, "le_signal")
        await pilot.press("e")
        await type_text(pilot, "Une porte")
        await pilot.press("enter", "l")
        await pilot.pause()
        before = screen.match.to_saved()
        await pilot.press("ctrl+c")

    again = app_factory()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # "Reprendre" comes first in the menu
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, LeSignalScreen)
        assert screen.match.to_saved() == before
        assert screen.match.state.phase == CONSEQUENCE
        assert screen.field("event").value == "Une porte" and screen.field("event").disabled
        assert screen.query_one("#d20", Die).value == screen.match.state.die


def test_big_die_face_draws_the_number_three_rows_tall():
    rows = big_number(20)
    assert len(rows) == 3 and all(len(row) == 6 for row in rows)
    assert rows != big_number(2) and big_number(0) != big_number(1)
    face = DieFace(17, 20, "●", None, big=True)
    assert face.lines() == big_number(17)
    assert DieFace(4, 6, "●", None, big=True).lines()[0] == "●   ●"  # a d6 keeps its pips
    assert DieFace(17, 20, "●", None).lines()[1].strip() == "17"


async def test_keys_for_a_scene_type_its_lines(app_factory):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_solo(pilot, "le_signal")
        roll = Roll(event="Un cri", action="Je fuis")
        await pilot.press(*screen.keys_for(roll))
        await pilot.pause()
        assert screen.match.actions == [roll]
        await pilot.press(*screen.keys_for(Conclude(consequence="Ouf")))
        await pilot.pause()
        assert screen.match.actions[-1] == Conclude(consequence="Ouf")


async def test_the_d20_lies_as_last_thrown_on_resume_and_in_a_replay(app_factory):
    """Drawn from the state, not from the roll's animation: a session resumed between scenes
    and every step of its replay show the last face; the replay's end tells the verdict."""
    from jeux.engine.replay import Replay
    from jeux.screenshots import demo_match, open_match
    from jeux.ui.replay import replay_screen

    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        between = demo_match("le_signal", 2)  # a scene rolled and told: the next one waits
        await open_match(app, between)
        await pilot.pause()
        state = between.state
        assert state.phase == SCENE and state.die
        assert app.screen.query_one("#d20", Die).value == state.die

        match = demo_match("le_signal", 100_000)
        app.push_screen(replay_screen(Replay.of(match.game, match.to_saved()), step=0))
        await pilot.pause()
        replay = app.screen
        for step in range(replay.replay.steps + 1):
            replay.go(step)
            assert replay.query_one("#d20", Die).value == (replay.match.state.die or 0), step
        assert text(replay, "#hint") == match.state.summary()
        last = match.state.journal[-1]
        assert text(replay, "#verdict").startswith(f"{last.face} → ")
