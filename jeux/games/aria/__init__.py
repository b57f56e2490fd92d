"""Cartes Divinités Aria: the Arcane Arena engine with the gods' spellbook."""
