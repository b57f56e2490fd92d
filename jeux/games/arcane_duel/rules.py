"""Arcane Duel v1 (RULINGS.md §18): sixteen unique spells, combinations of two, defences
played as reactions during the attacker's turn, statuses over turns; three rounds won wins.

A round deals two cards to each wizard at 9 HP. On their turn a wizard draws (below three
cards) or acts (one Attack or Support card, one combination, or nothing), may discard one card
to replace it, and ends with at most three cards; then their armed poison strikes.

An attack is a queue of hits. Each hit reaches its target (traps and veils answer first),
then the target may answer with one Defence card: `to_move()` is the defender while
`whose_turn()` stays the attacker. Cards are `Dealt` (a spell key under a uid fresh at every
deal, steal, swap and reshuffle), so no uid a seat once saw tells where a card lies now.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import combinations, permutations
from random import Random
from typing import Any

from jeux.engine.cards import (
    EVERYONE,
    NOBODY,
    Dealt,
    Zone,
    ZonedState,
    seen_zones,
    shuffled,
)
from jeux.engine.core import (
    Action,
    Event,
    Outcome,
    is_listed,
    quick_init,
    ranks_from_scores,
)
from jeux.engine.events import Eliminated
from jeux.engine.reactions import window_opens
from jeux.engine.text import LAST_STANDING, aside, join_names, plural

ATTACK, DEFENCE, SUPPORT = "attaque", "défense", "soutien"


@dataclass(frozen=True)
class Spell:
    number: int
    name: str
    kind: str
    text: str
    """The card's text as printed (C 50–74)."""


SPELLS: dict[str, Spell] = {
    "boule": Spell(1, "Boule de feu", ATTACK, "Inflige 1 dégât à un adversaire."),
    "explosion": Spell(
        2,
        "Explosion",
        ATTACK,
        "Inflige 2 points de dégâts, mais subit 1 point de dégâts en retour.",
    ),
    "poison": Spell(
        3, "Nuage de poison", ATTACK, "La cible perd 1 point de vie à la fin de son prochain tour."
    ),
    "eclair": Spell(4, "Éclair", ATTACK, "Inflige 1 point de dégâts à tous les adversaires."),
    "malediction": Spell(
        5, "Malédiction", ATTACK, "Inflige 2 points de dégâts en défaussant une carte."
    ),
    "main": Spell(
        6, "Main des ombres", ATTACK, "Subir 1 dégât et voler une carte au joueur de son choix."
    ),
    "bouclier": Spell(7, "Bouclier", DEFENCE, "Bloque 1 point de dégâts."),
    "deviation": Spell(8, "Déviation", DEFENCE, "Dévie l'attaque vers un autre joueur au choix."),
    "miroir": Spell(
        9, "Miroir", DEFENCE, "Partagez les dégâts avec l'attaquant. La majorité pour vous."
    ),
    "barriere": Spell(
        10, "Barrière d'arcane", DEFENCE, "Bloque 2 points de dégâts en défaussant une carte."
    ),
    "epines": Spell(11, "Épines", DEFENCE, "L'attaquant subit 1 dégât s'il vous attaque."),
    "lumiere": Spell(12, "Lumière de guérison", SUPPORT, "Vous rend 1 point de vie."),
    "concentration": Spell(
        13, "Concentration de mana", SUPPORT, "Tirez 1 carte supplémentaire de la pioche."
    ),
    "voile": Spell(
        14, "Voile d'ombre", SUPPORT, "Empêche la prochaine attaque contre vous pendant un tour."
    ),
    "absorption": Spell(15, "Absorption", SUPPORT, "Récupérez la dernière carte défaussée."),
    "controle": Spell(
        16,
        "Contrôle de l'esprit",
        SUPPORT,
        "L'adversaire doit se défausser d'une carte de son choix.",
    ),
}
"""AD1-4: Éclair's text says « adversaires » under the default ruling (see `spell_text`)."""


@dataclass(frozen=True)
class Combo:
    number: int
    name: str
    cards: frozenset[str]
    text: str


COMBOS: dict[str, Combo] = {
    c.name: c
    for c in (
        Combo(1, "Explosion des flammes", frozenset({"boule", "explosion"}),
              "Infligez 3 points de dégâts à un adversaire."),
        Combo(2, "Voile électrique", frozenset({"eclair", "miroir"}),
              "Infligez 2 dégâts à tout adversaire qui vous attaque à son tour "
              "et 1 dégât à son voisin de droite."),
        Combo(3, "Armure gelée", frozenset({"bouclier", "barriere"}),
              "Bloque jusqu'à 3 points de dégâts de la prochaine attaque."),
        Combo(4, "Piège arcanique", frozenset({"malediction", "epines"}),
              "Le prochain adversaire qui vous attaque se défausse d'une carte et subit "
              "2 points de dégâts. Dure un tour."),
        Combo(5, "Invocation de tombe", frozenset({"absorption", "main"}),
              "Récupérez une carte de votre choix dans la pile de défausse."),
        Combo(6, "Regain vital", frozenset({"absorption", "lumiere"}),
              "Restaurez 3 points de vie."),
        Combo(7, "Mana des ombres", frozenset({"concentration", "main"}),
              "Tirez une carte supplémentaire de la pioche et volez une carte au joueur "
              "de votre choix."),
        Combo(8, "Réaction en chaîne", frozenset({"eclair", "boule"}),
              "Inflige 2 points de dégâts à deux adversaires différents."),
        Combo(9, "Bénédiction empoisonnée", frozenset({"poison", "lumiere"}),
              "Ciblez un adversaire pour qu'il perde 1 point de vie à la fin de son prochain "
              "tour, et récupérez 2 points de vie."),
        Combo(10, "Invocation spectrale", frozenset({"voile", "deviation"}),
              "Échangez votre main avec le joueur de votre choix."),
    )
}  # fmt: skip

COMBO_OF_PAIR = {pair: c for c in COMBOS.values() for pair in permutations(c.cards)}
"""The combinations by the keys of their two cards in either order: quicker to build than a
set, for hands listed at every decision."""
PLAYED_ALONE = frozenset(k for k, spell in SPELLS.items() if spell.kind != DEFENCE)
"""The cards cast on one's own turn, alone (Defence cards answer an attack)."""

START_HP = 9
LATER_HP = 5
MAX_HP = 9
"""AD1-2: the cap is the starting HP."""
HAND_LIMIT = 3
ROUNDS_TO_WIN = 3

ACT, DEFEND, DISCARD, OVER = "action", "défense", "défausse", "fin"
NOW, NEXT_TURN = "aussitot", "tour_suivant"
OPPONENTS, EVERY_PLAYER = "adversaires", "tous"
NOBODY_SEAT = -1


def spell_of(card: Dealt) -> Spell:
    return SPELLS[card.card]  # type: ignore[index]


def name_of(card: Dealt) -> str:
    return spell_of(card).name


def combo_of(keys: Sequence[str]) -> Combo | None:
    return COMBO_OF_PAIR.get(tuple(keys)) if len(keys) == 2 else None


def spell_text(key: str, options: Mapping[str, Any]) -> str:
    if key == "eclair" and options.get("eclair") == EVERY_PLAYER:
        return "Inflige 1 point de dégâts à tous les joueurs."
    return SPELLS[key].text


# --- actions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Draw(Action):
    """Draw one card instead of acting (only below three cards)."""


@dataclass(frozen=True)
class Cast(Action):
    """One Attack or Support card, or a combination of two cards, by uid in hand order.
    `targets` are seats; `cost` the card Malédiction discards; `pick` the card Invocation de
    tombe takes back from the discard pile."""

    cards: tuple[int, ...]
    targets: tuple[int, ...] = ()
    cost: int = 0
    pick: int = 0


@dataclass(frozen=True)
class Pass(Action):
    """AD1-20: no action; the discard phase follows as usual."""


@dataclass(frozen=True)
class Defend(Action):
    """The target of a hit answers with one Defence card; `redirect` for Déviation, `cost`
    for Barrière d'arcane."""

    card: int
    redirect: int = NOBODY_SEAT
    cost: int = 0


@dataclass(frozen=True)
class Endure(Action):
    """The target of a hit plays no defence."""


@dataclass(frozen=True)
class Discard(Action):
    """Discard a card: to replace it (the optional discard phase), to come down to three
    cards, or because a spell says so (Contrôle de l'esprit, Piège arcanique)."""

    card: int
    replace: bool = False


@dataclass(frozen=True)
class EndTurn(Action):
    """End the discard phase without replacing a card."""


# Moves are listed anew at every decision (a robot's, then `apply`'s check): built once and
# looked up after, as a frozen dataclass costs several times more to build than to find.
# The uids restart at every match, so these stay small.
cast, defend, discard = cache(Cast), cache(Defend), cache(Discard)
dealt = cache(Dealt)
"""A card under its uid, built once for all matches: a dataclass frozen in Python builds
slowly, and a card is dealt at every draw (uids restart at every match, so this stays small)."""
DRAW, PASS, ENDURE, END_TURN = Draw(), Pass(), Endure(), EndTurn()


def hand_casts(
    hand: tuple[Dealt, ...], foes: Sequence[int], discard: tuple[Dealt, ...] = ()
) -> list[Cast]:
    """Every cast of a hand at these foes (`discard`: the pile Invocation de tombe picks
    from). Listed anew each time: a hand rarely meets the same foes and pile twice (kept in a
    cache, three in four lookups missed and cost more than they saved)."""
    actions: list[Cast] = []
    for card in hand:
        key = card.card
        one = (card.uid,)
        if key in ("boule", "explosion", "poison", "controle", "main"):
            actions += [cast(one, (t,)) for t in foes]
        elif key == "malediction":  # AD1-5: another card is the cost
            actions += [cast(one, (t,), c.uid) for t in foes for c in hand if c is not card]
        elif key in PLAYED_ALONE:
            actions.append(cast(one))
    for a, b in combinations(hand, 2):
        combo = COMBO_OF_PAIR.get((a.card, b.card))
        if combo is None:
            continue
        pair = (a.uid, b.uid)
        if combo.number in (1, 7, 9, 10):
            actions += [cast(pair, (t,)) for t in foes]
        elif combo.number == 8:
            pairs = list(combinations(foes, 2)) or [(t,) for t in foes]  # AD1-16
            actions += [cast(pair, p) for p in pairs]
        elif combo.number == 5:
            actions += [cast(pair, (), 0, c.uid) for c in discard]
        else:
            actions.append(cast(pair))
    return actions


_last_legal: tuple[tuple, tuple[Action, ...]] = ((), ())
"""The legal actions last listed, under everything they hang on (whatever state they came
from): a robot lists them from its view, then `apply`'s check from the state, so the second
asks for the very same list (their objects are shared, a view's own hand too)."""


# --- events ----------------------------------------------------------------------------


@quick_init
@dataclass(frozen=True)
class RoundStarted(Event):
    number: int
    starter: str
    hp: int

    def describe(self) -> str:
        return f"Manche {self.number} : {self.hp} PV chacun·e, 2 cartes, {self.starter} commence."


@quick_init
@dataclass(frozen=True)
class CardsReceived(Event):
    """Cards entering a hand unseen by the others (a deal, a draw, a steal, a swap)."""

    reveals = True
    seat: int
    player: str
    cards: tuple[Dealt, ...]
    verb: tuple[str, str]
    """How they came, said to the receiver and to onlookers: ("pioches", "pioche")."""

    def describe(self) -> str:
        return f"Tu {self.verb[0]} : {self.names()}."

    def describe_openly(self) -> str:
        return f"{self.player} {self.verb[1]} : {self.names()}."

    def names(self) -> str:
        return join_names([name_of(c) for c in self.cards])


@quick_init
@dataclass(frozen=True)
class Drew(Event):
    player: str
    count: int = 1

    def describe(self) -> str:
        return f"{self.player} pioche {plural(self.count, 'carte')}."


@quick_init
@dataclass(frozen=True)
class Reshuffled(Event):
    count: int

    def describe(self) -> str:
        return f"La défausse est mélangée : nouvelle pioche de {plural(self.count, 'carte')}."


@quick_init
@dataclass(frozen=True)
class SpellCast(Event):
    """A spell or combination cast, for everyone."""

    seat: int
    player: str
    spell: str
    cards: tuple[Dealt, ...]
    targets: str = ""

    def describe(self) -> str:
        aim = f" sur {self.targets}" if self.targets else ""
        return f"{self.player} lance {self.spell}{aim}."


@quick_init
@dataclass(frozen=True)
class Defended(Event):
    seat: int
    player: str
    card: Dealt
    detail: str = ""

    def describe(self) -> str:
        return f"{self.player} se défend avec {name_of(self.card)}{aside(self.detail)}."

    def describe_to(self, seat: int | None) -> str:
        if seat != self.seat:
            return super().describe_to(seat)
        return f"Tu te défends avec {name_of(self.card)}{aside(self.detail)}."


@quick_init
@dataclass(frozen=True)
class Said(Event):
    """A plain public sentence: damage, healing, statuses, steals seen from outside."""

    text: str
    to: tuple[tuple[int, str], ...] = ()
    """The sentence as each seat it names reads it, in « tu » (`describe_to`)."""

    def describe(self) -> str:
        return self.text

    def describe_to(self, seat: int | None) -> str:
        return next((text for s, text in self.to if s == seat), super().describe_to(seat))


@quick_init
@dataclass(frozen=True)
class Robbed(Event):
    """The card a victim lost, told to the victim; onlookers read it in the thief's
    `CardsReceived`."""

    thief: str
    card: Dealt

    def describe(self) -> str:
        return f"{self.thief} t'a volé {name_of(self.card)}."

    def describe_openly(self) -> str:
        return ""


@quick_init
@dataclass(frozen=True)
class Discarded(Event):
    seat: int
    player: str
    card: Dealt
    why: str = ""

    def describe(self) -> str:
        return f"{self.player} défausse {name_of(self.card)}{aside(self.why)}."

    def describe_to(self, seat: int | None) -> str:
        if seat != self.seat:
            return super().describe_to(seat)
        return f"Tu défausses {name_of(self.card)}{aside(self.why)}."


@quick_init
@dataclass(frozen=True)
class HpChanged(Event):
    seat: int
    player: str
    change: int
    hp: int
    why: str = ""

    def describe(self) -> str:
        return f"{self.player} {self.what('perd', 'gagne')} : {max(self.hp, 0)} PV."

    def describe_to(self, seat: int | None) -> str:
        if seat != self.seat:
            return super().describe_to(seat)
        return f"Tu {self.what('perds', 'gagnes')} : il te reste {max(self.hp, 0)} PV."

    def what(self, loses: str, gains: str) -> str:
        """ "perd 2 PV (Éclair)", with the verb conjugated for whoever is told."""
        what = f"{loses} {-self.change} PV" if self.change < 0 else f"{gains} {self.change} PV"
        return what + aside(self.why)


@quick_init
@dataclass(frozen=True)
class RoundWon(Event):
    seat: int
    player: str
    wins: int

    def describe(self) -> str:
        if self.seat == NOBODY_SEAT:
            return "Les dernières places tombent ensemble : personne ne gagne, on rejoue."
        return f"{self.player} gagne la manche ({self.wins} sur {ROUNDS_TO_WIN})."

    def describe_to(self, seat: int | None) -> str:
        if seat != self.seat:
            return super().describe_to(seat)
        return f"Tu gagnes la manche ({self.wins} sur {ROUNDS_TO_WIN})."


@quick_init
@dataclass(frozen=True)
class GameWon(Event):
    seat: int
    player: str

    def describe(self) -> str:
        return f"{self.player} gagne {ROUNDS_TO_WIN} manches : sorcier·ère ultime !"


# --- the state -------------------------------------------------------------------------


@quick_init
@dataclass(frozen=True)
class Hit:
    """One target of an attack on its way: `visited` are the seats this chain targeted
    (AD1-8: Déviation never sends it back to one of them)."""

    target: int
    damage: int = 0
    poison: bool = False
    steal: bool = False
    visited: tuple[int, ...] = ()
    reached: bool = False
    """Whether the target's statuses already answered (a Déviation resets it)."""
    deflector: int = NOBODY_SEAT
    """AD1-22: the seat whose Déviation sent the hit on, whom the target answers (Épines,
    Miroir, its statuses); none while the hit comes from the caster."""

    def reaching(self) -> Hit:
        """This hit once the target's statuses answered (quicker than `replace`)."""
        return Hit(
            self.target, self.damage, self.poison, self.steal, self.visited, True, self.deflector
        )


@quick_init
@dataclass(frozen=True)
class Statuses:
    """What protects a wizard until the start of their next turn (AD1-11); a status that
    changes is replaced, so a copy of the state shares them."""

    veil: bool = False
    electric: bool = False
    armour: bool = False
    trap: bool = False

    def words(self) -> list[str]:
        return [
            word
            for word, on in (
                ("voile d'ombre", self.veil),
                ("voile électrique", self.electric),
                ("armure gelée", self.armour),
                ("piège arcanique", self.trap),
            )
            if on
        ]


UNPROTECTED = Statuses()


@dataclass
class ArcaneState(ZonedState):
    FREE_TEXT = False  # no action of Arcane Duel holds words of its own
    players: tuple[str, ...]
    options: Mapping[str, Any]
    hands: list[Zone]
    deck: Zone
    discard: Zone
    """Face up; its last card is the top (AD1-15)."""
    hp: list[int]
    wins: list[int]
    status: list[Statuses]
    poison_pending: list[int]
    """Poison cast on a seat, striking at the end of its next turn (AD1-9)."""
    poison_armed: list[int]
    """Poison striking at the end of the seat's current turn."""
    later_draws: list[int]
    """AD1-3 option: replacement cards owed at the start of the seat's next turn."""
    out: list[int] = field(default_factory=list)
    phase: str = ACT
    turn: int = 0
    starter: int = 0
    round: int = 0
    attacker: int = 0
    spell: str = ""
    """The name of the attack being resolved, for the defender's prompt."""
    hits: list[Hit] = field(default_factory=list)
    owed: list[tuple[int, str]] = field(default_factory=list)
    """(seat, why): seats that must discard a card of their choice before play goes on."""
    next_uid: int = 0
    news: tuple[Event, ...] = ()
    """What the last decisions did, as public events told at the next handoff (in words
    only then: robots play thousands of moves nobody reads)."""

    # --- queries -------------------------------------------------------------------

    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.owed:
            return self.owed[0][0]
        if self.phase == DEFEND:
            return self.hits[0].target
        return self.turn

    def whose_turn(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def alive(self, seat: int) -> bool:
        return seat not in self.out

    @property
    def alive_seats(self) -> list[int]:
        out = self.out
        return [s for s in range(len(self.players)) if s not in out]

    def others(self, seat: int) -> list[int]:
        out = self.out
        return [s for s in range(len(self.players)) if s != seat and s not in out]

    def next_alive(self, seat: int) -> int:
        if not self.out:  # most turns: nobody is out yet
            return (seat + 1) % len(self.players)
        after = self.seat_after(seat, self.alive)
        return seat if after is None else after

    def right_neighbour(self, seat: int) -> int:
        """Play passes to the left (AD1-19), so the right-hand neighbour plays just before."""
        for step in range(1, self.seats):
            other = (seat - step) % self.seats
            if self.alive(other):
                return other
        return seat

    def sender(self, hit: Hit) -> int:
        """Whom the target of `hit` answers (AD1-22): the last deflector, else the caster."""
        return self.attacker if hit.deflector == NOBODY_SEAT else hit.deflector

    def sent_by(self) -> str:
        """Who sends the hit being answered, to its target: « Lina te renvoie Malédiction »."""
        hit = self.hits[0]
        verb = "lance" if hit.deflector == NOBODY_SEAT else "renvoie"
        return f"{self.players[self.sender(hit)]} te {verb} {self.spell}"

    def hand_keys(self, seat: int) -> list[str]:
        return [c.card for c in self.hands[seat]]  # type: ignore[misc]

    def can_draw(self) -> bool:
        """Read at most moves: the zones' counts are read here rather than through `len`
        (a call of `Zone.__len__` each)."""
        hand = self.hands[self.turn]
        return len(hand.cards) + hand.hidden < HAND_LIMIT and self.cards_left()

    def cards_left(self) -> bool:
        """Whether a card may still be drawn: from the deck, or the discard pile shuffled."""
        deck, pile = self.deck, self.discard
        return bool(deck.cards or deck.hidden or pile.cards or pile.hidden)

    def legal_actions(self) -> list[Action]:
        global _last_legal
        seat = self.to_move()
        if seat is None:
            return []
        owed, hits = self.owed, self.hits
        key = (
            self.players,
            self.phase,
            self.turn,
            owed[0] if owed else None,
            hits[0] if hits else None,
            self.hands[seat],
            len(self.deck.cards) + self.deck.hidden,
            self.discard,
            len(self.out),
        )
        last = _last_legal
        if last[0] != key:
            last = _last_legal = key, self._legal_now(seat)
        return list(last[1])

    def _legal_now(self, seat: int) -> tuple[Action, ...]:
        hand = self.hands[seat].cards
        if self.owed:
            return tuple([discard(c.uid) for c in hand])
        if self.phase == DEFEND:
            return (*self.defences(), ENDURE)
        if self.phase == DISCARD:
            if len(hand) > HAND_LIMIT:
                return tuple([discard(c.uid) for c in hand])
            return (*[discard(c.uid, True) for c in hand], END_TURN)
        draw = (DRAW,) if self.can_draw() else ()
        return (*draw, *self.casts(), PASS)

    def casts(self) -> list[Cast]:
        return hand_casts(self.hands[self.turn].cards, self.others(self.turn), self.discard.cards)

    def defences(self) -> list[Action]:
        """The Defence cards that answer this hit (AD1-6: a steal deals no damage, so only
        Déviation and Épines answer it)."""
        return [defend(*answer) for answer in self._answers()]

    def can_defend(self) -> bool:
        """Whether a Defence card answers this hit: the first answer found is enough."""
        return next(self._answers(), None) is not None

    def _answers(self) -> Iterator[tuple[int, int, int]]:
        """The fields of each Defend that answers this hit, in `defences` order."""
        hit = self.hits[0]
        hand = self.hands[hit.target].cards
        for card in hand:
            key = card.card
            if key == "deviation":
                for seat in self.others(hit.target):
                    if seat not in hit.visited:
                        yield card.uid, seat, 0
            elif key == "epines":
                yield card.uid, NOBODY_SEAT, 0
            elif hit.steal:
                continue
            elif key in ("bouclier", "miroir"):
                yield card.uid, NOBODY_SEAT, 0
            elif key == "barriere":
                for cost in hand:
                    if cost is not card:
                        yield card.uid, NOBODY_SEAT, cost.uid

    def refusal(self, action: Action) -> str:
        if self.owed:
            return "Choisis d'abord la carte à défausser."
        if self.phase == DEFEND:
            return "Réponds à l'attaque : une carte Défense qui s'y applique, ou encaisse."
        if isinstance(action, Draw):
            return "On ne pioche qu'avec moins de 3 cartes en main, et s'il reste des cartes."
        if isinstance(action, Cast):
            if any(self.hands[self.turn].by_uid(u) is None for u in action.cards):
                return "Ces cartes ne sont pas dans ta main."
            keys = [self.hands[self.turn].by_uid(u).card for u in action.cards]
            if len(keys) == 2 and combo_of(keys) is None:
                return "Ces deux cartes ne forment aucune combinaison."
            if len(keys) == 1 and SPELLS[keys[0]].kind == DEFENCE:
                return "Une carte Défense ne se joue qu'en réponse à une attaque."
            if keys == ["malediction"]:
                return "Malédiction demande de défausser une autre carte de ta main."
            return "Ce sort ne vise pas ce joueur."
        if self.phase == DISCARD and len(self.hands[self.turn]) > HAND_LIMIT:
            return f"Défausse-toi jusqu'à {HAND_LIMIT} cartes."
        return super().refusal(action)

    def prompt(self) -> str:
        """Why the seat to move decides now, in public words only."""
        seat = self.to_move()
        if seat is None:
            return ""
        if self.owed:
            why = self.owed[0][1]
            return f"{why[0].upper()}{why[1:]} — choisis une carte à défausser."
        if self.phase == DEFEND:
            return f"{self.sent_by()} — te défendre ?"
        return " ".join(e.describe_to(seat) for e in self.news)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        winner = max(range(self.seats), key=lambda s: self.wins[s])
        return Outcome(
            tuple(self.wins),
            ranks_from_scores(self.wins),
            f"{self.players[winner]} gagne {ROUNDS_TO_WIN} manches : sorcier·ère ultime !",
            ending=LAST_STANDING,  # every round ends with one wizard standing (AD1-18)
        )

    # --- privacy -------------------------------------------------------------------

    def zones(self) -> list[Zone]:
        return [*self.hands, self.deck, self.discard]

    def view(self, seat: int | None) -> ArcaneState:
        """What `seat` may see: its own hand, the discard pile, counts of the rest."""
        return self.clone(seen_zones(self.hands, seat), self.deck.seen_from(seat))

    def clone(self, hands: list[Zone] | None = None, deck: Zone | None = None) -> ArcaneState:
        """A copy to play on (the robot's imagined futures), with other `hands` and `deck`
        if given (a view): zones, hits and statuses are immutable, the lists are not. Its
        fields are stored one by one into a bare object: cheaper than the constructor's 22
        parameters (views are built at every decision), and read as fast (a copied
        `__dict__` would slow every later attribute read)."""
        copy = object.__new__(ArcaneState)
        copy.players, copy.options = self.players, self.options
        copy.hands = self.hands[:] if hands is None else hands
        copy.deck = self.deck if deck is None else deck
        copy.discard, copy.hp, copy.wins = self.discard, self.hp[:], self.wins[:]
        copy.status, copy.poison_pending = self.status[:], self.poison_pending[:]
        copy.poison_armed, copy.later_draws = self.poison_armed[:], self.later_draws[:]
        copy.out, copy.phase, copy.turn = self.out[:], self.phase, self.turn
        copy.starter, copy.round, copy.attacker = self.starter, self.round, self.attacker
        copy.spell, copy.hits, copy.owed = self.spell, self.hits[:], self.owed[:]
        copy.next_uid, copy.news = self.next_uid, self.news
        return copy

    # --- moving cards --------------------------------------------------------------

    def take(self, seat: int, uid: int) -> Dealt:
        hand = self.hands[seat]
        card = hand.by_uid(uid)
        self.hands[seat] = Zone(tuple([c for c in hand.cards if c is not card]), hand.seen_by)
        return card

    def give(self, seat: int, keys: Sequence[str], verb: tuple[str, str]) -> list[Event]:
        """Cards entering a hand under fresh uids, seen by the receiver only; `verb` says how,
        to the receiver and to onlookers."""
        cards = self.fresh(keys)
        hand = self.hands[seat]
        self.hands[seat] = Zone(hand.cards + cards, hand.seen_by)
        if not cards:
            return []
        return [CardsReceived(seat, self.players[seat], cards, verb, audience=(seat,))]

    def fresh(self, keys: Sequence[str]) -> tuple[Dealt, ...]:
        """The cards, in this order, under the next free uids (`ZonedState.fresh`, with
        cards built once)."""
        first = self.next_uid
        self.next_uid = first + len(keys)
        return tuple(map(dealt, range(first, self.next_uid), keys))

    def to_discard(self, *cards: Dealt) -> None:
        self.discard = Zone(self.discard.cards + cards, EVERYONE)

    def draw(self, seat: int, count: int, rng: Random) -> list[Event]:
        """`count` cards from the deck; once it runs dry, the discard pile shuffled is the new
        deck (its cards under fresh uids before the drawn ones', as when drawn one by one)."""
        events: list[Event] = []
        deck = self.deck.cards
        if len(deck) < count and self.discard.cards:
            faces = shuffled([c.card for c in self.discard.cards], rng)
            self.discard = Zone((), EVERYONE)
            deck += self.fresh(faces)
            events.append(Reshuffled(len(faces)))
        keys = [c.card for c in deck[:count]]
        if not keys:
            return events
        self.deck = Zone(deck[count:], NOBODY)
        events.append(Drew(self.players[seat], len(keys)))
        events += self.give(seat, keys, ("pioches", "pioche"))  # type: ignore[arg-type]
        return events

    def hurt(self, seat: int, amount: int, why: str) -> list[Event]:
        if amount <= 0 or not self.alive(seat):
            return []
        self.hp[seat] -= amount
        events: list[Event] = [HpChanged(seat, self.players[seat], -amount, self.hp[seat], why)]
        if self.hp[seat] <= 0:
            self.out.append(seat)
            events.append(Eliminated(seat, self.players[seat]))
        return events

    def heal(self, seat: int, amount: int, why: str) -> list[Event]:
        gained = min(amount, MAX_HP - self.hp[seat])
        self.hp[seat] += gained
        if not gained:
            told = ((seat, f"Tu as déjà {MAX_HP} PV, le maximum."),)
            return [Said(f"{self.players[seat]} a déjà {MAX_HP} PV, le maximum.", told)]
        return [HpChanged(seat, self.players[seat], gained, self.hp[seat], why)]

    # --- moves ---------------------------------------------------------------------

    def allows(self, action: Action) -> bool:
        """Whether `action` is legal: the moves without a choice of card or target (half
        the moves: ends of turn, draws) and the discards, which Moyen decides without listing
        them, are judged as `_legal_now` lists them; casts and defences are looked up in the
        list the robot was given."""
        kind, phase, owed = type(action), self.phase, self.owed
        if kind is EndTurn:
            hand = self.hands[self.turn]
            return phase == DISCARD and not owed and len(hand.cards) + hand.hidden <= HAND_LIMIT
        if kind is Discard:
            if not owed and phase != DISCARD:
                return False
            hand = self.hands[owed[0][0] if owed else self.turn]
            replacing = not owed and len(hand.cards) + hand.hidden <= HAND_LIMIT
            return action.replace == replacing and hand.by_uid(action.card) is not None  # type: ignore[attr-defined]
        if kind is Draw:
            return phase == ACT and not owed and self.can_draw()
        if kind is Pass:
            return phase == ACT and not owed
        if kind is Endure:
            return phase == DEFEND and not owed
        return is_listed(action, self.legal_actions())

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        self.news = ()
        kind = type(action)  # compared by identity: the actions are never subclassed
        if self.owed or kind is Defend or kind is Endure:
            return self._tell(self._answered(action, rng))
        if kind is EndTurn:
            return self._end_turn(rng)
        if kind is Draw:
            events = self.draw(self.turn, 1, rng)
            self.phase = DISCARD
            return events
        if kind is Cast:
            return self._cast(action, rng) + self._resume(rng)  # type: ignore[arg-type]
        if kind is Discard:
            return self._discard(action, rng)  # type: ignore[arg-type]
        self.phase = DISCARD  # a Pass
        return [Said(f"{self.players[self.turn]} ne lance aucun sort.")]

    def _answered(self, action: Action, rng: Random) -> list[Event]:
        if self.owed:
            return self._owed_discard(action.card) + self._resume(rng)  # type: ignore[attr-defined]
        return self._answer(action, rng) + self._resume(rng)  # type: ignore[arg-type]

    def _tell(self, events: list[Event]) -> list[Event]:
        """What an answer did, in public words, for the handoff back to the next seat."""
        if not self.news:
            self.news = tuple([e for e in events if e.audience is None])
        return events

    def _owed_discard(self, uid: int) -> list[Event]:
        seat, why = self.owed.pop(0)
        card = self.take(seat, uid)
        self.to_discard(card)
        return [Discarded(seat, self.players[seat], card, why)]

    def _cast(self, action: Cast, rng: Random) -> list[Event]:
        seat, name = self.turn, self.players[self.turn]
        cards = tuple([self.take(seat, uid) for uid in action.cards])
        keys = [c.card for c in cards]
        combo = combo_of(keys) if len(keys) == 2 else None
        spell = combo.name if combo else SPELLS[keys[0]].name
        aim = join_names([self.players[t] for t in action.targets])
        events: list[Event] = [SpellCast(seat, name, spell, cards, aim)]
        self.attacker, self.spell, self.phase = seat, spell, ACT
        pick = self.discard.by_uid(action.pick) if action.pick else None
        top = self.discard.cards[-1] if self.discard.cards else None
        self.to_discard(*cards)
        hits: list[Hit]
        if combo:
            hits, more = self._combo(combo, action, pick, rng)
        else:
            hits, more = self._single(keys[0], action, top, rng)
        events += more
        self.hits = hits
        return events

    def _single(
        self, key: str, action: Cast, top: Dealt | None, rng: Random
    ) -> tuple[list[Hit], list[Event]]:
        seat = self.turn
        target = action.targets[0] if action.targets else NOBODY_SEAT
        if key == "boule":
            return [Hit(target, damage=1, visited=(target,))], []
        if key == "explosion":
            return [Hit(target, damage=2, visited=(target,))], self.hurt(seat, 1, "recul")
        if key == "poison":
            return [Hit(target, poison=True, visited=(target,))], []
        if key == "eclair":  # AD1-4
            events = []
            if self.options.get("eclair") == EVERY_PLAYER:
                events = self.hurt(seat, 1, "Éclair")
            return [Hit(t, damage=1, visited=(t,)) for t in self.others(seat)], events
        if key == "malediction":  # AD1-5
            cost = self.take(seat, action.cost)
            self.to_discard(cost)
            events = [Discarded(seat, self.players[seat], cost, "prix de Malédiction")]
            return [Hit(target, damage=2, visited=(target,))], events
        if key == "main":  # AD1-6
            return [Hit(target, steal=True, visited=(target,))], self.hurt(
                seat, 1, "Main des ombres"
            )
        if key == "lumiere":
            return [], self.heal(seat, 1, "Lumière de guérison")
        if key == "concentration":
            return [], self.draw(seat, 1, rng)
        if key == "voile":
            self.status[seat] = replace(self.status[seat], veil=True)
            return [], [Said(f"Un voile d'ombre protège {self.players[seat]}.")]
        if key == "absorption":  # AD1-15: the top before Absorption itself
            if top is None:
                return [], [Said("La défausse était vide : Absorption ne reprend rien.")]
            return [], self._take_back(seat, top)
        # Contrôle de l'esprit (AD1-14): the target chooses its discard
        self.owed.append((target, "Contrôle de l'esprit"))
        return [], []

    def _take_back(self, seat: int, card: Dealt) -> list[Event]:
        """A public card into a hidden hand: everyone knows it, under a fresh uid."""
        self.discard = self.discard.without([card])
        said = Said(f"{self.players[seat]} reprend {name_of(card)} de la défausse.")
        return [said, *self.give(seat, [card.card], ("reprends", "reprend"))]  # type: ignore[list-item]

    def _combo(
        self, combo: Combo, action: Cast, pick: Dealt | None, rng: Random
    ) -> tuple[list[Hit], list[Event]]:
        """AD1-19 (settled): the side costs of a combination's cards do not apply."""
        seat, targets = self.turn, action.targets
        mine = self.status[seat]
        said = {
            2: "Un voile électrique entoure",
            3: "Une armure gelée protège",
            4: "Un piège arcanique attend autour de",
        }
        if combo.number == 1:
            return [Hit(targets[0], damage=3, visited=targets[:1])], []
        if combo.number in said:
            self.status[seat] = replace(
                mine,
                electric=mine.electric or combo.number == 2,
                armour=mine.armour or combo.number == 3,
                trap=mine.trap or combo.number == 4,
            )
            return [], [Said(f"{said[combo.number]} {self.players[seat]}.")]
        if combo.number == 5:
            return [], self._take_back(seat, pick)
        if combo.number == 6:
            return [], self.heal(seat, 3, "Regain vital")
        if combo.number == 7:
            return [Hit(targets[0], steal=True, visited=targets[:1])], self.draw(seat, 1, rng)
        if combo.number == 8:
            return [Hit(t, damage=2, visited=(t,)) for t in targets], []
        if combo.number == 9:
            return [Hit(targets[0], poison=True, visited=targets[:1])], self.heal(
                seat, 2, "Bénédiction empoisonnée"
            )
        return [], self._swap(seat, targets[0])

    def _swap(self, seat: int, other: int) -> list[Event]:
        mine, theirs = self.hand_keys(seat), self.hand_keys(other)
        self.hands[seat] = self.hands[seat].holding(())
        self.hands[other] = self.hands[other].holding(())
        return [
            Said(f"{self.players[seat]} et {self.players[other]} échangent leurs mains."),
            *self.give(seat, theirs, ("reçois par l'échange", "reçoit par l'échange")),
            *self.give(other, mine, ("reçois par l'échange", "reçoit par l'échange")),
        ]

    def _resume(self, rng: Random) -> list[Event]:
        """Carry the attack on until someone must decide, then close the action."""
        events: list[Event] = []
        while True:
            if self.owed:
                out, hands = self.out, self.hands
                self.owed = [(s, why) for s, why in self.owed if s not in out and len(hands[s])]
                if self.owed:
                    return events
            if not self.hits:
                break
            hit = self.hits[0]
            if not self.alive(hit.target):
                self.hits.pop(0)
                continue
            if not hit.reached:
                hit = self.hits[0] = hit.reaching()
                events += self._reach(hit)
                if self.owed or not self.hits or self.hits[0] is not hit:
                    continue  # a discard owed first, or stopped by a veil
            if self.alive(hit.target) and window_opens(self.options, self.can_defend()):
                self.phase = DEFEND
                return events
            events += self._resolve(hit, None, rng)
        self.phase = DISCARD
        return events + self._after_action(rng)

    def _reach(self, hit: Hit) -> list[Event]:
        """The target's statuses answer the seat that sent the attack (AD1-11, AD1-13,
        AD1-22)."""
        seat, target, status = self.sender(hit), hit.target, self.status[hit.target]
        who, attacker = self.players[target], self.players[seat]
        events: list[Event] = []
        if status.electric and self.alive(seat):
            told = (
                (seat, f"Le voile électrique de {who} te frappe."),
                (target, f"Ton voile électrique frappe {attacker}."),
            )
            events += [Said(f"Le voile électrique de {who} frappe {attacker}.", told)]
            events += self.hurt(seat, 2, "voile électrique")
            neighbour = self.right_neighbour(seat)
            if neighbour not in (seat, target):
                events += self.hurt(neighbour, 1, "voile électrique")
        if status.trap:
            status = self.status[target] = replace(status, trap=False)
            told = (
                (seat, f"Tu tombes dans le piège arcanique de {who}."),
                (target, f"{attacker} tombe dans ton piège arcanique."),
            )
            events.append(Said(f"{attacker} tombe dans le piège arcanique de {who}.", told))
            events += self.hurt(seat, 2, "piège arcanique")
            self.owed.append((seat, "piège arcanique"))
        if status.veil:
            self.status[target] = replace(status, veil=False)
            self.hits.pop(0)
            told = ((target, f"Ton voile d'ombre arrête {self.spell}."),)
            events.append(Said(f"Le voile d'ombre de {who} arrête {self.spell}.", told))
        return events

    def _answer(self, action: Defend | Endure, rng: Random) -> list[Event]:
        hit = self.hits[0]
        if isinstance(action, Endure):
            return self._resolve(hit, None, rng)
        card = self.take(hit.target, action.card)
        self.to_discard(card)
        who = self.players[hit.target]
        if card.card == "deviation":
            new = action.redirect
            self.hits[0] = replace(
                hit, target=new, visited=(*hit.visited, new), reached=False, deflector=hit.target
            )
            sent = f"renvoie {self.spell} à {self.players[new]}"
            return [Defended(hit.target, who, card, sent)]
        events: list[Event] = [Defended(hit.target, who, card)]
        if card.card == "barriere":
            cost = self.take(hit.target, action.cost)
            self.to_discard(cost)
            events.append(Discarded(hit.target, who, cost, "prix de Barrière d'arcane"))
        return events + self._resolve(hit, card.card, rng)

    def _resolve(self, hit: Hit, defence: str | None, rng: Random) -> list[Event]:
        """Damage after the defence (AD1-7, AD1-9, AD1-10), then the armour, then a steal
        (for the caster, who cast it, whoever sent it on)."""
        self.hits.pop(0)
        seat, target = self.sender(hit), hit.target
        who = self.players[target]
        events: list[Event] = []
        if defence == "epines":
            events += self.hurt(seat, 1, "Épines")
        amount = 1 if hit.poison else hit.damage
        back = 0
        if defence == "bouclier":
            amount -= 1
        elif defence == "barriere":
            amount -= 2
        elif defence == "miroir":
            amount, back = (amount + 1) // 2, amount // 2
        amount = max(0, amount)
        status = self.status[target]
        if status.armour and amount > 0:
            self.status[target] = replace(status, armour=False)
            blocked = min(3, amount)
            amount -= blocked
            told = ((target, f"Ton armure gelée bloque {plural(blocked, 'dégât')}."),)
            events.append(Said(f"L'armure gelée de {who} bloque {plural(blocked, 'dégât')}.", told))
        events += self.hurt(seat, back, "Miroir")
        if hit.poison:
            if amount:
                self.poison_pending[target] += 1
                told = ((target, "Tu es empoisonné·e : −1 PV à la fin de ton prochain tour."),)
                events.append(
                    Said(f"{who} est empoisonné·e : −1 PV à la fin de son prochain tour.", told)
                )
            else:
                told = ((target, "Le poison ne t'atteint pas."),)
                events.append(Said(f"Le poison n'atteint pas {who}.", told))
        elif hit.steal:
            events += self._steal(target, rng)
        else:
            events += self.hurt(target, amount, self.spell)
            if not amount:
                events.append(
                    Said(f"{who} ne perd aucun PV.", ((target, "Tu ne perds aucun PV."),))
                )
        return events

    def _steal(self, target: int, rng: Random) -> list[Event]:
        """AD1-6: a random card of the target's hidden hand, known to the two of them."""
        seat = self.attacker
        thief, victim = self.players[seat], self.players[target]
        if not len(self.hands[target]) or not self.alive(seat):
            return [
                Said(
                    f"{victim} n'a aucune carte à voler.",
                    ((target, "Tu n'as aucune carte à voler."),),
                )
            ]
        card = rng.choice(self.hands[target].cards)
        self.hands[target] = self.hands[target].without([card])
        if target == seat:  # a steal turned back on its caster by a Déviation
            said = Said(f"{thief} se vole une carte.", ((seat, "Tu te voles une carte."),))
            return [said, *self.give(seat, [card.card], ("te voles", "se vole"))]  # type: ignore[list-item]
        told = ((seat, f"Tu voles une carte à {victim}."), (target, f"{thief} te vole une carte."))
        return [
            Said(f"{thief} vole une carte à {victim}.", told),
            Robbed(thief, card, audience=(target,)),
            *self.give(seat, [card.card], (f"voles à {victim}", f"vole à {victim}")),  # type: ignore[list-item]
        ]

    def _after_action(self, rng: Random) -> list[Event]:
        if not self.alive(self.turn):
            return self._round_check(rng) or self._next_turn(rng)
        return self._round_check(rng)

    def _round_check(self, rng: Random) -> list[Event]:
        """The last wizard standing wins the round (AD1-18: nobody if all fell together)."""
        if len(self.players) - len(self.out) > 1:  # `out` names each fallen seat once
            return []
        alive = self.alive_seats
        if not alive:
            events: list[Event] = [RoundWon(NOBODY_SEAT, "", 0)]
        else:
            winner = alive[0]
            self.wins[winner] += 1
            events = [RoundWon(winner, self.players[winner], self.wins[winner])]
            if self.wins[winner] >= ROUNDS_TO_WIN:
                self.phase = OVER
                self.hits, self.owed = [], []
                return [*events, GameWon(winner, self.players[winner])]
        self.news = (events[0],)
        return events + self._new_round((self.starter + 1) % self.seats, rng)

    def _discard(self, action: Discard, rng: Random) -> list[Event]:
        seat = self.turn
        card = self.take(seat, action.card)
        self.to_discard(card)
        events: list[Event] = [Discarded(seat, self.players[seat], card)]
        if not action.replace:
            return events if len(self.hands[seat]) > HAND_LIMIT else events + self._end_turn(rng)
        if self.options.get("remplacement", NOW) == NEXT_TURN:  # AD1-3 option
            self.later_draws[seat] += 1
        else:
            events += self.draw(seat, 1, rng)
        if len(self.hands[seat]) > HAND_LIMIT:
            return events
        return events + self._end_turn(rng)

    def _end_turn(self, rng: Random) -> list[Event]:
        """End-of-turn effects: armed poison strikes (AD1-9)."""
        seat = self.turn
        events: list[Event] = []
        if self.poison_armed[seat]:
            events += self.hurt(seat, self.poison_armed[seat], "Nuage de poison")
            self.poison_armed[seat] = 0
        done = self._round_check(rng)
        return events + (done or self._next_turn(rng))

    def _next_turn(self, rng: Random) -> list[Event]:
        seat = self.turn = self.next_alive(self.turn)
        self.status[seat] = UNPROTECTED  # AD1-11: until the start of the owner's next turn
        self.poison_armed[seat] += self.poison_pending[seat]
        self.poison_pending[seat] = 0
        self.phase, self.hits = ACT, []
        owed, self.later_draws[seat] = self.later_draws[seat], 0
        return self.draw(seat, owed, rng) if owed else []

    def _new_round(self, starter: int, rng: Random) -> list[Event]:
        """Every card shuffled, two each, full health (AD1-1), the starter moves left."""
        self.round += 1
        hp = START_HP if self.round == 1 or self.options.get("pv") != LATER_HP else LATER_HP
        self.starter = self.turn = starter
        self.hp = [hp] * self.seats
        self.status = [UNPROTECTED] * self.seats
        self.poison_pending, self.poison_armed = [0] * self.seats, [0] * self.seats
        self.later_draws = [0] * self.seats
        self.out, self.hits, self.owed = [], [], []
        self.phase = ACT
        deck = shuffled(SPELLS, rng)
        events: list[Event] = [RoundStarted(self.round, self.players[starter], hp)]
        self.discard = Zone((), EVERYONE)
        for seat in range(self.seats):
            self.hands[seat] = Zone((), (seat,))
            events += self.give(seat, deck[:2], ("reçois", "reçoit"))
            deck = deck[2:]
        self.deck = Zone(self.fresh(deck), NOBODY)
        return events
