"""Scoundrel's solver and hints (RULINGS.md §26): exact answers on forced decks, winning lines
replayed through the engine, and hints that depend only on what the player may know."""

from random import Random

from jeux.engine.testing import ForcedRng
from jeux.games.scoundrel.game import GAME
from jeux.games.scoundrel.rules import ROOM_SIZE, TO_RESOLVE, Avoid, Pick, dungeon_deck
from jeux.games.scoundrel.solver import (
    FREE,
    Promise,
    QuickPlayer,
    Rules,
    answer,
    code,
    finishes,
    hint,
    quick_ends,
    reason,
    unseen,
    winning_line,
)

from .test_scoundrel import H, M, W, play, start


def rest_of(deck_top):
    return [card for card in dungeon_deck() if card not in deck_top]


def test_a_winnable_dungeon_is_solved_and_its_line_wins_through_the_engine():
    state = GAME.new(("Lina",), GAME.default_options(), Random(7))
    line = winning_line(state)
    assert line
    for action in line:
        play(state, action)
    assert state.won and state.to_move() is None


def test_two_rooms_of_heavy_monsters_in_a_row_cannot_be_survived():
    # SC-2: the first room may be fled, but not the second; three of A K Q J kill barehanded.
    top = [M(14), M(13), M(12), M(11)] + [M(r, "trefle") for r in (14, 13, 12, 11)]
    state = start(top + rest_of(top))
    assert winning_line(state) is None
    assert answer(start(top + rest_of(top))) == [
        "Non : aucune façon de jouer ne traversait ce donjon."
    ]


def test_the_answer_tells_the_winning_line_in_french():
    lines = answer(GAME.new(("Lina",), GAME.default_options(), Random(7)))
    assert lines[0] == "Oui ! Une façon de le traverser :"
    assert "ouvre la salle 2" in " ".join(lines) and "sort du donjon" in lines[-1]


def test_strict_binding_is_searched_by_its_own_rule():
    # SC-6: a 2 weapon bound to an 8 may strike another 8 only by default.
    top = [W(2), M(8), M(8, "trefle"), H(2)]
    state = start(top + rest_of(top), binding="strict")
    play(state, Pick(0))
    play(state, Pick(1, weapon=True))
    assert Pick(2, weapon=True) not in state.legal_actions()


def hidden_orders(top, seeds):
    rest = rest_of(top)
    for seed in seeds:
        order = rest[:]
        Random(seed).shuffle(order)
        yield start(top + order)


def test_a_hint_depends_on_the_view_and_never_on_the_hidden_order():
    top = [M(9), W(7), H(5), M(3, "trefle")]
    hints = {hint(state.view(0)) for state in hidden_orders(top, range(3))}
    assert len(hints) == 1
    (advice,) = hints
    assert advice.action in start(top + rest_of(top)).legal_actions() and advice.reason


def test_the_avoided_cards_stay_known_under_the_deck_and_the_rest_is_unseen():
    top = [M(14), M(13), M(12), M(11)]
    state = start(top + rest_of(top))
    play(state, Avoid())
    view = state.view(0)
    assert view.deck[-4:] == top and set(view.deck[:-4]) == {None}
    assert len(unseen(view)) == 36 and not set(top) & set(unseen(view))
    shuffled = start(top + rest_of(top), avoid_order="random")
    play(shuffled, Avoid(), ForcedRng())
    assert set(shuffled.view(0).deck) == {None}


def test_an_obvious_move_is_suggested_with_its_reason():
    # A free potion when hurt, in a room of harmless cards: drink it.
    top = [H(9), M(2), M(3), M(2, "trefle")]
    state = start(top + rest_of(top), hp=8)
    advice = hint(state.view(0))
    assert advice.action == Pick(0) and advice.reason == "Bois le 9 de cœur : +9 PV."


def test_four_heavy_monsters_at_the_door_are_fled():
    # SC-2: the first room may be fled; A K Q J barehanded would cost 36 of 20 PV.
    top = [M(14), M(13), M(12), M(11)]
    assert hint(start(top + rest_of(top)).view(0)).action == Avoid()


def test_the_quick_ends_of_the_playouts_are_the_ends_of_the_full_search():
    # The playouts' inlined rules must reach exactly what `resolutions` reaches (SC-1, SC-6).
    rng = Random(3)
    cards = [code(card) for card in dungeon_deck()]
    for strict in (False, True):
        rules = Rules(max_hp=20, strict=strict, classic_end=False)
        for _ in range(300):
            room = tuple(sorted(rng.sample(cards, 4)))
            weapon, bound = rng.choice([0, 3, 8, 10]), rng.choice([FREE, 4, 9, 13])
            hp = rng.randint(1, 20)
            full = finishes(room, hp, weapon, bound, False, 3, rules)
            assert quick_ends(room, hp, weapon, bound, 3, rules) == set(full)


def test_the_quick_player_takes_the_best_of_the_quick_ends():
    # Its ways through the cards, kept whatever the health, must choose as the full list does,
    # ties included (SC-1, SC-6, both bindings, any health maximum), in the rooms it plays: a
    # full one leaves a card, the last one none or one (the web's end).
    rng = Random(5)
    cards = [code(card) for card in dungeon_deck()]
    for max_hp in (10, 20, 30):
        for strict in (False, True):
            rules = Rules(max_hp=max_hp, strict=strict, classic_end=False)
            player = QuickPlayer(rules)
            for _ in range(200):
                rng.shuffle(cards)
                size = rng.choice([4, 4, 3, 2])
                room = tuple(sorted(cards[:size]))
                to_resolve = TO_RESOLVE if size == ROOM_SIZE else size - rng.randint(0, 1)
                weapon, bound = rng.choice([(0, FREE), (3, FREE), (8, 4), (10, 9), (9, 9)])
                hp = rng.randint(1, max_hp)
                worth = Promise(cards[size : rng.randint(size, 44)] + list(room))
                ends = quick_ends(room, hp, weapon, bound, to_resolve, rules)
                best = max(ends, key=lambda end: worth(*end), default=None)
                assert player.best_end(room, hp, weapon, bound, to_resolve, worth) == best


def test_a_weapon_taken_only_to_be_replaced_is_told_so():
    top = [W(3), W(9), H(5), M(7)]
    view = start(top + rest_of(top)).view(0)
    assert reason(view, [Pick(0), Pick(1), Pick(2)]) == (
        "Prends le 3 de carreau pour t'en débarrasser : "
        "le 9 de carreau le remplacera dans cette salle."
    )
    assert reason(view, [Pick(1), Pick(2), Pick(3)]).startswith("Prends le 9 de carreau : une")
