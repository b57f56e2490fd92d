"""Layer 3: what is special to Push to Five on screen: cards turned by key and by click, a
turned card refused, the full cycle's reshuffle by button, the solo record on the results."""

from textual.widgets import Button, Static

from jeux.engine.match import Match, Seat
from jeux.games.push_to_five.game import GAME
from jeux.games.push_to_five.rules import LOSE_ALL, PROTECTION, Flip, Reshuffle, Stop
from jeux.games.push_to_five.screen import PushToFiveScreen
from jeux.screenshots import open_match
from jeux.ui.screens.play.results import ResultsScreen
from tests.settle import wait_until

from .pilot import last_notice, slowed, text


def row(match: Match) -> list[str]:
    return [slot.card for slot in match.state.slots]


def seeded(seats, test) -> Match:
    """The first seeded match whose first row passes `test`."""
    for seed in range(200):
        match = Match(GAME, seed, seats, {})
        if test(row(match)):
            return match
    raise AssertionError("no seed deals such a row")


def safe_start(cards: list[str]) -> bool:
    """The Protection lies before Perdre tout: turning the row in order is a full cycle."""
    return cards.index(PROTECTION) < cards.index(LOSE_ALL) and LOSE_ALL not in cards[:2]


async def opened(app, pilot, match):
    await open_match(app, match)
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, PushToFiveScreen)
    return screen


def answer_button(screen, label: str) -> Button:
    return next(b for b in screen.query("#answers > Button") if str(b.label).startswith(label))


async def test_cards_turn_by_key_and_by_click_and_the_stop_button_banks(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        match = seeded((Seat("Lina"), Seat("Marc")), safe_start)
        screen = await opened(app, pilot, match)
        assert screen.keys_for(Flip(3)) == ["4"]
        await pilot.press("1")
        await pilot.pause()
        assert match.actions == [Flip(0)]
        assert "Lina : " in text(screen, "#centre-text")
        assert screen.hand_row.cards[0].card is not None
        await pilot.press("1")  # already face up: refused, nothing played
        await pilot.pause()
        assert last_notice(app) == "Cette carte est déjà retournée."
        assert match.actions == [Flip(0)]
        await pilot.click(screen.hand_row.cards[1])
        await pilot.pause()
        assert match.actions == [Flip(0), Flip(1)]
        assert "Retourner (1-5)" in text(screen, "#peek")
        await pilot.click(answer_button(screen, "Arrêter"))
        await pilot.pause()
        assert match.actions[-1] == Stop() and match.state.current == 1
        assert all(card.card is None for card in screen.hand_row.cards)  # Marc's new row


async def test_a_full_cycle_offers_the_reshuffle_by_button_and_key(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        match = seeded((Seat("Lina"), Seat("Marc")), safe_start)
        screen = await opened(app, pilot, match)
        await pilot.press("1", "2", "3", "4", "5")
        await pilot.pause()
        assert match.state.phase == "full"
        assert "tour complet ! Remélange (r) ou arrête (a)." in text(screen, "#question")
        assert screen.keys_for(Reshuffle()) == ["r"]
        await pilot.click(answer_button(screen, "Remélanger"))
        await pilot.pause()
        assert match.actions[-1] == Reshuffle() and match.state.cycle == 2
        assert "2e mélange" in text(screen, "#centre-text")
        assert all(card.card is None for card in screen.hand_row.cards)


async def test_solo_results_keep_the_best_score(app_factory):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        lina = app.profiles.players[0]
        seats = (Seat(lina.name, lina.id),)
        match = Match(GAME, 7, seats, {})
        bot = GAME.bot(7)
        while not match.over:
            match.play(bot.choose(match.state.view(0)))
        last = match.actions[-1]
        match = Match(GAME, 7, seats, {}, match.actions[:-1])
        screen = await opened(app, pilot, match)
        assert "Manche 5/5" in text(screen, "#turn")
        await pilot.press(*screen.keys_for(last))
        for _ in range(50):
            if isinstance(app.screen, ResultsScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        score = match.outcome().scores[0]
        assert app.records.record(lina.id, "push_to_five").best == score
        records = str(app.screen.query_one("#records", Static).render())
        assert f"meilleur score {score}" in records and "points gardés" in records


async def test_the_footer_names_the_cards_of_the_row(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await opened(app, pilot, Match(GAME, 3, (Seat("Lina"), Seat("Marc")), {}))
        assert screen.active_bindings["1"].binding.key_display == "1-5"
        await pilot.press("7")
        await pilot.pause()
        assert last_notice(app) == "Pas de carte 7 : 1-5."
        assert screen.match.actions == []


async def test_a_key_pressed_while_a_card_turns_is_not_played_and_says_so(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        match = seeded((Seat("Lina"), Seat("Marc")), safe_start)
        screen = await opened(app, pilot, match)
        slowed(screen)
        await pilot.press("1")
        assert screen.busy  # the first card still turning
        await pilot.press("2")  # before Lina could see it: not played on her behalf
        await pilot.pause()
        assert not screen.busy and match.actions == [Flip(0)]
        assert last_notice(app).startswith("Pas si vite : regarde d'abord")
        await pilot.press("2")  # once seen, the same key plays
        assert match.actions == [Flip(0), Flip(1)]


async def test_the_robot_stops_thinking_before_its_move_is_shown_and_keys_say_it_plays(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        match = seeded((Seat("Lina"), Seat("Robot", bot=True)), safe_start)
        screen = await opened(app, pilot, match)
        await pilot.press("1")
        await pilot.pause()
        slowed(screen)
        await pilot.press("a", "space")  # Lina banks, a key cuts her turn's end short
        robot_shown = lambda: screen.busy and screen.animated_seat == 1  # noqa: E731
        await wait_until(pilot, robot_shown, "the robot's first move shown")
        assert "réfléchit" not in text(screen, "#question")
        app.clear_notifications()
        played = len(match.actions)
        await pilot.press("1")  # Lina's key while the robot plays: it says who does
        await pilot.press("2")  # and once is enough
        assert [n.message for n in app._notifications] == ["Robot réfléchit…"]
        assert all(move.seat == 1 for move in match.played[played:])  # nothing for Lina
        del screen.seconds
        await pilot.press("space")
