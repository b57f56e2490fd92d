"""Layer 3, what is special to Pyramide Escape (the shared driver plays it to the results):
objects picked then used, the Carte ancienne's order, the Corde, the Sable Vivant and the
Amulette's target, by keys and by clicks; fatal choices confirmed; undo."""

from textual.widgets import Button, Select, Static

from jeux.games.pyramide_escape.rules import (
    CHOOSE,
    REORDER,
    REVEAL,
    SANDS,
    NoItem,
    Reorder,
    UseItem,
)
from jeux.games.pyramide_escape.screen import PyramideScreen
from jeux.ui.screens.confirm import ConfirmScreen
from jeux.ui.screens.play.answer import AnswerScreen
from jeux.ui.screens.play.results import ResultsScreen
from jeux.ui.widgets.card import Card
from jeux.ui.widgets.coin import Coin
from jeux.ui.widgets.hand import Hand
from tests.settle import wait_until

from .pilot import open_solo

# Seeded room decks (shuffled at setup with the match's seed; the first one is on the table):
# 3:   fosse, penombre, jugement, couloir, gardien, soif, offrande, scarabees, sable, pont
# 7:   sable, pont, fosse, soif, offrande, couloir, gardien, jugement, scarabees, penombre
# 157: sable, soif, jugement, scarabees, penombre, couloir, fosse, pont, offrande, gardien


def text(widget: Static) -> str:
    return str(widget.content)


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


async def start(pilot) -> PyramideScreen:
    """Lina's run, begun as F5 on the setup begins it."""
    screen = await open_solo(pilot, "pyramide_escape")
    assert isinstance(screen, PyramideScreen)
    return screen


async def test_illegal_moves_get_a_french_notice_and_change_nothing(app_factory):
    app = app_factory(seed=7, players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(pilot)
        await pilot.press("1", "enter", "0")  # the Torche on the Sable Vivant, then too soon
        await pilot.pause()
        assert screen.match.actions == [UseItem("torche")]
        assert "Révèle d'abord la salle suivante." in notices(app)
        await pilot.press("r")
        await pilot.pause()
        assert screen.match.state.phase == CHOOSE
        before = screen.match.to_saved()
        await pilot.press("1")
        await pilot.pause()
        assert "Tu n'as plus la Torche." in notices(app)
        await pilot.press("enter")
        await pilot.pause()
        assert any(n.startswith("Choisis d'abord un objet") for n in notices(app))
        await pilot.press("q")
        await pilot.pause()
        assert screen.match.to_saved() == before


async def test_an_object_is_picked_then_used_and_shows_what_it_would_do(app_factory):
    app = app_factory(seed=3, players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        await pilot.press("4")  # the Fosse à Pics, the Outre d'eau picked
        await pilot.pause()
        assert screen.match.actions == []
        state = screen.match.state
        outre = screen.query_one("#objects", Hand).cards[3]
        assert outre.has_class("-selected")
        assert outre.caption == f"→{state.forecast(UseItem('outre')).face}"
        assert "Outre d'eau" in text(screen.query_one("#details", Static))
        none = screen.query_one("#b-none", Button)
        assert none.label.plain == "Sans objet (0) : fatigue 5"
        await pilot.press("enter")
        await pilot.pause()
        assert screen.match.actions[-1] == UseItem("outre")
        assert outre.has_class("-gone") and outre.caption == "usé"


async def test_objects_by_click_select_then_use(app_factory):
    app = app_factory(seed=3, players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        assert screen.match.state.phase == CHOOSE
        torche = screen.query_one("#objects", Hand).cards[0]
        await pilot.click(torche, offset=(3, 2))
        await pilot.pause()
        assert torche.has_class("-selected") and screen.match.actions == []
        await pilot.click(torche, offset=(3, 2))  # a second click uses it
        await pilot.pause()
        assert screen.match.actions[-1] == UseItem("torche")
        await pilot.click("#b-reveal")
        await pilot.click("#b-none")
        await pilot.pause()
        assert screen.match.actions[-1] == NoItem()


async def test_reorder_the_peeked_rooms_by_keys(app_factory):
    app = app_factory(seed=3, players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(pilot)
        await pilot.press("5", "enter")  # the Carte ancienne on the Fosse à Pics
        await pilot.pause()
        state = screen.match.state
        assert state.phase == REORDER
        peeked = [room.name for room in state.peeked]
        cards = screen.query_one("#next", Hand).cards
        assert [card.card.title for card in cards] == peeked
        await pilot.press("left")  # nothing picked yet: a notice, no move
        await pilot.pause()
        assert "Choisis d'abord la salle à déplacer (1 à 3)." in notices(app)
        assert screen.keys_for(Reorder((2, 0, 1))) == ["3", "left", "left", "enter"]
        await pilot.press("3", "left", "left")
        await pilot.pause()
        assert [card.card.title for card in cards] == [peeked[2], peeked[0], peeked[1]]
        assert cards[0].has_class("-selected")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.match.actions[-1] == Reorder((2, 0, 1))
        top = [room.name for room in screen.match.state.deck[:3]]
        assert top == [peeked[2], peeked[0], peeked[1]]


async def test_reorder_the_peeked_rooms_by_clicks(app_factory):
    app = app_factory(seed=3, players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        await pilot.press("5", "enter")
        await pilot.pause()
        peeked = [room.name for room in screen.match.state.peeked]
        cards = screen.query_one("#next", Hand).cards
        await pilot.click(cards[2], offset=(3, 3))
        await pilot.pause()
        assert cards[2].has_class("-selected")
        await pilot.click(cards[0], offset=(3, 3))  # swaps the two
        await pilot.pause()
        assert [card.card.title for card in cards] == [peeked[2], peeked[1], peeked[0]]
        await pilot.click("#b-validate")
        await pilot.pause()
        assert screen.match.actions[-1] == Reorder((2, 1, 0))


async def test_the_corde_slides_the_room_under_and_the_deck_count_shows_it(app_factory):
    app = app_factory(seed=3, players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        await pilot.press("2", "enter")
        await pilot.pause()
        assert len(screen.match.state.deck) == 10
        label = text(screen.query_one("#deck-label", Static))
        assert label == "Pile : 10 salles · dessous : Fosse à Pics"
        assert screen.query_one("#room", Card).caption == "sous la pile"
        assert screen.sheet(screen.match.state).rows[0][0] == "Fosse ↓"


async def test_sable_vivant_flips_its_coin_and_the_amulette_picks_its_target(app_factory):
    app = app_factory(seed=157, players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        await pilot.press("0", "r", "0")  # Sable Vivant, then the Soif under the sand
        await pilot.pause()
        state = screen.match.state
        assert state.phase == SANDS and state.coin
        coin = screen.query_one("#coin", Coin)
        assert state.coin.capitalize() in text(coin)
        assert screen.query_one("#badge-sable", Button).display
        await pilot.press("q", "r")  # the Salle du Jugement: Sable and Soif are active
        await pilot.pause()
        assert screen.match.state.active == ["sable", "soif"]
        await pilot.press("3")
        await pilot.pause()
        assert screen.query_one("#badge-sable", Button).label.plain.startswith(app.glyphs.turn)
        await pilot.press("right")
        await pilot.pause()
        assert screen.query_one("#badge-soif", Button).label.plain.startswith(app.glyphs.turn)
        assert "Malédiction de la Soif" in text(screen.query_one("#details", Static))
        await pilot.click("#badge-sable")  # a click picks the other target back
        await pilot.pause()
        assert screen.query_one("#badge-sable", Button).label.plain.startswith(app.glyphs.turn)
        await pilot.click("#b-use")
        await pilot.pause()
        assert screen.match.actions[-1] == UseItem("amulette", "sable")
        assert screen.match.state.active == ["soif"]


async def test_the_amulette_target_by_keys(app_factory):
    app = app_factory(seed=157, players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        await pilot.press("0", "r", "0", "q", "r")
        await pilot.pause()
        assert screen.keys_for(UseItem("amulette", "soif")) == ["3", "right", "enter"]
        await pilot.press("3", "right", "enter")
        await pilot.pause()
        assert UseItem("amulette", "soif") in screen.match.actions
        assert "soif" not in screen.match.state.active


async def test_setup_offers_the_strict_penombre_and_immediate_defeat(app_factory):
    app = app_factory(seed=3, start_game="pyramide_escape", players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#opt-penombre", Select).value = 1
        app.screen.query_one("#opt-defeat", Select).value = 1
        await pilot.press("space", "f5")
        await pilot.pause()
        screen = app.screen
        assert screen.match.options == {"penombre": "strict", "defeat": "immediate"}
        await pilot.press("0", "r", "0", "r")  # Fosse, then Pénombre, then Jugement
        await pilot.pause()
        badge = screen.query_one("#badge-penombre", Button)
        assert badge.display and badge.label.plain == "Pénombre stricte"


async def test_leave_during_the_reorder_then_resume_there(app_factory):
    app = app_factory(seed=3, players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        await pilot.press("5", "enter")
        await pilot.pause()
        before = screen.match.to_saved()
        await pilot.press("escape", "o")  # back to the menu: the match is kept
        await pilot.pause()
        assert not isinstance(app.screen, PyramideScreen)
        await pilot.press("ctrl+c")

    again = app_factory()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # "Reprendre" comes first in the menu
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, PyramideScreen)
        assert screen.match.to_saved() == before
        assert screen.match.state.phase == REORDER
        assert screen.query_one("#b-validate", Button).display
        await pilot.press("enter")
        await pilot.pause()
        assert screen.match.actions[-1] == Reorder((0, 1, 2))


async def test_under_the_penombre_the_torche_says_the_room_still_acts(app_factory):
    app = app_factory(seed=3, players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        await pilot.press("1")
        await pilot.pause()
        assert "ignore tout l'effet" in text(screen.query_one("#details", Static))
        await pilot.press("0", "r", "0", "r", "1")  # Fosse, Pénombre, then the Jugement
        await pilot.pause()
        details = text(screen.query_one("#details", Static))
        assert "dans la Pénombre" in details and "la salle agit quand même" in details


async def test_at_full_fatigue_the_sand_offers_no_discard(app_factory):
    app = app_factory(seed=157, players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        await pilot.press("0", "r", "4", "enter")  # the Outre in the Soif, the coin on face
        await pilot.pause()
        state = screen.match.state
        assert state.phase == SANDS and state.fatigue == 7
        assert not screen.query_one("#b-discard", Button).display
        assert screen.query_one("#b-leave", Button).display
        assert "une défausse ne rendrait rien" in text(screen.query_one("#details", Static))


async def test_a_choice_that_loses_asks_first(app_factory):
    app = app_factory(seed=3, players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        await pilot.press("0", "r", "0", "r", "0", "r", "0", "r")  # down to 1, the Gardien
        await pilot.pause()
        assert screen.match.state.room.key == "gardien"
        assert screen.keys_for(NoItem()) == ["0", "o"]
        await pilot.press("0")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and screen.match.actions[-1] != NoItem()
        await pilot.press("0", "o")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)


async def test_undo_takes_back_a_choice_until_the_next_room_is_turned(app_factory):
    app = app_factory(seed=3, players=("Lina",))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        await pilot.press("0")
        await pilot.pause()
        assert screen.match.state.phase == REVEAL
        await pilot.press("u")
        await pilot.pause()
        assert screen.match.actions == [] and screen.match.state.fatigue == 7
        assert screen.query_one("#b-none", Button).display
        await pilot.press("0", "r", "u")
        await pilot.pause()
        assert len(screen.match.actions) == 2


async def play_to_the_end(pilot, app):
    screen = app.screen
    for _ in range(100):
        if isinstance(app.screen, ResultsScreen):
            return
        await pilot.press(*screen.keys_for(screen.match.state.legal_actions()[0]))
        await pilot.pause()
    raise AssertionError("the pyramid never ended")


async def test_the_hint_key_suggests_a_move_and_the_run_counts_apart(app_factory):
    app = app_factory(seed=3, players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(pilot)
        await pilot.press("h")
        await wait_until(
            pilot, lambda: "Conseil (" in text(screen.query_one("#details", Static)), "the hint"
        )
        details = text(screen.query_one("#details", Static))
        assert details.startswith("Conseil (") and "sortie sûre dans" in details
        assert app.records.label_of(screen.match_id) == "aide:"
        await play_to_the_end(pilot, app)
        records = text(app.screen.query_one("#records", Static))
        assert "Partie jouée avec des conseils : comptée à part." in records
        assert "Lina : 0 partie" in records and "Avec conseils (hors palmarès) : 1" in records


async def test_the_results_answer_whether_the_pyramid_could_be_escaped(app_factory):
    app = app_factory(seed=3, players=("Lina",))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await start(pilot)
        await play_to_the_end(pilot, app)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, AnswerScreen)
        await wait_until(
            pilot,
            lambda: text(app.screen.query_one("#answer", Static)) != "Recherche…",
            "the search's answer",
        )
        assert text(app.screen.query_one("#answer", Static)).startswith("Oui, à coup sûr")
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, AnswerScreen)
