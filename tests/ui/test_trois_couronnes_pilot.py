"""Layer 3: what is special to Le Jeu des Trois Couronnes on screen (the shared driver plays
it to the results through `keys_for`): dice kept in order, the story line, War and Alliance
through the seat picker, the partner's answer, the score sheet and the solo record."""

from random import Random

from jeux.catalog import load_game
from jeux.engine.match import Match, Seat
from jeux.games.trois_couronnes.rules import (
    ANSWER,
    START,
    AllianceResolved,
    AnswerAlliance,
    DeclareWar,
    KingdomProclaimed,
    ProposeAlliance,
    Roll,
    Stop,
)
from jeux.games.trois_couronnes.screen import TroisCouronnesScreen
from jeux.screenshots import open_match
from jeux.ui.launch import start_match
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.screens.start.setup import SetupScreen
from jeux.ui.widgets.dice_tray import DiceTray
from jeux.ui.widgets.score_sheet import ScoreSheet
from jeux.ui.widgets.seat_picker import SeatPicker
from tests.settle import wait_until

GAME = "trois_couronnes"


async def open_game(app, pilot, count):
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    for _ in range(count):
        await pilot.press("space", "down")
    await pilot.press("f5")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, TroisCouronnesScreen)
    return screen


def seed_whose_first_throw(test) -> int:
    """A seed whose first three dice pass `test` (the first throw draws them first)."""
    for seed in range(10_000):
        rng = Random(seed)
        if test(tuple(rng.randint(1, 6) for _ in range(3))):
            return seed
    raise AssertionError("no such seed")


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


def board_text(screen, ident) -> str:
    return str(screen.query_one(ident).render())


def footer(screen) -> dict[str, str]:
    return {
        key: b.binding.description
        for key, b in screen.active_bindings.items()
        if b.binding.show and b.enabled
    }


def picker_lines(screen) -> list[str]:
    return [str(line.render()) for line in screen.query_one(SeatPicker).query(".seat-line")]


async def test_only_the_keys_that_make_sense_and_the_others_explained(app_factory):
    app = app_factory(start_game=GAME, players=("Lina", "Marc", "Zoé"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot, 3)
        keys = footer(screen)
        assert {"l", "g", "p"} <= set(keys) and not {"a", "1", "2", "o"} & set(keys)
        await pilot.press("a", "1")
        await pilot.pause()
        assert screen.match.actions == [] and screen.pending == ()
        assert any("Lance les dés au moins une fois" in n for n in notices(app))
        assert any("Lance d'abord les dés" in n for n in notices(app))


async def test_dice_are_kept_in_order_by_keys_and_by_clicks(app_factory):
    seed = seed_whose_first_throw(lambda f: 6 in f and 5 in f and 4 not in f and f.count(6) == 1)
    app = app_factory(seed=seed, start_game=GAME, players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot, 1)
        await pilot.press("l")
        await pilot.pause()
        state = screen.match.state
        six, five = state.dice.index(6), state.dice.index(5)
        tray = screen.query_one(DiceTray)
        # The legal locks are pre-selected and told by border and by text.
        assert screen.pending == (six, five)
        assert tray.dice[six].has_class("-selected") and tray.dice[six].caption == "Couronne"
        assert tray.dice[five].caption == "Seigneur"
        assert "Relance : 1 dé" in board_text(screen, "#hint")
        # Dropping the Couronne drops the Seigneur that needed it.
        await pilot.press(str(six + 1))
        await pilot.pause()
        assert screen.pending == ()
        assert tray.dice[six].has_class("-selectable") and tray.dice[six].caption == "garder ?"
        # The Seigneur alone is refused, with the reason.
        await pilot.press(str(five + 1))
        await pilot.pause()
        assert screen.pending == ()
        assert any("il faut maintenant la Couronne (6)" in n for n in notices(app))
        # By clicks: the 6, then the 5.
        await pilot.click(tray.dice[six])
        await pilot.click(tray.dice[five])
        await pilot.pause()
        assert screen.pending == (six, five)
        # The keys the shared driver would press reach every lock the rules allow.
        for lock in state.lock_choices():
            await pilot.press(*screen.keys_for(Roll(lock))[:-1])
            await pilot.pause()
            assert screen.pending == lock
        await pilot.press(*screen.keys_for(Roll((six, five))))
        await pilot.pause()
        state = screen.match.state
        assert state.locks == (six, five) and state.throw_no == 2
        assert tray.dice[six].has_class("-kept") and tray.dice[six].border_title == "gardé"
        # The value of the throw, in the rules' words, and the table row it matches.
        found = state.kingdom_now()
        assert found.label in board_text(screen, "#value")
        marked = [line for line in board_text(screen, "#guide").splitlines() if "▶" in line]
        assert len(marked) == 1 and found.name in marked[0]


async def test_the_story_line_is_suggested_optional_and_shown_whole(app_factory):
    app = app_factory(start_game=GAME, players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot, 1)
        screen.seconds = lambda base: 0.0 if screen.skipping else 30.0  # hold the proclamation
        await pilot.press("l")
        await pilot.press("space")  # skips the dice
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        field = screen.query_one("#story-text")
        suggestion = screen.match.state.story_suggestion()
        assert screen.focused is field and field.value == suggestion
        assert footer(screen)["escape"] == "Fermer le récit"
        await pilot.press("escape")  # leaves the field, not the match
        await pilot.pause()
        assert screen.focused is None and app.screen is screen
        story = "Mes sujets chantent, la Couronne écoute enfin."
        await pilot.press(*screen.keys_for(Stop(story)))
        hint = screen.query_one("#hint")
        await wait_until(pilot, lambda: str(hint.render()) == f"« {story} »", "the proclamation")
        assert screen.match.actions[-1] == Stop(story) and field.value == ""
        assert str(hint.render()) == f"« {story} »" and hint.size.height == 2  # not cut
        assert hint.size.width < len(story) + 4  # it needs both lines
        screen.seconds = lambda base: 0.0  # what follows plays at once
        await pilot.press("space")  # cuts the proclamation held
        await pilot.pause()
        await pilot.press("l", "space")
        await pilot.pause()
        await pilot.press("a")  # no story: nothing blocks
        await pilot.pause()
        proclaimed = [e for e in screen.match.events if isinstance(e, KingdomProclaimed)]
        assert [e.story for e in proclaimed] == [story, ""]


LONG_STORY = 46
"""Longer than the story's field at 80 columns (44 cells)."""


def seed_whose_second_throw_tells_a_shorter_story() -> int:
    """A solo seed whose first throw, then its reroll of the locks the screen pre-selects,
    suggest two stories longer than the field, the second shorter, with a third throw left."""
    for seed in range(1000):
        match = Match(load_game(GAME), seed, (Seat("Lina"),), {})
        match.play(Roll(()))
        first = match.state.story_suggestion()
        match.play(Roll(match.state.suggested_lock()))
        second = match.state.story_suggestion()
        if LONG_STORY < len(second) < len(first) and match.state.lock_choices():
            return seed
    raise AssertionError("no such seed")


async def test_a_suggested_story_follows_the_dice_until_the_player_writes_their_own(
    app_factory,
):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        seed, lina = seed_whose_second_throw_tells_a_shorter_story(), app.profiles.players[0]
        match = Match(load_game(GAME), seed, (Seat(lina.name, lina.id),), {})
        await open_match(app, match)
        screen = app.screen
        field = screen.query_one("#story-text")

        def read_from_its_start() -> bool:
            return len(field.value) > field.size.width and field.scroll_offset.x == 0

        for keys in (("l",), ("r", "escape")):  # no animation: a throw is shown at once
            await pilot.press(*keys)
            await pilot.pause()
        first = field.value
        assert first == match.state.story_suggestion() and screen.focused is None
        await wait_until(pilot, read_from_its_start, "the story left, read from its start")
        await pilot.press("l")
        await pilot.pause()
        assert field.value == match.state.story_suggestion() != first
        assert read_from_its_start()
        await pilot.press("r", "end", "!", "escape")  # the player's own words now
        await pilot.pause()
        mine = field.value
        assert mine.endswith("!")
        await pilot.press("l")
        await pilot.pause()
        assert field.value == mine


async def test_war_through_the_seat_picker(app_factory):
    app = app_factory(start_game=GAME, players=("Lina", "Marc", "Zoé"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot, 3)
        me = screen.match.state.current
        await pilot.press("g")
        await pilot.pause()
        picker = screen.query_one(SeatPicker)
        assert picker.is_open and screen.choosing == "guerre"
        assert (
            footer(screen)["escape"] == "Retour"
        )  # not « Menu » (Escape cancels), nor undo's « Annuler »
        assert picker_lines(screen)[me] == f"{me + 1} {screen.match.state.players[me]} · toi"
        await pilot.press(str(me + 1))  # one's own number is refused aloud
        await pilot.pause()
        assert notices(app)[-1] == "Choisis un autre royaume que le tien."
        await pilot.press("escape")  # back, nothing declared
        await pilot.pause()
        assert not picker.is_open and app.screen is screen and not screen.match.actions
        assert footer(screen)["escape"] == "Menu"
        target = (me + 1) % 3
        await pilot.press(*screen.keys_for(DeclareWar(target)))
        await pilot.pause()
        assert screen.match.actions == [DeclareWar(target)] and not picker.is_open
        for _ in range(2):  # the two other kings' normal turns
            await pilot.press("l")
            await pilot.pause()
            await pilot.press("a")
            await pilot.pause()
        # Round 2: the one attacked in round 1 is sheltered from everyone.
        assert screen.match.state.round == 2
        assert "à l'abri : " in board_text(screen, "#guide")
        await pilot.press("g")
        await pilot.pause()
        assert "à l'abri (guerre en M1)" in picker_lines(screen)[target]
        saved = screen.match.to_saved()
        await pilot.press(str(target + 1))
        await pilot.pause()
        assert screen.match.to_saved() == saved and picker.is_open
        assert notices(app)[-1].startswith("Impossible de cibler")
        # The sheet keeps the war on its own row.
        sheet = screen.query_one(ScoreSheet)
        rows = {str(sheet.get_row_at(i)[0]): sheet.get_row_at(i) for i in range(sheet.row_count)}
        assert str(rows["G"][target + 1]) == "+10" and str(rows["M1"][me + 1]) == "G"


async def test_two_players_war_on_a_sheltered_lone_rival_is_explained(app_factory):
    app = app_factory(start_game=GAME, players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot, 2)
        await pilot.press("g", "2")
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        saved = screen.match.to_saved()
        await pilot.press("g")
        await pilot.pause()
        assert screen.choosing is None and screen.match.to_saved() == saved
        assert any("Impossible de cibler" in n for n in notices(app))


async def test_alliance_by_clicks_and_the_partner_decides(app_factory):
    app = app_factory(start_game=GAME, players=("Lina", "Marc", "Zoé"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot, 3)
        state = screen.match.state
        proposer, partner = state.current, (state.current + 1) % 3
        await pilot.click("#alliance")
        await pilot.pause()
        lines = list(screen.query_one(SeatPicker).query(".seat-line"))
        await pilot.click(lines[partner])
        await pilot.pause()
        state = screen.match.state
        assert state.phase == ANSWER
        assert (state.to_move(), state.whose_turn()) == (partner, proposer)
        # Hot-seat: the partner's name is on the turn line and the question is theirs.
        name = state.players[partner]
        assert f"à {name} de décider" in board_text(screen, "#turn")
        assert f"Décision de {name}" in board_text(screen, "#guide")
        assert screen.keys_for(AnswerAlliance(True)) == ["o"]
        await pilot.click("#yes")
        await pilot.pause()
        assert any(isinstance(e, AllianceResolved) for e in screen.match.events)
        assert screen.match.actions[-1] == AnswerAlliance(True)
        assert screen.match.state.phase == START and screen.match.state.current == partner


async def test_a_refused_alliance_by_key_leaves_a_normal_turn(app_factory):
    app = app_factory(start_game=GAME, players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot, 2)
        proposer = screen.match.state.current
        await pilot.press(*screen.keys_for(ProposeAlliance(1 - proposer)))
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        state = screen.match.state
        assert state.phase == START and state.current == proposer and state.special_used
        assert not screen.query_one("#war").display and screen.query_one("#roll").display
        assert "tour de royaume" in board_text(screen, "#value")
        for _ in range(2):  # the proposer's normal turn, then the partner's
            await pilot.press("l")
            await pilot.pause()
            await pilot.press("a")
            await pilot.pause()
        # Round 2: a refused proposal still counts, so no alliance this round.
        assert screen.match.state.round == 2
        assert "Pas cette manche" in board_text(screen, "#guide")
        saved = screen.match.to_saved()
        await pilot.press("p")
        await pilot.pause()
        assert screen.choosing is None and screen.match.to_saved() == saved
        assert any("Pas deux alliances de suite" in n for n in notices(app))


def solo_match_one_move_from_the_end(seat):
    """A solo match played by the robot on the engine up to its last move, and that move."""
    game = load_game(GAME)
    match, bot = Match(game, 3, (seat,), {}), game.bot(3)
    while not match.over:
        match.play(bot.choose(match.state.view(0)))
    return Match(game, 3, (seat,), {}, match.actions[:-1]), match.actions[-1]


async def test_solo_shows_no_war_and_the_best_score_of_the_profile(app_factory):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        lina = app.profiles.players[0]
        match, last = solo_match_one_move_from_the_end(Seat(lina.name, lina.id))
        await open_match(app, match)
        await pilot.pause()
        screen = app.screen
        assert not screen.query_one("#war").display
        assert "pas encore de record" in board_text(screen, "#status")
        await pilot.press("g")
        await pilot.pause()
        assert any("Pas de guerre ni d'alliance en solo" in n for n in notices(app))
        await pilot.press(*screen.keys_for(last))
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        score = screen.match.outcome().scores[0]
        await pilot.press("r")  # play again: the record now shows
        await pilot.pause()
        again = app.screen
        assert isinstance(again, TroisCouronnesScreen) and again is not screen
        assert f"record {score}" in board_text(again, "#status")


async def test_royaume_declinant_shows_in_the_table_and_the_status(app_factory):
    app = app_factory(players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        seats = [Seat(p.name, p.id) for p in app.profiles.players]
        start_match(app, GAME, seats, {"decline": "non_positive"}, seed=3)
        await pilot.pause()
        screen = app.screen
        assert "déclinant" in board_text(screen, "#status")
        await pilot.press("l")
        await pilot.pause()
        table = board_text(screen, "#guide")
        assert "Royaume déchu" in table and "-4" in table


async def test_a_robot_partner_answers_and_robots_play_their_turns(app_factory):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        lina = app.profiles.players[0]
        start_match(app, GAME, [Seat(lina.name, lina.id), Seat("Robot 1", bot=True)], {}, seed=5)
        await pilot.pause()
        screen = app.screen
        await pilot.press("p", "2")
        await wait_until(pilot, lambda: screen.match.state.round == 2, "the second round")
        state = screen.match.state
        actions = screen.match.actions
        assert actions[:2] == [ProposeAlliance(1), AnswerAlliance(True)]
        assert (state.round, state.to_move()) == (2, 0)  # the robot played its own turn
        assert any(isinstance(a, Roll) for a in actions[2:])
        assert [t.seat for t in state.turns] == [0, 1]
