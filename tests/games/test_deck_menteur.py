"""Deck menteur (RULINGS.md §21): every quoted and derived case, with forced decks.

Under ForcedRng a shuffle keeps the order given: packs are A..6 (the Ace on top) and the
pile deals ♦7..Q, ♠7..Q, ♣7..Q, then the two jokers. Tests restack packs where they must."""

import json
from collections import Counter
from itertools import permutations
from random import Random

import pytest

from jeux.engine.cards import JOKER, NOBODY, SUITS, Dealt, PlayingCard, Zone
from jeux.engine.core import IllegalAction
from jeux.engine.match import Match, Seat
from jeux.engine.testing import ForcedRng
from jeux.games.deck_menteur.bots import lie_chance
from jeux.games.deck_menteur.game import GAME
from jeux.games.deck_menteur.present import (
    challenge_cards,
    peek_text,
    question,
    sheet_rows,
    table_text,
    turn_text,
)
from jeux.games.deck_menteur.rules import (
    ANNOUNCE,
    OVER,
    PLAY,
    Accuse,
    Accused,
    Announce,
    CardsPlayed,
    DeckMenteurState,
    HandDealt,
    OwnPlay,
    PackFlipped,
    Play,
    PlayRevealed,
    RoundStarted,
    SuitAnnounced,
    common_pile,
)

NAMES = ("Lina", "Marc", "Zoé", "Ana")


def new(players: int = 3, **options) -> DeckMenteurState:
    return GAME.new(NAMES[:players], GAME.resolve_options(options), ForcedRng())


def stack(state: DeckMenteurState, seat: int, ranks) -> None:
    """Restack a seat's pack, top first."""
    suit = state.packs[seat].cards[0].card.suit
    state.packs[seat] = Zone(tuple(Dealt(900 + r, PlayingCard(r, suit)) for r in ranks), NOBODY)


def give(state: DeckMenteurState, seat: int, *cards: PlayingCard) -> tuple[int, ...]:
    """Replace a seat's hand; returns the uids, in hand order."""
    dealt = tuple(Dealt(500 + 10 * seat + i, c) for i, c in enumerate(cards))
    state.hands[seat] = Zone(dealt, (seat,))
    return tuple(c.uid for c in dealt)


def C(rank: int, suit: str) -> PlayingCard:
    return PlayingCard(rank, suit)


JOKER_CARD = PlayingCard(0, JOKER)


# --- components (quoted) -------------------------------------------------------------


def test_quoted_the_54_card_deck_gives_packs_of_six_and_a_pile_of_twenty():
    state = new(4)
    deck = [PlayingCard(r, suit) for suit in SUITS for r in range(1, 14)] + [JOKER_CARD] * 2
    packs = [c.card for z in state.packs for c in z]
    pile = common_pile()
    assert len(deck) == 54 and len(packs) == 24 and len(pile) == 20
    assert not Counter(packs) + Counter(pile) - Counter(deck)  # all taken from one deck
    assert all(sorted(c.card.rank for c in z) == [1, 2, 3, 4, 5, 6] for z in state.packs)


def test_dm8_packs_take_spades_hearts_diamonds_clubs_in_seat_order():
    state = new(4)
    suits = [{c.card.suit for c in z} for z in state.packs]
    assert suits == [{"pique"}, {"coeur"}, {"carreau"}, {"trefle"}]
    assert all(z.seen_by == NOBODY for z in state.packs)  # unknown even to the owner


def test_dm2_pile_is_six_diamonds_six_spades_six_clubs_and_two_jokers_of_ranks_7_to_q():
    pile = Counter(c.suit for c in common_pile())
    assert pile == {"carreau": 6, "pique": 6, "trefle": 6, JOKER: 2}
    assert {c.rank for c in common_pile() if not c.joker} == set(range(7, 13))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_quoted_five_cards_dealt_to_each_the_rest_stays_in_the_pile(players):
    state = new(players)
    assert [len(h) for h in state.hands] == [5] * players
    assert len(state.pile) == 20 - 5 * players
    uids = [c.uid for z in state.zones() for c in z]
    assert len(uids) == len(set(uids)) == 6 * players + 20  # every card has its own id


def test_no_solo_and_at_most_four():
    assert (GAME.info.min_players, GAME.info.max_players, GAME.info.solo) == (2, 4, False)
    assert GAME.info.handoff


# --- announcing (DM-1, DM-3) -----------------------------------------------------------


def test_dm3_the_round_starter_announces_clubs_spades_or_diamonds_never_hearts():
    state = new(3)
    assert state.phase == ANNOUNCE and state.to_move() == 0
    assert state.legal_actions() == [Announce("trefle"), Announce("pique"), Announce("carreau")]
    with pytest.raises(IllegalAction, match="cœurs"):
        state.apply(Announce("coeur"), ForcedRng())
    with pytest.raises(IllegalAction, match="Annonce d'abord"):
        state.apply(Accuse(), ForcedRng())
    events = state.apply(Announce("pique"), ForcedRng())
    assert events == [SuitAnnounced("pique", "Lina")]
    assert (state.phase, state.announced, state.to_move()) == (PLAY, "pique", 0)


def test_dm3_option_the_app_draws_the_suit_at_random():
    state = GAME.new(NAMES[:2], GAME.resolve_options({"annonce": "hasard"}), ForcedRng(choices=[2]))
    assert (state.phase, state.announced) == (PLAY, "carreau")
    assert not any(isinstance(a, Announce) for a in state.legal_actions())


# --- playing (DM-4, DM-7) --------------------------------------------------------------


def test_dm4_plays_of_one_card_up_to_the_whole_hand():
    state = new(2)
    state.apply(Announce("pique"), ForcedRng())
    plays = [a for a in state.legal_actions() if isinstance(a, Play)]
    assert {len(p.cards) for p in plays} == {1, 2, 3, 4, 5} and len(plays) == 31


def test_dm4_option_at_most_three_cards():
    state = new(2, max_cartes=3)
    state.apply(Announce("pique"), ForcedRng())
    plays = [a for a in state.legal_actions() if isinstance(a, Play)]
    assert max(len(p.cards) for p in plays) == 3
    with pytest.raises(IllegalAction, match="au plus 3"):
        state.apply(Play(tuple(c.uid for c in state.hands[0].cards[:4])), ForcedRng())


def test_dm7_the_first_player_of_a_round_cannot_accuse():
    state = new(3)
    state.apply(Announce("pique"), ForcedRng())
    assert Accuse() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="Personne n'a encore posé"):
        state.apply(Accuse(), ForcedRng())


def test_a_play_is_public_as_a_count_its_faces_seen_by_the_player_only():
    state = new(3)
    state.apply(Announce("pique"), ForcedRng())
    hand = state.hands[0].cards
    events = state.apply(Play((hand[0].uid, hand[2].uid)), ForcedRng())
    assert events[0] == CardsPlayed(0, "Lina", 2, "pique", 3)
    assert events[0].audience is None
    assert events[1] == OwnPlay(0, "Lina", (hand[0], hand[2]), audience=(0,))
    assert [e.seen_by(1) for e in events] == [True, False]
    assert state.to_move() == 1 and len(state.hands[0]) == 3


def test_cards_not_in_hand_are_refused():
    state = new(2)
    state.apply(Announce("pique"), ForcedRng())
    other = state.hands[1].cards[0].uid
    with pytest.raises(IllegalAction, match="que des cartes de ta main"):
        state.apply(Play((other,)), ForcedRng())


@pytest.mark.parametrize("max_cartes", [0, 3])
def test_a_move_is_allowed_exactly_when_the_legal_actions_list_it(max_cartes):
    """`allows` judges a move without the list: it must agree with it, move for move."""
    state = GAME.new(NAMES[:3], GAME.resolve_options({"max_cartes": max_cartes}), Random(7))
    pick = Random(7).choice
    while state.to_move() is not None:
        legal = state.legal_actions()
        uids = [c.uid for c in state.hands[state.turn].cards]
        stranger = state.hands[(state.turn + 1) % 3].cards[:1]
        candidates = [
            *legal,
            Accuse(),
            Play(()),
            Play([*uids[:1]]),  # a list, never listed
            *(Announce(suit) for suit in (*SUITS, "")),
            *(Play(group) for size in (1, 2, 3) for group in permutations(uids, size)),
            *(Play((c.uid,)) for c in stranger),
            Play((*uids, *uids[:1])),
        ]
        for action in candidates:
            assert state.allows(action) == (action in legal), action
        state.apply(pick(legal), Random(1))


def test_dm7_accusing_aims_at_the_previous_active_player_and_their_last_play_only():
    state = new(3)
    state.apply(Announce("trefle"), ForcedRng())
    first = state.hands[0].cards[0]  # ♦7: a lie
    state.apply(Play((first.uid,)), ForcedRng())
    honest = give(state, 1, C(7, "trefle"))
    state.apply(Play(honest), ForcedRng())
    events = state.apply(Accuse(), ForcedRng())
    assert events[0] == Accused(2, 1, "Zoé", "Marc", forced=False)
    assert isinstance(events[1], PlayRevealed) and events[1].seat == 1
    assert events[1].truthful  # Lina's lie earlier in the round is not judged


def test_the_turn_goes_round_the_table_any_number_of_times():
    state = new(2)
    state.apply(Announce("pique"), ForcedRng())
    for _ in range(6):
        state.apply(Play((state.hands[state.turn].cards[0].uid,)), ForcedRng())
    assert state.to_move() == 0 and [len(h) for h in state.hands] == [2, 2]


# --- challenges (DM-1, DM-9, quoted ace) -----------------------------------------------


def challenge(announced: str, played: tuple[PlayingCard, ...], accused_pack=(2, 3)):
    """Marc plays `played` under `announced`, Zoé accuses him."""
    state = new(3)
    state.apply(Announce(announced), ForcedRng())
    state.apply(Play((state.hands[0].cards[0].uid,)), ForcedRng())
    stack(state, 1, accused_pack)
    stack(state, 2, (5, 6))
    state.apply(Play(give(state, 1, *played)), ForcedRng())
    return state, state.apply(Accuse(), ForcedRng())


def test_derived_spade_and_joker_under_spades_is_truthful_so_the_accuser_flips():
    state, events = challenge("pique", (C(8, "pique"), JOKER_CARD))
    reveal = next(e for e in events if isinstance(e, PlayRevealed))
    assert reveal.truthful and reveal.audience is None and reveal.reveals
    flip = next(e for e in events if isinstance(e, PackFlipped))
    assert (flip.seat, flip.card.card.rank, flip.left) == (2, 5, 1)
    assert flip.reveals and not flip.ace and state.flipped[2].cards == (flip.card,)


def test_derived_spade_and_diamond_under_spades_is_a_lie_so_the_accused_flips():
    _, events = challenge("pique", (C(8, "pique"), C(8, "carreau")))
    reveal = next(e for e in events if isinstance(e, PlayRevealed))
    assert not reveal.truthful
    assert next(e for e in events if isinstance(e, PackFlipped)).seat == 1


def test_dm9_several_jokers_are_simply_truthful():
    _, events = challenge("carreau", (JOKER_CARD, JOKER_CARD))
    assert next(e for e in events if isinstance(e, PlayRevealed)).truthful


def test_dm1_one_card_of_another_suit_makes_the_whole_play_a_lie():
    _, events = challenge("trefle", (C(7, "trefle"), C(8, "trefle"), C(9, "pique")))
    assert not next(e for e in events if isinstance(e, PlayRevealed)).truthful


def test_quoted_an_ace_flipped_eliminates():
    state, events = challenge("pique", (C(8, "carreau"),), accused_pack=(1, 2))
    flip = next(e for e in events if isinstance(e, PackFlipped))
    assert flip.ace and state.out == [1] and not state.alive(1)
    assert len(state.hands[1]) == 0


def test_derived_a_pack_of_4_then_ace_survives_one_penalty_and_falls_on_the_second():
    state = new(2)
    stack(state, 1, (4, 1, 2))
    state.apply(Announce("pique"), ForcedRng())
    state.apply(Play(give(state, 0, C(7, "pique"))), ForcedRng())
    state.apply(Accuse(), ForcedRng())  # Lina told the truth: Marc flips his 4
    assert state.out == [] and len(state.packs[1]) == 2 and state.to_move() == 1
    state.apply(Announce("pique"), ForcedRng())
    state.apply(Play(give(state, 1, C(9, "carreau"))), ForcedRng())
    state.apply(Accuse(), ForcedRng())  # Marc lied: he flips his Ace
    assert state.out == [1] and state.phase == OVER and state.to_move() is None
    outcome = state.outcome()
    assert outcome.ranks == (1, 2) and outcome.winners == (0,)
    assert outcome.scores == (6, 0)  # the cards left in each pack
    assert "Lina" in outcome.summary


def test_outcome_ranks_by_elimination_order_last_standing_first():
    state = new(4)
    state.out, state.phase = [2, 0, 3], OVER
    assert state.outcome().ranks == (3, 1, 4, 2)


# --- after a challenge (DM-5, DM-6) ----------------------------------------------------


def test_dm5_the_round_ends_all_cards_come_back_reshuffled_and_the_loser_announces():
    state, events = challenge("pique", (C(8, "carreau"),), accused_pack=(3, 4))
    assert [type(e) for e in events[3:]] == [RoundStarted, HandDealt, HandDealt, HandDealt]
    assert events[3].number == 2 and events[3].starter == "Marc"
    assert all(e.audience == (e.seat,) and e.reveals for e in events[4:])
    assert (state.phase, state.to_move(), state.plays) == (ANNOUNCE, 1, [])
    assert [len(h) for h in state.hands] == [5, 5, 5] and len(state.pile) == 5
    dealt = [c.card for z in (*state.hands, state.pile) for c in z]
    assert Counter(dealt) == Counter(common_pile())


def test_dm5_an_eliminated_loser_hands_the_start_to_the_next_player():
    state, _ = challenge("pique", (C(8, "carreau"),), accused_pack=(1,))
    assert state.out == [1] and state.starter == 2 and state.to_move() == 2
    assert [len(h) for h in state.hands] == [5, 0, 5]


def test_dm5_new_cards_get_new_ids_so_an_old_reveal_says_nothing_of_where_they_are():
    state, events = challenge("pique", (C(8, "pique"),))
    revealed = next(e for e in events if isinstance(e, PlayRevealed)).cards
    assert not set(revealed) & {c for z in state.zones() for c in z}


def test_dm6_an_empty_hand_must_accuse():
    state = new(2)
    state.apply(Announce("pique"), ForcedRng())
    state.apply(Play(tuple(c.uid for c in state.hands[0])), ForcedRng())
    state.apply(Play((state.hands[1].cards[0].uid,)), ForcedRng())
    assert state.must_accuse() and state.legal_actions() == [Accuse()]
    assert "tu dois l'accuser" in state.prompt()
    with pytest.raises(IllegalAction, match="plus de cartes"):
        state.apply(Play((1,)), ForcedRng())
    assert state.apply(Accuse(), ForcedRng())[0].forced


# --- what each seat may see ------------------------------------------------------------


def test_prompt_tells_the_claim_and_nothing_hidden():
    state = new(3)
    assert state.prompt() == "nouvelle manche — à toi d'annoncer la couleur."
    state.apply(Announce("pique"), ForcedRng())
    state.apply(Play(tuple(c.uid for c in state.hands[0].cards[:2])), ForcedRng())
    assert state.prompt() == "Lina a posé 2 cartes en annonçant ♠ pique — les crois-tu ?"


def test_view_shows_own_hand_and_counts_of_everything_else():
    state = new(3)
    state.apply(Announce("pique"), ForcedRng())
    state.apply(Play((state.hands[0].cards[0].uid,)), ForcedRng())
    view = state.view(1)
    assert view.hands[1] == state.hands[1]
    assert view.hands[0].cards == () and len(view.hands[0]) == 4
    assert view.plays[0].cards.cards == () and len(view.plays[0].cards) == 1
    assert all(z.cards == () and len(z) == 6 for z in view.packs)
    assert view.pile.cards == () and len(view.pile) == 5
    assert state.view(0).plays[0].cards == state.plays[0].cards  # one's own play stays known
    assert view.legal_actions() == state.legal_actions()
    assert view.prompt() == state.prompt()


def test_secrets_are_others_hands_face_down_plays_every_pack_card_and_the_pile():
    state = new(3)
    state.apply(Announce("pique"), ForcedRng())
    state.apply(Play((state.hands[0].cards[0].uid,)), ForcedRng())
    secrets = state.secrets(1)
    assert set(state.hands[0]) <= secrets and set(state.hands[2]) <= secrets
    assert not set(state.hands[1]) & secrets
    assert set(state.plays[0].cards) <= secrets and set(state.pile) <= secrets
    assert all(set(z) <= secrets for z in state.packs)


def test_flipped_pack_cards_are_public():
    state, events = challenge("pique", (C(8, "pique"),))
    flip = next(e for e in events if isinstance(e, PackFlipped))
    assert all(state.view(s).flipped[2].cards == (flip.card,) for s in range(3))
    assert flip.card not in state.secrets(0)


# --- the robot -------------------------------------------------------------------------


def test_the_bot_decides_from_its_view_only():
    state = new(3)
    state.apply(Announce("pique"), ForcedRng())
    state.apply(Play((state.hands[0].cards[0].uid,)), ForcedRng())
    view = state.view(1)
    secrets = state.secrets(1)
    bot = GAME.bot(1)
    action = bot.choose(view)
    assert action in state.legal_actions()
    # Every card the bot could have read is in its view; none of them is a secret.
    reachable = {c for z in view.zones() for c in z}
    assert reachable == set(state.hands[1]) and not reachable & secrets


LEVELS = ("debutant", "moyen", "fort")


def test_the_game_offers_three_levels():
    assert GAME.levels == LEVELS


def cornered(hidden: PlayingCard, *hand: PlayingCard) -> DeckMenteurState:
    """Two seats, pique announced: Lina played her only card (`hidden`); Marc holds `hand`
    and must answer; whatever he does not accuse, Lina must then accuse (DM-6)."""
    state = new(2)
    state.apply(Announce("pique"), ForcedRng())
    state.apply(Play(give(state, 0, hidden)), ForcedRng())
    give(state, 1, *hand)
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_decides_the_same_whatever_the_hidden_cards_are(level):
    honest = cornered(C(8, "pique"), C(7, "trefle"), C(9, "pique"))
    liar = cornered(C(8, "carreau"), C(7, "trefle"), C(9, "pique"))
    assert honest.view(1) == liar.view(1)
    for seed in range(10):
        bot = GAME.bot(seed, level)
        assert bot.choose(honest.view(1)) == GAME.bot(seed, level).choose(liar.view(1))


@pytest.mark.parametrize("level", ["moyen", "fort"])
def test_a_true_card_to_a_seat_that_must_accuse_next_wins_the_challenge(level):
    state = cornered(C(8, "carreau"), C(7, "trefle"), C(9, "pique"))
    assert GAME.bot(1, level).choose(state.view(1)) == Play((511,))  # the 9 of pique


@pytest.mark.parametrize("level", ["moyen", "fort"])
def test_with_nothing_true_to_hand_a_seat_that_must_accuse_it_accuses_first(level):
    state = cornered(C(8, "pique"), C(7, "trefle"), C(9, "carreau"))
    assert GAME.bot(1, level).choose(state.view(1)) == Accuse()


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_accuses_when_more_cards_are_claimed_than_exist_outside_its_hand(level):
    state = new(2)
    state.apply(Announce("pique"), ForcedRng())
    give(state, 1, C(7, "pique"), C(8, "pique"), C(9, "pique"), C(10, "pique"), JOKER_CARD)
    state.apply(Play(give(state, 0, *(C(r, "carreau") for r in range(7, 11)))), ForcedRng())
    view = state.view(1)
    assert lie_chance(view) == 1.0  # 8 backing cards, 5 in its hand, 4 claimed
    assert GAME.bot(3, level).choose(view) == Accuse()


def test_the_bot_announces_its_strongest_suit_and_plays_legal_moves_to_the_end():
    for seed in range(20):
        match = Match(GAME, seed, tuple(Seat(n) for n in NAMES[:3]), {})
        while not match.over:
            seat = match.state.to_move()
            match.play(GAME.bot(seed).choose(match.state.view(seat)))
        assert match.outcome().ranks.count(1) == 1


def test_a_saved_match_survives_json_and_replays_identically():
    match = Match(GAME, 11, tuple(Seat(n) for n in NAMES[:4]), {"max_cartes": 3})
    while not match.over:
        match.play(GAME.bot(5).choose(match.state.view(match.state.to_move())))
    again = Match.from_saved(GAME, json.loads(json.dumps(match.to_saved())))
    assert again.events == match.events and again.outcome() == match.outcome()


# --- what the screen says (present.py) ---------------------------------------------------


def test_present_tells_each_seat_its_question_and_the_table_in_counts():
    state = new(3)
    assert table_text(state) == "Lina annonce la couleur de la manche."
    assert question(state, 0).startswith("Annonce la couleur")
    assert question(state, 1) == ""
    state.apply(Announce("pique"), ForcedRng())
    assert turn_text(state) == "Manche 1 · ♠ pique · au tour de Lina"
    state.apply(Play(tuple(c.uid for c in state.hands[0].cards[:2])), ForcedRng())
    view = state.view(1)
    assert table_text(view) == "Table : 2 cartes · Lina vient d'en poser 2"
    assert question(view, 1) == (
        "Crois-tu Lina ? Sinon accuse (a), ou pose 1 à 5 cartes (1-5 puis Entrée)."
    )
    assert peek_text(view, 1) == "Ton paquet : 6 cartes face cachée"
    assert sheet_rows(view)[0] == ("Paquet", ("6", "6", "6"))


def test_the_question_names_the_keys_of_the_hand_and_one_card_in_the_singular():
    state = new(3)
    state.apply(Announce("pique"), ForcedRng())
    give(state, 0, C(8, "pique"))
    assert question(state, 0) == (
        "Ouvre la manche : pose 1 carte (1 puis Entrée), censée être du ♠ pique."
    )


def test_the_next_handoff_tells_everyone_how_the_challenge_ended():
    state, events = challenge("pique", (C(8, "carreau"),), accused_pack=(3, 4))
    assert state.verdict(None) == "Zoé accusait Marc, qui mentait : Marc retourne un 3."
    assert state.view(0).verdict(0) == state.verdict(0) == state.verdict(None)
    assert state.verdict(2) == "Tu accusais Marc, qui mentait : Marc retourne un 3."
    assert state.turn == 1  # the liar opens the round, and reads the verdict as « tu »
    assert state.prompt() == (
        "Zoé t'accusait, tu mentais : tu retournes un 3. Nouvelle manche — à toi d'annoncer "
        "la couleur."
    )


def test_a_truthful_accused_reads_that_the_accuser_flips():
    state, _ = challenge("pique", (C(8, "pique"), JOKER_CARD))
    assert state.verdict(1) == "Zoé t'accusait, tu disais vrai : Zoé retourne un 5."
    assert state.verdict(2) == "Tu accusais Marc, qui disait vrai : tu retournes un 5."
    assert state.prompt().startswith("Tu accusais Marc, qui disait vrai : tu retournes un 5.")


def test_present_the_cards_of_the_last_challenge_come_from_the_public_events():
    match = Match(GAME, 1, tuple(Seat(n) for n in NAMES[:2]), {})
    match.play(Announce("pique"))
    played = match.state.hands[0].cards[0]
    match.play(Play((played.uid,)))
    assert challenge_cards(match.events) == ()
    events = match.play(Accuse())
    flip = next(e for e in events if isinstance(e, PackFlipped))
    public = [e for e in match.events if e.audience is None]
    assert challenge_cards(public) == (played, flip.card)


def test_the_log_names_the_figures_in_full():
    cards = [PlayingCard(12, "carreau"), PlayingCard(11, "trefle"), PlayingCard(8, "pique")]
    assert [c.describe() for c in cards] == ["Dame de carreau", "Valet de trèfle", "8 de pique"]
    assert PlayingCard(0, JOKER).describe() == "joker"
