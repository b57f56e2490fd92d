"""Gladiator's Duel: two dice each, doubles pick a stance, blows land together (§11)."""
