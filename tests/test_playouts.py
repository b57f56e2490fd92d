"""Layer 2: every game with an engine, every player count, many seeds, random legal play.

Each playout ends well, naming the end condition that ended it, and replays identically through
JSON; on the first seeds every position is also checked for privacy: the mover's view offers the
same actions as the state, a bot decides from a view without touching the state, and no seat's
view or shown events hold a card it may not see."""

import json
from random import Random

import pytest

from jeux.catalog import GAMES, has_engine, load_game
from jeux.engine.bots import RandomBot
from jeux.engine.match import Match, Seat
from jeux.engine.simulate import MAX_ACTIONS

from .privacy import leaks

GAMES_PER_ENGINE = 120
"""Random matches per game, spread over its player counts (a game for 1–8 players does not
play eight times as many as a duel)."""
MIN_SEEDS = 12
ACTIONS_PER_CASE = 5000
"""Past this many actions at one player count, a long game (hundreds of moves) stops at
FEW_SEEDS matches rather than MIN_SEEDS."""
FEW_SEEDS = 4
CHECKED_SEEDS = 3
CHECKED_ACTIONS = 300
"""The privacy checks (a view per seat) cover the first positions of the first seeds."""
ENGINES = [gid for gid in GAMES if has_engine(gid)]
CASES = [
    (gid, players)
    for gid in ENGINES
    for players in range(GAMES[gid].min_players, GAMES[gid].max_players + 1)
]


def play_out(game, players: int, seed: int, options: dict, checked: bool = False) -> Match:
    seats = tuple(Seat(f"Joueur {i + 1}") for i in range(players))
    match = Match(game, seed, seats, {**game.playout_options, **options})
    bot = RandomBot(seed)
    while not match.over:
        assert len(match.actions) < MAX_ACTIONS, "the game does not end"
        seat = match.state.to_move()
        assert match.state.legal_actions(), "a running game must offer an action"
        assert isinstance(match.state.prompt(), str), "shared code asks every state's prompt()"
        if checked and len(match.actions) < CHECKED_ACTIONS:
            check_privacy(match, seat, seed)
        match.play(bot.choose(match.state.view(seat)))
    return match


def check_privacy(match: Match, mover: int, seed: int) -> None:
    state = match.state
    view = state.view(mover)
    assert view.legal_actions() == state.legal_actions(), "the view offers other actions"
    before = repr(vars(state))
    match.game.bot(seed).choose(state.view(mover))
    assert repr(vars(state)) == before, "a bot changed the state it was shown"
    for seat in range(state.seats):
        secrets = state.secrets(seat)
        assert not leaks(state.view(seat), secrets), f"seat {seat} sees a hidden card"
        shown = [e for e in match.events if e.seen_by(seat)]
        assert not leaks(shown[-20:], secrets), f"seat {seat} is told of a hidden card"


def option_sets(game) -> list[dict]:
    """The defaults, then each non-default choice of each option on its own."""
    sets = [{}]
    for option in game.options:
        sets += [{option.key: c.value} for c in option.choices if c.value != option.default]
    return sets


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_random_playouts_end_well_keep_secrets_and_replay_through_json(
    game_id: str, players: int
) -> None:
    game = load_game(game_id)
    variants = option_sets(game)
    info = GAMES[game_id]
    counts = info.max_players - info.min_players + 1
    seeds, actions = max(MIN_SEEDS, GAMES_PER_ENGINE // counts), 0
    for seed in range(seeds):
        if seed >= FEW_SEEDS and actions > ACTIONS_PER_CASE:
            break
        # Each player count starts further along the variants, so all of them get played.
        options = variants[(players * seeds + seed) % len(variants)]
        match = play_out(game, players, seed, options, checked=seed < CHECKED_SEEDS)
        actions += len(match.actions)
        outcome = match.outcome()
        assert outcome is not None
        assert len(outcome.scores) == len(outcome.ranks) == players
        assert min(outcome.ranks) == 1 and outcome.summary
        assert outcome.ending and "Joueur" not in outcome.ending  # a category, never a name

        saved = json.loads(json.dumps(match.to_saved()))
        replayed = Match.from_saved(game, saved)
        assert replayed.events == match.events  # the same dice, cards and results, in order
        assert replayed.outcome() == outcome
        assert replayed.to_saved() == match.to_saved()


def test_every_catalogue_entry_with_a_screen_has_an_engine() -> None:
    for info in GAMES.values():
        if info.available:
            assert info.id in ENGINES


def test_scripted_rng_is_independent_of_global_random() -> None:
    game = load_game("the_last_spell")
    a = Match(game, 7, (Seat("A"), Seat("B")), {})
    Random().random()
    b = Match(game, 7, (Seat("A"), Seat("B")), {})
    assert a.rng.random() == b.rng.random()
