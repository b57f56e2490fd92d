"""Le Jeu des Trois Couronnes' stronger robots (RULINGS.md §9): the kingdom turn solved for
every score at once, the field of Moyen rivals and the last round played out."""

import numpy as np
import pytest

from jeux.engine.dice import throw_chances
from jeux.engine.testing import ForcedRng
from jeux.games.trois_couronnes.bots import (
    LEAD,
    SCORES,
    WAR_CHANCE,
    LastRound,
    RowSolver,
    Scoring,
    TurnSolver,
    field_tables,
    grid,
    last_round_table,
    moyen_moves,
    points_solver,
    turn_table,
)
from jeux.games.trois_couronnes.game import GAME
from jeux.games.trois_couronnes.rules import DICE, ROLE_FACES

PLAIN = Scoring(legacy=False, additive=False, literal=False, decline="off")


@pytest.mark.parametrize("before", [-20, 0, 37, 100])
def test_moyen_turn_as_moves_between_scores_is_its_spread(before):
    """One row of the moves is the turn Moyen plays for points from that score, 6-6-6's
    halving of the total included."""
    row = moyen_moves(PLAIN)[grid(before)]
    moved = {int(SCORES[r]) - before: p for r, p in enumerate(row) if p}
    spread = points_solver(PLAIN, before).spread()
    assert moved.keys() == spread.keys()
    assert [moved[c] for c in spread] == pytest.approx(list(spread.values()))


@pytest.mark.parametrize("before", [0, 25, 60])
def test_a_worth_by_row_plays_every_throw_as_the_turn_solver(before):
    rng = np.random.default_rng(before)
    worth = rng.random(len(SCORES))
    rows = RowSolver(turn_table(PLAIN), before, worth)
    throws = TurnSolver(PLAIN, before, lambda change: float(worth[grid(before + change)]))
    assert rows.rethrow(0, 0) == pytest.approx(throws.rethrow(0, 0))
    for throw in (1, 2, 3):
        for locks in range(DICE):
            for free, _ in throw_chances(DICE - locks):
                faces = ROLE_FACES[:locks] + free
                assert rows.choice(faces, locks, throw) == throws.choice(faces, locks, throw)


@pytest.mark.parametrize("me", [0, 1, 2])
@pytest.mark.parametrize("scores", [(0, 0, 0), (20, 10, 0), (10, 25, 30), (40, 5, 18)])
def test_the_last_round_table_does_at_least_as_well_as_moyen_counted_exactly(me, scores):
    """The table plays Fort's last turn best against Moyen rivals played as Moyen plays:
    never worse than Fort playing as Moyen too, which `LastRound` counts exactly."""
    table = last_round_table(PLAIN, 3, me)
    cell = tuple(scores[s] - scores[me] + LEAD for s in range(3) if s != me)
    as_moyen = LastRound(PLAIN, me, frozenset(), False, (0, 0, 0)).chance(scores, (0, 1, 2))
    assert float(table[cell]) >= as_moyen - 1e-3


def test_a_lead_before_the_last_round_at_four_is_worth_far_less_than_kingdom_turns_say():
    """Ahead of each rival by 15, no kingdom turn of theirs but a 6-5-4 catches up; but
    each of them goes to war on the leader, and a war won takes 30."""
    table = last_round_table(PLAIN, 4, 0)
    assert 0.3 < table[(LEAD - 15,) * 3] < 0.6


def test_a_field_chance_rises_with_the_score_and_falls_with_a_rivals():
    (even,) = field_tables(PLAIN, 1, [((grid(0), 3), (grid(0), 4))], 3)
    (behind,) = field_tables(PLAIN, 1, [((grid(20), 3), (grid(0), 4))], 3)
    assert even[grid(0)] == pytest.approx(1 / 3, abs=0.05)
    assert behind[grid(0)] < even[grid(0)]
    assert np.all(np.diff(even) >= -1e-6)


def test_the_last_round_counts_the_wars_on_the_leader_that_follow():
    """Ahead by 70 with two Moyen still to play, nothing a kingdom turn brings them can
    catch up: but each declares war on the leader, and a war won takes 30."""
    game = LastRound(PLAIN, 0, frozenset(), False, (0, 0, 0))
    ahead = game.chance((70, 0, 0), (1, 2))
    assert game.chance((70, 0, 0), ()) == 1.0
    assert 1 - 2 * float(WAR_CHANCE) < ahead < 1.0
    sheltered = LastRound(PLAIN, 0, frozenset({0}), False, (0, 0, 0))
    assert sheltered.chance((70, 0, 0), (1, 2)) == pytest.approx(1.0)  # attacked last round


def test_fort_at_four_plays_a_legal_game_to_the_end():
    state = GAME.new(("Lina", "Marc", "Zoé", "Ana"), GAME.resolve_options({}), ForcedRng())
    robots = [GAME.bot(seat, "fort" if seat == 0 else "moyen") for seat in range(4)]
    rng = np.random.default_rng(4)
    while state.to_move() is not None:
        action = robots[state.to_move()].choose(state.view(state.to_move()))
        state.apply(action, ForcedRng([int(f) for f in rng.integers(1, 7, size=DICE)]))
    assert state.outcome() is not None
