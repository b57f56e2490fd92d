"""The app around the games: menu, players, settings, broken files and saved matches."""

import json

import pytest
from textual.widgets import Button, Input, OptionList, Select, Static, Switch

from jeux.catalog import GAMES
from jeux.engine.match import Match, Seat
from jeux.engine.text import fold
from jeux.games.the_last_spell.game import GAME
from jeux.games.the_last_spell.rules import Roll
from jeux.store.records import Record, Records
from jeux.ui.screens.confirm import ConfirmScreen
from jeux.ui.screens.rules import RulesScreen
from jeux.ui.screens.start.menu import MenuScreen, game_line, game_wanted
from jeux.ui.screens.start.players import PlayersScreen
from jeux.ui.screens.start.settings import SettingsScreen
from jeux.ui.screens.start.setup import SetupScreen

from .driver import screen_lines


def menu_ids(app) -> list[str]:
    games = app.screen.query_one("#games", OptionList)
    return [games.get_option_at_index(i).id for i in range(games.option_count)]


async def test_menu_lists_all_games_and_typing_filters(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert sum(1 for i in menu_ids(app) if i and i.startswith("game:")) == 26
        await pilot.press(*"exped")  # accents need not be typed
        await pilot.pause()
        assert [i for i in menu_ids(app) if i] == ["game:expedition_rivale"]
        app.screen.query_one("#filter", Input).value = ""
        await pilot.press(*"spell")
        await pilot.pause()
        assert [i for i in menu_ids(app) if i] == ["game:the_last_spell"]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_entree_plays_the_game_whose_title_holds_the_search(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"trois")  # also in New Day 666's words, listed first: « trois dés »
        await pilot.pause()
        assert menu_ids(app).index("game:new_day_666") < menu_ids(app).index("game:trois_couronnes")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.info.id == "trois_couronnes"


def test_a_search_finds_a_family_and_a_number_of_players():
    def found(text):
        wanted = fold(text)
        return {g.id for g in GAMES.values() if game_wanted(g, "", wanted)}

    assert {"arcane_duel", "expedition_rivale", "coffre_et_cle"} <= found("cartes")
    assert found("3 joueurs") == found("3") and "gladiators_duel" not in found("3")
    assert {g.id for g in GAMES.values() if g.min_players <= 8 <= g.max_players} == found("8")
    assert found("5000") == {"le_5000"}
    line = str(game_line(GAMES["dice_of_madness"]))
    assert "Lovecraftian Dice of Madness 1–6 joueurs" in line  # the title whole, a space after


async def test_games_not_built_cannot_be_started(app_factory):
    waiting = [g for g in GAMES.values() if not g.available]
    if not waiting:
        pytest.skip("every game of the catalogue is built")
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*waiting[0].title.lower(), "enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_players_are_created_renamed_and_deleted(app_factory, tmp_path):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, PlayersScreen)
        await pilot.press(*"Lina", "enter", *"Marc", "enter")
        await pilot.pause()
        lina, marc = app.profiles.players
        assert (lina.color, lina.symbol) != (marc.color, marc.symbol)
        assert lina.color != marc.color and lina.symbol != marc.symbol
        listed = app.screen.query_one("#profiles", OptionList).get_option_at_index(1).prompt
        assert "Marc · " + marc.color in str(listed)
        await pilot.press("shift+tab", "down")  # the list: Lina's form
        await pilot.pause()
        name = app.screen.query_one("#name", Input)
        assert name.value == "Lina"
        name.focus()
        name.value = "Lina B."
        await pilot.press("enter")  # Enter while editing renames, it does not create
        await pilot.pause()
        assert [p.name for p in app.profiles.players] == ["Lina B.", "Marc"]
        await pilot.click("#delete")
        await pilot.press("o")
        await pilot.pause()
        assert [p.name for p in app.profiles.players] == ["Marc"]
        assert app.screen.query_one("#name", Input).value == ""
    saved = json.loads((tmp_path / "c" / "players.json").read_text())
    assert [p["name"] for p in saved["players"]] == ["Marc"]


async def test_settings_are_saved_at_once(app_factory, tmp_path):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#animations", Select).value = "reduced"
        app.screen.query_one("#ascii", Switch).value = True
        app.screen.query_one("#robot-pace", Select).value = "fast"
        await pilot.pause()
        assert app.glyphs.pip == "o"
        assert app.robot_pause == 0.0  # TEXTUAL_ANIMATIONS=none in tests: no waiting at all
    saved = json.loads((tmp_path / "c" / "settings.json").read_text())
    assert saved["animations"] == "reduced" and saved["ascii"] is True
    assert saved["robot_pace"] == "fast"


async def test_corrupt_files_are_reported_and_the_app_still_starts(app_factory, tmp_path):
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "players.json").write_text("{oops")
    (tmp_path / "c" / "settings.json").write_text("[1, 2")
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        notices = [n.message for n in app._notifications]
        assert sum("mis de côté" in n for n in notices) == 2
    assert len(list((tmp_path / "c").glob("*.corrompu-*"))) == 2


async def test_a_match_that_no_longer_replays_is_set_aside(app_factory):
    app = app_factory()
    match = Match(GAME, 3, (Seat("Lina", "p"), Seat("Marc", "q")), {})
    match.play(Roll())
    saved = match.to_saved()
    saved["actions"].insert(0, {"type": "Stop", "word": ""})  # illegal before any roll
    match_id = app.records.start(saved)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert f"resume:{match_id}" in menu_ids(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert f"resume:{match_id}" not in menu_ids(app)
        assert any("ne peut plus être reprise" in n.message for n in app._notifications)


async def test_animation_setting_and_textual_animations(app_factory, monkeypatch):
    app = app_factory()
    app.settings.animations = "full"
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "full")
    assert app.animation_scale == 1.0
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    assert app.animation_scale == 0.0
    monkeypatch.delenv("TEXTUAL_ANIMATIONS")
    app.settings.animations = "reduced"
    assert 0 < app.animation_scale < 1


def saved_match(seed=3, names=("Lina", "Marc"), rolls=1) -> dict:
    match = Match(GAME, seed, tuple(Seat(n, n.lower()) for n in names), {})
    for _ in range(rolls):
        match.play(Roll())
    return match.to_saved()


async def test_delete_asks_before_forgetting_a_match(app_factory):
    app = app_factory()
    match_id = app.records.start(saved_match())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert f"resume:{match_id}" in menu_ids(app)
        await pilot.press("delete", "o")
        await pilot.pause()
        assert f"resume:{match_id}" not in menu_ids(app) and app.records.unfinished() == []


async def test_a_forgotten_daily_dungeon_still_counts(app_factory):
    from jeux.games.scoundrel.game import GAME as SCOUNDREL

    app = app_factory()
    saved = Match(SCOUNDREL, "donjon-2026-11-29", (Seat("Lina", "p1"),), {}).to_saved()
    app.records.start(saved, label="daily:2026-11-29")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("delete")
        await pilot.pause()
        assert "comptera comme perdu" in str(app.screen.query_one(Static).render())
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("o")
        await pilot.pause()
    assert app.records.record("p1", "scoundrel", "daily:") == Record(1, 0, None)


async def test_every_unfinished_match_is_reachable_and_told_apart(app_factory):
    app = app_factory()
    ids = [app.records.start(saved_match(seed=seed)) for seed in range(1, 8)]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = [i for i in menu_ids(app) if i and i.startswith("resume:")]
        assert len(shown) == 4 and "more:" in menu_ids(app)
        games = app.screen.query_one("#games", OptionList)
        await app.workers.wait_for_complete()
        await pilot.pause()
        line = str(games.get_option(f"resume:{ids[-1]}").prompt)
        assert "Lina, Marc" in line and "graine 7" in line
        turn = Match.from_saved(GAME, app.records.unfinished()[0].saved).state.whose_turn()
        assert f"au tour de {('Lina', 'Marc')[turn]}" in line
        games.highlighted = games.get_option_index("more:")
        await pilot.press("enter")
        await pilot.pause()
        assert {f"resume:{i}" for i in ids} <= set(menu_ids(app))


async def test_a_filter_left_from_a_search_never_hides_resume(app_factory):
    app = app_factory()
    match_id = app.records.start(saved_match())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"5000")
        await pilot.pause()
        assert f"resume:{match_id}" not in menu_ids(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.query_one("#filter", Input).value == ""
        assert f"resume:{match_id}" in menu_ids(app)
        await pilot.press(*"lina")
        await pilot.pause()
        assert f"resume:{match_id}" in menu_ids(app)  # a search finds matches by player too


async def test_a_match_open_in_another_copy_is_not_opened_twice(app_factory, tmp_path):
    app = app_factory()
    match_id = app.records.start(saved_match())
    other_copy = Records(tmp_path / "d" / "jeux.sqlite3").claim(match_id)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#games", OptionList)
        assert "autre fenêtre" in str(games.get_option(f"resume:{match_id}").prompt)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert any("autre fenêtre de jeux" in n.message for n in app._notifications)
        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.records.unfinished()
        other_copy.release()
        await pilot.press("enter")
        await pilot.pause()
        assert getattr(app.screen, "match_id", None) == match_id
        assert Records(tmp_path / "d" / "jeux.sqlite3").in_use(match_id)
        await pilot.press("escape", "o")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert not Records(tmp_path / "d" / "jeux.sqlite3").in_use(match_id)


async def test_question_mark_opens_the_rules_unless_a_search_is_typed(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"spell")
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen.query_one("#filter", Input).value == "spell?"
        await pilot.press("backspace", "home", "delete")  # Delete edits a search too
        await pilot.pause()
        assert app.screen.query_one("#filter", Input).value == "pell"
        await pilot.press("escape", "question_mark")  # no search: the highlighted game's rules
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.game_id == "the_last_spell"


async def test_setup_remembers_robots_and_order_and_seeds_the_random_order(app_factory, tmp_path):
    app = app_factory(seed=7, start_game="le_5000", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = app.screen
        await pilot.press("space", "down", "space")
        setup.query_one("#bots", Select).value = 3
        await pilot.pause()

        def order(seed):
            return [s.name for s in setup.seats(seed)]

        assert all(order(7) == order(7) for _ in range(3))  # the seed decides the order
        assert len({tuple(order(seed)) for seed in range(8, 14)}) > 1
        setup.query_one("#order", Select).value = "list"
        await pilot.press("f5")
        await pilot.pause()
        assert [s.name for s in app.screen.match.seats] == [
            "Lina",
            "Marc",
            "Moyen 1",
            "Moyen 2",
            "Moyen 3",
        ]
    saved = json.loads((tmp_path / "c" / "settings.json").read_text())
    assert saved["setups"]["le_5000"] == {
        "bots": 3,
        "order": "list",
        "screens": "one",
        "levels": ["moyen"] * 3,
    }
    app = app_factory(start_game="le_5000")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#bots", Select).value == 3
        assert app.screen.query_one("#order", Select).value == "list"


async def test_play_again_hands_the_first_turn_to_the_next_seat(app_factory):
    from jeux.engine.bots import RandomBot
    from jeux.ui.screens.play.results import ResultsScreen
    from jeux.ui.widgets.score_sheet import SheetData

    app = app_factory()
    match = Match(GAME, 3, (Seat("Lina", "p"), Seat("Marc", "q"), Seat("Zoé", "r")), {})
    bot = RandomBot(1)
    while match.outcome() is None:
        match.play(bot.choose(match.state))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ResultsScreen(match, SheetData(("Lina", "Marc", "Zoé"))))
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert [s.name for s in app.screen.match.seats] == ["Marc", "Zoé", "Lina"]


async def test_a_daily_dungeon_open_in_another_copy_starts_nothing(app_factory, tmp_path):
    from jeux.games.scoundrel import screen as scoundrel
    from jeux.games.scoundrel.game import GAME as SCOUNDREL

    app = app_factory(players=("Lina",))
    lina = app.profiles.players[0]
    day = scoundrel.today().isoformat()
    seats = (Seat("Lina", lina.id),)
    saved = Match(SCOUNDREL, f"donjon-{day}", seats, {}).to_saved()
    match_id = app.records.start(saved, label=f"daily:{day}")
    other_copy = Records(tmp_path / "d" / "jeux.sqlite3").claim(match_id)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        scoundrel.start_daily(app, seats, {})
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and len(app.records.unfinished()) == 1
        assert any("autre fenêtre" in n.message for n in app._notifications)
    other_copy.release()


async def test_each_robot_gets_the_level_chosen_for_it(app_factory, tmp_path):
    app = app_factory(start_game="le_5000", players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = app.screen
        assert not setup.query("Select.level")  # no robot, no level to choose
        await pilot.press("space")
        setup.query_one("#bots", Select).value = 2
        while len(levels := list(setup.query("Select.level"))) < 2:  # mounted after a message
            await pilot.pause()
        assert [s.value for s in levels] == ["moyen", "moyen"]
        levels[1].value = "fort"
        setup.query_one("#order", Select).value = "list"
        await pilot.press("f5")
        await pilot.pause()
        seats = app.screen.match.seats
        assert [(s.name, s.level) for s in seats] == [
            ("Lina", ""),
            ("Moyen", "moyen"),
            ("Fort", "fort"),
        ]
    saved = json.loads((tmp_path / "c" / "settings.json").read_text())
    assert saved["setups"]["le_5000"]["levels"] == ["moyen", "fort"]
    app = app_factory(start_game="le_5000")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert [s.value for s in app.screen.query("Select.level")] == ["moyen", "fort"]


async def test_the_menu_footer_keeps_every_key_at_80_columns(app_factory):
    app = app_factory()
    app.records.start(saved_match())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = screen_lines(app.screen)[-1]
        assert "Suppr Oublier" in footer and "f5 Stats" in footer  # « Reprendre » highlighted


async def test_robots_without_levels_are_numbered(app_factory):
    app = app_factory(start_game="des_bloques", players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("space")
        app.screen.query_one("#bots", Select).value = 2
        app.screen.query_one("#order", Select).value = "list"
        await pilot.press("f5")
        await pilot.pause()
        assert [s.name for s in app.screen.match.seats] == ["Lina", "Robot 1", "Robot 2"]


async def test_a_name_typed_on_the_player_list_is_not_lost(app_factory):
    """With known players the list has the focus: the letters typed go to the new name."""
    app = app_factory(start_game="le_5000", players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.focused.id == "players"
        await pilot.press(*"Zoé", "space", "B")
        await pilot.pause()
        field = app.screen.query_one("#new-name", Input)
        assert field.value == "Zoé B" and app.screen.focused is field
        await pilot.press("enter")
        await pilot.pause()
        assert [p.name for p in app.profiles.players] == ["Lina", "Zoé B"]


async def test_tab_on_the_setup_stops_only_on_what_takes_keys(app_factory):
    """Every focus stop is a field, a list or a button: none on the form around them, where
    nothing shows the focus and Space ticks no one."""
    app = app_factory(start_game="gladiators_duel", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        stops = []
        for _ in range(30):
            await pilot.press("shift+tab")
            await pilot.pause()
            stops.append(app.screen.focused)
        assert all(isinstance(w, (Input, OptionList, Select, Switch, Button)) for w in stops), {
            type(w).__name__ for w in stops
        }
        app.screen.query_one("#players", OptionList).focus()
        await pilot.press("space")
        await pilot.pause()
        assert len(app.screen.query_one("#players").chosen) == 1


@pytest.mark.parametrize("screen", ["setup", "players"])
async def test_a_name_too_long_is_cut_with_a_word(app_factory, screen):
    from jeux.store.profiles import NAME_LIMIT

    app = app_factory(start_game="le_5000" if screen == "setup" else None)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        if screen == "players":
            await pilot.press("f2")
            await pilot.pause()
        field = app.screen.query_one("#new-name" if screen == "setup" else "#name", Input)
        field.focus()
        await pilot.pause()
        app.screen.post_message(__import__("textual").events.Paste("x" * 60))
        await pilot.pause()
        assert field.value == "x" * NAME_LIMIT
        said = [n.message for n in app._notifications]
        assert said == [f"{NAME_LIMIT} caractères au plus : la suite n'est pas prise."]
        await pilot.press("y")  # still full: no second notice
        await pilot.pause()
        assert field.value == "x" * NAME_LIMIT and len(app._notifications) == 1


async def test_an_existing_name_is_told_as_saved(app_factory):
    app = app_factory(start_game="le_5000", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.screen.query_one("#new-name", Input).focus()
        await pilot.press(*"lina", "enter")
        await pilot.pause()
        assert [n.message for n in app._notifications] == ["Il y a déjà un joueur nommé Lina."]


async def test_the_launch_seed_plays_the_first_match_only(app_factory):
    """`jeux play le_5000 --seed 13`: that match has seed 13, the next one opened from the
    menu its own."""
    app = app_factory(seed=13, start_game="le_5000", players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("space", "f5")
        await pilot.pause()
        assert app.screen.match.seed == 13
        app.pop_screen()
        await pilot.pause()
        app.push_screen(SetupScreen("the_last_spell"))
        await pilot.pause()
        app.screen.query_one("#bots", Select).value = 1
        await pilot.press("space", "f5")
        await pilot.pause()
        assert app.screen.match.game.info.id == "the_last_spell"
        assert app.screen.match.seed != 13
