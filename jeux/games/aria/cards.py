"""The spells and combinations of Cartes Divinités Aria (RULINGS.md §20): Arena's card types
with another mix (ARIA-1) and three special cases, all held in the cards' fields: Mensonge de
Gobie pierces defences (ARIA-2), Main du Poisson is an attack (ARIA-3), and two of the four
combinations answer an attack (ARIA-4)."""

from __future__ import annotations

from jeux.games.arcane_arena.cards import ALL, ATTACK, DEFENCE, SUPPORT, Combo, Spell, Spellbook

LIE = Spell(
    "Mensonge de Gobie",
    ATTACK,
    "Inflige 1 dégât ; ignore les défenses (sauf alliés de la Guilde).",
    damage=1,
    pierce=True,
)
EXILE = Spell("Bouclier de l'Exilé", DEFENCE, "Bloque 1 dégât.", "Bouclier Exilé", block=1)
INA = Spell("Bénédiction d'Ina", SUPPORT, "Rend 1 point de vie.", "Bénéd. d'Ina", heal=1)
QALIL = Spell("Fureur de Qalil", ATTACK, "2 dégâts, subissez 1 dégât.", damage=2, recoil=1)
ENLIL = Spell("Souffle d'Enlil", ATTACK, "1 dégât à tous les adversaires.", damage=1, area=True)
MIRROR = Spell(
    "Miroir de la Magie Invisible",
    DEFENCE,
    "Renvoie les dégâts (ou le vol).",
    "Miroir magique",
    mirror=True,
)
DEPTHS = Spell("Protection des Profondeurs", DEFENCE, "Bloque 2 dégâts.", "Abysses", block=2)
FISH_HAND = Spell(
    "Main du Poisson", ATTACK, "Volez une carte au hasard au joueur de votre choix.", steal=True
)
MIST = Spell("Voile de la Brume", SUPPORT, "Immunité jusqu'à votre prochain tour.", veil=True)
ARCANA = Spell("Concentration des Arcanes", SUPPORT, "Piochez 1 carte.", "Arcanes", draw=1)

ARIA = Spellbook(
    spells=(
        (3, LIE),
        (3, EXILE),
        (3, INA),
        (1, QALIL),
        (1, ENLIL),
        (1, MIRROR),
        (1, DEPTHS),
        (1, FISH_HAND),
        (1, MIST),
        (1, ARCANA),
    ),
    combos=(
        Combo(
            "Colère de la Mer",
            (QALIL.name, DEPTHS.name),
            "3 dégâts à un adversaire, 1 dégât à vous-même.",
            damage=3,
            recoil=1,
        ),
        Combo(
            "Forteresse des Vents",
            (EXILE.name, ENLIL.name),
            "Réaction : bloque tous les dégâts de l'attaque, +1 PV.",
            reaction=True,
            block=ALL,
            heal=1,
        ),
        Combo(
            "Ruse du Poisson",
            (FISH_HAND.name, MIRROR.name),
            "Réaction : renvoie l'attaque et vole une carte à l'attaquant.",
            reaction=True,
            mirror=True,
            steal=True,
        ),
        Combo(
            "Régénération Divine",
            (INA.name, INA.name),
            "Récupérez 3 points de vie.",
            heal=3,
        ),
    ),
)
