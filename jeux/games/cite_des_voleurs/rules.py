"""La Cité des Voleurs (RULINGS.md §8): four dice, loot tokens, thefts and a shared pot.

Every thief starts with 3 tokens and the pot with 3; the first to hold 3N tokens (N players)
wins (CV-5). A turn is up to three throws of the four dice, rethrowing any of them; the
player stops by applying exactly one combination showing: a triple (its effect by face), a
four-dice straight, or a four of a kind. A triple may instead be bet on: the four of a kind
announced (CV-1) locks the triple and throws the fourth die on each throw left. With no
combination after the third throw the thief pays a token to the pot (CV-6).

Everything is public: the state is its own view. Four dice keep their positions for the
whole turn, so the screen shows each die where it lies.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from random import Random
from typing import Any, NamedTuple

from jeux.engine.core import (
    Action,
    Event,
    Outcome,
    State,
    ranks_from_scores,
)
from jeux.engine.dice import roll
from jeux.engine.events import DiceRolled, GameOver, TurnStarted
from jeux.engine.text import TARGET_REACHED, de, join_names, plural

DICE = 4
ALL = tuple(range(DICE))
THROWS = 3
START_TOKENS = 3
"""Each thief's tokens at the start, and the pot's."""

TRIPLE, STRAIGHT, QUAD, ANNOUNCED = "triple", "suite", "carre", "carre_annonce"
"""The combinations an `Apply` names: a triple (its face read from the dice), the straight,
the accidental four of a kind, the announced one once it has succeeded."""

START, ROLLING, ANNOUNCING, AIMING, OVER = "start", "rolling", "announcing", "aiming", "over"
NO_TARGET = -1

BOLD_THEFT, SWAP, FORCED_CONTRACT, CAMOUFLAGE = 1, 2, 3, 4
TARGETED_TRIPLES = (BOLD_THEFT, SWAP, FORCED_CONTRACT)
TRIPLE_NAMES = {
    1: "Délit audacieux",
    2: "Échange de Fortunes",
    3: "Contrat forcé",
    4: "Camouflage",
    5: "Récupération du Butin",
    6: "Récupération du Butin",
}
EVERY_THROW, NEXT_THROW = "every_throw", "next_throw"


def tokens_word(count: int) -> str:
    return plural(count, "jeton")


# --- what the dice show ----------------------------------------------------------------


def triple_face(faces: tuple[int, ...]) -> int | None:
    """The face shown by three dice or more (a four of a kind holds a triple, CV-2)."""
    if not faces:
        return None
    face, count = Counter(faces).most_common(1)[0]
    return face if count >= 3 else None


def is_quad(faces: Sequence[int]) -> bool:
    return len(faces) == DICE and len(set(faces)) == 1


def is_straight(faces: Sequence[int]) -> bool:
    """1-2-3-4, 2-3-4-5 or 3-4-5-6, in any order."""
    return len(set(faces)) == DICE and max(faces) - min(faces) == DICE - 1


class Shown(NamedTuple):
    """The combinations four dice show."""

    triple: int | None
    quad: bool
    straight: bool

    @property
    def any(self) -> bool:
        return self.triple is not None or self.straight


@cache
def shown(faces: tuple[int, ...]) -> Shown:
    """Cached: few distinct throws exist, and playouts ask at every move."""
    return Shown(triple_face(faces), is_quad(faces), is_straight(faces))


@cache
def odd_die(faces: tuple[int, ...]) -> int:
    """The position of the die outside a triple of exactly three."""
    face = triple_face(faces)
    return next(i for i in ALL if faces[i] != face)


# --- actions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll(Action):
    """Throw the dice at these positions (all four for the turn's first throw)."""

    dice: tuple[int, ...] = ALL


@dataclass(frozen=True)
class Apply(Action):
    """Stop and apply a combination showing, on `target` when it robs one player."""

    combo: str
    target: int = NO_TARGET


@dataclass(frozen=True)
class Announce(Action):
    """Bet the triple on the four of a kind (CV-1)."""


# --- events ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Announced(Event):
    player: str
    face: int

    def describe(self) -> str:
        return f"{self.player} annonce le carré de {self.face} !"


@dataclass(frozen=True)
class TokensMoved(Event):
    """A combination, a penalty or a refund changed the tokens: the table after it."""

    player: str
    text: str
    """The whole sentence, in French."""
    tokens: tuple[int, ...]
    pot: int
    good: bool = True
    """Whether it went the player's way (the screen's colour)."""

    def describe(self) -> str:
        return self.text


@dataclass(frozen=True)
class EscapeRolled(Event):
    """Délit audacieux: the escape die (1–2: caught), then the refund if caught (CV-7)."""

    player: str
    face: int
    victim: str
    tokens: tuple[int, ...]
    pot: int

    @property
    def caught(self) -> bool:
        return self.face <= 2

    def describe(self) -> str:
        if self.caught:
            return (
                f"Fuite : {self.face}. {self.player} est pris·e sur le fait : "
                f"un jeton rendu à {self.victim}, un à la cagnotte."
            )
        return f"Fuite : {self.face}. {self.player} s'échappe avec tout le butin."


@dataclass(frozen=True)
class TurnOver(Event):
    """The turn ends with no tokens moved: camouflage foiled a theft, or did its job."""

    player: str
    text: str

    def describe(self) -> str:
        return self.text


_ROLLS = tuple(Roll(tuple(i for i in ALL if mask >> i & 1)) for mask in range(1, 1 << DICE))
"""Every rethrow of a non-empty set of dice, built once."""
_FIRST = Roll()
_ANNOUNCE = Announce()


# --- the match -------------------------------------------------------------------------


class CiteState(State):
    """One match. Public, for the screen and the robot:

    - `tokens` per seat, `pot`, `camouflaged` per seat, `target` (3N), `current`, `round`;
    - the turn: `phase`, `faces` (empty before the first throw), `throw` (throws made),
      `announced` (the triple's face once the four of a kind is announced), `tries_left`;
    - `winners` once the game is over.
    """

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = tuple(players)
        self.tries: str = options["announce_tries"]
        self.rob_camouflaged: bool = options["rob_camouflaged"]
        self.tokens = [START_TOKENS] * self.seats
        self.pot = START_TOKENS
        self.target = START_TOKENS * self.seats  # (3N + 3) − 3
        self.camouflaged = [False] * self.seats
        self.current = 0
        self.round = 1
        self.winners: tuple[int, ...] = ()
        self._start_turn()

    def _start_turn(self) -> None:
        self.camouflaged[self.current] = False  # CV-3: until the start of one's next turn
        self.phase = START
        self.faces: tuple[int, ...] = ()
        self.throw = 0
        self.announced: int | None = None
        self.tries_left = 0
        self.shown = Shown(None, False, False)
        self._targets = tuple(
            s
            for s in range(self.seats)
            if s != self.current and (self.rob_camouflaged or not self.camouflaged[s])
        )

    @property
    def name(self) -> str:
        return self.players[self.current]

    # --- queries ----------------------------------------------------------------------

    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.current

    @property
    def throws_left(self) -> int:
        return THROWS - self.throw

    def targets(self) -> tuple[int, ...]:
        """The players a theft may aim at: the others, not the camouflaged (CV-3) unless
        the option lets a thief try, and fail. Camouflage changes only between turns."""
        return self._targets

    def applicable(self) -> list[Apply]:
        """The combinations showing that can be applied now (CV-2, CV-8)."""
        shown, targets = self.shown, self._targets
        found: list[Apply] = []
        if shown.triple in TARGETED_TRIPLES:
            found += [Apply(TRIPLE, t) for t in targets]
        elif shown.triple is not None:
            found.append(Apply(TRIPLE))
        if shown.quad:
            found.append(Apply(QUAD))
        if shown.straight:
            found += [Apply(STRAIGHT)] if self.pot else [Apply(STRAIGHT, t) for t in targets]
        return found

    def may_announce(self) -> bool:
        """CV-1: a triple of exactly three showing, a throw left, a token to risk, and a
        player whose tokens the four of a kind could take (CV-8)."""
        return (
            self.phase == ROLLING
            and self.throws_left > 0
            and self.tokens[self.current] > 0
            and self.shown.triple is not None
            and not self.shown.quad
            and bool(self._targets)
        )

    def announce_tries(self) -> int:
        """The throws an announcement now would get (CV-1 and its option)."""
        return self.throws_left if self.tries == EVERY_THROW else 1

    def announce_chance(self) -> float:
        """The chance that the fourth die joins the triple within those throws."""
        return 1 - (5 / 6) ** self.announce_tries()

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == START:
            return [_FIRST]
        if phase == ROLLING:
            rolls = list(_ROLLS) if self.throws_left else []
            announce = [_ANNOUNCE] if self.may_announce() else []
            return [*rolls, *self.applicable(), *announce]
        if phase == ANNOUNCING:
            return [Roll((odd_die(self.faces),))]
        if phase == AIMING:
            return [Apply(ANNOUNCED, t) for t in self._targets]
        return []

    def refusal(self, action: Action) -> str:
        if isinstance(action, Roll) and self.phase == ANNOUNCING:
            return "Le triple est bloqué : seul le quatrième dé se relance."
        if isinstance(action, Roll) and self.phase == ROLLING:
            if not self.throws_left:
                return "Plus de lancer : applique une combinaison."
            return "Choisis au moins un dé à relancer."
        if isinstance(action, Roll) and self.phase == AIMING:
            return "Le carré est réussi : choisis ta victime."
        if isinstance(action, Announce):
            return self._announce_refusal()
        if isinstance(action, Apply):
            return self._apply_refusal(action)
        return super().refusal(action)

    def _announce_refusal(self) -> str:
        if self.phase != ROLLING:
            return "On annonce le carré juste après avoir obtenu un triple."
        if self.shown.triple is None or self.shown.quad:
            return "Il faut un triple (trois dés, pas quatre) pour annoncer le carré."
        if not self.throws_left:
            return "Plus de lancer pour tenter le carré."
        if not self.tokens[self.current]:
            return "Il faut au moins un jeton pour tenter le carré."
        return "Tout le monde est camouflé : personne à dépouiller."

    def _apply_refusal(self, action: Apply) -> str:
        if self.phase == START:
            return "Lance d'abord les dés."
        if self.phase == ANNOUNCING:
            return "Le carré est annoncé : lance le quatrième dé."
        target = action.target
        if target == self.current:
            return "Vise un autre joueur que toi."
        if 0 <= target < self.seats and self.camouflaged[target]:
            return f"{self.players[target]} est camouflé·e : on ne peut rien lui voler ce tour-ci."
        if action.combo == TRIPLE and self.shown.triple is None:
            return "Aucun triple sur la table."
        if action.combo == QUAD and not self.shown.quad:
            return "Aucun carré sur la table."
        if action.combo == STRAIGHT and not self.shown.straight:
            return "Aucune suite sur la table."
        if target == NO_TARGET and not self._targets:
            return "Tout le monde est camouflé : personne à voler."
        return "Cette combinaison ne s'applique pas ainsi."

    # --- moves ------------------------------------------------------------------------

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        if isinstance(action, Roll):
            return self._roll(action.dice, rng)
        if isinstance(action, Announce):
            self.announced = self.shown.triple
            self.tries_left = self.announce_tries()
            self.phase = ANNOUNCING
            return [Announced(self.name, self.announced)]
        return self._combination(action, rng)

    def _roll(self, dice: tuple[int, ...], rng: Random) -> list[Event]:
        if len(dice) == DICE:
            self.faces = roll(rng, DICE)
        else:
            faces = list(self.faces)
            for i, face in zip(dice, roll(rng, len(dice)), strict=True):
                faces[i] = face
            self.faces = tuple(faces)
        self.shown = shown(self.faces)
        self.throw += 1
        events: list[Event] = [DiceRolled(self.name, self.faces, dice, self.throw)]
        if self.phase == ANNOUNCING:
            return events + self._announced_throw()
        self.phase = ROLLING
        if self.throws_left or self.applicable():
            return events
        if self.shown.any:  # CV-8: nobody could be robbed
            text = f"{self.name} ne trouve personne à voler : le tour s'achève sans effet."
            return [*events, TurnOver(self.name, text), *self._next_turn()]
        paid = self._pay_pot(1)  # CV-6
        text = f"{self.name} n'a aucune combinaison et paie {tokens_word(paid)} à la cagnotte."
        return [*events, self._moved(text, good=False), *self._next_turn()]

    def _announced_throw(self) -> list[Event]:
        """CV-1: success as soon as the fourth die matches; failure once the tries are out."""
        self.tries_left -= 1
        if self.shown.quad:
            self.phase = AIMING
            return []
        if self.tries_left and self.throws_left:
            return []
        paid = self._pay_pot(2)
        text = f"{self.name} rate le carré et perd {tokens_word(paid)}, versés à la cagnotte."
        return [self._moved(text, good=False), *self._next_turn()]

    def _pay_pot(self, most: int) -> int:
        paid = min(most, self.tokens[self.current])
        self.tokens[self.current] -= paid
        self.pot += paid
        return paid

    def _steal(self, victim: int, most: int) -> int:
        """CV-4: a thief takes what is there."""
        taken = min(most, self.tokens[victim])
        self.tokens[victim] -= taken
        self.tokens[self.current] += taken
        return taken

    def _moved(self, text: str, good: bool = True) -> TokensMoved:
        return TokensMoved(self.name, text, tuple(self.tokens), self.pot, good)

    def _combination(self, action: Apply, rng: Random) -> list[Event]:
        me, target, combo = self.current, action.target, action.combo
        face = self.shown.triple
        if target != NO_TARGET and self.camouflaged[target]:  # CV-3 option: the theft fails
            text = (
                f"{self.players[target]} est camouflé·e : "
                f"{self.name} est repéré·e et perd son tour."
            )
            return [TurnOver(self.name, text), *self._next_turn()]
        victim = self.players[target] if target != NO_TARGET else ""
        events: list[Event] = []
        if combo == ANNOUNCED:
            taken = self._steal(target, self.tokens[target])
            pot, self.pot = self.pot, 0
            self.tokens[me] += pot
            text = (
                f"Carré annoncé réussi ! {self.name} prend tous les jetons {de(victim)} "
                f"({taken}) et la cagnotte ({pot})."
            )
        elif combo == QUAD:
            taken = sum(
                self._steal(s, 2)
                for s in range(self.seats)
                if s != me and not self.camouflaged[s]  # CV-3: skipped, no penalty
            )
            text = f"Carré de {face} ! {self.name} vole 2 jetons à chacun·e : {tokens_word(taken)}."
        elif combo == STRAIGHT:
            if self.pot:
                self.pot -= 1
                self.tokens[me] += 1
                text = f"Suite ! {self.name} prend un jeton de la cagnotte."
            else:
                taken = self._steal(target, 1)
                text = f"Suite, cagnotte vide : {self.name} vole {tokens_word(taken)} à {victim}."
        elif face == BOLD_THEFT:
            taken = self._steal(target, 3)
            text = f"Délit audacieux : {self.name} vole {tokens_word(taken)} à {victim}."
            events.append(self._moved(text))
            escape = rng.randint(1, 6)
            if escape <= 2:  # caught: pays what it can, the victim first (CV-4)
                for receiver in (target, None):
                    if self.tokens[me]:
                        self.tokens[me] -= 1
                        if receiver is None:
                            self.pot += 1
                        else:
                            self.tokens[receiver] += 1
            events.append(EscapeRolled(self.name, escape, victim, tuple(self.tokens), self.pot))
            return events + self._after_effect()  # CV-7: one effect, then the win check
        elif face == SWAP:
            self.tokens[me], self.tokens[target] = self.tokens[target], self.tokens[me]
            text = (
                f"Échange de Fortunes : {self.name} prend les {self.tokens[me]} jetons "
                f"de {victim}, qui reçoit ses {self.tokens[target]}."
            )
        elif face == FORCED_CONTRACT:
            taken = self._steal(target, 2)
            text = f"Contrat forcé : {self.name} vole {tokens_word(taken)} à {victim}"
            if self.pot:
                self.pot -= 1
                self.tokens[target] += 1
                text += ", qui reçoit un jeton de la cagnotte"
            text += "."
        elif face == CAMOUFLAGE:
            self.camouflaged[me] = True
            text = f"Camouflage : {self.name} est à l'abri des voleurs jusqu'à son prochain tour."
        else:
            pot, self.pot = self.pot, 0
            self.tokens[me] += pot
            text = f"Récupération du Butin : {self.name} vide la cagnotte ({tokens_word(pot)})."
        return [self._moved(text), *self._after_effect()]

    def _after_effect(self) -> list[Event]:
        """CV-5: after every effect, anyone at the target ends the game."""
        reached = [s for s in range(self.seats) if self.tokens[s] >= self.target]
        if not reached:
            return self._next_turn()
        if self.current in reached:
            self.winners = (self.current,)
        else:
            best = max(self.tokens[s] for s in reached)
            self.winners = tuple(s for s in reached if self.tokens[s] == best)
        self.phase = OVER
        return [GameOver(self.outcome().summary)]

    def _next_turn(self) -> list[Event]:
        self.current = (self.current + 1) % self.seats
        if self.current == 0:
            self.round += 1
        self._start_turn()
        return [TurnStarted(self.name, self.round)]

    # --- the end --------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        keys = [(s in self.winners, self.tokens[s]) for s in range(self.seats)]
        names = [self.players[s] for s in self.winners]
        best = tokens_word(self.tokens[self.winners[0]])
        if len(names) == 1:
            summary = f"{names[0]} règne sur la Cité des voleurs avec {best} !"
        else:
            summary = f"{join_names(names)} se partagent la Cité avec {best} chacun·e."
        ranks = ranks_from_scores(keys)
        return Outcome(tuple(self.tokens), ranks, summary, ending=TARGET_REACHED)
