"""Le Jeu des Trois Couronnes (RULINGS.md §9): a 6, then a 5, then a 4, over seven rounds.

Each turn is either a kingdom turn (up to three throws; the Couronne, the Seigneur and the
Peuple are locked in that order; the final three dice are judged once, when the player stops),
a War (bet 10, one throw) or an Alliance (both bet 5, one throw). Scores may go negative.
Everything a screen shows (locks, lockable dice, the value of the throw, the score sheet,
targets and cooldowns) is computed here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import permutations, product
from random import Random
from typing import Any

from jeux.engine.core import (
    Action,
    Event,
    IllegalAction,
    LegalOnce,
    Outcome,
    free_text,
    ranks_from_scores,
)
from jeux.engine.dice import roll
from jeux.engine.text import TURN_LIMIT, de, join_names

ROUNDS = 7
""""La partie dure 7 tours": seven rounds, one turn per player in each."""

MAX_THROWS = 3
DICE = 3
ROLES = ("Couronne", "Seigneur", "Peuple")
"""The locked dice, in the only order they may be locked (TRC-12: roles label locked dice)."""
ROLE_FACES = (6, 5, 4)
ROLE_ARTICLES = ("la Couronne", "le Seigneur", "le Peuple")

WAR_BET, WAR_STEAL = 10, 30
ALLIANCE_BET, ALLIANCE_GAIN = 5, 10
WAR_FACES = (4, 5)
"""A War succeeds when at least two dice show one of these faces."""

STORY_LIMIT = 80
"""The optional narration line (TRC-13) is longer than a spell word."""

# Phases of a turn.
START, ROLLING, ANSWER, OVER = "start", "rolling", "answer", "over"
# Kinds of turn, for the score sheet.
KINGDOM, WAR, ALLIANCE = "royaume", "guerre", "alliance"

# Option values (the first of each pair is the ruling).
FIRST_THROW, LEGACY = "first_throw", "legacy"
REPLACE, ADDITIVE = "replace", "additive"
POSITIVE, LITERAL = "positive", "literal"
REPLACES_TURN, PLUS_TURN = "replaces_turn", "plus_turn"
FREE, COVERED = "free", "covered"
OFF, NON_POSITIVE, ZERO = "off", "non_positive", "zero"

STORIES = {
    "Royaume prospère": "Mon royaume entre dans un âge d'or.",
    "Royaume complet": "Mon royaume est en parfaite harmonie.",
    "Royaume noble": "Deux seigneurs se disputent la faveur de la Couronne.",
    "Noblesse instable": "Un noble loyal tente de gouverner un peuple affamé.",
    "Royaume tyrannique": "Deux rois règnent sur un peuple soumis.",
    "Révolution": "Un peuple fort se dresse face à la Couronne.",
    "Excès de pouvoir": "L'autorité absolue a mené mon royaume à sa chute.",
    "Couronne isolée": "Sans noblesse, la Couronne chancelle dans le chaos.",
    "Royaume déchu": "Sans couronne, mon royaume tombe en ruine.",
}
"""Flavour lines to pre-fill the optional story (TRC-13): the text's four story examples
(6-5-4, 6-5-2, 6-3-1, 6-6-6), and lines in the same spirit for the other kingdoms."""


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def faces_text(faces: Sequence[int]) -> str:
    return "-".join(map(str, faces))


def halve(total: int, literal: bool = False) -> int:
    """Excès de pouvoir (TRC-3): half the total, rounded in the player's favour.

    By the ruling a total of 0 or less is left alone, so nobody halves a debt on purpose."""
    if total <= 0 and not literal:
        return total
    return -(-total // 2)


@dataclass(frozen=True)
class Kingdom:
    """What three final dice are worth: its name in the rules' words and its points."""

    name: str
    points: int
    complete: bool = False
    """A 6-5-4 (Royaume complet or prospère): counts for the tie-break (TRC-11)."""
    excess: bool = False
    """6-6-6: no points, and the whole total is halved (TRC-3)."""

    @property
    def label(self) -> str:
        """ "Royaume noble : 10", "Excès de pouvoir : score total divisé par 2"."""
        if self.excess:
            return f"{self.name} : score total divisé par 2"
        return f"{self.name} : {self.points}"

    @property
    def story(self) -> str:
        return STORIES.get(self.name, "")


def kingdom(
    faces: Sequence[int], prosperous: bool = False, legacy: bool = False, additive: bool = False
) -> Kingdom:
    """The value of three final dice (TRC-2: a named bonus replaces the base by default).

    `prosperous` says whether a 6-5-4 counts as a Royaume prospère (first throw, or in the
    legacy rule any throw of all three dice); `legacy` gives it 30 instead of 50; `additive`
    adds the bonuses to the base score (Prospère 65, Noble 15)."""
    return _kingdom(tuple(sorted(faces)), prosperous, legacy, additive)


@cache
def _kingdom(faces: tuple[int, ...], prosperous: bool, legacy: bool, additive: bool) -> Kingdom:
    # 56 dice multisets × 8 option sets: computed once each (playouts judge ~30 per game).
    if 6 not in faces:
        return Kingdom("Royaume déchu", -3)
    rest = list(faces)
    rest.remove(6)
    if 5 in rest and 4 in rest:
        if prosperous:
            bonus = 30 if legacy else 50
            return Kingdom("Royaume prospère", bonus + (15 if additive else 0), complete=True)
        return Kingdom("Royaume complet", 15, complete=True)
    if 5 in rest:
        rest.remove(5)
        third = rest[0]
        if third == 5:
            return Kingdom("Royaume noble", 10 + (5 if additive else 0))
        return Kingdom("Noblesse instable", third)
    others = sorted(rest)
    if others == [4, 6]:
        return Kingdom("Royaume tyrannique", 10)
    if others == [4, 4]:
        return Kingdom("Révolution", 8)
    if others == [6, 6]:
        return Kingdom("Excès de pouvoir", 0, excess=True)
    return Kingdom("Couronne isolée", 0)


def declines(found: Kingdom, decline: str) -> bool:
    """Royaume déclinant (TRC-10): a kingdom turn that scores 0 or less costs 1 more."""
    if decline == NON_POSITIVE:
        return found.points <= 0
    if decline == ZERO:
        return found.points == 0
    return False


def kingdom_total(found: Kingdom, before: int, literal: bool, decline: str) -> int:
    """The total once a kingdom is proclaimed on top of `before` (halving, decline)."""
    total = before + found.points
    if found.excess:
        total = halve(total, literal)
    return total - declines(found, decline)


def war_counts(faces: Sequence[int]) -> tuple[bool, ...]:
    """Which dice of a War throw count: those showing 4 or 5."""
    return tuple(face in WAR_FACES for face in faces)


def war_success(faces: Sequence[int]) -> bool:
    """ "Si 2 ou 3 dés font 4 ou 5" (probability 7/27)."""
    return sum(war_counts(faces)) >= 2


def alliance_counts(faces: Sequence[int]) -> tuple[bool, ...]:
    """Which dice of an Alliance throw count: the 6s."""
    return tuple(face == 6 for face in faces)


def alliance_success(faces: Sequence[int]) -> bool:
    """ "Si au moins 1 dé fait un 6" (probability 91/216)."""
    return 6 in faces


_ALL_THROWS = tuple(product(range(1, 7), repeat=DICE))
WAR_CHANCE = Fraction(sum(map(war_success, _ALL_THROWS)), len(_ALL_THROWS))
"""7/27: the screen shows it beside the War, so nobody has to work it out."""
ALLIANCE_CHANCE = Fraction(sum(map(alliance_success, _ALL_THROWS)), len(_ALL_THROWS))
"""91/216, shown beside the Alliance."""


@dataclass(frozen=True)
class BonusRow:
    """One line of the scoring table as the chosen options make it (for the screen)."""

    dice: str
    """The final dice, e.g. "6-5-5" or "sans 6"."""
    name: str
    """The kingdom, in the rules' words: compare with `Kingdom.name`."""
    effect: str
    """What it is worth, e.g. "10", "3e dé", "÷2", "-4" (Royaume déclinant included)."""


# --- actions ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll(Action):
    """Throw the dice. From the second throw on, `lock` first sets aside the listed dice
    (indices 0–2, in role order: the Couronne, then the Seigneur, then the Peuple); every
    die not locked is thrown again."""

    lock: tuple[int, ...] = ()


@dataclass(frozen=True)
class Stop(Action):
    """End the kingdom turn: the three dice showing are judged. `story` is optional."""

    story: str = free_text(STORY_LIMIT)


@dataclass(frozen=True)
class DeclareWar(Action):
    """Before the first throw: bet 10 on one throw against `target` (a seat)."""

    target: int


@dataclass(frozen=True)
class ProposeAlliance(Action):
    """Before the first throw: offer `partner` (a seat) an alliance; they answer first."""

    partner: int


@dataclass(frozen=True)
class AnswerAlliance(Action):
    """The partner's public answer; on yes both bet 5 and the proposer throws at once."""

    accept: bool


@cache
def next_locks(dice: tuple[int, ...], locks: tuple[int, ...]) -> tuple[int, ...]:
    """The dice that may join `locks` next: those showing the face of the next role, as long
    as one die would remain to be thrown again."""
    step = len(locks)
    if step >= DICE - 1:
        return ()
    face = ROLE_FACES[step]
    return tuple(i for i, f in enumerate(dice) if f == face and i not in locks)


@cache
def lock_chains(dice: tuple[int, ...], locks: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every set of dice that may be locked before a rethrow (the empty one first)."""
    chains: list[tuple[int, ...]] = [()]
    frontier: list[tuple[int, ...]] = [()]
    while frontier:
        frontier = [c + (i,) for c in frontier for i in next_locks(dice, locks + c)]
        chains += frontier
    return tuple(chains)


_FREE = {
    locks: tuple(i for i in range(DICE) if i not in locks)
    for count in range(DICE)
    for locks in permutations(range(DICE), count)
}
"""The dice thrown again for each tuple of locks."""
_FIRST_ROLL, _STOP = Roll(), Stop()
_ACCEPT, _REFUSE = AnswerAlliance(True), AnswerAlliance(False)


@cache
def _rolls(dice: tuple[int, ...], locks: tuple[int, ...]) -> tuple[Roll, ...]:
    return tuple(Roll(chain) for chain in lock_chains(dice, locks))


@cache
def _war(target: int) -> DeclareWar:
    return DeclareWar(target)


@cache
def _alliance(partner: int) -> ProposeAlliance:
    return ProposeAlliance(partner)


# --- events -----------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnStarted(Event):
    player: str
    round: int

    def describe(self) -> str:
        return f"Manche {self.round} sur {ROUNDS} : au tour {de(self.player)}."


@dataclass(frozen=True)
class DiceLocked(Event):
    player: str
    dice: tuple[int, ...]
    """Indices of the dice set aside, in role order."""
    roles: tuple[str, ...]

    def describe(self) -> str:
        names = [
            f"{ROLE_ARTICLES[ROLES.index(role)]} ({ROLE_FACES[ROLES.index(role)]})"
            for role in self.roles
        ]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " et " + names[-1]
        return f"{self.player} garde {listed}."


@dataclass(frozen=True)
class DiceRolled(Event):
    player: str
    throw: int
    dice: tuple[int, ...]
    """All three dice after the throw (locked ones included)."""
    rolled: tuple[int, ...]
    """Indices of the dice that were thrown (the UI tumbles only these)."""
    label: str
    """The value of the dice showing, e.g. "Royaume noble : 10"."""

    def describe(self) -> str:
        which = "1er lancer" if self.throw == 1 else f"{self.throw}e lancer"
        return f"{self.player} lance les dés ({which}) : {faces_text(self.dice)}, {self.label}."


@dataclass(frozen=True)
class KingdomProclaimed(Event):
    player: str
    dice: tuple[int, ...]
    name: str
    points: int
    total: int
    """The total once this turn is counted (halving and decline included)."""
    story: str = ""

    def describe(self) -> str:
        story = f" « {self.story} »" if self.story else ""
        return (
            f"{self.player} proclame {faces_text(self.dice)}, {self.name} : "
            f"{signed(self.points)}.{story}"
        )


@dataclass(frozen=True)
class PowerExcess(Event):
    player: str
    before: int
    after: int

    def describe(self) -> str:
        if self.before == self.after:
            return f"Excès de pouvoir : le score {de(self.player)} ({self.before}) ne change pas."
        return (
            f"Excès de pouvoir : le score {de(self.player)} passe de {self.before} à {self.after}."
        )


@dataclass(frozen=True)
class KingdomDeclined(Event):
    player: str
    total: int

    def describe(self) -> str:
        return f"Royaume déclinant : {self.player} perd 1 point de prestige ({self.total})."


@dataclass(frozen=True)
class WarDeclared(Event):
    player: str
    target: str

    def describe(self) -> str:
        return f"{self.player} déclare la guerre à {self.target} et mise {WAR_BET} points."


@dataclass(frozen=True)
class WarResolved(Event):
    player: str
    target: str
    faces: tuple[int, ...]
    success: bool
    stolen: int
    """Points taken from the target on success; 0 on failure."""

    @property
    def counted(self) -> tuple[bool, ...]:
        """Which dice counted for the War (the screen marks them)."""
        return war_counts(self.faces)

    def describe(self) -> str:
        thrown = faces_text(self.faces)
        if self.success:
            return (
                f"{self.player} lance {thrown} : victoire ! {self.player} prend {self.stolen} "
                f"points à {self.target} et récupère sa mise."
            )
        return (
            f"{self.player} lance {thrown} : défaite. Les {WAR_BET} points misés "
            f"vont à {self.target}."
        )


@dataclass(frozen=True)
class AllianceProposed(Event):
    player: str
    partner: str

    def describe(self) -> str:
        return f"{self.player} propose une alliance à {self.partner}."


@dataclass(frozen=True)
class AllianceRefused(Event):
    player: str
    partner: str

    def describe(self) -> str:
        return f"{self.partner} refuse l'alliance : {self.player} joue un tour normal."


@dataclass(frozen=True)
class AllianceResolved(Event):
    player: str
    partner: str
    faces: tuple[int, ...]
    success: bool

    @property
    def counted(self) -> tuple[bool, ...]:
        """Which dice counted for the Alliance (the screen marks them)."""
        return alliance_counts(self.faces)

    def describe(self) -> str:
        thrown = faces_text(self.faces)
        if self.success:
            return (
                f"{self.partner} accepte. {self.player} lance {thrown} : l'alliance prospère, "
                f"{self.player} et {self.partner} gagnent {ALLIANCE_GAIN} points chacun·e."
            )
        return (
            f"{self.partner} accepte. {self.player} lance {thrown} : pas de 6, "
            f"{self.player} et {self.partner} perdent leur mise de {ALLIANCE_BET} points."
        )


@dataclass(frozen=True)
class GameOver(Event):
    winners: tuple[str, ...]
    score: int
    solo: bool = False

    def describe(self) -> str:
        if self.solo:
            return f"Fin des {ROUNDS} manches : {self.winners[0]} termine avec {self.score} points."
        if len(self.winners) == 1:
            return (
                f"{self.winners[0]} monte sur le trône des Trois Couronnes "
                f"avec {self.score} points !"
            )
        names = ", ".join(self.winners[:-1]) + " et " + self.winners[-1]
        return f"{names} se partagent le trône avec {self.score} points."


@dataclass(frozen=True)
class TurnRecord:
    """One line of the detailed score sheet: what a turn was and what it earned its player."""

    round: int
    seat: int
    kind: str
    """KINGDOM, WAR or ALLIANCE."""
    label: str
    """"6-5-5 Royaume noble", "Guerre contre Marc : victoire", …"""
    points: int
    """The change of the active player's score in that turn."""
    changes: tuple[int, ...]
    """The change of every seat's score in that turn (a War's target, an ally)."""


# --- the state --------------------------------------------------------------------------


class TroisCouronnesState(LegalOnce):
    """One match. Public attributes (read-only for the screen):

    - `round` (1..ROUNDS), `current` (the active seat), `phase` (START, ROLLING, ANSWER, OVER);
    - `dice` (the three faces showing, `()` before the first throw), `locks` (indices of the
      locked dice in role order: Couronne, Seigneur, Peuple), `throw_no` (throws made);
    - `scores`, `complete_kingdoms`, `round_scores` (one row per round, one change per seat),
      `turns` (one TurnRecord per turn or special action);
    - `partner` (the seat asked for an alliance while phase is ANSWER), `special_used`;
    - `last_war_target_round`, `last_alliance_round` (None = never) behind the cooldowns.
    """

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = tuple(players)
        self.legacy_prosperous = options["prosperous"] == LEGACY
        self.additive = options["bonuses"] == ADDITIVE
        self.literal_halving = options["excess"] == LITERAL
        self.special_plus_turn = options["special_turn"] == PLUS_TURN
        self.covered_stakes = options["stakes"] == COVERED
        self.decline: str = options["decline"]
        self.scores = [0] * self.seats
        self.complete_kingdoms = [0] * self.seats
        self.last_war_target_round: list[int | None] = [None] * self.seats
        self.last_alliance_round: list[int | None] = [None] * self.seats
        self.round_scores: list[list[int]] = []
        self.turns: list[TurnRecord] = []
        self.round = 0
        self.current = 0
        self.phase = START
        self._start_round()

    # --- bookkeeping ------------------------------------------------------------------

    def _start_round(self) -> None:
        self.round += 1
        self.round_scores.append([0] * self.seats)
        self.current = 0
        self._start_turn()

    def _start_turn(self) -> None:
        self.phase = START
        self.dice: tuple[int, ...] = ()
        self.locks: tuple[int, ...] = ()
        self.throw_no = 0
        self.special_used = False
        self.partner: int | None = None

    def _end_turn(self) -> list[Event]:
        if self.current + 1 < self.seats:
            self.current += 1
            self._start_turn()
        elif self.round < ROUNDS:
            self._start_round()
        else:
            self.phase = OVER
            self.dice, self.locks = (), ()
            best = max(self.scores)
            winners = self.outcome().winners
            return [GameOver(tuple(self.players[s] for s in winners), best, self.seats == 1)]
        return [TurnStarted(self.players[self.current], self.round)]

    def _after_special(self) -> list[Event]:
        """TRC-6: the special throw is the turn, unless the variant adds a normal turn."""
        if self.special_plus_turn:
            self.phase, self.special_used, self.partner = START, True, None
            return []
        return self._end_turn()

    def _record(self, kind: str, label: str, changes: Mapping[int, int]) -> None:
        seat = self.current
        every = tuple(changes.get(s, 0) for s in range(self.seats))
        self.turns.append(TurnRecord(self.round, seat, kind, label, changes[seat], every))

    def _change(self, seat: int, delta: int) -> None:
        self.scores[seat] += delta
        self.round_scores[-1][seat] += delta

    # --- what the screen shows --------------------------------------------------------

    @property
    def rounds(self) -> int:
        return ROUNDS

    @property
    def throws_left(self) -> int:
        return MAX_THROWS - self.throw_no if self.phase in (START, ROLLING) else 0

    def role_of(self, die: int) -> str | None:
        """The role of a locked die ("Couronne", "Seigneur", "Peuple"), None if it is free."""
        return ROLES[self.locks.index(die)] if die in self.locks else None

    @property
    def locked_roles(self) -> tuple[str | None, ...]:
        """For each die showing, its role if locked, else None."""
        return tuple(self.role_of(i) for i in range(len(self.dice)))

    @property
    def next_role(self) -> str | None:
        """The role to lock next (None once all three are locked)."""
        return ROLES[len(self.locks)] if len(self.locks) < DICE else None

    def _can_lock_more(self) -> bool:
        return self.phase == ROLLING and self.throw_no < MAX_THROWS

    def lockable(self, pending: Sequence[int] = ()) -> tuple[int, ...]:
        """Dice that may be locked now, after the `pending` ones the player already picked.

        Locks only matter before a rethrow, so none after the third throw, and never the die
        that would leave nothing to throw again."""
        if not self._can_lock_more():
            return ()
        return next_locks(self.dice, self.locks + tuple(pending))

    def lock_choices(self) -> list[tuple[int, ...]]:
        """Every legal `Roll.lock` now (the empty one included), in role order."""
        if not self._can_lock_more():
            return []
        return list(lock_chains(self.dice, self.locks))

    def suggested_lock(self) -> tuple[int, ...]:
        """The locks the screen pre-selects (TRC-5): the longest legal chain."""
        chain: tuple[int, ...] = ()
        while options := self.lockable(chain):
            chain += (options[0],)
        return chain

    def _prosperous_now(self) -> bool:
        if self.legacy_prosperous:
            return not self.locks  # all three dice thrown together, none locked before
        return self.throw_no == 1

    def kingdom_now(self) -> Kingdom | None:
        """The value of the dice showing, as it would count if the player stopped now."""
        if len(self.dice) != DICE:
            return None
        return kingdom(self.dice, self._prosperous_now(), self.legacy_prosperous, self.additive)

    def throw_label(self) -> str:
        """The value of the current throw in the rules' words, e.g. "Royaume noble : 10"."""
        found = self.kingdom_now()
        if found is None:
            return ""
        if self._declines(found):
            return f"{found.label} (royaume déclinant : -1)"
        return found.label

    def _declines(self, found: Kingdom) -> bool:
        return declines(found, self.decline)

    def stop_change(self) -> int:
        """How the active player's total would change if they stopped now."""
        found = self.kingdom_now()
        if found is None:
            return 0
        before = self.scores[self.current]
        return self._kingdom_total(found, before) - before

    def _kingdom_total(self, found: Kingdom, before: int) -> int:
        return kingdom_total(found, before, self.literal_halving, self.decline)

    def story_suggestion(self) -> str:
        """A flavour line to pre-fill the optional story of `Stop` (TRC-13)."""
        found = self.kingdom_now()
        return found.story if found else ""

    def war_protected(self, seat: int) -> bool:
        """TRC-8: the target of a War in the previous round cannot be attacked this round."""
        last = self.last_war_target_round[seat]
        return last is not None and last == self.round - 1

    def alliance_resting(self, seat: int) -> bool:
        """TRC-9: whoever proposed an alliance last round cannot propose one this round."""
        last = self.last_alliance_round[seat]
        return last is not None and last == self.round - 1

    def specials_open(self) -> bool:
        """Whether a War or an Alliance may still be declared this turn (targets aside)."""
        return self.phase == START and not self.special_used and self.seats > 1

    def closed_refusal(self, war: bool) -> str:
        """Why no War (`war`) or no Alliance may be declared now, with anyone: said when the
        player asks for one while `war_targets()` (or `alliance_partners()`) is empty."""
        others = [s for s in range(self.seats) if s != self.current]
        if not others:
            return "Pas de guerre ni d'alliance en solo : il n'y a aucun autre royaume."
        refusals = [self.refusal(DeclareWar(s) if war else ProposeAlliance(s)) for s in others]
        if len(set(refusals)) == 1:
            return refusals[0]
        # Refusals that differ by seat name the seat: shelters (war) or stakes (alliance).
        if war:
            sheltered = join_names([self.players[s] for s in others])
            return (
                f"Aucun royaume à attaquer : {sheltered} ont subi une guerre "
                "à la manche précédente."
            )
        return f"Personne n'a les {ALLIANCE_BET} points de la mise."

    def war_targets(self) -> list[int]:
        """The seats the active player may attack right now (empty: no War possible)."""
        if not self.specials_open():
            return []
        if self.covered_stakes and self.scores[self.current] < WAR_BET:
            return []
        sheltered = self.round - 1  # TRC-8, as in `war_protected`
        last = self.last_war_target_round
        return [s for s in range(len(last)) if s != self.current and last[s] != sheltered]

    def alliance_partners(self) -> list[int]:
        """The seats the active player may ask for an alliance right now."""
        if not self.specials_open() or self.alliance_resting(self.current):
            return []
        if self.covered_stakes and self.scores[self.current] < ALLIANCE_BET:
            return []
        return [
            s
            for s in range(self.seats)
            if s != self.current and not (self.covered_stakes and self.scores[s] < ALLIANCE_BET)
        ]

    def toggle_lock(self, pending: Sequence[int], die: int) -> tuple[int, ...]:
        """The dice to set aside at the next throw once the player picks `die` (key or click).

        A die already picked is dropped, with those picked after it whose role it carried
        (a Seigneur needs its Couronne); a die that may be kept joins the chain. Raises
        IllegalAction, saying why, when `die` cannot be kept now."""
        chain = tuple(pending)
        if die in chain:
            kept: tuple[int, ...] = ()
            for other in chain:
                if other != die and other in self.lockable(kept):
                    kept += (other,)
            return kept
        if die in self.lockable(chain):
            return chain + (die,)
        raise IllegalAction(self.lock_refusal(chain, die))

    def lock_refusal(self, pending: Sequence[int], die: int) -> str:
        """Why `die` cannot be set aside after the `pending` ones (French, for a notice)."""
        if self.phase != ROLLING:
            return "Lance d'abord les dés : on ne garde des dés qu'entre deux lancers."
        if self.throw_no >= MAX_THROWS:
            return "Plus de relance après le 3e lancer : arrête-toi pour proclamer ton royaume."
        if not 0 <= die < DICE:
            return "Il n'y a que trois dés."
        if die in self.locks:
            role = ROLES.index(self.role_of(die))
            return f"Ce dé est déjà gardé : {ROLE_ARTICLES[role]} ne sera plus relancé."
        step = len(self.locks) + len(pending)
        if step >= DICE - 1:
            return "Il doit rester un dé à relancer : si ces dés te conviennent, arrête-toi."
        face = ROLE_FACES[step]
        return (
            f"On garde dans l'ordre Couronne (6), Seigneur (5), Peuple (4) : il faut "
            f"maintenant {ROLE_ARTICLES[step]} ({face}), et ce dé montre un {self.dice[die]}."
        )

    def leaders(self) -> frozenset[int]:
        """The seats ahead right now: best score, then most complete kingdoms (TRC-11).

        Nobody leads while every seat is level (the start of a match, a solo game)."""
        if self.phase == OVER:
            return frozenset(self.outcome().winners) if self.seats > 1 else frozenset()
        keys = [(self.scores[s], self.complete_kingdoms[s]) for s in range(self.seats)]
        best = max(keys)
        ahead = frozenset(s for s, key in enumerate(keys) if key == best)
        return ahead if len(ahead) < self.seats else frozenset()

    def bonus_table(self) -> tuple[BonusRow, ...]:
        """The scoring table as the options of this match make it, in the rules' order."""
        prosperous = 30 if self.legacy_prosperous else 50
        prosperous += 15 if self.additive else 0
        noble = 15 if self.additive else 10
        first = "6-5-4 d'un jet" if self.legacy_prosperous else "6-5-4 1er jet"
        rows = [
            (first, "Royaume prospère", prosperous),
            ("6-5-4", "Royaume complet", 15),
            ("6-5-5", "Royaume noble", noble),
            ("6-5 + 1/2/3/6", "Noblesse instable", None),
            ("6-6-4", "Royaume tyrannique", 10),
            ("6-4-4", "Révolution", 8),
            ("6-6-6", "Excès de pouvoir", 0),
            ("6 + autres", "Couronne isolée", 0),
            ("sans 6", "Royaume déchu", -3),
        ]
        table = []
        for dice, name, points in rows:
            if points is None:
                effect = "3e dé"
            else:
                found = Kingdom(name, points, excess=name == "Excès de pouvoir")
                loss = 1 if self._declines(found) else 0
                if found.excess:
                    effect = "÷2" + (" -1" if loss else "")
                else:
                    effect = str(points - loss)
            table.append(BonusRow(dice, name, effect))
        return tuple(table)

    # --- the contract -----------------------------------------------------------------

    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == ANSWER:
            return self.partner
        return self.current

    def whose_turn(self) -> int | None:
        """The active player, even while the partner they asked answers the alliance."""
        return None if self.phase == OVER else self.current

    def prompt(self) -> str:
        if self.phase == ANSWER:
            return f"{self.players[self.current]} te propose une alliance — à toi de répondre"
        return ""

    def _legal_now(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == ANSWER:
            return [_ACCEPT, _REFUSE]
        if self.phase == START:
            if self.special_used or len(self.players) == 1:
                return [_FIRST_ROLL]
            actions: list[Action] = [_FIRST_ROLL]
            actions += [_war(t) for t in self.war_targets()]
            actions += [_alliance(p) for p in self.alliance_partners()]
            return actions
        if self.throw_no >= MAX_THROWS:
            return [_STOP]
        return [_STOP, *_rolls(self.dice, self.locks)]

    def refusal(self, action: Action) -> str:
        if self.phase == ANSWER:
            if isinstance(action, AnswerAlliance):
                return "Réponds par oui ou par non à l'alliance."
            return f"{self.players[self.partner]} doit d'abord répondre à l'alliance."
        if isinstance(action, AnswerAlliance):
            return "Aucune alliance n'attend de réponse."
        if isinstance(action, Stop):
            return "Lance les dés au moins une fois avant de t'arrêter."
        if isinstance(action, Roll):
            return self._roll_refusal(action)
        if isinstance(action, DeclareWar | ProposeAlliance):
            return self._special_refusal(action)
        return super().refusal(action)

    def _roll_refusal(self, action: Roll) -> str:
        if self.throw_no >= MAX_THROWS:
            return "Trois lancers au plus : arrête-toi et proclame ton royaume."
        if self.phase == START:
            return "Rien à garder avant le premier lancer : lance les trois dés."
        lock = action.lock
        free = set(range(DICE)) - set(self.locks)
        if (
            not isinstance(lock, tuple)
            or not all(isinstance(i, int) and i in free for i in lock)
            or len(set(lock)) != len(lock)
        ):
            return "Choisis les dés à garder parmi les dés encore libres."
        if len(self.locks) + len(lock) >= DICE:
            return "Il ne resterait aucun dé à relancer : arrête-toi plutôt."
        return (
            "On garde les dés dans l'ordre : d'abord la Couronne (6), "
            "puis le Seigneur (5), enfin le Peuple (4)."
        )

    def _special_refusal(self, action: DeclareWar | ProposeAlliance) -> str:
        war = isinstance(action, DeclareWar)
        what = "La guerre" if war else "L'alliance"
        seat = action.target if war else action.partner
        if self.seats == 1:
            return "Pas de guerre ni d'alliance en solo : il n'y a aucun autre royaume."
        if self.phase != START:
            return f"{what} se déclare avant le premier lancer."
        if self.special_used:
            return "Une seule action spéciale par tour : lance maintenant les dés."
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seats:
            return "Ce royaume n'existe pas."
        if seat == self.current:
            return "Choisis un autre royaume que le tien."
        bet = WAR_BET if war else ALLIANCE_BET
        if self.covered_stakes and self.scores[self.current] < bet:
            return f"Il faut au moins {bet} points pour miser."
        if war and self.war_protected(seat):
            return (
                f"Impossible de cibler {self.players[seat]} : ce royaume a subi une guerre "
                "à la manche précédente."
            )
        if not war and self.alliance_resting(self.current):
            return "Pas deux alliances de suite : tu en as proposé une à la manche précédente."
        if not war and self.covered_stakes and self.scores[seat] < ALLIANCE_BET:
            return f"{self.players[seat]} n'a pas les {ALLIANCE_BET} points de la mise."
        return super().refusal(action)

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        self._legal = None
        if isinstance(action, Roll):
            return self._roll(action.lock, rng)
        if isinstance(action, Stop):
            return self._stop(action.story)
        if isinstance(action, DeclareWar):
            return self._war(action.target, rng)
        if isinstance(action, ProposeAlliance):
            return self._propose(action.partner)
        if isinstance(action, AnswerAlliance):
            return self._answer(action.accept, rng)
        raise TypeError(type(action).__name__)

    def _roll(self, lock: tuple[int, ...], rng: Random) -> list[Event]:
        name = self.players[self.current]
        events: list[Event] = []
        if lock:
            first = len(self.locks)
            self.locks += lock
            events.append(DiceLocked(name, lock, ROLES[first : first + len(lock)]))
        rolled = _FREE[self.locks]
        faces = roll(rng, len(rolled))
        if self.locks:
            dice = list(self.dice)
            for index, face in zip(rolled, faces, strict=True):
                dice[index] = face
            self.dice = tuple(dice)
        else:
            self.dice = faces
        self.throw_no += 1
        self.phase = ROLLING
        events.append(DiceRolled(name, self.throw_no, self.dice, rolled, self.throw_label()))
        return events

    def _stop(self, story: str) -> list[Event]:
        seat, name = self.current, self.players[self.current]
        found = self.kingdom_now()
        assert found is not None
        before = self.scores[seat]
        total = self._kingdom_total(found, before)
        events: list[Event] = [
            KingdomProclaimed(name, self.dice, found.name, found.points, total, story)
        ]
        if found.excess:
            events.append(PowerExcess(name, before, halve(before, self.literal_halving)))
        if self._declines(found):
            events.append(KingdomDeclined(name, total))
        if found.complete:
            self.complete_kingdoms[seat] += 1
        self._change(seat, total - before)
        label = f"{faces_text(self.dice)} {found.name}"
        self._record(KINGDOM, label, {seat: total - before})
        return events + self._end_turn()

    def _war(self, target: int, rng: Random) -> list[Event]:
        seat = self.current
        faces = roll(rng, DICE)
        success = war_success(faces)
        self.last_war_target_round[target] = self.round
        if success:
            stolen = WAR_STEAL
            if self.covered_stakes:
                stolen = min(WAR_STEAL, max(0, self.scores[target]))
            delta = stolen
        else:
            stolen, delta = 0, -WAR_BET
        self._change(seat, delta)
        self._change(target, -delta)
        attacker, defender = self.players[seat], self.players[target]
        result = "victoire" if success else "défaite"
        self._record(WAR, f"Guerre contre {defender} : {result}", {seat: delta, target: -delta})
        events: list[Event] = [
            WarDeclared(attacker, defender),
            WarResolved(attacker, defender, faces, success, stolen),
        ]
        return events + self._after_special()

    def _propose(self, partner: int) -> list[Event]:
        self.last_alliance_round[self.current] = self.round  # proposing counts (TRC-9)
        self.partner = partner
        self.phase = ANSWER
        return [AllianceProposed(self.players[self.current], self.players[partner])]

    def _answer(self, accept: bool, rng: Random) -> list[Event]:
        seat, partner = self.current, self.partner
        assert partner is not None
        proposer, ally = self.players[seat], self.players[partner]
        if not accept:
            self.phase, self.special_used, self.partner = START, True, None
            return [AllianceRefused(proposer, ally)]
        faces = roll(rng, DICE)
        success = alliance_success(faces)
        delta = ALLIANCE_GAIN if success else -ALLIANCE_BET
        self._change(seat, delta)
        self._change(partner, delta)
        result = "réussie" if success else "échouée"
        self._record(ALLIANCE, f"Alliance avec {ally} : {result}", {seat: delta, partner: delta})
        events: list[Event] = [AllianceResolved(proposer, ally, faces, success)]
        return events + self._after_special()

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        keys = [(self.scores[s], self.complete_kingdoms[s]) for s in range(self.seats)]
        ranks = ranks_from_scores(keys)
        winners = [s for s in range(self.seats) if ranks[s] == 1]
        best = max(self.scores)
        if self.seats == 1:
            score = self.scores[0]
            fate = "prospère" if score > 0 else "décline"
            name = self.players[0]
            summary = f"Le royaume {de(name)} {fate} : {score} points en {ROUNDS} manches."
            return Outcome((score,), (1,), summary, won=score > 0, ending=TURN_LIMIT)
        if len(winners) == 1:
            summary = f"{self.players[winners[0]]} monte sur le trône avec {best} points"
            if sum(score == best for score in self.scores) > 1:
                count = self.complete_kingdoms[winners[0]]
                plural = "s" * (count > 1)
                summary += f" et {count} royaume{plural} complet{plural} (départage)"
            summary += "."
        else:
            names = ", ".join(self.players[s] for s in winners[:-1])
            summary = (
                f"{names} et {self.players[winners[-1]]} se partagent la couronne "
                f"avec {best} points."
            )
        return Outcome(tuple(self.scores), ranks, summary, ending=TURN_LIMIT)
