"""Layer 3, what is special to Scoundrel (the shared driver plays it to the results): the choice
between weapon and fists, fleeing, a fatal monster, quick keys, undo, and the daily dungeon (one
seed a day, the first attempt counts, replays are marked, future days out of reach)."""

import contextlib
import datetime as dt

import pytest
from textual.widgets import Select, Static

from jeux.engine.match import Match, Seat
from jeux.games.scoundrel import screen as scoundrel_screen
from jeux.games.scoundrel.game import GAME
from jeux.games.scoundrel.rules import MONSTER, POTION, WEAPON, Avoid, Pick, card_kind
from jeux.games.scoundrel.screen import ScoundrelScreen, daily_seed
from jeux.ui.screens.confirm import ConfirmScreen
from jeux.ui.screens.play.answer import AnswerScreen
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.screens.start.setup import SetupScreen
from tests.settle import wait_until

from .pilot import open_solo, text

DAY = dt.date(2026, 11, 29)


@pytest.fixture(autouse=True)
def fixed_day(monkeypatch):
    monkeypatch.setattr(scoundrel_screen, "today", lambda: DAY)


def first_room(seed, **options):
    return Match(GAME, seed, (Seat("Lina"),), options).state.room


def seed_where(condition, **options):
    """A seed whose first room satisfies `condition(room)` (cards in slot order)."""
    return next(s for s in range(5000) if condition(first_room(s, **options)))


def kinds(room):
    return [card_kind(card) for card in room]


async def play_to_the_end(pilot, app):
    """Play the first card the engine offers, by its keys, until the results."""
    screen = app.screen
    for _ in range(200):
        if isinstance(app.screen, ResultsScreen):
            return
        await pilot.press(*screen.keys_for(screen.match.state.legal_actions()[0]))
        await pilot.pause()
    raise AssertionError("the dungeon never ended")


def notices(app):
    return " | ".join(n.message for n in app._notifications)


def escape_says(screen):
    return screen.active_bindings["escape"].binding.description


async def open_game(app, pilot, tick=True, key="f5"):
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    if tick:
        await pilot.press("space")
    await pilot.press(key)
    await pilot.pause()
    assert isinstance(app.screen, ScoundrelScreen)
    return app.screen


async def wait_idle(pilot, screen):
    await wait_until(pilot, lambda: not screen.busy, "the animation's end")


async def test_the_room_is_dealt_at_once_and_fleeing_is_offered_only_when_allowed(app_factory):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_solo(pilot, "scoundrel")
        assert None not in screen.match.state.room and screen.match.actions == []
        assert "Partie libre · graine 7" in text(screen, "#dungeon")
        assert screen.query_one("#avoid").display
        await pilot.click("#avoid")
        await pilot.pause()
        assert screen.match.actions == [Avoid()]
        assert "fuite non" in text(screen, "#facts")
        assert "la salle d'avant a été fuie" in text(screen, "#prompt")
        assert not screen.query_one("#avoid").display
        await pilot.press("f")
        await pilot.pause()
        assert screen.match.actions == [Avoid()]
        assert "Impossible de fuir deux salles de suite." in notices(app)


async def test_illegal_moves_are_refused_in_french_and_change_nothing(app_factory):
    seed = seed_where(lambda room: kinds(room)[0] != MONSTER)
    app = app_factory(seed=seed, players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_solo(pilot, "scoundrel")
        await pilot.press("1")
        await pilot.pause()
        assert screen.match.actions == [Pick(0)]
        assert "touches 2, 3 et 4" in text(screen, "#prompt")
        assert not screen.query_one("#avoid").display
        await pilot.press("f", "1")  # a card was touched; that card has left the room
        await pilot.pause()
        assert screen.match.actions == [Pick(0)]
        assert "On ne fuit une salle qu'avant d'y avoir touché." in notices(app)
        assert "Il n'y a pas de carte à cette place." in notices(app)
        await pilot.press("1", "1")  # the same refusal again: one notice, not a stack
        assert notices(app).count("Il n'y a pas de carte à cette place.") == 1


async def test_weapon_or_barehanded_by_keys_and_by_click(app_factory):
    seed = seed_where(
        lambda room: kinds(room).count(WEAPON) == 1 and kinds(room).count(MONSTER) > 1
    )
    room = first_room(seed)
    weapon = kinds(room).index(WEAPON)
    first, second = [slot for slot, kind in enumerate(kinds(room)) if kind == MONSTER][:2]
    app = app_factory(seed=seed, players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_solo(pilot, "scoundrel")
        state = screen.match.state
        monster = state.room[first]
        card = screen.room_cards[first]
        assert card.card.text == f"-{monster.rank} PV"  # no weapon yet: barehanded only
        await pilot.press(str(weapon + 1))
        await pilot.pause()
        state = screen.match.state
        armed = state.damage_with_weapon(monster)
        assert card.card.text == f"arme {f'-{armed}' if armed else '0'} nu -{monster.rank}"

        # keys: pick the monster, cancel with Escape, pick it again, fight with the weapon
        await pilot.press(str(first + 1))
        await pilot.pause()
        assert screen.pending == first and card.has_class("-selected")
        assert "a = avec l'arme" in text(screen, "#prompt")
        assert escape_says(screen) == "Retour"  # the footer says what Escape does now
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ScoundrelScreen) and screen.pending is None
        assert escape_says(screen) == "Menu"
        await pilot.press(str(first + 1), "a")
        await pilot.pause()
        assert screen.match.actions[-1] == Pick(first, weapon=True)
        assert screen.keys_for(Pick(second, weapon=True)) == [str(second + 1), "a"]

        # mouse: click the other monster, then the barehanded button
        await pilot.click(screen.room_cards[second])
        await pilot.pause()
        assert screen.pending == second
        await pilot.click("#barehanded")
        await pilot.pause()
        assert screen.match.actions[-1] == Pick(second, weapon=False)
        assert screen.match.state.slain == [monster]  # barehanded keeps the binding


async def test_a_second_potion_in_a_room_heals_nothing_and_the_player_is_told(app_factory):
    seed = seed_where(lambda room: kinds(room).count(POTION) > 1 and MONSTER in kinds(room))
    room = kinds(first_room(seed))
    monster = room.index(MONSTER)
    one, two = [slot for slot, kind in enumerate(room) if kind == POTION][:2]
    app = app_factory(seed=seed, players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_solo(pilot, "scoundrel")
        await pilot.press(str(monster + 1), str(one + 1))  # get hurt first: potions can heal
        await pilot.pause()
        assert screen.room_cards[two].card.text == "+0 PV déjà bue"
        assert "une 2e ne soignerait pas" in text(screen, "#prompt")
        hp = screen.match.state.hp
        await pilot.press(str(two + 1))
        await pilot.pause()
        assert screen.match.state.hp == hp
        assert "une seule potion par salle" in notices(app)


async def test_two_quick_keys_both_play_when_the_first_revealed_nothing(app_factory):
    seed = seed_where(lambda room: kinds(room)[1] != WEAPON and MONSTER not in kinds(room)[1:3])
    app = app_factory(seed=seed, players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_solo(pilot, "scoundrel")

        def held(until_a_key: bool) -> None:
            """Animations last until a key ends them (the keys below land during one however
            loaded the machine), or not at all."""
            screen.seconds = lambda base: 0.0 if screen.skipping or not until_a_key else 600.0

        held(True)
        await pilot.press("2")
        assert screen.busy  # the card is being played
        await pilot.press("3")  # ends the animation, then plays
        held(False)
        await pilot.press("z")  # ends the second card's animation
        await wait_idle(pilot, screen)
        assert screen.match.actions == [Pick(1), Pick(2)]

        held(True)
        await pilot.press("1")  # the room's third card: a new room is dealt, face up
        assert screen.busy and screen.match.last_revealed
        await pilot.press("2")  # a card the player has not seen yet: not played
        held(False)
        await wait_idle(pilot, screen)
        assert screen.match.actions == [Pick(1), Pick(2), Pick(0)]


async def test_undo_takes_back_what_revealed_nothing(app_factory):
    seed = seed_where(lambda room: MONSTER not in kinds(room)[:3])
    app = app_factory(seed=seed, players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_solo(pilot, "scoundrel")
        await pilot.press("1", "2")
        await pilot.pause()
        assert len(screen.match.actions) == 2
        await pilot.press("u")
        await pilot.pause()
        assert screen.match.actions == [Pick(0)]
        assert screen.room_cards[1].card.title and "Coup annulé." in notices(app)
        await pilot.press("u", "u")  # the second press has nothing left to take back
        await pilot.pause()
        assert screen.match.actions == [] and screen.query_one("#avoid").display
        await pilot.press("f")  # a new room is dealt: no way back
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert screen.match.actions == [Avoid()]


def fatal(room) -> int | None:
    """The slot of a monster that kills a player of 10 HP fighting it barehanded."""
    return next((i for i, c in enumerate(room) if c.rank >= 10 and card_kind(c) == MONSTER), None)


@contextlib.asynccontextmanager
async def facing_a_fatal_monster(app_factory):
    """A 10 HP dungeon whose first room holds a fatal monster: the app, its pilot, the board
    and the monster's slot."""
    seed = seed_where(lambda room: fatal(room) is not None)
    app = app_factory(seed=seed, start_game="scoundrel", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.screen.query_one("#opt-max_hp", Select).value = 0  # 10 HP
        yield app, pilot, await open_game(app, pilot), fatal(first_room(seed))


async def test_a_monster_that_kills_asks_first(app_factory):
    async with facing_a_fatal_monster(app_factory) as (app, pilot, screen, slot):
        await pilot.press(str(slot + 1))
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "tu mourrais" in str(app.screen.query_one(Static).render())
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and screen.match.actions == []
        assert screen.keys_for(Pick(slot)) == [str(slot + 1), "o"]
        await pilot.press(str(slot + 1), "o")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        summary = text(app.screen, "#summary")
        assert "de monstres restants)" in summary


async def test_a_key_cuts_the_held_end_of_the_dungeon_short(app_factory):
    async with facing_a_fatal_monster(app_factory) as (app, pilot, screen, slot):
        holds = ScoundrelScreen.seconds  # the end alone (held 1.2 s) waits for a key
        screen.seconds = lambda base: 600.0 if base == 1.2 else holds(screen, base)
        await pilot.press(str(slot + 1), "o")
        await wait_until(pilot, lambda: "succombe" in text(screen, "#prompt"), "the end held")
        assert screen.busy
        await pilot.press("x")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")


async def test_the_daily_dungeon_first_attempt_counts_and_replays_are_marked(app_factory):
    app = app_factory(start_game="scoundrel", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.screen.query_one("#opt-max_hp", Select).value = 0  # 10 HP: ignored by the daily
        screen = await open_game(app, pilot, key="f6")
        match, first_id = screen.match, screen.match_id
        assert match.seed == daily_seed(DAY) == "donjon-2026-11-29"
        assert match.options == GAME.resolve_options({})
        assert "règles de base" in notices(app)
        assert app.records.label_of(first_id) == "daily:2026-11-29"
        assert text(screen, "#dungeon") == "Donjon du jour du 29/11/2026 : il compte"
        assert match.state.room == first_room(daily_seed(DAY))  # the same for everyone
        await pilot.press("f")
        await pilot.pause()

        # leave, come back through "Donjon du jour": the attempt in progress is resumed
        await pilot.press("escape", "o")
        await pilot.pause()
        await app.push_screen(SetupScreen("scoundrel"))
        screen = await open_game(app, pilot, tick=False, key="f6")  # Lina is still ticked
        assert screen.match_id == first_id and screen.match.actions == [Avoid()]
        assert "tu reprends" in notices(app)

        await play_to_the_end(pilot, app)
        records = text(app.screen, "#records")
        assert "Donjon du jour du 29/11/2026 : premier essai, il compte." in records
        assert "Donjons du jour : 1" in records and "0 partie libre" in records

        # the results offer it again: now a replay, which does not count
        await pilot.press("f6")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ScoundrelScreen) and replay.match_id != first_id
        assert replay.match.seed == "donjon-2026-11-29"
        assert app.records.label_of(replay.match_id) == "daily-replay:2026-11-29"
        assert "Rejeu du donjon du 29/11/2026" in text(replay, "#dungeon")
        assert "déjà tenté le donjon du jour" in notices(app)


async def test_a_daily_attempt_saved_by_the_old_rules_is_set_aside_and_stays_counted(
    app_factory,
):
    app = app_factory(start_game="scoundrel", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        lina = app.profiles.players[0]
        old = {
            "format": 1,
            "game": "scoundrel",
            "version": 1,
            "seed": daily_seed(DAY),
            "options": {},
            "seats": [{"name": "Lina", "profile": lina.id, "bot": False}],
            "actions": [{"type": "Enter"}],
        }
        old_id = app.records.start(old, "daily:2026-11-29")
        screen = await open_game(app, pilot, key="f6")
        assert "commencée avec une version précédente des règles" in notices(app)
        assert "déjà tenté le donjon du jour" in notices(app)
        assert screen.match_id != old_id and screen.match.seed == daily_seed(DAY)
        assert app.records.label_of(screen.match_id) == "daily-replay:2026-11-29"
        assert app.records.labelled_matches("scoundrel", "daily:2026-11-29", lina.id) == [
            (old_id, "broken")
        ]


@pytest.mark.parametrize(
    ("seed", "refusal"), [("donjon-2026-12-05", "à venir"), ("donjon-2026-11-29", "(F6)")]
)
async def test_todays_and_future_daily_seeds_are_out_of_reach_of_free_play(
    app_factory, seed, refusal
):
    app = app_factory(start_game="scoundrel", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.screen.query_one("#seed").value = seed
        await pilot.press("space", "f5")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and refusal in notices(app)
        app.screen.query_one("#seed").value = "donjon-2026-11-28"  # a past day: free to replay
        await pilot.press("f5")
        await pilot.pause()
        assert app.screen.match.seed == "donjon-2026-11-28"


async def test_replay_this_dungeon_from_the_results_keeps_seed_and_options(app_factory):
    app = app_factory(seed=1234, start_game="scoundrel", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.screen.query_one("#opt-max_hp", Select).value = 0  # 10 HP: a short run
        screen = await open_game(app, pilot)
        await play_to_the_end(pilot, app)
        await pilot.press("d")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, ScoundrelScreen) and again.match_id != screen.match_id
        assert again.match.seed == 1234 and again.match.options == screen.match.options
        assert app.records.label_of(again.match_id) == ""
        assert again.match.state.room == first_room(1234, **screen.match.options)


async def test_the_hint_key_suggests_a_move_and_marks_the_run_as_helped(app_factory):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_solo(pilot, "scoundrel")
        await pilot.press("h")
        await wait_until(pilot, lambda: "Conseil (" in text(screen, "#prompt"), "the hint")
        prompt = text(screen, "#prompt")
        assert prompt.startswith("Conseil (") and " : " in prompt
        assert app.records.label_of(screen.match_id) == "aide:"
        assert "avec conseils : à part" in text(screen, "#dungeon")
        await play_to_the_end(pilot, app)
        records = text(app.screen, "#records")
        assert "Partie jouée avec des conseils : comptée à part." in records
        assert "0 partie libre" in records and "Avec conseils (hors palmarès) : 1" in records


async def test_the_results_answer_whether_the_dungeon_was_winnable(app_factory):
    app = app_factory(players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_solo(pilot, "scoundrel")
        await play_to_the_end(pilot, app)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, AnswerScreen)
        assert text(app.screen, ".title") == "Ce donjon était-il gagnable ?"
        await wait_until(
            pilot, lambda: text(app.screen, "#answer") != "Recherche…", "the search's answer"
        )
        assert text(app.screen, "#answer").startswith("Oui ! Une façon de le traverser :")
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, AnswerScreen)
