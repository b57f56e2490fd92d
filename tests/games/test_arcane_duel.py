"""Arcane Duel v1 (RULINGS.md §18): the quoted and derived cases, with forced decks.

Under ForcedRng a shuffle keeps the card list's order and `choice` takes the first item
(or the scripted index): seat 0 starts the first round; hands are replaced by `give`."""

from random import Random

import pytest

from jeux.engine.cards import Zone
from jeux.engine.core import IllegalAction
from jeux.engine.testing import ForcedRng
from jeux.games.arcane_duel.bots import ArcaneBot
from jeux.games.arcane_duel.game import GAME
from jeux.games.arcane_duel.present import (
    card_detail,
    centre_text,
    choice_label,
    field_values,
    next_field,
    question,
    turn_text,
)
from jeux.games.arcane_duel.rules import (
    ACT,
    ATTACK,
    COMBOS,
    DEFENCE,
    DEFEND,
    DISCARD,
    OVER,
    SPELLS,
    SUPPORT,
    ArcaneState,
    CardsReceived,
    Cast,
    Defend,
    Discard,
    Draw,
    EndTurn,
    Endure,
    Pass,
    RoundWon,
)

NAMES = ("Lina", "Marc", "Zoé", "Ana")


def new(players: int = 2, **options) -> ArcaneState:
    return GAME.new(NAMES[:players], GAME.resolve_options(options), ForcedRng())


def give(state: ArcaneState, seat: int, *keys: str) -> tuple[int, ...]:
    """Replace a seat's hand; returns the uids in hand order."""
    cards = state.fresh(keys)
    state.hands[seat] = Zone(cards, (seat,))
    return tuple(c.uid for c in cards)


def play(state: ArcaneState, action, rng=None):
    return state.apply(action, rng or ForcedRng())


def hp(state: ArcaneState) -> list[int]:
    return list(state.hp)


# --- components (quoted) ---------------------------------------------------------------


def test_quoted_sixteen_unique_cards_six_attacks_five_defences_five_supports():
    kinds = [s.kind for s in SPELLS.values()]
    assert len(SPELLS) == 16 and len({s.name for s in SPELLS.values()}) == 16
    assert (kinds.count(ATTACK), kinds.count(DEFENCE), kinds.count(SUPPORT)) == (6, 5, 5)
    assert len(COMBOS) == 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_quoted_two_cards_each_nine_hp_the_rest_in_the_pile(players):
    state = new(players)
    assert [len(h) for h in state.hands] == [2] * players
    assert len(state.deck) == 16 - 2 * players and state.hp == [9] * players
    uids = [c.uid for z in state.zones() for c in z]
    assert len(set(uids)) == 16 and 0 not in uids


def test_players_two_to_four_no_solo_behind_the_handoff():
    assert (GAME.info.min_players, GAME.info.max_players, GAME.info.solo) == (2, 4, False)
    assert GAME.info.handoff


# --- the turn --------------------------------------------------------------------------


def test_quoted_draw_only_below_three_cards_then_the_discard_phase():
    state = new()
    give(state, 0, "boule", "bouclier", "miroir")
    assert Draw() not in state.legal_actions()
    give(state, 0, "boule", "bouclier")
    play(state, Draw())
    assert len(state.hands[0]) == 3 and state.phase == DISCARD
    assert EndTurn() in state.legal_actions()


def test_an_empty_pile_says_that_drawing_shuffles_the_discard_into_a_new_one():
    state = new()
    give(state, 0, "boule")
    state.deck = Zone((), None)
    state.discard = Zone(state.fresh(["miroir", "epines"]), None)
    assert state.can_draw()
    assert centre_text(state) == (
        "Pioche vide : piocher mélange la défausse · défausse 2, dessus : Épines"
    )
    events = play(state, Draw())
    assert "La défausse est mélangée : nouvelle pioche de 2 cartes." in [
        e.describe() for e in events
    ]
    assert centre_text(state) == "Pioche 1 · défausse 0"


def test_ad1_3_a_replaced_card_is_drawn_at_once_and_the_turn_ends():
    state = new()
    uids = give(state, 0, "boule", "bouclier")
    play(state, Pass())
    play(state, Discard(uids[0], replace=True))
    assert len(state.hands[0]) == 2 and state.turn == 1 and state.phase == ACT


def test_ad1_3_option_the_replacement_comes_at_the_start_of_the_next_turn():
    state = new(remplacement="tour_suivant")
    uids = give(state, 0, "boule", "bouclier")
    play(state, Pass())
    play(state, Discard(uids[0], replace=True))
    assert len(state.hands[0]) == 1
    play(state, Pass())
    play(state, EndTurn())
    assert len(state.hands[0]) == 2 and state.turn == 0


def test_ad1_21_quoted_hand_limit_three_checked_at_the_end_of_ones_own_turn():
    state = new()
    uids = give(state, 0, "concentration", "bouclier", "miroir", "epines")
    play(state, Pass())
    assert state.legal_actions() == [Discard(u) for u in uids]  # no way out above three
    play(state, Discard(uids[0]))
    assert len(state.hands[0]) == 3 and state.turn == 1


def test_ad1_20_passing_still_allows_the_discard_phase():
    state = new()
    give(state, 0, "boule", "bouclier", "miroir")
    play(state, Pass())
    assert state.phase == DISCARD and len(state.legal_actions()) == 4


def test_ad1_17_defence_cards_are_never_cast_on_ones_turn():
    state = new()
    uids = give(state, 0, "bouclier", "deviation")
    assert not any(isinstance(a, Cast) and a.cards == uids[:1] for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="Défense"):
        play(state, Cast(uids[:1]))


# --- attacks and defences --------------------------------------------------------------


def test_the_attack_pauses_for_the_defender_with_a_reason():
    state = new()
    uids = give(state, 0, "boule")
    give(state, 1, "bouclier")
    play(state, Cast(uids, (1,)))
    assert (state.phase, state.to_move(), state.whose_turn()) == (DEFEND, 1, 0)
    assert state.prompt() == "Lina te lance Boule de feu — te défendre ?"
    assert turn_text(state) == "Manche 1 · au tour de Lina · Marc répond"
    play(state, Endure())
    assert state.hp[1] == 8 and state.to_move() == 0 and "Marc perd 1 PV" in state.prompt()


def test_the_window_opens_for_a_defender_without_defence_unless_the_table_chose_speed():
    state = new()
    uids = give(state, 0, "boule")
    give(state, 1, "lumiere")
    play(state, Cast(uids, (1,)))
    assert state.to_move() == 1 and state.legal_actions() == [Endure()]
    fast = new(reaction_window="si_possible")
    uids = give(fast, 0, "boule")
    give(fast, 1, "lumiere")
    play(fast, Cast(uids, (1,)))
    assert fast.hp[1] == 8 and fast.phase == DISCARD


def test_derived_explosion_against_bouclier_target_minus_one_caster_minus_one():
    state = new()
    uids = give(state, 0, "explosion")
    (shield,) = give(state, 1, "bouclier")
    play(state, Cast(uids, (1,)))
    play(state, Defend(shield))
    assert hp(state) == [8, 8]


def test_derived_flames_against_miroir_defender_minus_two_attacker_minus_one():
    state = new()
    uids = give(state, 0, "boule", "explosion")
    (mirror,) = give(state, 1, "miroir")
    play(state, Cast(uids, (1,)))
    play(state, Defend(mirror))
    assert hp(state) == [8, 7]  # AD1-19: Explosion's recoil does not apply in the combo


@pytest.mark.parametrize(("damage", "split"), [(1, (1, 0)), (2, (1, 1)), (3, (2, 1))])
def test_ad1_7_miroir_keeps_the_majority(damage, split):
    spell = {1: ("boule",), 2: ("eclair", "boule"), 3: ("boule", "explosion")}[damage]
    state = new()
    uids = give(state, 0, *spell)
    (mirror,) = give(state, 1, "miroir")
    play(state, Cast(uids, (1,)))
    play(state, Defend(mirror))
    assert (9 - state.hp[1], 9 - state.hp[0]) == split


def test_ad1_5_malediction_costs_another_card_and_barriere_too():
    state = new()
    (curse,) = give(state, 0, "malediction")
    assert not any(isinstance(a, Cast) for a in state.legal_actions())
    curse, cost = give(state, 0, "malediction", "lumiere")
    wall, paid = give(state, 1, "barriere", "epines")
    play(state, Cast((curse,), (1,), cost=cost))
    assert [c.card for c in state.discard] == ["malediction", "lumiere"]
    assert Defend(wall) not in state.legal_actions()
    play(state, Defend(wall, cost=paid))
    assert hp(state) == [9, 9] and len(state.hands[1]) == 0


def test_ad1_10_epines_hurts_the_attacker_without_reducing_the_damage():
    state = new()
    uids = give(state, 0, "explosion")
    (thorns,) = give(state, 1, "epines")
    play(state, Cast(uids, (1,)))
    play(state, Defend(thorns))
    assert hp(state) == [7, 7]


def test_ad1_8_deviation_redirects_but_never_back_along_the_chain():
    state = new(3)
    uids = give(state, 0, "boule")
    (turn_away,) = give(state, 1, "deviation")
    (again,) = give(state, 2, "deviation")
    play(state, Cast(uids, (1,)))
    assert {a.redirect for a in state.legal_actions() if isinstance(a, Defend)} == {0, 2}
    play(state, Defend(turn_away, redirect=2))
    assert state.to_move() == 2
    assert [a.redirect for a in state.legal_actions() if isinstance(a, Defend)] == [0]
    play(state, Defend(again, redirect=0))
    assert state.to_move() == 0 and state.phase == DEFEND  # the caster may answer too
    play(state, Endure())
    assert hp(state) == [8, 9, 9]


def test_ad1_22_the_new_target_answers_the_deflector_epines_hurt_the_deflector():
    state = new(3)
    curse, cost = give(state, 0, "malediction", "lumiere")
    (turn_away,) = give(state, 1, "deviation")
    (thorns,) = give(state, 2, "epines")
    play(state, Cast((curse,), (1,), cost=cost))
    events = play(state, Defend(turn_away, redirect=2))
    told = [e.describe() for e in events]
    assert "Marc se défend avec Déviation (renvoie Malédiction à Zoé)." in told
    assert state.prompt() == "Marc te renvoie Malédiction — te défendre ?"
    assert question(state, 2).startswith("Marc te renvoie Malédiction (2 dégâts) :")
    play(state, Defend(thorns))
    assert hp(state) == [9, 8, 7]  # Épines hurt Marc, who sent it on; Lina is untouched


def test_ad1_22_the_caster_sent_its_own_attack_back_answers_the_deflector():
    state = new()
    blast, mirror = give(state, 0, "explosion", "miroir")
    (turn_away,) = give(state, 1, "deviation")
    play(state, Cast((blast,), (1,)))
    play(state, Defend(turn_away, redirect=0))
    assert state.to_move() == 0 and state.prompt() == "Marc te renvoie Explosion — te défendre ?"
    play(state, Defend(mirror))
    assert hp(state) == [9 - 1 - 1, 9 - 1]  # the recoil and her share; Miroir's to Marc


def test_ad1_6_main_des_ombres_costs_one_hp_and_steals_a_random_card_privately():
    state = new()
    (hand,) = give(state, 0, "main")
    give(state, 1, "bouclier", "lumiere", "epines")
    play(state, Cast((hand,), (1,)))
    assert state.hp[0] == 8
    assert {type(a) for a in state.legal_actions()} == {Defend, Endure}
    assert [state.hands[1].by_uid(a.card).card for a in state.legal_actions()[:-1]] == ["epines"]
    events = play(state, Endure(), ForcedRng(choices=[1]))
    assert state.hand_keys(0) == ["lumiere"] and state.hand_keys(1) == ["bouclier", "epines"]
    public = " ".join(e.describe() for e in events if e.audience is None)
    assert "vole une carte à Marc" in public and "Lumière" not in public
    told = [e for e in events if e.audience == (1,)]
    assert [e.describe() for e in told] == ["Lina t'a volé Lumière de guérison."]
    received = [e for e in events if isinstance(e, CardsReceived)]
    assert received[0].audience == (0,) and received[0].cards[0] in state.hands[0]


def test_ad1_9_poison_strikes_at_the_end_of_the_targets_next_turn():
    state = new()
    (cloud,) = give(state, 0, "poison")
    give(state, 1, "boule", "lumiere")
    play(state, Cast((cloud,), (1,)))
    play(state, Endure())
    play(state, EndTurn())
    assert state.hp[1] == 9 and state.turn == 1
    play(state, Pass())
    play(state, EndTurn())
    assert state.hp[1] == 8
    play(state, Pass())
    play(state, EndTurn())
    play(state, Pass())
    play(state, EndTurn())
    assert state.hp[1] == 8  # once only


def test_ad1_9_a_shield_cancels_the_poison_and_a_deviation_moves_it():
    state = new(3)
    (cloud,) = give(state, 0, "poison")
    (turn_away,) = give(state, 1, "deviation")
    (shield,) = give(state, 2, "bouclier")
    play(state, Cast((cloud,), (1,)))
    play(state, Defend(turn_away, redirect=2))
    play(state, Defend(shield))
    assert state.poison_pending == [0, 0, 0]
    state = new(3)
    (cloud,) = give(state, 0, "poison")
    (turn_away,) = give(state, 1, "deviation")
    play(state, Cast((cloud,), (1,)))
    play(state, Defend(turn_away, redirect=2))
    play(state, Endure())
    assert state.poison_pending == [0, 0, 1]


def test_ad1_4_eclair_hits_the_opponents_and_the_option_the_caster_too():
    state = new(3)
    (bolt,) = give(state, 0, "eclair")
    play(state, Cast((bolt,)))
    play(state, Endure())
    play(state, Endure())
    assert hp(state) == [9, 8, 8]
    state = new(3, eclair="tous")
    (bolt,) = give(state, 0, "eclair")
    play(state, Cast((bolt,)))
    play(state, Endure())
    play(state, Endure())
    assert hp(state) == [8, 8, 8]


def test_derived_eclair_against_three_opponents_one_under_voile_two_take_one():
    state = new(4)
    (veil,) = give(state, 2, "voile")
    state.turn = 2
    play(state, Cast((veil,)))
    play(state, EndTurn())
    state.turn = 0
    state.phase = ACT
    (bolt,) = give(state, 0, "eclair")
    play(state, Cast((bolt,)))
    play(state, Endure())
    play(state, Endure())
    assert hp(state) == [9, 8, 9, 8] and not state.status[2].veil


def test_ad1_13_hostile_supports_are_not_attacks_controle_lets_the_target_choose():
    state = new()
    (mind,) = give(state, 0, "controle")
    bouclier, miroir = give(state, 1, "bouclier", "miroir")
    play(state, Cast((mind,), (1,)))
    assert state.to_move() == 1 and state.legal_actions() == [Discard(bouclier), Discard(miroir)]
    assert "Contrôle de l'esprit" in state.prompt()
    play(state, Discard(miroir))
    assert state.hand_keys(1) == ["bouclier"] and state.phase == DISCARD


def test_ad1_15_absorption_takes_back_the_top_of_the_discard_pile():
    state = new()
    (grab,) = give(state, 0, "absorption")
    play(state, Cast((grab,)))
    assert state.hand_keys(0) == []  # an empty pile: nothing
    state = new()
    grab, cost, curse = give(state, 0, "absorption", "bouclier", "malediction")
    state.discard = Zone(state.fresh(["miroir", "epines"]), None)
    play(state, Cast((grab,)))
    assert state.hand_keys(0) == ["bouclier", "malediction", "epines"]
    assert [c.card for c in state.discard] == ["miroir", "absorption"]


# --- combinations (quoted values) -------------------------------------------------------


def test_quoted_voile_electrique_two_to_the_attacker_one_to_its_right_neighbour():
    state = new(3)
    veil = give(state, 0, "eclair", "miroir")
    play(state, Cast(veil))
    play(state, EndTurn())
    (ball,) = give(state, 1, "boule")
    play(state, Cast((ball,), (0,)))
    assert hp(state) == [9, 7, 9]  # Marc's right-hand neighbour is Lina, the owner herself
    play(state, Endure())
    play(state, EndTurn())
    (ball,) = give(state, 2, "boule")
    play(state, Cast((ball,), (0,)))
    assert hp(state) == [8, 6, 7]  # Zoé takes 2, Marc (her right) 1; the veil lasts


def test_quoted_armure_gelee_blocks_up_to_three_of_the_next_attack_only():
    state = new()
    play(state, Cast(give(state, 0, "bouclier", "barriere")))
    play(state, EndTurn())
    flames = give(state, 1, "boule", "explosion")
    play(state, Cast(flames, (0,)))
    play(state, Endure())
    assert state.hp[0] == 9 and not state.status[0].armour


def test_quoted_piege_arcanique_discard_and_two_damage_to_the_next_attacker():
    state = new()
    play(state, Cast(give(state, 0, "malediction", "epines")))  # AD1-19: no cost inside
    play(state, EndTurn())
    ball, keep = give(state, 1, "boule", "lumiere")
    play(state, Cast((ball,), (0,)))
    assert state.hp[1] == 7 and state.to_move() == 1 and state.legal_actions() == [Discard(keep)]
    play(state, Discard(keep))
    assert state.to_move() == 0 and state.phase == DEFEND and not state.status[0].trap


def test_ad1_11_statuses_end_at_the_start_of_the_owners_next_turn():
    state = new()
    play(state, Cast(give(state, 0, "malediction", "epines")))
    play(state, EndTurn())
    play(state, Pass())
    play(state, EndTurn())
    assert not state.status[0].trap


def test_quoted_regain_vital_three_hp_up_to_the_cap_of_nine():
    state = new()
    state.hp[0] = 5
    play(state, Cast(give(state, 0, "absorption", "lumiere")))
    assert state.hp[0] == 8
    state = new()
    state.hp[0] = 8
    play(state, Cast(give(state, 0, "absorption", "lumiere")))
    assert state.hp[0] == 9  # AD1-2


def test_quoted_reaction_en_chaine_two_to_each_of_two_opponents_ad1_16_one_if_alone():
    state = new(3)
    pair = give(state, 0, "eclair", "boule")
    assert Cast(pair, (1, 2)) in state.legal_actions()
    play(state, Cast(pair, (1, 2)))
    play(state, Endure())
    play(state, Endure())
    assert hp(state) == [9, 7, 7]
    state = new(2)
    pair = give(state, 0, "eclair", "boule")
    combos = [a for a in state.legal_actions() if isinstance(a, Cast) and len(a.cards) == 2]
    assert combos == [Cast(pair, (1,))]


def test_quoted_benediction_empoisonnee_minus_one_delayed_and_plus_two():
    state = new()
    state.hp[0] = 5
    play(state, Cast(give(state, 0, "poison", "lumiere"), (1,)))
    play(state, Endure())
    assert state.hp[0] == 7 and state.poison_pending[1] == 1


def test_quoted_invocation_de_tombe_and_mana_des_ombres_and_invocation_spectrale():
    state = new()
    state.discard = Zone(state.fresh(["miroir", "epines"]), None)
    miroir = state.discard.cards[0].uid
    play(state, Cast(give(state, 0, "absorption", "main"), pick=miroir))
    assert state.hand_keys(0) == ["miroir"] and state.hp[0] == 9  # no Main des ombres cost
    state = new()
    give(state, 1, "bouclier")
    play(state, Cast(give(state, 0, "concentration", "main"), (1,)))
    play(state, Endure())
    assert len(state.hands[0]) == 2 and len(state.hands[1]) == 0
    state = new()
    give(state, 1, "bouclier", "miroir", "epines")
    play(state, Cast(give(state, 0, "voile", "deviation", "lumiere")[:2], (1,)))
    assert state.hand_keys(0) == ["bouclier", "miroir", "epines"]
    assert state.hand_keys(1) == ["lumiere"] and state.phase == DISCARD  # not an attack


# --- rounds -----------------------------------------------------------------------------


def test_quoted_last_standing_wins_the_round_ad1_19_next_starter_to_the_left():
    state = new(3)
    state.hp[1], state.hp[2] = 1, 1
    (bolt,) = give(state, 0, "eclair")
    play(state, Cast((bolt,)))
    play(state, Endure())
    play(state, Endure())
    assert state.wins == [1, 0, 0] and state.round == 2 and state.starter == 1
    assert state.hp == [9, 9, 9] and [len(h) for h in state.hands] == [2, 2, 2]


def test_ad1_1_option_five_hp_from_the_second_round():
    state = new(pv=5)
    state.hp[1] = 1
    play(state, Cast(give(state, 0, "boule"), (1,)))
    play(state, Endure())
    assert state.round == 2 and state.hp == [5, 5]


def test_ad1_18_simultaneous_last_deaths_replay_the_round():
    state = new()
    state.hp = [1, 1]
    play(state, Cast(give(state, 0, "explosion"), (1,)))
    events = play(state, Endure())
    assert RoundWon(-1, "", 0) in events and state.wins == [0, 0] and state.round == 2


def test_quoted_three_rounds_win_the_game():
    state = new()
    state.wins = [2, 0]
    state.hp[1] = 1
    play(state, Cast(give(state, 0, "boule"), (1,)))
    play(state, Endure())
    assert state.phase == OVER and state.to_move() is None
    assert state.outcome().ranks == (1, 2) and state.outcome().scores == (3, 0)


# --- privacy, robot, words --------------------------------------------------------------


def test_a_seat_sees_its_hand_and_only_counts_of_the_others():
    state = new(3)
    view = state.view(1)
    assert view.hands[1] == state.hands[1]
    assert len(view.hands[0]) == 2 and not view.hands[0].cards and not view.deck.cards
    assert state.secrets(1) == frozenset([*state.hands[0], *state.hands[2], *state.deck])


def test_the_robot_finishes_a_wounded_opponent_and_defends_a_big_hit():
    state = new()
    state.hp[1] = 2
    give(state, 0, "boule", "explosion", "lumiere")
    action = ArcaneBot(1).choose(state.view(0))
    assert isinstance(action, Cast) and len(action.cards) == 2  # 3 damage beats 2
    state = new()
    play(state, Cast(give(state, 0, "boule", "explosion"), (1,)))
    state.hands[1] = Zone(state.fresh(["bouclier"]), (1,))
    assert isinstance(ArcaneBot(1).choose(state.view(1)), Defend)


def test_the_robot_draws_rather_than_trade_a_card_and_blocks_even_a_small_hit():
    """A Concentration or a Contrôle only trades a card for a card: below three cards a draw
    does better. A Bouclier held against a 1-damage hit is used (it would only clog the hand)."""
    state = new()
    give(state, 0, "concentration", "controle")
    assert ArcaneBot(1).choose(state.view(0)) == Draw()
    play(state, Cast(give(state, 0, "boule"), (1,)))
    state.hands[1] = Zone(state.fresh(["bouclier"]), (1,))
    assert ArcaneBot(1).choose(state.view(1)) == Defend(state.hands[1].cards[0].uid)


def test_the_screen_words_the_card_in_full_and_asks_one_part_at_a_time():
    state = new(3)
    curse, cost1, cost2 = give(state, 0, "malediction", "lumiere", "epines")
    detail = card_detail(state, 0, state.hands[0].cards[:1])
    assert "Inflige 2 points de dégâts en défaussant une carte" in detail
    assert "Combos : ✓ + Épines = Piège arcanique" in detail
    both = card_detail(state, 0, [state.hands[0].cards[0], state.hands[0].cards[2]])
    assert both.startswith("Piège arcanique (Malédiction + Épines) : Le prochain adversaire")
    found = [a for a in state.legal_actions() if isinstance(a, Cast) and a.cards == (curse,)]
    assert next_field(found) == "targets" and field_values(found, "targets") == [(1,), (2,)]
    assert choice_label(state, "targets", (2,)) == "Zoé"
    assert choice_label(state, "cost", cost2) == "Épines"
    assert question(state, 0).startswith("Lance (1-3, Entrée)")  # the keys of its three cards


def test_an_empty_hand_is_not_asked_to_cast():
    state = new()
    state.hands[0] = Zone((), (0,))
    assert question(state, 0) == "Main vide : pioche (p) ou rien (r)."
    state.deck, state.discard = Zone(()), Zone(())
    assert question(state, 0) == "Main vide : rien (r)."


def test_a_clone_equals_its_state_at_every_move_and_shares_none_of_its_lists():
    """The robots play on clones built field by field: none may be missed or misplaced."""
    rng, bot = Random(4), ArcaneBot(4)
    state = GAME.new(NAMES[:3], GAME.resolve_options({}), rng)
    while state.to_move() is not None:
        twin = state.clone()
        assert twin == state
        twin.hp[0] -= 1
        twin.hands.pop()
        assert twin.hp != state.hp and len(twin.hands) == len(state.hands) - 1
        state.apply(bot.choose(state.view(state.to_move())), rng)
