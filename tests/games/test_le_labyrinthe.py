"""Le Labyrinthe (RULINGS.md §14, §0.4 LAB-10): every quoted and derived case, forced dice."""

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.testing import ForcedRng
from jeux.games.le_labyrinthe.game import GAME
from jeux.games.le_labyrinthe.rules import (
    ADVANCE,
    CRITICAL,
    EXIT,
    FIND,
    HEAL,
    HELP,
    ITEM,
    KEEP,
    LOST,
    MAX_HP,
    OUT,
    OVER,
    PAY,
    ROLL,
    ROOM,
    STAY,
    STEPS,
    TOKEN,
    TRAP,
    TRAP_FREES,
    WAITING,
    Answer,
    Bonus,
    Died,
    Exit,
    Explorer,
    Help,
    Keep,
    Resolved,
    Roll,
    Skipped,
    band,
)


def new(players=("Lina",), **options):
    return GAME.new(players, GAME.resolve_options(options), ForcedRng())


def play(state, action, *dice):
    return state.apply(action, ForcedRng(dice))


def at(state, seat=0, step=0, hp=MAX_HP):
    state.step[seat], state.hp[seat] = step, hp
    return state


# --- the start and the table ----------------------------------------------------------------


def test_start_five_hp_ten_steps():
    """Quoted: start HP 5; 10 steps."""
    state = new()
    assert state.hp == [MAX_HP] == [5] and state.step == [0] and STEPS == 10
    assert state.legal_actions() == [Roll()]


def test_table_bands():
    names = [band(f).name for f in (1, 2, 4, 5, 9, 10, 14, 15, 17, 18, 19, 20)]
    assert names == [
        "Échec critique",
        *["Piège ou obstacle"] * 2,
        *["Salle déroutante"] * 2,
        *["Progrès normal"] * 2,
        *["Découverte utile"] * 2,
        *["Avancée rapide"] * 2,
        "Vision du centre",
    ]


def test_critical_costs_two_hp_and_stays():
    """Quoted: 1 → −2 HP."""
    state = at(new(), step=3)
    play(state, Roll(), 1)
    assert state.hp == [3] and state.step == [3] and state.phase == ROLL


def test_normal_progress():
    state = new()
    play(state, Roll(), 12)
    assert state.step == [1] and state.turns == [2]


def test_quoted_step_7_roll_18_goes_to_9():
    """Quoted: « Étape 7, je fais 18 » → step 9 (LAB-6)."""
    state = at(new(), step=7)
    play(state, Roll(), 18)
    assert state.step == [9]


def test_quoted_step_4_roll_3_stay():
    """Quoted, LAB-1: « Étape 4, je fais 3 » and staying → still step 4, no HP lost."""
    state = at(new(), step=4)
    play(state, Roll(), 3)
    assert state.phase == TRAP
    play(state, Answer(STAY))
    assert state.step == [4] and state.hp == [5] and state.phase == ROLL


def test_trap_paid_advances():
    """LAB-1: paying 1 HP lets you advance one step."""
    state = at(new(), step=4)
    play(state, Roll(), 2)
    play(state, Answer(PAY))
    assert state.step == [5] and state.hp == [4]


def test_option_trap_pay_frees_without_advancing_and_stay_blocks():
    """LAB-1 [OPTION]: paying frees on the spot; staying blocked loses the next turn."""
    state = at(new(trap=TRAP_FREES), step=4)
    play(state, Roll(), 2)
    play(state, Answer(PAY))
    assert state.step == [4] and state.hp == [4] and state.phase == ROLL
    play(state, Roll(), 3)
    events = play(state, Answer(STAY))
    assert any(isinstance(e, Skipped) for e in events)
    assert state.turns == [4] and state.phase == ROLL


def test_room_stay_or_advance_with_malus():
    """Rules restated: 5–9 stay, or advance and take −2 on the next roll."""
    state = new()
    play(state, Roll(), 7)
    assert state.phase == ROOM
    play(state, Answer(ADVANCE))
    assert state.step == [1] and state.malus == [True]
    play(state, Roll(), 6)
    play(state, Answer(STAY))
    assert state.step == [1] and state.malus == [False]


def test_malus_turns_11_into_9_so_the_room_question_returns():
    """Derived, LAB-2: advance on a 5–9, then a natural 11 counts as 9: the choice again."""
    state = new()
    play(state, Roll(), 5)
    play(state, Answer(ADVANCE))
    events = play(state, Roll(), 11)
    resolved = next(e for e in events if isinstance(e, Resolved))
    assert (resolved.natural, resolved.face) == (11, 9)
    assert state.phase == ROOM and state.step == [1]


def test_malus_clamps_to_a_critical():
    """LAB-2: a modified result is clamped to 1..20 and a modified 1 is a critical."""
    state = new()
    play(state, Roll(), 9)
    play(state, Answer(ADVANCE))
    play(state, Roll(), 2)
    assert state.hp == [3] and state.step == [1]


def test_discovery_bonus_choices():
    """15–17: advance and choose an item (named or suggested), +1 HP (capped, LAB-4) or a
    token; only 15–17 heals (LAB-3)."""
    state = at(new(), hp=4)
    play(state, Roll(), 16)
    assert state.phase == FIND and state.step == [1]
    play(state, Bonus(HEAL))
    assert state.hp == [5]
    play(state, Roll(), 15)
    assert Bonus(HEAL) not in state.legal_actions()
    with pytest.raises(IllegalAction):
        play(state, Bonus(HEAL))
    play(state, Bonus(ITEM, item="  une\tcorde  "))
    play(state, Roll(), 17)
    play(state, Bonus(ITEM))
    assert state.items == [["une corde", state.items[0][1]]] and state.items[0][1]
    play(state, Roll(), 20)
    assert state.hp == [5]


def test_token_cancels_a_later_trap():
    """LAB-5: a token spent on a 2–4 advances without losing HP."""
    state = new()
    play(state, Roll(), 15)
    play(state, Bonus(TOKEN))
    play(state, Roll(), 3)
    assert Answer(TOKEN) in state.legal_actions()
    play(state, Answer(TOKEN))
    assert state.step == [2] and state.hp == [5] and state.tokens == [0]


def test_token_does_not_cancel_a_critical_unless_the_option():
    """LAB-5 and its [OPTION]: the token may also cancel a natural 1."""
    state = new()
    state.tokens[0] = 1
    play(state, Roll(), 1)
    assert state.hp == [3] and state.tokens == [1]
    state = new(critical_token=True)
    state.tokens[0] = 1
    play(state, Roll(), 1)
    assert state.phase == CRITICAL
    play(state, Answer(TOKEN))
    assert state.hp == [5] and state.tokens == [0]


def test_twenty_gives_two_dice_then_malus_after_the_pick():
    """Rules restated, LAB-2: a 20 advances 1; next turn two dice, keep one, then the malus."""
    state = new()
    play(state, Roll(), 20)
    assert state.step == [1] and state.advantage == [True]
    state.malus[0] = True
    play(state, Roll(), 4, 19)
    assert state.phase == KEEP
    events = play(state, Keep(1))
    resolved = next(e for e in events if isinstance(e, Resolved))
    assert resolved.face == 17 and state.phase == FIND


def test_step_9_roll_18_wins():
    """Derived: step 9 and a roll of 18 → 10, win."""
    state = at(new(), step=9)
    play(state, Roll(), 18)
    assert state.step == [10] and state.phase == OVER
    outcome = state.outcome()
    assert outcome.won and outcome.lower_is_better and outcome.scores == (1,)
    assert outcome.ending == "Sortie trouvée"


def test_hp_1_and_a_critical_loses():
    """Derived: HP 1 and a roll of 1 → loss."""
    state = at(new(), step=6, hp=1)
    play(state, Roll(), 1)
    assert state.phase == OVER and state.status == [LOST]
    outcome = state.outcome()
    assert not outcome.won and outcome.scores == (6,)
    assert outcome.ending == "Pas de sortie"


def test_trap_paid_with_last_hp_at_step_9_loses():
    """LAB-10: harm is resolved before arrival."""
    state = at(new(), step=9, hp=1)
    play(state, Roll(), 2)
    play(state, Answer(PAY))
    assert state.step == [9] and state.phase == OVER and not state.outcome().won


def test_journal_line_is_cleaned_and_optional():
    state = new()
    play(state, Roll(note="Un gouffre\x1b[31m s'ouvre"), 3)
    play(state, Answer(STAY))
    play(state, Roll(), 12)
    assert [(j.step, j.face, j.note) for j in state.journal] == [
        (0, 3, "Un gouffre[31m s'ouvre"),
        (0, 12, ""),
    ]


# --- two players (LAB-7, LAB-8, LAB-9, LAB-10) ------------------------------------------------


def duo(**options):
    return new(("Lina", "Marc"), **options)


def test_turns_alternate():
    state = duo()
    play(state, Roll(), 12)
    assert state.current == 1 and state.to_move() == 1


def test_partner_helps_on_the_same_step():
    """LAB-7: after seeing the result, the partner gives 1 HP; the new roll replaces it."""
    state = duo()
    play(state, Roll(), 1)
    assert state.phase == HELP and state.to_move() == 1 and state.whose_turn() == 0
    play(state, Help(True), 18)
    assert state.hp == [5, 4] and state.step == [2, 0]


def test_help_once_per_roll_and_refused():
    state = duo()
    play(state, Roll(), 3)
    play(state, Help(True), 2)
    assert state.phase == TRAP  # no second help on the new roll
    play(state, Answer(STAY))
    play(state, Roll(), 12)  # Marc advances: no longer together
    play(state, Roll(), 1)
    assert state.phase == ROLL and state.hp == [3, 4]


def test_no_help_with_the_last_hp_or_on_different_steps():
    """LAB-7: a player cannot give up their last HP."""
    state = duo()
    state.hp[1] = 1
    play(state, Roll(), 1)
    assert state.phase == ROLL and state.hp == [3, 1]
    state = duo()
    state.step[1] = 2
    play(state, Roll(), 1)
    assert state.phase == ROLL


def test_help_declined_resolves_the_roll():
    state = duo()
    play(state, Roll(), 6)
    play(state, Help(False))
    assert state.phase == ROOM and state.to_move() == 0


def test_first_out_leaves_alone_and_wins_alone():
    """LAB-8: leaving alone → that player wins alone."""
    state = at(duo(), step=9)
    play(state, Roll(), 12)
    assert state.phase == EXIT
    play(state, Exit(True))
    outcome = state.outcome()
    assert outcome.ranks == (1, 2) and outcome.won and state.status == [OUT, "exploring"]
    assert outcome.ending == "Sortie en solitaire"


def test_waiting_takes_only_harm_and_both_win_together():
    """LAB-8: waiting, only harm applies; if the partner arrives, both win together."""
    state = at(duo(), step=9)
    state.step[1] = 8
    play(state, Roll(), 12)
    play(state, Exit(False))
    assert state.status[0] == WAITING
    play(state, Roll(), 12)  # Marc to 9
    assert state.phase == EXIT and state.current == 0
    play(state, Exit(False), 3)  # a trap while waiting: −1 HP, nothing to choose
    assert state.hp[0] == 4 and state.step[0] == STEPS
    play(state, Roll(), 18)
    assert state.phase == OVER and state.outcome().ranks == (1, 1)
    assert state.outcome().ending == "Sortie ensemble"


def test_waiting_player_dies_and_the_other_goes_on_alone():
    """LAB-8: a waiting player at 0 HP loses; the other goes on alone."""
    state = at(duo(), step=9, hp=2)
    play(state, Roll(), 12)
    play(state, Exit(False))
    play(state, Roll(), 12)
    play(state, Exit(False), 1)
    assert state.status == [LOST, "exploring"] and state.current == 1
    play(state, Roll(), 12)
    assert state.current == 1 and state.phase == ROLL


def test_partner_dies_while_one_waits_the_waiting_one_wins_alone():
    """LAB-10: when the partner dies while a player waits, the waiting one leaves alone."""
    state = at(duo(), step=9)
    state.hp[1] = 1
    play(state, Roll(), 12)
    play(state, Exit(False))
    events = play(state, Roll(), 1)
    assert any(isinstance(e, Died) for e in events)
    assert state.status == [OUT, LOST] and state.outcome().ranks == (1, 2)


def test_arriving_after_the_partner_died_wins_alone():
    state = at(duo(), step=9)
    state.status[1] = LOST
    play(state, Roll(), 12)
    assert state.phase == OVER and state.outcome().ranks == (1, 2)


def test_both_lost_nobody_wins():
    state = at(duo(), hp=1)
    state.hp[1] = 1
    state.step[1] = 3
    play(state, Roll(), 1)
    play(state, Roll(), 1)
    outcome = state.outcome()
    assert state.phase == OVER and not outcome.won and outcome.ranks == (2, 1)
    assert outcome.ending == "Pas de sortie"


# --- the robot --------------------------------------------------------------------------------


def test_robot_choices():
    bot = Explorer(0)
    state = duo()
    play(state, Roll(), 1)
    assert bot.choose(state.view(1)) == Help(True)
    state = at(duo(), hp=2)
    play(state, Roll(), 3)
    play(state, Help(False))
    assert bot.choose(state.view(0)) == Answer(STAY)
    state = new()
    play(state, Roll(), 20)
    play(state, Roll(), 3, 18)
    assert bot.choose(state) == Keep(1)
    state = at(duo(), step=9, hp=2)
    play(state, Roll(), 12)
    assert bot.choose(state) == Exit(True)


@pytest.mark.parametrize("level", GAME.levels)
def test_every_level_keeps_the_better_die_and_never_pays_its_last_life(level):
    bot = GAME.bot(0, level)
    state = new()
    play(state, Roll(), 20)
    play(state, Roll(), 3, 18)
    assert bot.choose(state.view(0)) == Keep(1)
    state = at(new(), step=9, hp=1)
    play(state, Roll(), 3)  # LAB-10: paying would leave 0 life at the heart
    assert bot.choose(state.view(0)) == Answer(STAY)


def test_fort_pays_its_way_to_the_heart_and_waits_only_while_safe():
    bot = GAME.bot(0, "fort")
    state = at(duo(), step=9, hp=2)
    play(state, Roll(), 3)
    assert bot.choose(state.view(0)) == Answer(PAY)
    play(state, Answer(PAY))  # 1 life point left: a 1 while waiting would kill
    assert state.phase == EXIT and bot.choose(state.view(0)) == Exit(True)
    state = at(duo(), step=9, hp=3)
    play(state, Roll(), 12)
    assert state.phase == EXIT and bot.choose(state.view(0)) == Exit(False)


def test_fort_keeps_its_life_and_heals_when_low():
    bot = GAME.bot(0, "fort")
    state = duo()
    play(state, Roll(), 1)
    assert state.phase == HELP and bot.choose(state.view(1)) == Help(False)
    state = at(new(), step=3, hp=2)
    play(state, Roll(), 16)
    assert bot.choose(state.view(0)) == Bonus(HEAL)


def test_debutant_rushes_into_rooms():
    state = at(new(), step=2, hp=2)
    play(state, Roll(), 7)
    assert GAME.bot(0, "debutant").choose(state.view(0)) == Answer(ADVANCE)
    assert GAME.bot(0, "moyen").choose(state.view(0)) == Answer(STAY)


# --- what the screen says (present.py) ---------------------------------------------------------


def test_path_drawn_with_each_explorer_above_its_step():
    from jeux.games.le_labyrinthe.present import marker_row, marks, path_row, stations

    state = duo()
    state.step[:] = [3, 10]
    places = stations(state, "*")
    row = path_row(places, "-")
    assert row == "E - 1 - 2 - 3 - 4 - 5 - 6 - 7 - 8 - 9 - *"
    top = marker_row(places, marks(state.players))
    assert top.index("L") == row.index("3") and top.index("M") == row.index("*")
    state.status[0] = LOST
    assert "L" not in marker_row(stations(state, "*"), marks(state.players))
    assert marks(["Lina", "léa"]) == ["1", "2"]


def test_words_and_questions():
    from jeux.games.le_labyrinthe.present import die_word, explorer_lines, question

    assert [die_word(f) for f in (1, 3, 7, 12, 16, 19, 20)] == [
        "critique",
        "piège",
        "salle",
        "progrès",
        "trouvaille",
        "rapide",
        "vision",
    ]
    state = duo()
    play(state, Roll(), 3)
    assert question(state)[0].startswith("Marc : 1 PV pour que Lina relance")
    play(state, Help(False))
    assert "(p)" in question(state)[0] and len(question(state)) == 1
    state.tokens[0] = 2
    assert "jeton" in question(state)[1]
    assert explorer_lines(state, 0) == ["étape 0/10 · 2 jetons"]
