"""The spells and combinations of Arcane Arena (RULINGS.md §19), as data the engine reads.

A `Spellbook` is one game's deck: Cartes Divinités Aria (§20) is another spellbook played by
the same engine. A card says what it does through its fields, never through its name."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

ATTACK, DEFENCE, SUPPORT = "attaque", "défense", "soutien"
ALL = 99
"""A block of every damage (Forteresse)."""


@dataclass(frozen=True, kw_only=True)
class Effect:
    """What a card or a combination does; the engine reads only these fields."""

    damage: int = 0
    recoil: int = 0
    """Damage the caster takes (Explosion)."""
    area: bool = False
    """Hits every opponent (Éclair)."""
    steal: bool = False
    """Takes a random card from the target's hand (Main des ombres); on a defensive
    combination, from the attacker (Ruse du Poisson)."""
    pierce: bool = False
    """May ignore the target's defence (Mensonge de Gobie, ARIA-2)."""
    heal: int = 0
    veil: bool = False
    draw: int = 0
    salvage: bool = False
    """Take the card of one's choice from the discard pile (Profanation)."""
    block: int = 0
    mirror: bool = False
    bonus: int = 0
    """Damage added to a reflected attack (Contre-sort suprême)."""
    ward: bool = False
    """−1 to every damage taken until one's next turn (Contre-sort suprême)."""


@dataclass(frozen=True)
class Spell(Effect):
    """One card's face: its name, type and the rule text shown to players."""

    name: str
    kind: str
    text: str
    face: str = ""
    """A shorter title for the card's face, when the name does not fit two short lines."""

    @property
    def title(self) -> str:
        return self.face or self.name

    def __post_init__(self) -> None:
        """`attack`: answered by the target's defences (AD1-13; a Support steal is not,
        AA-9); `reaction`: a Defence card; `aimed`: cast on one opponent of the caster's
        choice (not on all, nor on oneself). Read at every move a robot weighs, so worked
        out once per card (a card is immutable) into plain attributes: a cached_property
        would fill the card's `__dict__`, and Python 3.11 then reads every field of the
        card through its slow generic path."""
        object.__setattr__(self, "attack", self.kind == ATTACK)
        object.__setattr__(self, "reaction", self.kind == DEFENCE)
        object.__setattr__(self, "aimed", bool(self.damage or self.steal) and not self.area)


@dataclass(frozen=True)
class Combo(Effect):
    """Two cards played together for one effect; `reaction` combos answer an attack (AA-2)."""

    name: str
    cards: tuple[str, str]
    text: str
    reaction: bool = False

    @property
    def attack(self) -> bool:
        return bool(self.damage) and not self.reaction


@dataclass(frozen=True)
class Spellbook:
    """A game's deck (names with their counts) and its combinations."""

    spells: tuple[tuple[int, Spell], ...]
    combos: tuple[Combo, ...]

    def deck(self) -> list[Spell]:
        return [spell for count, spell in self.spells for _ in range(count)]

    def named(self, name: str) -> Spell:
        return next(spell for _, spell in self.spells if spell.name == name)

    @cached_property
    def by_cards(self) -> dict[tuple[str, ...], Combo]:
        return {tuple(sorted(c.cards)): c for c in self.combos}

    def combo_of(self, names: list[str]) -> Combo | None:
        return self.by_cards.get(tuple(sorted(names)))

    @cached_property
    def pairs(self) -> dict[tuple[str, str], Combo]:
        """The combination two cards make, by their names in either order."""
        return {(a, b): combo for combo in self.combos for a, b in (combo.cards, combo.cards[::-1])}


FIREBALL = Spell("Boule de feu", ATTACK, "Inflige 1 dégât.", damage=1)
SHIELD = Spell("Bouclier", DEFENCE, "Bloque 1 dégât.", block=1)
LIGHT = Spell("Lumière de guérison", SUPPORT, "Rend 1 point de vie.", "Lumière", heal=1)
EXPLOSION = Spell(
    "Explosion", ATTACK, "2 dégâts, subissez 1 dégât.", "Explo- sion", damage=2, recoil=1
)
LIGHTNING = Spell("Éclair", ATTACK, "1 dégât à tous les adversaires.", damage=1, area=True)
MIRROR = Spell("Miroir", DEFENCE, "Renvoie les dégâts à l'attaquant.", mirror=True)
BARRIER = Spell("Barrière d'arcane", DEFENCE, "Bloque 2 dégâts.", "Barrière", block=2)
SHADOW_HAND = Spell(
    "Main des ombres", SUPPORT, "Volez une carte au hasard au joueur de votre choix.", steal=True
)
VEIL = Spell("Voile d'ombre", SUPPORT, "Immunité jusqu'à votre prochain tour.", veil=True)
MANA = Spell("Concentration de mana", SUPPORT, "Piochez 1 carte.", "Mana", draw=1)

ARENA = Spellbook(
    spells=(
        (4, FIREBALL),
        (2, SHIELD),
        (3, LIGHT),
        (1, EXPLOSION),
        (1, LIGHTNING),
        (1, MIRROR),
        (1, BARRIER),
        (1, SHADOW_HAND),
        (1, VEIL),
        (1, MANA),
    ),
    combos=(
        Combo(
            "Explosion des flammes",
            (FIREBALL.name, EXPLOSION.name),
            "3 dégâts à un adversaire.",
            damage=3,
        ),
        Combo(
            "Forteresse magique",
            (SHIELD.name, BARRIER.name),
            "Réaction : bloque tous les dégâts de l'attaque, +1 PV.",
            reaction=True,
            block=ALL,
            heal=1,
        ),
        Combo(
            "Contre-sort suprême",
            (MIRROR.name, VEIL.name),
            "Réaction : renvoie l'attaque +1 ; −1 par coup reçu jusqu'à votre tour.",
            reaction=True,
            mirror=True,
            bonus=1,
            ward=True,
        ),
        Combo(
            "Profanation",
            (SHADOW_HAND.name, MANA.name),
            "Récupérez la carte de votre choix dans la défausse.",
            salvage=True,
        ),
        Combo(
            "Régénération mystique",
            (LIGHT.name, LIGHT.name),
            "Récupérez 3 points de vie.",
            heal=3,
        ),
    ),
)
