"""Le Jeu des Trois Couronnes (RULINGS.md §9 and Appendix A): every quoted and derived case,
with forced dice."""

from fractions import Fraction
from itertools import product

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.match import Match, Seat
from jeux.engine.testing import ForcedRng
from jeux.games.trois_couronnes.game import GAME
from jeux.games.trois_couronnes.present import LEGEND, sheet_rows
from jeux.games.trois_couronnes.rules import (
    ALLIANCE,
    ALLIANCE_CHANCE,
    ANSWER,
    KINGDOM,
    OVER,
    ROLLING,
    ROUNDS,
    START,
    WAR,
    WAR_CHANCE,
    AllianceProposed,
    AllianceRefused,
    AllianceResolved,
    AnswerAlliance,
    DeclareWar,
    DiceLocked,
    DiceRolled,
    GameOver,
    KingdomDeclined,
    KingdomProclaimed,
    PowerExcess,
    ProposeAlliance,
    Roll,
    Stop,
    TurnStarted,
    WarDeclared,
    WarResolved,
    alliance_success,
    halve,
    kingdom,
    war_success,
)


def new(players=("Lina", "Marc", "Zoé"), **options):
    return GAME.new(players, GAME.resolve_options(options), ForcedRng())


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


def kingdom_turn(state, *faces, story=""):
    """A whole turn stopped after the first throw."""
    play(state, Roll(), *faces)
    return play(state, Stop(story=story))


def pass_turns(state, count):
    """`count` turns of 2-2-3 stopped at once (Royaume déchu, -3 each)."""
    for _ in range(count):
        kingdom_turn(state, 2, 2, 3)


def value(faces, **options):
    """Points of three final dice, reached on the second throw (no Prospère)."""
    state = new(**options)
    play(state, Roll(), 1, 1, 1)
    play(state, Roll(), *faces)
    before = state.scores[0]
    play(state, Stop())
    return state.scores[0] - before


# --- the scoring table (quoted) --------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "name", "points"),
    [
        ((6, 5, 4), "Royaume complet", 15),  # quoted: "Mon royaume est en parfaite harmonie"
        ((4, 6, 5), "Royaume complet", 15),
        ((6, 5, 2), "Noblesse instable", 2),  # quoted: the value of the third die
        ((6, 5, 1), "Noblesse instable", 1),
        ((6, 5, 3), "Noblesse instable", 3),
        ((6, 3, 1), "Couronne isolée", 0),  # quoted: "Sans noblesse, la Couronne chancelle"
        ((6, 2, 2), "Couronne isolée", 0),
        ((5, 4, 3), "Royaume déchu", -3),  # quoted: no 6
        ((1, 1, 1), "Royaume déchu", -3),
        ((5, 5, 5), "Royaume déchu", -3),
        ((6, 5, 5), "Royaume noble", 10),  # quoted
        ((6, 6, 4), "Royaume tyrannique", 10),  # quoted
        ((4, 6, 6), "Royaume tyrannique", 10),
        ((6, 4, 4), "Révolution", 8),  # quoted
        ((6, 5, 6), "Noblesse instable", 6),  # derived
        ((6, 6, 5), "Noblesse instable", 6),
    ],
)
def test_quoted_scoring_table(faces, name, points):
    found = kingdom(faces)
    assert (found.name, found.points) == (name, points)
    assert value(faces) == points


def test_quoted_654_on_the_first_throw_is_prosperous_50():
    state = new()
    events = play(state, Roll(), 6, 5, 4)
    assert state.throw_label() == "Royaume prospère : 50"
    assert events[-1].label == "Royaume prospère : 50"
    play(state, Stop())
    assert state.scores[0] == 50
    assert state.complete_kingdoms[0] == 1


def test_quoted_666_halves_the_total():
    state = new()
    state.scores[0] = 20
    events = kingdom_turn(state, 6, 6, 6)
    assert state.scores[0] == 10
    assert PowerExcess("Lina", 20, 10) in events
    assert kingdom((6, 6, 6)).label == "Excès de pouvoir : score total divisé par 2"


def test_quoted_seven_rounds():
    state = new(("Lina", "Marc"))
    for _ in range(ROUNDS * 2 - 1):
        kingdom_turn(state, 6, 5, 2)
    assert state.round == 7 and state.to_move() == 1
    events = kingdom_turn(state, 6, 5, 4)
    assert state.to_move() is None and state.phase == OVER
    assert GameOver(("Marc",), 62) in events  # the last 6-5-4 came in one throw: 50
    assert state.outcome().scores == (14, 62)


# --- derived cases -----------------------------------------------------------------------


def test_derived_trc3_total_37_and_666_gives_19():
    state = new()
    state.scores[0] = 37
    kingdom_turn(state, 6, 6, 6)
    assert state.scores[0] == 19


def test_derived_trc3_negative_total_is_not_halved():
    state = new()
    state.scores[0] = -6
    kingdom_turn(state, 6, 6, 6)
    assert state.scores[0] == -6


def test_derived_656_is_worth_6():
    assert value((6, 5, 6)) == 6


def test_derived_six_locked_final_622_scores_0():
    state = new()
    play(state, Roll(), 6, 1, 2)
    play(state, Roll(lock=(0,)), 2, 2)
    assert state.dice == (6, 2, 2) and state.locks == (0,)
    play(state, Stop())
    assert state.scores[0] == 0


def test_derived_war_success_chance_is_7_in_27():
    outcomes = list(product(range(1, 7), repeat=3))
    wins = sum(war_success(f) for f in outcomes)
    assert Fraction(wins, len(outcomes)) == Fraction(7, 27)
    expected = Fraction(wins * 30 - (len(outcomes) - wins) * 10, len(outcomes))
    assert round(float(expected), 2) == 0.37


def test_derived_alliance_success_chance_is_91_in_216():
    outcomes = list(product(range(1, 7), repeat=3))
    assert sum(alliance_success(f) for f in outcomes) == 91


# --- TRC-1 Royaume prospère --------------------------------------------------------------


def test_trc1_654_on_a_later_throw_is_only_complete():
    assert value((6, 5, 4)) == 15


def test_trc1_legacy_prosperous_is_30_on_the_first_throw():
    state = new(prosperous="legacy")
    kingdom_turn(state, 6, 5, 4)
    assert state.scores[0] == 30


def test_trc1_legacy_prosperous_counts_any_throw_of_all_three_dice():
    state = new(prosperous="legacy")
    play(state, Roll(), 1, 2, 3)
    play(state, Roll(), 4, 5, 6)
    assert state.throw_label() == "Royaume prospère : 30"
    play(state, Stop())
    assert state.scores[0] == 30


def test_trc1_legacy_prosperous_not_once_a_die_is_locked():
    state = new(prosperous="legacy")
    play(state, Roll(), 6, 2, 3)
    play(state, Roll(lock=(0,)), 5, 4)
    play(state, Stop())
    assert state.scores[0] == 15


# --- TRC-2 bonuses replace the base score -------------------------------------------------


def test_trc2_bonuses_replace_the_base_by_default():
    assert kingdom((6, 5, 4), prosperous=True).points == 50
    assert kingdom((6, 5, 5)).points == 10


def test_trc2_additive_option():
    state = new(bonuses="additive")
    kingdom_turn(state, 6, 5, 4)
    assert state.scores[0] == 65
    assert value((6, 5, 5), bonuses="additive") == 15
    assert value((6, 6, 4), bonuses="additive") == 10
    assert value((6, 4, 4), bonuses="additive") == 8
    assert value((6, 5, 4), bonuses="additive") == 15


def test_trc2_additive_with_legacy_prosperous():
    state = new(bonuses="additive", prosperous="legacy")
    kingdom_turn(state, 6, 5, 4)
    assert state.scores[0] == 45


# --- TRC-3 Excès de pouvoir ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "positive", "literal"),
    [(37, 19, 19), (20, 10, 10), (1, 1, 1), (0, 0, 0), (-6, -6, -3), (-7, -7, -3)],
)
def test_trc3_halving_rounds_in_the_players_favour(total, positive, literal):
    assert halve(total) == positive
    assert halve(total, literal=True) == literal


def test_trc3_literal_option_halves_a_negative_total():
    state = new(excess="literal")
    state.scores[0] = -6
    kingdom_turn(state, 6, 6, 6)
    assert state.scores[0] == -3


def test_trc3_halving_shows_in_the_round_row():
    state = new()
    state.scores[0] = 37
    kingdom_turn(state, 6, 6, 6)
    assert state.round_scores[0][0] == -18


# --- TRC-4 only the final dice count --------------------------------------------------------


def test_trc4_666_on_throw_one_saved_by_locking_one_six():
    state = new()
    play(state, Roll(), 6, 6, 6)
    assert state.throw_label() == "Excès de pouvoir : score total divisé par 2"
    play(state, Roll(lock=(0,)), 5, 4)
    assert state.dice == (6, 5, 4)
    play(state, Stop())
    assert state.scores[0] == 15


def test_trc4_a_kingdom_seen_earlier_counts_for_nothing():
    state = new()
    play(state, Roll(), 6, 5, 4)
    play(state, Roll(lock=(0,)), 3, 3)
    play(state, Stop())
    assert state.scores[0] == 0 and state.complete_kingdoms[0] == 0


def test_trc4_after_the_third_throw_only_stop_remains():
    state = new()
    play(state, Roll(), 1, 1, 1)
    play(state, Roll(), 1, 1, 1)
    play(state, Roll(), 6, 4, 4)
    assert state.throw_no == 3 and state.throws_left == 0
    assert state.legal_actions() == [Stop()]
    assert state.lockable() == ()
    with pytest.raises(IllegalAction, match="Trois lancers au plus"):
        play(state, Roll(), 1, 1, 1)
    play(state, Stop())
    assert state.scores[0] == 8


# --- TRC-5 ordered, optional locks; stopping early --------------------------------------


def test_trc5_locks_follow_the_order_six_five_four():
    state = new()
    play(state, Roll(), 5, 4, 2)
    assert state.lockable() == ()
    assert state.lock_choices() == [()]
    with pytest.raises(IllegalAction, match="dans l'ordre"):
        play(state, Roll(lock=(0,)), 1, 1)


def test_trc5_several_dice_locked_in_one_throw():
    state = new()
    play(state, Roll(), 2, 5, 6)
    assert state.lockable() == (2,)
    assert state.lockable(pending=(2,)) == (1,)
    assert state.suggested_lock() == (2, 1)
    assert state.next_role == "Couronne"
    events = play(state, Roll(lock=(2, 1)), 4)
    assert events[0] == DiceLocked("Lina", (2, 1), ("Couronne", "Seigneur"))
    assert events[0].describe() == "Lina garde la Couronne (6) et le Seigneur (5)."
    assert events[1] == DiceRolled("Lina", 2, (4, 5, 6), (0,), "Royaume complet : 15")
    assert state.locked_roles == (None, "Seigneur", "Couronne")
    assert state.next_role == "Peuple"


def test_trc5_the_seigneur_needs_the_couronne_first():
    state = new()
    play(state, Roll(), 5, 1, 2)
    play(state, Roll(), 6, 5, 2)  # nothing locked: all three thrown again
    assert state.lockable() == (0,)
    play(state, Roll(lock=(0,)), 3, 3)
    assert state.lockable() == ()  # no 5 showing
    assert state.locked_roles == ("Couronne", None, None)


def test_trc5_locked_dice_are_never_thrown_again():
    state = new()
    play(state, Roll(), 6, 5, 1)
    events = play(state, Roll(lock=(0, 1)), 2)  # a single die is scripted
    assert events[-1].rolled == (2,)
    assert state.dice == (6, 5, 2) and state.throw_no == 2


def test_trc5_locking_is_optional_and_all_free_dice_are_thrown():
    state = new()
    play(state, Roll(), 6, 5, 1)
    events = play(state, Roll(), 2, 2, 2)
    assert events[-1].rolled == (0, 1, 2) and state.locks == ()


def test_trc5_the_third_lock_leaves_nothing_to_throw():
    state = new()
    play(state, Roll(), 6, 5, 1)
    play(state, Roll(lock=(0, 1)), 4)
    assert state.lockable() == () and state.lock_choices() == [()]
    with pytest.raises(IllegalAction, match="aucun dé à relancer"):
        play(state, Roll(lock=(2,)))


def test_trc5_two_sixes_either_may_be_the_couronne():
    state = new()
    play(state, Roll(), 6, 2, 6)
    assert state.lockable() == (0, 2)
    assert set(state.lock_choices()) == {(), (0,), (2,)}


def test_trc5_stopping_early_on_656():
    state = new()
    play(state, Roll(), 6, 5, 1)
    play(state, Roll(lock=(0, 1)), 6)
    assert state.throw_label() == "Noblesse instable : 6"
    assert state.stop_change() == 6
    play(state, Stop())
    assert state.scores[0] == 6 and state.to_move() == 1


def test_trc5_a_locked_die_cannot_be_locked_again():
    state = new()
    play(state, Roll(), 6, 1, 1)
    play(state, Roll(lock=(0,)), 1, 1)
    with pytest.raises(IllegalAction, match="encore libres"):
        play(state, Roll(lock=(0,)), 1, 1)


# --- TRC-6 War and Alliance replace the turn ---------------------------------------------


def test_quoted_war_success_steals_30_and_returns_the_bet():
    state = new()
    events = play(state, DeclareWar(1), 4, 5, 1)
    assert events[:2] == [
        WarDeclared("Lina", "Marc"),
        WarResolved("Lina", "Marc", (4, 5, 1), True, 30),
    ]
    assert state.scores == [30, -30, 0]
    assert state.to_move() == 1  # TRC-6: the War throw is the whole turn


def test_quoted_war_three_dice_in_4_5_also_wins():
    state = new()
    play(state, DeclareWar(2), 5, 5, 4)
    assert state.scores == [30, 0, -30]


def test_quoted_war_failure_gives_the_bet_to_the_target():
    state = new()
    events = play(state, DeclareWar(1), 4, 6, 6)
    assert events[1] == WarResolved("Lina", "Marc", (4, 6, 6), False, 0)
    assert events[1].describe() == ("Lina lance 4-6-6 : défaite. Les 10 points misés vont à Marc.")
    assert state.scores == [-10, 10, 0]


def test_quoted_alliance_success_each_gains_10():
    state = new()
    events = play(state, ProposeAlliance(2))
    assert events == [AllianceProposed("Lina", "Zoé")]
    assert state.phase == ANSWER and state.to_move() == 2 and state.partner == 2
    assert state.legal_actions() == [AnswerAlliance(True), AnswerAlliance(False)]
    events = play(state, AnswerAlliance(True), 1, 6, 2)
    assert events[0] == AllianceResolved("Lina", "Zoé", (1, 6, 2), True)
    assert state.scores == [10, 0, 10]
    assert state.to_move() == 1


def test_quoted_alliance_failure_both_lose_their_bets():
    state = new()
    play(state, ProposeAlliance(1))
    play(state, AnswerAlliance(True), 1, 2, 5)
    assert state.scores == [-5, -5, 0]


def test_trc6_plus_turn_option_adds_a_normal_turn():
    state = new(special_turn="plus_turn")
    play(state, DeclareWar(1), 4, 5, 1)
    assert state.to_move() == 0 and state.phase == START
    assert state.legal_actions() == [Roll()]
    assert state.war_targets() == [] and state.alliance_partners() == []
    with pytest.raises(IllegalAction, match="Une seule action spéciale"):
        play(state, DeclareWar(2), 4, 5, 1)
    kingdom_turn(state, 6, 5, 5)
    assert state.scores == [40, -30, 0] and state.to_move() == 1


def test_trc6_plus_turn_after_an_alliance():
    state = new(special_turn="plus_turn")
    play(state, ProposeAlliance(1))
    play(state, AnswerAlliance(True), 6, 1, 1)
    assert state.to_move() == 0 and state.legal_actions() == [Roll()]


def test_special_actions_only_before_the_first_throw():
    state = new()
    play(state, Roll(), 1, 2, 3)
    assert DeclareWar(1) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="avant le premier lancer"):
        play(state, DeclareWar(1), 4, 5, 1)
    with pytest.raises(IllegalAction, match="avant le premier lancer"):
        play(state, ProposeAlliance(1))


# --- TRC-7 stakes ---------------------------------------------------------------------


def test_trc7_scores_go_negative_and_no_minimum_to_bet():
    state = new(("Lina", "Marc"))
    state.scores = [-3, 4]
    assert state.war_targets() == [1] and state.alliance_partners() == [1]
    play(state, DeclareWar(1), 4, 4, 1)
    assert state.scores == [27, -26]


def test_trc7_covered_stakes_cap_the_steal():
    state = new(("Lina", "Marc", "Zoé"), stakes="covered")
    state.scores = [10, 12, -4]
    play(state, DeclareWar(1), 4, 4, 1)
    assert state.scores == [22, 0, -4]


def test_trc7_covered_stakes_steal_nothing_from_a_negative_target():
    state = new(stakes="covered")
    state.scores = [10, -4, 0]
    events = play(state, DeclareWar(1), 4, 4, 1)
    assert events[1].stolen == 0 and state.scores == [10, -4, 0]


def test_trc7_covered_stakes_require_the_bet():
    state = new(stakes="covered")
    state.scores = [9, 5, 4]
    assert state.war_targets() == []
    assert state.alliance_partners() == [1]  # Zoé cannot cover 5
    with pytest.raises(IllegalAction, match="au moins 10 points"):
        play(state, DeclareWar(1), 4, 4, 1)
    with pytest.raises(IllegalAction, match="Zoé n'a pas les 5 points"):
        play(state, ProposeAlliance(2))


def test_trc7_covered_stakes_the_proposer_needs_5():
    state = new(stakes="covered")
    state.scores = [4, 50, 50]
    assert state.alliance_partners() == []
    assert state.legal_actions() == [Roll()]


# --- TRC-8 War targets and cooldown ---------------------------------------------------------


def test_trc8_a_war_target_is_protected_the_next_round_from_everyone():
    state = new()
    play(state, DeclareWar(1), 1, 1, 1)  # round 1: Lina attacks Marc
    assert state.war_targets() == [0, 2]
    pass_turns(state, 1)  # Marc
    assert state.war_targets() == [0, 1]  # Zoé may still attack Marc in round 1
    pass_turns(state, 1)  # Zoé
    assert state.round == 2 and state.war_protected(1)
    assert state.war_targets() == [2]
    with pytest.raises(IllegalAction, match="Impossible de cibler Marc"):
        play(state, DeclareWar(1), 4, 4, 4)
    pass_turns(state, 1)  # Lina
    pass_turns(state, 1)  # Marc
    assert state.war_targets() == [0]  # Zoé cannot attack Marc in round 2 either
    pass_turns(state, 1)
    assert state.round == 3 and not state.war_protected(1)
    assert state.war_targets() == [1, 2]


def test_trc8_two_players_no_endless_war_on_the_same_opponent():
    state = new(("Lina", "Marc"))
    play(state, DeclareWar(1), 1, 1, 1)
    pass_turns(state, 1)
    assert state.war_targets() == []
    assert state.legal_actions() == [Roll(), ProposeAlliance(1)]


def test_trc8_no_target_left_says_why():
    state = new()
    play(state, DeclareWar(1), 1, 1, 1)  # round 1: Lina attacks Marc…
    play(state, DeclareWar(0), 1, 1, 1)  # …Marc attacks Lina
    pass_turns(state, 1)
    assert state.round == 2 and state.war_targets() == [2]
    pass_turns(state, 2)
    assert state.current == 2 and state.war_targets() == []  # Zoé faces two shelters
    assert state.closed_refusal(war=True) == (
        "Aucun royaume à attaquer : Lina et Marc ont subi une guerre à la manche précédente."
    )
    two = new(("Lina", "Marc"))
    play(two, DeclareWar(1), 1, 1, 1)
    pass_turns(two, 1)
    assert two.closed_refusal(war=True).startswith("Impossible de cibler Marc")
    solo = new(("Lina",))
    assert "en solo" in solo.closed_refusal(war=False)


def test_trc7_covered_stakes_no_partner_with_the_bet_says_why():
    state = new(stakes="covered")
    state.scores = [5, 0, 0]
    assert state.alliance_partners() == []
    assert state.closed_refusal(war=False) == "Personne n'a les 5 points de la mise."


def test_target_selection_never_the_active_player():
    state = new()
    assert 0 not in state.war_targets() and 0 not in state.alliance_partners()
    with pytest.raises(IllegalAction, match="autre royaume"):
        play(state, DeclareWar(0), 4, 4, 4)
    with pytest.raises(IllegalAction, match="n'existe pas"):
        play(state, DeclareWar(7), 4, 4, 4)
    with pytest.raises(IllegalAction, match="autre royaume"):
        play(state, ProposeAlliance(0))


# --- TRC-9 Alliance -------------------------------------------------------------------------


def test_trc9_no_alliance_two_rounds_in_a_row():
    state = new(("Lina", "Marc"))
    play(state, ProposeAlliance(1))
    play(state, AnswerAlliance(True), 6, 1, 1)
    pass_turns(state, 1)
    assert state.round == 2 and state.alliance_resting(0)
    assert state.alliance_partners() == []
    with pytest.raises(IllegalAction, match="Pas deux alliances de suite"):
        play(state, ProposeAlliance(1))
    pass_turns(state, 2)
    assert state.round == 3 and state.alliance_partners() == [1]


def test_trc9_the_partner_is_not_limited_by_the_cooldown():
    state = new(("Lina", "Marc"))
    play(state, ProposeAlliance(1))
    play(state, AnswerAlliance(True), 6, 1, 1)
    assert state.alliance_partners() == [0]


def test_trc9_the_partner_may_refuse_then_a_normal_turn():
    state = new()
    play(state, ProposeAlliance(1))
    events = play(state, AnswerAlliance(False))
    assert events == [AllianceRefused("Lina", "Marc")]
    assert events[0].describe() == "Marc refuse l'alliance : Lina joue un tour normal."
    assert state.to_move() == 0 and state.phase == START
    assert state.legal_actions() == [Roll()]
    assert state.scores == [0, 0, 0]
    kingdom_turn(state, 6, 5, 5)
    assert state.scores == [10, 0, 0] and state.to_move() == 1


def test_trc9_a_refused_proposal_still_counts_for_the_cooldown():
    state = new(("Lina", "Marc"))
    play(state, ProposeAlliance(1))
    play(state, AnswerAlliance(False))
    pass_turns(state, 2)
    assert state.alliance_resting(0) and state.alliance_partners() == []


def test_trc9_the_partner_decides_during_the_proposers_turn():
    state = new()
    assert (state.to_move(), state.whose_turn(), state.prompt()) == (0, 0, "")
    play(state, ProposeAlliance(1))
    assert (state.to_move(), state.whose_turn()) == (1, 0)
    assert state.prompt() == "Lina te propose une alliance — à toi de répondre"
    play(state, AnswerAlliance(False))
    assert (state.to_move(), state.whose_turn(), state.prompt()) == (0, 0, "")


def test_trc9_the_partners_answer_cannot_be_taken_back_by_either_seat():
    match = Match(GAME, 1, (Seat("Lina"), Seat("Marc")), {})
    match.play(ProposeAlliance(1))
    assert match.undoable() == 0  # Marc answers: Lina's proposal is not his to undo
    match.play(AnswerAlliance(False))
    assert match.undoable() == 0  # Lina plays on: Marc's answer is not hers either


def test_trc9_only_the_partner_answers():
    state = new()
    play(state, ProposeAlliance(1))
    with pytest.raises(IllegalAction, match="Marc doit d'abord répondre"):
        play(state, Roll(), 1, 2, 3)
    state2 = new()
    with pytest.raises(IllegalAction, match="Aucune alliance"):
        play(state2, AnswerAlliance(True), 6, 6, 6)


# --- TRC-10 Royaume déclinant ----------------------------------------------------------------


def test_trc10_off_by_default():
    assert value((6, 3, 1)) == 0


@pytest.mark.parametrize(
    ("faces", "change"), [((6, 3, 1), -1), ((5, 4, 3), -4), ((6, 5, 2), 2), ((6, 4, 4), 8)]
)
def test_trc10_declining_kingdom_costs_one_more(faces, change):
    assert value(faces, decline="non_positive") == change


def test_trc10_666_loses_one_after_the_halving():
    state = new(decline="non_positive")
    state.scores[0] = 37
    events = kingdom_turn(state, 6, 6, 6)
    assert state.scores[0] == 18
    assert KingdomDeclined("Lina", 18) in events


def test_trc10_throw_label_warns_of_the_decline():
    state = new(decline="non_positive")
    play(state, Roll(), 6, 3, 1)
    assert state.throw_label() == "Couronne isolée : 0 (royaume déclinant : -1)"
    assert state.stop_change() == -1


def test_trc10_war_and_alliance_turns_are_exempt():
    state = new(decline="non_positive")
    play(state, DeclareWar(1), 1, 1, 1)
    play(state, ProposeAlliance(2))
    play(state, AnswerAlliance(True), 1, 1, 1)
    assert state.scores == [-10, 5, -5]


@pytest.mark.parametrize(("faces", "change"), [((6, 3, 1), -1), ((5, 4, 3), -3)])
def test_trc10_zero_only_option(faces, change):
    assert value(faces, decline="zero") == change


# --- TRC-11 ranking and ties -----------------------------------------------------------------


def finish(state, scores, kingdoms):
    """Jump to the last turn, then end the game with a 2-2-3 (-3) for the last player."""
    state.round = ROUNDS
    state.current = state.seats - 1
    state.scores = list(scores)
    state.complete_kingdoms = list(kingdoms)
    return kingdom_turn(state, 2, 2, 3)


def test_trc11_highest_score_wins():
    state = new()
    events = finish(state, [30, 20, 13], [0, 0, 0])
    outcome = state.outcome()
    assert outcome.scores == (30, 20, 10) and outcome.ranks == (1, 2, 3)
    assert outcome.winners == (0,)
    assert events[-1] == GameOver(("Lina",), 30)
    assert events[-1].describe() == "Lina monte sur le trône des Trois Couronnes avec 30 points !"
    assert outcome.summary == "Lina monte sur le trône avec 30 points."


def test_trc11_tie_broken_by_complete_kingdoms():
    state = new()
    finish(state, [30, 30, 13], [1, 2, 5])
    outcome = state.outcome()
    assert outcome.ranks == (2, 1, 3)
    assert outcome.summary == (
        "Marc monte sur le trône avec 30 points et 2 royaumes complets (départage)."
    )


def test_trc11_prosperous_counts_as_complete():
    state = new()
    kingdom_turn(state, 6, 5, 4)
    kingdom_turn(state, 6, 5, 4)
    play(state, Roll(), 1, 1, 1)
    play(state, Roll(), 6, 5, 4)
    play(state, Stop())
    assert state.complete_kingdoms == [1, 1, 1]


def test_trc11_still_tied_is_shared():
    state = new()
    events = finish(state, [30, 30, 13], [1, 1, 0])
    outcome = state.outcome()
    assert outcome.ranks == (1, 1, 3) and outcome.winners == (0, 1)
    assert events[-1].describe() == ("Lina et Marc se partagent le trône avec 30 points.")
    assert "se partagent la couronne" in outcome.summary


def test_the_game_refuses_actions_once_over():
    state = new()
    finish(state, [0, 0, 0], [0, 0, 0])
    assert state.legal_actions() == [] and state.to_move() is None
    with pytest.raises(IllegalAction, match="terminée"):
        play(state, Roll(), 1, 1, 1)


# --- TRC-12 / TRC-13 labels and stories ------------------------------------------------------


def test_trc12_locked_dice_carry_their_role():
    state = new()
    play(state, Roll(), 1, 6, 5)
    play(state, Roll(lock=(1, 2)), 3)
    assert state.role_of(1) == "Couronne" and state.role_of(2) == "Seigneur"
    assert state.role_of(0) is None


def test_trc13_story_is_optional_cleaned_and_capped():
    state = new()
    play(state, Roll(), 6, 5, 2)
    assert state.story_suggestion() == "Un noble loyal tente de gouverner un peuple affamé."
    events = play(state, Stop(story="[red]Mon\x1b[0m royaume\u200b " + "a" * 200))
    proclaimed = events[0]
    assert isinstance(proclaimed, KingdomProclaimed)
    assert "\x1b" not in proclaimed.story and len(proclaimed.story) <= 80
    assert proclaimed.story.startswith("[red]Mon")


def test_trc13_story_appears_in_the_log():
    state = new()
    events = kingdom_turn(state, 6, 5, 4, story="Mon royaume est en parfaite harmonie.")
    assert events[0].describe() == (
        "Lina proclame 6-5-4, Royaume prospère : +50. « Mon royaume est en parfaite harmonie. »"
    )
    assert events[1] == TurnStarted("Marc", 1)
    assert events[1].describe() == "Manche 1 sur 7 : au tour de Marc."


def test_story_suggestions_follow_the_dice():
    assert kingdom((6, 6, 6)).story == "L'autorité absolue a mené mon royaume à sa chute."
    assert kingdom((6, 3, 1)).story.startswith("Sans noblesse")
    assert new().story_suggestion() == ""


# --- solo ------------------------------------------------------------------------------------


def test_solo_has_no_war_or_alliance():
    state = new(("Lina",))
    assert state.legal_actions() == [Roll()]
    with pytest.raises(IllegalAction, match="en solo"):
        play(state, DeclareWar(0), 4, 4, 4)
    with pytest.raises(IllegalAction, match="en solo"):
        play(state, ProposeAlliance(0))


def test_solo_score_attack_over_seven_rounds():
    state = new(("Lina",))
    for _ in range(ROUNDS):
        assert state.to_move() == 0
        kingdom_turn(state, 6, 5, 2)
    outcome = state.outcome()
    assert outcome.scores == (14,) and outcome.won
    assert outcome.summary == "Le royaume de Lina prospère : 14 points en 7 manches."
    assert len(state.round_scores) == ROUNDS


def test_solo_a_kingdom_in_the_red_is_lost():
    state = new(("Lina",))
    for _ in range(ROUNDS):
        kingdom_turn(state, 2, 2, 3)
    assert state.outcome().scores == (-21,) and not state.outcome().won


# --- what the screen reads -------------------------------------------------------------------


def test_score_sheet_rows_per_round_sum_to_the_totals():
    state = new()
    kingdom_turn(state, 6, 5, 5)  # Lina +10
    play(state, DeclareWar(0), 4, 5, 1)  # Marc takes 30 from Lina
    play(state, ProposeAlliance(0))  # Zoé and Lina
    play(state, AnswerAlliance(True), 6, 1, 1)
    assert state.round_scores == [[-10, 30, 10], [0, 0, 0]]  # round 2's row opens with it
    kingdom_turn(state, 6, 4, 4)
    assert state.round_scores == [[-10, 30, 10], [8, 0, 0]]
    assert [sum(col) for col in zip(*state.round_scores, strict=True)] == state.scores
    kinds = [(t.round, t.seat, t.kind, t.points) for t in state.turns]
    assert kinds == [(1, 0, KINGDOM, 10), (1, 1, WAR, 30), (1, 2, ALLIANCE, 10), (2, 0, KINGDOM, 8)]
    assert state.turns[0].label == "6-5-5 Royaume noble"
    assert state.turns[1].label == "Guerre contre Lina : victoire"
    # Every seat's change in each turn: the target of a War and the ally count too.
    assert [t.changes for t in state.turns] == [(10, 0, 0), (-30, 30, 0), (10, 0, 10), (8, 0, 0)]


def test_score_sheet_keeps_kingdoms_wars_and_alliances_apart():
    state = new()
    kingdom_turn(state, 6, 5, 5)  # Lina +10
    play(state, DeclareWar(0), 4, 5, 1)  # Marc takes 30 from Lina
    play(state, ProposeAlliance(0))  # Zoé and Lina gain 10 each
    play(state, AnswerAlliance(True), 6, 1, 1)
    play(state, Roll(), 2, 2, 3)  # Lina's second turn, under way
    assert sheet_rows(state, "…") == (
        ("M1", ("+10", "G", "A")),
        ("M2", ("…", "", "")),
        *((f"M{n}", ("", "", "")) for n in range(3, ROUNDS + 1)),
        ("G", ("-30", "+30", "")),
        ("A", ("+10", "", "+10")),
        ("6-5-4", ("0", "0", "0")),
    )
    assert LEGEND == "G guerre · A alliance"


def test_score_sheet_marks_a_special_played_before_a_kingdom_turn():
    state = new(special_turn="plus_turn")
    play(state, DeclareWar(1), 1, 1, 1)  # the bet goes to Marc
    kingdom_turn(state, 6, 5, 5)
    rows = dict(sheet_rows(state))
    assert rows["M1"][:2] == ("+10G", "…") and rows["G"][:2] == ("-10", "+10")
    assert "A" not in rows
    assert "6-5-4" not in dict(sheet_rows(new(("Lina",))))


def test_the_dice_that_count_in_a_war_or_an_alliance():
    war = WarResolved("Lina", "Marc", (4, 6, 5), True, 30)
    alliance = AllianceResolved("Lina", "Marc", (6, 1, 6), True)
    assert war.counted == (True, False, True) and alliance.counted == (True, False, True)


def test_phase_dice_and_throws_left():
    state = new()
    assert (state.phase, state.dice, state.throws_left, state.current) == (START, (), 3, 0)
    assert state.kingdom_now() is None and state.throw_label() == ""
    play(state, Roll(), 3, 6, 5)
    assert (state.phase, state.dice, state.throws_left) == (ROLLING, (3, 6, 5), 2)
    assert state.rounds == ROUNDS


def test_stop_before_the_first_throw_is_refused():
    state = new()
    with pytest.raises(IllegalAction, match="Lance les dés au moins une fois"):
        play(state, Stop())
    with pytest.raises(IllegalAction, match="Rien à garder"):
        play(state, Roll(lock=(0,)), 1, 1, 1)


def test_events_name_players_and_never_say_tu_or_vous():
    state = new()
    events = kingdom_turn(state, 6, 5, 4)
    events += play(state, DeclareWar(0), 1, 1, 1)
    events += play(state, ProposeAlliance(1))
    events += play(state, AnswerAlliance(True), 2, 2, 2)
    play(state, Roll(), 6, 6, 1)
    events += play(state, Roll(lock=(0,)), 6, 3)
    events += play(state, Stop())
    for event in events:
        text = event.describe()
        assert text and not {"tu", "vous", "ton", "votre"} & set(text.lower().split())
    assert events[-3].describe() == "Lina lance les dés (2e lancer) : 6-6-3, Couronne isolée : 0."


def test_view_is_the_state_itself():
    state = new()
    assert state.view(1) is state


def test_saved_match_replays_locks_and_alliances():
    seats = (Seat("Lina"), Seat("Marc"))
    match = Match(GAME, 3, seats, {})
    match.play(ProposeAlliance(1))
    match.play(AnswerAlliance(False))
    match.play(Roll())
    match.play(Roll(lock=match.state.suggested_lock()))
    saved = match.to_saved()
    again = Match.from_saved(GAME, saved)
    assert again.to_saved() == saved
    assert again.state.dice == match.state.dice and again.state.locks == match.state.locks


def test_an_answer_must_be_yes_or_no():
    state = new()
    play(state, ProposeAlliance(1))
    with pytest.raises(IllegalAction, match="oui ou par non"):
        play(state, AnswerAlliance("peut-être"))


def test_options_offer_every_variant_with_the_rulings_as_defaults():
    assert GAME.default_options() == {
        "prosperous": "first_throw",
        "bonuses": "replace",
        "excess": "positive",
        "special_turn": "replaces_turn",
        "stakes": "free",
        "decline": "off",
    }
    decline = next(o for o in GAME.options if o.key == "decline")
    assert {c.value for c in decline.choices} == {"off", "non_positive", "zero"}
    assert GAME.options[0] is decline  # the text's own variant comes first at setup
    assert GAME.info.min_players == 1 and GAME.info.max_players == 4 and GAME.info.solo


# --- helpers the screen shows --------------------------------------------------------------


def test_toggle_lock_follows_the_order_and_drops_what_depended_on_a_die():
    state = new()
    play(state, Roll(), 5, 6, 4)
    assert state.toggle_lock((), 1) == (1,)  # the 6 first
    assert state.toggle_lock((1,), 0) == (1, 0)  # then the 5
    assert state.toggle_lock((1, 0), 1) == ()  # no Couronne, no Seigneur
    assert state.toggle_lock((1, 0), 0) == (1,)
    with pytest.raises(IllegalAction, match=r"il faut maintenant la Couronne \(6\).*un 5"):
        state.toggle_lock((), 0)
    with pytest.raises(IllegalAction, match="Il doit rester un dé à relancer"):
        state.toggle_lock((1, 0), 2)


def test_toggle_lock_with_two_sixes_either_may_be_the_couronne():
    state = new()
    play(state, Roll(), 6, 6, 5)
    assert state.toggle_lock((), 0) == (0,) and state.toggle_lock((), 1) == (1,)
    assert state.toggle_lock((1,), 2) == (1, 2)
    with pytest.raises(IllegalAction, match=r"le Seigneur \(5\), et ce dé montre un 6"):
        state.toggle_lock((0,), 1)


def test_lock_refusals_before_the_first_throw_after_the_third_and_on_a_locked_die():
    state = new()
    with pytest.raises(IllegalAction, match="Lance d'abord les dés"):
        state.toggle_lock((), 0)
    play(state, Roll(), 6, 1, 1)
    play(state, Roll(lock=(0,)), 2, 2)
    with pytest.raises(IllegalAction, match="déjà gardé : la Couronne"):
        state.toggle_lock((), 0)
    play(state, Roll(), 3, 3)
    with pytest.raises(IllegalAction, match="Plus de relance après le 3e lancer"):
        state.toggle_lock((), 1)


def test_leaders_use_the_tie_break_and_nobody_leads_when_level():
    state = new(("Lina", "Marc"))
    assert state.leaders() == frozenset()
    kingdom_turn(state, 6, 5, 5)  # Lina 10
    assert state.leaders() == {0}
    play(state, Roll(), 1, 1, 1)
    play(state, Roll(), 6, 5, 4)  # Marc 15 with a complete kingdom
    play(state, Stop())
    assert state.leaders() == {1}
    solo = new(("Lina",))
    kingdom_turn(solo, 6, 5, 5)
    assert solo.leaders() == frozenset()


def test_leaders_level_on_points_are_told_apart_by_complete_kingdoms():
    state = new(("Lina", "Marc"))
    play(state, Roll(), 1, 1, 1)
    play(state, Roll(), 6, 5, 4)  # Lina 15, one complete kingdom
    play(state, Stop())
    play(state, Roll(), 6, 5, 5)  # Marc 10
    play(state, Stop())
    play(state, Roll(), 2, 2, 2)  # Lina 12
    play(state, Stop())
    kingdom_turn(state, 6, 5, 2)  # Marc 12
    assert state.scores == [12, 12] and state.leaders() == {0}


def test_bonus_table_follows_the_options():
    plain = {row.name: row.effect for row in new().bonus_table()}
    assert plain == {
        "Royaume prospère": "50",
        "Royaume complet": "15",
        "Royaume noble": "10",
        "Noblesse instable": "3e dé",
        "Royaume tyrannique": "10",
        "Révolution": "8",
        "Excès de pouvoir": "÷2",
        "Couronne isolée": "0",
        "Royaume déchu": "-3",
    }
    legacy = {r.name: r.effect for r in new(prosperous="legacy", bonuses="additive").bonus_table()}
    assert legacy["Royaume prospère"] == "45" and legacy["Royaume noble"] == "15"
    declining = {r.name: r.effect for r in new(decline="non_positive").bonus_table()}
    assert declining["Couronne isolée"] == "-1" and declining["Royaume déchu"] == "-4"
    assert declining["Excès de pouvoir"] == "÷2 -1"
    zero = {r.name: r.effect for r in new(decline="zero").bonus_table()}
    assert zero["Couronne isolée"] == "-1" and zero["Royaume déchu"] == "-3"


def test_bonus_table_names_match_the_kingdoms_the_engine_finds():
    names = {row.name for row in new().bonus_table()}
    found = {kingdom(f, prosperous=True).name for f in product(range(1, 7), repeat=3)}
    found |= {kingdom(f).name for f in product(range(1, 7), repeat=3)}
    assert found == names


def test_war_and_alliance_chances_shown_on_screen():
    assert WAR_CHANCE == Fraction(7, 27)
    assert ALLIANCE_CHANCE == Fraction(91, 216)


# --- the computer player ---------------------------------------------------------------------


def test_bot_stops_on_a_prosperous_kingdom_and_chases_from_nothing():
    state = new()
    bot = GAME.bot(1)
    play(state, Roll(), 6, 5, 4)
    assert bot.choose(state) == Stop()
    state = new()
    play(state, Roll(), 1, 2, 3)
    assert isinstance(bot.choose(state), Roll)


def test_bot_keeps_the_couronne_and_the_seigneur():
    state = new()
    play(state, Roll(), 6, 5, 1)
    choice = GAME.bot(1).choose(state)
    assert choice == Roll(lock=(0, 1))


def test_bot_accepts_alliances_and_plays_kingdom_turns_by_default():
    state = new()
    bot = GAME.bot(1)
    assert bot.choose(state) == Roll()
    play(state, ProposeAlliance(1))
    assert bot.choose(state) == AnswerAlliance(True)


def test_bot_wars_on_the_leader_in_the_last_round_when_far_behind():
    state = new(("Lina", "Marc"))
    for _ in range(ROUNDS - 1):
        kingdom_turn(state, 2, 2, 3)  # Lina -3 each round
        kingdom_turn(state, 6, 5, 5)  # Marc +10
    assert GAME.bot(1).choose(state) == DeclareWar(1)


def test_bot_declares_war_when_it_comes_on_top_of_a_normal_turn():
    state = new(special_turn="plus_turn")
    assert isinstance(GAME.bot(1).choose(state), DeclareWar)
    play(state, DeclareWar(1), 1, 1, 1)
    assert GAME.bot(1).choose(state) == Roll()


LEVELS = ("debutant", "moyen", "fort")


def test_the_game_offers_three_levels():
    assert GAME.levels == LEVELS


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_stops_on_a_prosperous_kingdom(level):
    state = new()
    play(state, Roll(), 6, 5, 4)
    assert GAME.bot(1, level).choose(state) == Stop()


def test_debutant_keeps_what_it_may_and_stops_on_a_good_kingdom():
    state = new()
    play(state, Roll(), 6, 5, 1)
    assert GAME.bot(1, "debutant").choose(state) == Roll(lock=(0, 1))
    play(state, Roll(lock=(0, 1)), 5)
    assert GAME.bot(1, "debutant").choose(state) == Stop()  # 6-5-5, Royaume noble


def last_round(scores):
    """Two seats at the start of the last round's second turn, with these scores."""
    state = new(("Lina", "Marc"))
    pass_turns(state, 2 * ROUNDS - 1)
    state.scores = list(scores)
    return state


def test_fort_stops_on_any_kingdom_that_wins_the_game():
    state = last_round([15, 24])
    play(state, Roll(), 4, 3, 4)  # Royaume déchu: 21 still beats 15; a 6-6-6 would not
    assert GAME.bot(1, "fort").choose(state) == Stop()
    assert GAME.bot(1, "moyen").choose(state) != Stop()  # Moyen only counts points


def test_fort_goes_to_war_when_no_kingdom_can_catch_the_leader():
    state = last_round([50, 10])
    assert GAME.bot(1, "fort").choose(state) == DeclareWar(0)
    state = last_round([12, 10])
    assert GAME.bot(1, "fort").choose(state) == Roll()


def test_fort_goes_to_war_when_far_behind_before_the_last_round():
    state = new(("Lina", "Marc"))
    pass_turns(state, 2 * 4 + 1)  # round 5, Marc to play
    state.scores = [40, 0]
    assert GAME.bot(1, "fort").choose(state) == DeclareWar(0)
    assert GAME.bot(1, "moyen").choose(state) == Roll()  # Moyen waits for the last round


@pytest.mark.parametrize("scores", [(0, 0), (20, 24), (30, 5), (41, 50), (90, 20)])
def test_fort_race_tables_end_as_the_turn_solver_plays_the_last_turn(scores):
    """The last half-turn of the race, War barred: the best kingdom turn for the win."""
    from jeux.games.trois_couronnes.bots import Race, Scoring, TurnSolver, duel_tables, grid

    mine, theirs = scores
    state = new(("Lina", "Marc"))
    tables = duel_tables(Race.of(state))
    lead = theirs - mine

    def worth(change):
        return 1.0 if change > lead else 0.5 if change == lead else 0.0

    best = TurnSolver(Scoring.of(state), mine, worth).rethrow(0, 0)
    assert tables[2 * ROUNDS - 1][(True, False)][grid(mine), grid(theirs)] == pytest.approx(best)
