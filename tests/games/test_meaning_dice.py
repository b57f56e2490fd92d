"""Meaning Dice (RULINGS.md §6 and MD-7): every case, with forced dice."""

from random import Random

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.testing import ForcedRng
from jeux.games.meaning_dice.game import GAME
from jeux.games.meaning_dice.pictures import DICE, picture
from jeux.games.meaning_dice.rules import (
    BALLOT,
    DICE_OUT,
    GAVE_UP,
    JUDGE,
    LAST,
    MJ,
    MJ_DECIDES,
    PLAY,
    SCENARIO,
    SCENARIOS,
    SOLVED,
    TEXT_LIMIT,
    TURNS_OUT,
    Associate,
    Claim,
    Draw,
    GiveUp,
    Judge,
    Reroll,
    Scenario,
    Vote,
    journal_markdown,
    journal_sections,
    suggestions,
)

PLAYERS = ("Mia", "Lina", "Marc")


def new(players=PLAYERS, faces=None, **options):
    options = GAME.resolve_options(options)
    faces = faces or [1] * options["dice"]
    return GAME.new(players, options, ForcedRng(faces))


def started(players=PLAYERS, **options):
    state = new(players, **options)
    state.apply(Scenario("Sortir de la pièce"), ForcedRng())
    return state


def play(state, *actions):
    for action in actions:
        state.apply(action, ForcedRng([6]))
    return state


def test_md5_nine_dice_by_default_rolled_at_setup_from_the_rng():
    state = new(faces=[1, 2, 3, 4, 5, 6, 1, 2, 3])
    assert [d.face for d in state.dice] == [1, 2, 3, 4, 5, 6, 1, 2, 3]
    assert state.picture(1) is DICE[1][1]


def test_md5_dice_configurable_from_9_to_18():
    assert [c.value for c in GAME.options[0].choices] == list(range(9, 19))
    state = new(dice=18)
    assert len(state.dice) == 18 and state.turn_limit == 54
    assert state.picture(9) is DICE[0][0]  # the tenth die repeats the first's pictures


def test_md6_54_pictures_of_our_own_each_with_words():
    pictures = [p for die in DICE for p in die]
    assert len(DICE) == 9 and all(len(die) == 6 for die in DICE)
    assert len({p.name for p in pictures}) == 54
    assert all(p.words and all(p.words) and len(p.art) == 3 and p.art.isascii() for p in pictures)


def test_quoted_the_mj_starts_with_the_scenario_then_plays_first():
    state = new()
    assert state.phase == SCENARIO and state.to_move() == MJ
    assert state.legal_actions() == [Scenario()]
    state.apply(Scenario("  Sortir\tde la\x00 pièce  "), ForcedRng())
    assert state.scenario == "Sortir de la pièce"  # cleaned
    assert state.phase == PLAY and state.to_move() == MJ


def test_the_scenario_skipped_is_the_suggested_one():
    state = new()
    state.apply(Scenario(), ForcedRng())
    assert state.scenario == state.suggested and state.suggested in SCENARIOS
    assert suggestions(new(), [])[0] == new().suggested


def test_quoted_three_actions_draw_associate_reroll():
    state = started()
    kinds = {type(a) for a in state.legal_actions()}
    assert kinds == {Draw, Reroll}  # nothing drawn to associate yet; the MJ never claims
    play(state, Draw(0, "une porte"), Draw(1, "un cri"))
    kinds = {type(a) for a in state.legal_actions()}
    assert state.to_move() == 2  # clockwise: Marc, a player, may also claim
    assert kinds == {Draw, Reroll, Associate, Claim}


def test_md2_a_die_is_used_once_drawn_with_its_meaning():
    state = started()
    play(state, Draw(4, "la clé du grenier"))
    die = state.dice[4]
    assert die.drawn and die.meaning == "la clé du grenier" and die.seat == MJ
    assert state.drawn() == [4] and state.turn == 1


def test_md7_a_die_is_never_used_without_a_meaning():
    state = started()
    play(state, Draw(3))
    assert state.dice[3].meaning == state.picture(3).suggestion != ""


def test_md2_association_needs_two_drawn_dice_and_uses_none():
    state = started()
    with pytest.raises(IllegalAction):
        play(state, Associate(0, 1))
    play(
        state, Draw(0, "une porte"), Draw(1, "un cri"), Associate(0, 1, "le cri vient de la porte")
    )
    assert state.drawn() == [0, 1] and state.story[-1].text == "le cri vient de la porte"
    assert Associate(0, 1) not in state.legal_actions()  # not twice the same pair
    play(state, Draw(2))
    play(state, Associate(1, 2))
    assert state.story[-1].text == f"un cri + {state.dice[2].meaning}"  # skipped: both meanings


def test_md2_reroll_only_a_die_on_the_table_and_it_uses_none():
    state = started()
    state.apply(Reroll(5), ForcedRng([4]))
    assert state.dice[5].face == 4 and not state.dice[5].drawn and state.turns == 1
    play(state, Draw(0))
    assert Reroll(0) not in state.legal_actions()
    with pytest.raises(IllegalAction):
        play(state, Reroll(0))


def test_md3_the_meaning_of_a_drawn_die_cannot_be_overridden():
    state = started()
    play(state, Draw(0, "une complication"))
    with pytest.raises(IllegalAction, match="déjà été pioché"):
        play(state, Draw(0, "autre chose"))
    assert state.dice[0].meaning == "une complication"


def test_md7_the_mj_cannot_claim_solved():
    state = started()
    assert Claim() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="MJ ne peut pas"):
        play(state, Claim())


def test_md1_claim_accepted_by_the_mj_players_win():
    state = started()
    play(state, Draw(0), Claim())
    assert state.phase == JUDGE and state.to_move() == MJ and state.whose_turn() == 1
    assert "acceptes-tu" in state.prompt()
    play(state, Judge(True))
    outcome = state.outcome()
    assert state.ending == SOLVED and outcome.ranks == (2, 1, 1) and outcome.scores == (0, 1, 1)
    assert outcome.ending == "Scénario résolu"


def test_md1_objection_goes_to_the_players_vote_a_tie_goes_to_them():
    state = started()
    play(state, Draw(0), Claim(), Judge(False))
    assert state.phase == BALLOT and state.to_move() == 2  # Lina claimed: her vote is yes
    play(state, Vote(False))
    assert state.ending == SOLVED  # 1 for, 1 against


def test_md1_a_majority_against_rejects_and_play_goes_on():
    state = started(players=("Mia", "Lina", "Marc", "Zoé"))
    play(state, Draw(0), Claim(), Judge(False), Vote(False), Vote(False))
    assert state.ending is None and state.phase == PLAY
    assert state.to_move() == 2 and state.votes == {}  # the claim used Lina's turn
    assert [ln.text for ln in state.story[-3:]] == [
        "contre la solution",
        "contre la solution",
        "solution rejetée (1 pour, 2 contre).",
    ]


def test_md1_option_the_mj_decides_alone():
    state = started(judge=MJ_DECIDES)
    play(state, Draw(0), Claim(), Judge(False))
    assert state.phase == PLAY and state.to_move() == 2
    play(state, Claim(), Judge(True))
    assert state.ending == SOLVED


def test_md7_last_die_drawn_by_the_mj_ends_it_at_once():
    state = started(players=("Mia", "Lina"))
    play(state, *[Draw(d) for d in range(9)])  # turns alternate: the MJ draws the ninth
    assert state.ending == DICE_OUT and state.outcome().ranks == (1, 2)
    assert state.outcome().ending == "Dés épuisés"


def test_md7_after_the_last_die_a_player_claims_or_gives_up():
    state = started(players=("Mia", "Lina"))
    play(state, Reroll(0), *[Draw(d) for d in range(9)])  # now Lina draws the ninth die
    assert state.phase == LAST and state.to_move() == 1
    assert set(state.legal_actions()) == {Claim(), GiveUp()}
    gave_up = started(players=("Mia", "Lina"))
    play(gave_up, Reroll(0), *[Draw(d) for d in range(9)], GiveUp())
    assert gave_up.ending == GAVE_UP and gave_up.outcome().ranks == (1, 2)
    assert gave_up.outcome().ending == "Dés épuisés"  # the last die did not solve it
    play(state, Claim(), Judge(True))
    assert state.ending == SOLVED


def test_md7_a_claim_rejected_after_the_last_die_ends_it_for_the_mj():
    state = started(judge=MJ_DECIDES, players=("Mia", "Lina"))
    play(state, Reroll(0), *[Draw(d) for d in range(9)], Claim(), Judge(False))
    assert state.ending == DICE_OUT and state.outcome().ranks == (1, 2)


def test_md7_three_turns_per_die_then_the_mj_wins():
    state = started()
    play(state, Draw(0), Draw(1), Associate(0, 1))  # associations use turns too
    while state.ending is None:
        play(state, Reroll(8) if state.turns % 2 else Reroll(7))
    assert state.turns == 27 == state.turn_limit and state.ending == TURNS_OUT
    assert state.outcome().ranks == (1, 2, 2)
    assert "27 tours" in state.summary() and state.outcome().ending == "Limite de tours atteinte"


def test_free_text_is_capped():
    state = started()
    play(state, Draw(0, "x" * 500))
    assert len(state.dice[0].meaning) == TEXT_LIMIT


def test_suggestions_come_from_the_pictures_and_the_meanings():
    state = started()
    assert suggestions(state, [0]) == list(state.picture(0).words)
    play(state, Draw(0, "une porte"), Draw(1, "un cri"))
    assert suggestions(state, [1, 0])[0] == "une porte, alors un cri"
    assert suggestions(state, [0]) == []


def test_journal_tells_the_story_in_order_and_escapes_markdown():
    state = started()
    play(state, Draw(0, "une *porte*"), Draw(1), Associate(0, 1, "[lien]"))
    sections = journal_sections(state, "01/01/2026")
    assert ("Scénario", "Sortir de la pièce") in sections[0].lines
    labels = [label for label, _ in sections[1].lines]
    assert labels[0] == f"Mia, dé 1 ({state.picture(0).name})"
    assert labels[2] == "Marc relie les dés 1 et 2"
    markdown = journal_markdown(state)
    assert "une \\*porte\\*" in markdown and "\\[lien\\]" in markdown
    assert sections[-1].title == "En cours"


def test_robot_plays_legally_to_an_end_from_its_view():
    for seed in range(30):
        rng = Random(seed)
        state = GAME.new(PLAYERS, GAME.resolve_options({}), rng)
        bot = GAME.bot(seed)
        for _ in range(500):
            if state.to_move() is None:
                break
            action = bot.choose(state.view(state.to_move()))
            if isinstance(action, Draw):
                assert action.meaning in state.picture(action.die).words
            state.apply(action, rng)
        assert state.outcome() is not None


def test_pictures_repeat_past_the_ninth_die():
    assert picture(9, 3) is picture(0, 3) and picture(17, 6) is picture(8, 6)
