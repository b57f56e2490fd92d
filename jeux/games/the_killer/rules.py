"""The Killer (RULINGS.md §5, with KIL-10 of §0.4): five dice, twelve life points, one survivor.

A turn has two phases. Phase 1 throws the five dice up to five times, each new throw keeping at
least one more die, until the total is below 11 or above 24: the attack's value is the distance
to 11 or 24 (1 to 6). Phase 2 names a target, then throws the dice again and again, setting
aside every die showing the attack's value, until a throw shows none: the dice set aside are the
damage. Below 0 a player is dying (they may only try for exactly 11 or 24, which heals 6); past
the death threshold they are out. Mode zombie brings the dead back with 1 life point; Mode
Terminator makes those who healed immune to the weakest attacks.

Dice keep their places for the whole turn, so the screen can show each die where it lies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from random import Random
from typing import Any

from jeux.engine.bots import Robot
from jeux.engine.core import (
    Action,
    Event,
    Outcome,
    State,
)
from jeux.engine.dice import DiceThrow, roll
from jeux.engine.events import GameOver
from jeux.engine.text import LAST_STANDING, TURN_LIMIT, de, join_names, plural

DICE = 5
THROWS = 5
"""KIL-1: five throws in all, each keeping one more die."""
START_HP = 12
LOW, HIGH = 11, 24
"""Below LOW or above HIGH a total gives an attack; exactly one of them heals the dying."""
REGENERATION = 6
RISE_FACES = (5, 6)
"""Mode zombie: a dead player rises on a 5 or a 6 of one die (KIL-8)."""
ROUND_LIMIT = 60
"""After this many rounds the match ends and the most life points win: it would otherwise
never end between immune Terminators (bots finish 8 seats in under 60 rounds 99 times in 100)."""
ENDING_NOBODY_STANDING = "Plus personne debout"
MAX_TERMINATOR = 5
"""A Terminator's level stops at 5: an attack of 6 always lands, so every match can end."""

ALIVE, DYING, DEAD, ZOMBIE = "alive", "dying", "dead", "zombie"
STATUS_WORDS = {ALIVE: "en vie", DYING: "mourant·e", DEAD: "mort·e", ZOMBIE: "zombie"}
SIDE_WORDS = {"low": "moins de 11", "high": "plus de 24"}

RISE, SIDE, THROW, TARGET, OVER = "rise", "side", "throw", "target", "over"
"""Phases: a dead player's die (Mode zombie); a zombie's side; Phase 1; Phase 2's target."""


def attack_value(total: int) -> int:
    """T < 11 → 11 − T; T > 24 → T − 24; otherwise 0, no attack."""
    if total < LOW:
        return LOW - total
    if total > HIGH:
        return total - HIGH
    return 0


def throw_label(total: int, value: int, heals: bool) -> str:
    """What a total means for the player who threw it, in words."""
    if heals:
        return f"total {total}, régénération possible"
    if value:
        return f"total {total}, attaque de {value}"
    return f"total {total}, pas d'attaque"


def hp_text(hp: int) -> str:
    return plural(hp, "point") + " de vie" if hp >= 0 else f"{hp} points de vie"


# --- actions --------------------------------------------------------------------------


@dataclass(frozen=True)
class Throw(Action):
    """Throw every die not kept; `keep` are the dice kept (at least one more than before)."""

    keep: tuple[int, ...] = ()


@dataclass(frozen=True)
class Stop(Action):
    """Take what the total gives now: an attack, or the regeneration of a dying player."""


@dataclass(frozen=True)
class Attack(Action):
    """Name the target of the attack (Phase 2), before the dice are thrown."""

    target: int = 0


@dataclass(frozen=True)
class Forget(Action):
    """Forgetful mode (KIL-6): no target named in time, the attack turns on its maker."""


@dataclass(frozen=True)
class Rise(Action):
    """Mode zombie: a dead player throws one die to come back."""


@dataclass(frozen=True)
class DeclareSide(Action):
    """Mode zombie: before Phase 1 a zombie says which side gives it an attack."""

    side: str = "low"


# --- events ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnStarted(Event):
    player: str
    round: int
    status: str

    def describe(self) -> str:
        if self.status == DYING:
            return f"Au tour {de(self.player)}, mourant·e : il lui faut 11 ou 24 tout juste."
        if self.status == DEAD:
            return f"Au tour {de(self.player)}, mort·e : un 5 ou un 6 pour revenir en zombie."
        return f"Au tour {de(self.player)}."


@dataclass(frozen=True)
class RiseRolled(Event):
    player: str
    face: int
    risen: bool

    def describe(self) -> str:
        if self.risen:
            return f"{self.player} fait {self.face} et revient en zombie, avec 1 point de vie."
        return f"{self.player} fait {self.face} et reste mort·e."


@dataclass(frozen=True)
class SideDeclared(Event):
    player: str
    side: str

    def describe(self) -> str:
        return f"{self.player}, zombie, vise {SIDE_WORDS[self.side]}."


@dataclass(frozen=True)
class DiceThrown(DiceThrow, Event):
    player: str
    faces: tuple[int, ...]
    """All five dice after the throw, by position."""
    thrown: tuple[int, ...]
    total: int
    value: int
    heals: bool
    throws_left: int

    @property
    def label(self) -> str:
        return throw_label(self.total, self.value, self.heals)

    def describe(self) -> str:
        return f"{self.player} lance {self.thrown_text()} : {self.label}."


@dataclass(frozen=True)
class NoAttack(Event):
    player: str
    total: int

    def describe(self) -> str:
        return f"{self.player} finit sur {self.total} : pas d'attaque ce tour-ci."


@dataclass(frozen=True)
class Regenerated(Event):
    player: str
    hp: int
    level: int
    """The Terminator level reached (0 without Mode Terminator)."""

    def describe(self) -> str:
        text = f"{self.player} se régénère : +{REGENERATION}, {hp_text(self.hp)}."
        if self.level:
            text += f" Terminator de niveau {self.level}."
        return text


@dataclass(frozen=True)
class AttackObtained(Event):
    player: str
    value: int

    def describe(self) -> str:
        return f"{self.player} obtient une attaque de {self.value}."


@dataclass(frozen=True)
class Fizzled(Event):
    player: str
    value: int

    def describe(self) -> str:
        return f"Personne ne peut subir l'attaque de {self.value} {de(self.player)} : elle se perd."


@dataclass(frozen=True)
class Targeted(Event):
    """The target, announced before any die of the blow is thrown."""

    seat: int
    player: str
    target: str
    value: int
    forgot: bool = False

    def describe(self) -> str:
        if self.forgot:
            return (
                f"{self.player} n'a pas annoncé sa cible : l'attaque lui revient en pleine face !"
            )
        return f"{self.player} attaque {self.target} avec une attaque de {self.value}."


@dataclass(frozen=True)
class BlowThrown(DiceThrow, Event):
    """One throw of Phase 2: `faces` are the five places (set-aside dice keep the value)."""

    player: str
    faces: tuple[int, ...]
    thrown: tuple[int, ...]
    hits: tuple[int, ...]
    """The places newly set aside by this throw."""
    aside: int
    """Dice set aside so far."""
    value: int

    def describe(self) -> str:
        shown = self.thrown_text()
        if not self.hits:
            return f"{shown} : aucun {self.value}, l'attaque s'arrête."
        return f"{shown} : {plural(len(self.hits), 'dé')} de côté ({self.aside * self.value})."


@dataclass(frozen=True)
class Damaged(Event):
    seat: int
    target: str
    damage: int
    hp: int
    status: str

    def describe(self) -> str:
        if self.damage == 0:
            return f"{self.target} ne perd rien."
        text = f"{self.target} perd {plural(self.damage, 'point')}"
        if self.status == DEAD:
            return text + " et meurt."
        if self.status == DYING:
            return text + f" : {self.hp}, mourant·e."
        return text + f" : {hp_text(self.hp)}."


# --- the legal moves of Phase 1, built once -------------------------------------------

_STOP = Stop()
_FIRST = (Throw(()),)


@cache
def keeps_after(kept: tuple[int, ...]) -> tuple[Throw, ...]:
    """Every throw allowed once `kept` are kept: one more die at least, one die left to throw."""
    options = []
    for mask in range(1 << DICE):
        keep = tuple(i for i in range(DICE) if mask >> i & 1)
        if set(kept) < set(keep) and len(keep) < DICE:
            options.append(Throw(keep))
    return tuple(options)


@cache
def _blow_counts() -> tuple[float, ...]:
    """Expected dice set aside in Phase 2 starting with n dice (no second round)."""
    from math import comb

    expected = [0.0]
    for n in range(1, DICE + 1):
        total = 0.0
        for k in range(1, n + 1):
            chance = comb(n, k) * (1 / 6) ** k * (5 / 6) ** (n - k)
            total += chance * (k + expected[n - k])
        expected.append(total)
    return tuple(expected)


EXPECTED_HITS = _blow_counts()[DICE]
"""About 1.2 dice: an attack of value v takes about 1.2 × v points on average."""


# --- the state ------------------------------------------------------------------------


class KillerState(State):
    """One match. Public, for the screen and the bot: `hp`, `status(seat)`, `level`, `side`
    (a zombie's declared side this turn), `current`, `round`, `phase`, `faces` (empty before
    the turn's first throw), `kept`, `throws`, `total`, `value` (the attack the dice give),
    `attack` (the attack being aimed in Phase 2), and the options."""

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = tuple(players)
        self.zombie_mode: bool = options["zombie"]
        self.terminator: bool = options["terminator"]
        self.death_at: int = options["death_at"]
        self.dying_attack: bool = options["dying_attack"]
        self.forgetful: bool = options["forgetful"]
        self.again: bool = options["all_aside"] == "again"
        self.hp = [START_HP] * self.seats
        self.dead = [False] * self.seats
        self.zombie = [False] * self.seats
        self.level = [0] * self.seats
        self.side: list[str | None] = [None] * self.seats
        self.waited = [False] * self.seats
        """Whether a dying player has had a turn since falling (KIL-4)."""
        self.fell: list[int | None] = [None] * self.seats
        """When each player first died (a count of deaths): the order of the ranking."""
        self.deaths = 0
        self.current = 0
        self.round = 1
        self.over = False
        self._begin_turn()

    # --- what the screen and the bot read --------------------------------------------

    def status(self, seat: int) -> str:
        if self.dead[seat]:
            return DEAD
        if self.zombie[seat]:
            return ZOMBIE
        return DYING if self.hp[seat] < 0 else ALIVE

    def contenders(self) -> list[int]:
        """The players who may still win: neither dead nor zombie (KIL-8)."""
        return [s for s in range(self.seats) if not self.dead[s] and not self.zombie[s]]

    @property
    def throws_left(self) -> int:
        return THROWS - self.throws

    def may_throw(self) -> bool:
        """Whether another throw is possible: five at most, and a die left to keep (KIL-1)."""
        return self.throws < THROWS and len(self.kept) < DICE - 1

    def value(self) -> int:
        """The attack the dice showing give the current player (0: none)."""
        return self._value

    def heals(self) -> bool:
        """Whether the dice showing let the dying current player regenerate (KIL-3)."""
        return self._heals

    def _judge(self) -> None:
        """What the total means for the current player, worked out once per throw."""
        seat, total = self.current, self.total
        self._value, self._heals = 0, False
        if not self.faces:
            return
        if self.zombie[seat]:
            side = self.side[seat]
            if (side == "low" and total < LOW) or (side == "high" and total > HIGH):
                self._value = attack_value(total)
        elif self.hp[seat] < 0:
            self._heals = total in (LOW, HIGH)
            if self.dying_attack:
                self._value = attack_value(total)
        else:
            self._value = attack_value(total)

    def qualifies(self) -> bool:
        """KIL-2, KIL-10: the player may stop now."""
        return self.phase == THROW and bool(self._heals or self._value)

    def immune(self, seat: int, value: int) -> bool:
        """Mode Terminator: level k resists attacks of value 1..k (KIL-9)."""
        return self.level[seat] >= value

    def targets(self) -> list[int]:
        """Who the attack may aim at: any other player not dead and not immune."""
        return [
            s
            for s in range(self.seats)
            if s != self.current and not self.dead[s] and not self.immune(s, self.attack)
        ]

    # --- the contract ------------------------------------------------------------------

    def to_move(self) -> int | None:
        return None if self.over else self.current

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == THROW:
            if not self.faces:
                return list(_FIRST)
            moves: list[Action] = [_STOP] if self.qualifies() else []
            if self.may_throw():
                moves += keeps_after(self.kept)
            return moves
        if phase == TARGET:
            moves = [Attack(s) for s in self.targets()]
            return moves + [Forget()] if self.forgetful else moves
        if phase == RISE:
            return [Rise()]
        if phase == SIDE:
            return [DeclareSide("low"), DeclareSide("high")]
        return []

    def refusal(self, action: Action) -> str:
        phase = self.phase
        if phase == RISE:
            return "Tu es mort·e : lance un dé pour tenter de revenir en zombie."
        if phase == SIDE:
            return "Zombie : annonce d'abord si tu vises moins de 11 ou plus de 24."
        if phase == TARGET:
            if isinstance(action, Attack):
                return self.target_refusal(action.target)
            return "Choisis la cible de ton attaque."
        if isinstance(action, Stop):
            if not self.faces:
                return "Lance d'abord les dés."
            return self.stop_refusal()
        if isinstance(action, Throw):
            if not self.faces:
                return "Le premier lancer prend les cinq dés."
            if not set(self.kept) <= set(action.keep):
                return "Un dé gardé le reste jusqu'à la fin de la phase."
            if not self.may_throw():
                return "Plus de lancer possible ce tour-ci."
            if len(action.keep) >= DICE:
                return "Il faut laisser au moins un dé à lancer."
            return "Garde au moins un dé de plus avant de relancer."
        return super().refusal(action)

    def stop_refusal(self) -> str:
        seat = self.current
        if self.zombie[seat]:
            return f"Zombie : il te faut {SIDE_WORDS[self.side[seat]]}."
        if self.hp[seat] < 0:
            if self.dying_attack:
                return "Mourant·e : il te faut moins de 11, plus de 24, ou 11 ou 24 pour guérir."
            return "Mourant·e : il te faut 11 ou 24 tout juste pour te régénérer."
        return "Il faut moins de 11 ou plus de 24 pour obtenir une attaque."

    def target_refusal(self, target: int) -> str:
        if not 0 <= target < self.seats:
            return "Il n'y a pas de joueur à cette place."
        if target == self.current:
            return "Tu ne peux pas t'attaquer toi-même."
        if self.dead[target]:
            return f"{self.players[target]} est mort·e."
        if self.immune(target, self.attack):
            return (
                f"{self.players[target]} est Terminator de niveau {self.level[target]} : "
                f"immunisé·e contre une attaque de {self.attack}."
            )
        return "Cette cible n'est pas possible."

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        if isinstance(action, Throw):
            return self._throw(action.keep, rng)
        if isinstance(action, Stop):
            return self._stop()
        if isinstance(action, Attack):
            return self._blow(action.target, rng, forgot=False)
        if isinstance(action, Forget):
            return self._blow(self.current, rng, forgot=True)
        if isinstance(action, Rise):
            return self._rise(rng)
        self.side[self.current] = action.side
        self.phase = THROW
        return [SideDeclared(self.players[self.current], action.side)]

    # --- Phase 1 ---------------------------------------------------------------------

    def _throw(self, keep: tuple[int, ...], rng: Random) -> list[Event]:
        thrown = tuple(i for i in range(DICE) if i not in keep)
        faces = list(self.faces or (0,) * DICE)
        for i, face in zip(thrown, roll(rng, len(thrown)), strict=True):
            faces[i] = face
        self.faces = tuple(faces)
        self.total = sum(faces)
        self.kept = keep
        self.throws += 1
        self._judge()
        name = self.players[self.current]
        events: list[Event] = [
            DiceThrown(
                name, self.faces, thrown, self.total, self._value, self._heals, self.throws_left
            )
        ]
        if not self.may_throw() and not self.qualifies():
            events.append(NoAttack(name, self.total))
            events += self._end_turn()
        return events

    def _stop(self) -> list[Event]:
        seat, name = self.current, self.players[self.current]
        if self.heals():
            self.hp[seat] += REGENERATION
            if self.terminator:
                self.level[seat] = min(MAX_TERMINATOR, self.level[seat] + 1)
            events: list[Event] = [Regenerated(name, self.hp[seat], self.level[seat])]
            return events + self._end_turn()
        self.attack = self.value()
        events = [AttackObtained(name, self.attack)]
        if not self.targets():
            return [*events, Fizzled(name, self.attack), *self._end_turn()]
        self.phase = TARGET
        return events

    # --- Phase 2 ---------------------------------------------------------------------

    def _blow(self, target: int, rng: Random, forgot: bool) -> list[Event]:
        name, value = self.players[self.current], self.attack
        events: list[Event] = [Targeted(target, name, self.players[target], value, forgot)]
        faces = [0] * DICE
        free = list(range(DICE))
        aside = 0
        while free:
            for i, face in zip(free, roll(rng, len(free)), strict=True):
                faces[i] = face
            hits = tuple(i for i in free if faces[i] == value)
            aside += len(hits)
            thrown = tuple(free)
            events.append(BlowThrown(name, tuple(faces), thrown, hits, aside, value))
            if not hits:
                break
            free = [i for i in free if i not in hits]
            if not free and self.again:  # KIL-7 [OPTION]: all five come back
                free = list(range(DICE))
        events += self._hurt(target, aside * value)
        return events + self._end_turn()

    def _hurt(self, seat: int, damage: int) -> list[Event]:
        if damage:
            if self.zombie[seat]:  # KIL-8: any damage and the zombie is dead again
                self.zombie[seat] = False
                self.hp[seat] = 0
                self.dead[seat] = True
            else:
                was_dying = self.hp[seat] < 0
                self.hp[seat] -= damage
                if self.hp[seat] <= self.death_at:
                    self._die(seat)
                elif self.hp[seat] < 0 and not was_dying:
                    self.waited[seat] = False
        return [Damaged(seat, self.players[seat], damage, self.hp[seat], self.status(seat))]

    def _die(self, seat: int) -> None:
        self.dead[seat] = True
        self.deaths += 1
        if self.fell[seat] is None:
            self.fell[seat] = self.deaths

    # --- Mode zombie -----------------------------------------------------------------

    def _rise(self, rng: Random) -> list[Event]:
        seat, name = self.current, self.players[self.current]
        face = roll(rng, 1)[0]
        risen = face in RISE_FACES
        events: list[Event] = [RiseRolled(name, face, risen)]
        if not risen:
            return events + self._end_turn()
        self.dead[seat] = False
        self.zombie[seat] = True
        self.hp[seat] = 1
        self.phase = SIDE
        return events

    # --- turns and the end -----------------------------------------------------------

    def _begin_turn(self) -> None:
        self.faces: tuple[int, ...] = ()
        self.kept: tuple[int, ...] = ()
        self.total = 0
        self.throws = 0
        self.attack = 0
        self._value, self._heals = 0, False
        seat = self.current
        self.side[seat] = None
        if self.dead[seat]:
            self.phase = RISE
        elif self.zombie[seat]:
            self.phase = SIDE
        else:
            self.phase = THROW

    def _end_turn(self) -> list[Event]:
        seat = self.current
        if self.hp[seat] < 0 and not self.dead[seat]:
            self.waited[seat] = True
        seat = self.seat_after(self.current, lambda s: self.zombie_mode or not self.dead[s])
        last_round = seat is not None and seat <= self.current and self.round == ROUND_LIMIT
        if self._decided(seat) or seat is None or last_round:
            self.over = True
            self.phase = OVER
            return [GameOver(self.outcome().summary)]
        if seat <= self.current:
            self.round += 1
        self.current = seat
        self._begin_turn()
        return [TurnStarted(self.players[self.current], self.round, self.status(self.current))]

    def _decided(self, starting: int | None = None) -> bool:
        """KIL-4: over when one contender stands at 0 or more and every other contender has
        had a turn while dying; or when no contender is left at all. The end is checked at
        the start of a turn (`starting`'s): a dying player whose turn comes before the
        survivor's plays it and may still regenerate."""
        contenders = self.contenders()
        if not contenders:
            return True
        standing = [s for s in contenders if self.hp[s] >= 0]
        dying = [s for s in contenders if s not in standing]
        alone = len(standing) == 1 and all(self.waited[s] for s in dying)
        return alone and starting not in dying

    def _place(self, seat: int) -> tuple[int, int]:
        """Higher is better: those standing (by life points), the dying, then the dead, the
        last to fall first (a zombie is ranked by its first death)."""
        if self.dead[seat] or self.zombie[seat]:
            return (0, self.fell[seat] or 0)
        return (2 if self.hp[seat] >= 0 else 1, self.hp[seat])

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        places = [self._place(s) for s in range(self.seats)]
        ranks = tuple(1 + sum(p > mine for p in places) for mine in places)
        winners = [self.players[s] for s in range(self.seats) if ranks[s] == 1]
        standing = [s for s in self.contenders() if self.hp[s] >= 0]
        if len(standing) > 1:
            best = hp_text(max(self.hp[s] for s in standing))
            summary = f"Après {ROUND_LIMIT} tours, {join_names(winners)} : {best}, le plus."
        elif standing:
            seat = standing[0]
            summary = f"{self.players[seat]} reste seul·e debout ({hp_text(self.hp[seat])})."
        elif len(winners) == 1:
            summary = f"Plus personne debout : {winners[0]}, tombé·e en dernier, l'emporte."
        else:
            summary = f"Plus personne debout : {join_names(winners)}, tombé·es en dernier."
        return Outcome(
            tuple(self.hp), ranks, summary, ending=self._ending(), ranking=self._ranking()
        )

    def _ranking(self) -> str:
        """`_place` in words, for the kinds of players this match ended with: the life
        points shown beside the places do not order the fallen."""
        seats = range(self.seats)
        fallen = [s for s in seats if self.dead[s] or self.zombie[s]]
        dying = [s for s in seats if s not in fallen and self.hp[s] < 0]
        if not fallen and not dying:
            return ""  # by life points, as the scores beside the places show
        standing = ["les vivant·es"] if len(fallen) + len(dying) < self.seats else []
        standing += ["les mourant·es"] if dying else []
        order = [" puis ".join(standing) + ", par PV"] if standing else []
        if any(self.zombie):
            order.append(
                "les mort·es et les zombies, de la dernière chute à la première"
                " (un zombie : sa 1re mort)"
            )
        elif fallen:
            order.append("les mort·es, de la dernière chute à la première")
        return "Classement : " + ", puis ".join(order) + "."

    def _ending(self) -> str:
        """KIL-4's last survivor, every contender dead, or the round limit."""
        if not self._decided():
            return TURN_LIMIT
        return LAST_STANDING if self.contenders() else ENDING_NOBODY_STANDING


# --- the robot ------------------------------------------------------------------------


@cache
def sum_chances(dice: int) -> tuple[float, ...]:
    """The chance of each sum (index) of `dice` six-sided dice."""
    chances = [1.0]
    for _ in range(dice):
        grown = [0.0] * (len(chances) + 6)
        for total, chance in enumerate(chances):
            for face in range(1, 7):
                grown[total + face] += chance / 6
        chances = grown
    return tuple(chances)


class KillerBot(Robot):
    """RULINGS.md §5's profile: keep the dice that give the best chance of an attack (or of 11
    or 24 when dying) on the next throw; stop on a strong attack, or when going on is likelier
    to lose it; aim at the weakest when the blow may finish them, at the leader otherwise
    (either drawn at random among equals, so the first seats are not always the first hit)."""

    STRONG = 3
    """An attack of 3 or more is taken at once."""

    def choose(self, state: KillerState) -> Action:
        phase = state.phase
        if phase == RISE:
            return Rise()
        if phase == SIDE:
            return DeclareSide(self.rng.choice(("low", "high")))
        if phase == TARGET:
            return self.target(state)
        legal = state.legal_actions()
        if not state.faces:
            return legal[0]
        throws = [a for a in legal if isinstance(a, Throw)]
        if not throws:
            return _STOP
        best = max(throws, key=lambda a: self.chance(state, a.keep))
        if state.qualifies():
            if state.heals() or state.value() >= self.STRONG:
                return _STOP
            if self.chance(state, best.keep) < 0.75:
                return _STOP
        return best

    def chance(self, state: KillerState, keep: tuple[int, ...]) -> float:
        """The chance that the next throw, keeping `keep`, lets this player stop."""
        kept = sum(state.faces[i] for i in keep)
        chances = sum_chances(DICE - len(keep))
        seat = state.current
        dying = state.hp[seat] < 0 and not state.zombie[seat]
        side = state.side[seat]
        total = 0.0
        for rest, chance in enumerate(chances):
            if not chance:
                continue
            t = kept + rest
            if dying and t in (LOW, HIGH):
                total += chance
            elif dying and not state.dying_attack:
                continue
            elif side == "low":
                total += chance * (t < LOW)
            elif side == "high":
                total += chance * (t > HIGH)
            elif attack_value(t):
                total += chance * (0.3 if dying else 1.0)
        return total

    def target(self, state: KillerState) -> Action:
        targets = state.targets()
        if not targets:
            return Forget()
        expected = EXPECTED_HITS * state.attack
        contenders = [s for s in targets if not state.zombie[s]] or targets
        low = min(state.hp[s] for s in contenders)
        if low - expected < 0:  # likely dying, or dead
            return Attack(self.rng.choice([s for s in contenders if state.hp[s] == low]))
        high = max(state.hp[s] for s in contenders)
        return Attack(self.rng.choice([s for s in contenders if state.hp[s] == high]))
