"""Push to Five (RULINGS.md §22): five special cards, shuffled face down at the start of every
turn; the player turns them one at a time, pushes or stops, and aims at 15 points.

The row's order is drawn from the rng when a turn starts (and at each reshuffle after a full
cycle, P5-5), so turning a card draws nothing: it reveals what lay there (P5-4). The order is
the only secret: everyone knows which five cards there are, so which ones are still face down
is public, but not where each lies. `view(seat)` keeps only the turned cards.

Modes (P5-2): « Cumul » banks each stopped turn, the first to a bank of 15 wins after the
round is finished (P5-3); « Sprint » needs 15 in a single turn, banks only break ties, and
ends after 20 rounds (P5-8). Alone, a number of rounds is played and the score is the bank
(P5-6).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from random import Random
from typing import Any

from jeux.engine.cards import shuffled
from jeux.engine.core import (
    Action,
    Event,
    Outcome,
    State,
    ranks_from_scores,
)
from jeux.engine.events import GameOver, TurnStarted
from jeux.engine.race import Mark
from jeux.engine.text import TARGET_REACHED, TURN_LIMIT, join_names, plural

TARGET = 15
SPRINT_ROUNDS = 20
"""P5-8: a Sprint game also ends after this many rounds."""
CARDS = 5

PLUS1, PLUS3, PLUS5, DOUBLE, PROTECTION, LOSE_ALL = "+1", "+3", "+5", "x2", "protection", "perdre"
POINTS = {PLUS1: 1, PLUS3: 3, PLUS5: 5}
CARD_NAMES = {
    PLUS1: "+1 point",
    PLUS3: "+3 points",
    PLUS5: "+5 points",
    DOUBLE: "×2 points",
    PROTECTION: "Protection",
    LOSE_ALL: "Perdre tout",
}

NORMAL, SLOW = "normal", "slow"
DECKS = {
    NORMAL: (PLUS3, PLUS5, DOUBLE, PROTECTION, LOSE_ALL),
    SLOW: (PLUS1, PLUS3, DOUBLE, PROTECTION, LOSE_ALL),  # P5-1 [OPTION]
}
CUMULATIVE, SPRINT = "cumulative", "sprint"

BANKED, BUST = "banked", "bust"


@dataclass(frozen=True)
class Slot:
    """A card face down in the row since the last shuffle; `uid` is fresh at every shuffle,
    so the secret is the card at its place, not the card itself (everyone knows the five)."""

    uid: int
    card: str


def apply_card(card: str, turn: int, protected: bool) -> tuple[int, bool, bool]:
    """One card's effect: (turn score, protected, turn lost). Protection cancels only the
    next Perdre tout and is then used up."""
    if card in POINTS:
        return turn + POINTS[card], protected, False
    if card == DOUBLE:
        return turn * 2, protected, False
    if card == PROTECTION:
        return turn, True, False
    if protected:
        return turn, False, False
    return 0, False, True


# --- actions and events -----------------------------------------------------------------


@dataclass(frozen=True)
class Flip(Action):
    """Turn the face-down card at this place (0–4)."""

    place: int


@dataclass(frozen=True)
class Stop(Action):
    """Keep the turn's points."""


@dataclass(frozen=True)
class Reshuffle(Action):
    """After a full cycle: shuffle the five cards face down again and go on."""


@dataclass(frozen=True)
class CardTurned(Event):
    player: str
    place: int
    card: str
    turn: int
    """The turn's score after the card."""
    protected: bool
    cancelled: bool = False
    """A Perdre tout cancelled by the Protection."""

    reveals = True

    def describe(self) -> str:
        name = CARD_NAMES[self.card]
        if self.card == LOSE_ALL and self.cancelled:
            return f"{self.player} retourne Perdre tout : la Protection l'annule ({self.turn})."
        if self.card == LOSE_ALL:
            return f"{self.player} retourne Perdre tout : les points du tour sont perdus."
        if self.card == PROTECTION:
            return f"{self.player} retourne la Protection ({self.turn})."
        return f"{self.player} retourne {name} : {plural(self.turn, 'point')} ce tour."


@dataclass(frozen=True)
class Reshuffled(Event):
    player: str
    cycle: int
    """How many times the row was shuffled this turn (2 after the first reshuffle)."""

    def describe(self) -> str:
        return f"Tour complet ! {self.player} remélange les cinq cartes et continue."


@dataclass(frozen=True)
class TurnEnded(Event):
    player: str
    points: int
    """What the turn banked: 0 after Perdre tout."""
    bank: int
    how: str

    def describe(self) -> str:
        if self.how == BUST:
            return f"{self.player} ne garde rien ce tour (banque {self.bank})."
        return f"{self.player} garde {plural(self.points, 'point')} (banque {self.bank})."


@dataclass(frozen=True)
class FinalRound(Event):
    player: str
    sprint: bool

    def describe(self) -> str:
        how = "en un seul tour" if self.sprint else "en banque"
        return f"{self.player} atteint {TARGET} points {how} : on termine le tour de table."


# --- the state ----------------------------------------------------------------------------


class PushToFiveState(State):
    """One match. Public, for the screen and the robot:

    - the row: `faces[i]` (the card turned at place i, None while face down), `slots` (the
      face-down cards, None in a seat's view), `face_down`, `left` (the cards still face
      down, by name: public), `turn`, `protected`, `cycle`, `phase`;
    - the game: `banks`, `sheet` (rounds × seats of `Mark`), `round`, `current`,
      `final_round`, `sprint`, `rounds` (the round limit, 0: none), `odds()`.
    """

    def __init__(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> None:
        self.players = tuple(players)
        self.deck: tuple[str, ...] = DECKS[options["deck"]]
        self.sprint: bool = options["mode"] == SPRINT and len(players) > 1
        self.solo_sprint: bool = options["mode"] == SPRINT and len(players) == 1
        """Alone, the mode only says what counts as a win (the score is always the bank)."""
        if len(players) == 1:
            self.rounds = options["solo_rounds"]
        else:
            self.rounds = SPRINT_ROUNDS if self.sprint else 0
        self.banks = [0] * self.seats
        self.best_turn = [0] * self.seats
        """Each seat's best banked turn: Sprint's win, the solo Sprint's goal."""
        self.sheet: list[list[Mark | None]] = [[None] * self.seats]
        self.round = 1
        self.current = 0
        self.final_round = False
        self.over = False
        self._uid = 0
        self._start_turn(rng)

    # --- the row ------------------------------------------------------------------------

    def _start_turn(self, rng: Random) -> None:
        self.turn = 0
        self.cycle = 0
        self._shuffle(rng)

    def _shuffle(self, rng: Random) -> None:
        """Shuffle the five cards face down (P5-5); Protection does not carry over."""
        order = shuffled(self.deck, rng)
        self.slots: list[Slot | None] = [Slot(self._uid + i, c) for i, c in enumerate(order)]
        self._uid += CARDS
        self.faces: list[str | None] = [None] * CARDS
        self.protected = False
        self.cycle += 1

    @property
    def face_down(self) -> tuple[int, ...]:
        return tuple(i for i in range(CARDS) if self.faces[i] is None)

    @property
    def left(self) -> tuple[str, ...]:
        """The cards still face down, by name, in deck order: everyone knows them."""
        turned = [f for f in self.faces if f is not None]
        return tuple(c for c in self.deck if c not in turned)

    @property
    def phase(self) -> str:
        """start (no card turned this turn), push (stop or turn another), full (every card
        turned: stop or reshuffle), over."""
        if self.over:
            return "over"
        if not self.face_down:
            return "full"
        return "push" if self.cycle > 1 or len(self.face_down) < CARDS else "start"

    def odds(self) -> Odds:
        """What turning one more card promises, from the cards left face down."""
        return odds(self.left, self.turn, self.protected)

    # --- the contract -------------------------------------------------------------------

    def to_move(self) -> int | None:
        return None if self.over else self.current

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "over":
            return []
        if phase == "full":
            return [_STOP, _RESHUFFLE]
        flips = [_FLIPS[i] for i in self.face_down]
        return flips if phase == "start" else [*flips, _STOP]

    def refusal(self, action: Action) -> str:
        if isinstance(action, Stop):
            return "Retourne au moins une carte avant de t'arrêter."
        if isinstance(action, Flip) and self.phase == "full":
            return "Les cinq cartes sont retournées : remélange ou arrête-toi."
        if isinstance(action, Flip):
            return "Cette carte est déjà retournée."
        if isinstance(action, Reshuffle):
            return "On ne remélange qu'après avoir retourné les cinq cartes."
        return super().refusal(action)

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        if isinstance(action, Flip):
            return self._flip(action.place, rng)
        if isinstance(action, Reshuffle):
            self._shuffle(rng)
            return [Reshuffled(self.players[self.current], self.cycle)]
        return self._end_turn(BANKED, rng)

    def _flip(self, place: int, rng: Random) -> list[Event]:
        card = self.slots[place].card
        self.slots[place] = None
        self.faces[place] = card
        was_protected = self.protected
        self.turn, self.protected, lost = apply_card(card, self.turn, self.protected)
        cancelled = card == LOSE_ALL and was_protected
        name = self.players[self.current]
        event = CardTurned(name, place, card, self.turn, self.protected, cancelled)
        if lost:
            return [event, *self._end_turn(BUST, rng)]
        return [event]

    def _end_turn(self, how: str, rng: Random) -> list[Event]:
        seat, name = self.current, self.players[self.current]
        points = self.turn if how == BANKED else 0
        self.banks[seat] += points
        self.best_turn[seat] = max(self.best_turn[seat], points)
        self.sheet[-1][seat] = Mark(points, self.banks[seat], how)
        events: list[Event] = [TurnEnded(name, points, self.banks[seat], how)]
        reached = points >= TARGET if self.sprint else self.banks[seat] >= TARGET
        if reached and self.seats > 1 and not self.final_round:
            self.final_round = True  # P5-3: the round is finished
            events.append(FinalRound(name, self.sprint))
        if seat + 1 < self.seats:
            self.current = seat + 1
        elif self.final_round or 0 < self.rounds <= self.round:
            self.over = True
            self.slots = [None] * CARDS  # the last row stays as it was turned
            return [*events, GameOver(self.outcome().summary)]
        else:
            self.current = 0
            self.round += 1
            self.sheet.append([None] * self.seats)
        self._start_turn(rng)
        return [*events, TurnStarted(self.players[self.current], self.round)]

    # --- the end ------------------------------------------------------------------------

    def standing(self, seat: int) -> tuple[int, ...]:
        """What ranks a seat: the bank (Cumul); in Sprint a turn of 15 or more first (the
        best such turn), then the bank (P5-2, P5-3)."""
        if self.sprint:
            best = self.best_turn[seat]
            return (best if best >= TARGET else 0, self.banks[seat])
        return (self.banks[seat],)

    @property
    def won_alone(self) -> bool:
        """Alone: the goal of the game met within the rounds (a bank of 15, or in Sprint a
        single turn of 15)."""
        return (self.best_turn[0] if self.solo_sprint else self.banks[0]) >= TARGET

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        if self.seats == 1:
            name, bank = self.players[0], self.banks[0]
            summary = f"{name} garde {plural(bank, 'point')} en {plural(self.rounds, 'manche')}."
            return Outcome((bank,), (1,), summary, won=self.won_alone, ending=TURN_LIMIT)
        keys = [self.standing(s) for s in range(self.seats)]
        ranks = ranks_from_scores(keys)
        winners = [self.players[s] for s in range(self.seats) if ranks[s] == 1]
        best = max(range(self.seats), key=lambda s: keys[s])
        if self.sprint and keys[best][0]:
            how = f"fait {keys[best][0]} points en un tour"
        elif self.sprint:
            how = f"a la meilleure banque après {SPRINT_ROUNDS} tours ({self.banks[best]})"
        else:
            how = f"finit avec {plural(self.banks[best], 'point')}"
        if len(winners) == 1:
            summary = f"{winners[0]} {how} et gagne."
        else:
            how = how.replace("fait", "font").replace("finit", "finissent")
            how = how.replace(" a la ", " ont la ")
            summary = f"{join_names(winners)} {how} et gagnent ex aequo."
        ending = TARGET_REACHED if self.final_round else TURN_LIMIT  # P5-8: Sprint's 20 rounds
        return Outcome(tuple(self.banks), ranks, summary, ending=ending)

    def view(self, seat: int | None) -> PushToFiveState:
        """The table as everyone sees it, a spectator too: the turned cards, never where the
        others lie."""
        seen = object.__new__(PushToFiveState)
        for name, value in vars(self).items():
            setattr(seen, name, list(value) if isinstance(value, list) else value)
        seen.sheet = [list(row) for row in self.sheet]
        seen.slots = [None] * CARDS
        return seen

    def secrets(self, seat: int) -> frozenset[Slot]:
        return frozenset(s for s in self.slots if s is not None)


_FLIPS = {i: Flip(i) for i in range(CARDS)}
_STOP, _RESHUFFLE = Stop(), Reshuffle()


# --- odds and the robot ---------------------------------------------------------------------


@dataclass(frozen=True)
class Odds:
    """Turning one card now: the chance of losing the turn and the mean score after it when
    it is not lost."""

    bust: float
    mean: float


@cache
def odds(left: tuple[str, ...], turn: int, protected: bool) -> Odds:
    if not left:
        return Odds(0.0, float(turn))
    kept = [apply_card(c, turn, protected) for c in left]
    safe = [score for score, _, lost in kept if not lost]
    mean = sum(safe) / len(safe) if safe else 0.0
    return Odds(1 - len(safe) / len(left), mean)
