"""Les pilleurs de tombe (RULINGS.md §3): torches, artifacts, snakes and cave-ins.

Five dice keep their positions for the whole turn. Snakes (3) lock as they are rolled
(PIL-2); before the 2nd and 3rd throws the player validates or picks dice to throw again
(PIL-3). The final dice are then resolved in steps, each a decision only when it matters:
the combination of a triple (PIL-4, PIL-5, PIL-19; 3-3-3 is forced), the 1-1-1 announcement
and its bonus roll (PIL-9), the sharing of the torches (PIL-6), the power "drop two
artifacts" (PIL-17, PIL-20); then the cave-in formula of PIL-7 ends the turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from random import Random
from typing import Any, NamedTuple

from jeux.engine.bots import Robot
from jeux.engine.core import Action, Event, Outcome, State, ranks_from_scores
from jeux.engine.dice import roll
from jeux.engine.events import DiceRolled, GameOver, TurnStarted
from jeux.engine.text import join_names, plural

DICE = 5
ALL = tuple(range(DICE))
TORCH, ARTIFACT, SNAKE, PICKAXE, CAVE_IN, ADVANCE = 1, 2, 3, 4, 5, 6

TABLE = {2: (8, 5), 3: (7, 10), 4: (6, 15), 5: (7, 12), 6: (7, 14)}
"""Players → (advances to the centre, artifacts in the pyramid) (PIL-14: 15 for 4)."""

FOUR_THROWS, SNAKE_REROLL, DROP = "four_throws", "snake_reroll", "drop"
POWERS = (FOUR_THROWS, SNAKE_REROLL, DROP)

START, ROLLING, COMBO, ANNOUNCE, SHARE, DROPPING, OVER = (
    "start",
    "rolling",
    "combo",
    "announce",
    "share",
    "drop",
    "over",
)
ENDING_CENTRE = "Centre atteint"
ENDING_NO_ARTIFACTS = "Artefacts épuisés"
TARGETED = (ARTIFACT, CAVE_IN, ADVANCE)
"""Combinations aimed at another player (PIL-10, PIL-19)."""
NO_TARGET = -1


def artifacts_word(count: int) -> str:
    return plural(count, "artefact")


def advances_word(count: int) -> str:
    return plural(count, "cran")


# --- actions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll(Action):
    """Throw the dice at these positions (all five for the first throw)."""

    dice: tuple[int, ...] = ALL


@dataclass(frozen=True)
class Stop(Action):
    """Validate the dice on the table."""


@dataclass(frozen=True)
class Take(Action):
    """Apply the combination of the triple, on `target` for 2-2-2, 5-5-5 and 6-6-6."""

    target: int = NO_TARGET


@dataclass(frozen=True)
class Decline(Action):
    """Let the triple's dice count alone (PIL-5), or keep one's artifacts (power)."""


@dataclass(frozen=True)
class Announce(Action):
    """After 1-1-1: the face the bonus roll counts, ARTIFACT or ADVANCE (PIL-9)."""

    face: int


@dataclass(frozen=True)
class Share(Action):
    """Share the torches: as many advances as possible, or as many artifacts (PIL-6)."""

    advance: bool


@dataclass(frozen=True)
class Drop(Action):
    """Power: give back two artifacts to advance one more (PIL-17)."""


# --- events ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Validated(Event):
    player: str
    faces: tuple[int, ...]

    def describe(self) -> str:
        return f"{self.player} valide {'-'.join(map(str, self.faces))}."


@dataclass(frozen=True)
class CombinationTaken(Event):
    player: str
    face: int
    target: str = ""
    effect: str = ""

    def describe(self) -> str:
        triple = f"{self.face}-{self.face}-{self.face}"
        return f"{self.player} applique {triple} : {self.effect}."


@dataclass(frozen=True)
class CombinationDeclined(Event):
    player: str
    face: int

    def describe(self) -> str:
        return f"{self.player} refuse le triple {self.face} : ses dés comptent seuls."


@dataclass(frozen=True)
class BonusRolled(Event):
    """The 1-1-1 bonus roll: only `face` counts (PIL-9)."""

    player: str
    faces: tuple[int, ...]
    face: int
    gained: int

    def describe(self) -> str:
        what = "Artefacts" if self.face == ARTIFACT else "Progression"
        gain = artifacts_word(self.gained) if self.face == ARTIFACT else advances_word(self.gained)
        return f"{self.player} annonce « {what} » et relance : {gain}."


@dataclass(frozen=True)
class JokerSpent(Event):
    player: str

    def describe(self) -> str:
        return f"Le joker Pioche protège {self.player} de l'éboulement."


@dataclass(frozen=True)
class PowerUsed(Event):
    player: str

    def describe(self) -> str:
        return f"{self.player} se déleste de 2 artefacts pour avancer d'un cran."


@dataclass(frozen=True)
class TurnEnded(Event):
    player: str
    advances: int
    artifacts: int
    blocked: bool
    was_blocked: bool

    def describe(self) -> str:
        parts = []
        if self.advances:
            parts.append(f"avance de {advances_word(self.advances)}")
        if self.artifacts:
            parts.append(f"prend {artifacts_word(self.artifacts)}")
        if self.blocked and not self.was_blocked:
            parts.append("subit un éboulement")
        elif self.blocked:
            parts.append("reste bloqué·e")
        elif self.was_blocked:
            parts.append("se dégage de l'éboulement")
        return f"{self.player} {join_names(parts) or 'ne gagne rien'}."


# --- what the dice give ----------------------------------------------------------------


class Gains(NamedTuple):
    """What the dice counting alone give (PIL-6, PIL-7)."""

    advances: int
    artifacts: int
    blocked: bool
    may_advance: bool


def triple_of(faces: Sequence[int]) -> int | None:
    """The face shown by three dice or more (at most one with five dice)."""
    face, count = Counter(faces).most_common(1)[0] if faces else (None, 0)
    return face if count >= 3 else None


def alone(faces: Sequence[int], combo: int | None) -> list[int]:
    """The dice that count alone: all but three of a taken combination (PIL-5, PIL-18)."""
    rest = list(faces)
    if combo is not None:
        for _ in range(3):
            rest.remove(combo)
    return rest


def torch_range(
    faces: Sequence[int], may_advance: bool, reserve: int
) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two ends of torch sharing, (advances, artifacts) each: torches used as fully as
    possible, sixes useless when one may not advance, artifacts capped by the reserve."""
    torches = faces.count(TORCH)
    sixes = faces.count(ADVANCE) if may_advance else 0
    twos = min(faces.count(ARTIFACT), reserve)
    used = min(torches, sixes + twos)
    most = min(used, sixes)
    least = max(0, used - twos)
    return (most, used - most), (least, used - least)


_STOP = Stop()


@cache
def _rolls(dice: tuple[int, ...], snakes: frozenset[int]) -> tuple[Action, ...]:
    """Validate, or throw any non-empty subset of `dice` holding at most one snake; few
    distinct cases exist, so each is built once (playouts ask at every move)."""
    subsets = [
        subset
        for mask in range(1, 1 << len(dice))
        for subset in [tuple(d for n, d in enumerate(dice) if mask >> n & 1)]
        if len(snakes.intersection(subset)) <= 1
    ]
    return (_STOP, *(Roll(s) for s in subsets))


@cache
def _gains_of(
    faces: tuple[int, ...], was_blocked: bool, strict: bool, reserve: int, advance_first: bool
) -> Gains:
    """PIL-6 and the formula of PIL-7 on the dice counting alone (sorted), for a player
    blocked or not at the start of the turn; cached, as few cases exist."""
    pickaxe = PICKAXE in faces
    may_advance = not was_blocked or (pickaxe and not strict)
    most, least = torch_range(faces, may_advance, reserve)
    advances, artifacts = most if advance_first else least
    if pickaxe:
        blocked = False
    elif was_blocked:
        blocked = True
    else:
        blocked = CAVE_IN in faces
    return Gains(advances, artifacts, blocked, may_advance)


@cache
def _snakes(faces: tuple[int, ...]) -> frozenset[int]:
    return frozenset(i for i in ALL if faces[i] == SNAKE)


@cache
def _rerollable(held: frozenset[int]) -> tuple[int, ...]:
    return tuple(i for i in ALL if i not in held)


# --- the match -------------------------------------------------------------------------


class PilleursState(State):
    """One match. Public, for the screen and the robot:

    - per seat: `advances`, `artifacts`, `blocked`, `powers` (None without the variant);
    - `reserve`, `joker` (the seat holding it, or None), `target`, `current`, `round`;
    - the turn: `phase`, `faces` (empty before the first throw), `snakes` and `frozen`
      (positions that may not be thrown), `throw`, `throws`, `combo` (the triple at stake),
      `counted` (the final dice counting alone), `gains` (what they give once shared).
    """

    def __init__(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> None:
        self.players = tuple(players)
        advances, artifacts = TABLE[min(self.seats, 6)]
        self.target: int = options["advances"] or advances
        self.reserve: int = options["artifacts"] or artifacts
        self.kept_locked: bool = options["kept_locked"]
        self.strict_pickaxe: bool = options["strict_pickaxe"]
        self.advances = [0] * self.seats
        self.artifacts = [0] * self.seats
        self.blocked = [False] * self.seats
        self.joker: int | None = None
        self.powers: list[str | None] = [None] * self.seats
        if options["powers"]:
            self.powers = deal_powers(self.seats, rng)
        self.current = 0
        self.round = 1
        self.winner: int | None = None
        """The seat that reached the centre (PIL-15), if one did."""
        self._start_turn()

    def _start_turn(self) -> None:
        self.phase = START
        self.faces: tuple[int, ...] = ()
        self.snakes: frozenset[int] = frozenset()
        self.frozen: frozenset[int] = frozenset()
        self.throw = 0
        self.throws = 4 if self.powers[self.current] == FOUR_THROWS else 3
        self.snake_rerolled = False
        self.was_blocked = self.blocked[self.current]
        self.combo: int | None = None
        self.counted: tuple[int, ...] = ()
        self.gains = Gains(0, 0, self.was_blocked, not self.was_blocked)
        self.bonus_face: int | None = None

    # --- queries ----------------------------------------------------------------------

    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.current

    def rerollable(self) -> tuple[int, ...]:
        """Positions that may be thrown again (a snake only with its power, once a turn)."""
        if self.phase != ROLLING or self.throw >= self.throws:
            return ()
        snake_free = self.powers[self.current] == SNAKE_REROLL and not self.snake_rerolled
        return _rerollable(self.frozen | (frozenset() if snake_free else self.snakes))

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == START:
            return [Roll()]
        if phase == ROLLING:
            return list(_rolls(self.rerollable(), self.snakes))
        if phase == COMBO:
            targets = self.targets(self.combo)
            takes = [Take(t) for t in targets] if self.combo in TARGETED else [Take()]
            return [*takes, Decline()]
        if phase == ANNOUNCE:
            return [Announce(ARTIFACT), Announce(ADVANCE)]
        if phase == SHARE:
            return [Share(True), Share(False)]
        if phase == DROPPING:
            return [Drop(), Decline()]
        return []

    def targets(self, face: int | None) -> list[int]:
        """The seats a combination may aim at (PIL-19)."""
        others = [s for s in range(self.seats) if s != self.current]
        if face == ARTIFACT:
            return [s for s in others if self.artifacts[s] > 0]
        if face == CAVE_IN:
            return [s for s in others if not self.blocked[s]]
        if face == ADVANCE:
            return others
        return []

    def takable(self, face: int | None) -> bool:
        """Whether the triple of `face` can be applied at all (PIL-19); 3-3-3 is forced."""
        if face is None or face == SNAKE:
            return False
        if face == PICKAXE:  # taking one's own joker again would change nothing
            return self.joker != self.current
        return face == TORCH or bool(self.targets(face))

    def appraise(self) -> Gains:
        """What validating now would give with every die counting alone, torches on the
        advances first: the screen's preview of the dice on the table."""
        return self._gains(self.faces, advance_first=True)

    def _gains(self, faces: Sequence[int], advance_first: bool) -> Gains:
        reserve = min(self.reserve, DICE)  # more than five never limits five dice
        key = tuple(sorted(faces))
        return _gains_of(key, self.was_blocked, self.strict_pickaxe, reserve, advance_first)

    def refusal(self, action: Action) -> str:
        if isinstance(action, Roll) and self.phase == ROLLING:
            if self.throw >= self.throws:
                return "Plus de lancer : il faut valider."
            if any(i in self.snakes for i in action.dice):
                return "Un serpent ne peut pas être relancé."
            if any(i in self.frozen for i in action.dice):
                return "Les dés gardés restent de côté dans cette variante."
            return "Choisis au moins un dé à relancer."
        if isinstance(action, Take) and self.phase == COMBO:
            return self._target_refusal(action.target)
        if isinstance(action, Roll | Stop) and self.phase != ROLLING and self.phase != START:
            return "Le lancer est validé : termine d'abord le tour."
        return super().refusal(action)

    def _target_refusal(self, target: int) -> str:
        if target == self.current:
            return "Vise un autre joueur que toi."
        if not 0 <= target < self.seats:
            return "Choisis un joueur de la table."
        name = self.players[target]
        if self.combo == ARTIFACT:
            return f"{name} n'a aucun artefact à voler."
        if self.combo == CAVE_IN:
            return f"{name} est déjà bloqué·e par un éboulement."
        return "Cette combinaison ne vise personne."

    def shares(self) -> tuple[Gains, Gains]:
        """The two ends of torch sharing: advances first, artifacts first (PIL-6)."""
        return self._gains(self.counted, True), self._gains(self.counted, False)

    def gains_if_taken(self) -> Gains:
        """What the dice left beside the triple give if the combination is applied."""
        return self._gains(alone(self.faces, self.combo), advance_first=True)

    # --- moves ------------------------------------------------------------------------

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        if isinstance(action, Roll):
            return self._roll(action.dice, rng)
        if isinstance(action, Stop):
            return self._validate()
        if isinstance(action, Take):
            return self._take(action.target)
        if isinstance(action, Announce):
            return self._announce(action.face, rng)
        if isinstance(action, Share):
            self.gains = self._gains(self.counted, action.advance)
            return self._after_share()
        if isinstance(action, Drop):
            return self._drop()
        if self.phase == COMBO:  # Decline
            events: list[Event] = [CombinationDeclined(self.name, self.combo)]
            self.combo = None
            return events + self._count_alone()
        return self._finish()  # the power declined

    @property
    def name(self) -> str:
        return self.players[self.current]

    def _roll(self, dice: tuple[int, ...], rng: Random) -> list[Event]:
        faces = list(self.faces or (0,) * DICE)
        for i, face in zip(dice, roll(rng, len(dice)), strict=True):
            faces[i] = face
        self.faces = tuple(faces)
        if self.snakes.intersection(dice):
            self.snake_rerolled = True
        if self.kept_locked and self.throw:  # PIL-3 option: what was kept stays kept
            self.frozen = self.frozen | {i for i in ALL if i not in dice}
        # PIL-2: a snake locks the moment it is rolled.
        self.snakes = _snakes(self.faces)
        self.throw += 1
        self.phase = ROLLING
        events: list[Event] = [DiceRolled(self.name, self.faces, dice, self.throw)]
        if self.throw >= self.throws:
            events += self._validate()
        return events

    def _validate(self) -> list[Event]:
        """PIL-4: the combination is judged on the final dice, whatever their throw."""
        events: list[Event] = [Validated(self.name, self.faces)]
        face = triple_of(self.faces)
        if face == SNAKE:  # mandatory (PIL-5)
            self.combo = SNAKE
            self.advances[self.current] = max(0, self.advances[self.current] - 1)
            events.append(CombinationTaken(self.name, SNAKE, "", "recule d'un cran"))
            return events + self._count_alone()
        if self.takable(face):
            self.combo = face
            self.phase = COMBO
            return events
        return events + self._count_alone()

    def _take(self, target: int) -> list[Event]:
        face, me = self.combo, self.current
        other = self.players[target] if target != NO_TARGET else ""
        events: list[Event] = []
        if face == TORCH:
            self.phase = ANNOUNCE
            return [CombinationTaken(self.name, face, "", "tous les dés sont annulés")]
        if face == ARTIFACT:
            self.artifacts[target] -= 1
            self.artifacts[me] += 1
            effect = f"vole un artefact à {other}"
        elif face == PICKAXE:
            self.joker = me
            effect = "prend le joker Pioche"
        elif face == CAVE_IN:
            effect = f"éboulement sur {other}"
            if self.joker == target:  # PIL-10, PIL-13: the joker protects its holder
                self.joker = None
                events.append(JokerSpent(other))
            else:
                self.blocked[target] = True
        else:
            self.advances[target] = max(0, self.advances[target] - 1)  # PIL-11
            effect = f"{other} recule d'un cran"
        return [CombinationTaken(self.name, face, other, effect), *events, *self._count_alone()]

    def _count_alone(self) -> list[Event]:
        """The dice left count alone; the torches are shared by the player when it matters."""
        self.counted = tuple(alone(self.faces, self.combo))
        most = self._gains(self.counted, advance_first=True)
        least = self._gains(self.counted, advance_first=False)
        self.gains = most
        if most != least:
            self.phase = SHARE
            return []
        return self._after_share()

    def _announce(self, face: int, rng: Random) -> list[Event]:
        """PIL-9: one bonus roll of five dice, only the announced face counts, no torch."""
        self.bonus_face = face
        faces = roll(rng, DICE)
        hits = faces.count(face)
        may_advance = not self.was_blocked
        if face == ARTIFACT:
            gains = Gains(0, min(hits, self.reserve), self.was_blocked, may_advance)
        else:
            gains = Gains(hits if may_advance else 0, 0, self.was_blocked, may_advance)
        self.gains, self.counted = gains, ()
        gained = gains.artifacts if face == ARTIFACT else gains.advances
        return [BonusRolled(self.name, faces, face, gained), *self._after_share()]

    def may_drop(self) -> bool:
        """PIL-17, PIL-20: the power needs two artifacts and a turn that may advance."""
        owned = self.artifacts[self.current] + self.gains.artifacts
        return self.powers[self.current] == DROP and owned >= 2 and self.gains.may_advance

    def _after_share(self) -> list[Event]:
        if self.may_drop():
            self.phase = DROPPING
            return []
        return self._finish()

    def _drop(self) -> list[Event]:
        advances, artifacts, blocked, may = self.gains
        self.artifacts[self.current] -= 2
        self.reserve += 2
        self.gains = Gains(advances + 1, artifacts, blocked, may)
        return [PowerUsed(self.name), *self._finish()]

    def _finish(self) -> list[Event]:
        me, gains = self.current, self.gains
        events: list[Event] = []
        blocked = gains.blocked
        if blocked and not self.was_blocked and self.joker == me:  # PIL-7, PIL-13
            self.joker, blocked = None, False
            events.append(JokerSpent(self.name))
        self.blocked[me] = blocked
        self.advances[me] += gains.advances
        self.artifacts[me] += gains.artifacts
        self.reserve -= gains.artifacts
        events.append(
            TurnEnded(self.name, gains.advances, gains.artifacts, blocked, self.was_blocked)
        )
        if self.advances[me] >= self.target:
            self.winner = me
        if self.winner is not None or self.reserve <= 0:
            self.phase = OVER
            return [*events, GameOver(self.outcome().summary)]
        self.current = (me + 1) % self.seats
        if self.current == 0:
            self.round += 1
        self._start_turn()
        return [*events, TurnStarted(self.name, self.round)]

    # --- the end --------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        keys = [
            (seat == self.winner, self.artifacts[seat], self.advances[seat])
            for seat in range(self.seats)
        ]
        ranks = ranks_from_scores(keys)
        if self.winner is not None:
            summary = f"{self.players[self.winner]} atteint le centre de la pyramide !"
            ending = ENDING_CENTRE
        else:
            best = max(self.artifacts)
            winners = [self.players[s] for s, rank in enumerate(ranks) if rank == 1]
            verb = "gagne" if len(winners) == 1 else "gagnent ex aequo"
            summary = (
                f"Plus d'artefacts dans la pyramide : {join_names(winners)} {verb} "
                f"avec {artifacts_word(best)}."
            )
            ending = ENDING_NO_ARTIFACTS
        return Outcome(tuple(self.artifacts), ranks, summary, ending=ending)


def deal_powers(seats: int, rng: Random) -> list[str | None]:
    """PIL-17: without replacement while possible, then with replacement."""
    deck = list(POWERS)
    rng.shuffle(deck)
    return [deck[seat] if seat < len(deck) else rng.choice(POWERS) for seat in range(seats)]


# --- the robot -------------------------------------------------------------------------


class RaiderBot(Robot):
    """Keeps torch pairs, throws the cave-ins and spare dice again, stops once a throw
    could cost more than it may bring; aims at the leader (RULINGS.md §3, interaction)."""

    def choose(self, state: PilleursState) -> Action:
        legal = state.legal_actions()
        phase = state.phase
        if phase == ROLLING:
            return self.throw_or_stop(state, legal)
        if phase == COMBO:
            return self.combination(state)
        if phase == ANNOUNCE:
            return Announce(ARTIFACT if state.was_blocked else ADVANCE)
        if phase == SHARE:
            return Share(state.gains.may_advance)
        if phase == DROPPING:
            near = state.target - state.advances[state.current] - state.gains.advances <= 2
            return Drop() if near else Decline()
        return legal[0]

    @staticmethod
    def value(gains: Gains) -> float:
        return gains.advances * 1.2 + gains.artifacts - (1.5 if gains.blocked else 0)

    def throw_or_stop(self, state: PilleursState, legal: list[Action]) -> Action:
        faces, free = state.faces, set(state.rerollable()) - state.snakes
        gains = state.appraise()
        if state.advances[state.current] + gains.advances >= state.target:
            return Stop()  # the centre is reached: nothing to win by throwing again
        keep: set[int] = set()

        def keep_some(face: int, count: int) -> None:
            keep.update(sorted(i for i in free if faces[i] == face)[:count])

        pairs = max(1, faces.count(TORCH))
        keep_some(TORCH, DICE)
        if gains.may_advance:
            keep_some(ADVANCE, pairs)
        keep_some(ARTIFACT, pairs)
        if state.blocked[state.current]:
            keep_some(PICKAXE, 1)
        if (triple := triple_of(faces)) in (ADVANCE, CAVE_IN, ARTIFACT):
            keep_some(triple, DICE)
        again = tuple(sorted(free - keep))
        risky = len(state.snakes) >= 2 or (gains.advances + gains.artifacts >= 2)
        if not again or (risky and not gains.blocked) or Roll(again) not in legal:
            return Stop()
        return Roll(again)

    def combination(self, state: PilleursState) -> Action:
        face, me = state.combo, state.current
        kept, loose = state.gains_if_taken(), state.appraise()
        if face == TORCH:
            return Take() if self.value(loose) < 1 else Decline()
        if face == PICKAXE:
            return Take() if not (state.blocked[me] and not kept.may_advance) else Decline()
        targets = state.targets(face)
        if face == ARTIFACT:
            target = max(targets, key=lambda s: state.artifacts[s])
            return Take(target) if self.value(kept) + 2 >= self.value(loose) else Decline()
        leader = max(targets, key=lambda s: (state.advances[s], state.artifacts[s]))
        if face == CAVE_IN:
            return Take(leader)
        hurts = state.advances[leader] > 0
        return Take(leader) if hurts and self.value(kept) + 1.2 >= self.value(loose) else Decline()
