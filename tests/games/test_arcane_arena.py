"""Arcane Arena (RULINGS.md §19): every quoted and derived case, with forced decks.

Under ForcedRng a shuffle keeps the spellbook's order (4 Boule de feu, 2 Bouclier, 3 Lumière,
then the unique cards), `choice` takes the first, and seat 0 starts. Tests give hands with
`hold` where they must."""

from collections import Counter
from random import Random

import pytest

from jeux.engine.cards import Dealt, Zone
from jeux.engine.core import IllegalAction
from jeux.engine.reactions import WHEN_ABLE
from jeux.engine.testing import ForcedRng
from jeux.games.arcane_arena.bots import ArenaBot
from jeux.games.arcane_arena.cards import ARENA, ATTACK, DEFENCE, SUPPORT
from jeux.games.arcane_arena.game import GAME
from jeux.games.arcane_arena.present import (
    aim_question,
    count_word,
    focus_text,
    question,
    status,
    table_text,
    turn_text,
)
from jeux.games.arcane_arena.rules import (
    ACTION,
    DISCARD,
    DRAW,
    HEAL,
    MAX_HP,
    NO_TARGET,
    OVER,
    REACT,
    REWARD,
    ArenaState,
    Cast,
    Discard,
    Draw,
    EndTurn,
    HandDealt,
    Pass,
    React,
    Reward,
    RoundOver,
    StolenCard,
    Swap,
)
from jeux.games.aria.game import GAME as ARIA_GAME

NAMES = ("Lina", "Marc", "Zoé", "Ana")
SPELLS = {spell.name: spell for _, spell in ARENA.spells}


def new(players: int = 2, game=GAME, **options) -> ArenaState:
    return game.new(NAMES[:players], game.resolve_options(options), ForcedRng())


def hold(state: ArenaState, seat: int, *names: str) -> tuple[int, ...]:
    """Give `seat` exactly these cards (fresh uids); returns their uids."""
    book = {spell.name: spell for _, spell in state.book.spells}
    cards = tuple(Dealt(state.next_uid + i, book[name]) for i, name in enumerate(names))
    state.next_uid += len(cards)
    state.hands[seat] = Zone(cards, (seat,))
    if seat == state.turn and state.phase == ACTION:
        state.started_with = len(cards)
    return tuple(c.uid for c in cards)


def play(state: ArenaState, *actions) -> list:
    events = []
    for action in actions:
        events += state.apply(action, ForcedRng())
    return events


# --- quoted -----------------------------------------------------------------------------


def test_aa_deck_has_9_base_and_7_unique_cards():
    counts = Counter(spell.name for spell in ARENA.deck())
    assert len(ARENA.deck()) == 16
    assert counts["Boule de feu"] == 4 and counts["Bouclier"] == 2
    assert counts["Lumière de guérison"] == 3
    assert sum(1 for n in counts.values() if n == 1) == 7
    kinds = Counter(spell.kind for spell in ARENA.deck())
    assert kinds == {ATTACK: 6, DEFENCE: 4, SUPPORT: 6}


def test_aa_setup_deals_2_cards_and_9_hp():
    state = new(3)
    assert [len(h) for h in state.hands] == [2, 2, 2]
    assert len(state.deck) == 16 - 6
    assert state.hp == [MAX_HP] * 3 == [9, 9, 9]
    assert state.turn == 0 and state.phase == ACTION


def test_aa_fireball_deals_1():
    state = new()
    (ball,) = hold(state, 0, "Boule de feu")
    play(state, Cast((ball,), 1))
    assert state.phase == REACT and state.to_move() == 1 and state.whose_turn() == 0
    play(state, React())
    assert state.hp == [9, 8]


def test_aa_explosion_des_flammes_deals_3_and_rewards():
    state = new()
    cards = hold(state, 0, "Boule de feu", "Explosion")
    play(state, Cast(cards, 1), React())
    assert state.hp == [9, 6]  # AD1-19: Explosion's recoil is not part of the combination
    assert state.phase == REWARD and state.to_move() == 0
    assert state.legal_actions() == [Reward(DRAW), Reward(HEAL)]


def test_aa_combination_reward_draw_or_heal():
    state = new()
    state.hp[0] = 5
    cards = hold(state, 0, "Lumière de guérison", "Lumière de guérison")
    play(state, Cast(cards))
    assert state.hp[0] == 8  # Régénération mystique: +3
    play(state, Reward(HEAL))
    assert state.hp[0] == 9
    state = new()
    state.hp[0] = 5
    cards = hold(state, 0, "Lumière de guérison", "Lumière de guérison")
    play(state, Cast(cards), Reward(DRAW))
    assert len(state.hands[0]) == 1 and state.hp[0] == 8


def test_aa_2_forteresse_blocks_everything_and_heals_1():
    state = new()
    state.hp[1] = 7
    (boom,) = hold(state, 0, "Explosion")
    wall = hold(state, 1, "Bouclier", "Barrière d'arcane")
    play(state, Cast((boom,), 1), React(wall))
    assert state.hp == [8, 8]  # the caster's recoil, the defender healed
    assert state.phase == REWARD and state.to_move() == 1  # AA-2: the reward is the defender's


def test_aa_2_contre_sort_reflects_plus_1_and_wards_until_own_turn():
    state = new(3)
    cards = hold(state, 0, "Boule de feu", "Explosion")
    counter = hold(state, 1, "Miroir", "Voile d'ombre")
    play(state, Cast(cards, 1), React(counter))
    assert state.hp[0] == 9 - 4 and state.hp[1] == 9  # derived: 3 + 1 back, 0 taken
    assert state.warded[1]
    play(state, Reward(HEAL), Reward(HEAL))  # the defender's reward, then the attacker's
    assert state.turn == 1 and not state.warded[1]  # ward ends at the start of its turn


def test_aa_2_ward_takes_1_off_every_blow():
    state = new(3)
    state.warded[1] = True
    (storm,) = hold(state, 0, "Éclair")
    hold(state, 1)
    hold(state, 2)
    play(state, Cast((storm,)), React(), React())
    assert state.hp == [9, 9, 8]


def test_aa_3_mirror_sends_the_full_damage_back():
    state = new()
    (boom,) = hold(state, 0, "Explosion")
    (mirror,) = hold(state, 1, "Miroir")
    play(state, Cast((boom,), 1), React((mirror,)))
    assert state.hp == [9 - 1 - 2, 9]


def test_blocks_reduce_the_damage():
    state = new()
    (boom,) = hold(state, 0, "Explosion")
    (shield,) = hold(state, 1, "Bouclier")
    play(state, Cast((boom,), 1), React((shield,)))
    assert state.hp == [8, 8]


def test_aa_4_veil_stops_damage_and_steals_until_next_turn():
    state = new()
    (veil,) = hold(state, 0, "Voile d'ombre")
    play(state, Cast((veil,)))
    assert state.veiled[0] and state.turn == 1
    hand = hold(state, 1, "Boule de feu", "Main des ombres")
    events = play(state, Cast((hand[0],), 0))
    assert state.hp == [9, 9] and state.phase != REACT  # not even asked
    assert any("immunisé" in e.describe() for e in events)
    hold(state, 0, "Bouclier")
    state.phase, state.turn = ACTION, 1
    play(state, Cast((hand[1],), 0))
    assert len(state.hands[0]) == 1


def test_aa_5_hand_limit_only_at_end_of_turn():
    state = new()
    hold(state, 0, "Boule de feu", "Bouclier", "Bouclier", "Miroir", "Lumière de guérison")
    state.hp[0] = 5
    assert Draw() not in state.legal_actions()  # began the turn with more than 3
    light = state.hands[0].cards[-1].uid
    play(state, Cast((light,)))
    assert state.phase == DISCARD and all(isinstance(a, Discard) for a in state.legal_actions())
    with pytest.raises(IllegalAction):
        play(state, EndTurn())
    first = state.hands[0].cards[0].uid
    play(state, Discard(first))
    assert len(state.hands[0]) == 3


def test_aa_5_combination_allowed_over_the_limit():
    state = new()
    cards = hold(state, 0, "Boule de feu", "Explosion", "Bouclier", "Bouclier", "Miroir")
    assert Cast(cards[:2], 1) in state.legal_actions()


def test_draw_forbidden_when_starting_with_3_cards():
    state = new()
    hold(state, 0, "Bouclier", "Bouclier", "Miroir")
    assert Draw() not in state.legal_actions()
    hold(state, 0, "Bouclier", "Bouclier")
    assert Draw() in state.legal_actions()


def test_aa_6_healing_capped_at_9():
    state = new()
    (light,) = hold(state, 0, "Lumière de guérison")
    play(state, Cast((light,)))
    assert state.hp[0] == 9


def test_aa_7_renewal_removes_2_of_a_discard_of_10():
    state = new()
    state.deck = Zone((), state.deck.seen_by)
    pile = tuple(Dealt(500 + i, SPELLS["Boule de feu"]) for i in range(10))
    state.discard = Zone(pile, None)
    hold(state, 0)
    events = play(state, Draw())
    assert len(state.removed) == 2 and len(state.deck) + len(state.hands[0]) == 8
    assert "nouvelle pioche de 8 cartes" in " ".join(e.describe() for e in events)
    assert not state.removed.visible_to(1)  # face down by default


def test_aa_7_option_reveals_removed_cards():
    state = new(retirees=True)
    state.deck = Zone((), state.deck.seen_by)
    state.discard = Zone(tuple(Dealt(500 + i, SPELLS["Bouclier"]) for i in range(4)), None)
    hold(state, 0)
    events = play(state, Draw())
    assert "Bouclier et Bouclier" in " ".join(e.describe() for e in events)


def test_aa_7_small_discard_leaves_the_game_and_stops_drawing():
    state = new()
    state.deck = Zone((Dealt(600, SPELLS["Miroir"]),), ())
    state.discard = Zone((Dealt(601, SPELLS["Bouclier"]),), None)
    hold(state, 0)
    play(state, Draw())
    assert len(state.deck) == 0 and len(state.discard) == 0 and len(state.removed) == 1
    assert not state.can_draw()


def test_aa_7_stalled_round_goes_to_the_highest_hp():
    state = new()
    state.deck = Zone((), ())
    state.hp = [6, 4]
    hold(state, 1, "Bouclier")
    (light,) = hold(state, 0, "Lumière de guérison")
    events = play(state, Cast((light,)))
    over = [e for e in events if isinstance(e, RoundOver)]
    assert over and over[0].winner == 0 and state.wins == [1, 0]


def test_aa_7_stalled_round_tied_on_hp_is_replayed():
    state = new()
    state.deck = Zone((), ())
    state.hp = [5, 6]
    hold(state, 1, "Bouclier")
    (light,) = hold(state, 0, "Lumière de guérison")
    events = play(state, Cast((light,)))
    assert [e.winner for e in events if isinstance(e, RoundOver)] == [None]
    assert state.wins == [0, 0] and state.round == 2


def test_aa_8_simultaneous_last_deaths_replay_the_round():
    state = new()
    state.hp = [1, 2]
    (boom,) = hold(state, 0, "Explosion")
    hold(state, 1)
    events = play(state, Cast((boom,), 1), React())
    assert [e.winner for e in events if isinstance(e, RoundOver)] == [None]
    assert state.wins == [0, 0] and state.round == 2


def test_ad1_16_lightning_asks_each_opponent_in_turn():
    state = new(4)
    (storm,) = hold(state, 0, "Éclair")
    (shield,) = hold(state, 1, "Bouclier")
    hold(state, 2)
    state.veiled[3] = True
    play(state, Cast((storm,)))
    assert state.to_move() == 1
    play(state, React((shield,)))
    assert state.to_move() == 2
    play(state, React())
    assert state.hp == [9, 9, 8, 9] and state.phase != REACT


def test_aa_9_shadow_hand_steals_a_random_card_without_defence():
    state = new(3)
    (hand,) = hold(state, 0, "Main des ombres")
    hold(state, 1, "Bouclier", "Miroir")
    events = play(state, Cast((hand,), 1))
    assert state.phase != REACT and len(state.hands[1]) == 1
    assert [c.card.name for c in state.hands[0]] == ["Bouclier"]
    stolen = next(e for e in events if isinstance(e, StolenCard))
    assert stolen.audience == (0, 1) and not stolen.seen_by(2)


def test_aa_profanation_takes_back_a_chosen_card():
    state = new()
    cards = hold(state, 0, "Main des ombres", "Concentration de mana")
    assert not any(isinstance(a, Cast) and a.cards == cards for a in state.legal_actions())
    state.discard = Zone((Dealt(700, SPELLS["Explosion"]), Dealt(701, SPELLS["Miroir"])), None)
    play(state, Cast(cards, NO_TARGET, "Explosion"), Reward(HEAL))
    names = [c.card.name for c in state.hands[0]]
    assert "Explosion" in names
    assert [c.card.name for c in state.discard] == [
        "Miroir",
        "Main des ombres",
        "Concentration de mana",
    ]


def test_aa_10_one_action_per_turn():
    state = new()
    cards = hold(state, 0, "Boule de feu", "Explosion", "Boule de feu")
    hold(state, 1)
    play(state, Cast(cards[:2], 1), React(), Reward(HEAL))
    assert not any(isinstance(a, Cast) for a in state.legal_actions())


def test_aa_11_passing_is_always_legal():
    state = new()
    hold(state, 0, "Bouclier", "Bouclier", "Miroir")
    state.deck = Zone((), ())
    assert state.legal_actions() == [Pass()]


def test_defence_cards_are_not_cast_on_ones_turn():
    state = new()
    (shield,) = hold(state, 0, "Bouclier")
    with pytest.raises(IllegalAction, match="réaction"):
        play(state, Cast((shield,)))


def test_reaction_window_option_skips_targets_without_answer():
    state = new(reaction_window=WHEN_ABLE)
    (ball,) = hold(state, 0, "Boule de feu")
    hold(state, 1, "Lumière de guérison")
    play(state, Cast((ball,), 1))
    assert state.phase != REACT and state.hp[1] == 8


def test_discard_phase_swaps_once():
    state = new()
    cards = hold(state, 0, "Boule de feu", "Bouclier")
    hold(state, 1)
    play(state, Cast((cards[0],), 1), React())
    assert state.phase == DISCARD and Swap(cards[1]) in state.legal_actions()
    play(state, Swap(cards[1]))
    assert state.turn == 1 and len(state.hands[0]) == 1


def test_aa_1_round_reset_and_starter_passes_left():
    state = new(3)
    state.hp = [9, 1, 0]
    state.out = [2]
    (ball,) = hold(state, 0, "Boule de feu")
    hold(state, 1)
    events = play(state, Cast((ball,), 1), React())
    assert state.wins == [1, 0, 0] and state.round == 2
    assert state.hp == [9, 9, 9] and state.turn == 1 == state.starter
    assert [len(h) for h in state.hands] == [2, 2, 2]
    dealt = [e for e in events if isinstance(e, HandDealt)]
    assert [e.audience for e in dealt] == [(0,), (1,), (2,)]


def test_three_round_wins_end_the_game():
    state = new()
    state.wins = [2, 0]
    state.hp[1] = 1
    (ball,) = hold(state, 0, "Boule de feu")
    hold(state, 1)
    play(state, Cast((ball,), 1), React())
    assert state.phase == OVER and state.to_move() is None
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.scores == (3, 0)
    assert outcome.ending == "Dernier·e en jeu"


def test_aa_7_a_stalled_deciding_round_ends_the_game_on_an_empty_deck():
    state = new()
    state.deck = Zone((), ())
    state.wins, state.hp = [2, 0], [6, 4]
    hold(state, 1, "Bouclier")
    (light,) = hold(state, 0, "Lumière de guérison")
    play(state, Cast((light,)))
    assert state.phase == OVER and state.outcome().ending == "Pioche épuisée"


def test_view_hides_other_hands_and_deck():
    state = new(3)
    view = state.view(1)
    assert view.hands[1].cards == state.hands[1].cards
    assert not view.hands[0].cards and len(view.hands[0]) == 2
    assert not view.deck.cards and len(view.deck) == len(state.deck)
    assert state.secrets(1) >= set(state.hands[0].cards)
    assert view.legal_actions() == [] or view.to_move() == state.to_move()


def test_prompt_names_the_attack():
    state = new()
    ball, _ = hold(state, 0, "Boule de feu", "Bouclier")
    play(state, Cast((ball,), 1))
    assert state.prompt() == "Lina te lance Boule de feu — te défendre ?"
    play(state, React())
    assert state.prompt() == "ton attaque est jouée — à toi de finir ton tour."


def test_prompt_tells_how_the_last_round_ended():
    state = new()
    state.hp[1] = 1
    (ball,) = hold(state, 0, "Boule de feu")
    hold(state, 1)
    play(state, Cast((ball,), 1), React())
    assert (
        state.prompt() == "Lina gagne la manche (1 manche) — nouvelle manche, à toi de commencer."
    )


# --- the robot ----------------------------------------------------------------------------


def test_bot_defends_when_it_matters():
    state = new()
    state.hp[1] = 3
    (boom,) = hold(state, 0, "Explosion")
    (barrier,) = hold(state, 1, "Barrière d'arcane")
    play(state, Cast((boom,), 1))
    assert ArenaBot(1).choose(state.view(1)) == React((barrier,))


def test_bot_draws_rather_than_cast_a_mana_and_blocks_even_a_small_hit():
    """Concentration de mana only replaces itself: a draw does better. A Bouclier held against
    1 damage at full health is spent (it would only take a spell's room in the hand)."""
    state = new()
    hold(state, 0, "Concentration de mana", "Bouclier")
    assert ArenaBot(1).choose(state.view(0)) == Draw()
    (ball,) = hold(state, 0, "Boule de feu")
    (shield,) = hold(state, 1, "Bouclier")
    play(state, Cast((ball,), 1))
    assert ArenaBot(1).choose(state.view(1)) == React((shield,))


def test_bot_finishes_a_weak_opponent():
    state = new(3)
    state.hp = [9, 9, 1]
    (ball,) = hold(state, 0, "Boule de feu")
    assert ArenaBot(1).choose(state.view(0)) == Cast((ball,), 2)


def test_bot_plays_whole_matches():
    for players in (2, 3, 4):
        state = new(players)
        bot, rng = ArenaBot(0), ForcedRng()
        for _ in range(5000):
            if state.to_move() is None:
                break
            state.apply(bot.choose(state.view(state.to_move())), rng)
        assert state.to_move() is None


# --- what the screen says ---------------------------------------------------------------


def test_texts_show_full_card_and_combination():
    state = new()
    cards = hold(state, 0, "Boule de feu", "Explosion")
    assert focus_text(state, 0, [], cards[0]) == "Boule de feu (attaque) : Inflige 1 dégât."
    assert focus_text(state, 0, list(cards), None).startswith("Explosion des flammes")
    assert (count_word(state, 1), status(state, 1)) == ("cartes", "9 PV · 0 manche")
    state.veiled[0] = True
    assert turn_text(state, 0) == "Manche 1 · au tour de Lina · toi : immunisé·e"
    assert turn_text(state, 1) == "Manche 1 · au tour de Lina"
    assert question(state, 0) == "À toi : une carte, ou deux en combinaison."
    play(state, Cast((cards[0],), 1))
    assert question(state, 0) == ""
    assert "encaisse (x)" in question(state.view(1), 1)
    assert table_text(state) == "Lina lance Boule de feu (1 dégât) sur Marc."
    assert aim_question(2, False) == "Sur qui ? (a-b)"
    assert aim_question(1, True) == "Quelle carte reprendre ? (a)"


def test_aa_9_a_steal_from_an_empty_hand_takes_nothing():
    state = new()
    (hand,) = hold(state, 0, "Main des ombres")
    hold(state, 1)
    events = play(state, Cast((hand,), 1))
    assert [e.describe() for e in events][1] == "Lina ne vole rien : Marc n'a pas de carte."


@pytest.mark.parametrize("game", [GAME, ARIA_GAME], ids=["arena", "aria"])
def test_a_clone_equals_its_state_at_every_move_and_shares_none_of_its_lists(game):
    """The robots play on clones built field by field: none may be missed or misplaced."""
    rng, bot = Random(4), ArenaBot(4)
    state = game.new(("A", "B", "C"), game.resolve_options({}), rng)
    while state.to_move() is not None:
        twin = state.clone()
        assert twin == state
        twin.hp[0] -= 1
        twin.hands.pop()
        assert twin.hp != state.hp and len(twin.hands) == len(state.hands) - 1
        state.apply(bot.choose(state.view(state.to_move())), rng)


# --- AA-12: passing is public, and a round of passes ends ------------------------------


def test_aa_12_a_pass_is_told_and_all_passing_ends_the_round_on_hp():
    state = new(3)
    hold(state, 0, "Bouclier")
    hold(state, 1, "Bouclier")
    hold(state, 2, "Bouclier")
    state.hp = [7, 9, 8]
    events = play(state, Pass(), EndTurn(), Pass(), EndTurn())
    assert [e.describe() for e in events if "passe" in e.describe()] == [
        "Lina passe.",
        "Marc passe.",
    ]
    assert state.round == 1 and state.turn == 2
    events = play(state, Pass())
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.winner == 1 and "Tout le monde passe" in over.describe()
    assert state.round == 2 and state.wins == [0, 1, 0]


def test_aa_12_a_card_drawn_between_the_passes_starts_the_count_again():
    state = new(2)
    hold(state, 0, "Bouclier")
    hold(state, 1, "Bouclier")
    play(state, Pass(), EndTurn(), Draw())
    assert state.passes == 0 and state.round == 1
    play(state, EndTurn(), Pass())
    assert state.round == 1  # one pass in a row, two living seats


def test_aa_12_tied_passers_replay_the_round():
    state = new(2)
    hold(state, 0, "Bouclier")
    hold(state, 1, "Bouclier")
    events = play(state, Pass(), EndTurn(), Pass())
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.winner is None and state.round == 2 and state.wins == [0, 0]
