"""Match: the log is the truth; undo replays it and can never fish for other dice or cards."""

import dataclasses
import json
from dataclasses import dataclass, field
from random import Random

import pytest

from jeux.engine.core import (
    Action,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Outcome,
    State,
    quick_init,
)
from jeux.engine.match import Match, ReplayError, Seat

from .privacy import leaks


@dataclass(frozen=True)
class Mark(Action):
    cells: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Roll(Action):
    pass


@dataclass(frozen=True)
class Turn(Action):
    pass


@dataclass(frozen=True)
class Rolled(Event):
    face: int


@dataclass(frozen=True)
class Turned(Event):
    reveals = True
    card: int


class Toy(State):
    """Each seat in turn marks cells (revealing nothing), then rolls or turns a card."""

    def __init__(self, players, deck):
        self.players, self.deck, self.seat, self.rolls = tuple(players), deck, 0, 0

    def to_move(self):
        return None if self.rolls >= 4 else self.seat

    def legal_actions(self):
        return [Mark(), Mark(((1, 2), (3, 4))), Mark(((5, 6),)), Roll(), Turn()]

    def _apply(self, action, rng):
        if isinstance(action, Mark):
            return []
        self.rolls += 1
        self.seat = (self.seat + 1) % self.seats
        if isinstance(action, Turn):
            return [Turned(self.deck.pop())]
        return [Rolled(rng.randint(1, 6))]

    def outcome(self):
        return Outcome((0,) * self.seats, (1,) * self.seats, "Fin.")


class ToyGame(Game):
    info = GameInfo("toy", "Toy", "", 2, 2, "dés")
    action_types = (Mark, Roll, Turn)

    def new(self, players, options, rng):
        deck = list(range(10))
        rng.shuffle(deck)
        return Toy(players, deck)


def match(bot_second=False) -> Match:
    return Match(ToyGame(), 3, (Seat("A"), Seat("B", bot=bot_second)), {})


def test_decisions_that_reveal_nothing_can_be_taken_back_in_order():
    m = match()
    m.play(Mark(((1, 2), (3, 4))))
    m.play(Mark(((5, 6),)))
    assert m.undoable() == 2
    m.undo()
    assert m.actions == [Mark(((1, 2), (3, 4)))] and m.undoable() == 1


def test_undo_cannot_fish_for_another_die():
    m = match()
    m.play(Mark())
    m.play(Roll())
    assert m.undoable() == 0  # the die was seen, and the turn passed
    with pytest.raises(ValueError):
        m.undo()


def test_a_card_turned_closes_the_way_back_though_no_die_was_drawn():
    m = match()
    m.play(Turn())
    m.play(Mark())
    assert m.undoable() == 1  # B's own mark only, not A's turned card


def test_another_seats_move_and_a_robot_seat_cannot_be_undone():
    m = match(bot_second=True)
    m.play(Mark())
    m.play(Roll())
    assert m.state.to_move() == 1 and m.undoable() == 0


def test_the_deal_happens_at_setup_from_the_match_seed():
    assert match().state.deck == match().state.deck != list(range(10))


def test_nested_tuples_in_actions_survive_a_json_round_trip():
    m = match()
    m.play(Mark(((1, 2), (3, 4))))
    m.play(Roll())
    again = Match.from_saved(ToyGame(), json.loads(json.dumps(m.to_saved())))
    assert again.actions == m.actions and again.events == m.events


def test_the_privacy_walk_finds_a_card_however_deep():
    @dataclass
    class Hand:
        cards: list

    assert leaks({"seats": [Hand([3, Hand([7])])]}, frozenset({7})) == [7]
    assert leaks((Hand([1, 2]),), frozenset({7})) == []


def test_events_are_public_unless_they_name_an_audience():
    assert Rolled(3).seen_by(1)
    private = Rolled(3, audience=(0,))
    assert private.seen_by(0) and not private.seen_by(1)


@dataclass(frozen=True)
class Slow(Event):
    seat: int
    name: str = "x"


@quick_init
@dataclass(frozen=True)
class Quick(Event):
    seat: int
    name: str = "x"


def test_quick_init_keeps_the_parameters_defaults_and_immutability_of_a_frozen_dataclass():
    for made in (lambda kind: kind(1), lambda kind: kind(2, "y", audience=(0,))):
        slow, quick = made(Slow), made(Quick)
        assert dataclasses.asdict(slow) == dataclasses.asdict(quick)
        assert quick == made(Quick) and hash(quick) == hash(made(Quick))
    with pytest.raises(TypeError):
        Quick()
    with pytest.raises(TypeError):
        Quick(1, "y", (0,))  # the audience is given by name only
    with pytest.raises(dataclasses.FrozenInstanceError):
        Quick(1).seat = 2


def test_quick_init_refuses_what_it_would_not_fill():
    @dataclass(frozen=True)
    class Seats:
        seats: list = field(default_factory=list)

    with pytest.raises(TypeError, match="plain fields"):
        quick_init(Seats)


def test_the_match_rng_draws_what_a_plain_random_would():
    a, b = Match(ToyGame(), 9, match().seats, {}), Random(9)
    b.shuffle(list(range(10)))
    assert a.rng.random() == b.random()


def test_the_reaction_window_opens_without_a_reaction_unless_the_table_chose_speed():
    from jeux.engine.reactions import REACTION_WINDOW, WHEN_ABLE, window_opens

    defaults = {REACTION_WINDOW.key: REACTION_WINDOW.default}
    assert window_opens(defaults, can_react=False) and window_opens(defaults, can_react=True)
    fast = {REACTION_WINDOW.key: WHEN_ABLE}
    assert not window_opens(fast, can_react=False) and window_opens(fast, can_react=True)


def saved_through_json(m: Match) -> dict:
    """The saved form as a follower reads it from the store."""
    return json.loads(json.dumps(m.to_saved()))


def test_a_follower_catches_up_with_the_new_actions_and_their_events():
    host = match()
    follower = Match.from_saved(ToyGame(), saved_through_json(host))
    host.play(Mark(((1, 2), (3, 4))))
    host.play(Turn())
    told = follower.catch_up(saved_through_json(host))
    assert told == host.events == follower.events and isinstance(told[0], Turned)
    assert follower.state.deck == host.state.deck and follower.actions == host.actions
    assert follower.catch_up(saved_through_json(host)) == []  # nothing new


def test_a_saved_form_that_does_not_continue_the_follower_asks_for_a_rebuild():
    host = match()
    host.play(Mark(((1, 2), (3, 4))))
    follower = Match.from_saved(ToyGame(), saved_through_json(host))
    host.undo()
    assert follower.catch_up(saved_through_json(host)) is None  # fewer actions
    host.play(Mark(((5, 6),)))
    assert follower.catch_up(saved_through_json(host)) is None  # as many, but another one
    other = Match(ToyGame(), 4, host.seats, {}, [Mark(((1, 2), (3, 4)))])
    assert follower.catch_up(saved_through_json(other)) is None  # another seed
    assert follower.actions == [Mark(((1, 2), (3, 4)))]  # nothing was played on the way


def test_a_new_action_that_does_not_replay_on_the_follower_is_refused():
    host = match()
    follower = Match.from_saved(ToyGame(), saved_through_json(host))
    for _ in range(4):
        host.play(Roll())
    saved = saved_through_json(host)
    saved["actions"].append(Roll().to_json())  # one more than the match allows
    with pytest.raises(ReplayError):
        follower.catch_up(saved)
    assert follower.actions == host.actions and follower.over
    with pytest.raises(IllegalAction):
        follower.play(Roll())
    saved["actions"][-1] = {"type": "Steal"}
    with pytest.raises(ReplayError):
        Match.from_saved(ToyGame(), saved_through_json(host)).catch_up(saved)
