"""New Day 666 (RULINGS.md §16, ND-4): every case, with forced dice."""

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.journal import sections_markdown
from jeux.engine.match import Match, Seat
from jeux.engine.testing import ForcedRng
from jeux.games.new_day_666.game import GAME
from jeux.games.new_day_666.rules import (
    ACHIEVED,
    DAY,
    DEATH_STORY,
    DIED,
    OVER,
    STORY,
    Achieve,
    Begin,
    DayRolled,
    DaysRolled,
    DayWritten,
    Farewell,
    FastForward,
    LifeEnded,
    Roll,
    Write,
    diary_sections,
    tier_of,
)


def new(**options):
    return GAME.new(("Lina",), GAME.resolve_options(options), ForcedRng())


def begun(**options):
    state = new(**options)
    state.apply(Begin("Odile", "ouvrir une librairie"), ForcedRng())
    return state


def live(state, *faces, line=""):
    events = state.apply(Roll(), ForcedRng(faces))
    if state.phase == STORY:
        events += state.apply(Write(line), ForcedRng())
    return events


def test_a_life_begins_with_a_character_and_a_goal_both_optional():
    state = new()
    assert state.legal_actions() == [Begin()]
    with pytest.raises(IllegalAction, match="personnage"):
        state.apply(Roll(), ForcedRng())
    state.apply(Begin(), ForcedRng())
    assert state.phase == DAY and state.hero == "Lina" and state.goal == ""


def test_nd1_a_day_is_three_rolls_of_one_d6_the_sum_from_3_to_18():
    state = begun()
    rng = ForcedRng([2, 1, 3, 4])
    events = state.apply(Roll(), rng)
    assert events == [DayRolled(1, (2, 1, 3))]
    assert rng.rolls == [4]  # three dice a day, no more
    assert state.last_day.total == 6 and state.phase == STORY
    state.apply(Write(), ForcedRng())
    assert state.phase == DAY and state.day == 2


def test_the_line_of_the_day_is_cleaned_and_may_be_skipped():
    state = begun()
    state.apply(Roll(), ForcedRng([3, 3, 3]))
    with pytest.raises(IllegalAction, match="journée"):
        state.apply(Roll(), ForcedRng([1, 1, 1]))
    events = state.apply(Write("  Un  café\n offert\x07 "), ForcedRng())
    assert events == [DayWritten(1, 1, "Un café offert")]
    live(state, 4, 4, 4)
    assert [e.line for e in state.diary] == ["Un café offert", ""]


def test_quoted_three_sixes_kill_the_character():
    state = begun()
    live(state, 1, 2, 3)
    events = state.apply(Roll(), ForcedRng([6, 6, 6]))
    assert events == [DayRolled(2, (6, 6, 6))]
    assert state.phase == DEATH_STORY and state.legal_actions() == [Farewell()]
    events = state.apply(Farewell("Un piano", "Elle a aimé la mer."), ForcedRng())
    assert state.phase == OVER and state.ending == DIED
    assert isinstance(events[-1], LifeEnded)
    assert (state.cause, state.life) == ("Un piano", "Elle a aimé la mer.")


def test_derived_six_six_five_survives_a_bad_day():
    state = begun(tiers=True)
    live(state, 6, 6, 5)
    assert state.phase == DAY and state.ending is None
    assert tier_of(17) == "mauvaise" and state.quality(17) == "mauvaise journée"


def test_nd4_dying_on_day_k_scores_k_minus_one():
    state = begun()
    for _ in range(4):
        live(state, 2, 2, 2)
    state.apply(Roll(), ForcedRng([6, 6, 6]))
    assert state.survived == 4
    state.apply(Farewell(), ForcedRng())
    outcome = state.outcome()
    assert outcome.scores == (4,) and not outcome.won and not outcome.verdict
    assert "jour 5" in outcome.summary and "4 jours" in outcome.summary


def test_nd4_death_on_the_first_day_scores_zero():
    state = begun()
    state.apply(Roll(), ForcedRng([6, 6, 6]))
    state.apply(Farewell(), ForcedRng())
    assert state.outcome().scores == (0,)


def test_nd1_option_tiers_3_7_great_8_13_ordinary_14_17_bad():
    assert [tier_of(t) for t in (3, 7, 8, 13, 14, 17)] == [
        "belle",
        "belle",
        "ordinaire",
        "ordinaire",
        "mauvaise",
        "mauvaise",
    ]
    assert new(tiers=True).quality(9) == "journée ordinaire"
    assert "journée" not in new().quality(9)  # no tiers by default: only the sum


def test_nd2_the_goal_achieved_ends_the_life_happily_after_a_day():
    state = begun()
    assert Achieve() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="au moins une journée"):
        state.apply(Achieve(), ForcedRng())
    live(state, 1, 1, 2)
    live(state, 3, 1, 2)
    state.apply(Achieve("La librairie ouvre."), ForcedRng())
    assert state.ending == ACHIEVED and state.note == "La librairie ouvre."
    outcome = state.outcome()
    assert outcome.scores == (2,) and outcome.won


def test_nd2_the_goal_cannot_be_marked_while_a_day_is_untold():
    state = begun()
    live(state, 1, 1, 1)
    state.apply(Roll(), ForcedRng([2, 2, 2]))
    with pytest.raises(IllegalAction, match="Raconte"):
        state.apply(Achieve(), ForcedRng())


def test_nd3_fast_mode_rolls_a_week_and_one_line_tells_it():
    state = begun(fast=7)
    assert FastForward() in state.legal_actions()
    faces = [1, 2, 3] * 7
    events = state.apply(FastForward(), ForcedRng(faces))
    assert isinstance(events[0], DaysRolled) and len(events[0].days) == 7
    assert state.phase == STORY and state.day == 7 and state.survived == 7
    state.apply(Write("Une semaine calme."), ForcedRng())
    assert state.diary[-1].first == 1 and state.diary[-1].last == 7
    live(state, 2, 2, 2)  # a single day is still possible
    assert state.day == 9


def test_nd3_fast_mode_stops_at_the_death():
    state = begun(fast=30)
    events = state.apply(FastForward(), ForcedRng([1, 1, 1, 5, 5, 5, 6, 6, 6]))
    assert [d.number for d in events[0].days] == [1, 2, 3]
    assert state.phase == DEATH_STORY and state.survived == 2
    assert "trois 6" in events[0].describe()


def test_nd3_fast_mode_is_off_by_default():
    state = begun()
    assert FastForward() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="rapide"):
        state.apply(FastForward(), ForcedRng())


def test_the_diary_is_reread_and_exported_with_the_player_text_literal():
    state = begun()
    live(state, 1, 2, 1, line="Un livre *rare*")
    state.apply(Roll(), ForcedRng([6, 6, 6]))
    state.apply(Farewell("Un piano", "[b]Belle[/b] vie"), ForcedRng())
    sections = diary_sections(state, "30/11/2026 14:00")
    assert sections[0].title == "New Day 666 — journal d'Odile"
    assert ("Objectif", "ouvrir une librairie") in sections[0].lines
    assert sections[1].title == "Jour 1 — 1, 2, 1 (4)"
    assert sections[1].lines == (("", "Un livre *rare*"),)
    assert sections[-1].title == "Fin"
    assert ("Sa vie", "[b]Belle[/b] vie") in sections[-1].lines
    text = sections_markdown(sections)
    assert "Un livre \\*rare\\*" in text and "\\[b\\]Belle\\[/b\\] vie" in text


def test_a_life_replays_identically_from_its_seed_and_actions():
    match = Match(GAME, 3, (Seat("Lina"),), {"fast": 7})
    match.play(Begin("Odile"))
    while not match.over:
        state = match.state
        if state.phase == STORY:
            match.play(Write("x"))
        elif state.phase == DEATH_STORY:
            match.play(Farewell())
        else:
            match.play(FastForward())
    again = Match.from_saved(GAME, match.to_saved())
    assert again.events == match.events and again.outcome() == match.outcome()
