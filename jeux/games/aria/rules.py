"""Cartes Divinités Aria (RULINGS.md §20): Arcane Arena's engine and rules (§19) with the gods'
spellbook, and the hidden alliances of the Guilde des Poissonniers as an option (ARIA-2)."""

from __future__ import annotations

from jeux.engine.core import Choice, Option

ALLIANCES = Option(
    "alliances",
    "Alliances avec la Guilde des Poissonniers",
    (Choice(False, "Aucune : Mensonge de Gobie ignore toute défense"), Choice(True, "Secrètes")),
    False,
    help="Secrètes : chacun·e est allié·e ou non, une chance sur deux, en secret ; "
    "un·e allié·e peut parer Mensonge de Gobie.",
)
