"""Layer 3: what is special to Le Coffre et la Clé on screen: one handoff per turn, no face
drawn that the seat on screen may not see, the own card shown only while peeking (any key
hides it), the public final votes without handoff, and the mouse."""

from jeux.engine.match import Match, Seat
from jeux.games.coffre_et_cle.game import GAME
from jeux.games.coffre_et_cle.rules import (
    ACT,
    CLE,
    DESIGNATE,
    NEUTRE,
    TRESOR,
    VOTE,
    Designate,
    EndTurn,
    Exchange,
    Look,
    Observe,
    Pass,
    Vote,
)
from jeux.games.coffre_et_cle.screen import OWN_CARD, CoffreScreen
from jeux.screenshots import open_match
from jeux.ui.launch import start_match
from jeux.ui.screens.play.handoff import HandoffScreen
from jeux.ui.screens.play.results import ResultsScreen
from tests.settle import wait_until

from .driver import assert_shown_literally, screen_lines
from .pilot import text

GAME_ID = "coffre_et_cle"


def seats(app, humans=("Lina", "Marc", "Zoé"), robots=1) -> list[Seat]:
    made = [app.profiles.create(name) for name in humans]
    return [Seat(p.name, p.id) for p in made] + [
        Seat(f"Robot {n + 1}", bot=True) for n in range(robots)
    ]


def assert_private(screen: CoffreScreen) -> None:
    """Every face drawn is one the seat on screen may see, and only while it peeks or has
    just observed that centre card."""
    state, seat = screen.match.state, screen.shown_seat
    if seat is None or state.to_move() is None:
        assert all(c.card is None for c in screen.centre_row.cards)
        return
    view = state.view(seat)
    faces = [c.card for c in screen.centre_row.cards]
    for slot, face in enumerate(faces[:2]):
        if face is not None:
            assert face == screen.face(view.centre[slot])
            assert screen.peeking or view.observed == slot
    if faces[OWN_CARD] is not None:
        assert screen.peeking and faces[OWN_CARD] == screen.face(view.hands[seat])


async def play_to_results(pilot, screen: CoffreScreen) -> list[str]:
    """Play every human move by keys (the robot's choice for it), checking privacy on every
    board; returns the phase each handoff opened on."""
    app, phases = pilot.app, []
    for _ in range(600):
        await pilot.pause()
        if isinstance(app.screen, ResultsScreen):
            return phases
        if isinstance(app.screen, HandoffScreen):
            phases.append(screen.match.state.phase)
            await pilot.press("enter")
            continue
        assert app.screen is screen
        state = screen.match.state
        if screen.busy or screen.match.seats[state.to_move()].bot:
            await pilot.pause()
            continue
        assert_private(screen)
        action = GAME.bot(len(screen.match.actions)).choose(state.view(state.to_move()))
        await pilot.press(*screen.keys_for(action))
        await pilot.pause()
        if app.screen is screen:
            assert_private(screen)
    raise AssertionError("the match did not end")


async def test_one_handoff_per_turn_and_no_hidden_face_on_the_board(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start_match(app, GAME_ID, seats(app), {"tours": 2}, seed=3)
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)  # before any board
        game = app.screen_stack[-2]
        assert isinstance(game, CoffreScreen) and game.shown_seat is None
        phases = await play_to_results(pilot, game)
        # A turn opens on the handoff, never its end; the votes are public.
        assert phases and set(phases) <= {ACT, DESIGNATE}
        turns = sum(
            1
            for p, action in zip(game.match.played, game.match.actions, strict=True)
            if not game.match.seats[p.seat].bot and isinstance(action, EndTurn)
        )
        assert len(phases) <= turns + 1


async def test_the_own_card_shows_only_while_peeking(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start_match(app, GAME_ID, seats(app, robots=1), {}, seed=5)
        await pilot.pause()
        game = app.screen_stack[-2]
        await pilot.press("enter")
        await pilot.pause()
        seat = game.shown_seat
        own = game.match.state.hands[seat]
        assert game.centre_row.cards[OWN_CARD].card is None
        assert own.name not in text(game, "#centre-text")
        await pilot.press("r")
        await pilot.pause()
        assert game.centre_row.cards[OWN_CARD].card == game.face(own)
        assert f"Ta carte : {own.name}." in text(game, "#centre-text")
        await pilot.press("f")  # any key hides it, and still does its job
        await pilot.pause()
        assert not game.peeking and game.centre_row.cards[OWN_CARD].card is None
        assert game.pending == "force"
        await pilot.press("escape")  # puts the action back, without leaving
        await pilot.pause()
        assert app.screen is game and game.pending is None
        await pilot.press("e")
        await pilot.pause()
        assert game.pending == "exchange"
        await pilot.press("1")
        await pilot.pause()
        assert game.match.actions[-1] == Exchange(0)
        assert "nouvelle carte" in text(game, "#peek")
        await pilot.press("r")  # the new card is looked at: a move of the match
        await pilot.pause()
        new = game.match.state.hands[seat]
        assert game.match.actions[-1] == Look()
        assert game.peeking and game.centre_row.cards[OWN_CARD].card == game.face(new)
        await pilot.press("r")
        await pilot.pause()
        assert not game.peeking and game.centre_row.cards[OWN_CARD].card is None


async def test_observe_force_and_end_turn_by_mouse(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start_match(app, GAME_ID, seats(app, humans=("Lina",), robots=3), {}, seed=2)
        await pilot.pause()
        game = app.screen
        await wait_until(
            pilot,
            lambda: game.match.state.to_move() == 0 and not game.busy,
            "the first seat's turn",
        )
        await pilot.click(game.centre_row.cards[OWN_CARD])  # a click peeks too
        await pilot.pause()
        assert game.peeking
        await pilot.click("#answers > Button")  # Observer
        await pilot.pause()
        assert game.pending == "observe" and not game.peeking
        await pilot.click(game.centre_row.cards[1])  # the right centre card
        await pilot.pause()
        assert game.match.actions[-1] == Observe(1)
        assert game.centre_row.cards[1].card is not None  # seen until the turn ends
        played = len(game.match.actions)
        await pilot.click("#answers > Button")  # Finir
        await pilot.pause()
        assert game.match.actions[played] == EndTurn()
        assert game.centre_row.cards[1].card is None


def final_phase(humans: list[Seat]) -> Match:
    """Everyone passes; at the limit the Treasure names a Neutral: the votes open."""
    match = Match(GAME, 4, tuple(humans), {"tours": 2})
    while match.state.phase != VOTE:
        state = match.state
        if state.phase == DESIGNATE:
            match.play(Designate(next(s for s, c in enumerate(state.hands) if c.role == NEUTRE)))
        else:
            match.play(Pass() if state.phase == ACT else EndTurn())
    return match


async def at_the_final_votes(app, pilot) -> CoffreScreen:
    """Four humans at the final votes (`final_phase`), their board open."""
    await pilot.pause()
    await open_match(app, final_phase(seats(app, humans=("Lina", "Marc", "Zoé", "Ana"), robots=0)))
    await pilot.pause()
    return app.screen


async def test_final_votes_go_round_in_public_without_handoff(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        game = await at_the_final_votes(app, pilot)
        match = game.match
        assert isinstance(game, CoffreScreen)  # the votes are said aloud: no handoff
        for _ in range(4):
            voter = match.state.to_move()
            assert game.shown_seat == voter
            assert "Qui a la Clé Factice ?" in text(game, "#question")
            await pilot.press("1")
            await pilot.pause()
            assert match.actions[-1] == Vote(match.state.others(voter)[0])
            assert not isinstance(app.screen, HandoffScreen)
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await pilot.pause()
        shown = "\n".join(screen_lines(app.screen))
        assert "Rôle" in shown and "Clé Factice" in shown  # every card turned
        # Here the Fake Key lay in the centre: nobody wins, and no podium says otherwise.
        assert "personne ne gagne" in shown and "1er" not in shown


async def test_during_the_votes_a_card_shows_only_after_a_question_naming_the_seat(app_factory):
    from jeux.ui.screens.confirm import ConfirmScreen

    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        game = await at_the_final_votes(app, pilot)
        match = game.match
        voter = match.state.to_move()
        own = match.state.hands[voter]
        await pilot.press("r")  # the whole table looks: r alone shows nothing
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == f"Montrer la carte de {match.state.players[voter]} ?"
        assert not game.peeking and game.centre_row.cards[OWN_CARD].card is None
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is game and not game.peeking
        assert game.centre_row.cards[OWN_CARD].card is None
        await pilot.press(*game.keys_for(Look()))  # r, then « Oui »
        await pilot.pause()
        assert app.screen is game and game.peeking
        assert game.centre_row.cards[OWN_CARD].card == game.face(own)
        await pilot.press("1")  # any key hides it, and votes
        await pilot.pause()
        assert not game.peeking and isinstance(match.actions[-1], Vote)


async def test_at_the_limit_the_treasure_designates_behind_the_handoff_unseen(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = tuple(seats(app, humans=("Lina", "Marc", "Zoé", "Ana"), robots=0))
        match = next(
            m
            for seed in range(100)
            if (m := Match(GAME, seed, table, {"tours": 2})).state.hands[1].role == TRESOR
        )
        for _ in range(7):  # everyone passes; Ana ends the last turn, Marc holds the Treasure
            match.play(Pass())
            match.play(EndTurn())
        match.play(Pass())
        await open_match(app, match)
        await pilot.pause()
        game = app.screen_stack[-2]
        await pilot.press("enter", "enter")  # Ana takes the screen and ends her turn
        await pilot.pause()
        assert match.state.phase == DESIGNATE
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Marc"
        assert not game.query_one("#table").display
        hidden = [match.state.view(s).hands[1] for s in (None, 0, 2, 3)]
        assert hidden == [None] * 4  # nobody but Marc sees his card before he designates
        await pilot.press("enter", "r")
        await pilot.pause()
        assert game.shown_seat == 1 and game.centre_row.cards[OWN_CARD].card.title == "Trésor"


async def test_hostile_names_on_the_target_buttons_are_shown_literally(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        names = ("[/]", "[red]x", "[@click=app.quit]y")
        start_match(app, GAME_ID, seats(app, humans=names), {}, seed=1)
        await pilot.pause()
        game = app.screen_stack[-2]
        await pilot.press("enter", "f")  # the seats to force, as buttons

        def answers() -> list[str]:
            return [str(b.label) for b in game.query("#answers > Button")]

        await wait_until(pilot, lambda: answers() and answers()[0].endswith("(1)"), "the seats")
        labels = answers()
        others = [n for n in names if n != game.match.state.players[game.shown_seat]]
        assert all(any(label.startswith(n[:10]) for label in labels) for n in others)
        assert_shown_literally(game, list(others))


async def test_a_move_clicked_while_peeking_hides_the_card(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start_match(app, GAME_ID, seats(app, humans=("Lina",), robots=3), {}, seed=2)
        await pilot.pause()
        game = app.screen
        await wait_until(
            pilot,
            lambda: game.match.state.to_move() == 0 and not game.busy,
            "the first seat's turn",
        )
        await pilot.click(game.centre_row.cards[OWN_CARD])
        await pilot.pause()
        assert game.peeking
        buttons = list(game.query("#answers > Button"))
        await pilot.click(next(b for b in buttons if b.name == "pass_turn"))
        await pilot.pause()
        assert game.match.actions[-1] == Pass()
        assert not game.peeking and game.centre_row.cards[OWN_CARD].card is None


async def test_the_treasure_designates_by_keys_after_its_action(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = tuple(seats(app, humans=("Lina", "Marc", "Zoé", "Ana"), robots=0))
        match = next(
            m
            for seed in range(100)
            if (m := Match(GAME, seed, table, {})).state.hands[0].role == TRESOR
            and CLE in [c.role for c in m.state.hands]
        )
        key = next(s for s, c in enumerate(match.state.hands) if c.role == CLE)
        await open_match(app, match)
        await pilot.pause()
        game = app.screen_stack[-2]
        await pilot.press("enter", "p")
        await pilot.pause()
        assert "Désigner la Clé (d)" in text(game, "#question")
        await pilot.press(*game.keys_for(Designate(key)))
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        assert match.outcome().winners == (0, key)
