"""Layer 3: what is special to Deck menteur on screen: a handoff at every turn between humans,
no other seat's hand ever drawn or narrated, the challenge watched by everyone before the
screen moves on, resume behind the handoff, and robot seats."""

from collections import Counter

from textual.widgets import Static

from jeux.engine.match import Seat
from jeux.games.deck_menteur.rules import Accuse, Announce, Play
from jeux.games.deck_menteur.screen import DeckMenteurScreen
from jeux.ui.launch import resume_match, start_match
from jeux.ui.screens.play.handoff import HandoffScreen
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.widgets.card import Card
from jeux.ui.widgets.game_log import GameLog
from tests.settle import wait_until

GAME = "deck_menteur"


def seats(app, humans=("Lina", "Marc"), robots=1) -> list[Seat]:
    made = [app.profiles.create(name) for name in humans]
    return [Seat(p.name, p.id) for p in made] + [
        Seat(f"Robot {n + 1}", bot=True) for n in range(robots)
    ]


def screen_text(screen: DeckMenteurScreen) -> str:
    """Everything the board says in words: its texts, the log, the faces of its cards."""
    parts = [str(w.render()) for w in screen.query(Static) if w.display]
    parts += [line.text for line in screen.query_one(GameLog).lines]
    for card in screen.query(Card):
        if card.card is not None and card.display:
            parts.append(f"{card.card.corner}{card.card.symbol}{card.card.title}")
    return "\n".join(parts)


def told_to_others(screen: DeckMenteurScreen, seat: int) -> list[str]:
    """The lines of other seats' private events (« Ta main : … ») that the screen shows more
    often than the seat's own say them (the same card may be laid in two rounds), wherever
    the log wrapped them."""
    shown = " ".join(screen_text(screen).split())
    told = Counter(" ".join(e.describe_for(seat).split()) for e in screen.match.events)
    private = (e for e in screen.match.events if e.audience and seat not in e.audience)
    lines = {" ".join(e.describe().split()) for e in private}
    return [line for line in lines if shown.count(line) > told[line]]


def assert_private(screen: DeckMenteurScreen) -> None:
    """Only the seat on screen's hand is drawn; no other hand or face-down play is told."""
    state, seat = screen.match.state, screen.shown_seat
    if seat is None or state.to_move() is None:
        return
    drawn = [c.card for c in screen.hand_row.cards]
    assert drawn == [screen.face(c.card) for c in state.hands[seat]]
    assert not told_to_others(screen, seat)
    if state.last_play is not None:
        assert all(c.card is None for c in screen.centre_row.cards)  # face down


async def play_on(pilot, screen, moves=8) -> list[str]:
    """Play `moves` human moves (or to the results) by keys, the robot's choice for each human,
    passing every handoff and reveal; returns who each handoff named."""
    app, named = pilot.app, []
    for _ in range(400):
        await pilot.pause()
        if isinstance(app.screen, ResultsScreen):
            return named
        if isinstance(app.screen, HandoffScreen):
            named.append(app.screen.player)
            await pilot.press("enter")
            continue
        assert app.screen is screen
        if screen.busy or screen.match.seats[screen.match.state.to_move()].bot:
            await pilot.pause()
            continue
        if moves == 0:
            return named
        assert_private(screen)
        state = screen.match.state
        action = screen.match.game.bot(len(screen.match.actions)).choose(state.view(state.turn))
        await pilot.press(*screen.keys_for(action))
        moves -= 1
    raise AssertionError("the moves were not played")


async def test_two_humans_and_a_robot_hand_over_every_turn_and_never_see_another_hand(
    app_factory,
):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start_match(app, GAME, seats(app), {}, seed=3)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandoffScreen)  # before any board
        game = app.screen_stack[-2]
        assert isinstance(game, DeckMenteurScreen) and game.shown_seat is None
        named = await play_on(pilot, game)
        movers = [p.seat for p in game.match.played if not game.match.seats[p.seat].bot]
        changes = sum(1 for i, seat in enumerate(movers) if i == 0 or movers[i - 1] != seat)
        assert len(named) >= changes  # a handoff whenever another human takes the screen
        assert set(named) == {"Lina", "Marc"}


async def test_a_challenge_is_turned_over_for_everyone_and_told_by_the_next_handoff(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start_match(app, GAME, seats(app, robots=0), {}, seed=5)
        await pilot.pause()
        game = app.screen_stack[-2]
        await pilot.press("enter")  # the first player takes the screen
        first = game.match.state.turn
        await pilot.press(*game.keys_for(Announce("pique")))
        hand = game.match.state.hands[first].cards
        await pilot.press(*game.keys_for(Play((hand[0].uid, hand[1].uid))))
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "a posé 2 cartes en annonçant ♠ pique — les crois-tu ?" in app.screen.reason
        await pilot.press("enter")
        assert "Sinon accuse (a)" in str(game.query_one("#question", Static).render())
        game.act(Accuse())
        # While the challenge is turned over, the question it answered is no longer asked.
        assert game.busy and not str(game.query_one("#question", Static).render())
        assert not game.query_one("#answers").display
        await pilot.pause()
        handoff = app.screen
        assert isinstance(handoff, HandoffScreen)  # it tells everyone how the challenge ended
        state = game.match.state
        verdict = state.verdict(state.turn)
        assert handoff.reason == f"{verdict} Nouvelle manche — à toi d'annoncer la couleur."
        assert "accusait" in handoff.reason and state.players[state.turn] not in handoff.reason
        assert game.shown_seat is None and not game.hand_row.display  # the new hand: hidden
        faces = [c.card for c in game.centre_row.cards]
        assert len(faces) == 3 and all(f is not None for f in faces)  # two cards and the pack's
        assert "Main de" not in screen_text(game)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is game and game.shown_seat == game.match.state.turn
        assert verdict in str(game.query_one("#centre-text", Static).render())


async def test_a_resumed_match_shows_the_handoff_before_the_board(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start_match(app, GAME, seats(app, robots=0), {}, seed=5)
        await pilot.pause()
        game = app.screen_stack[-2]
        await pilot.press("enter", "p", "1", "enter")
        await pilot.pause()
        saved = app.records.unfinished()[0]
        await pilot.press("enter", "escape")  # Marc takes the screen, then leaves the match
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert game not in app.screen_stack
        assert resume_match(app, app.records.unfinished()[0])
        await pilot.pause()
        assert saved.id == app.records.unfinished()[0].id
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Marc"
        resumed = app.screen_stack[-2]
        assert resumed.shown_seat is None and not resumed.hand_row.cards


async def test_one_human_with_robots_needs_no_handoff_and_sees_the_robots_play(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start_match(app, GAME, seats(app, humans=("Lina",), robots=2), {"annonce": "hasard"})
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DeckMenteurScreen)
        assert await play_on(pilot, screen) == []
        assert any(screen.match.seats[p.seat].bot for p in screen.match.played)


async def test_cards_chosen_and_played_by_mouse(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        start_match(app, GAME, seats(app, humans=("Lina",), robots=1), {"max_cartes": 3}, seed=4)
        await pilot.pause()
        screen = app.screen
        await wait_until(
            pilot,
            lambda: screen.match.state.to_move() == 0 and not screen.busy,
            "the first seat's turn",
        )
        if screen.match.state.phase == "annonce":
            await pilot.click("#answers > Button")  # the first suit offered
            await pilot.pause()
        hand = screen.match.state.hands[0].cards
        for card in screen.hand_row.cards[:4]:
            await pilot.click(card)
        await pilot.pause()
        assert screen.chosen == [c.uid for c in hand[:3]]  # the fourth is refused
        assert "Au plus 3 cartes à la fois." in [n.message for n in app._notifications]
        assert all(c.has_class("-selected") for c in screen.hand_row.cards[:3])
        await pilot.click(screen.hand_row.cards[2])  # put back
        await pilot.click("#answers > Button")  # Poser
        await pilot.pause()
        assert Play((hand[0].uid, hand[1].uid)) in screen.match.actions


async def test_back_from_the_rules_or_the_leave_dialog_the_screen_is_handed_over_again(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start_match(app, GAME, seats(app, robots=0), {}, seed=4)
        await pilot.pause()
        game = app.screen_stack[-2]
        for leave in (("f1",), ("escape",), ("escape", "n")):
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is game and game.shown_seat is not None
            await pilot.press(*leave)
            await pilot.pause()
            if app.screen is not game:
                await pilot.press(*leave[1:] or ("escape",))
                await pilot.pause()
            assert isinstance(app.screen, HandoffScreen), leave
            assert sum(isinstance(s, HandoffScreen) for s in app.screen_stack) == 1
        await pilot.press("enter", "escape", "o")
        await pilot.pause()
        assert game not in app.screen_stack


async def test_hostile_names_are_shown_literally_on_the_table(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        names = ("[red]x", "[@click=app.quit]y")
        start_match(app, GAME, seats(app, humans=names, robots=1), {}, seed=2)
        await pilot.pause()
        game = app.screen_stack[-2]
        await pilot.press("enter", *game.keys_for(Announce("pique")))
        hand = game.match.state.hands[game.match.state.turn].cards
        await pilot.press(*game.keys_for(Play((hand[0].uid,))))
        await wait_until(
            pilot, lambda: isinstance(app.screen, HandoffScreen) and not game.busy, "the handoff"
        )
        await pilot.press("enter")
        await pilot.pause()
        question = str(game.query_one("#question", Static).render())
        assert question.startswith("Crois-tu [red]x ?")
        assert "[red]x" in screen_text(game)
