"""Le Coffre et la Clé (RULINGS.md §23): every quoted and derived case, with forced decks.

Under ForcedRng a shuffle keeps the order given: the deck is Trésor, Clé, Clé Factice, then
the Neutrals, so seat 0 holds the Treasure, seat 1 the Key, seat 2 the Fake Key, the others
and the centre Neutrals. Tests restack the cards where they must."""

import json

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.match import Match, Seat
from jeux.engine.testing import ForcedRng
from jeux.games.coffre_et_cle.game import GAME
from jeux.games.coffre_et_cle.present import (
    open_centre_text,
    own_card_line,
    peek_text,
    question,
    seat_note,
    sheet_rows,
    sheet_title,
    turn_text,
)
from jeux.games.coffre_et_cle.rules import (
    AFTER,
    CLE,
    DESIGNATE,
    FACTICE,
    NEUTRE,
    OVER,
    TRESOR,
    VOTE,
    CoffreState,
    Designate,
    Designated,
    EndTurn,
    Exchange,
    Exchanged,
    Force,
    Look,
    Looked,
    Observe,
    Pass,
    SawCentre,
    Vote,
)

NAMES = ("Lina", "Marc", "Zoé", "Ana", "Tom", "Iris", "Léo", "Max")


def new(players: int = 4, **options) -> CoffreState:
    return GAME.new(NAMES[:players], GAME.resolve_options(options), ForcedRng())


def play(state: CoffreState, *actions) -> list:
    events = []
    for action in actions:
        events += state.apply(action, ForcedRng())
    return events


def roles(cards) -> list[str]:
    return [c.role for c in cards]


def pass_turns(state: CoffreState, count: int) -> None:
    for _ in range(count):
        play(state, Pass(), EndTurn())


# --- CC-1 the deck -----------------------------------------------------------------------


def test_cc1_quoted_example_is_inconsistent_so_neutrals_are_n_minus_1() -> None:
    # "5 joueurs = 2 cartes Neutres" would make 5 cards for 5 hands and 2 centre cards.
    state = new(5)
    assert roles(state.cards()).count(NEUTRE) == 4
    assert len(state.cards()) == 5 + 2 and not state.aside


@pytest.mark.parametrize("players", range(4, 9))
def test_cc1_every_role_in_play_at_every_count(players: int) -> None:
    state = new(players)
    assert len(state.hands) == players and len(state.centre) == 2
    assert sorted(roles(state.cards())) == sorted([TRESOR, CLE, FACTICE, *[NEUTRE] * (players - 1)])


def test_cc1_six_players_have_five_neutrals_and_eight_cards() -> None:
    state = new(6)
    assert len(state.cards()) == 8 and roles(state.cards()).count(NEUTRE) == 5


def test_cc1_option_n_neutrals_sets_one_card_aside_unseen() -> None:
    state = new(5, neutres="n")
    assert len(state.cards()) == 8 and len(state.aside) == 1
    assert all(state.aside[0].uid not in state.known[s] for s in range(5))
    assert state.view(0).aside == [None]


def test_setup_each_player_knows_only_their_own_card() -> None:
    state = new(4)
    view = state.view(2)
    assert view.hands[2].role == FACTICE
    assert view.hands[0] is None and view.hands[1] is None and view.centre == [None, None]
    assert state.secrets(2) == frozenset(c for c in state.cards() if c is not state.hands[2])


# --- the four actions ----------------------------------------------------------------------


def test_observe_shows_the_centre_card_to_the_observer_only() -> None:
    state = new(4)
    events = play(state, Observe(1))
    saw = next(e for e in events if isinstance(e, SawCentre))
    assert saw.audience == (0,) and saw.card is state.centre[1]
    assert state.view(0).centre[1] == state.centre[1] and state.view(1).centre[1] is None
    assert all(e.audience is None for e in events if e is not saw)
    assert state.phase == AFTER and state.view(0).observed == 1


def test_exchange_is_blind_and_locks_the_new_card() -> None:
    state = new(4)
    centre = state.centre[0]
    events = play(state, Exchange(0))
    assert state.hands[0] is centre and state.centre[0].role == TRESOR
    assert isinstance(events[0], Exchanged) and events[0].audience is None
    # CC-2: the new card is not known until looked at; the old one is followed to the centre.
    assert state.view(0).hands[0] is None and state.view(0).centre[0].role == TRESOR
    assert state.locked(0)
    assert Look() in state.legal_actions()
    looked = play(state, Look())
    assert looked == [Looked(0, "Lina", centre, audience=(0,))]
    assert state.view(0).hands[0] is centre


def test_cc3_force_swaps_the_target_blind_and_does_not_lock_it() -> None:
    state = new(4)
    centre = state.centre[1]
    play(state, Force(2, 1))
    assert state.hands[2] is centre and state.centre[1].role == FACTICE
    assert not state.locked(2)
    assert state.view(2).hands[2] is None  # Zoé has not seen her new card
    assert state.view(0).centre[1] is None  # Lina chose the centre card unseen


def test_pass_does_nothing() -> None:
    state = new(4)
    before = list(state.hands), list(state.centre)
    play(state, Pass())
    assert (state.hands, state.centre) == (list(before[0]), list(before[1]))


def test_a_card_seen_is_followed_through_public_swaps() -> None:
    state = new(4)
    play(state, Observe(0), EndTurn())  # Lina sees centre left
    seen = state.centre[0]
    play(state, Exchange(0))  # Marc takes it
    assert state.view(0).hands[1] is seen and state.view(1).hands[1] is None


# --- CC-4 lock timing -----------------------------------------------------------------------


def test_cc4_exchange_on_turn_1_locks_turn_2_and_frees_turn_3() -> None:
    state = new(4)
    play(state, Exchange(0), EndTurn())
    for _ in range(3):
        assert state.locked(0)
        assert Force(0, 0) not in state.legal_actions()
        play(state, Pass(), EndTurn())
    # P1's second turn: still locked, no exchange, cannot be forced
    assert state.turn == 0 and state.locked(0)
    assert Exchange(0) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="verrouillée"):
        play(state, Exchange(1))
    play(state, Pass(), EndTurn())
    assert not state.locked(0)
    pass_turns(state, 3)
    assert Exchange(1) in state.legal_actions()  # P1's third turn
    assert Observe(0) in state.legal_actions() and Pass() in state.legal_actions()


def test_cc8_locked_players_still_observe_force_or_pass() -> None:
    state = new(4)
    for _ in range(4):
        play(state, Exchange(0), EndTurn())
    # Back to Lina: every seat exchanged and stays locked through its next turn.
    assert state.locked(0)
    legal = state.legal_actions()
    assert not any(isinstance(a, Exchange) for a in legal)
    assert not any(isinstance(a, Force) for a in legal)  # everyone else is locked too
    assert Observe(0) in legal and Pass() in legal


# --- CC-9 designation -----------------------------------------------------------------------


def test_cc9_only_the_treasure_who_knows_it_designates_after_the_action() -> None:
    state = new(4)
    assert not any(isinstance(a, Designate) for a in state.legal_actions())
    play(state, Pass())
    assert Designate(1) in state.legal_actions() and Designate(0) not in state.legal_actions()
    play(state, EndTurn(), Pass())  # Marc, the Key, may not designate
    assert state.legal_actions() == [EndTurn()]


def test_quoted_treasure_designates_the_key_two_winners() -> None:
    state = new(4)
    events = play(state, Pass(), Designate(1))
    designated = next(e for e in events if isinstance(e, Designated))
    assert designated.card.role == CLE and designated.audience is None
    assert state.phase == OVER and state.outcome().winners == (0, 1)
    assert state.outcome().ending == "Clé trouvée"


def test_quoted_fake_key_designated_wins_alone() -> None:
    state = new(4)
    play(state, Pass(), Designate(2))
    assert state.outcome().winners == (2,)
    assert state.outcome().ending == "Clé Factice désignée"


def test_quoted_neutral_designated_opens_the_final_phase_left_of_the_treasure() -> None:
    state = new(4)
    play(state, Pass(), Designate(3))
    assert state.phase == VOTE and state.to_move() == 1
    # The pointing turned both cards for everyone, spectators too.
    assert state.view(2).hands[0].role == TRESOR and state.view(2).hands[3].role == NEUTRE
    assert roles(state.view(None).hands[::3]) == [TRESOR, NEUTRE]
    assert state.view(None).hands[1:3] == [None, None]


def test_a_spectator_sees_no_card_that_some_seat_has_not_seen() -> None:
    state = new(4)
    assert state.view(None).hands == [None] * 4 and state.view(None).centre == [None] * 2
    play(state, Observe(1), EndTurn())  # Lina alone saw the right centre card
    assert state.view(0).centre[1] is not None and state.view(None).centre[1] is None


def test_a_treasure_taken_blind_must_be_looked_at_before_designating() -> None:
    state = new(4)
    play(state, Exchange(0), EndTurn())  # Lina's Treasure goes to the centre, left
    play(state, Exchange(0))  # Marc takes it without seeing it
    assert state.hands[1].role == TRESOR
    assert state.legal_actions() == [EndTurn(), Look()]
    play(state, Look())
    assert Designate(0) in state.legal_actions()


# --- CC-7, CC-6 the final phase ---------------------------------------------------------


def six_players_in_final_phase(**options) -> CoffreState:
    state = new(6, **options)
    play(state, Pass(), Designate(3))  # a Neutral: votes from Marc (seat 1)
    return state


def test_cc7_everyone_votes_in_order_and_nobody_names_themselves() -> None:
    state = six_players_in_final_phase()
    assert not state.decides_in_secret()
    order = []
    while state.phase == VOTE:
        seat = state.to_move()
        order.append(seat)
        assert Vote(seat) not in state.legal_actions()
        play(state, Vote(4 if seat != 4 else 5))
    assert order == [1, 2, 3, 4, 5, 0]


def test_derived_two_of_six_find_the_fake_key_and_win() -> None:
    state = six_players_in_final_phase()
    votes = {1: 2, 2: 1, 3: 2, 4: 1, 5: 1, 0: 1}  # Marc and Ana name Zoé, the Fake Key
    for seat in (1, 2, 3, 4, 5, 0):
        play(state, Vote(votes[seat]))
    assert state.outcome().winners == (1, 3)
    assert state.outcome().ending == "Vote final"


def test_derived_literal_two_of_six_win_with_the_fake_key() -> None:
    state = six_players_in_final_phase(phase_finale="litteral")
    votes = {1: 2, 2: 1, 3: 2, 4: 1, 5: 1, 0: 1}
    for seat in (1, 2, 3, 4, 5, 0):
        play(state, Vote(votes[seat]))
    assert state.outcome().winners == (1, 2, 3)


def test_cc6_nobody_right_the_fake_key_wins_alone() -> None:
    state = six_players_in_final_phase()
    for seat in (1, 2, 3, 4, 5, 0):
        play(state, Vote(5 if seat != 5 else 4))
    assert state.outcome().winners == (2,)


def test_cc6_literal_nobody_right_nobody_wins() -> None:
    state = six_players_in_final_phase(phase_finale="litteral")
    for seat in (1, 2, 3, 4, 5, 0):
        play(state, Vote(5 if seat != 5 else 4))
    outcome = state.outcome()
    assert outcome.winners == tuple(range(6)) and not outcome.won
    assert set(outcome.scores) == {0} and "personne" in outcome.summary
    assert outcome.ending == "Vote final"


# --- CC-5, CC-10 the turn limit ----------------------------------------------------------


def test_cc5_at_the_limit_the_treasure_must_designate() -> None:
    state = new(4, tours=2)
    pass_turns(state, 2 * 4 - 1)
    assert state.turn == 3
    play(state, Pass(), EndTurn())
    assert state.phase == DESIGNATE and state.to_move() == 0 and state.whose_turn() == 3
    assert "Trésor" in state.prompt()
    assert state.legal_actions() == [Designate(1), Designate(2), Designate(3)]
    events = play(state, Designate(1))
    assert events[0].forced and state.outcome().winners == (0, 1)


def test_cc10_treasure_in_the_centre_goes_straight_to_votes_from_seat_0() -> None:
    state = new(4, tours=2)
    play(state, Exchange(0), EndTurn())  # Lina's Treasure goes to the centre
    pass_turns(state, 2 * 4 - 1)
    assert state.phase == VOTE and state.to_move() == 0


def test_cc10_limit_holder_is_asked_whoever_played_last() -> None:
    state = new(4, tours=2)
    play(state, Force(3, 0), EndTurn())  # Ana takes a Neutral, the centre gets hers
    play(state, Force(0, 0), EndTurn())  # Lina swaps with it: her Treasure goes to the centre
    play(state, Exchange(0), EndTurn())  # Zoé takes the Treasure
    pass_turns(state, 5)
    assert state.phase == DESIGNATE and state.to_move() == 2
    # CC-12: she never looked, and being called tells her alone what she holds.
    assert state.view(2).hands[2].role == TRESOR and Look() not in state.legal_actions()
    assert all(state.view(s).hands[2] is None for s in (None, 1, 3))  # Lina saw it go
    play(state, Designate(1))
    assert state.view(None).hands[2].role == TRESOR  # turned once she has designated


# --- privacy and the saved match ---------------------------------------------------------


def test_view_legal_actions_match_and_hold_no_hidden_card() -> None:
    state = new(5)
    play(state, Exchange(1))
    view = state.view(0)
    assert view.legal_actions() == state.legal_actions()
    shown = {c for c in view.cards()}
    assert not shown & state.secrets(0)
    assert view.known[1] == frozenset()


def test_everything_is_revealed_at_the_end() -> None:
    state = new(4)
    events = play(state, Pass(), Designate(1))
    assert events[-1].audience is None and len(events[-1].hands) == 4
    assert state.secrets(3) == frozenset()


def test_match_replays_through_json() -> None:
    seats = tuple(Seat(n) for n in NAMES[:5])
    match = Match(GAME, 11, seats, {})
    bot = GAME.bot(3)
    while not match.over:
        match.play(bot.choose(match.state.view(match.state.to_move())))
    again = Match.from_saved(GAME, json.loads(json.dumps(match.to_saved())))
    assert again.events == match.events and again.outcome() == match.outcome()


def test_bot_plays_legally_from_its_view_and_votes_for_a_fake_key_it_saw() -> None:
    state = six_players_in_final_phase()
    state.known[1] |= {state.hands[2].uid}
    action = GAME.bot(0).choose(state.view(1))
    assert action == Vote(2)


# --- what the screen says (present.py) ---------------------------------------------------


def test_present_never_names_the_own_card_outside_the_peek() -> None:
    state = new(4)
    view = state.view(2)
    assert own_card_line(view, 2) == "Ta carte : r pour la revoir."
    assert "Factice" not in question(view, 2, None) + turn_text(view)
    assert peek_text(view, 2).startswith("Ta carte : Clé Factice.")
    play(state, Pass(), EndTurn(), Pass(), EndTurn(), Exchange(1))
    view = state.view(2)
    assert own_card_line(view, 2) == "Ta nouvelle carte (verrouillée) : r pour la regarder."
    assert peek_text(view, 2).startswith("Ta carte : pas encore regardée.")
    # Zoé follows her old card to the centre, right.
    assert "centre droite : Clé Factice" in peek_text(view, 2)


def test_present_turn_question_and_notes_follow_the_phases() -> None:
    state = new(4)
    assert turn_text(state.view(0)) == "Tour de table 1/3 · au tour de Lina"
    assert (
        question(state.view(0), 0, "force", 2)
        == "Zoé échange avec quelle carte du centre : 1 ou 2 ?"
    )
    assert question(state.view(1), 1, None) == ""
    play(state, Exchange(0))
    assert seat_note(state.view(1), 0, 1) == "(1) verrouillé·e"
    state = new(4)
    play(state, Pass())
    assert "Désigner la Clé (d)" in question(state.view(0), 0, None)
    play(state, Designate(3))
    assert turn_text(state) == "Phase finale · Marc désigne la Clé Factice"
    assert seat_note(state.view(1), 0, 1) == "(1) le Trésor"
    for seat in (1, 2, 3, 0):
        play(state, Vote(2 if seat != 2 else 1))
    rows = dict(sheet_rows(state))
    assert rows["Rôle"] == ("Trésor", "Clé", "Clé Factice", "Neutre")
    assert rows["Vote"] == ("Zoé", "Zoé", "Marc", "Zoé")
    assert sheet_title(state) == "Centre : Neutre, Neutre"


def test_present_open_centre_names_whose_card_and_never_the_one_set_aside() -> None:
    assert open_centre_text(new(4), 3) == "Le centre, et la carte d'Ana à droite."
    state = new(5, neutres="n")  # CC-1 option: one card set aside unseen
    assert open_centre_text(state, 0) == "Le centre, et la carte de Lina à droite."


def test_cc11_the_card_set_aside_stays_unseen_after_the_match() -> None:
    state = new(5, neutres="n")
    state.phase = OVER
    assert sheet_title(state) == "Centre : " + ", ".join(c.name for c in state.centre)
    assert "écartée" not in sheet_title(state).casefold()
