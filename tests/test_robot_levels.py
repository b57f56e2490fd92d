"""Every robot level of every game plays legal moves to the end, deciding from its seat's
view, at every player count and under the variants (how well it plays is the lab's job)."""

from random import Random

import pytest

from jeux.catalog import GAMES, has_engine, load_game
from jeux.engine.core import LEVELS
from jeux.engine.simulate import MAX_ACTIONS

from .test_playouts import option_sets

CASES = [
    (gid, players)
    for gid in GAMES
    if has_engine(gid) and load_game(gid).levels
    for players in range(GAMES[gid].min_players, GAMES[gid].max_players + 1)
]


def test_levels_are_known_ones_weakest_first():
    for gid in GAMES:
        if has_engine(gid) and (levels := load_game(gid).levels):
            assert levels == tuple(k for k in LEVELS if k in levels), gid


def matches(game_id: str, players: int) -> int:
    """As many matches as it takes for every level to play a seat: one from three seats on."""
    return -(-len(load_game(game_id).levels) // players)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_level_plays_legally_to_the_end(game_id: str, players: int) -> None:
    game = load_game(game_id)
    variants = option_sets(game)
    # The matches of all player counts, numbered on, walk through the variants in turn.
    first = sum(matches(game_id, p) for p in range(GAMES[game_id].min_players, players))
    for seed in range(matches(game_id, players)):
        options = game.resolve_options(variants[(first + seed) % len(variants)])
        rng = Random(seed)
        state = game.new(tuple(f"J{i + 1}" for i in range(players)), options, rng)
        levels = [game.levels[(seat + seed) % len(game.levels)] for seat in range(players)]
        bots = [game.bot(f"{seed}:{seat}", level) for seat, level in enumerate(levels)]
        for _ in range(MAX_ACTIONS):
            seat = state.to_move()
            if seat is None:
                break
            action = bots[seat].choose(state.view(seat))
            assert action.cleaned().shape() in state.legal_actions(), (levels[seat], action)
            state.apply(action, rng)
        assert state.outcome() is not None, "the robots never finished"
