"""Pyramide Escape (RULINGS.md §25): every quoted and derived case, with forced decks and coins."""

import re
from random import Random

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.match import Match, Seat
from jeux.engine.testing import ForcedRng
from jeux.games.pyramide_escape.game import GAME
from jeux.games.pyramide_escape.rules import (
    HIDDEN_ROOM,
    ITEM,
    ITEMS,
    MAX_FATIGUE,
    ROOM,
    ROOMS,
    CoinFlipped,
    DeckReordered,
    Discard,
    FatigueChanged,
    GameEnded,
    ItemUsed,
    LeaveRoom,
    NoItem,
    PermanentActivated,
    PermanentCancelled,
    Reorder,
    Reveal,
    RoomIgnored,
    RoomPutUnder,
    RoomResult,
    RoomsPeeked,
    UseItem,
)

PILE, FACE = 1, 2  # what the scripted rng answers for the coin


class StackedRng(ForcedRng):
    """Stacks the room deck as `keys` (top first) when it is shuffled at setup."""

    def __init__(self, keys) -> None:
        super().__init__()
        self.rooms = [ROOM[key] for key in keys]

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        x[:] = self.rooms


def new(**options):
    """A match in the printed order of the rooms, the first one revealed."""
    return GAME.new(("Lina",), GAME.resolve_options(options), ForcedRng())


def play(state, action, *coins):
    return state.apply(action, ForcedRng(coins))


def start(*keys, fatigue=MAX_FATIGUE, active=(), hand=None, **options):
    """A match whose deck is `keys`, top first, with the first room already revealed."""
    state = GAME.new(("Lina",), GAME.resolve_options(options), StackedRng(keys))
    state.fatigue = state.fatigue_before = fatigue
    state.active = list(active)
    if hand is not None:
        state.hand = [ITEM[key] for key in hand]
    return state


def deck_keys(state):
    return [room.key for room in state.deck]


# --- quoted: setup and card lists ---------------------------------------------------------


def test_quoted_start_fatigue_seven_ten_rooms_five_objects():
    state = new()
    assert state.fatigue == MAX_FATIGUE == 7
    assert len(state.deck) + 1 == 10 and len(state.hand) == 5
    assert state.room == ROOMS[0] and state.phase == "choose" and state.to_move() == 0


def test_quoted_card_names_and_permanents():
    assert [room.name for room in ROOMS] == [
        "Couloir Piégé",
        "Fosse à Pics",
        "Chambre des Scarabées",
        "Pont Effondré",
        "Malédiction de la Soif",
        "Pénombre",
        "Salle du Jugement",
        "Offrande Oubliée",
        "Sable Vivant",
        "Salle du Gardien",
    ]
    assert [room.number for room in ROOMS] == list(range(1, 11))
    assert [room.name for room in ROOMS if room.permanent] == [
        "Malédiction de la Soif",
        "Pénombre",
        "Sable Vivant",
    ]
    assert [item.name for item in ITEMS] == [
        "Torche",
        "Corde",
        "Amulette",
        "Outre d'eau",
        "Carte ancienne",
    ]
    assert all(card.effect for card in (*ROOMS, *ITEMS))


def test_quoted_10_rooms_shuffled_at_setup_with_the_rng_the_first_revealed():
    state = GAME.new(("Lina",), GAME.resolve_options({}), Random(3))
    again = GAME.new(("Lina",), GAME.resolve_options({}), Random(3))
    assert len(state.deck) == 9 and state.room is not None and state.phase == "choose"
    assert state.room == again.room and state.deck == again.deck
    assert [state.room, *state.deck] != list(ROOMS)


def test_quoted_no_object_costs_one_and_an_object_costs_nothing():
    state = start("offrande", "pont", "couloir")
    play(state, NoItem())
    assert state.fatigue == 6
    play(state, Reveal())
    play(state, NoItem())  # the Pont without an object costs 1 too
    assert state.fatigue == 5
    play(state, Reveal())
    play(state, UseItem("outre"))  # Couloir: 0 base, −1 room, +2 outre
    assert state.fatigue == 6


# --- each room ----------------------------------------------------------------------------


def test_pyr9_couloir_with_and_without_object():
    state = start("couloir", "offrande", hand=("amulette",))
    play(state, UseItem("amulette"))  # nothing to cancel: it only saves the base fatigue
    assert state.fatigue == 6
    state = start("couloir", "offrande")
    play(state, NoItem())
    assert state.fatigue == 5
    state = start("couloir", "offrande", active=("soif",))
    play(state, NoItem())
    assert state.fatigue == 4


def test_fosse_without_object_costs_two_with_object_nothing():
    state = start("fosse", "offrande")
    play(state, NoItem())
    assert state.fatigue == 5
    state = start("fosse", "offrande")
    play(state, UseItem("torche"))
    assert state.fatigue == 7


def test_derived_pyr9_fosse_no_object_with_soif_seven_to_four():
    state = start("fosse", "offrande", active=("soif",))
    assert state.no_item_cost() == 3
    play(state, NoItem())
    assert state.fatigue == 4


def test_scarabees_peek_the_next_two_and_keep_their_order():
    state = start("scarabees", "sable", "couloir", "fosse")
    assert state.visible_deck() == [None, None, None]
    events = play(state, NoItem())
    assert RoomsPeeked("Lina", ("sable", "couloir")) in events
    assert deck_keys(state) == ["sable", "couloir", "fosse"]
    assert state.visible_deck() == [ROOM["sable"], ROOM["couloir"], None]
    seen = state.view(0)
    assert seen.deck == [ROOM["sable"], ROOM["couloir"], HIDDEN_ROOM]
    assert seen.deck[2].hidden and deck_keys(state)[2] == "fosse"
    play(state, Reveal())
    assert state.visible_deck() == [ROOM["couloir"], None]


def test_pyr11_scarabees_with_one_room_left_sees_that_one():
    state = start("scarabees", "fosse")
    events = play(state, NoItem())
    assert RoomsPeeked("Lina", ("fosse",)) in events
    assert state.visible_deck() == [ROOM["fosse"]]


def test_pont_wastes_the_object_but_saves_the_fatigue():
    state = start("pont", "offrande", fatigue=5)
    events = play(state, UseItem("outre"))
    assert ItemUsed("Lina", "outre", "pont") in events
    assert state.fatigue == 5 and ITEM["outre"] not in state.hand
    assert ITEM["outre"] in state.spent


def test_pyr3_torche_on_pont_ignores_nothing_and_the_sand_still_bites():
    state = start("pont", "offrande", active=("sable",))
    events = play(state, UseItem("torche"), PILE)
    assert not any(isinstance(e, RoomIgnored) for e in events)
    assert CoinFlipped("Lina", "pile") in events
    assert state.fatigue == 6


def test_pyr3_corde_on_pont_does_not_put_the_room_under():
    state = start("pont", "offrande")
    play(state, UseItem("corde"))
    assert deck_keys(state) == ["offrande"]
    assert state.discard == [ROOM["pont"]]


def test_permanent_rooms_act_from_the_next_room_on():
    state = start("soif", "couloir", "fosse")
    events = play(state, NoItem())
    assert state.fatigue == 6  # no Soif in its own room
    assert PermanentActivated("Lina", "soif") in events
    assert state.active == ["soif"]
    assert state.active_labels() == ["Soif : +1 fatigue sans objet"]
    play(state, Reveal())
    play(state, NoItem())
    assert state.fatigue == 3  # −1 base, −1 Soif, −1 Couloir


def test_jugement_costs_one_with_an_object():
    state = start("jugement", "offrande")
    play(state, UseItem("amulette"))
    assert state.fatigue == 6
    state = start("jugement", "offrande")
    play(state, NoItem())
    assert state.fatigue == 6


def test_pyr3_torche_on_jugement_nets_zero():
    state = start("jugement", "offrande")
    events = play(state, UseItem("torche"))
    assert RoomIgnored("Lina", "jugement", "torche") in events
    assert state.fatigue == 7


def test_pyr6_offrande_counts_the_object_used_here():
    state = start("offrande", "fosse", fatigue=5, hand=("torche", "corde", "outre", "carte"))
    play(state, UseItem("carte"))  # spent: the amulette before, the carte here = 2
    assert state.fatigue == 5
    state = start("offrande", "fosse", fatigue=5, hand=("corde", "outre", "carte"))
    play(state, UseItem("corde"))  # 2 before + this one = 3, but the Corde ignores the room
    assert state.fatigue == 5
    state = start("offrande", "fosse", fatigue=5, hand=("corde", "outre", "carte"))
    play(state, UseItem("carte"))  # 3 spent: +1
    assert state.fatigue == 6


def test_pyr6_offrande_counts_pont_and_sand_losses_and_not_below_three():
    state = start("offrande", "fosse", fatigue=5, hand=("outre", "carte"))
    play(state, NoItem())  # 3 gone before (however they went): −1 + 1
    assert state.fatigue == 5
    state = start("offrande", "fosse", fatigue=5, hand=("torche", "outre", "carte"))
    play(state, NoItem())  # only 2 gone
    assert state.fatigue == 4


def test_sable_coin_pile_costs_one_face_nothing():
    state = start("offrande", "fosse", active=("sable",))
    events = play(state, UseItem("amulette", "sable"), PILE)
    assert events.index(CoinFlipped("Lina", "pile")) < events.index(
        PermanentCancelled("Lina", "sable")
    )
    assert state.fatigue == 6 and state.coin == "pile"
    state = start("offrande", "fosse", active=("sable",))
    play(state, NoItem(), FACE)
    assert state.fatigue == 6 and state.coin == "face"


def test_pyr8_sable_discards_recover_one_each_after_the_coin():
    state = start("couloir", "fosse", fatigue=4, active=("sable",))
    play(state, NoItem(), PILE)  # −1 base, −1 room, −1 coin
    assert state.fatigue == 1 and state.phase == "sands"
    assert state.legal_actions() == [
        Discard("torche"),
        Discard("corde"),
        Discard("amulette"),
        Discard("outre"),
        Discard("carte"),
        LeaveRoom(),
    ]
    play(state, Discard("corde"))
    play(state, Discard("torche"))
    assert state.fatigue == 3 and state.spent_count == 2
    play(state, LeaveRoom())
    assert state.phase == "reveal"
    assert state.journal[-1] == RoomResult("couloir", "", -1, 3, "pile")


def test_pyr8_discards_do_not_count_as_using_an_object():
    state = start("couloir", "fosse", active=("sable", "soif"))
    play(state, NoItem(), FACE)
    play(state, Discard("outre"))
    play(state, LeaveRoom())
    assert state.fatigue == 5  # −1 base, −1 Soif, −1 Couloir, +1 discard


def test_sands_end_by_themselves_when_no_object_is_left():
    state = start("couloir", "fosse", active=("sable",), hand=("outre",))
    play(state, NoItem(), FACE)
    events = play(state, Discard("outre"))
    assert state.phase == "reveal" and not state.hand
    assert events[-1].describe() == "Lina franchit la salle « Couloir Piégé » (1/10)."


def test_derived_pyr7_gardien_with_all_five_unused_seven_to_one():
    state = start("gardien", "fosse")
    play(state, NoItem())
    assert state.fatigue == 1


def test_pyr7_gardien_the_object_used_here_is_not_unused():
    state = start("gardien", "fosse")
    play(state, UseItem("outre"))
    assert state.fatigue == 5  # 0 base, −4 unused, +2 outre


# --- each object --------------------------------------------------------------------------


def test_derived_torche_on_soif_never_activates():
    state = start("soif", "fosse")
    events = play(state, UseItem("torche"))
    assert state.active == [] and not any(isinstance(e, PermanentActivated) for e in events)
    assert state.discard == [ROOM["soif"]]
    play(state, Reveal())
    play(state, NoItem())
    assert state.fatigue == 5


def test_torche_shields_the_room_from_the_sand():
    state = start("couloir", "fosse", active=("sable",))
    events = play(state, UseItem("torche"))  # no coin scripted: none may be flipped
    assert not any(isinstance(e, CoinFlipped) for e in events)
    assert state.fatigue == 7 and state.coin == ""


def test_derived_pyr4_corde_on_sable_goes_under_and_is_not_active_yet():
    state = start("sable", "fosse", "couloir")
    events = play(state, UseItem("corde"))
    assert RoomPutUnder("Lina", "sable") in events
    assert state.active == [] and deck_keys(state) == ["fosse", "couloir", "sable"]
    assert state.visible_deck() == [None, None, ROOM["sable"]]
    assert state.cleared == 0 and state.journal[-1].put_under
    play(state, Reveal())
    play(state, NoItem())
    play(state, Reveal())
    play(state, NoItem())
    play(state, Reveal())
    assert state.room == ROOM["sable"]
    events = play(state, NoItem())  # met again without an object: now it triggers
    assert state.active == ["sable"]
    assert state.phase == "over" and state.outcome().won  # the deck is empty


def test_pyr4_permanents_apply_in_a_corde_room():
    state = start("couloir", "fosse", active=("sable",))
    play(state, UseItem("corde"), PILE)
    assert state.fatigue == 6 and state.phase == "sands"
    play(state, LeaveRoom())
    assert deck_keys(state) == ["fosse", "couloir"]


def test_pyr4_corde_on_the_last_room_means_facing_it_again():
    state = start("couloir")
    play(state, UseItem("corde"))
    assert state.phase == "reveal" and deck_keys(state) == ["couloir"]
    play(state, Reveal())
    play(state, NoItem())
    assert state.outcome().won and state.fatigue == 5


def test_pyr5_amulette_cancels_an_active_permanent():
    state = start("couloir", "fosse", active=("soif", "sable"))
    assert UseItem("amulette", "soif") in state.legal_actions()
    assert UseItem("amulette", "sable") in state.legal_actions()
    assert UseItem("amulette") not in state.legal_actions()
    events = play(state, UseItem("amulette", "soif"), FACE)
    assert PermanentCancelled("Lina", "soif") in events
    assert state.active == ["sable"]


def test_pyr5_amulette_cancels_the_permanent_just_revealed():
    state = start("penombre", "couloir")
    assert [a for a in state.legal_actions() if getattr(a, "item", "") == "amulette"] == [
        UseItem("amulette", "penombre")
    ]
    events = play(state, UseItem("amulette", "penombre"))
    assert PermanentCancelled("Lina", "penombre") in events
    assert state.active == [] and state.discard == [ROOM["penombre"]]


def test_pyr5_amulette_with_nothing_to_cancel_only_saves_fatigue():
    state = start("fosse", "couloir")
    assert UseItem("amulette") in state.legal_actions()
    play(state, UseItem("amulette"))
    assert state.fatigue == 7


def test_amulette_must_name_a_target_when_there_is_one():
    state = start("couloir", "fosse", active=("soif",))
    with pytest.raises(IllegalAction, match="L'Amulette doit annuler"):
        play(state, UseItem("amulette"))
    with pytest.raises(IllegalAction, match="L'Amulette doit annuler"):
        play(state, UseItem("amulette", "sable"))


def test_derived_pyr1_outre_at_six_is_capped_at_seven():
    state = start("fosse", "couloir", fatigue=6)
    events = play(state, UseItem("outre"))
    assert FatigueChanged("Lina", 1, 7, "Outre d'eau") in events
    assert state.fatigue == 7


def test_outre_at_seven_gives_nothing():
    state = start("fosse", "couloir")
    events = play(state, UseItem("outre"))
    assert events[-2].describe() == "Lina est déjà à 7/7 : Outre d'eau ne rend rien."


def test_carte_ancienne_offers_every_order_of_the_next_three():
    state = start("fosse", "couloir", "gardien", "sable", "pont")
    events = play(state, UseItem("carte"))
    assert RoomsPeeked("Lina", ("couloir", "gardien", "sable")) in events
    assert state.phase == "reorder"
    assert state.peeked == (ROOM["couloir"], ROOM["gardien"], ROOM["sable"])
    assert len(state.legal_actions()) == 6
    assert (
        state.action_label(Reorder((2, 0, 1))) == "Sable Vivant → Couloir Piégé → Salle du Gardien"
    )
    events = play(state, Reorder((2, 0, 1)))
    assert DeckReordered("Lina", ("sable", "couloir", "gardien")) in events
    assert deck_keys(state) == ["sable", "couloir", "gardien", "pont"]
    assert state.visible_deck()[:3] == [ROOM["sable"], ROOM["couloir"], ROOM["gardien"]]
    assert state.visible_deck()[3] is None and state.phase == "reveal"


def test_carte_ancienne_refuses_a_bad_order():
    state = start("fosse", "couloir", "gardien", "sable")
    play(state, UseItem("carte"))
    with pytest.raises(IllegalAction, match="chaque salle"):
        play(state, Reorder((0, 0, 1)))
    with pytest.raises(IllegalAction, match="Remets d'abord"):
        play(state, NoItem())


def test_pyr11_carte_ancienne_with_two_or_one_rooms_left():
    state = start("fosse", "couloir", "gardien")
    play(state, UseItem("carte"))
    assert state.legal_actions() == [Reorder((0, 1)), Reorder((1, 0))]
    state = start("fosse", "couloir")
    events = play(state, UseItem("carte"))
    assert RoomsPeeked("Lina", ("couloir",)) in events
    assert state.phase == "reveal"  # one room: nothing to reorder
    state = start("fosse")
    play(state, UseItem("carte"))
    assert state.outcome().won


def test_carte_ancienne_then_the_sand():
    state = start("fosse", "couloir", "gardien", "sable", active=("sable",))
    play(state, UseItem("carte"), FACE)
    play(state, Reorder((1, 0, 2)))
    assert state.phase == "sands"


# --- Pénombre (PYR-2) ---------------------------------------------------------------------


def test_pyr2_pyr3_the_objects_say_what_they_do_here():
    state = start("couloir", "fosse", active=("penombre",))
    assert "la salle agit quand même, avec les effets permanents" in state.item_effect(
        ITEM["torche"]
    )
    assert "pas glissée sous la pile" in state.item_effect(ITEM["corde"])
    assert state.item_effect(ITEM["outre"]) == ITEM["outre"].effect
    strict = start("couloir", "fosse", active=("penombre",), penombre="strict")
    assert "seulement la perte de fatigue de base" in strict.item_effect(ITEM["outre"])
    assert "engloutit" in start("pont", "fosse").item_effect(ITEM["torche"])
    assert start("couloir", "fosse").item_effect(ITEM["torche"]) == ITEM["torche"].effect


def test_pyr2_lenient_torche_saves_fatigue_but_the_room_resolves():
    state = start("couloir", "fosse", active=("penombre",))
    events = play(state, UseItem("torche"))
    assert ItemUsed("Lina", "torche", "penombre") in events
    assert state.fatigue == 6


def test_pyr2_lenient_torche_no_longer_shields_from_the_sand_nor_blocks_permanents():
    state = start("soif", "fosse", active=("penombre", "sable"))
    play(state, UseItem("torche"), PILE)
    assert state.fatigue == 6
    play(state, LeaveRoom())
    assert state.active == ["penombre", "sable", "soif"]


def test_pyr2_lenient_corde_discards_the_room_instead_of_putting_it_under():
    state = start("couloir", "fosse", active=("penombre",))
    play(state, UseItem("corde"))
    assert deck_keys(state) == ["fosse"] and state.fatigue == 6
    assert state.discard == [ROOM["couloir"]]


def test_pyr2_lenient_outre_carte_and_amulette_work_and_penombre_can_go():
    state = start("fosse", "couloir", "gardien", active=("penombre",), fatigue=4)
    play(state, UseItem("outre"))
    assert state.fatigue == 6
    state = start("fosse", "couloir", "gardien", active=("penombre",))
    play(state, UseItem("carte"))
    assert state.phase == "reorder"
    state = start("fosse", "couloir", active=("penombre",))
    assert state.active_labels() == ["Pénombre : Torche et Corde n'ignorent plus rien"]
    play(state, UseItem("amulette", "penombre"))
    assert state.active == []


def test_pyr2_strict_objects_only_cancel_one_fatigue():
    state = start("fosse", "couloir", "gardien", active=("penombre",), fatigue=4, penombre="strict")
    events = play(state, UseItem("outre"))
    assert ItemUsed("Lina", "outre", "penombre") in events
    assert state.fatigue == 4
    state = start("fosse", "couloir", "gardien", active=("penombre",), penombre="strict")
    play(state, UseItem("carte"))
    assert state.phase == "reveal" and state.visible_deck() == [None, None]
    state = start("fosse", "couloir", active=("penombre", "soif"), penombre="strict")
    assert state.active_labels()[0] == "Pénombre : un objet n'annule qu'1 fatigue"
    assert UseItem("amulette") in state.legal_actions()
    assert not [a for a in state.legal_actions() if getattr(a, "target", "")]
    play(state, UseItem("amulette"))
    assert state.active == ["penombre", "soif"]  # Pénombre can never be removed


def test_pyr2_strict_leaves_objects_whole_before_penombre_is_active():
    state = start("penombre", "couloir", "fosse", fatigue=3, penombre="strict")
    play(state, UseItem("outre"))  # the Pénombre room itself: not active yet
    assert state.fatigue == 5 and state.active == ["penombre"]


# --- defeat (PYR-10) and the end ---------------------------------------------------------


def test_pyr10_default_the_whole_room_resolves_before_the_check():
    state = start("offrande", "fosse", fatigue=1, hand=("outre", "carte"))
    play(state, NoItem())  # 1 → 0 → +1
    assert state.fatigue == 1 and state.phase == "reveal"
    state = start("jugement", "fosse", fatigue=1)
    play(state, UseItem("outre"))  # 1 → 0 → +2
    assert state.fatigue == 2 and state.phase == "reveal"


def test_pyr10_default_sand_discards_can_save():
    state = start("couloir", "fosse", fatigue=2, active=("sable",))
    play(state, NoItem(), PILE)
    assert state.fatigue == -1 and state.phase == "sands"
    play(state, Discard("torche"))
    play(state, Discard("corde"))
    play(state, LeaveRoom())
    assert state.fatigue == 1 and state.phase == "reveal"


def test_pyr10_immediate_defeat_option():
    state = start("offrande", "fosse", fatigue=1, hand=("outre", "carte"), defeat="immediate")
    events = play(state, NoItem())
    assert state.phase == "over" and state.to_move() is None and state.legal_actions() == []
    assert events[-1] == GameEnded("Lina", False, 0, 0)
    assert not state.outcome().won
    state = start("jugement", "fosse", fatigue=1, defeat="immediate")
    play(state, UseItem("outre"))
    assert state.phase == "over" and state.fatigue == 0


def test_defeat_at_the_end_of_the_room():
    state = start("couloir", "gardien", fatigue=2)
    events = play(state, NoItem())
    assert state.fatigue == 0 and state.phase == "over"
    assert events[-1].describe() == "Lina s'effondre d'épuisement après 0 salle franchie."
    outcome = state.outcome()
    assert not outcome.won and outcome.scores == (0,) and outcome.ranks == (1,)
    assert "Couloir Piégé" in outcome.summary
    with pytest.raises(IllegalAction, match="terminée"):
        play(state, Reveal())


def test_defeat_on_the_last_room_is_still_a_defeat():
    state = start("gardien", fatigue=3)
    play(state, NoItem())
    assert not state.outcome().won


def test_a_full_winning_run_scores_rooms_plus_fatigue():
    state = new()  # the forced shuffle keeps the printed order
    rng = ForcedRng()
    moves = {
        "couloir": NoItem(),  # 7 → 5
        "fosse": UseItem("torche"),
        "scarabees": NoItem(),  # 4
        "pont": NoItem(),  # 3
        "soif": UseItem("amulette", "soif"),
        "penombre": UseItem("outre"),  # 5
        "jugement": NoItem(),  # 4 (Pénombre active: nothing else)
        "offrande": UseItem("carte"),  # 3 spent: +1 → 5; peek Sable, Gardien
        "sable": UseItem("corde"),  # Pénombre: discarded, Sable active; 5
        "gardien": NoItem(),  # −1 base, −0 unused, coin face → 4
    }
    while state.phase != "over":
        if state.phase == "reveal":
            state.apply(Reveal(), rng)
        elif state.phase == "reorder":
            state.apply(Reorder((0, 1)), rng)
        else:
            state.apply(moves[state.room.key], ForcedRng([FACE]))
    outcome = state.outcome()
    assert outcome.won and state.fatigue == 4 and state.cleared == 10
    assert outcome.scores == (14,) and outcome.winners == (0,)
    assert outcome.summary == "Lina s'échappe de la pyramide avec 4/7 de fatigue."
    assert [row.fatigue for row in state.journal] == [5, 5, 4, 3, 3, 5, 4, 5, 5, 4]
    assert state.active == ["penombre", "sable"]


# --- refusals, view, events, saves --------------------------------------------------------


def test_refusals_are_in_french():
    state = new()
    with pytest.raises(IllegalAction, match="Choisis d'abord"):
        play(state, Reveal())
    play(state, UseItem("torche"))
    with pytest.raises(IllegalAction, match="Révèle d'abord"):
        play(state, NoItem())
    play(state, Reveal())
    with pytest.raises(IllegalAction, match="Tu n'as plus la Torche"):
        play(state, UseItem("torche"))
    with pytest.raises(IllegalAction, match="n'existe pas"):
        play(state, UseItem("épée"))
    with pytest.raises(IllegalAction, match="Seule l'Amulette"):
        play(state, UseItem("outre", "soif"))


def test_view_hides_the_unknown_order_and_still_offers_moves():
    state = new()
    seen = state.view(0)
    assert all(room.hidden for room in seen.deck) and len(seen.deck) == 9
    assert seen.legal_actions() == state.legal_actions()
    assert state.secrets(0) == frozenset(room.key for room in ROOMS[1:])
    state = start("sable", "couloir", "fosse", active=("soif",))
    seen = state.view(0)
    assert seen.deck == [HIDDEN_ROOM, HIDDEN_ROOM]
    assert seen.legal_actions() == state.legal_actions()
    assert deck_keys(state) == ["couloir", "fosse"]  # the real state is untouched
    seen.active.append("penombre")
    assert state.active == ["soif"]


def test_view_shows_the_whole_order_once_it_is_known():
    state = start("fosse", "couloir", "gardien")
    play(state, UseItem("carte"))
    assert state.view(0).deck == state.deck and state.secrets(0) == frozenset()


def test_pyr9_a_choice_that_reveals_nothing_can_be_undone_a_turned_room_cannot():
    match = Match(GAME, 2, (Seat("Lina"),), {})
    while match.state.room.key in ("scarabees", "pont"):
        match = Match(GAME, match.seed + 1, (Seat("Lina"),), {})
    match.play(NoItem())
    assert not match.last_revealed and match.undoable() == 1
    match.undo()
    assert match.actions == [] and match.state.phase == "choose"
    match.play(NoItem())
    match.play(Reveal())
    assert match.last_revealed and match.undoable() == 0


def test_events_name_the_player_and_never_say_tu_or_vous():
    state = start("sable", "couloir", "fosse", "gardien", "scarabees", "pont", active=("soif",))
    log = []
    log += play(state, UseItem("corde"))
    log += play(state, Reveal())
    log += play(state, UseItem("carte"))
    log += play(state, Reorder((1, 0, 2)))
    for event in log:
        text = event.describe()
        assert text and not re.search(r"\b(tu|vous|te|toi)\b", text, re.IGNORECASE)
    assert any("Lina" in event.describe() for event in log)


def test_action_labels_and_instruction():
    state = start("fosse", "couloir", active=("soif",))
    assert state.action_label(NoItem()) == "Sans objet (−3)"
    assert state.action_label(UseItem("amulette", "soif")) == (
        "Amulette : annuler Malédiction de la Soif"
    )
    assert state.instruction == "Utilise un objet, ou avance sans objet."


def test_saved_match_with_a_reorder_replays_identically():
    match = Match(GAME, 11, (Seat("Lina"),), {})
    while not match.over:
        legal = match.state.legal_actions()
        carte = [a for a in legal if a == UseItem("carte") and match.state.room.key != "pont"]
        reorder = [a for a in legal if isinstance(a, Reorder)]
        match.play(reorder[-1] if reorder else carte[0] if carte else legal[0])
    saved = match.to_saved()
    assert any(a["type"] == "Reorder" for a in saved["actions"])
    assert Match.from_saved(GAME, saved).to_saved() == saved


def test_options_are_offered_with_the_rulings_as_defaults():
    assert GAME.default_options() == {"penombre": "lenient", "defeat": "end_of_room"}
    assert {o.key: [c.value for c in o.choices] for o in GAME.options} == {
        "penombre": ["lenient", "strict"],
        "defeat": ["end_of_room", "immediate"],
    }


@pytest.mark.parametrize("options", [{}, {"penombre": "strict"}, {"defeat": "immediate"}])
def test_random_games_view_hides_only_unknown_places(options):
    for seed in range(40):
        rng, chooser = Random(seed), Random(-seed)
        state = GAME.new(("Lina",), GAME.resolve_options(options), Random(seed))
        while state.to_move() is not None:
            seen = state.view(0)
            assert seen.legal_actions() == state.legal_actions()
            for real, shown in zip(state.deck, seen.deck, strict=True):
                assert shown == (real if real.key in state.known else HIDDEN_ROOM)
            assert 0 < len(state.legal_actions()) <= 12
            state.apply(chooser.choice(state.legal_actions()), rng)
            assert state.fatigue <= MAX_FATIGUE
        assert state.outcome().won == (state.cleared == len(ROOMS))


# --- what the screen shows before a choice -------------------------------------------------


def test_forecast_gives_the_fatigue_for_each_side_of_the_coin():
    state = start("couloir", "fosse", fatigue=6, active=("sable",))
    no_item = state.forecast(NoItem())
    assert (no_item.face, no_item.pile, no_item.coin, no_item.loses) == (4, 3, True, False)
    torche = state.forecast(UseItem("torche"))
    assert (torche.face, torche.pile, torche.coin) == (6, 6, False)  # shielded from the sand
    outre = state.forecast(UseItem("outre"))
    assert (outre.face, outre.pile, outre.coin) == (7, 6, True)  # Couloir −1, pile −1, then +2


def test_forecast_leaves_the_state_untouched():
    state = start("scarabees", "fosse", "pont", "couloir")
    before = (deck_keys(state), state.fatigue, list(state.hand), state.phase, set(state.known))
    for action in state.legal_actions():
        state.forecast(action)
    assert (deck_keys(state), state.fatigue, list(state.hand), state.phase, state.known) == before
    assert state.forecast(UseItem("carte")).face == MAX_FATIGUE


def test_forecast_tells_an_immediate_defeat():
    state = start("couloir", "fosse", fatigue=2, defeat="immediate")
    assert state.forecast(NoItem()).loses
    assert state.forecast(NoItem()).face == 0
    assert not state.forecast(UseItem("torche")).loses
    sands = start("couloir", "fosse", fatigue=1, active=("sable",), hand=("outre",))
    assert not sands.forecast(NoItem()).loses  # by default the room goes on: a discard may save
