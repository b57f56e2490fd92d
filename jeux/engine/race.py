"""The bookkeeping of a race to a target ("first to N points"), shared by the dice games.

A game keeps one `Race` in its state and reports each finished turn with `end_turn(points)`;
the race adds the points, writes the score sheet, and says what comes next: the next seat,
the last round announced when someone reaches the target ("Tours égaux", RULINGS §0.2),
a tie-break round, or the end. It holds no dice; the game turns a `TurnEnd` into its own
events and summary, with the words below where a race in points says them alike: the
ending labels, `TurnStarted`, `TargetReached`, the `equal_turns_option` and `Race.verdict`.

    race = Race(len(players), 100, equal_turns=True, tie_break=True)
    end = race.end_turn(cargo)          # after each turn
    if end.reached: events.append(TargetReached(...))
    if end.tie_break: events.append(TieBreak(...))
    return self._next_turn(events)     # a RaceState: GameOver, or the next TurnStarted
    ...
    def summary(self): ...              # the words of the RaceState's outcome()

Rules it settles, the same in every race game:
- Reaching the target (`exact`: landing on it) ends the game at once alone, or without equal
  turns; with equal turns the round is finished and the highest score wins.
- Ties share the victory, unless `tie_break`: then the tied leaders play more rounds alone.
- `turn_limit` rounds (0: none) end the game at the end of a round; alone, it is then lost.
- `floor`: the lowest a total may fall (None: no floor); the sheet keeps the turn's points.
- Alone, the game is a score attack: a win scores the turns taken (fewer is better), a loss
  the points reached; `win_now(seat)` ends the game at once with that seat the only winner.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .core import Choice, Event, Option, Outcome, State, ranks_from_scores
from .events import GameOver
from .text import TARGET_REACHED, TURN_LIMIT, de, join_names, plural


@dataclass(frozen=True)
class TurnStarted(Event):
    """The next turn, numbered by the race's round."""

    player: str
    round: int

    def describe(self) -> str:
        return f"Tour {self.round} : au tour {de(self.player)}."


@dataclass(frozen=True)
class TargetReached(Event):
    """Someone reached the target and the round is being finished ("Tours égaux")."""

    player: str
    total: int

    def describe(self) -> str:
        return f"{self.player} atteint {self.total} points : on termine le tour de table."


def equal_turns_option(target: int) -> Option:
    """« Tours égaux » (RULINGS §0.2) for a race to `target` points, on by default."""
    return Option(
        "equal_turns",
        "Tours égaux",
        (
            Choice(True, "Oui : on finit le tour de table, le plus haut score gagne"),
            Choice(False, f"Non : le·la premier·e à {target} points gagne aussitôt"),
        ),
        True,
        "Sans effet en solo.",
    )


class Mark(NamedTuple):
    """One cell of the score sheet: what a turn added, the total after it, a short note
    (the game's own words: "Ballot", "Ouverture"…)."""

    points: int
    total: int
    note: str = ""


class TurnEnd(NamedTuple):
    """What `Race.end_turn` settled (a named tuple: made at every turn of every playout)."""

    seat: int
    mark: Mark
    reached: bool
    """This turn reached the target first, and the others finish the round (announce it)."""
    tie_break: tuple[int, ...]
    """The tied leaders who play another round alone (empty: no tie-break starts)."""
    over: bool


class Race:
    """Scores, turns and rounds of a race. Public: `scores`, `sheet` (one row per round, a
    `Mark` or None per seat), `round` (from 1), `current` (the seat playing), `contenders`
    (the seats that play this round), `final_round`, `over`, `sudden_winner`."""

    def __init__(
        self,
        seats: int,
        target: int,
        *,
        equal_turns: bool = True,
        exact: bool = False,
        tie_break: bool = False,
        turn_limit: int = 0,
        floor: int | None = None,
    ) -> None:
        self.seats, self.target, self.exact = seats, target, exact
        self.equal_turns, self.tie_break = equal_turns, tie_break
        self.turn_limit, self.floor = turn_limit, floor
        self.scores = [0] * seats
        self.sheet: list[list[Mark | None]] = [[None] * seats]
        self.round = 1
        self.contenders: tuple[int, ...] = tuple(range(seats))
        self.current = 0
        self.final_round = False
        """Someone has reached the target: the round is being finished (equal turns)."""
        self.over = False
        self.sudden_winner: int | None = None
        """A seat that won at once whatever the scores (five 1s in Le 5000)."""

    @property
    def solo(self) -> bool:
        return self.seats == 1

    def met(self, score: int) -> bool:
        """Whether a total meets the target."""
        return score == self.target if self.exact else score >= self.target

    def turns(self, seat: int = 0) -> int:
        """Turns `seat` has played: the solo score."""
        return sum(row[seat] is not None for row in self.sheet)

    def marks(self, seat: int) -> list[Mark]:
        """The turns `seat` has played, in order."""
        return [row[seat] for row in self.sheet if row[seat] is not None]

    def playing(self, seat: int) -> bool:
        """Whether `seat` still plays (everyone, except outside a tie-break)."""
        return seat in self.contenders

    # --- turns ------------------------------------------------------------------------

    def end_turn(self, points: int, note: str = "") -> TurnEnd:
        """The current seat's turn added `points` (negative allowed); move on."""
        seat = self.current
        total = self.scores[seat] + points
        if self.floor is not None:
            total = max(self.floor, total)
        self.scores[seat] = total
        mark = Mark(points, total, note)
        self.sheet[-1][seat] = mark
        reached = False
        if total == self.target if self.exact else total >= self.target:
            if self.solo or not self.equal_turns:
                self.over = True
            elif not self.final_round:
                self.final_round = reached = True
        tie_break: tuple[int, ...] = ()
        if not self.over:
            tie_break = self._next_seat()
        return TurnEnd(seat, mark, reached, tie_break, self.over)

    def _next_seat(self) -> tuple[int, ...]:
        """Pass to the next contender, or close the round: the end, a tie-break, or a new
        round. Returns the tied leaders when a tie-break starts."""
        contenders = self.contenders
        place = contenders.index(self.current) + 1
        if place < len(contenders):
            self.current = contenders[place]
            return ()
        leaders = self.leaders() if self.final_round and self.tie_break else ()
        tie_break: tuple[int, ...] = ()
        if len(leaders) > 1:
            self.contenders = tie_break = leaders
        elif self.final_round or 0 < self.turn_limit <= self.round:
            self.over = True
            return ()
        self.round += 1
        self.sheet.append([None] * self.seats)
        self.current = self.contenders[0]
        return tie_break

    def win_now(self, note: str = "") -> None:
        """The current seat wins at once, whatever the scores; its turn scores nothing."""
        self.sheet[-1][self.current] = Mark(0, self.scores[self.current], note)
        self.sudden_winner = self.current
        self.over = True

    # --- the end --------------------------------------------------------------------

    def leaders(self) -> tuple[int, ...]:
        """The seats with the highest score."""
        best = max(self.scores)
        return tuple(s for s in range(self.seats) if self.scores[s] == best)

    def starred(self) -> frozenset[int]:
        """The seats a score sheet stars: the sudden winner, or the leaders once anyone
        has scored."""
        if self.sudden_winner is not None:
            return frozenset({self.sudden_winner})
        return frozenset(self.leaders()) if max(self.scores) > 0 else frozenset()

    def ranks(self) -> tuple[int, ...]:
        keys = [(seat == self.sudden_winner, score) for seat, score in enumerate(self.scores)]
        return ranks_from_scores(keys)

    def winners(self) -> tuple[int, ...]:
        return tuple(s for s, rank in enumerate(self.ranks()) if rank == 1)

    @property
    def won(self) -> bool:
        """Alone: whether the target was met (or the game won at once) in time."""
        return self.sudden_winner is not None or self.met(self.scores[0])

    def ending(self) -> str:
        """How the race ended: someone met the target, or the turn limit came first."""
        return TARGET_REACHED if any(map(self.met, self.scores)) else TURN_LIMIT

    def verdict(self, players: Sequence[str], points: str, triumph: str) -> str:
        """The summary of a race of several seats: the lone winner who met the target
        `triumph`s (« sort du labyrinthe »), otherwise the turn limit names its winner, or
        the tie; `points` is the best score in the game's words."""
        winners = [players[s] for s in self.winners()]
        met = self.met(max(self.scores))
        if len(winners) == 1 and met:
            return f"{winners[0]} {triumph} avec {points}."
        if len(winners) == 1:
            return f"Limite de tours : {winners[0]} l'emporte avec {points}."
        limit = "" if met else " à la limite de tours"
        return f"Égalité{limit} : {join_names(winners)} avec {points}."

    def solo_verdict(self, player: str, points: str, triumph: str, failure: str) -> str:
        """The summary of a race alone: `player` `triumph`s (« résout l'enquête ») in so many
        turns, or has only `points` after them, `failure` (« l'enquête reste ouverte »)."""
        turns = plural(self.turns(), "tour")
        if self.won:
            return f"{player} {triumph} en {turns} ({points})."
        return f"{player} n'a que {points} après {turns} : {failure}."

    def outcome(self, summary: str, ending: str = "") -> Outcome:
        """The result, worded by the game, which names its own endings (a sudden win); by
        default the race's. Alone, a win scores the turns taken (fewer is better, so the
        records keep the fewest) and a loss the points, never a record."""
        ending = ending or self.ending()
        if not self.solo:
            return Outcome(tuple(self.scores), self.ranks(), summary, ending=ending)
        if self.won:
            turns = (self.turns(),)
            return Outcome(turns, (1,), summary, won=True, lower_is_better=True, ending=ending)
        return Outcome((self.scores[0],), (1,), summary, won=False, ending=ending)


class RaceState(State):
    """A match whose turns, rounds and scores a `Race` keeps: the seat to move is the race's
    current seat until the race is over. `_next_turn` closes a turn the game's way: its
    `_start_turn()`, its `turn_started` event, and `_game_over()` to clear the last turn;
    the outcome, once the race is over, has the game's `summary()`."""

    race: Race
    turn_started: type[Event] = TurnStarted
    """The event announcing a turn, made of (player, round): « Tour 2 : au tour de Lina »
    by default; the events module's plainer one in some games."""

    def _start_turn(self) -> None:
        raise NotImplementedError

    def _game_over(self) -> None:
        """The race is over: what the game clears before `GameOver` (nothing by default)."""

    def _next_turn(self, events: list[Event]) -> list[Event]:
        """The events of a finished turn, then `GameOver` or the start of the next turn."""
        if self.race.over:
            self._game_over()
            return [*events, GameOver(self.outcome().summary)]
        self._start_turn()
        return [*events, self.turn_started(self.players[self.current], self.round)]

    def summary(self) -> str:
        """The end of the match in the game's words."""
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        return self.race.outcome(self.summary()) if self.race.over else None

    @property
    def current(self) -> int:
        return self.race.current

    @property
    def round(self) -> int:
        return self.race.round

    def to_move(self) -> int | None:
        return None if self.race.over else self.race.current
