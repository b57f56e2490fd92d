"""Layer 3: Scoundrel played by keys (and clicks) from the setup screen to the results, and its
daily dungeon: one seed a day, the first attempt counts, replays are marked."""

import datetime as dt

import pytest
from textual.widgets import Select, Static

from jeux.engine.match import Match, Seat
from jeux.games.scoundrel import screen as scoundrel_screen
from jeux.games.scoundrel.rules import (
    GAME,
    MONSTER,
    POTION,
    WEAPON,
    Avoid,
    Enter,
    Pick,
    card_kind,
)
from jeux.games.scoundrel.screen import ScoundrelScreen, daily_seed
from jeux.ui.screens.results import ResultsScreen
from jeux.ui.screens.setup import SetupScreen

DAY = dt.date(2026, 11, 29)


@pytest.fixture(autouse=True)
def fixed_day(monkeypatch):
    monkeypatch.setattr(scoundrel_screen, "today", lambda: DAY)


def first_room(seed):
    match = Match(GAME, seed, (Seat("Lina"),), {})
    match.play(Enter())
    return match.state.room


def seed_where(condition):
    """A seed whose first room satisfies `condition(kinds)` (kinds in slot order)."""
    return next(s for s in range(5000) if condition([card_kind(c) for c in first_room(s)]))


def keys_for(state):
    """A greedy player's next move, as the keys a person would press."""
    best, best_gain = None, None
    for action in state.legal_actions():
        if isinstance(action, Avoid):
            continue
        card = state.room[action.slot]
        kind = card_kind(card)
        if kind == MONSTER:
            gain = -(state.damage_with_weapon(card) if action.weapon else card.rank)
        elif kind == POTION:
            gain = state.heal_of(card)
        else:
            gain = card.rank - (state.weapon.rank if state.weapon else 0)
        if best_gain is None or gain > best_gain:
            best, best_gain = action, gain
    if state.can_avoid and best_gain is not None and state.hp + best_gain <= 4:
        return ["f"]
    key = str(best.slot + 1)
    if len(state.picks_for(best.slot)) == 2:
        return [key, "a" if best.weapon else "n"]
    return [key]


async def play_to_the_end(pilot, app):
    screen = app.screen
    assert isinstance(screen, ScoundrelScreen)
    await pilot.press("enter")
    await pilot.pause()
    for _ in range(200):
        if isinstance(app.screen, ResultsScreen):
            return screen
        await pilot.press(*keys_for(screen.match.state))
        await pilot.pause()
    raise AssertionError("the dungeon never ended")


def notices(app):
    return " | ".join(n.message for n in app._notifications)


def text_of(screen, selector):
    return str(screen.query_one(selector, Static).render())


async def open_game(app, pilot, tick=True, key="f5"):
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    if tick:
        await pilot.press("space")
    await pilot.press(key)
    await pilot.pause()
    assert isinstance(app.screen, ScoundrelScreen)
    return app.screen


async def test_a_free_run_played_by_keys_to_the_results(app_factory):
    app = app_factory(start_game="scoundrel", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot)
        assert "Partie libre · graine 7" in text_of(screen, "#dungeon")
        assert "entrer dans le donjon" in text_of(screen, "#prompt")
        await play_to_the_end(pilot, app)
        assert isinstance(app.screen, ResultsScreen)
        match = screen.match
        assert match.over and match.actions[0] == Enter()
        profile = match.seats[0].profile
        record = app.records.record_outside(profile, "scoundrel", "daily:")
        assert record.played == 1 and record.best == match.outcome().scores[0]
        records = text_of(app.screen, "#records")
        assert "Lina : 1 partie libre" in records and "Donjons du jour : 0" in records
        assert not app.records.unfinished()


async def test_illegal_moves_are_refused_in_french_and_change_nothing(app_factory):
    seed = seed_where(lambda kinds: kinds[0] != MONSTER)  # a card played by one key
    app = app_factory(seed=seed, start_game="scoundrel", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot)
        await pilot.press("enter", "1")
        await pilot.pause()
        before = list(screen.match.actions)
        assert before == [Enter(), Pick(0)]
        await pilot.press("f")  # a card of the room was touched
        await pilot.press("1")  # that card has left the room
        await pilot.pause()
        assert screen.match.actions == before
        assert "On ne fuit une salle qu'avant d'y avoir touché." in notices(app)
        assert "Il n'y a pas de carte à cette place." in notices(app)


async def test_not_two_rooms_avoided_in_a_row(app_factory):
    app = app_factory(start_game="scoundrel", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot)
        await pilot.press("enter", "f")
        await pilot.pause()
        assert screen.match.actions == [Enter(), Avoid()]
        assert "fuite non" in text_of(screen, "#facts")
        assert "la salle d'avant a été fuie" in text_of(screen, "#prompt")
        assert screen.query_one("#avoid").disabled
        await pilot.press("f")
        await pilot.pause()
        assert screen.match.actions == [Enter(), Avoid()]
        assert "Impossible de fuir deux salles de suite." in notices(app)


async def test_weapon_or_barehanded_by_keys_and_by_click(app_factory):
    seed = seed_where(lambda kinds: kinds.count(WEAPON) == 1 and kinds.count(MONSTER) >= 2)
    kinds = [card_kind(c) for c in first_room(seed)]
    weapon = kinds.index(WEAPON)
    first, second = [slot for slot, kind in enumerate(kinds) if kind == MONSTER][:2]
    app = app_factory(seed=seed, start_game="scoundrel", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        state = screen.match.state
        monster = state.room[first]
        card = screen.room_cards[first]
        assert card.card.text == f"-{monster.rank} PV"  # no weapon yet: barehanded only
        await pilot.press(str(weapon + 1))
        await pilot.pause()
        assert state.weapon is not None
        armed = state.damage_with_weapon(monster)
        shown = f"-{armed}" if armed else "0"
        assert card.card.text == f"arme {shown} nu -{monster.rank}"

        # keys: pick the monster, cancel with Escape, pick it again, fight with the weapon
        await pilot.press(str(first + 1))
        await pilot.pause()
        assert screen.pending == first and card.has_class("-selected")
        assert "a = avec l'arme" in text_of(screen, "#prompt")
        assert screen.query_one("#with-weapon").display
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ScoundrelScreen) and screen.pending is None
        assert not card.has_class("-selected")
        await pilot.press(str(first + 1), "a")
        await pilot.pause()
        assert screen.match.actions[-1] == Pick(first, weapon=True)
        assert state.slain == [monster]

        # mouse: click the other monster, then the barehanded button
        hp = state.hp
        other = state.room[second]
        await pilot.click(screen.room_cards[second])
        await pilot.pause()
        assert screen.pending == second
        await pilot.click("#barehanded")
        await pilot.pause()
        assert screen.match.actions[-1] == Pick(second, weapon=False)
        assert state.hp == hp - other.rank
        assert state.slain == [monster]  # barehanded keeps the binding as it was


async def test_entering_and_avoiding_by_click(app_factory):
    app = app_factory(start_game="scoundrel", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot)
        await pilot.click("#enter")
        await pilot.pause()
        assert screen.match.actions == [Enter()]
        await pilot.click("#avoid")
        await pilot.pause()
        assert screen.match.actions == [Enter(), Avoid()]


async def test_a_second_potion_in_a_room_heals_nothing_and_the_player_is_told(app_factory):
    seed = seed_where(lambda kinds: kinds.count(POTION) >= 2 and kinds.count(MONSTER) >= 1)
    kinds = [card_kind(c) for c in first_room(seed)]
    monster = kinds.index(MONSTER)
    one, two = [slot for slot, kind in enumerate(kinds) if kind == POTION][:2]
    app = app_factory(seed=seed, start_game="scoundrel", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(app, pilot)
        await pilot.press("enter", str(monster + 1))  # get hurt first: potions can heal
        await pilot.pause()
        state = screen.match.state
        await pilot.press(str(one + 1))
        await pilot.pause()
        assert state.potion_used
        assert screen.room_cards[two].card.text == "+0 PV déjà bue"
        assert "potion déjà bue" in text_of(screen, "#facts")
        assert "une 2e ne soignerait pas" in text_of(screen, "#prompt")
        hp = state.hp
        await pilot.press(str(two + 1))
        await pilot.pause()
        assert state.hp == hp
        assert "une seule potion par salle" in notices(app)


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
        assert text_of(screen, "#dungeon") == "Donjon du jour du 29/11/2026 : il compte"
        await pilot.press("enter")
        await pilot.pause()
        # the same dungeon for everyone that day
        assert match.state.room == first_room(daily_seed(DAY))

        # leave, come back through "Donjon du jour": the attempt in progress is resumed
        await pilot.press("escape", "o")
        await pilot.pause()
        await app.push_screen(SetupScreen("scoundrel"))
        screen = await open_game(app, pilot, tick=False, key="f6")  # Lina is still ticked
        assert screen.match_id == first_id and screen.match.actions == [Enter()]
        assert "tu reprends" in notices(app)

        await play_to_the_end(pilot, app)
        records = text_of(app.screen, "#records")
        assert "Donjon du jour du 29/11/2026 : premier essai, il compte." in records
        assert "Donjons du jour : 1" in records and "0 partie libre" in records
        assert "Graine : donjon-2026-11-29" in text_of(app.screen, "#seed")

        # the results offer it again: now a replay, which does not count
        await pilot.press("f6")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ScoundrelScreen) and replay.match_id != first_id
        assert replay.match.seed == "donjon-2026-11-29"
        assert app.records.label_of(replay.match_id) == "daily-replay:2026-11-29"
        assert "Rejeu du donjon du 29/11/2026" in text_of(replay, "#dungeon")
        assert "déjà tenté le donjon du jour" in notices(app)
        await play_to_the_end(pilot, app)
        records = text_of(app.screen, "#records")
        assert "hors palmarès" in records
        assert "Donjons du jour : 1" in records and "1 partie libre" in records


async def test_another_profile_gets_its_own_first_attempt(app_factory):
    app = app_factory(start_game="scoundrel", players=("Lina", "Marc"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        lina = await open_game(app, pilot, key="f6")
        await pilot.press("escape", "o")
        await pilot.pause()
        await app.push_screen(SetupScreen("scoundrel"))
        await pilot.pause()
        await pilot.press("space", "down", "space")  # untick Lina, tick Marc
        await pilot.press("f6")
        await pilot.pause()
        marc = app.screen
        assert marc.match.seats[0].name == "Marc" and marc.match_id != lina.match_id
        assert app.records.label_of(marc.match_id) == "daily:2026-11-29"


async def test_replay_this_dungeon_from_the_results_keeps_seed_and_options(app_factory):
    app = app_factory(seed=1234, start_game="scoundrel", players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.screen.query_one("#opt-max_hp", Select).value = 0  # 10 HP: a short run
        screen = await open_game(app, pilot)
        assert screen.match.options["max_hp"] == 10
        await play_to_the_end(pilot, app)
        await pilot.press("d")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, ScoundrelScreen) and again.match_id != screen.match_id
        assert again.match.seed == 1234 and again.match.options == screen.match.options
        assert app.records.label_of(again.match_id) == ""
        await pilot.press("enter")
        await pilot.pause()
        first = Match(GAME, 1234, (Seat("Lina"),), screen.match.options)
        first.play(Enter())
        assert again.match.state.room == first.state.room


async def test_rules_open_with_f1(app_factory):
    app = app_factory(start_game="scoundrel", players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen"
