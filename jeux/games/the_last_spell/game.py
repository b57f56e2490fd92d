"""The declaration of The Last Spell that the catalogue loads: its options, its robots and how a
match begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import Choice, Game, Option

from .rules import CLASSIC, SURVIVAL, LastSpellState, Roll, Stop


class LastSpell(Game):
    info = GAMES["the_last_spell"]
    action_types = (Roll, Stop)
    options = (
        Option(
            "mode",
            "Fin de partie",
            (
                Choice(CLASSIC, "Classique : battre son propre score"),
                Choice(SURVIVAL, "Survie (v1) : dernier debout"),
            ),
            CLASSIC,
            "En Survie, l'instabilité dure toute la manche au lieu d'un tour.",
        ),
        Option(
            "rounds",
            "Manches",
            (Choice(1, "Une manche"), Choice(3, "Au meilleur de 3"), Choice(5, "Au meilleur de 5")),
            1,
        ),
        Option(
            "turn_cap",
            "Limite de tours (Survie)",
            (Choice(0, "Aucune"), Choice(5, "5 tours chacun·e"), Choice(10, "10 tours chacun·e")),
            0,
            "Après la limite, le détenteur du score à battre gagne la manche.",
        ),
    )

    levels = ("debutant", "moyen", "fort")

    def new(
        self, players: Sequence[str], options: Mapping[str, Any], rng: Random
    ) -> LastSpellState:
        return LastSpellState(players, options)


GAME = LastSpell()
