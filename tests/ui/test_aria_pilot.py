"""Layer 3: Cartes Divinités Aria opens the Arena's screen with its own cards and rules; a
Mensonge de Gobie does not pass the screen to its target (ARIA-2); each seat reads its own
secret alliance and nobody else's."""

from jeux.catalog import load_game
from jeux.engine.match import Match, Seat
from jeux.games.arcane_arena.rules import ACTION, REACT, Cast
from jeux.games.arcane_arena.screen import ArenaScreen
from jeux.games.aria.cards import ARIA
from jeux.screenshots import open_match
from jeux.ui.launch import start_match
from jeux.ui.screens.play.handoff import HandoffScreen
from jeux.ui.screens.rules import RulesScreen
from tests.settle import wait_until

from .driver import screen_lines
from .pilot import text

GAME = "aria"
ARIA_NAMES = {spell.name for _, spell in ARIA.spells}


def seats(app) -> list[Seat]:
    return [Seat(p.name, p.id) for p in (app.profiles.create(n) for n in ("Lina", "Marc"))]


async def test_aria_plays_on_the_arena_screen_with_its_cards_and_rules(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start_match(app, GAME, seats(app), {"alliances": True}, seed=4)
        await pilot.pause()
        game = app.screen_stack[-2]
        assert isinstance(game, ArenaScreen) and isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await pilot.pause()
        state, seat = game.match.state, game.shown_seat
        assert {c.card.name for c in state.hands[seat]} <= ARIA_NAMES
        allied = state.allied[seat]
        turn = text(game, "#turn")
        assert ("allié·e de la Guilde" if allied else "sans alliance") in turn
        assert turn.count("alli") <= 1  # the other seat's alliance is not told
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.game_id == GAME
        await pilot.press("end")  # its last words, on the alliances, name an Aria card
        assert "Mensonge de Gobie" in "".join(screen_lines(app.screen))


async def test_a_mensonge_does_not_ask_its_unallied_target(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game_rules = load_game(GAME)
        match = Match(game_rules, 4, tuple(seats(app)), {})
        bot = game_rules.bot(0)
        while not (
            match.state.phase == ACTION
            and any(
                isinstance(a, Cast) and match.state.spells_of(match.state.turn, a.cards).pierce
                for a in match.state.legal_actions()
            )
        ):
            match.play(bot.choose(match.state.view(match.state.to_move())))
        await open_match(app, match)
        await pilot.pause()
        game = app.screen_stack[-2]
        await pilot.press("enter")
        await pilot.pause()
        state = match.state
        lie = next(
            a
            for a in state.legal_actions()
            if isinstance(a, Cast) and state.spells_of(state.turn, a.cards).pierce
        )
        target = lie.target
        before, played = state.hp[target], len(match.actions)
        await pilot.press(*game.keys_for(lie))
        await wait_until(pilot, lambda: not game.busy, "the robots' moves")
        assert match.actions[played:] == [lie] and match.state.phase != REACT
        assert match.state.hp[target] == before - 1 or match.state.round > 1
