"""Pyramide Escape (RULINGS.md §25): cross ten rooms of a pyramid before fatigue runs out.

One room at a time: reveal it, use one object or none, let the room act, then leave it. The room
deck's order is the only hidden information; peeks (Chambre des Scarabées, Carte ancienne) and the
Corde (which slides a room under the deck) make some places of it known, and `view` hides the rest.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from random import Random
from typing import Any, ClassVar

from jeux.engine.core import Action, Event, Outcome, State
from jeux.engine.text import de, plural

MAX_FATIGUE = 7
"""Starting fatigue, and its cap (PYR-1)."""

SCARAB_PEEK = 2
MAP_PEEK = 3
ENDING_ESCAPED, ENDING_EXHAUSTED = "Pyramide traversée", "Épuisé·e dans la pyramide"

# Room keys.
COULOIR, FOSSE, SCARABEES, PONT, SOIF = "couloir", "fosse", "scarabees", "pont", "soif"
PENOMBRE, JUGEMENT, OFFRANDE = "penombre", "jugement", "offrande"
SABLE, GARDIEN = "sable", "gardien"
# Object keys.
TORCHE, CORDE, AMULETTE, OUTRE, CARTE = "torche", "corde", "amulette", "outre", "carte"

# Phases of a room.
REVEAL, CHOOSE, REORDER, SANDS, OVER = "reveal", "choose", "reorder", "sands", "over"

# Option values.
LENIENT, STRICT = "lenient", "strict"
END_OF_ROOM, IMMEDIATE = "end_of_room", "immediate"

PILE, FACE = "pile", "face"


@dataclass(frozen=True)
class Room:
    """A room card; `permanent` rooms act from the next room on until cancelled."""

    key: str
    number: int
    name: str
    effect: str
    permanent: bool = False

    @property
    def hidden(self) -> bool:
        """The face-down placeholder that `view` puts where the player does not know the room."""
        return not self.key


@dataclass(frozen=True)
class Item:
    """An object card, single use; `the` is its name with the French article."""

    key: str
    name: str
    the: str
    effect: str


ROOMS: tuple[Room, ...] = (
    Room(COULOIR, 1, "Couloir Piégé", "Perds 1 fatigue de plus."),
    Room(FOSSE, 2, "Fosse à Pics", "Sans objet, perds 2 fatigue au lieu de 1."),
    Room(
        SCARABEES,
        3,
        "Chambre des Scarabées",
        "Regarde les 2 prochaines salles et remets-les sans changer leur ordre.",
    ),
    Room(
        PONT,
        4,
        "Pont Effondré",
        "Un objet utilisé ici est perdu sans effet, mais tu ne perds pas de fatigue.",
    ),
    Room(
        SOIF,
        5,
        "Malédiction de la Soif",
        "Permanente, dès la salle suivante : chaque salle sans objet coûte 1 fatigue de plus.",
        True,
    ),
    Room(
        PENOMBRE,
        6,
        "Pénombre",
        "Permanente, dès la salle suivante : les objets n'annulent que la fatigue, "
        "pas les effets des salles.",
        True,
    ),
    Room(JUGEMENT, 7, "Salle du Jugement", "Si tu utilises un objet ici, perds 1 fatigue."),
    Room(
        OFFRANDE,
        8,
        "Offrande Oubliée",
        "Si tu as déjà utilisé 3 objets ou plus, récupère 1 fatigue.",
    ),
    Room(
        SABLE,
        9,
        "Sable Vivant",
        "Permanente, dès la salle suivante : à chaque salle, lance une pièce, pile = perds "
        "1 fatigue. Défausser un objet inutilisé rend 1 fatigue.",
        True,
    ),
    Room(GARDIEN, 10, "Salle du Gardien", "Perds 1 fatigue par objet encore inutilisé."),
)

ITEMS: tuple[Item, ...] = (
    Item(
        TORCHE,
        "Torche",
        "la Torche",
        "Ignore tout l'effet de la salle ; les effets permanents ne s'y appliquent pas et une "
        "salle permanente n'est pas déclenchée.",
    ),
    Item(
        CORDE,
        "Corde",
        "la Corde",
        "Ignore les effets de la salle et glisse-la sous la pile : il faudra la traverser plus "
        "tard.",
    ),
    Item(
        AMULETTE,
        "Amulette",
        "l'Amulette",
        "Annule un effet permanent en jeu, ou la salle permanente qui vient d'être révélée.",
    ),
    Item(OUTRE, "Outre d'eau", "l'Outre d'eau", "Récupère 2 fatigue."),
    Item(
        CARTE,
        "Carte ancienne",
        "la Carte ancienne",
        "Regarde les 3 prochaines salles et remets-les dans l'ordre de ton choix.",
    ),
)

ROOM = {room.key: room for room in ROOMS}
ITEM = {item.key: item for item in ITEMS}

HIDDEN_ROOM = Room("", 0, "Salle inconnue", "Face cachée : son tour viendra.")
"""What `view` shows in place of a room whose place in the deck the player does not know."""

PERMANENT_LABELS = {
    SOIF: "Soif : +1 fatigue sans objet",
    PENOMBRE: "Pénombre : Torche et Corde n'ignorent plus rien",
    SABLE: "Sable Vivant : pièce à chaque salle, pile = −1",
}
STRICT_PENOMBRE_LABEL = "Pénombre : un objet n'annule qu'1 fatigue"


def room_name(key: str) -> str:
    return ROOM[key].name if key in ROOM else HIDDEN_ROOM.name


# --- actions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reveal(Action):
    """Turn over the top room (the first one is turned at setup)."""


@dataclass(frozen=True)
class NoItem(Action):
    """Go through the revealed room without an object."""


@dataclass(frozen=True)
class UseItem(Action):
    """Use one object here; `target` is the permanent room an Amulette cancels (PYR-5)."""

    item: str
    target: str = ""


@dataclass(frozen=True)
class Reorder(Action):
    """Carte ancienne: `order[i]` is the index, among the peeked rooms, of the new i-th room."""

    order: tuple[int, ...]


@dataclass(frozen=True)
class Discard(Action):
    """Sable Vivant: give an unused object to the sand for 1 fatigue (PYR-8)."""

    item: str


@dataclass(frozen=True)
class LeaveRoom(Action):
    """End the room (offered while Sable Vivant lets objects be discarded)."""


_REVEAL, _NO_ITEM, _LEAVE = Reveal(), NoItem(), LeaveRoom()
_USE = {item.key: UseItem(item.key) for item in ITEMS}
_CANCEL = {room.key: UseItem(AMULETTE, room.key) for room in ROOMS if room.permanent}
_DISCARD = {item.key: Discard(item.key) for item in ITEMS}
_REORDERS = {n: [Reorder(order) for order in permutations(range(n))] for n in range(MAP_PEEK + 1)}


# --- events -------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoomRevealed(Event):
    reveals: ClassVar[bool] = True  # a room turned from the face-down deck

    player: str
    room: str
    remaining: int

    def describe(self) -> str:
        left = (
            "c'est la dernière"
            if not self.remaining
            else f"encore {plural(self.remaining, 'salle')} dans la pile"
        )
        return f"{self.player} révèle la salle « {room_name(self.room)} » ({left})."


@dataclass(frozen=True)
class ItemUsed(Event):
    """`item` is "" when the player goes without; `status` says why an object did less:
    "pont" (lost on the Pont Effondré) or "penombre" (it only cancels the fatigue)."""

    player: str
    item: str
    status: str = ""

    def describe(self) -> str:
        if not self.item:
            return f"{self.player} avance sans objet."
        the = ITEM[self.item].the
        if self.status == PONT:
            return f"{self.player} utilise {the} : le Pont Effondré l'engloutit sans effet."
        if self.status == PENOMBRE:
            return (
                f"{self.player} utilise {the}, mais dans la Pénombre elle n'annule que la fatigue."
            )
        return f"{self.player} utilise {the}."


@dataclass(frozen=True)
class FatigueChanged(Event):
    player: str
    change: int
    fatigue: int
    reason: str

    def describe(self) -> str:
        now = f"{self.fatigue}/{MAX_FATIGUE}"
        if self.change < 0:
            return f"{self.player} perd {-self.change} fatigue ({self.reason}) : {now}."
        if self.change > 0:
            return f"{self.player} récupère {self.change} fatigue ({self.reason}) : {now}."
        return f"{self.player} est déjà à {now} : {self.reason} ne rend rien."


@dataclass(frozen=True)
class RoomIgnored(Event):
    player: str
    room: str
    item: str

    def describe(self) -> str:
        return (
            f"{self.player} ignore la salle « {room_name(self.room)} » "
            f"grâce à {ITEM[self.item].the}."
        )


@dataclass(frozen=True)
class RoomsPeeked(Event):
    reveals: ClassVar[bool] = True  # rooms looked at in the face-down deck

    player: str
    rooms: tuple[str, ...]

    def describe(self) -> str:
        names = ", ".join(room_name(key) for key in self.rooms)
        if len(self.rooms) == 1:
            return f"{self.player} regarde la dernière salle de la pile : {names}."
        return f"{self.player} regarde les {len(self.rooms)} prochaines salles : {names}."


@dataclass(frozen=True)
class DeckReordered(Event):
    player: str
    rooms: tuple[str, ...]

    def describe(self) -> str:
        names = ", ".join(room_name(key) for key in self.rooms)
        return f"{self.player} remet les salles dans cet ordre : {names}."


@dataclass(frozen=True)
class CoinFlipped(Event):
    player: str
    side: str

    def describe(self) -> str:
        return f"Sable Vivant : la pièce {de(self.player)} tombe sur {self.side}."


@dataclass(frozen=True)
class PermanentCancelled(Event):
    player: str
    room: str

    def describe(self) -> str:
        return f"{self.player} annule « {room_name(self.room)} » avec l'Amulette."


@dataclass(frozen=True)
class PermanentActivated(Event):
    player: str
    room: str

    def describe(self) -> str:
        return f"« {room_name(self.room)} » frappe {self.player} dès la salle suivante."


@dataclass(frozen=True)
class ItemDiscarded(Event):
    player: str
    item: str

    def describe(self) -> str:
        return f"{self.player} abandonne {ITEM[self.item].the} au Sable Vivant."


@dataclass(frozen=True)
class RoomPutUnder(Event):
    player: str
    room: str

    def describe(self) -> str:
        return f"{self.player} glisse la salle « {room_name(self.room)} » sous la pile."


@dataclass(frozen=True)
class RoomCleared(Event):
    player: str
    room: str
    cleared: int

    def describe(self) -> str:
        return (
            f"{self.player} franchit la salle « {room_name(self.room)} » "
            f"({self.cleared}/{len(ROOMS)})."
        )


@dataclass(frozen=True)
class GameEnded(Event):
    player: str
    won: bool
    fatigue: int
    cleared: int

    def describe(self) -> str:
        if self.won:
            return (
                f"{self.player} s'échappe de la pyramide avec "
                f"{self.fatigue}/{MAX_FATIGUE} de fatigue !"
            )
        return (
            f"{self.player} s'effondre d'épuisement après "
            f"{plural(self.cleared, 'salle')} {'franchies' if self.cleared > 1 else 'franchie'}."
        )


@dataclass(frozen=True)
class RoomResult:
    """One row of the score sheet: a room as it was crossed (or where the player fell)."""

    room: str
    item: str
    """The object used there ("" for none)."""
    change: int
    """Net fatigue change in the room."""
    fatigue: int
    """Fatigue on leaving it."""
    coin: str
    """Sable Vivant's coin there: "pile", "face" or ""."""
    put_under: bool = False
    """The Corde slid the room under the deck: it will come back."""


@dataclass(frozen=True)
class Forecast:
    """What one choice would leave the player with, before any Sable Vivant discard."""

    face: int
    """Fatigue afterwards if the coin shows face (or if no coin is flipped)."""
    pile: int
    """Fatigue afterwards if the coin shows pile (equal to `face` without a coin)."""
    coin: bool
    """Whether Sable Vivant flips its coin in this room with this choice."""
    loses: bool
    """Whether it would lose the game at once, on at least one side of the coin."""


class _Coin(Random):
    """An rng whose every draw lands on one side of the coin: 1 is pile, 2 is face."""

    def __init__(self, side: int) -> None:
        super().__init__(0)
        self.side = side

    def randint(self, a: int, b: int) -> int:
        return self.side


_ON_THE_TABLE = (
    "players",
    "strict_penombre",
    "immediate_defeat",
    "known",
    "fatigue",
    "hand",
    "spent",
    "active",
    "discard",
    "journal",
    "phase",
    "won",
    "room",
    "item",
    "coin",
    "peeked",
    "ignored",
    "cancelled_here",
    "fatigue_before",
)
"""What a `view` keeps: everything but the deck, which it rebuilds from what is known."""


# --- state --------------------------------------------------------------------------------


class PyramideState(State):
    """The match. Public for the screen:

    - `phase`: "reveal" (turn over the next room), "choose" (an object or none), "reorder"
      (Carte ancienne), "sands" (Sable Vivant discards), "over"; `instruction` says it in French.
    - `room`: the revealed `Room` (None before the first); `item`: the `Item` used there.
    - `fatigue` out of `MAX_FATIGUE` (it may dip to 0 or below during a room: PYR-10);
      `hand`: the unused `Item`s; `spent`: the used or discarded ones, in order.
    - `active`: keys of the active permanent rooms; `active_labels()` their short labels.
    - `coin`: the Sable Vivant coin in this room ("pile", "face" or "").
    - `deck`: the room deck, top first (`len(deck)` is the count); `visible_deck()` gives it
      with None where the order is unknown. `peeked`: the rooms just looked at (the ones a
      `Reorder` indexes). `discard`: the rooms crossed. `journal`: one `RoomResult` a room.
    """

    def __init__(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> None:
        self.players = tuple(players)
        self.strict_penombre: bool = options["penombre"] == STRICT
        self.immediate_defeat: bool = options["defeat"] == IMMEDIATE
        self.deck: list[Room] = list(ROOMS)
        rng.shuffle(self.deck)
        self.known: set[str] = set()
        """Keys of the deck rooms whose place the player knows."""
        self.fatigue = MAX_FATIGUE
        self.hand: list[Item] = list(ITEMS)
        self.spent: list[Item] = []
        self.active: list[str] = []
        self.discard: list[Room] = []
        self.journal: list[RoomResult] = []
        self.phase = REVEAL
        self.won: bool | None = None
        self.room: Room | None = None
        self._reveal()

    def _clear_room(self) -> None:
        self.item: Item | None = None
        self.coin = ""
        self.peeked: tuple[Room, ...] = ()
        self.ignored = False
        """Torche or Corde made the room's effects be ignored (not under Pénombre)."""
        self.cancelled_here = False
        """The Amulette cancelled the permanent room revealed now (PYR-5)."""
        self.fatigue_before = self.fatigue

    # --- what the screen reads -----------------------------------------------------------

    @property
    def player(self) -> str:
        return self.players[0]

    @property
    def cleared(self) -> int:
        """Rooms crossed so far (a room slid under the deck is not crossed yet)."""
        return len(self.discard)

    @property
    def spent_count(self) -> int:
        """Objects no longer in hand, however they went (PYR-6)."""
        return len(ITEMS) - len(self.hand)

    @property
    def penombre_active(self) -> bool:
        return PENOMBRE in self.active

    def active_labels(self) -> list[str]:
        """Short French labels of the permanent effects in play, in order of arrival."""
        return [
            STRICT_PENOMBRE_LABEL
            if key == PENOMBRE and self.strict_penombre
            else PERMANENT_LABELS[key]
            for key in self.active
        ]

    def visible_deck(self) -> list[Room | None]:
        """The deck top first, with None where the player does not know which room lies."""
        return [room if room.key in self.known else None for room in self.deck]

    def item_effect(self, item: Item) -> str:
        """What the object would do in this room, in French: its card's text, or why it
        does less here (the Pont Effondré, the Pénombre: PYR-2, PYR-3)."""
        if self.room is not None and self.room.key == PONT:
            return "Le Pont Effondré l'engloutit sans effet, mais tu ne perds pas de fatigue."
        if self.penombre_active and (self.strict_penombre or item.key in (TORCHE, CORDE)):
            text = (
                "Dans la Pénombre, elle t'évite seulement la perte de fatigue de base : la "
                "salle agit quand même"
            )
            if item.key == TORCHE:
                return text + ", avec les effets permanents."
            if item.key == CORDE:
                return text + ", et elle n'est pas glissée sous la pile."
            return text + "."
        return item.effect

    def amulet_targets(self) -> list[str]:
        """What an Amulette may cancel now: active permanents, then the revealed one (PYR-5)."""
        targets = list(self.active)
        if self.room is not None and self.room.permanent:
            targets.append(self.room.key)
        return targets

    @property
    def instruction(self) -> str:
        """What the player is asked to do in this phase, in French (not `prompt()`, the
        contract's reason for a handoff, which a solo game leaves empty)."""
        if self.phase == REVEAL:
            return "Révèle la salle suivante."
        if self.phase == CHOOSE:
            return "Utilise un objet, ou avance sans objet."
        if self.phase == REORDER:
            return "Choisis l'ordre des prochaines salles."
        if self.phase == SANDS:
            return "Défausse des objets au Sable Vivant (+1 chacun), ou quitte la salle."
        return "Victoire !" if self.won else "Défaite."

    def action_label(self, action: Action) -> str:
        """A short French label for a button or a key in the footer."""
        if isinstance(action, Reveal):
            return "Révéler la salle"
        if isinstance(action, NoItem):
            return f"Sans objet (−{self.no_item_cost()})"
        if isinstance(action, UseItem):
            if action.target:
                return f"Amulette : annuler {room_name(action.target)}"
            return ITEM[action.item].name
        if isinstance(action, Reorder):
            return " → ".join(self.peeked[i].name for i in action.order)
        if isinstance(action, Discard):
            return f"Défausser {ITEM[action.item].name} (+1)"
        if isinstance(action, LeaveRoom):
            return "Quitter la salle"
        return ""

    def forecast(self, action: Action) -> Forecast:
        """What a legal action would do to the fatigue, tried on copies for both coin sides,
        so the screen can show each choice's result before the player commits to it."""
        after: list[int] = []
        coin = loses = False
        for side in (2, 1):  # face, then pile
            trial = copy.deepcopy(self)
            events = trial.apply(action, _Coin(side))
            after.append(trial.fatigue)
            coin = coin or any(isinstance(event, CoinFlipped) for event in events)
            loses = loses or (trial.phase == OVER and not trial.won)
        return Forecast(after[0], after[1], coin, loses)

    def no_item_cost(self) -> int:
        """Base fatigue lost by going without an object here, Soif included (PYR-9)."""
        cost = 2 if self.room is not None and self.room.key == FOSSE else 1
        return cost + (SOIF in self.active)

    # --- the contract --------------------------------------------------------------------

    def to_move(self) -> int | None:
        return None if self.phase == OVER else 0

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == REVEAL:
            return [_REVEAL]
        if phase == CHOOSE:
            actions: list[Action] = [_NO_ITEM]
            for item in self.hand:
                if item.key == AMULETTE and self._powers_work():
                    targets = self.amulet_targets()
                    if targets:
                        actions += [_CANCEL[target] for target in targets]
                        continue
                actions.append(_USE[item.key])
            return actions
        if phase == REORDER:
            return list(_REORDERS[len(self.peeked)])
        if phase == SANDS:
            return [*(_DISCARD[item.key] for item in self.hand), _LEAVE]
        return []

    def refusal(self, action: Action) -> str:
        if self.phase == REVEAL:
            return "Révèle d'abord la salle suivante."
        if self.phase == REORDER:
            if isinstance(action, Reorder):
                return "Donne un ordre qui reprend chaque salle regardée une seule fois."
            return "Remets d'abord les salles regardées dans l'ordre de ton choix."
        if isinstance(action, UseItem | Discard) and action.item not in ITEM:
            return "Cet objet n'existe pas."
        if isinstance(action, UseItem | Discard) and ITEM[action.item] not in self.hand:
            return f"Tu n'as plus {ITEM[action.item].the}."
        if self.phase == SANDS:
            return "Défausse un objet au Sable Vivant ou quitte la salle."
        if isinstance(action, UseItem) and action.item == AMULETTE:
            if self._powers_work() and self.amulet_targets():
                names = ", ".join(room_name(key) for key in self.amulet_targets())
                return f"L'Amulette doit annuler un effet permanent : {names}."
            return "Ici, l'Amulette n'a rien à annuler."
        if isinstance(action, UseItem) and action.target:
            return "Seule l'Amulette annule un effet permanent."
        return "Choisis d'abord un objet, ou avance sans objet."

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        if isinstance(action, Reveal):
            return self._reveal()
        if isinstance(action, NoItem | UseItem):
            return self._enter(action, rng)
        if isinstance(action, Reorder):
            return self._reorder(action.order)
        if isinstance(action, Discard):
            return self._discard(ITEM[action.item])
        return self._finish_room()

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        if self.won:
            score = self.cleared + self.fatigue
            summary = (
                f"{self.player} s'échappe de la pyramide avec "
                f"{self.fatigue}/{MAX_FATIGUE} de fatigue."
            )
        else:
            score = self.cleared
            where = f" dans la salle « {self.room.name} »" if self.room else ""
            summary = (
                f"{self.player} s'effondre{where} après "
                f"{self.cleared}/{len(ROOMS)} salles franchies."
            )
        ending = ENDING_ESCAPED if self.won else ENDING_EXHAUSTED
        return Outcome((score,), (1,), summary, bool(self.won), ending=ending)

    def view(self, seat: int | None) -> PyramideState:
        """The rooms crossed, the objects, the effects in play, and the deck as the player
        knows it: a face-down room wherever its place is unknown. A spectator sees the same:
        what the player learnt, the table learnt with them."""
        seen = PyramideState.__new__(PyramideState)
        for name in _ON_THE_TABLE:
            value = getattr(self, name)
            setattr(seen, name, copy.copy(value) if isinstance(value, list | set) else value)
        seen.deck = [room if room.key in self.known else HIDDEN_ROOM for room in self.deck]
        return seen

    def secrets(self, seat: int) -> frozenset[str]:
        """The keys of the deck's rooms whose place the player does not know."""
        return frozenset(room.key for room in self.deck if room.key not in self.known)

    # --- one room ------------------------------------------------------------------------

    def _powers_work(self) -> bool:
        """Whether an object's own power acts here (Outre, Amulette, Carte ancienne)."""
        if self.room is not None and self.room.key == PONT:
            return False  # PYR-3: the Pont wins
        return not (self.strict_penombre and self.penombre_active)  # PYR-2 strict

    def _reveal(self) -> list[Event]:
        self.room = self.deck.pop(0)
        self.known.discard(self.room.key)
        self._clear_room()
        self.phase = CHOOSE
        return [RoomRevealed(self.player, self.room.key, len(self.deck))]

    def _enter(self, action: NoItem | UseItem, rng: Random) -> list[Event]:
        room, name = self.room, self.player
        assert room is not None
        dimmed = self.penombre_active
        item = ITEM[action.item] if isinstance(action, UseItem) else None
        events: list[Event] = []
        if item is None:
            events.append(ItemUsed(name, ""))
        else:
            self.item = item
            self.hand.remove(item)
            self.spent.append(item)
            wasted = room.key == PONT
            weakened = (
                dimmed and not wasted and (item.key in (TORCHE, CORDE) or self.strict_penombre)
            )
            status = PONT if wasted else PENOMBRE if weakened else ""
            events.append(ItemUsed(name, item.key, status))
            self.ignored = item.key in (TORCHE, CORDE) and not wasted and not dimmed

        # Step 2: the base cost, with the Soif (PYR-9).
        if item is None:
            reason = room.name if room.key == FOSSE else "sans objet"
            if self._lose(2 if room.key == FOSSE else 1, reason, events):
                return events
            if SOIF in self.active and self._lose(1, ROOM[SOIF].name, events):
                return events

        # Step 4: the room's own effect, unless ignored.
        if self.ignored:
            events.append(RoomIgnored(name, room.key, item.key))
        elif self._room_effect(room, events):
            return events

        # Step 5: Sable Vivant's coin, unless a working Torche shields the room.
        if SABLE in self.active and not (self.ignored and item.key == TORCHE):
            self.coin = PILE if rng.randint(1, 2) == 1 else FACE
            events.append(CoinFlipped(name, self.coin))
            if self.coin == PILE and self._lose(1, ROOM[SABLE].name, events):
                return events

        # Step 6: the object's own power.
        if item is not None and self._powers_work():
            if item.key == OUTRE:
                self._gain(2, item.name, events)
            elif item.key == AMULETTE and action.target:
                if action.target == room.key:
                    self.cancelled_here = True
                else:
                    self.active.remove(action.target)
                events.append(PermanentCancelled(name, action.target))
            elif item.key == CARTE:
                self._peek(MAP_PEEK, events)
                if len(self.peeked) > 1:
                    self.phase = REORDER
                    return events
        return events + self._after_effects()

    def _room_effect(self, room: Room, events: list[Event]) -> bool:
        """Step 4; True if the player collapsed on the spot (immediate defeat)."""
        key = room.key
        if key == COULOIR:
            return self._lose(1, room.name, events)
        if key == SCARABEES:
            self._peek(SCARAB_PEEK, events)
        elif key == JUGEMENT and self.item is not None:
            return self._lose(1, room.name, events)
        elif key == OFFRANDE and self.spent_count >= 3:  # PYR-6: this room's object counts
            self._gain(1, room.name, events)
        elif key == GARDIEN and self.hand:  # PYR-7: the object used here is not unused
            return self._lose(len(self.hand), room.name, events)
        return False

    def _peek(self, count: int, events: list[Event]) -> None:
        """Look at the next rooms, as many as remain (PYR-11)."""
        self.peeked = tuple(self.deck[:count])
        if self.peeked:
            self.known.update(room.key for room in self.peeked)
            events.append(RoomsPeeked(self.player, tuple(room.key for room in self.peeked)))

    def _reorder(self, order: tuple[int, ...]) -> list[Event]:
        self.peeked = tuple(self.peeked[i] for i in order)
        self.deck[: len(order)] = self.peeked
        keys = tuple(room.key for room in self.peeked)
        return [DeckReordered(self.player, keys), *self._after_effects()]

    def _after_effects(self) -> list[Event]:
        """Step 7: while Sable Vivant is active, objects may be discarded before leaving."""
        if SABLE in self.active and self.hand:
            self.phase = SANDS
            return []
        return self._finish_room()

    def _discard(self, item: Item) -> list[Event]:
        self.hand.remove(item)
        self.spent.append(item)
        events: list[Event] = [ItemDiscarded(self.player, item.key)]
        self._gain(1, ROOM[SABLE].name, events)
        if not self.hand:
            events += self._finish_room()
        return events

    def _finish_room(self) -> list[Event]:
        """Steps 8 and 9: the defeat check, then the room leaves (or goes under the deck)."""
        room, name = self.room, self.player
        assert room is not None
        under = self.ignored and self.item is not None and self.item.key == CORDE
        self._record(put_under=under)
        if self.fatigue <= 0:
            return self._end(won=False)
        events: list[Event] = []
        if under:
            self.deck.append(room)
            self.known.add(room.key)
            events.append(RoomPutUnder(name, room.key))
        else:
            self.discard.append(room)
            events.append(RoomCleared(name, room.key, self.cleared))
            if room.permanent and not self.ignored and not self.cancelled_here:
                self.active.append(room.key)
                events.append(PermanentActivated(name, room.key))
        if not self.deck:
            return events + self._end(won=True)
        self.phase = REVEAL
        return events

    # --- fatigue and the end -------------------------------------------------------------

    def _lose(self, amount: int, reason: str, events: list[Event]) -> bool:
        """Lose fatigue; True if that ends the game at once (PYR-10 immediate option)."""
        self.fatigue -= amount
        events.append(FatigueChanged(self.player, -amount, self.fatigue, reason))
        if self.immediate_defeat and self.fatigue <= 0:
            self._record()
            events += self._end(won=False)
            return True
        return False

    def _gain(self, amount: int, reason: str, events: list[Event]) -> None:
        """Recover fatigue; a gain never lifts it above the starting 7 (PYR-1)."""
        gained = max(0, min(amount, MAX_FATIGUE - self.fatigue))
        self.fatigue += gained
        events.append(FatigueChanged(self.player, gained, self.fatigue, reason))

    def _record(self, put_under: bool = False) -> None:
        assert self.room is not None
        self.journal.append(
            RoomResult(
                self.room.key,
                self.item.key if self.item else "",
                self.fatigue - self.fatigue_before,
                self.fatigue,
                self.coin,
                put_under,
            )
        )

    def _end(self, won: bool) -> list[Event]:
        self.phase = OVER
        self.won = won
        return [GameEnded(self.player, won, self.fatigue, self.cleared)]
