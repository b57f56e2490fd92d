"""Layer 3: Le Jeu des Trois Couronnes played by keys and by clicks, up to the results."""

from random import Random

from jeux.engine.match import Seat
from jeux.games.trois_couronnes.rules import (
    ANSWER,
    ROLLING,
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
from jeux.ui.launch import start_match
from jeux.ui.screens.results import ResultsScreen
from jeux.ui.screens.setup import SetupScreen
from jeux.ui.widgets.dice_tray import DiceTray

GAME = "trois_couronnes"


async def tick_players(pilot, count):
    for _ in range(count):
        await pilot.press("space", "down")


async def open_game(app, pilot, count):
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    await tick_players(pilot, count)
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


async def test_three_players_play_by_keys_to_the_results(app_factory):
    app = app_factory(start_game=GAME, players=("Lina", "Marc", "Zoé"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot, 3)
        specials = 0
        for _ in range(600):
            if isinstance(app.screen, ResultsScreen):
                break
            state = screen.match.state
            if state.phase == ANSWER:
                await pilot.press("o")
            elif state.phase == START and state.round in (2, 5) and not state.special_used:
                kind, allowed = ("g", state.war_targets())
                if state.current == 1:
                    kind, allowed = ("p", state.alliance_partners())
                if allowed:
                    specials += 1
                    await pilot.press(kind, str(allowed[0] + 1))
                else:
                    await pilot.press("l")
            elif state.phase == ROLLING and (state.throw_no >= 2 or state.stop_change() >= 0):
                if state.round == 3:
                    await pilot.press("r", "enter")  # the suggested story line
                else:
                    await pilot.press("a")
            else:
                await pilot.press("l")
            await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert specials >= 2
        match = screen.match
        kinds = {type(a) for a in match.actions}
        assert {Roll, Stop, DeclareWar, ProposeAlliance, AnswerAlliance} <= kinds
        assert any(isinstance(e, KingdomProclaimed) and e.story for e in match.events)
        outcome = match.outcome()
        winner = match.seats[outcome.winners[0]]
        record = app.records.record(winner.profile, GAME)
        assert (record.played, record.won) == (1, 1)
        assert not app.records.unfinished()


async def test_stop_before_rolling_is_refused_with_a_french_notice(app_factory):
    app = app_factory(start_game=GAME, players=("Lina", "Marc", "Zoé"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot, 3)
        footer_keys = {b.binding.key for b in screen.active_bindings.values() if b.binding.show}
        assert {"l", "g", "p"} <= footer_keys and not {"a", "1", "2", "o"} & footer_keys
        await pilot.press("a")
        await pilot.pause()
        assert screen.match.actions == []
        assert any("Lance les dés au moins une fois" in n for n in notices(app))
        await pilot.press("1")
        await pilot.pause()
        assert screen.match.actions == [] and screen.pending == ()
        assert any("Lance d'abord les dés" in n for n in notices(app))


async def test_a_fourth_throw_is_refused_and_changes_nothing(app_factory):
    app = app_factory(start_game=GAME, players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot, 1)
        await pilot.press("l", "l", "l")
        await pilot.pause()
        state = screen.match.state
        assert state.throw_no == 3
        assert screen.query_one("#reroll").disabled
        before = screen.match.to_saved()
        await pilot.press("l")
        await pilot.pause()
        assert screen.match.to_saved() == before
        assert any("Trois lancers au plus" in n for n in notices(app))


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
        await pilot.press("l")
        await pilot.pause()
        state = screen.match.state
        assert state.locks == (six, five) and state.throw_no == 2
        assert tray.dice[six].has_class("-kept") and tray.dice[six].caption == "Couronne"
        assert tray.dice[six].border_title == "gardé"
        # The value of the throw, in the rules' words, and the table row it matches.
        found = state.kingdom_now()
        assert found.label in board_text(screen, "#value")
        marked = [line for line in board_text(screen, "#guide").splitlines() if "▶" in line]
        assert len(marked) == 1 and found.name in marked[0]


async def test_the_story_line_is_suggested_optional_and_escape_leaves_the_field(app_factory):
    app = app_factory(start_game=GAME, players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot, 1)
        await pilot.press("l", "r")
        await pilot.pause()
        field = screen.query_one("#story-text")
        suggestion = screen.match.state.story_suggestion()
        assert screen.focused is field and field.value == suggestion
        await pilot.press("escape")  # leaves the field, not the match
        await pilot.pause()
        assert screen.focused is None and app.screen is screen
        await pilot.press("r", "end", *" !", "enter")
        await pilot.pause()
        proclaimed = [e for e in screen.match.events if isinstance(e, KingdomProclaimed)]
        assert proclaimed[-1].story == f"{suggestion} !"
        assert field.value == ""
        await pilot.press("l", "a")  # no story: nothing blocks
        await pilot.pause()
        proclaimed = [e for e in screen.match.events if isinstance(e, KingdomProclaimed)]
        assert len(proclaimed) == 2 and proclaimed[-1].story == ""


async def test_war_by_keys_and_a_protected_target_is_refused(app_factory):
    app = app_factory(start_game=GAME, players=("Lina", "Marc", "Zoé"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot, 3)
        await pilot.press("g")
        await pilot.pause()
        assert screen.choosing == "guerre"
        assert screen.query_one("#targets").display
        assert screen.query_one("#target-1").display and screen.query_one("#target-2").display
        assert not screen.query_one("#target-0").display  # never oneself
        await pilot.press("escape")  # back, nothing declared
        await pilot.pause()
        assert screen.choosing is None and app.screen is screen and not screen.match.actions
        await pilot.press("g", "2")
        await pilot.pause()
        assert screen.match.actions == [DeclareWar(1)]
        for _ in range(2):  # the two other kings' normal turns
            await pilot.press("l")
            await pilot.pause()
            await pilot.press("a")
            await pilot.pause()
        # Round 2: the one attacked in round 1 is sheltered from everyone.
        assert screen.match.state.round == 2 and screen.match.state.current == 0
        assert "à l'abri : " in board_text(screen, "#guide")
        await pilot.press("g")
        await pilot.pause()
        sheltered = screen.query_one("#target-1")
        assert sheltered.disabled and "à l'abri" in str(sheltered.label)
        assert not screen.query_one("#target-2").disabled
        saved = screen.match.to_saved()
        await pilot.press("2")
        await pilot.pause()
        assert screen.match.to_saved() == saved and screen.choosing == "guerre"
        assert any("Impossible de cibler" in n for n in notices(app))


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
        partner = (state.current + 1) % 3
        await pilot.click("#alliance")
        await pilot.pause()
        assert screen.choosing == "alliance"
        await pilot.click(f"#target-{partner}")
        await pilot.pause()
        state = screen.match.state
        assert state.phase == ANSWER and state.to_move() == partner
        # Hot-seat: the partner's name is on the turn line and the question is theirs.
        name = state.players[partner]
        assert f"à {name} de décider" in board_text(screen, "#turn")
        assert f"Décision de {name}" in board_text(screen, "#guide")
        assert screen.query_one("#yes").display and screen.query_one("#no").display
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
        await pilot.press("p", str(2 - proposer))
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


async def test_solo_shows_no_war_and_the_best_score_of_the_profile(app_factory):
    app = app_factory(start_game=GAME, players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot, 1)
        assert not screen.query_one("#war").display
        assert "pas encore de record" in board_text(screen, "#status")
        await pilot.press("g")
        await pilot.pause()
        assert any("Pas de guerre ni d'alliance en solo" in n for n in notices(app))
        for _ in range(60):
            if isinstance(app.screen, ResultsScreen):
                break
            await pilot.press("l", "a")
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
        for _ in range(100):
            await pilot.pause(0.05)
            if screen.match.state.round == 2:
                break
        state = screen.match.state
        actions = screen.match.actions
        assert actions[:2] == [ProposeAlliance(1), AnswerAlliance(True)]
        assert (state.round, state.to_move()) == (2, 0)  # the robot played its own turn
        assert any(isinstance(a, Roll) for a in actions[2:])
        assert [t.seat for t in state.turns] == [0, 1]


async def test_quit_mid_turn_then_resume_exactly_there(app_factory):
    app = app_factory(start_game=GAME, players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, pilot, 2)
        await pilot.press("l", "l")
        await pilot.pause()
        before = screen.match.to_saved()
        await pilot.press("escape", "enter")  # leave: the confirmation accepts with Enter
        await pilot.pause()
        await pilot.press("ctrl+c")

    again = app_factory()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # "Reprendre" comes first in the menu
        await pilot.pause()
        assert isinstance(again.screen, TroisCouronnesScreen)
        assert again.screen.match.to_saved() == before
        assert again.screen.match.state.throw_no == 2


async def test_rules_open_with_f1(app_factory):
    app = app_factory(start_game=GAME, players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, 2)
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen"


async def test_keys_during_an_animation_wait_for_it_and_never_play_the_next_turn(app_factory):
    app = app_factory(start_game=GAME, players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot, 2)
        # Animations that last until a key skips them, however slow the machine.
        screen.seconds = lambda base: 0.0 if screen.skipping else 10.0
        await pilot.press("l")
        assert screen.busy  # Lina's dice are still tumbling…
        await pilot.press("a")  # …so this skips them, then stops once they settle
        for _ in range(100):
            if len(screen.match.actions) == 2:
                break
            await pilot.pause(0.05)
        assert [type(a) for a in screen.match.actions] == [Roll, Stop]
        assert screen.busy  # the proclamation is on screen…
        await pilot.press("l")  # …and a key pressed now is not Marc's first throw
        for _ in range(100):
            if not screen.busy:
                break
            await pilot.pause(0.05)
        await pilot.pause(0.2)
        state = screen.match.state
        assert [type(a) for a in screen.match.actions] == [Roll, Stop]
        assert (state.current, state.throw_no) == (1, 0)
