"""L'Expédition Rivale (RULINGS.md §24): two archaeologists draw artifacts or lay them in front
of themselves when their condition holds; the expedition ends with the turn that empties the
deck, and the artifacts' values (with two end-of-game bonuses) decide.

The eighteen artifacts are unique, so a card is its `Artifact`. Hands and the deck are hidden;
what a seat has seen of them (its Tablette look, the cards it passed in the draft, a known card
it then watched the opponent draw) stays known to it: `tops` and `held` say where such cards
lie, and `secrets` leaves out every card a seat has seen. Conditions read the turn history.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from jeux.engine.cards import DrewCard
from jeux.engine.core import (
    Action,
    Event,
    Outcome,
    State,
    quick_init,
)
from jeux.engine.text import DECK_EMPTY, join_names, plural

SAVOIR, CONFLIT, CROISSANCE, EQUILIBRE, ANCIEN = (
    "Savoir",
    "Conflit",
    "Croissance",
    "Équilibre",
    "Ancien",
)
TYPES = (SAVOIR, CONFLIT, CROISSANCE, EQUILIBRE, ANCIEN)


@dataclass(frozen=True, eq=False)
class Artifact:
    """One of the eighteen unique cards, so equal only to itself: compared and hashed by
    identity, far cheaper than field by field as hands and the deck are searched at every
    move of a robot's imagined futures. A copy (or an unpickled one) is the card itself."""

    key: str
    name: str
    kind: str
    condition: str
    value: int
    effect: str = ""

    def __reduce__(self) -> tuple[Callable[[str], Artifact], tuple[str]]:
        return artifact, (self.key,)


ARTIFACTS = (
    Artifact("statuette", "Statuette de l'Aube", CROISSANCE, "Aucune carte posée devant vous.", 1),
    Artifact("bracelet", "Bracelet du Sphinx", EQUILIBRE, "Déjà une carte posée devant vous.", 1),
    Artifact("fresque", "Fragment de Fresque", EQUILIBRE, "Exactement 2 cartes posées.", 2),
    Artifact(
        "pierre", "Pierre gravée", EQUILIBRE, "L'adversaire a plus de cartes posées que vous.", 2
    ),
    Artifact("urne", "Urne scellée", ANCIEN, "3 cartes posées ou plus.", 3),
    Artifact("parchemin", "Parchemin effrité", SAVOIR, "Vous avez pioché au tour précédent.", 2),
    Artifact(
        "collier",
        "Collier en obsidienne",
        CROISSANCE,
        "Une autre carte sans effet posée devant vous.",
        2,
    ),
    Artifact(
        "jumelle", "Statue jumelle", EQUILIBRE, "Autant de cartes posées que l'adversaire.", 3
    ),
    Artifact(
        "idole_brisee",
        "Fragment d'idole brisée",
        CONFLIT,
        "L'adversaire a posé une carte à son dernier tour.",
        2,
    ),
    Artifact("offrande", "Offrande oubliée", ANCIEN, "Déjà un artefact Ancien posé.", 3),
    Artifact(
        "griffe",
        "Griffe fossilisée",
        CROISSANCE,
        "Vous avez posé une carte à votre tour précédent.",
        2,
    ),
    Artifact(
        "serre",
        "Serre d'onyx",
        CONFLIT,
        "L'adversaire a posé une carte au tour juste avant le vôtre.",
        2,
    ),
    Artifact(
        "masque",
        "Masque Maudit",
        CONFLIT,
        "Exactement 2 cartes posées.",
        4,
        "L'adversaire défausse une de ses cartes posées.",
    ),
    Artifact(
        "serpent",
        "Idole Serpent",
        CONFLIT,
        "Déjà une carte à effet posée.",
        5,
        "Volez une carte posée de l'adversaire et posez-la devant vous.",
    ),
    Artifact(
        "tablette",
        "Tablette de la Prophétie",
        SAVOIR,
        "À tout moment (à votre tour).",
        3,
        "Regardez les 3 cartes du dessus de la pioche, gardez-en 1 en main.",
    ),
    Artifact(
        "sablier",
        "Sablier d'Éternité",
        SAVOIR,
        "Une carte Savoir posée devant vous.",
        4,
        "Rejouez immédiatement après ce tour.",
    ),
    Artifact(
        "lame",
        "Lame de l'Initié",
        CONFLIT,
        "L'adversaire a plus de points posés que vous.",
        4,
        "+2 points à la fin de la partie.",
    ),
    Artifact(
        "oeil",
        "Œil du Temple",
        ANCIEN,
        "Exactement 3 cartes posées.",
        3,
        "Fin de partie : +1 point par type différent posé.",
    ),
)
BY_KEY = {a.key: a for a in ARTIFACTS}
LAME, OEIL = BY_KEY["lame"], BY_KEY["oeil"]
LAME_BONUS = 2
PEEK = 3

DRAW, PLAY, PASS = "pioche", "pose", "passe"
DRAFT, TURN, DISCARD, STEAL, KEEP, ORDER, OVER = (
    "draft",
    "tour",
    "defausse",
    "vol",
    "garde",
    "ordre",
    "fin",
)
VICTIM, PLAYER = "adversaire", "poseur"
PLAYED, HAND = "posees", "main"


# --- actions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Draw(Action):
    """Take the top card of the deck into one's hand."""


@dataclass(frozen=True)
class Play(Action):
    """Lay a card of one's hand whose condition holds (ER-1)."""

    card: str


@dataclass(frozen=True)
class Pass(Action):
    """ER-10 option: a final play-only turn may be passed."""


@dataclass(frozen=True)
class Pick(Action):
    """A card chosen for an effect or the draft: the one to keep, discard, steal or put on
    top of the deck, by key."""

    card: str


# Moves are listed at every decision, and at every move of a robot's imagined futures: built
# once, as a frozen dataclass costs several times more to build than to find.
PLAYS = {a.key: Play(a.key) for a in ARTIFACTS}
PICKS = {a.key: Pick(a.key) for a in ARTIFACTS}
DRAW_ACTION, PASS = Draw(), Pass()


# --- events ----------------------------------------------------------------------------


@quick_init
@dataclass(frozen=True)
class Dealt(Event):
    """Cards put in one seat's hand or draft pack, seen by that seat only."""

    reveals = True
    seat: int
    player: str
    cards: tuple[Artifact, ...]
    draft: bool = False

    def describe(self) -> str:
        return f"Tu {self.told('reçois')}"

    def describe_openly(self) -> str:
        return f"{self.player} {self.told('reçoit')}"

    def told(self, verb: str) -> str:
        names = join_names([c.name for c in self.cards])
        return f"{verb} à choisir : {names}." if self.draft else f"{verb} : {names}."


@quick_init
@dataclass(frozen=True)
class DraftKept(Event):
    seat: int
    player: str
    card: Artifact

    def describe(self) -> str:
        return f"Tu gardes {self.card.name}."

    def describe_openly(self) -> str:
        return f"{self.player} garde {self.card.name}."


@quick_init
@dataclass(frozen=True)
class DraftPassed(Event):
    seat: int
    player: str
    count: int

    def describe(self) -> str:
        return f"{self.player} garde une carte et passe {plural(self.count, 'carte')}."


@quick_init
@dataclass(frozen=True)
class Drew(Event):
    seat: int
    player: str
    left: int

    def describe(self) -> str:
        return f"{self.player} pioche ({plural(self.left, 'carte')} dans la pioche)."


@quick_init
@dataclass(frozen=True)
class Laid(Event):
    seat: int
    player: str
    card: Artifact

    def describe(self) -> str:
        return f"{self.player} pose {self.card.name} ({plural(self.card.value, 'point')})."


@quick_init
@dataclass(frozen=True)
class Discarded(Event):
    """Masque Maudit: a played card leaves the game."""

    seat: int
    player: str
    card: Artifact

    def describe(self) -> str:
        return f"Masque Maudit : {self.player} défausse {self.card.name}."


@quick_init
@dataclass(frozen=True)
class Stolen(Event):
    seat: int
    player: str
    victim: str
    card: Artifact

    def describe(self) -> str:
        return f"Idole Serpent : {self.player} vole {self.card.name} à {self.victim}."


@quick_init
@dataclass(frozen=True)
class Fizzled(Event):
    card: Artifact
    why: str

    def describe(self) -> str:
        return f"{self.card.name} : {self.why}, l'effet est perdu."


@quick_init
@dataclass(frozen=True)
class Looked(Event):
    """Tablette: how many cards were looked at, for everyone."""

    seat: int
    player: str
    count: int

    def describe(self) -> str:
        return f"{self.player} regarde {plural(self.count, 'carte')} du dessus de la pioche."


@quick_init
@dataclass(frozen=True)
class Peeked(Event):
    """Tablette: the faces looked at, for the one who looks only."""

    reveals = True
    seat: int
    player: str
    cards: tuple[Artifact, ...]

    def describe(self) -> str:
        return f"Tablette : tu vois {join_names([c.name for c in self.cards])}."

    def describe_openly(self) -> str:
        return f"Tablette : {self.player} voit {join_names([c.name for c in self.cards])}."


@quick_init
@dataclass(frozen=True)
class TookOne(Event):
    seat: int
    player: str
    back: int

    def describe(self) -> str:
        back = f", remet {self.back} sur la pioche" if self.back else ""
        return f"{self.player} en garde une en main{back}."


@quick_init
@dataclass(frozen=True)
class KeptSecretly(Event):
    seat: int
    player: str
    card: Artifact
    top: tuple[Artifact, ...]

    def describe(self) -> str:
        return f"Tu gardes {self.told()}"

    def describe_openly(self) -> str:
        return f"{self.player} garde {self.told()}"

    def told(self) -> str:
        if not self.top:
            return f"{self.card.name}."
        return f"{self.card.name} ; dessus de la pioche : {join_names([c.name for c in self.top])}."


@quick_init
@dataclass(frozen=True)
class ExtraTurn(Event):
    seat: int
    player: str

    def describe(self) -> str:
        return f"Sablier d'Éternité : {self.player} rejoue."


@quick_init
@dataclass(frozen=True)
class Passed(Event):
    seat: int
    player: str

    def describe(self) -> str:
        return f"{self.player} passe son dernier tour."


@quick_init
@dataclass(frozen=True)
class DeckEmpty(Event):
    last_call: bool

    def describe(self) -> str:
        if self.last_call:
            return "La pioche est vide : un dernier tour de pose chacun·e."
        return "La pioche est vide : l'expédition s'achève."


@quick_init
@dataclass(frozen=True)
class Ended(Event):
    summary: str

    def describe(self) -> str:
        return self.summary


# --- conditions (ER-1 to ER-5) ---------------------------------------------------------


def previous_turn(history: Sequence[tuple[int, str]], seat: int) -> str:
    """What `seat` did in its own last turn (ER-3), '' before its first."""
    for who, kind in reversed(history):
        if who == seat:
            return kind
    return ""


def points(cards: Sequence[Artifact]) -> int:
    """ER-5: the printed values only."""
    return sum(c.value for c in cards)


def condition_met(state: ExpeditionState, seat: int, card: Artifact) -> bool:
    """ER-1: checked before the card is placed, so it never counts itself."""
    return CONDITIONS[card.key](state, seat, 1 - seat)


CONDITIONS: dict[str, Callable[[ExpeditionState, int, int], bool]] = {
    "statuette": lambda s, me, opp: not s.played[me],
    "bracelet": lambda s, me, opp: len(s.played[me]) >= 1,
    "fresque": lambda s, me, opp: len(s.played[me]) == 2,
    "pierre": lambda s, me, opp: len(s.played[opp]) > len(s.played[me]),
    "urne": lambda s, me, opp: len(s.played[me]) >= 3,
    "parchemin": lambda s, me, opp: previous_turn(s.history, me) == DRAW,
    "collier": lambda s, me, opp: any(not c.effect for c in s.played[me]),
    "jumelle": lambda s, me, opp: s.twin_counts(me, opp),
    "idole_brisee": lambda s, me, opp: previous_turn(s.history, opp) == PLAY,
    "offrande": lambda s, me, opp: any(c.kind == ANCIEN for c in s.played[me]),
    "griffe": lambda s, me, opp: previous_turn(s.history, me) == PLAY,
    "serre": lambda s, me, opp: bool(s.history) and s.history[-1] == (opp, PLAY),
    "masque": lambda s, me, opp: len(s.played[me]) == 2,
    "serpent": lambda s, me, opp: any(c.effect for c in s.played[me]),
    "tablette": lambda s, me, opp: True,
    "sablier": lambda s, me, opp: any(c.kind == SAVOIR for c in s.played[me]),
    "lame": lambda s, me, opp: points(s.played[opp]) > points(s.played[me]),
    "oeil": lambda s, me, opp: len(s.played[me]) == 3,
}
"""Each card's condition, read at every move of a robot's imagined futures: kept to one call."""


def artifact(key: str) -> Artifact:
    return BY_KEY[key]


def bonus(cards: Sequence[Artifact]) -> int:
    """Lame +2 (ER-7: whoever owns it at the end), Œil +1 per type, its own included (ER-12)."""
    return LAME_BONUS * (LAME in cards) + (kinds(cards) if OEIL in cards else 0)


def score(cards: Sequence[Artifact]) -> int:
    return points(cards) + bonus(cards)


def kinds(cards: Sequence[Artifact]) -> int:
    return len({c.kind for c in cards})


# --- the state -------------------------------------------------------------------------


@dataclass
class ExpeditionState(State):
    players: tuple[str, ...]
    options: Mapping[str, Any]
    deck: list[Artifact]
    """Top card first. A seat's view keeps only the cards it knows on top (`tops`)."""
    hands: list[list[Artifact]]
    played: list[list[Artifact]] = field(default_factory=lambda: [[], []])
    discard: list[Artifact] = field(default_factory=list)
    history: list[tuple[int, str]] = field(default_factory=list)
    """Every finished turn in order: (seat, draw, play or pass)."""
    turn: int = 0
    phase: str = TURN
    hidden: list[int] = field(default_factory=lambda: [0, 0, 0])
    """In a view: the opponent's hand cards not known (by seat), then the deck's."""
    looked: list[Artifact] = field(default_factory=list)
    """The cards the Tablette took off the deck, seen by its player only."""
    packs: list[list[Artifact]] = field(default_factory=lambda: [[], []])
    """Draft: the cards each seat chooses from now."""
    picks: int = 0
    """Draft: cards kept so far by both seats (the first player picks first each round)."""
    extra: bool = False
    """Sablier d'Éternité played this turn: the same seat plays again (ER-9)."""
    final: list[int] = field(default_factory=list)
    """ER-10 option: the seats still to take their last play-only turn, in order."""
    tops: list[list[Artifact]] = field(default_factory=lambda: [[], []])
    """The top cards of the deck each seat knows, in order (its Tablette look)."""
    held: list[list[Artifact]] = field(default_factory=lambda: [[], []])
    """The cards each seat knows to be in the other's hand (passed in the draft, a known top
    card drawn by the other)."""
    seen: list[set[Artifact]] = field(default_factory=lambda: [set(), set()])
    """Every card each seat has seen: never a secret to it again."""

    # --- queries ----------------------------------------------------------------------

    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == DRAFT:
            return self.drafter()
        if self.phase == DISCARD and self.options.get("masque", VICTIM) == VICTIM:
            return 1 - self.turn
        return self.turn

    def whose_turn(self) -> int | None:
        return self.to_move() if self.phase in (DRAFT, OVER) else self.turn

    def drafter(self) -> int:
        """Each draft round, the first player picks first, then the other."""
        return self.turn if self.picks % 2 == 0 else 1 - self.turn

    def twin_counts(self, me: int, opp: int) -> bool:
        """ER-4: played cards by default, cards in hand under the option (this one included)."""
        if self.options.get("jumelle", PLAYED) == HAND:
            return len(self.hands[me]) == len(self.hands[opp]) + self.hidden[opp]
        return len(self.played[me]) == len(self.played[opp])

    def deck_size(self) -> int:
        return len(self.deck) + self.hidden[2]

    def hand_size(self, seat: int) -> int:
        return len(self.hands[seat]) + self.hidden[seat]

    def playable(self, seat: int) -> list[Artifact]:
        opp = 1 - seat
        return [c for c in self.hands[seat] if CONDITIONS[c.key](self, seat, opp)]

    def legal_actions(self) -> list[Action]:
        seat = self.to_move()
        if seat is None:
            return []
        if self.phase == DRAFT:
            return [PICKS[c.key] for c in self.packs[seat]]
        if self.phase == TURN:
            actions: list[Action] = [PLAYS[c.key] for c in self.playable(seat)]
            if self.final:
                return [*actions, PASS]
            return [DRAW_ACTION, *actions] if self.deck_size() else actions
        choices = {
            DISCARD: self.played[1 - self.turn],
            STEAL: self.played[1 - self.turn],
            KEEP: self.looked,
            ORDER: self.looked,
        }[self.phase]
        return [PICKS[c.key] for c in choices]

    def refusal(self, action: Action) -> str:
        if self.phase == TURN and isinstance(action, Play) and action.card in BY_KEY:
            card = BY_KEY[action.card]
            if card in self.hands[self.turn]:
                return f"Condition non remplie : {card.condition}"
            return "Cette carte n'est pas dans ta main."
        if isinstance(action, Draw) and self.phase == TURN:
            return "La pioche est vide : on ne peut plus piocher."
        return "Ce coup n'est pas permis maintenant."

    def prompt(self) -> str:
        if self.phase == DISCARD and self.to_move() != self.turn:
            return (
                f"{self.players[self.turn]} a posé le Masque Maudit — "
                "à toi de défausser une de tes cartes posées."
            )
        if self.phase == DRAFT:
            return "Draft — à toi de choisir la carte que tu gardes."
        if self.final:
            return "La pioche est vide — ton dernier tour : poser une carte ou passer."
        return ""

    def outcome(self) -> Outcome | None:
        """Points, then the number of types (the rules' tie-break); still tied, a draw."""
        if self.phase != OVER:
            return None
        keys = self.standings()
        scores = tuple(points for points, _ in keys)
        ranks = (1, 1) if keys[0] == keys[1] else (1, 2) if keys[0] > keys[1] else (2, 1)
        return Outcome(scores, ranks, self.summary(keys), ending=DECK_EMPTY)  # ER-10

    def standings(self) -> list[tuple[int, int]]:
        """Each seat's score and number of types, as the end compares them."""
        return [(score(p), kinds(p)) for p in self.played]

    def summary(self, keys: list[tuple[int, int]]) -> str:
        if keys[0] == keys[1]:
            return f"Égalité parfaite à {plural(keys[0][0], 'point')} : match nul."
        winner = 0 if keys[0] > keys[1] else 1
        name = self.players[winner]
        if keys[0][0] == keys[1][0]:
            return (
                f"{name} l'emporte à égalité de points ({keys[0][0]}) "
                f"avec {plural(keys[winner][1], 'type')} d'artefacts."
            )
        return f"{name} l'emporte, {keys[winner][0]} à {keys[1 - winner][0]}."

    # --- privacy --------------------------------------------------------------------

    def view(self, seat: int | None) -> ExpeditionState:
        """What `seat` may see; None, a spectator, sees what both seats know: of each hand,
        the cards the other seat knows it holds (passed in the draft, drawn from a known top)."""
        if seat is None:
            hands, tops = [list(self.held[1]), list(self.held[0])], []
        else:
            hands = [list(self.hands[s] if s == seat else self.held[seat]) for s in (0, 1)]
            tops = list(self.tops[seat])
        sizes = [self.hand_size(0), self.hand_size(1), self.deck_size()]
        return ExpeditionState(  # its fields in their order: keywords cost a tenth more
            self.players,
            self.options,
            tops,
            hands,
            [list(self.played[0]), list(self.played[1])],
            list(self.discard),
            list(self.history),
            self.turn,
            self.phase,
            [sizes[0] - len(hands[0]), sizes[1] - len(hands[1]), sizes[2] - len(tops)],
            list(self.looked) if seat == self.turn else [],
            [list(self.packs[s]) if s == seat else [] for s in (0, 1)],
            self.picks,
            self.extra,
            list(self.final),
            [list(self.tops[s]) if s == seat else [] for s in (0, 1)],
            [list(self.held[s]) if s == seat else [] for s in (0, 1)],
            [set(self.seen[s]) if s == seat else set() for s in (0, 1)],
        )

    def secrets(self, seat: int) -> frozenset[Any]:
        hidden = {*self.hands[1 - seat], *self.deck, *self.packs[1 - seat]}
        if seat != self.turn:
            hidden |= set(self.looked)
        return frozenset(hidden - self.seen[seat])

    # --- moves ----------------------------------------------------------------------

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        if isinstance(action, Play):  # the commonest moves first
            return self._play(BY_KEY[action.card])
        if isinstance(action, Draw):
            return self._draw()
        if self.phase == DRAFT:
            return self._draft(BY_KEY[action.card])
        if isinstance(action, Pass):
            return [Passed(self.turn, self.players[self.turn]), *self._end_turn(PASS)]
        card = BY_KEY[action.card]
        return {
            DISCARD: self._discard,
            STEAL: self._steal,
            KEEP: self._keep,
            ORDER: self._order,
        }[self.phase](card)

    def _draw(self) -> list[Event]:
        seat, card = self.turn, self.deck.pop(0)
        self.hands[seat].append(card)
        self.seen[seat].add(card)
        self._follow_top(seat, card)
        events: list[Event] = [
            Drew(seat, self.players[seat], len(self.deck)),
            DrewCard(seat, self.players[seat], card, audience=(seat,)),
        ]
        return events + self._end_turn(DRAW)

    def _follow_top(self, seat: int, card: Artifact) -> None:
        """A top card someone knew leaves the deck: into the drawer's hand, known to both."""
        for s in (0, 1):
            top = self.tops[s]
            if top and top[0] == card:
                top.pop(0)
                if s != seat:
                    self.held[s].append(card)

    def _play(self, card: Artifact) -> list[Event]:
        seat, opp = self.turn, 1 - self.turn
        self.hands[seat].remove(card)
        if card in self.held[opp]:
            self.held[opp].remove(card)
        self.played[seat].append(card)
        events: list[Event] = [Laid(seat, self.players[seat], card)]
        if card.key == "masque":
            if self.played[opp]:
                self.phase = DISCARD
                return events
            events.append(Fizzled(card, f"{self.players[opp]} n'a aucune carte posée"))
        elif card.key == "serpent":
            if self.played[opp]:
                self.phase = STEAL
                return events
            events.append(Fizzled(card, f"{self.players[opp]} n'a aucune carte posée"))
        elif card.key == "tablette":
            return events + self._look(card)
        elif card.key == "sablier":
            self.extra = True
        return events + self._end_turn(PLAY)

    def _look(self, card: Artifact) -> list[Event]:
        """ER-8: the top three (or what is left) leave the deck while the player chooses."""
        seat = self.turn
        if not self.deck:
            return [Fizzled(card, "la pioche est vide"), *self._end_turn(PLAY)]
        self.looked, self.deck = self.deck[:PEEK], self.deck[PEEK:]
        self.seen[seat].update(self.looked)
        self.tops = [[], []]  # nobody knows the top any longer
        self.phase = KEEP
        return [
            Looked(seat, self.players[seat], len(self.looked)),
            Peeked(seat, self.players[seat], tuple(self.looked), audience=(seat,)),
        ]

    def _keep(self, card: Artifact) -> list[Event]:
        seat = self.turn
        self.looked.remove(card)
        self.hands[seat].append(card)
        if len(self.looked) == 2:
            self.phase = ORDER
            return []
        return self._put_back(card)

    def _order(self, top: Artifact) -> list[Event]:
        """ER-8: the player chooses which card goes back on top."""
        kept = self.hands[self.turn][-1]
        self.looked.remove(top)
        self.looked.insert(0, top)
        return self._put_back(kept)

    def _put_back(self, kept: Artifact) -> list[Event]:
        seat, back = self.turn, self.looked
        self.deck = back + self.deck
        self.tops[seat] = list(back)
        self.looked = []
        events: list[Event] = [
            TookOne(seat, self.players[seat], len(back)),
            KeptSecretly(seat, self.players[seat], kept, tuple(back), audience=(seat,)),
        ]
        return events + self._end_turn(PLAY)

    def _discard(self, card: Artifact) -> list[Event]:
        """ER-6: the card leaves the game."""
        victim = 1 - self.turn
        self.played[victim].remove(card)
        self.discard.append(card)
        return [Discarded(victim, self.players[victim], card), *self._end_turn(PLAY)]

    def _steal(self, card: Artifact) -> list[Event]:
        """ER-7: the stolen card keeps its value and bonus; its effect does not fire again."""
        seat, victim = self.turn, 1 - self.turn
        self.played[victim].remove(card)
        self.played[seat].append(card)
        event = Stolen(seat, self.players[seat], self.players[victim], card)
        return [event, *self._end_turn(PLAY)]

    def _draft(self, card: Artifact) -> list[Event]:
        """ER-13: keep one of three, then one of the two received; the last card passed on
        is kept by whoever receives it."""
        seat = self.drafter()
        self.packs[seat].remove(card)
        self.hands[seat].append(card)
        self.picks += 1
        events: list[Event] = [
            DraftKept(seat, self.players[seat], card, audience=(seat,)),
            DraftPassed(seat, self.players[seat], len(self.packs[seat])),
        ]
        if self.picks % 2:
            return events
        self.packs = [self.packs[1], self.packs[0]]
        for s in (0, 1):
            self.seen[s].update(self.packs[s])
        if self.picks < 4:
            return events + [
                Dealt(s, self.players[s], tuple(self.packs[s]), True, audience=(s,)) for s in (0, 1)
            ]
        for s in (0, 1):
            self.hands[s] += self.packs[s]
            events.append(Dealt(s, self.players[s], tuple(self.packs[s]), audience=(s,)))
        for s in (0, 1):  # what a seat passed and did not get back is in the other's hand
            self.held[s] = [c for c in self.hands[1 - s] if c in self.seen[s]]
        self.packs, self.phase = [[], []], TURN
        return events

    def _end_turn(self, kind: str) -> list[Event]:
        """ER-9, ER-10: the next turn, or the end once the deck ran out during this one."""
        seat = self.turn
        self.history.append((seat, kind))
        self.phase = TURN
        if self.extra:  # a Sablier never empties the deck: the same seat plays on
            self.extra = False
            return [ExtraTurn(seat, self.players[seat])]
        if self.final:
            self.final.pop(0)
            if not self.final:
                return self._finish()
            self.turn = self.final[0]
            return []
        if self.deck:
            self.turn = 1 - seat
            return []
        last_call = bool(self.options.get("dernier_tour", False))
        events: list[Event] = [DeckEmpty(last_call)]
        if not last_call:
            return events + self._finish()
        self.final, self.turn = [1 - seat, seat], 1 - seat
        return events

    def _finish(self) -> list[Event]:
        self.phase = OVER
        return [Ended(self.summary(self.standings()))]

    def clone(self) -> ExpeditionState:
        """A copy to look ahead on (the robot's imagined futures), its fields in their order:
        keywords would cost a tenth of the copy. What each seat has seen starts afresh."""
        return ExpeditionState(
            self.players,
            self.options,
            list(self.deck),
            [list(h) for h in self.hands],
            [list(p) for p in self.played],
            list(self.discard),
            list(self.history),
            self.turn,
            self.phase,
            list(self.hidden),
            list(self.looked),
            [list(p) for p in self.packs],
            self.picks,
            self.extra,
            list(self.final),
        )
