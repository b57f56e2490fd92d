"""Scoundrel (RULINGS.md §26 and Appendix A): every quoted and derived case, with forced decks."""

from random import Random

import pytest

from jeux.engine.cards import PlayingCard
from jeux.engine.core import Action, IllegalAction
from jeux.engine.match import Match, Seat
from jeux.engine.testing import ForcedRng
from jeux.games.scoundrel.game import GAME
from jeux.games.scoundrel.rules import (
    MONSTER,
    POTION,
    WEAPON,
    Avoid,
    CardPreview,
    GameOver,
    MonsterFought,
    Pick,
    PotionDrunk,
    RoomAvoided,
    RoomDealt,
    WeaponEquipped,
    card_kind,
    card_name,
    dungeon_deck,
)


def M(rank, suit="pique"):
    return PlayingCard(rank, suit)


def W(rank):
    return PlayingCard(rank, "carreau")


def H(rank):
    return PlayingCard(rank, "coeur")


FILLER = [M(2, "trefle"), M(3, "trefle"), M(4, "trefle"), M(5, "trefle")]


class StackedRng(ForcedRng):
    """Deals exactly `deck` (top first) when the dungeon is shuffled."""

    def __init__(self, deck) -> None:
        super().__init__()
        self.deck = list(deck)

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        x[:] = self.deck


def new(**options):
    return GAME.new(("Lina",), GAME.resolve_options(options), ForcedRng())


def start(deck, hp=None, **options):
    """A match whose deck is exactly `deck` (top first); the first room is dealt."""
    state = GAME.new(("Lina",), GAME.resolve_options(options), StackedRng(deck))
    if hp is not None:
        state.hp = hp
    return state


def play(state, action, rng=None):
    return state.apply(action, rng or ForcedRng())


class ReversingRng(Random):
    """Shuffles by reversing, so a test can see that a shuffle happened."""

    def shuffle(self, x):  # type: ignore[override]
        x.reverse()


# --- components and setup ----------------------------------------------------------------


def test_quoted_44_card_deck_and_20_hp():
    state = new()
    assert len(state.deck) + len(state.room) == 44 and state.hp == state.max_hp == 20


def test_derived_26_monsters_worth_208_9_weapons_9_potions():
    deck = dungeon_deck()
    monsters = [c for c in deck if card_kind(c) == MONSTER]
    assert len(monsters) == 26 and sum(c.rank for c in monsters) == 208
    assert {c.suit for c in monsters} == {"pique", "trefle"}
    assert {c.rank for c in monsters} == set(range(2, 15))
    weapons = [c for c in deck if card_kind(c) == WEAPON]
    potions = [c for c in deck if card_kind(c) == POTION]
    assert sorted(c.rank for c in weapons) == sorted(c.rank for c in potions) == list(range(2, 11))
    assert len(set(deck)) == 44


def test_sc8_no_red_faces_no_red_aces():
    assert not [c for c in dungeon_deck() if c.red and c.rank > 10]


def deal(seed):
    return GAME.new(("Lina",), GAME.resolve_options({}), Random(seed))


def test_sc8_setup_shuffles_the_44_cards_with_the_rng_and_deals_four():
    state = deal(3)
    assert state.deck_count == 40 and None not in state.room
    assert state.monsters_left == 208 and state.room_number == 1
    assert state.legal_actions()[-1] == Avoid()  # SC-2: the very first room may be avoided
    other = deal(3)
    assert other.room == state.room and other.deck == state.deck
    assert deal(4).deck != state.deck


def test_sc8_the_daily_seed_deals_the_same_dungeon_to_everyone():
    seats = (Seat("Lina"),)
    one, two = (Match(GAME, "donjon-2026-11-30", seats, {}) for _ in range(2))
    assert one.state.room == two.state.room and one.state.deck == two.state.deck


def test_first_room_is_dealt_top_first_into_slots_1_to_4():
    state = start([M(9), W(4), H(6), M(11), *FILLER])
    assert state.room == [M(9), W(4), H(6), M(11)]
    assert state.deck_count == 4 and state.cards_to_resolve == 3


# --- fighting (quoted) ---------------------------------------------------------------------


def test_quoted_8_weapon_against_12_monster_deals_4():
    state = start([W(8), M(12), *FILLER, *FILLER])
    play(state, Pick(0))
    events = play(state, Pick(1, weapon=True))
    assert events[0] == MonsterFought("Lina", 1, M(12), W(8), 4, 16)
    assert state.hp == 16 and state.bound_to == 12 and state.slain == [M(12)]


def test_sc7_formula_with_an_impossible_14_weapon_gives_0():
    state = start([M(12), *FILLER, *FILLER])
    state.weapon = PlayingCard(14, "carreau")  # no such card in the game: formula only
    assert state.damage_with_weapon(M(12)) == 0


def test_quoted_barehanded_12_deals_12():
    state = start([M(12), *FILLER, *FILLER])
    assert state.picks_for(0) == [Pick(0)]
    events = play(state, Pick(0))
    assert events[0] == MonsterFought("Lina", 0, M(12), None, 12, 8)
    assert state.discard == [M(12)] and state.bound_to is None


def test_quoted_good_chaining_10_weapon_13_8_5_costs_3():
    deck = [W(10), M(13), M(8), H(2), M(5), *FILLER, *FILLER]
    state = start(deck)
    play(state, Pick(0))
    play(state, Pick(1, weapon=True))
    assert (state.hp, state.bound_to) == (17, 13)
    play(state, Pick(2, weapon=True))
    assert (state.hp, state.bound_to) == (17, 8)
    assert state.room == [M(5), FILLER[0], FILLER[1], H(2)]  # the 4th card stayed in place
    play(state, Pick(0, weapon=True))
    assert (state.hp, state.bound_to) == (17, 5)
    assert state.slain == [M(13), M(8), M(5)]  # 3 monsters killed, 3 damage in all


def test_quoted_bad_chaining_weapon_bound_to_3():
    state = start([W(10), M(3), M(11), M(12), M(13), M(14), M(11, "trefle"), *FILLER])
    play(state, Pick(0))
    play(state, Pick(1, weapon=True))
    assert state.bound_to == 3
    for slot in (2, 3):
        assert state.picks_for(slot) == [Pick(slot)]
        assert state.damage_with_weapon(state.room[slot]) is None
    with pytest.raises(IllegalAction, match="liée à 3"):
        play(state, Pick(2, weapon=True))
    play(state, Pick(2))
    for card in state.room:
        if card is not None and card.rank >= 11:
            assert not state.can_use_weapon(card)


def test_quoted_10_potion_at_18_heals_2():
    state = start([H(10), *FILLER, *FILLER], hp=18)
    assert state.heal_of(H(10)) == 2
    events = play(state, Pick(0))
    assert events[0] == PotionDrunk("Lina", 0, H(10), 2, 20, False)
    assert state.hp == 20 and state.potion_used


# --- SC-1 potions --------------------------------------------------------------------------


def test_sc1_second_potion_in_a_room_heals_0_and_counts():
    state = start([H(5), H(7), M(2), M(3), *FILLER], hp=5)
    play(state, Pick(0))
    assert state.heal_of(H(7)) == 0
    events = play(state, Pick(1))
    assert events[0] == PotionDrunk("Lina", 1, H(7), 0, 10, True)
    assert state.hp == 10 and state.cards_to_resolve == 1 and H(7) in state.discard


def test_sc1_potion_left_behind_can_be_drunk_next_room():
    state = start([H(5), M(2), M(3), H(7), *FILLER], hp=5)
    for slot in (0, 1, 2):
        play(state, Pick(slot))
    assert state.hp == 5 and state.room[3] == H(7) and not state.potion_used
    play(state, Pick(3))
    assert state.hp == 12


def test_sc1_avoiding_does_not_use_the_allowance():
    state = start([M(9), M(10), M(11), M(12), H(6), *FILLER], hp=10)
    play(state, Avoid())
    assert not state.potion_used
    play(state, Pick(0))
    assert state.hp == 16


# --- SC-2 avoiding -------------------------------------------------------------------------


def test_sc2_first_room_may_be_avoided_and_cards_keep_their_order_at_the_bottom():
    room = [M(9), W(4), H(6), M(11)]
    state = start([*room, *FILLER, M(7)])
    assert state.can_avoid
    events = play(state, Avoid())
    assert events[0] == RoomAvoided("Lina", 1, tuple(room), False)
    assert state.room == [*FILLER]
    assert state.deck == [M(7), *room]
    assert state.room_number == 2 and state.rooms[0].avoided


def test_sc2_carried_card_goes_under_with_the_others():
    state = start([M(2), M(3), M(4), H(9), M(6), M(7), M(8), *FILLER])
    for slot in (0, 1, 2):
        play(state, Pick(slot), None)
    assert state.room == [M(6), M(7), M(8), H(9)]
    play(state, Avoid())
    assert state.deck[-4:] == [M(6), M(7), M(8), H(9)]


def test_sc2_not_after_touching_a_card():
    state = start([M(2), M(3), M(4), M(5), *FILLER])
    play(state, Pick(0))
    assert not state.can_avoid and Avoid() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="avant d'y avoir touché"):
        play(state, Avoid())


def test_sc2_not_two_rooms_in_a_row():
    state = start([M(2), M(3), M(4), M(5), *FILLER])
    play(state, Avoid())
    assert not state.can_avoid
    with pytest.raises(IllegalAction, match="deux salles de suite"):
        play(state, Avoid())
    for slot in (0, 1, 2):
        play(state, Pick(slot))
    assert state.can_avoid  # the room after a faced one may be avoided again


def test_sc2_not_with_an_empty_deck():
    state = start([M(2), M(3), M(4), M(5)])
    assert state.deck_count == 0 and not state.can_avoid
    with pytest.raises(IllegalAction, match="pioche est vide"):
        play(state, Avoid())


def test_sc2_option_random_order_shuffles_with_the_rng():
    room = [M(9), W(4), H(6), M(11)]
    state = start([*room, *FILLER], avoid_order="random")
    events = play(state, Avoid(), ReversingRng())
    assert state.deck == room[::-1]
    assert events[0].shuffled


# --- SC-3 end of the deck ------------------------------------------------------------------


def play_through(state):
    """Always play the first card(s) of the room barehanded; never avoid."""
    while state.to_move() is not None:
        play(state, next(a for a in state.legal_actions() if isinstance(a, Pick)))


def test_derived_without_avoiding_the_15th_room_has_2_cards_and_all_must_be_played():
    state = start(dungeon_deck())
    state.hp = state.max_hp = 10_000
    sizes = []
    while state.to_move() is not None:
        if state.resolved_this_room == 0:
            sizes.append((sum(c is not None for c in state.room), state.cards_to_resolve))
        play(state, next(a for a in state.legal_actions() if isinstance(a, Pick)))
    assert sizes[:14] == [(4, 3)] * 14 and sizes[14:] == [(2, 2)]
    assert state.won and state.room_number == 15
    assert sum(len(r.played) for r in state.rooms) == 44
    assert state.room == [None] * 4 and state.monsters_left == 0


def test_sc3_short_last_room_cannot_be_avoided_and_is_announced():
    state = start([M(2), M(3), M(4), M(5), M(6)])
    for slot in (0, 1, 2):
        events = play(state, Pick(slot))
    dealt = events[-1]
    assert isinstance(dealt, RoomDealt) and dealt.last_room and dealt.dealt_slots == (0,)
    assert state.cards_to_resolve == 2 and not state.can_avoid


def test_sc3_full_room_on_an_empty_deck_leaves_a_last_room_of_one():
    state = start([M(2), M(3), M(4), H(5)])
    assert not state.last_room
    for slot in (0, 1, 2):
        play(state, Pick(slot))
    assert state.to_move() == 0 and state.last_room and state.cards_to_resolve == 1
    events = play(state, Pick(3))
    assert isinstance(events[-1], GameOver) and state.won


def test_sc3_option_classic_web_wins_with_the_carried_card_left():
    state = start(dungeon_deck(), end="classic_web")
    state.hp = state.max_hp = 10_000
    play_through(state)
    assert state.won and sum(len(r.played) for r in state.rooms) == 43
    assert sum(c is not None for c in state.room) == 1


def test_sc3_option_classic_web_full_room_on_an_empty_deck_is_the_last():
    state = start([M(2), M(3), M(4), H(5)], end="classic_web")
    assert state.last_room
    for slot in (0, 1, 2):
        events = play(state, Pick(slot))
    assert isinstance(events[-1], GameOver) and state.won and state.room[3] == H(5)


# --- SC-4 / SC-5 scores --------------------------------------------------------------------


def test_sc4_loss_at_minus_3_with_40_of_monsters_left_scores_minus_43():
    state = start([M(6), H(2), H(3), H(4), M(14), M(13), M(13, "trefle")], hp=3)
    events = play(state, Pick(0))
    assert state.hp == -3 and state.monsters_left == 40
    assert events[-1] == GameOver("Lina", False, -3, -43)
    outcome = state.outcome()
    assert outcome.scores == (-43,) and outcome.ranks == (1,) and not outcome.won
    assert outcome.ending == "Mort·e dans le donjon"
    assert state.to_move() is None and state.legal_actions() == []
    assert outcome.summary == (
        "Lina succombe à la salle 1 : score -43 (-3 PV moins 40 de monstres restants)."
    )


def test_sc4_a_monster_that_takes_the_last_pv_kills_a_lesser_one_does_not():
    state = start([M(6), M(2), W(4), H(4), *FILLER], hp=6)
    assert state.kills(Pick(0)) and not state.kills(Pick(1))
    play(state, Pick(2))  # the 4 weapon: the 6 now costs 2
    assert not state.kills(Pick(0, weapon=True)) and state.kills(Pick(0))
    assert not state.kills(Pick(3)) and not state.kills(Avoid())


def test_sc4_option_clamp_hp_at_zero_first():
    state = start([M(6), H(2), H(3), H(4), M(14), M(13), M(13, "trefle")], hp=3, loss_score="clamp")
    play(state, Pick(0))
    assert state.score == -40
    assert state.score_breakdown() == "-3 PV, compté 0 moins 40 de monstres restants"


def test_sc4_monsters_left_in_the_room_count_too():
    state = start([M(6), M(9), H(3), H(4), M(14)], hp=3)
    play(state, Pick(0))
    assert state.score == -3 - 9 - 14


def test_loss_at_exactly_zero_hp():
    state = start([M(6), *FILLER], hp=6)
    play(state, Pick(0))
    assert state.hp == 0 and state.to_move() is None and not state.won


def test_sc5_win_at_20_with_a_7_potion_last_scores_27():
    state = start([W(5), M(2), M(3), H(7)])
    play(state, Pick(0))
    play(state, Pick(1, weapon=True))
    play(state, Pick(2))  # 3 > bound 2: barehanded, 17 HP
    assert state.hp == 17 and state.room == [None, None, None, H(7)]
    events = play(state, Pick(3))
    assert state.hp == 20 and events[-1] == GameOver("Lina", True, 20, 27)
    assert state.outcome().scores == (27,) and state.outcome().won
    assert state.outcome().ending == "Donjon traversé"  # SC-3: every card resolved
    assert state.score_breakdown() == "20 PV + 7 de la dernière potion"


def test_sc5_option_web_scoring_is_hp_only():
    state = start([W(5), M(2), M(3), H(7)], win_score="web")
    for action in (Pick(0), Pick(1, weapon=True), Pick(2), Pick(3)):
        play(state, action)
    assert state.score == 20


def test_sc5_no_bonus_below_full_health():
    state = start([M(9), M(2), M(3), H(7)])
    for slot in (0, 1, 2, 3):
        play(state, Pick(slot))
    assert state.hp == 13 and state.score == 13


def test_sc5_no_bonus_for_a_blocked_last_potion():
    state = start([M(2), H(2), M(3), H(3), H(4)])
    play(state, Pick(1))  # drinks: 20
    play(state, Pick(0))
    play(state, Pick(2))
    assert state.room == [H(4), None, None, H(3)] and state.hp == 15
    play(state, Pick(3))  # new room: 18
    play(state, Pick(0))  # second potion of the room: blocked
    assert state.won and state.hp == 18 and state.score == 18


def test_sc5_no_bonus_when_the_last_card_is_not_a_potion():
    state = start([H(5), M(2), H(3), W(4)], hp=15)
    for slot in (0, 1, 2, 3):
        play(state, Pick(slot))
    assert state.hp == 18 and state.score == 18


def test_sc5_bonus_even_when_the_potion_heals_nothing():
    state = start([W(2), W(3), W(4), H(9)])
    for slot in (0, 1, 2):
        play(state, Pick(slot))
    events = play(state, Pick(3))
    assert events[0] == PotionDrunk("Lina", 3, H(9), 0, 20, False)
    assert state.score == 29


# --- SC-6, SC-10, SC-11, SC-12 -------------------------------------------------------------


def test_sc6_bound_8_a_monster_of_8_may_use_the_weapon():
    state = start([W(5), M(8), M(8, "trefle"), M(9), *FILLER])
    play(state, Pick(0))
    play(state, Pick(1, weapon=True))
    assert state.picks_for(2) == [Pick(2, weapon=True), Pick(2)]
    assert state.picks_for(3) == [Pick(3)]


def test_sc6_option_strict_binding_refuses_an_equal_monster():
    state = start([W(5), M(8), M(8, "trefle"), M(7), *FILLER], binding="strict")
    play(state, Pick(0))
    play(state, Pick(1, weapon=True))
    assert state.picks_for(2) == [Pick(2)]
    assert state.picks_for(3) == [Pick(3, weapon=True), Pick(3)]
    with pytest.raises(IllegalAction, match="moins de 8"):
        play(state, Pick(2, weapon=True))


def test_sc10_barehanded_when_the_weapon_could_be_used_keeps_the_binding():
    state = start([W(5), M(10), M(4), M(9), *FILLER])
    play(state, Pick(0))
    play(state, Pick(1, weapon=True))
    play(state, Pick(3))  # 9 ≤ 10, yet barehanded
    assert state.bound_to == 10 and state.hp == 20 - 5 - 9 and state.slain == [M(10)]


def test_sc11_a_new_weapon_is_always_equipped_and_the_old_one_discarded_with_its_kills():
    state = start([W(5), M(10), W(3), M(4), *FILLER])
    play(state, Pick(0))
    play(state, Pick(1, weapon=True))
    events = play(state, Pick(2))
    assert events[0] == WeaponEquipped("Lina", 2, W(3), W(5), 1)
    assert state.weapon == W(3) and state.slain == [] and state.bound_to is None
    assert state.discard == [W(5), M(10)]
    assert state.picks_for(3) == [Pick(3, weapon=True), Pick(3)]


def test_sc12_only_picks_and_avoid_are_offered():
    state = start([M(14), M(13), M(12), M(11), *FILLER])
    assert {type(a) for a in state.legal_actions()} == {Pick, Avoid}
    play(state, Pick(0))
    assert {type(a) for a in state.legal_actions()} == {Pick}


def test_exactly_three_cards_then_the_fourth_stays():
    state = start([M(2), M(3), M(4), M(5), *FILLER])
    play(state, Pick(3))
    play(state, Pick(0))
    assert state.cards_to_resolve == 1 and state.room_number == 1
    events = play(state, Pick(2))
    assert isinstance(events[-1], RoomDealt) and events[-1].dealt_slots == (0, 2, 3)
    assert state.room == [FILLER[0], M(3), FILLER[1], FILLER[2]]
    assert state.rooms[0].played == (M(5), M(2), M(4))
    assert (state.rooms[0].hp_before, state.rooms[0].hp_after) == (20, 9)


# --- options -------------------------------------------------------------------------------


def test_sc9_option_max_hp_sets_start_and_cap():
    state = start([H(10), *FILLER, *FILLER], max_hp=15, hp=12)
    assert state.max_hp == 15
    play(state, Pick(0))
    assert state.hp == 15
    assert new(max_hp=30).hp == 30


def test_sc9_bonus_applies_at_the_custom_maximum():
    state = start([W(5), M(2), M(3), H(7)], max_hp=10)
    for action in (Pick(0), Pick(1, weapon=True), Pick(2), Pick(3)):
        play(state, action)
    assert state.hp == 10 and state.score == 17


def test_every_option_has_the_ruling_as_default():
    assert GAME.default_options() == {
        "binding": "equal",
        "avoid_order": "keep",
        "end": "all_cards",
        "win_score": "official",
        "loss_score": "real",
        "max_hp": 20,
    }


# --- the screen's view ---------------------------------------------------------------------


def test_previews_show_damage_with_and_without_the_weapon_and_healing():
    state = start([W(6), M(9), H(8), M(4, "trefle"), *FILLER], hp=14)
    assert state.previews()[1] == CardPreview(1, M(9), MONSTER, 9, None, None)
    play(state, Pick(0))
    assert state.previews() == (
        CardPreview(1, M(9), MONSTER, 9, 3, None),
        CardPreview(2, H(8), POTION, None, None, 6),
        CardPreview(3, M(4, "trefle"), MONSTER, 4, 0, None),
    )


def test_view_hides_the_deck_order_and_still_lists_the_moves():
    state = start(dungeon_deck())
    seen = state.view(0)
    assert seen.deck == [None] * 40 and seen.deck_count == 40
    assert seen.room == state.room and seen.legal_actions() == state.legal_actions()
    assert None not in state.deck
    seen.room[0] = None
    assert state.room[0] is not None


def test_secrets_are_the_cards_never_dealt_sc2_avoided_ones_are_known():
    room = [M(9), W(4), H(6), M(11)]
    state = start([*room, *FILLER])
    assert state.secrets(0) == frozenset(FILLER)
    play(state, Avoid())  # SC-2: the room goes under, in its order, and FILLER is dealt
    assert state.deck == room and state.secrets(0) == frozenset()


def test_sc2_a_dealt_room_reveals_a_played_card_does_not():
    match = Match(GAME, 5, (Seat("Lina"),), {})
    match.play(Pick(match.state.legal_actions()[0].slot))
    assert not match.last_revealed and match.undoable() == 1
    match.undo()
    assert match.actions == [] and len(match.state.deck) == 40
    match.play(Avoid())
    assert match.last_revealed and match.undoable() == 0


def test_match_saves_and_replays():
    match = Match(GAME, 11, (Seat("Lina"),), {})
    while not match.over:
        match.play(match.state.legal_actions()[-1])
    again = Match.from_saved(GAME, match.to_saved())
    assert again.outcome() == match.outcome() and again.events == match.events


# --- refusals and events -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Pick(7), "pas de carte"),
        (Pick(1, weapon=True), "Seuls les monstres"),
        (Pick(0, weapon=True), "Aucune arme"),
    ],
)
def test_refusals_are_in_french(action: Action, message: str):
    state = start([M(9), H(3), W(2), M(4), *FILLER])
    with pytest.raises(IllegalAction, match=message):
        play(state, action)


def test_refusal_of_an_empty_slot():
    state = start([M(9), H(3), W(2), M(4), *FILLER])
    play(state, Pick(0))
    with pytest.raises(IllegalAction, match="pas de carte"):
        play(state, Pick(0))


def test_no_move_after_the_end():
    state = start([M(6), *FILLER], hp=1)
    play(state, Pick(0))
    with pytest.raises(IllegalAction, match="terminée"):
        play(state, Pick(1))


def test_events_describe_in_french_with_the_players_name():
    state = start([W(8), M(12), H(5), M(14, "trefle"), W(3), *FILLER], hp=10)
    events = play(state, Pick(0))
    events += play(state, Pick(1, weapon=True))
    events += play(state, Pick(2))
    events += play(state, Pick(0))
    events += play(state, Pick(1, weapon=True))
    texts = [e.describe() for e in events]
    assert texts[0] == "Lina prend le 8 de carreau comme arme."
    assert (
        texts[1]
        == "Lina abat la Dame de pique (12) avec le 8 de carreau : 4 dégâts, il reste 6 PV."
    )
    assert texts[2] == "Lina boit le 5 de cœur : +5, 11 PV."
    assert texts[3].startswith("Lina ouvre la salle 2 : ")
    assert texts[4] == (
        "Lina prend le 3 de carreau comme arme (le 8 de carreau est défaussé avec 1 monstre tué)."
    )
    assert (
        texts[5] == "Lina abat le 2 de trèfle avec le 3 de carreau : aucun dégât, il reste 11 PV."
    )
    for text in texts:
        assert "Lina" in text and " tu " not in text and " vous " not in text
    assert card_name(M(14, "trefle")) == "As de trèfle (14)"
    assert GameOver("Lina", True, 20, 27).describe() == (
        "Lina sort du donjon avec 20 PV : score 27 !"
    )


def test_the_adventurer_flees_a_deadly_room_sc2_and_otherwise_plays_its_best_card():
    bot = GAME.bot(1)
    assert bot.choose(start([M(14), M(13), M(12), M(11), *FILLER], hp=10).view(0)) == Avoid()
    state = start([M(9), H(6), W(5), M(11), *FILLER], hp=12)
    assert bot.choose(state.view(0)) == Pick(1)  # the potion heals 6
    play(state, Pick(1))
    assert bot.choose(state.view(0)) == Pick(2)  # the weapon, then the monsters cost less
