"""Layer 2: every game with an engine, every player count, many seeds, random legal play.

Each playout ends well, naming the end condition that ended it, and replays identically through
JSON. The first seeds are also played as at a shared table (DESIGN.md §10): two followers rebuilt
from the saved form replay the host's actions as read from the store, one by one or catching up
now and then, and stay identical to it, hidden parts included; and on the first positions each
state allows exactly what it lists, and the followers' screens are checked for privacy: the
mover's view offers the same actions as the state, a bot decides from a view without touching
the state, no seat's view or shown events hold a card it may not see, and a spectator's hold no
card any seat may not see."""

import dataclasses
import json
from itertools import islice
from random import Random

import pytest

from jeux.catalog import GAMES, has_engine, load_game
from jeux.engine.bots import RandomBot
from jeux.engine.core import Action, Event, State, action_from_json
from jeux.engine.match import Match, Seat
from jeux.engine.simulate import MAX_ACTIONS

from .privacy import canonical, fixed_facts, leaks

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
"""The privacy checks (a view per seat) and the step-by-step follower cover the first
positions of the first seeds."""
CATCH_UP_EVERY = 50
"""How often the other follower catches up from the whole saved form, as one that missed a
few polls; then the three replicas are compared whole."""
ENGINES = [gid for gid in GAMES if has_engine(gid)]
CASES = [
    (gid, players)
    for gid in ENGINES
    for players in range(GAMES[gid].min_players, GAMES[gid].max_players + 1)
]


def play_out(game, players: int, seed: int, options: dict, checked: bool = False) -> Match:
    seats = tuple(Seat(f"Joueur {i + 1}") for i in range(players))
    match = Match(game, seed, seats, {**game.playout_options, **options})
    followers = (from_store(match), from_store(match)) if checked else ()
    bot = RandomBot(seed)
    listed_before: list[Action] = []
    while not match.over:
        assert len(match.actions) < MAX_ACTIONS, "the game does not end"
        seat = match.state.to_move()
        assert match.state.legal_actions(), "a running game must offer an action"
        assert isinstance(match.state.prompt(), str), "shared code asks every state's prompt()"
        following = checked and len(match.actions) < CHECKED_ACTIONS
        if following:
            check_privacy(followers[0], seat, seed)
            listed_before = check_allows(match.state, listed_before)
        events = match.play(bot.choose(match.state.view(seat)))
        if following:
            follow(match, events, *followers)
    if followers:  # the late follower catches up with the whole match at once
        assert followers[1].catch_up(stored(match)) is not None
        assert replica(followers[1]) == replica(match), "the late follower's match diverged"
    return match


def stored(match: Match) -> dict:
    """The saved form as a follower reads it from the store."""
    return json.loads(json.dumps(match.to_saved()))


def from_store(match: Match) -> Match:
    return Match.from_saved(match.game, stored(match))


def replica(match: Match) -> tuple:
    """Everything a replica holds, hidden parts and the rng included, in a canonical form."""
    state = canonical(vars(match.state), fixed_facts(match.game))
    return state, match.rng.getstate(), match.played, len(match.events)


def follow(host: Match, events: list[Event], step: Match, late: Match) -> None:
    """The host's new action reaches the followers: `step` plays it as read from the store;
    `late`, every few actions, catches up from the whole saved form."""
    data = json.loads(json.dumps(host.actions[-1].to_json()))
    assert step.play(action_from_json(data, host.game.action_types)) == events
    assert step.played[-1] == host.played[-1] and step.rng.draws == host.rng.draws
    if len(host.actions) % CATCH_UP_EVERY:
        return
    before = len(late.events)
    assert late.catch_up(stored(host)) == host.events[before:]
    assert replica(step) == replica(host) == replica(late), "a follower's match diverged"


def check_allows(state, listed_before: list[Action]) -> list[Action]:
    """A game may judge an action without listing every one (`State.allows`): it allows
    exactly what it lists, among the actions listed now, those listed a move before, and
    crossings of the listed ones (most of them not legal). Returns those listed now."""
    listed = state.legal_actions()
    if type(state).allows is State.allows:
        return listed  # it looks actions up in that very list
    legal = set(listed)
    for action in [*listed, *listed_before, *crossed(listed)]:
        assert state.allows(action) == (action in legal), f"allows {action!r}"
    return listed


def crossed(actions: list[Action]) -> list[Action]:
    """Each action with one field of the next listed action of its kind: moves alike to
    legal ones (a card with another card's target), often illegal."""
    crossings = []
    for kind in dict.fromkeys(type(action) for action in actions):
        alike = [action for action in actions if type(action) is kind]
        for action, other in zip(alike, alike[1:] + alike[:1], strict=True):
            for field in dataclasses.fields(kind):
                crossings.append(
                    dataclasses.replace(action, **{field.name: getattr(other, field.name)})
                )
    return crossings


def check_privacy(match: Match, mover: int, seed: int) -> None:
    state = match.state
    view = state.view(mover)
    assert view.legal_actions() == state.legal_actions(), "the view offers other actions"
    before = repr(vars(state))
    match.game.bot(seed).choose(state.view(mover))
    assert repr(vars(state)) == before, "a bot changed the state it was shown"
    hidden_from_some_seat, rules = frozenset(), fixed_facts(match.game)
    for seat in range(state.seats):
        secrets = state.secrets(seat)
        hidden_from_some_seat |= secrets
        assert not leaks(state.view(seat), secrets, rules), f"seat {seat} sees a hidden card"
        shown = last_seen(match.events, seat)
        assert not leaks(shown, secrets), f"seat {seat} is told of a hidden card"
    spectator = state.view(None)
    assert spectator.to_move() == state.to_move(), "a spectator sees another turn"
    assert not leaks(spectator, hidden_from_some_seat, rules), "a spectator sees a hidden card"
    shown = last_seen(match.events, None)
    assert not leaks(shown, hidden_from_some_seat), "a spectator is told of a hidden card"


def last_seen(events: list[Event], seat: int | None, count: int = 20) -> list[Event]:
    """The last events `seat` was shown (None: a spectator), newest first."""
    return list(islice((e for e in reversed(events) if e.seen_by(seat)), count))


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


ROUNDS_WATCHED = 5


class PassingBot(RandomBot):
    """A player who passes whenever the rules let them (AA-11) and keeps their hand, else
    plays at random."""

    def __init__(self, seed: int, passing: tuple[type, ...]) -> None:
        super().__init__(seed)
        self.passing = passing

    def choose(self, state):
        legal = state.legal_actions()
        passes = [a for a in legal if isinstance(a, self.passing)]
        return passes[0] if passes else self.rng.choice(legal)


@pytest.mark.parametrize("game_id", ["arcane_arena", "aria"])
@pytest.mark.parametrize("players", [2, 4])
def test_a_table_that_always_passes_still_ends_its_rounds(game_id: str, players: int) -> None:
    """AA-12: every living seat passing in a row ends the round: with players who pass
    whenever they may, each round ends within a bounded number of moves (a round tied on HP
    is replayed, so such a table may play on: a few rounds are watched)."""
    from jeux.games.arcane_arena.rules import EndTurn, Pass, RoundOver

    game = load_game(game_id)
    for seed in range(MIN_SEEDS):
        seats = tuple(Seat(f"Joueur {i + 1}") for i in range(players))
        match = Match(game, seed, seats, game.playout_options)
        bot = PassingBot(seed, (Pass, EndTurn))
        since_round, rounds = 0, 0
        while not match.over and rounds < ROUNDS_WATCHED:
            events = match.play(bot.choose(match.state.view(match.state.to_move())))
            ended = any(isinstance(e, RoundOver) for e in events)
            rounds, since_round = rounds + ended, 0 if ended else since_round + 1
            assert since_round <= 2 * players, "a round of passes went on"
        assert "passe." in " ".join(e.describe() for e in match.events)


SPOKEN_TO_SEEDS = 3
NAMED = ("Alix", "Bérénice", "Cyprien", "Dounia", "Ernestine", "Faustin", "Gwladys", "Hippolyte")
"""Names that no French sentence holds, so that finding one in a line means it names a seat."""


@pytest.mark.parametrize("game_id", ENGINES)
def test_what_a_seat_is_told_alone_speaks_to_it_never_of_it(game_id: str) -> None:
    """A private event's line (« Ta main : … »), a handoff's reason (`State.prompt`) and an
    event's line told to one seat (`describe_to`) say « tu » to their reader: none names the
    seat it is told to, at every player count, in seeded random playouts."""
    game = load_game(game_id)
    info = GAMES[game_id]
    for players in range(info.min_players, info.max_players + 1):
        for seed in range(SPOKEN_TO_SEEDS):
            seats = tuple(Seat(name) for name in NAMED[:players])
            match = Match(game, seed, seats, game.playout_options)
            bot = RandomBot(seed)
            while not match.over and len(match.actions) < CHECKED_ACTIONS:
                state = match.state
                mover = state.to_move()
                reason = state.prompt()
                assert NAMED[mover] not in reason, f"the handoff tells {NAMED[mover]}: {reason}"
                for event in match.play(bot.choose(state.view(mover))):
                    for seat in range(players):
                        told = event.describe_to(seat)
                        alone = event.audience == (seat,) or told != event.describe_for(seat)
                        assert not (alone and NAMED[seat] in told), (
                            f"{NAMED[seat]} is told of itself: {told}"
                        )
