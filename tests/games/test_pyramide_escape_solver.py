"""Pyramide Escape's solver and hints (RULINGS.md §25): answers on forced decks, a way through
played by the engine, and hints that depend only on what the player may know."""

from jeux.games.pyramide_escape.rules import ROOMS, NoItem
from jeux.games.pyramide_escape.solver import Search, answer, hint, unlocated

from .test_pyramide_escape import new, start

PRINTED = [room.key for room in ROOMS]


def test_the_printed_order_is_escaped_surely_and_the_way_through_ends_in_escape():
    lines = answer(new())
    assert lines[0].startswith("Oui, à coup sûr")
    assert lines[1] == "Une façon de passer :"
    assert "s'échappe de la pyramide" in lines[-1]


def test_no_object_and_one_fatigue_before_the_fosse_cannot_be_escaped():
    # Fosse à Pics without an object costs 2 (RULINGS §25, room 2).
    state = start("fosse", "couloir", fatigue=1, hand=())
    assert not Search(lucky=True).escapes(state)
    assert answer(state) == [
        "Non : même en connaissant l'ordre des salles, aucune façon de s'en sortir."
    ]


def test_an_escape_that_needs_the_coin_on_face_says_so():
    # PYR-8, PYR-10: Sable Vivant active, 2 fatigue, no object: −1 base, then the coin.
    state = start("jugement", fatigue=2, active=("sable",), hand=())
    assert not Search().escapes(state) and Search(lucky=True).escapes(state)
    assert answer(state)[0] == "Oui, mais seulement si la pièce du Sable Vivant tombe sur face."


def test_a_hint_depends_on_the_view_and_never_on_the_hidden_order():
    first = PRINTED[:1]
    orders = [first + PRINTED[1:], first + PRINTED[:0:-1]]  # the same view, other piles
    states = [start(*order) for order in orders]
    views = [state.view(0) for state in states]
    assert len(unlocated(views[0])) == 9
    hints = {hint(view) for view in views}
    assert len(hints) == 1
    (advice,) = hints
    assert advice.action in states[0].legal_actions() and advice.reason


def test_a_hint_spends_no_object_when_going_without_is_sure():
    state = start("offrande", "jugement", fatigue=7)
    advice = hint(state.view(0))
    assert advice.action == NoItem() and advice.chance == 1.0
    assert advice.reason.startswith("Avance sans objet")
    assert state.fatigue == 7 and len(state.hand) == 5  # asking changed nothing
