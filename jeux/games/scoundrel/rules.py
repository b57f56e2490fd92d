"""Scoundrel (RULINGS.md §26): clear a 44-card dungeon, three cards a room, on 20 health.

The player's view of a match, for the screen: `room` (four slots, `None` where a card has been
played), `deck_count`, `weapon` with its `slain` stack and `bound_to`, `previews()` (for each card
of the room: its kind, the damage it would deal with the weapon and barehanded, the health a potion
would give back), `hp` out of `max_hp`, `potion_used`, `can_avoid`, `cards_to_resolve`,
`monsters_left`, `rooms` (one record per finished room, for a score sheet) and `score`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, ClassVar

from jeux.engine.cards import PlayingCard, shuffled
from jeux.engine.core import Action, Event, Outcome, State

ROOM_SIZE = 4
"""Cards dealt into a room."""
TO_RESOLVE = 3
"""Cards to resolve in a full room; the fourth stays for the next one."""
MAX_HP = 20
ENDING_CLEARED, ENDING_DIED = "Donjon traversé", "Mort·e dans le donjon"

MONSTER, WEAPON, POTION = "monster", "weapon", "potion"
KIND_LABELS = {MONSTER: "monstre", WEAPON: "arme", POTION: "potion"}
KIND_OF_SUIT = {"pique": MONSTER, "trefle": MONSTER, "carreau": WEAPON, "coeur": POTION}

ROOM, OVER = "room", "over"
"""Phases: inside a room, after the last card or the last breath."""

EQUAL, STRICT = "equal", "strict"
KEEP, RANDOM = "keep", "random"
ALL_CARDS, CLASSIC_WEB = "all_cards", "classic_web"
OFFICIAL, WEB = "official", "web"
REAL, CLAMP = "real", "clamp"

FACE_NAMES = {11: "Valet", 12: "Dame", 13: "Roi", 14: "As"}
SUIT_NAMES = {"pique": "pique", "coeur": "cœur", "carreau": "carreau", "trefle": "trèfle"}


def dungeon_deck() -> list[PlayingCard]:
    """The 44 cards: ♠♣ 2–14 (monsters), ♦ 2–10 (weapons), ♥ 2–10 (potions); SC-8."""
    black = [PlayingCard(rank, suit) for suit in ("pique", "trefle") for rank in range(2, 15)]
    red = [PlayingCard(rank, suit) for suit in ("carreau", "coeur") for rank in range(2, 11)]
    return black + red


def card_kind(card: PlayingCard) -> str:
    """MONSTER, WEAPON or POTION, told by the suit."""
    return KIND_OF_SUIT[card.suit]


def card_name(card: PlayingCard) -> str:
    """'Dame de pique (12)', '8 de carreau': face cards say their value too."""
    suit = SUIT_NAMES[card.suit]
    if card.rank in FACE_NAMES:
        return f"{FACE_NAMES[card.rank]} de {suit} ({card.rank})"
    return f"{card.rank} de {suit}"


def the_card(card: PlayingCard) -> str:
    """The card's name with its French article: 'le 8 de carreau', 'la Dame…', 'l'As…'."""
    if card.rank == 14:
        return f"l'{card_name(card)}"
    return f"{'la' if card.rank == 12 else 'le'} {card_name(card)}"


def _hp(value: int) -> str:
    return f"{value} PV"


@dataclass(frozen=True)
class Pick(Action):
    """Resolve the card in room slot `slot` (0–3). For a monster, `weapon` fights it with the
    equipped weapon; without it the monster is fought barehanded. Weapons and potions: False."""

    slot: int
    weapon: bool = False


@dataclass(frozen=True)
class Avoid(Action):
    """Run from the room: its cards go under the deck and four new ones are dealt (SC-2)."""


_AVOID = Avoid()
_BAREHANDED = tuple(Pick(slot) for slot in range(ROOM_SIZE))
_ARMED = tuple(Pick(slot, weapon=True) for slot in range(ROOM_SIZE))
"""Actions are immutable: legal_actions hands out these shared instances (speed)."""


@dataclass(frozen=True)
class CardPreview:
    """What one card of the room would do if picked now, for the screen."""

    slot: int
    card: PlayingCard
    kind: str
    damage_barehanded: int | None
    """Monsters: the damage taken barehanded (the full value). None for other cards."""
    damage_with_weapon: int | None
    """Monsters: the damage taken with the weapon; None if it cannot be used on this one."""
    heal: int | None
    """Potions: the health actually restored (0 if a potion was already drunk in this room)."""


@dataclass(frozen=True)
class RoomRecord:
    """One finished room, a row of the score sheet."""

    number: int
    played: tuple[PlayingCard, ...]
    avoided: bool
    hp_before: int
    hp_after: int


@dataclass(frozen=True)
class RoomDealt(Event):
    reveals: ClassVar[bool] = True  # cards turned from the face-down deck

    player: str
    number: int
    room: tuple[PlayingCard | None, ...]
    dealt_slots: tuple[int, ...]
    """The slots that received a new card (the others hold the card left behind)."""
    deck_left: int
    last_room: bool

    def describe(self) -> str:
        cards = ", ".join(card_name(c) for c in self.room if c is not None)
        last = " (dernière salle)" if self.last_room else ""
        return f"{self.player} ouvre la salle {self.number}{last} : {cards}."


@dataclass(frozen=True)
class RoomAvoided(Event):
    player: str
    number: int
    cards: tuple[PlayingCard, ...]
    """In the order they went under the deck."""
    shuffled: bool

    def describe(self) -> str:
        how = " dans le désordre" if self.shuffled else ""
        return (
            f"{self.player} fuit la salle {self.number} : "
            f"ses {len(self.cards)} cartes repassent sous la pioche{how}."
        )


@dataclass(frozen=True)
class MonsterFought(Event):
    player: str
    slot: int
    card: PlayingCard
    weapon: PlayingCard | None
    """The weapon used, or None barehanded."""
    damage: int
    hp: int

    def describe(self) -> str:
        hurt = f"{self.damage} dégât{'s' * (self.damage > 1)}" if self.damage else "aucun dégât"
        if self.weapon is None:
            how = f"affronte {the_card(self.card)} à mains nues"
        else:
            how = f"abat {the_card(self.card)} avec {the_card(self.weapon)}"
        return f"{self.player} {how} : {hurt}, il reste {_hp(self.hp)}."


@dataclass(frozen=True)
class WeaponEquipped(Event):
    player: str
    slot: int
    card: PlayingCard
    dropped: PlayingCard | None
    dropped_slain: int
    """How many slain monsters were discarded with the old weapon."""

    def describe(self) -> str:
        text = f"{self.player} prend {the_card(self.card)} comme arme"
        if self.dropped is not None:
            count = self.dropped_slain
            slain = f" avec {count} monstre{'s' * (count > 1)} tué{'s' * (count > 1)}"
            slain = slain if count else ""
            text += f" ({the_card(self.dropped)} est défaussé{slain})"
        return text + "."


@dataclass(frozen=True)
class PotionDrunk(Event):
    player: str
    slot: int
    card: PlayingCard
    healed: int
    hp: int
    blocked: bool
    """A second potion in the same room: discarded without healing (SC-1)."""

    def describe(self) -> str:
        if self.blocked:
            return (
                f"{self.player} défausse {the_card(self.card)} sans le boire : "
                "une seule potion par salle."
            )
        return f"{self.player} boit {the_card(self.card)} : +{self.healed}, {_hp(self.hp)}."


@dataclass(frozen=True)
class GameOver(Event):
    player: str
    won: bool
    hp: int
    score: int

    def describe(self) -> str:
        if self.won:
            return f"{self.player} sort du donjon avec {_hp(self.hp)} : score {self.score} !"
        return f"{self.player} succombe dans le donjon : score {self.score}."


_ON_THE_TABLE = (
    "players",
    "strict_binding",
    "shuffle_avoided",
    "classic_web_end",
    "potion_bonus",
    "clamp_loss",
    "max_hp",
    "hp",
    "room",
    "weapon",
    "slain",
    "discard",
    "phase",
    "room_number",
    "resolved_this_room",
    "room_quota",
    "last_room",
    "potion_used",
    "last_avoided",
    "monsters_left",
    "last_potion",
    "won",
    "rooms",
    "_room_hp_start",
    "_room_played",
)
"""What a `view` keeps: the table and what the player remembers, never the deck's order."""


class ScoundrelState(State):
    def __init__(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> None:
        self.players = tuple(players)
        self.strict_binding: bool = options["binding"] == STRICT
        self.shuffle_avoided: bool = options["avoid_order"] == RANDOM
        self.classic_web_end: bool = options["end"] == CLASSIC_WEB
        self.potion_bonus: bool = options["win_score"] == OFFICIAL
        self.clamp_loss: bool = options["loss_score"] == CLAMP
        self.max_hp: int = options["max_hp"]
        self.hp: int = self.max_hp
        self.deck: list[PlayingCard | None] = shuffled(dungeon_deck(), rng)
        """Top first. In a `view`, the cards never dealt are None: their order is hidden; the
        cards of an avoided room keep their place under them (SC-2), unless they were shuffled."""
        self.met: set[PlayingCard] = set()
        """Every card dealt into a room so far: those that went back under the deck are
        known, the others are the secrets."""
        self.room: list[PlayingCard | None] = [None] * ROOM_SIZE
        """Four fixed slots; a played card leaves its slot empty (None) until the next deal."""
        self.weapon: PlayingCard | None = None
        self.slain: list[PlayingCard] = []
        """Monsters killed with the current weapon, oldest first (its stack on the table)."""
        self.discard: list[PlayingCard] = []
        self.phase = ROOM
        self.room_number = 0
        self.resolved_this_room = 0
        self.room_quota = TO_RESOLVE
        """Cards to resolve in this room: 3, or every card of a short last room (SC-3)."""
        self.last_room = False
        """Whether surviving this room wins the game."""
        self.potion_used = False
        self.last_avoided = False
        self.monsters_left = sum(c.rank for c in self.deck if card_kind(c) == MONSTER)
        """Sum of the values of the monsters still in the dungeon (deck and room; SC-4)."""
        self.last_potion: PlayingCard | None = None
        """The last card resolved, if it was a potion actually drunk (SC-5 bonus)."""
        self.won = False
        self.rooms: list[RoomRecord] = []
        self._room_hp_start = self.hp
        self._room_played: list[PlayingCard] = []
        self._deal()

    # --- what the screen reads -----------------------------------------------------------

    @property
    def player(self) -> str:
        return self.players[0]

    @property
    def deck_count(self) -> int:
        return len(self.deck)

    @property
    def bound_to(self) -> int | None:
        """The value of the last monster killed with the weapon, None if it is still free."""
        return self.slain[-1].rank if self.slain else None

    @property
    def cards_to_resolve(self) -> int:
        """Cards still to play before this room ends."""
        return self.room_quota - self.resolved_this_room if self.phase == ROOM else 0

    @property
    def can_avoid(self) -> bool:
        """SC-2: before touching the room, not twice in a row, and never with an empty deck."""
        return (
            self.phase == ROOM
            and not self.last_avoided
            and self.resolved_this_room == 0
            and bool(self.deck)
        )

    def can_use_weapon(self, card: PlayingCard) -> bool:
        """Whether this monster may be fought with the equipped weapon (SC-6, SC-10)."""
        if self.weapon is None or card_kind(card) != MONSTER:
            return False
        bound = self.bound_to
        if bound is None:
            return True
        return card.rank < bound if self.strict_binding else card.rank <= bound

    def damage_with_weapon(self, card: PlayingCard) -> int | None:
        """max(0, monster − weapon) (SC-7), or None if the weapon cannot be used on it."""
        if not self.can_use_weapon(card):
            return None
        return max(0, card.rank - self.weapon.rank)

    def heal_of(self, card: PlayingCard) -> int:
        """Health a potion would restore now: capped at the maximum, 0 if one was drunk (SC-1)."""
        if self.potion_used:
            return 0
        return max(0, min(self.max_hp, self.hp + card.rank) - self.hp)

    def previews(self) -> tuple[CardPreview, ...]:
        """Every card of the room with what it would do, in slot order."""
        shown = []
        for slot, card in enumerate(self.room):
            if card is None:
                continue
            kind = card_kind(card)
            monster = kind == MONSTER
            shown.append(
                CardPreview(
                    slot,
                    card,
                    kind,
                    card.rank if monster else None,
                    self.damage_with_weapon(card) if monster else None,
                    self.heal_of(card) if kind == POTION else None,
                )
            )
        return tuple(shown)

    def picks_for(self, slot: int) -> list[Pick]:
        """The legal ways to play the card in `slot`: [] if empty, two for a monster the
        weapon may fight (with the weapon first), one otherwise."""
        if self.phase != ROOM or not 0 <= slot < ROOM_SIZE or self.room[slot] is None:
            return []
        if self.can_use_weapon(self.room[slot]):
            return [_ARMED[slot], _BAREHANDED[slot]]
        return [_BAREHANDED[slot]]

    def damage_of(self, action: Pick) -> int:
        """The PV this pick would cost (0 for weapons and potions)."""
        card = self.room[action.slot]
        if card is None or card_kind(card) != MONSTER:
            return 0
        return max(0, card.rank - self.weapon.rank) if action.weapon else card.rank

    def kills(self, action: Action) -> bool:
        """Whether this move would end the run at once: a monster that takes the last PV."""
        return (
            isinstance(action, Pick)
            and action in self.legal_actions()
            and self.damage_of(action) >= self.hp
        )

    def score_breakdown(self) -> str:
        """How the final score is made, in French: "−3 PV − 40 de monstres restants"."""
        if self.phase != OVER:
            return ""
        if self.won:
            bonus = self.potion_bonus_won
            return f"{_hp(self.hp)} + {bonus} de la dernière potion" if bonus else _hp(self.hp)
        hp = f"{_hp(self.hp)}, compté 0" if self.clamp_loss and self.hp < 0 else _hp(self.hp)
        return f"{hp} moins {self.monsters_left} de monstres restants"

    @property
    def potion_bonus_won(self) -> int:
        """SC-5: the last potion's value added to a win at full health, else 0."""
        bonus = self.won and self.last_potion is not None and self.hp == self.max_hp
        return self.last_potion.rank if bonus and self.potion_bonus else 0

    @property
    def score(self) -> int | None:
        """The final score once the game is over (SC-4, SC-5), None before."""
        if self.phase != OVER:
            return None
        if self.won:
            return self.hp + self.potion_bonus_won
        base = max(0, self.hp) if self.clamp_loss else self.hp
        return base - self.monsters_left

    # --- the contract --------------------------------------------------------------------

    def to_move(self) -> int | None:
        return None if self.phase == OVER else 0

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        actions: list[Action] = []
        for slot, card in enumerate(self.room):
            if card is not None:
                if self.can_use_weapon(card):
                    actions.append(_ARMED[slot])
                actions.append(_BAREHANDED[slot])
        if self.can_avoid:
            actions.append(_AVOID)
        return actions

    def refusal(self, action: Action) -> str:
        if isinstance(action, Avoid):
            if self.resolved_this_room:
                return "On ne fuit une salle qu'avant d'y avoir touché."
            if self.last_avoided:
                return "Impossible de fuir deux salles de suite."
            if not self.deck:
                return "La pioche est vide : fuir ne changerait rien."
        if isinstance(action, Pick):
            slot = action.slot
            if not isinstance(slot, int) or not 0 <= slot < ROOM_SIZE or self.room[slot] is None:
                return "Il n'y a pas de carte à cette place."
            card = self.room[slot]
            if action.weapon and card_kind(card) != MONSTER:
                return "Seuls les monstres se combattent avec l'arme."
            if action.weapon and self.weapon is None:
                return "Aucune arme équipée : ce monstre se combat à mains nues."
            if action.weapon:
                limit = "moins de" if self.strict_binding else "au plus"
                return (
                    f"L'arme est liée à {self.bound_to} : elle ne frappe plus que "
                    f"des monstres de valeur {limit} {self.bound_to}."
                )
        return super().refusal(action)

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        if isinstance(action, Avoid):
            return self._avoid(rng)
        return self._pick(action)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        score = self.score
        parts = self.score_breakdown()
        parts = f" ({parts})" if parts != _hp(self.hp) else ""
        if self.won:
            summary = (
                f"{self.player} traverse le donjon avec {_hp(self.hp)} : score {score}{parts}."
            )
        else:
            summary = (
                f"{self.player} succombe à la salle {self.room_number} : score {score}{parts}."
            )
        ending = ENDING_CLEARED if self.won else ENDING_DIED
        return Outcome((score,), (1,), summary, won=self.won, ending=ending)

    def view(self, seat: int | None) -> ScoundrelState:
        """The table and what the player remembers; the deck is a face-down pile, under which
        the player knows the avoided rooms' cards. A spectator, who watched the same rooms,
        sees the same."""
        seen = object.__new__(ScoundrelState)
        for name in _ON_THE_TABLE:
            value = getattr(self, name)
            setattr(seen, name, list(value) if isinstance(value, list) else value)
        remembered = self.met if not self.shuffle_avoided else ()
        seen.deck = [card if card in remembered else None for card in self.deck]
        return seen

    def secrets(self, seat: int) -> frozenset[PlayingCard]:
        """The deck's cards never dealt yet: their places are unknown."""
        return frozenset(self.deck) - self.met

    # --- moves ---------------------------------------------------------------------------

    def _deal(self) -> RoomDealt:
        """Fill the empty slots from the top of the deck; a short room is the last (SC-3)."""
        dealt = []
        for slot in range(ROOM_SIZE):
            if self.room[slot] is None and self.deck:
                self.room[slot] = self.deck.pop(0)
                self.met.add(self.room[slot])
                dealt.append(slot)
        held = sum(card is not None for card in self.room)
        self.last_room = not self.deck and (held < ROOM_SIZE or self.classic_web_end)
        if held < ROOM_SIZE:
            self.room_quota = held - 1 if self.classic_web_end else held
        else:
            self.room_quota = TO_RESOLVE
        self.room_number += 1
        self.resolved_this_room = 0
        self.potion_used = False
        self._room_hp_start = self.hp
        self._room_played = []
        return RoomDealt(
            self.player,
            self.room_number,
            tuple(self.room),
            tuple(dealt),
            len(self.deck),
            self.last_room,
        )

    def _close_room(self, avoided: bool = False) -> None:
        self.rooms.append(
            RoomRecord(
                self.room_number,
                tuple(self._room_played),
                avoided,
                self._room_hp_start,
                self.hp,
            )
        )

    def _avoid(self, rng: Random) -> list[Event]:
        cards = [card for card in self.room if card is not None]
        if self.shuffle_avoided:
            cards = shuffled(cards, rng)
        self.deck.extend(cards)
        self.room = [None] * ROOM_SIZE
        self.last_avoided = True
        self._close_room(avoided=True)
        avoided = RoomAvoided(self.player, self.room_number, tuple(cards), self.shuffle_avoided)
        return [avoided, self._deal()]

    def _pick(self, action: Pick) -> list[Event]:
        card = self.room[action.slot]
        self.room[action.slot] = None
        self.resolved_this_room += 1
        self.last_avoided = False
        self._room_played.append(card)
        kind = card_kind(card)
        events: list[Event] = []
        if kind == MONSTER:
            self.last_potion = None
            self.monsters_left -= card.rank
            if action.weapon:
                damage = max(0, card.rank - self.weapon.rank)
                self.slain.append(card)
            else:
                damage = card.rank
                self.discard.append(card)
            self.hp -= damage
            used = self.weapon if action.weapon else None
            events.append(MonsterFought(self.player, action.slot, card, used, damage, self.hp))
        elif kind == WEAPON:
            self.last_potion = None
            dropped, slain = self.weapon, len(self.slain)
            if dropped is not None:
                self.discard += [dropped, *self.slain]
            self.weapon, self.slain = card, []
            events.append(WeaponEquipped(self.player, action.slot, card, dropped, slain))
        else:
            blocked = self.potion_used
            healed = self.heal_of(card)
            self.hp += healed
            self.potion_used = True
            self.last_potion = None if blocked else card
            self.discard.append(card)
            events.append(PotionDrunk(self.player, action.slot, card, healed, self.hp, blocked))
        return events + self._after_card()

    def _after_card(self) -> list[Event]:
        if self.hp <= 0:
            self._close_room()
            return self._finish(won=False)
        if self.resolved_this_room < self.room_quota:
            return []
        self._close_room()
        held = sum(card is not None for card in self.room)
        if not self.deck and held <= (1 if self.classic_web_end else 0):
            return self._finish(won=True)
        return [self._deal()]

    def _finish(self, won: bool) -> list[Event]:
        self.phase = OVER
        self.won = won
        return [GameOver(self.player, won, self.hp, self.score)]


class Adventurer:
    """A plain solo player for demos and playouts: it plays the card that leaves it the most
    health now (fists rather than a weapon it would bind lower, for the same damage), and
    flees a room whose best card would leave it on 4 PV or less."""

    def __init__(self, seed: int | str | None = None) -> None:
        pass

    def choose(self, state: ScoundrelState) -> Action:
        picks = [a for a in state.legal_actions() if isinstance(a, Pick)]
        best = max(picks, key=lambda pick: (self.gain(state, pick), not pick.weapon))
        if state.can_avoid and state.hp + self.gain(state, best) <= 4:
            return _AVOID
        return best

    @staticmethod
    def gain(state: ScoundrelState, pick: Pick) -> int:
        card = state.room[pick.slot]
        kind = card_kind(card)
        if kind == MONSTER:
            return -state.damage_of(pick)
        if kind == POTION:
            return state.heal_of(card)
        return card.rank - (state.weapon.rank if state.weapon else 0)
