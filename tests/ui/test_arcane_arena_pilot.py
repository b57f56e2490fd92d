"""Layer 3: what is special to Arcane Arena on screen: an attack passes the screen to its
target with the reason, and back; no other hand is ever drawn or told; a target is chosen
by key or by click; the card under the cursor is readable in full."""

from jeux.engine.cards import Dealt, Zone
from jeux.engine.match import Seat
from jeux.games.arcane_arena.rules import ACTION, DISCARD, NO_TARGET, REACT, Cast
from jeux.games.arcane_arena.screen import ArenaScreen
from jeux.ui.launch import start_match
from jeux.ui.screens.play.handoff import HandoffScreen
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.widgets.card import Card
from jeux.ui.widgets.game_log import GameLog
from tests.settle import wait_until

from .pilot import text

GAME = "arcane_arena"


def seats(app, humans=("Lina", "Marc"), robots=0) -> list[Seat]:
    made = [app.profiles.create(name) for name in humans]
    return [Seat(p.name, p.id) for p in made] + [
        Seat(f"Robot {n + 1}", bot=True) for n in range(robots)
    ]


def assert_private(screen: ArenaScreen) -> None:
    """Only the seat on screen's hand is drawn, and no other seat's cards are told."""
    state, seat = screen.match.state, screen.shown_seat
    if seat is None or state.to_move() is None:
        return
    drawn = [c.card for c in screen.hand_row.cards]
    assert drawn == [screen.face(c.card) for c in state.hands[seat]]
    told = " ".join(line.text for line in screen.query_one(GameLog).lines)
    for event in screen.match.events:
        if not event.seen_by(seat) and not event.seen_by(None):
            assert event.describe() not in told or any(
                e.describe() == event.describe() for e in screen.match.events if e.seen_by(seat)
            )


async def play_until(pilot, screen, done, limit=300) -> list[str]:
    """Play the robot's choice for each human by keys until `done(state)`, passing handoffs;
    returns the reasons the handoffs gave."""
    app, reasons = pilot.app, []
    for _ in range(limit):
        await pilot.pause()
        if isinstance(app.screen, ResultsScreen) or done(screen.match.state):
            return reasons
        if isinstance(app.screen, HandoffScreen):
            reasons.append(app.screen.reason)
            await pilot.press("enter")
            continue
        if screen.busy or screen.match.seats[screen.match.state.to_move()].bot:
            await pilot.pause()
            continue
        assert_private(screen)
        state = screen.match.state
        seat = state.to_move()
        action = screen.match.game.bot(len(screen.match.actions)).choose(state.view(seat))
        await pilot.press(*screen.keys_for(action))
    raise AssertionError("never reached")


def assert_footer_says_what_the_buttons_say(screen: ArenaScreen) -> None:
    """Each button's key is bound to the button's action, and the footer (when it shows the
    key) names it in the button's words."""
    active = screen.active_bindings
    for button in screen.query("#answers > Button"):
        words, key = str(button.label).removesuffix(")").rsplit(" (", 1)
        bound = active["enter" if key == "Entrée" else key].binding
        assert bound.action == button.name, (key, bound.action, button.name)
        assert not bound.show or bound.description == words, (key, bound.description, words)


async def test_the_footer_names_each_key_as_its_button_does(app_factory):
    """Entrée and x change meaning with the phase: « Lancer » or « Parer », « Passer »,
    « Encaisser » or « Garder ma main », in the footer as on the buttons."""
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start_match(app, GAME, seats(app), {}, seed=3)
        await pilot.pause()
        game, phases = app.screen_stack[-2], set()
        while len(game.match.actions) < 300 and phases < {ACTION, REACT, DISCARD}:
            await pilot.pause()
            if isinstance(app.screen, HandoffScreen):
                await pilot.press("enter")
                continue
            state = game.match.state
            if state.to_move() is None:
                break
            if game.busy:
                continue
            phases.add(state.phase)
            assert_footer_says_what_the_buttons_say(game)
            bot = game.match.game.bot(len(game.match.actions))
            await pilot.press(*game.keys_for(bot.choose(state.view(state.to_move()))))
        assert phases >= {ACTION, REACT, DISCARD}


async def test_an_attack_hands_the_screen_to_its_target_and_back(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start_match(app, GAME, seats(app), {}, seed=3)
        await pilot.pause()
        game = app.screen_stack[-2]
        assert isinstance(app.screen, HandoffScreen) and game.shown_seat is None
        await play_until(pilot, game, lambda s: s.phase == REACT)
        await pilot.pause()
        state = game.match.state
        assert isinstance(app.screen, HandoffScreen)
        attacker, defender = state.players[state.turn], state.players[state.defender]
        assert app.screen.player == defender
        assert app.screen.reason.startswith(f"{attacker} te lance ")
        assert not game.query_one("#table").display  # no board behind the handoff
        await pilot.press("enter")
        await pilot.pause()
        assert game.shown_seat == state.defender
        assert_private(game)
        assert "encaisse (x)" in text(game, "#question")
        await pilot.press("x")
        await wait_until(pilot, lambda: not game.busy, "the robots' moves")
        await pilot.pause()
        if game.match.state.to_move() == state.turn:
            assert isinstance(app.screen, HandoffScreen) and app.screen.player == attacker


async def test_a_target_is_chosen_by_key_among_several(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start_match(app, GAME, seats(app, ("Lina", "Marc", "Zoé")), {}, seed=1)
        await pilot.pause()
        game = app.screen_stack[-2]

        def aimed(state):
            return state.phase == ACTION and any(
                isinstance(a, Cast) and a.target >= 0 for a in state.legal_actions()
            )

        await play_until(pilot, game, aimed)
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            await pilot.pause()
        state = game.match.state
        cast = next(a for a in state.legal_actions() if isinstance(a, Cast) and a.target >= 0)
        keys = game.keys_for(cast)
        await pilot.press(*keys[:-1])
        await pilot.pause()
        names = [str(b.label) for b in game.query("#answers > Button")]
        others = [state.players[s] for s in state.opponents(state.turn)]
        assert [n.rsplit(" (", 1)[0] for n in names] == others
        await pilot.press(keys[-1])
        await pilot.pause()
        assert game.match.actions[-1] == cast


async def test_a_card_is_cast_and_aimed_by_mouse_and_read_in_full(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start_match(app, GAME, seats(app, ("Lina",), robots=2), {}, seed=2)
        await pilot.pause()
        game = app.screen
        assert isinstance(game, ArenaScreen)

        def aimed(state):
            return state.to_move() == 0 and any(
                isinstance(a, Cast) and len(a.cards) == 1 and a.target >= 0
                for a in state.legal_actions()
            )

        await play_until(pilot, game, aimed)
        await wait_until(pilot, lambda: not game.busy, "the robots' moves")
        state = game.match.state
        cast = next(
            a
            for a in state.legal_actions()
            if isinstance(a, Cast) and len(a.cards) == 1 and a.target >= 0
        )
        index = [c.uid for c in state.hands[0]].index(cast.cards[0])
        card = list(game.hand_row.query(Card))[index]
        await pilot.click(card)
        await pilot.pause()
        spell = state.hands[0].by_uid(cast.cards[0]).card
        assert text(game, "#peek").replace("\n", " ").startswith(f"{spell.name} ({spell.kind})")
        await pilot.click("#answers > Button")  # Lancer
        await pilot.pause()
        buttons = list(game.query("#answers > Button"))
        target = state.opponents(0).index(cast.target)
        await pilot.click(buttons[target])
        await pilot.pause()
        assert cast in game.match.actions


async def test_profanation_offers_every_card_of_the_discard_pile(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start_match(app, GAME, seats(app, ("Lina",), robots=1), {}, seed=2)
        await pilot.pause()
        game = app.screen
        await play_until(pilot, game, lambda s: s.to_move() == 0 and s.phase == ACTION)
        await wait_until(pilot, lambda: not game.busy, "the robots' moves")
        state = game.match.state
        book = {spell.name: spell for _, spell in state.book.spells}
        pile = ("Boule de feu", "Bouclier", "Explosion", "Miroir", "Éclair")
        state.discard = Zone(tuple(Dealt(900 + i, book[n]) for i, n in enumerate(pile)), None)
        hand = (Dealt(950, book["Main des ombres"]), Dealt(951, book["Concentration de mana"]))
        state.hands[0] = Zone(hand, (0,))
        game.render_state()
        await pilot.pause()
        cast = Cast((950, 951), NO_TARGET, "Miroir")
        keys = game.keys_for(cast)
        await pilot.press(*keys[:-1])
        await pilot.pause()
        assert text(game, "#question") == "Quelle carte reprendre ? (a-e)"
        labels = [str(b.label).rsplit(" (", 1)[0] for b in game.query("#answers > Button")]
        assert labels == list(pile)
        assert game.query_one("#answers").has_class("many")
        await pilot.press(keys[-1])
        await pilot.pause()
        assert game.match.actions[-1] == cast
        assert "Miroir" in [c.card.name for c in state.hands[0]]
