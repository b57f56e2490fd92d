"""The declaration of The Killer that the catalogue loads: its options, its robots and how a match
begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import DEFAULT_LEVEL, LEVELS, Bot, Choice, Game, Option

from .rules import Attack, DeclareSide, Forget, KillerState, Rise, Stop, Throw


class Killer(Game):
    info = GAMES["the_killer"]
    action_types = (Throw, Stop, Attack, Forget, Rise, DeclareSide)
    version = 2
    """2: the end waits for the turns of the dying that come before the survivor's (KIL-4)."""
    options = (
        Option(
            "zombie",
            "Mode zombie",
            (Choice(False, "Non"), Choice(True, "Oui : les mort·es tentent un 5 ou un 6")),
            False,
            "Chaque tour, qui est mort·e lance un dé : sur 5 ou 6, retour en zombie, "
            "1 point de vie.",
        ),
        Option(
            "terminator",
            "Mode Terminator",
            (Choice(False, "Non"), Choice(True, "Oui : qui se régénère devient immunisé·e")),
            False,
            "Niveau 1 après une régénération : immunisé·e contre les attaques de 1, et ainsi de "
            "suite (jusqu'au niveau 5).",
        ),
        Option(
            "death_at",
            "Mort",
            (Choice(-7, "À -7 points de vie"), Choice(-6, "Dès -6 points de vie")),
            -7,
        ),
        Option(
            "dying_attack",
            "Les mourant·es",
            (
                Choice(False, "Ne peuvent que se régénérer"),
                Choice(True, "Peuvent aussi attaquer"),
            ),
            False,
        ),
        Option(
            "forgetful",
            "Annonce de la cible",
            (
                Choice(False, "Sans limite de temps"),
                Choice(True, "10 secondes, sinon l'attaque se retourne"),
            ),
            False,
        ),
        Option(
            "all_aside",
            "Cinq dés de côté",
            (
                Choice("stop", "L'attaque s'arrête"),
                Choice("again", "On reprend les cinq dés"),
            ),
            "stop",
        ),
    )

    levels = tuple(LEVELS)

    def bot(self, seed: int | str | None = None, level: str = DEFAULT_LEVEL) -> Bot:
        from .bots import robot  # on first use: a setup or a replay needs no robot

        return robot(seed, level)

    def new(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> KillerState:
        return KillerState(players, options)


GAME = Killer()
"""The Killer: twelve life points, attacks from the edges of the total (RULINGS.md §5)."""
