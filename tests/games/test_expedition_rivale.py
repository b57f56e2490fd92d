"""L'Expédition Rivale (RULINGS.md §24): every quoted and derived case, with the deck and the
hands laid out by hand. Under ForcedRng a shuffle keeps the catalogue order and the first
player is seat 0."""

import copy
import pickle
import textwrap
import time
from collections import Counter
from random import Random

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.match import Match, Seat
from jeux.engine.testing import ForcedRng
from jeux.games.expedition_rivale import present
from jeux.games.expedition_rivale.bots import imagine
from jeux.games.expedition_rivale.game import GAME
from jeux.games.expedition_rivale.rules import (
    ANCIEN,
    ARTIFACTS,
    BY_KEY,
    CONFLIT,
    CROISSANCE,
    DISCARD,
    DRAFT,
    EQUILIBRE,
    KEEP,
    ORDER,
    OVER,
    SAVOIR,
    STEAL,
    TURN,
    DeckEmpty,
    Draw,
    ExpeditionState,
    ExtraTurn,
    Pass,
    Peeked,
    Pick,
    Play,
    bonus,
    score,
)

NAMES = ("Lina", "Marc")


def cards(*keys: str) -> list:
    return [BY_KEY[k] for k in keys]


def table(
    hands=((), ()),
    played=((), ()),
    deck=("urne", "collier", "bracelet", "pierre"),
    history=(),
    turn=0,
    **options,
) -> ExpeditionState:
    """A match laid out by hand: keys of hands, played cards and deck (top first)."""
    state = ExpeditionState(
        NAMES,
        GAME.resolve_options(options),
        deck=cards(*deck),
        hands=[cards(*h) for h in hands],
        played=[cards(*p) for p in played],
        history=list(history),
        turn=turn,
    )
    state.seen = [set(state.hands[0]), set(state.hands[1])]
    return state


def plays(state: ExpeditionState) -> set[str]:
    return {a.card for a in state.legal_actions() if isinstance(a, Play)}


def act(state: ExpeditionState, *actions) -> list:
    events = []
    for action in actions:
        events += state.apply(action, ForcedRng())
    return events


# --- the cards (quoted) -----------------------------------------------------------------


def test_er_eighteen_unique_cards_five_types_twelve_plain_six_with_effect():
    assert len(ARTIFACTS) == len({a.key for a in ARTIFACTS}) == 18
    assert Counter(a.kind for a in ARTIFACTS) == {
        SAVOIR: 3,
        CONFLIT: 5,
        CROISSANCE: 3,
        EQUILIBRE: 4,
        ANCIEN: 3,
    }
    plain = [a for a in ARTIFACTS if not a.effect]
    assert len(plain) == 12
    assert sum(a.value for a in plain) == 25
    assert sum(a.value for a in ARTIFACTS if a.effect) == 23


def test_er_printed_values():
    values = {a.key: a.value for a in ARTIFACTS}
    assert values == {
        "statuette": 1,
        "bracelet": 1,
        "fresque": 2,
        "pierre": 2,
        "urne": 3,
        "parchemin": 2,
        "collier": 2,
        "jumelle": 3,
        "idole_brisee": 2,
        "offrande": 3,
        "griffe": 2,
        "serre": 2,
        "masque": 4,
        "serpent": 5,
        "tablette": 3,
        "sablier": 4,
        "lame": 4,
        "oeil": 3,
    }


def test_er12_derived_score_with_the_eye_counting_its_own_type():
    assert score(cards("urne", "collier", "oeil", "masque")) == 3 + 2 + 3 + 4 + 3 == 15


def test_er_lame_gives_two_points_at_the_end():
    assert bonus(cards("lame", "urne")) == 2
    assert score(cards("lame")) == 6


def test_an_artifact_copied_or_unpickled_is_the_card_itself():
    """Cards are told apart by identity: a copy must not become a card equal to none."""
    state = table(played=(("urne", "fresque"), ("collier",)))
    for twin in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert twin.played == state.played and twin.played[0][0] is BY_KEY["urne"]


def test_er_tie_broken_by_types_then_a_draw():
    state = table(played=(("urne", "fresque"), ("collier", "pierre", "bracelet")))
    state.phase = OVER  # 5 points and 2 types each
    assert state.outcome().ranks == (1, 1)
    assert "nul" in state.outcome().summary
    state.played[0] = cards("statuette", "bracelet", "urne")  # 5 points, 3 types
    assert state.outcome().ranks == (1, 2)
    assert "3 types" in state.outcome().summary


# --- conditions (ER-1 to ER-5) -----------------------------------------------------------


def test_er1_statuette_only_with_nothing_played():
    assert "statuette" in plays(table(hands=(("statuette",), ())))
    assert "statuette" not in plays(table(hands=(("statuette",), ()), played=(("urne",), ())))


def test_er1_fresque_needs_exactly_two_before_it_is_placed():
    hand = (("fresque",), ())
    assert "fresque" not in plays(table(hands=hand, played=(("urne",), ())))
    assert "fresque" in plays(table(hands=hand, played=(("urne", "pierre"), ())))
    assert "fresque" not in plays(table(hands=hand, played=(("urne", "pierre", "collier"), ())))


@pytest.mark.parametrize(
    ("key", "mine", "theirs", "allowed"),
    [
        ("bracelet", (), (), False),
        ("bracelet", ("urne",), (), True),
        ("pierre", ("urne",), ("fresque",), False),
        ("pierre", ("urne",), ("fresque", "collier"), True),
        ("urne", ("pierre", "collier"), (), False),
        ("urne", ("pierre", "collier", "fresque"), (), True),
        ("collier", ("masque",), (), False),
        ("collier", ("masque", "pierre"), (), True),
        ("jumelle", ("pierre",), (), False),
        ("jumelle", ("pierre",), ("fresque",), True),
        ("offrande", ("pierre",), ("urne",), False),
        ("offrande", ("oeil",), (), True),
        ("masque", ("pierre",), (), False),
        ("masque", ("pierre", "urne"), (), True),
        ("serpent", ("pierre", "urne"), (), False),
        ("serpent", ("lame",), (), True),
        ("sablier", ("urne",), (), False),
        ("sablier", ("tablette",), (), True),
        ("lame", ("urne",), ("fresque",), False),
        ("lame", ("urne",), ("sablier",), True),
        ("oeil", ("urne", "pierre"), (), False),
        ("oeil", ("urne", "pierre", "fresque"), (), True),
        ("tablette", (), (), True),
    ],
)
def test_er1_conditions_on_the_played_cards(key, mine, theirs, allowed):
    assert (key in plays(table(hands=((key,), ()), played=(mine, theirs)))) == allowed


def test_er3_previous_turn_is_ones_own_and_false_on_the_first():
    hand = (("parchemin", "griffe"), ())
    assert plays(table(hands=hand)) == set()
    drew = table(hands=hand, history=[(0, "pioche"), (1, "pose")])
    assert plays(drew) == {"parchemin"}
    laid = table(hands=hand, history=[(0, "pose"), (1, "pioche")])
    assert plays(laid) == {"griffe"}


def test_er2_serre_and_fragment_differ_after_a_sablier():
    """Derived: A plays Sablier, then on the extra turn Serre d'onyx is not playable while
    Fragment d'idole brisée is, B's last turn being a play."""
    state = table(
        hands=(("sablier", "serre", "idole_brisee"), ("pierre",)),
        played=(("parchemin",), ("urne",)),
        history=[(0, "pioche"), (1, "pose")],
    )
    assert {"serre", "idole_brisee"} <= plays(state)
    events = act(state, Play("sablier"))
    assert any(isinstance(e, ExtraTurn) for e in events)
    assert state.to_move() == 0
    assert "serre" not in plays(state)
    assert "idole_brisee" in plays(state)


def test_er2_fragment_needs_the_opponents_last_turn_a_play():
    hand = (("idole_brisee",), ())
    assert "idole_brisee" not in plays(table(hands=hand, history=[(1, "pose"), (1, "pioche")]))


def test_er4_statue_jumelle_counts_played_cards_or_hand_under_the_option():
    hand = (("jumelle", "urne"), ("pierre", "fresque"))
    assert "jumelle" not in plays(table(hands=hand, played=(("bracelet",), ())))
    assert "jumelle" in plays(table(hands=hand, played=(("bracelet",), ()), jumelle="main"))


def test_er5_lame_compares_printed_values_without_bonuses():
    hand = (("lame",), ())
    # Œil would bring a bonus at the end, but only its printed 3 counts now: 3 = 3.
    assert "lame" not in plays(table(hands=hand, played=(("urne",), ("oeil",))))


def test_er1_a_card_stays_when_its_condition_no_longer_holds():
    state = table(hands=(("statuette", "bracelet"), ()), history=[(1, "pioche")])
    act(state, Play("statuette"), Draw(), Play("bracelet"))
    assert state.played[0] == cards("statuette", "bracelet")


# --- effects -----------------------------------------------------------------------------


def test_er6_the_victim_chooses_the_masque_discard_and_it_leaves_the_game():
    state = table(hands=(("masque",), ()), played=(("urne", "pierre"), ("lame", "fresque")))
    act(state, Play("masque"))
    assert state.phase == DISCARD and state.to_move() == 1 and state.whose_turn() == 0
    assert "Masque" in state.prompt()
    assert set(state.legal_actions()) == {Pick("lame"), Pick("fresque")}
    act(state, Pick("fresque"))
    assert state.played[1] == cards("lame")
    assert state.discard == cards("fresque")
    assert state.to_move() == 1 and state.phase == TURN


def test_er6_option_the_player_of_the_masque_chooses():
    state = table(
        hands=(("masque",), ()),
        played=(("urne", "pierre"), ("lame", "fresque")),
        masque="poseur",
    )
    act(state, Play("masque"))
    assert state.to_move() == 0
    act(state, Pick("lame"))
    assert state.played[1] == cards("fresque")


def test_effects_without_a_target_fizzle():
    state = table(hands=(("masque",), ()), played=(("urne", "pierre"), ()))
    events = act(state, Play("masque"))
    assert "perdu" in events[1].describe()
    assert state.to_move() == 1


def test_er7_idole_serpent_steals_value_and_bonus_but_not_the_effect():
    state = table(hands=(("serpent",), ()), played=(("sablier",), ("lame", "urne")))
    act(state, Play("serpent"))
    assert state.phase == STEAL and state.to_move() == 0
    act(state, Pick("lame"))
    assert state.played[0] == cards("sablier", "serpent", "lame")
    assert score(state.played[0]) == 4 + 5 + 4 + 2
    assert state.to_move() == 1  # no Sablier again, no effect fired


def test_er8_tablette_looks_at_three_keeps_one_and_orders_the_rest():
    state = table(hands=(("tablette",), ()), deck=("urne", "collier", "bracelet", "pierre"))
    events = act(state, Play("tablette"))
    peek = next(e for e in events if isinstance(e, Peeked))
    assert peek.audience == (0,) and peek.cards == tuple(cards("urne", "collier", "bracelet"))
    assert state.phase == KEEP
    assert state.view(0).looked == list(peek.cards) and state.view(1).looked == []
    act(state, Pick("collier"))
    assert state.phase == ORDER and state.to_move() == 0
    act(state, Pick("bracelet"))
    assert state.deck == cards("bracelet", "urne", "pierre")
    assert state.hands[0] == cards("collier")
    assert state.view(0).deck == cards("bracelet", "urne")  # what Lina knows of the top
    assert state.view(1).deck == [] and state.view(1).hidden[2] == 3
    assert state.history[-1] == (0, "pose")


def test_er8_tablette_with_fewer_cards_and_the_last_one_ends_the_game():
    state = table(hands=(("tablette",), ()), deck=("urne",))
    act(state, Play("tablette"))
    assert state.legal_actions() == [Pick("urne")]
    events = act(state, Pick("urne"))
    assert state.phase == OVER
    assert any(isinstance(e, DeckEmpty) for e in events)


def test_er8_seen_top_cards_stay_known_when_the_opponent_draws_them():
    state = table(hands=(("tablette",), ()), deck=("urne", "collier", "bracelet", "pierre"))
    act(state, Play("tablette"), Pick("collier"), Pick("urne"), Draw())
    assert state.view(0).hands[1] == cards("urne")  # Lina saw it go into Marc's hand
    assert state.view(0).deck == cards("bracelet")
    assert BY_KEY["urne"] not in state.secrets(0)


def test_er9_sablier_extra_turn_and_the_deck_running_out_in_it():
    state = table(hands=(("sablier",), ()), played=(("parchemin",), ()), deck=("urne",))
    act(state, Play("sablier"))
    assert state.to_move() == 0
    act(state, Draw())
    assert state.phase == OVER


def test_er10_the_end_is_abrupt_after_the_last_draw():
    state = table(hands=(("urne",), ("statuette",)), deck=("pierre",))
    events = act(state, Draw())
    assert state.phase == OVER and state.to_move() is None
    assert "s'achève" in events[-2].describe()


def test_er10_option_last_call_gives_each_a_play_only_turn():
    state = table(hands=((), ("statuette",)), deck=("urne",), dernier_tour=True)
    act(state, Draw())
    assert state.to_move() == 1
    assert set(state.legal_actions()) == {Play("statuette"), Pass()}
    act(state, Play("statuette"))
    assert state.to_move() == 0 and state.legal_actions() == [Pass()]
    act(state, Pass())
    assert state.phase == OVER
    assert state.outcome().scores == (0, 1)


def test_er11_with_no_legal_play_the_only_move_is_to_draw():
    state = table(hands=(("urne", "fresque"), ()))
    assert state.legal_actions() == [Draw()]
    with pytest.raises(IllegalAction, match="Condition non remplie"):
        act(state, Play("urne"))


# --- setup, draft and privacy ------------------------------------------------------------


def test_setup_one_card_each_and_a_random_first_player():
    state = GAME.new(NAMES, GAME.resolve_options({}), ForcedRng(choices=[1]))
    assert [len(h) for h in state.hands] == [1, 1]
    assert len(state.deck) == 16 and state.to_move() == 1


def test_er13_draft_three_each_six_fewer_in_the_deck():
    state = GAME.new(NAMES, GAME.resolve_options({"draft": True}), ForcedRng())
    assert state.phase == DRAFT and len(state.deck) == 12
    a, b = (list(p) for p in state.packs)
    assert state.to_move() == 0
    act(state, Pick(a[0].key))
    assert state.to_move() == 1 and state.view(1).packs[0] == []
    act(state, Pick(b[0].key))
    assert state.packs == [[b[1], b[2]], [a[1], a[2]]]
    act(state, Pick(b[1].key), Pick(a[1].key))
    assert state.phase == TURN and state.to_move() == 0
    assert state.hands == [[a[0], b[1], a[2]], [b[0], a[1], b[2]]]
    assert state.view(0).hands[1] == [a[1], b[2]]  # what Lina passed and did not get back
    assert state.view(0).hidden[1] == 1
    spectator = state.view(None)  # sees what both know: the cards passed and not got back
    assert spectator.hands == [[b[1], a[2]], [a[1], b[2]]] and spectator.hidden == [1, 1, 12]


def test_views_hide_the_other_hand_and_the_deck():
    match = Match(GAME, 3, (Seat("Lina"), Seat("Marc")), {})
    state = match.state
    view = state.view(0)
    assert view.hands[1] == [] and view.hidden[1] == 1
    assert view.deck == [] and view.hidden[2] == 16
    assert state.secrets(0) == {*state.hands[1], *state.deck}
    assert state.view(None).hands == [[], []]


def test_the_robot_decides_from_its_view_quickly_and_legally():
    for seed in range(4):
        rng = Random(seed)
        state = GAME.new(NAMES, GAME.resolve_options({"draft": seed % 2 == 0}), rng)
        bot = GAME.bot(seed)
        slowest = 0.0
        while state.to_move() is not None:
            view = state.view(state.to_move())
            start = time.perf_counter()
            action = bot.choose(view)
            slowest = max(slowest, time.perf_counter() - start)
            assert action in state.legal_actions()
            state.apply(action, rng)
        assert slowest < 0.5


def test_imagined_worlds_deal_only_unseen_cards():
    state = table(hands=(("urne",), ("pierre", "fresque")), played=(("oeil",), ()))
    world = imagine(state.view(0), Random(1))
    assert world.hands[0] == cards("urne") and world.played[0] == cards("oeil")
    assert len(world.hands[1]) == 2 and len(world.deck) == 4
    dealt = {*world.hands[1], *world.deck}
    assert len(dealt) == 6 and not dealt & set(cards("urne", "oeil"))


def test_a_saved_match_replays():
    match = Match(GAME, 5, (Seat("Lina"), Seat("Marc")), {"draft": True})
    bot = GAME.bot(1)
    while not match.over:
        match.play(bot.choose(match.state.view(match.state.to_move())))
    again = Match.from_saved(GAME, match.to_saved())
    assert again.outcome() == match.outcome()


# --- what the screen says (present.py) ----------------------------------------------------


def test_every_card_reads_in_full_in_a_few_lines_of_the_board():
    state = table(hands=(("urne",), ()))
    for card in ARTIFACTS:
        text = present.detail(state, 0, card)
        assert card.name in text and card.condition in text and card.effect in text
        assert sum(len(textwrap.wrap(line, 48)) for line in text.splitlines()) <= 5


def test_marks_and_questions_follow_the_legal_moves():
    state = table(hands=(("statuette", "urne"), ()))
    assert [present.row_mark(state, 0, c) for c in state.hands[0]] == ["✓", "✗"]
    assert "✓ remplie" in present.detail(state, 0, BY_KEY["statuette"])
    assert present.question(state, 0).startswith("Pioche (p) ou pose")
    assert present.question(state, 1) == ""
    assert present.row_mark(state, 1, BY_KEY["statuette"]) == " "
    state.hands[0] = cards("urne")
    assert present.question(state, 0).startswith("Rien de jouable")


def test_the_table_text_shows_played_cards_scores_and_the_known_top():
    state = table(
        hands=(("tablette",), ()),
        played=(("oeil",), ("urne", "masque")),
        deck=("collier", "bracelet", "pierre", "fresque"),
    )
    act(state, Play("tablette"))
    assert present.table_text(state.view(0), 0).endswith("Ta main : vide")
    act(state, Pick("collier"))
    assert present.table_text(state.view(0), 0).endswith("Ta main : Collier")
    act(state, Pick("pierre"))
    view = state.view(0)
    assert present.table_text(view, 0).splitlines() == [
        "Marc · 7 pts : Urne 3, Masque 4",
        "Lina · 8 pts : Œil 3, Tablette 3",
        "Pioche : 3 cartes · dessus : Pierre puis Bracelet",
    ]
    assert present.table_text(state.view(1), 1).endswith("Pioche : 3 cartes")
    assert present.choices(view, 0) == cards("collier")


@pytest.mark.parametrize("draft", [False, True])
def test_a_clone_equals_its_state_at_every_move_but_what_each_seat_saw(draft):
    """The robots play on clones built field by field: none may be missed or misplaced; what
    each seat knows (the deck's tops, the other's cards it knows, the cards it saw) is left
    out, as a robot imagines its futures afresh."""
    rng, bot = Random(7), GAME.bot(7)
    state = GAME.new(NAMES, GAME.resolve_options({"draft": draft}), rng)
    while state.to_move() is not None:
        twin = state.clone()
        assert twin.tops == twin.held == [[], []] and twin.seen == [set(), set()]
        twin.tops, twin.held = [list(t) for t in state.tops], [list(h) for h in state.held]
        twin.seen = [set(s) for s in state.seen]
        assert twin == state
        twin.hands[0].clear()
        assert twin.hands != state.hands or not state.hands[0]
        state.apply(bot.choose(state.view(state.to_move())), rng)
