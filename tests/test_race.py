"""The race bookkeeping shared by the "first to N" games (RULINGS §0.2, CAP-1/6, 5K-11)."""

from jeux.engine.race import Mark, Race


def play_round(race, *points):
    return [race.end_turn(p) for p in points]


def test_turns_pass_in_seat_order_and_the_sheet_has_a_row_per_round():
    race = Race(3, 100)
    play_round(race, 5, 0, 7)
    assert race.round == 2 and race.current == 0
    assert race.sheet == [[Mark(5, 5), Mark(0, 0), Mark(7, 7)], [None, None, None]]
    assert race.marks(2) == [Mark(7, 7)] and race.turns(0) == 1


def test_equal_turns_finish_the_round_and_the_highest_wins():
    """§0.2 "Equal turns": reaching the target announces the last round."""
    race = Race(3, 10)
    first = race.end_turn(12)
    assert first.reached and race.final_round and not first.over
    second = race.end_turn(15)
    assert not second.reached and not second.over  # only the first reach is announced
    last = race.end_turn(1)
    assert last.over and race.winners() == (1,)
    assert race.ranks() == (2, 1, 3)


def test_without_equal_turns_the_first_to_the_target_wins_at_once():
    race = Race(3, 10, equal_turns=False)
    end = race.end_turn(10)
    assert end.over and not end.reached and race.winners() == (0,)


def test_ties_share_the_victory_unless_a_tie_break():
    race = Race(2, 10)
    play_round(race, 10, 10)
    assert race.over and race.winners() == (0, 1)
    race = Race(3, 10, tie_break=True)  # CAP-6: the tied leaders play on alone
    ends = play_round(race, 10, 3, 10)
    assert ends[-1].tie_break == (0, 2) and not race.over
    assert race.contenders == (0, 2) and race.current == 0 and race.round == 2
    race.end_turn(2)
    assert race.current == 2 and not race.playing(1)
    race.end_turn(1)
    assert race.over and race.winners() == (0,)
    assert race.sheet[-1] == [Mark(2, 12), None, Mark(1, 11)]


def test_an_exact_target_is_met_only_by_landing_on_it():
    race = Race(2, 50, exact=True)
    assert race.end_turn(51).reached is False and race.met(50) and not race.met(51)


def test_turn_limit_ends_the_game_at_the_end_of_a_round():
    race = Race(2, 100, turn_limit=2)
    play_round(race, 5, 6)
    assert not race.over
    play_round(race, 5, 6)
    assert race.over and race.winners() == (1,)
    assert race.outcome("Marc gagne.").ending == "Limite de tours atteinte"


def test_the_outcome_names_the_ending_the_race_came_to_unless_the_game_names_its_own():
    race = Race(2, 10, turn_limit=1)
    play_round(race, 4, 12)
    assert race.over and race.outcome("Marc gagne.").ending == "Objectif atteint"
    race = Race(2, 5000)
    race.win_now("Cinq 1 !")
    assert race.outcome("Lina gagne.", "Cinq 1").ending == "Cinq 1"


def test_floor_keeps_the_total_but_the_sheet_keeps_the_turn():
    race = Race(1, 20, floor=0)
    end = race.end_turn(-6)
    assert end.mark == Mark(-6, 0) and race.scores == [0]


def test_solo_is_a_score_attack_on_turns():
    race = Race(1, 10)
    race.end_turn(4)
    race.end_turn(6)
    outcome = race.outcome("Lina gagne.")
    assert race.over and outcome.scores == (2,) and outcome.lower_is_better and outcome.won
    race = Race(1, 10, turn_limit=1)
    race.end_turn(4)
    outcome = race.outcome("Perdu.")
    assert outcome.scores == (4,) and not outcome.won and not outcome.lower_is_better


def test_a_sudden_win_beats_every_score():
    race = Race(3, 5000)
    race.end_turn(4000)
    race.win_now("Cinq 1 !")
    assert race.over and race.winners() == (1,) and race.starred() == frozenset({1})
    assert race.sheet[0][1] == Mark(0, 0, "Cinq 1 !")
