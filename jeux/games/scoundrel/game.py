"""The declaration of Scoundrel that the catalogue loads: its options, its robots and how a match
begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import DEFAULT_LEVEL, Bot, Choice, Game, Option

from .rules import (
    ALL_CARDS,
    CLAMP,
    CLASSIC_WEB,
    EQUAL,
    KEEP,
    MAX_HP,
    OFFICIAL,
    RANDOM,
    REAL,
    STRICT,
    WEB,
    Adventurer,
    Avoid,
    Pick,
    ScoundrelState,
)


class Scoundrel(Game):
    info = GAMES["scoundrel"]
    action_types = (Pick, Avoid)
    version = 2
    """2: the dungeon is shuffled and the first room dealt at setup (no « Entrer »)."""
    options = (
        Option(
            "binding",
            "Arme liée",
            (
                Choice(EQUAL, "Monstres de valeur égale ou inférieure au dernier tué"),
                Choice(STRICT, "Monstres strictement plus faibles que le dernier tué"),
            ),
            EQUAL,
            "Après chaque monstre tué, l'arme ne frappe plus que des monstres de valeur égale "
            "ou inférieure au dernier tué.",
        ),
        Option(
            "avoid_order",
            "Salle fuie",
            (
                Choice(KEEP, "Ses cartes passent sous la pioche dans leur ordre"),
                Choice(RANDOM, "Ses cartes passent sous la pioche mélangées"),
            ),
            KEEP,
            "Quand tu fuis une salle, ses quatre cartes repassent sous la pioche.",
        ),
        Option(
            "end",
            "Fin du donjon",
            (
                Choice(ALL_CARDS, "Toutes les cartes doivent être jouées"),
                Choice(CLASSIC_WEB, "Victoire quand seule la carte laissée reste (web)"),
            ),
            ALL_CARDS,
            "La dernière salle, souvent plus courte, se joue en entier par défaut.",
        ),
        Option(
            "win_score",
            "Score de victoire",
            (
                Choice(OFFICIAL, "PV restants + bonus de la dernière potion (max 30)"),
                Choice(WEB, "PV restants seulement (max 20)"),
            ),
            OFFICIAL,
            "Le bonus : à PV pleins, si la dernière carte jouée est une potion bue.",
        ),
        Option(
            "loss_score",
            "Score de défaite",
            (
                Choice(REAL, "PV (même négatifs) moins les monstres restants"),
                Choice(CLAMP, "0 moins les monstres restants"),
            ),
            REAL,
            "À la mort, les monstres encore dans le donjon sont retirés du score.",
        ),
        Option(
            "max_hp",
            "Points de vie",
            (
                Choice(10, "10 (très difficile)"),
                Choice(15, "15 (difficile)"),
                Choice(MAX_HP, "20 (normal)"),
                Choice(25, "25 (facile)"),
                Choice(30, "30 (très facile)"),
            ),
            MAX_HP,
            "Points de vie de départ, qui sont aussi le maximum.",
        ),
    )

    def new(
        self, players: Sequence[str], options: Mapping[str, Any], rng: Random
    ) -> ScoundrelState:
        return ScoundrelState(players, options, rng)

    levels = ("moyen", "fort")
    """Moyen plays the plain Adventurer; Fort follows the hints (solver.py)."""

    def bot(self, seed: int | str | None = None, level: str = DEFAULT_LEVEL) -> Bot:
        if level == "fort":
            from .solver import Guide  # on first use: a setup or a replay needs no robot

            return Guide(seed)
        return Adventurer(seed)


GAME = Scoundrel()
