"""Layer 3: what is special to Arcane Duel on screen: the attack pauses behind the handoff
with its reason, the defender answers (by a click) and the screen comes back to the
attacker with what the answer did; a spell's target and cost asked one at a time, by keys
and by clicks; the card under the cursor told in full; no other hand ever drawn."""

import pytest
from textual.widgets import Static

from jeux.engine.cards import Zone
from jeux.engine.match import Seat
from jeux.games.arcane_duel.rules import DEFEND, DISCARD, SPELLS, ArcaneState
from jeux.games.arcane_duel.screen import ArcaneDuelScreen
from jeux.ui.launch import start_match
from jeux.ui.screens.play.handoff import HandoffScreen
from tests.settle import wait_until

from .pilot import last_notice, slowed, text

GAME = "arcane_duel"


def humans(app, names) -> list[Seat]:
    return [Seat(p.name, p.id) for p in (app.profiles.create(n) for n in names)]


def deal(state: ArcaneState, seat: int, *keys: str) -> None:
    state.hands[seat] = Zone(state.fresh(keys), (seat,))


def board_text(game: ArcaneDuelScreen) -> str:
    return "\n".join(str(w.render()) for w in game.query(Static) if w.display)


async def duel_of_lina_and_marc(pilot) -> ArcaneDuelScreen:
    """Their duel of seed 3, begun: its screen waits behind the first handoff."""
    app = pilot.app
    await pilot.pause()
    start_match(app, GAME, humans(app, ("Lina", "Marc")), {}, seed=3)
    await pilot.pause()
    return app.screen_stack[-2]


async def take_screen(pilot, game: ArcaneDuelScreen) -> str:
    """Pass the handoff; returns the reason it gave."""
    await pilot.pause()
    handoff = pilot.app.screen
    assert isinstance(handoff, HandoffScreen) and game.shown_seat is None
    await pilot.press("enter")
    await pilot.pause()
    return handoff.reason


async def test_a_defence_pauses_the_attack_behind_the_handoff_and_comes_back(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        game = await duel_of_lina_and_marc(pilot)
        state = game.match.state
        me, other = state.turn, 1 - state.turn
        deal(state, me, "explosion", "miroir")
        deal(state, other, "bouclier", "lumiere")
        await take_screen(pilot, game)
        assert "Explosion (attaque) : Inflige 2 points de dégâts" in text(game, "#peek")
        assert "Bouclier" not in board_text(game)  # the other hand is never drawn
        await pilot.press("1", "enter")  # one opponent: no target to ask
        reason = await take_screen(pilot, game)
        attacker, defender = state.players[me], state.players[other]
        assert reason == f"{attacker} te lance Explosion — te défendre ?"
        assert game.shown_seat == other and state.phase == DEFEND
        assert "Miroir" not in board_text(game)
        assert "(2 dégâts)" in text(game, "#question")
        await pilot.click(game.hand_row.cards[0])  # the Bouclier
        reason = await take_screen(pilot, game)
        assert f"{defender} se défend avec Bouclier" in reason and "perd 1 PV" in reason
        assert game.shown_seat == me and state.phase == DISCARD
        assert (state.hp[me], state.hp[other]) == (8, 8)
        await pilot.click("#answers > Button")  # « Finir le tour »
        await pilot.pause()
        assert state.turn == other


async def lina_to_act_against_two_robots(app, pilot):
    """A match of Lina against two robots, once it is her turn to act."""
    await pilot.pause()
    seats = [*humans(app, ("Lina",)), Seat("Robot 1", bot=True), Seat("Robot 2", bot=True)]
    start_match(app, GAME, seats, {}, seed=3)
    await pilot.pause()
    game = app.screen
    await wait_until(
        pilot,
        lambda: game.match.state.to_move() == 0 and game.match.state.phase == "action",
        "an action to choose",
    )
    return game


async def test_a_spell_asks_its_target_then_its_cost_by_keys_and_clicks(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        game = await lina_to_act_against_two_robots(app, pilot)
        state = game.match.state
        deal(state, 0, "malediction", "lumiere", "epines")
        game.render_state()
        await pilot.pause()
        await pilot.press("1", "enter")
        assert text(game, "#question").startswith("Qui vises-tu ?")
        labels = [str(b.label) for b in game.query("#answers > Button")]
        assert labels == ["Robot 1 (a)", "Robot 2 (b)"]
        await pilot.press("b")
        await pilot.pause()
        assert text(game, "#question").startswith("Quelle carte défausses-tu en prix ?")
        buttons = list(game.query("#answers > Button"))
        assert [str(b.label) for b in buttons] == [
            "Lumière de guérison (a)",
            "Épines (b)",
        ]
        await pilot.click(buttons[1])
        await pilot.pause()
        discard = [c.card for c in state.discard]
        assert discard[-2:] == ["malediction", "epines"] and state.hand_keys(0) == ["lumiere"]
        assert (state.attacker, state.spell) == (0, "Malédiction")


async def test_x_takes_back_a_choice_and_every_card_face_fits(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        game = await lina_to_act_against_two_robots(app, pilot)
        state = game.match.state
        deal(state, 0, "boule", "explosion", "deviation")
        game.render_state()
        await pilot.press("1", "2", "enter")
        assert text(game, "#question").startswith("Qui vises-tu ?")
        await pilot.press("x")
        await pilot.pause()
        assert not game.candidates and not game.chosen
        assert text(game, "#question").startswith("Lance")
        await pilot.press("left")  # back to the Boule de feu, and its combo with the Explosion
        assert "✓ + Explosion = Explosion des flammes" in text(game, "#peek")
        await pilot.press("1", "2")  # both chosen: the combination in full
        assert "Infligez 3 points de dégâts à un adversaire." in text(game, "#peek")
        for key in SPELLS:  # every face's words fit its card
            face = game.face(key)
            assert all(len(word) <= 9 for word in face.title.split()), key


async def test_enter_alone_casts_the_card_the_arrows_point_at(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        game = await duel_of_lina_and_marc(pilot)
        state = game.match.state
        me = state.turn
        deal(state, me, "explosion", "miroir")
        deal(state, 1 - me, "bouclier", "lumiere")
        await take_screen(pilot, game)
        await pilot.press("enter")  # the cursor starts on the first card: Explosion
        reason = await take_screen(pilot, game)
        assert reason == f"{state.players[me]} te lance Explosion — te défendre ?"


async def test_an_empty_hand_is_offered_to_draw_or_pass_not_to_cast(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        game = await duel_of_lina_and_marc(pilot)
        deal(game.match.state, game.match.state.turn)
        await take_screen(pilot, game)
        assert text(game, "#question") == "Main vide : pioche (p) ou rien (r)."
        shown = [str(b.label) for b in game.query("#answers > Button") if b.display]
        assert shown == ["Piocher (p)", "Rien (r)"]


@pytest.mark.parametrize("key", ["3", "enter"])
async def test_a_key_pressed_while_a_cast_is_shown_never_plays_the_card_again(app_factory, key):
    """Keys pressed during the animation of the player's own cast: its card's number points
    at the hand drawn before it, and the card is gone (said so); Entrée only ends the
    animation (the choice was that cast's). Neither plays a move."""
    app = app_factory()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        game = await lina_to_act_against_two_robots(app, pilot)
        state = game.match.state
        state.hp[0] = 5
        deal(state, 0, "bouclier", "epines", "lumiere")
        game.render_state()
        await pilot.pause()
        slowed(game)
        await pilot.press("3", "enter")  # cast the Lumière de guérison
        assert game.busy
        await pilot.press(key)
        await wait_until(pilot, lambda: not game.busy, "the cast shown")
        assert state.phase == DISCARD and state.hand_keys(0) == ["bouclier", "epines"]
        if key == "3":
            assert last_notice(app) == "Cette carte n'est plus dans ta main."
