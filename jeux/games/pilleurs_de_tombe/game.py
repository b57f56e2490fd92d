"""The declaration of Les pilleurs de tombe that the catalogue loads: its options, its robots and
how a match begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import DEFAULT_LEVEL, LEVELS, Bot, Choice, Game, Option

from .rules import Announce, Decline, Drop, PilleursState, Roll, Share, Stop, Take


class Pilleurs(Game):
    info = GAMES["pilleurs_de_tombe"]
    action_types = (Roll, Stop, Take, Decline, Announce, Share, Drop)
    options = (
        Option(
            "advances",
            "Crans jusqu'au centre",
            (
                Choice(0, "Selon les joueurs (8/7/6/7/7)"),
                *(Choice(n, f"{n} crans") for n in range(4, 13)),
            ),
            0,
            "Le premier au centre gagne. D'office : 8 à 2 joueurs, 7 à 3, 6 à 4, 7 à 5 ou 6.",
        ),
        Option(
            "artifacts",
            "Artefacts en jeu",
            (
                Choice(0, "Selon les joueurs (5/10/15/12/14)"),
                *(Choice(n, f"{n} artefacts") for n in (5, 8, 10, 12, 14, 15, 20)),
            ),
            0,
            "Le dernier pris, le plus d'artefacts gagne. D'office : 5, 10, 15, 12, 14 (2 à 6 j.).",
        ),
        Option(
            "powers",
            "Pouvoirs aléatoires",
            (Choice(False, "Non"), Choice(True, "Oui : un pouvoir tiré au sort par joueur")),
            False,
            "4 lancers, relancer un serpent, ou 2 artefacts pour un cran.",
        ),
        Option(
            "kept_locked",
            "Dés gardés",
            (
                Choice(False, "Relançables à chaque lancer"),
                Choice(True, "Restent de côté jusqu'à la fin du tour"),
            ),
            False,
        ),
        Option(
            "strict_pickaxe",
            "Pioche et éboulement",
            (
                Choice(False, "Un 4 dégage et permet d'avancer aussitôt"),
                Choice(True, "Un 4 dégage, mais on n'avance qu'au tour suivant"),
            ),
            False,
        ),
    )

    levels = tuple(LEVELS)

    def bot(self, seed: int | str | None = None, level: str = DEFAULT_LEVEL) -> Bot:
        from .bots import robot  # on first use: a setup or a replay needs no robot

        return robot(seed, level)

    def new(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> PilleursState:
        return PilleursState(players, options, rng)


GAME = Pilleurs()
