"""The declaration of Le Signal that the catalogue loads: its options, its robots and how a match
begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import DEFAULT_LEVEL, Choice, Game, Option

from .rules import (
    ANY_NEGATIVE,
    CHALLENGE,
    FREE,
    SIXTH_SIGN,
    STRICT,
    THEMES,
    Conclude,
    EndSession,
    Roll,
    SignalState,
    Storyteller,
)


class LeSignal(Game):
    info = GAMES["le_signal"]
    action_types = (Roll, Conclude, EndSession)
    options = (
        Option(
            "mode",
            "Mode",
            (
                Choice(FREE, "Jeu libre : on range le dé quand on veut"),
                Choice(CHALLENGE, "Mode défi : survivre à 3 ou 5 événements"),
                Choice(SIXTH_SIGN, "Le Sixième Signe : jauge de lucidité (mode Lovecraft)"),
            ),
            FREE,
            "Défi : perdu au 3e échec critique. Sixième Signe : 2 révélations "
            "gagnent, 0 lucidité perd.",
        ),
        Option(
            "length",
            "Événements à survivre (défi)",
            (Choice(3, "3 événements"), Choice(5, "5 événements")),
            5,
        ),
        Option(
            "theme",
            "Thème",
            tuple(Choice(theme.key, theme.label) for theme in THEMES),
            "survie",
            "Le thème change les idées proposées, pas les règles.",
        ),
        Option(
            "troubled",
            "Trouble mental (Sixième Signe)",
            (
                Choice(STRICT, "Seul le prochain trouble léger (5–9) coûte 1 lucidité"),
                Choice(ANY_NEGATIVE, "Tout résultat négatif (1–9) réveille le trouble : +1"),
            ),
            STRICT,
            "Ce que coûte un esprit ébranlé (après un 5–9) au mauvais résultat suivant.",
        ),
    )

    def new(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> SignalState:
        return SignalState(players, options)

    def bot(self, seed: int | str | None = None, level: str = DEFAULT_LEVEL) -> Storyteller:
        return Storyteller(seed)


GAME = LeSignal()
