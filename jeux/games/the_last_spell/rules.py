"""The Last Spell (RULINGS.md §17): roll three dice, grow a spell, stop before it explodes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from jeux.engine.core import Action, Event, Outcome, State, free_text, ranks_from_scores
from jeux.engine.dice import is_run, roll
from jeux.engine.events import TurnStarted
from jeux.engine.text import LAST_STANDING, TURN_LIMIT, aside

EXPLOSION = 3
"""Instability at which the spell explodes."""

CLASSIC, SURVIVAL = "classic", "survival"
ENDING_OWN_SCORE = "Propre score battu"
"""LS-1: the holder of the score to beat comes back and beats it."""

SUCCESS, FAILURE, EXPLOSION_RESULT = "success", "failure", "explosion"
"""How a turn ended, for the score sheet."""

SPELL_WORDS = (
    "Nova",
    "Pourpre",
    "Interdite",
    "du Néant",
    "Comète",
    "Écarlate",
    "Foudre",
    "Abyssale",
    "Lunaire",
    "Ardente",
    "Tempête",
    "Sacrée",
    "Spirale",
    "Obscure",
    "Flamme",
    "Éternelle",
    "Orbe",
    "Glaciale",
    "Éclipse",
    "Maudite",
    "Rayon",
    "Céleste",
    "Vortex",
    "Sanglant",
    "Murmure",
    "des Anciens",
    "Prisme",
    "Chaotique",
    "Aurore",
    "Fracassante",
)


def adds_instability(face: int) -> bool:
    """A 1 adds a point of instability and nothing to the power (LS-3)."""
    return face == 1


def throw_value(faces: Sequence[int]) -> tuple[int, int, str]:
    """(points, bonus, combination name) of one throw; 1s count for nothing (LS-3)."""
    kept = [f for f in faces if not adds_instability(f)]
    total = sum(kept)
    if len(kept) == 3 and len(set(kept)) == 1:
        return total + 5, 5, "brelan"
    if len(kept) == 3 and is_run(kept):
        return total + 4, 4, "suite"
    if len(kept) >= 2 and len(set(kept)) < len(kept):
        return total + 2, 2, "paire"
    if len(kept) == 3:
        return total + 1, 1, "trois dés différents"
    return total, 0, ""


@dataclass(frozen=True)
class TurnRecord:
    """One finished turn, for the score sheet: `result` is SUCCESS, FAILURE or
    EXPLOSION_RESULT."""

    round: int
    seat: int
    turn: int
    power: int
    name: str
    result: str


@dataclass(frozen=True)
class Roll(Action):
    """Throw the dice; `word` lengthens the spell's name after the previous throw."""

    word: str = free_text()


@dataclass(frozen=True)
class Stop(Action):
    """Cast the spell now; `word` is the last word of its name."""

    word: str = free_text()


@dataclass(frozen=True)
class DiceRolled(Event):
    player: str
    faces: tuple[int, ...]
    gained: int
    combination: str
    power: int
    instability: int
    bonus: int = 0
    """The combination's bonus, within `gained`."""

    def describe(self) -> str:
        faces = ", ".join(map(str, self.faces))
        if self.instability >= EXPLOSION:
            return f"{self.player} lance {faces}."
        unstable = f", instabilité {self.instability}" if 1 in self.faces else ""
        gain = f"+{self.gained}{aside(self.combination)}, puissance {self.power}{unstable}"
        return f"{self.player} lance {faces} : {gain}."


@dataclass(frozen=True)
class Exploded(Event):
    player: str

    def describe(self) -> str:
        return f"Explosion magique ! {self.player} est éliminé·e."


@dataclass(frozen=True)
class SpellCast(Event):
    player: str
    name: str
    power: int
    to_beat: int
    success: bool

    def describe(self) -> str:
        spell = f"« {self.name} »" if self.name else "son sort"
        if self.success:
            return f"{self.player} lance {spell} : {self.power} bat {self.to_beat} !"
        return f"{self.player} lance {spell} : {self.power} ne bat pas {self.to_beat}."


@dataclass(frozen=True)
class RoundWon(Event):
    player: str
    round: int
    match_over: bool

    def describe(self) -> str:
        if self.match_over:
            return f"{self.player} remporte la partie !"
        return f"{self.player} remporte la manche {self.round}."


class LastSpellState(State):
    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = tuple(players)
        self.mode: str = options["mode"]
        self.rounds_to_win: int = options["rounds"] // 2 + 1
        self.turn_cap: int = options["turn_cap"]
        self.rounds_won = [0] * self.seats
        self.best_spell = [0] * self.seats
        self.round = 0
        self.winner: int | None = None
        self.ending = ""
        """How the deciding round was won (`Outcome.ending`)."""
        self.history: list[TurnRecord] = []
        self._start_round(first=0)

    # --- round and turn bookkeeping -------------------------------------------------

    def _start_round(self, first: int) -> None:
        self.round += 1
        self.alive = [True] * self.seats
        self.instability = [0] * self.seats
        self.score_to_beat = 0
        self.holder: int | None = None
        self.turns_played = 0
        self.current = first
        self._start_turn()

    def _start_turn(self) -> None:
        self.power = 0
        self.words: list[str] = []
        self.rolled = False
        self.faces: tuple[int, ...] = ()
        """The last throw of this turn (none before the first)."""
        if self.mode == CLASSIC:
            self.instability[self.current] = 0

    def _record(self, result: str) -> None:
        seat = self.current
        turn = 1 + sum(1 for r in self.history if r.round == self.round and r.seat == seat)
        self.history.append(TurnRecord(self.round, seat, turn, self.power, self.spell_name, result))

    def _next_turn(self) -> list[Event]:
        self.turns_played += 1
        self.current = self.seat_after(self.current, lambda s: self.alive[s])
        self._start_turn()
        return [TurnStarted(self.players[self.current], self.round)]

    def _win_round(self, seat: int, ending: str) -> list[Event]:
        self.rounds_won[seat] += 1
        over = self.rounds_won[seat] >= self.rounds_to_win
        events: list[Event] = [RoundWon(self.players[seat], self.round, over)]
        if over:
            self.winner, self.ending = seat, ending
        else:
            self._start_round(first=self.round % self.seats)
            events.append(TurnStarted(self.players[self.current], self.round))
        return events

    @property
    def spell_name(self) -> str:
        return " ".join(self.words)

    @property
    def cap_reached(self) -> bool:
        """Survival's optional round cap: every living player has had `turn_cap` turns."""
        return bool(self.turn_cap) and self.turns_played >= self.turn_cap * sum(self.alive)

    # --- the contract -----------------------------------------------------------------

    def to_move(self) -> int | None:
        return None if self.winner is not None else self.current

    def legal_actions(self) -> list[Action]:
        if self.winner is not None:
            return []
        return [Roll(), Stop()] if self.rolled else [Roll()]

    def refusal(self, action: Action) -> str:
        if isinstance(action, Stop) and not self.rolled:
            return "Lance les dés au moins une fois avant d'arrêter."
        return super().refusal(action)

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        if action.word:
            self.words.append(action.word)
        if isinstance(action, Stop):
            return self._cast()
        return self._roll(rng)

    def _roll(self, rng: Random) -> list[Event]:
        seat, name = self.current, self.players[self.current]
        faces = self.faces = roll(rng, 3)
        self.rolled = True
        self.instability[seat] += sum(map(adds_instability, faces))
        if self.instability[seat] >= EXPLOSION:  # LS-9: instability first, no power added
            return [
                DiceRolled(name, faces, 0, "", self.power, self.instability[seat]),
                *self._explode(seat),
            ]
        gained, bonus, combination = throw_value(faces)
        self.power += gained
        instability = self.instability[seat]
        return [DiceRolled(name, faces, gained, combination, self.power, instability, bonus)]

    def _explode(self, seat: int) -> list[Event]:
        self._record(EXPLOSION_RESULT)
        self.alive[seat] = False
        if self.holder == seat:
            self.holder = None  # LS-1: the score stays, without a holder
        events: list[Event] = [Exploded(self.players[seat])]
        survivors = [s for s in range(self.seats) if self.alive[s]]
        if len(survivors) == 1:
            return events + self._win_round(survivors[0], LAST_STANDING)
        return events + self._next_turn()

    def _cast(self) -> list[Event]:
        seat = self.current
        success = self.power > self.score_to_beat  # LS-7: strictly greater
        events: list[Event] = [
            SpellCast(self.players[seat], self.spell_name, self.power, self.score_to_beat, success)
        ]
        self._record(SUCCESS if success else FAILURE)
        if success:
            self.best_spell[seat] = max(self.best_spell[seat], self.power)
            if self.mode == CLASSIC and self.holder == seat:
                return events + self._win_round(seat, ENDING_OWN_SCORE)
            self.score_to_beat, self.holder = self.power, seat
        events += self._next_turn()
        if self.mode == SURVIVAL and self.cap_reached and self.holder is not None:
            events = events[:-1] + self._win_round(self.holder, TURN_LIMIT)
        return events

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        # The winner, then by rounds won; among the others, those still in the game rank
        # ahead of those who exploded, then the best spell decides.
        keys = [
            (s == self.winner, self.rounds_won[s], self.alive[s], self.best_spell[s])
            for s in range(self.seats)
        ]
        scores = self.rounds_won if self.rounds_to_win > 1 else self.best_spell
        name = self.players[self.winner]
        if self.rounds_to_win > 1:
            summary = f"{name} gagne {self.rounds_won[self.winner]} manches et la partie."
        else:
            summary = f"{name} gagne avec un sort de puissance {self.best_spell[self.winner]}."
        return Outcome(tuple(scores), ranks_from_scores(keys), summary, ending=self.ending)
