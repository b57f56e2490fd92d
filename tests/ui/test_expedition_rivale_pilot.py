"""Layer 3: what is special to L'Expédition Rivale on screen: the Tablette's secret look on its
player's own board only, every card read in full above the rows, cards picked by mouse, and the
Masque handing the screen to the player who must discard."""

from textual.widgets import Static

from jeux.engine.match import Match, Seat
from jeux.games.expedition_rivale.game import GAME as GAME_RULES
from jeux.games.expedition_rivale.rules import BY_KEY, KEEP, ORDER, Draw, Pick, Play
from jeux.games.expedition_rivale.screen import ExpeditionScreen
from jeux.screenshots import open_match, pass_handoff
from jeux.ui.launch import start_match
from jeux.ui.screens.play.handoff import HandoffScreen
from jeux.ui.widgets.game_log import GameLog
from tests.settle import wait_until

from .pilot import slowed, text

GAME = "expedition_rivale"
TABLETTE_FIRST = 7
"""A seed where the first player, seat 0, holds the Tablette de la Prophétie."""


def seats(app, humans=("Lina", "Marc"), robots=0) -> list[Seat]:
    made = [app.profiles.create(name) for name in humans]
    return [Seat(p.name, p.id) for p in made] + [
        Seat(f"Robot {n + 1}", bot=True) for n in range(robots)
    ]


def screen_text(screen: ExpeditionScreen) -> str:
    """Everything the board says in words: its texts, its rows of cards, the log."""
    parts = [str(w.render()) for w in screen.query(Static) if w.display]
    parts += [row.card.title for row in screen.hand_row.cards if row.card]
    parts += [line.text for line in screen.query_one(GameLog).lines]
    return "\n".join(parts)


async def lina_holding_the_tablette(app, pilot) -> ExpeditionScreen:
    """Lina against a robot, her turn first, the Tablette de la Prophétie in her hand."""
    await pilot.pause()
    start_match(app, GAME, seats(app, humans=("Lina",), robots=1), {}, seed=TABLETTE_FIRST)
    await pilot.pause()
    return app.screen


async def test_the_tablette_look_is_seen_by_its_player_only(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start_match(app, GAME, seats(app), {}, seed=TABLETTE_FIRST)
        await pilot.pause()
        game = app.screen_stack[-2]
        await pilot.press("enter")
        await pilot.pause()
        assert game.shown_seat == 0
        await pilot.press(*game.keys_for(Play("tablette")))
        await pilot.pause()
        state = game.match.state
        looked = list(state.looked)
        assert state.phase == KEEP and len(looked) == 3
        assert [row.card.title for row in game.hand_row.cards] == [c.name for c in looked]
        assert "Tablette : tu vois" in screen_text(game)
        await pilot.press(*game.keys_for(Pick(looked[0].key)))
        await pilot.pause()
        assert state.phase == ORDER
        await pilot.press(*game.keys_for(Pick(looked[2].key)))
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Marc"
        assert not game.query_one("#table").display
        await pilot.press("enter")
        await pilot.pause()
        assert game.shown_seat == 1
        shown = screen_text(game)
        for card in looked:
            assert card.name not in shown
        assert "Lina regarde 3 cartes" in shown  # the count is public


async def test_every_card_reads_in_full_above_the_rows(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start_match(app, GAME, seats(app), {}, seed=TABLETTE_FIRST)
        await pilot.pause()
        game = app.screen_stack[-2]
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*game.keys_for(Play("tablette")))
        await pilot.pause()
        for index, row in enumerate(game.hand_row.cards):
            await pilot.press(str(index + 1))
            await pilot.pause()
            card = next(c for c in game.match.state.looked if c.name == row.card.title)
            detail = " ".join(text(game, "#peek").split())
            assert card.name in detail and card.condition in detail
            assert (card.effect or "Sans effet.") in detail
        assert game.match.state.phase == KEEP  # picking shows a card, it does not play it


async def test_cards_are_shown_then_played_and_the_deck_drawn_by_mouse(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await lina_holding_the_tablette(app, pilot)
        assert isinstance(screen, ExpeditionScreen)
        row = screen.hand_row.cards[0]
        assert row.card.title == BY_KEY["tablette"].name
        await pilot.click(row)
        await pilot.pause()
        assert "Tablette de la Prophétie" in text(screen, "#peek")
        assert not screen.match.actions
        await pilot.click(row)
        await pilot.pause()
        assert screen.match.actions == [Play("tablette")]
        while screen.match.state.phase in (KEEP, ORDER):
            await pilot.click(screen.hand_row.cards[0])
            await pilot.click(screen.hand_row.cards[0])
            await pilot.pause()
        await wait_until(
            pilot, lambda: not screen.busy and screen.match.state.to_move() == 0, "Lina's turn"
        )
        if Draw() in screen.match.state.legal_actions():
            count = len(screen.match.actions)
            await pilot.click("#answers > Button")  # Piocher comes first
            await pilot.pause()
            assert screen.match.actions[count] == Draw()


async def test_the_masque_hands_the_screen_to_the_victim_who_chooses_the_discard(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        humans = [app.profiles.create(name) for name in ("Lina", "Marc")]
        match = Match(GAME_RULES, 1, tuple(Seat(p.name, p.id) for p in humans), {})
        bot = GAME_RULES.bot(0)
        while (action := bot.choose(match.state.view(match.state.to_move()))) != Play("masque"):
            match.play(action)
        await open_match(app, match)
        game = await pass_handoff(app)
        await pilot.pause()
        player = match.state.turn
        await pilot.press(*game.keys_for(action))
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert app.screen.player == match.state.players[1 - player]
        assert "a posé le Masque Maudit" in app.screen.reason
        await pilot.press("enter")
        await pilot.pause()
        victims = list(match.state.played[1 - player])
        assert [row.card.title for row in game.hand_row.cards] == [c.name for c in victims]
        await pilot.press(*game.keys_for(Pick(victims[0].key)))
        await pilot.pause()
        assert victims[0] in match.state.discard
        assert app.screen is game and game.shown_seat == 1 - player  # their turn now


async def test_a_card_key_pressed_during_an_animation_is_never_dropped_in_silence(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await lina_holding_the_tablette(app, pilot)
        slowed(screen)
        await pilot.press("1", "1")  # the Tablette shown, then played
        assert screen.busy and screen.match.actions == [Play("tablette")]
        await pilot.press("1")
        screen.seconds = lambda base: 0.0  # what follows (the robot's turn) plays at once
        await wait_until(pilot, lambda: app._notifications, "a word for the key pressed")
        assert screen.match.actions[:1] == [Play("tablette")]
