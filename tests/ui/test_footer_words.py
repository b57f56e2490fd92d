"""Layer 3: the footer names each key in the words of the button that shows it, in every
phase (GameScreen.button_words): « Entrée Lancer » when the button says « Lancer (Entrée) »,
« l Relancer » once the dice are on the table. Each game is played by keys, by its own bot,
until the footer has said each of the words its buttons change to."""

import pytest

from jeux.engine.match import Seat
from jeux.ui.launch import start_match
from jeux.ui.screens.play.handoff import HandoffScreen
from jeux.ui.screens.play.results import ResultsScreen

from .driver import (
    assert_footer_says_what_the_buttons_say,
    footer_words,
    game_screen,
    next_move,
    pass_handoff,
    press_for,
    settle,
)

CASES = [
    ("arcane_duel", 2, 0, {("enter", "Lancer"), ("f", "Finir le tour"), ("e", "Encaisser")}),
    ("expedition_rivale", 2, 0, {("enter", "Poser"), ("enter", "Choisir"), ("p", "Piocher")}),
    ("deck_menteur", 2, 1, {("enter", "Poser"), ("a", "Accuser")}),
    ("lucky_odds", 1, 0, {("l", "Lancer"), ("l", "Relancer")}),
    ("le_capitaine", 1, 0, {("l", "Lancer"), ("l", "Relancer")}),
    ("dice_of_madness", 1, 0, {("l", "Lancer"), ("l", "Relancer")}),
    ("le_labyrinthe", 1, 0, {("v", "Avancer, −2 au jet")}),
    ("trois_couronnes", 1, 0, {("l", "Lancer"), ("l", "Relancer")}),
]


@pytest.mark.parametrize(("game_id", "humans", "robots", "words"), CASES, ids=[c[0] for c in CASES])
async def test_the_footer_names_each_key_as_its_button_does(
    app_factory, game_id, humans, robots, words
):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        made = [app.profiles.create(name) for name in ("Lina", "Marc")[:humans]]
        seats = [Seat(p.name, p.id) for p in made] + [Seat("Robot", bot=True)] * robots
        start_match(app, game_id, seats, {}, seed=3)
        await pilot.pause()
        game, said = game_screen(pilot), set()
        await settle(pilot, game)
        for _ in range(200):
            if words <= said or isinstance(app.screen, ResultsScreen):
                break
            if isinstance(app.screen, HandoffScreen):
                await pass_handoff(pilot, game)
            elif game.shown_seat is None:  # the whole table looks at a reveal
                await pilot.press("enter")
                await settle(pilot, game)
            else:
                assert_footer_says_what_the_buttons_say(game)
                said |= set(footer_words(game).items())
                await press_for(pilot, game, next_move(game.match))
        assert words <= said
