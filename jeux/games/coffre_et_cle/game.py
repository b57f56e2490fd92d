"""The declaration of Le Coffre et la Clé that the catalogue loads: its options, its robots and how
a match begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.cards import shuffled
from jeux.engine.core import DEFAULT_LEVEL, Choice, Game, Option

from .rules import (
    ALL,
    GUESSERS,
    LITERAL,
    MINUS_ONE,
    CoffreState,
    Designate,
    EndTurn,
    Exchange,
    FillerBot,
    Force,
    Look,
    Observe,
    Pass,
    RoleCard,
    Vote,
    deck,
)


class CoffreEtCle(Game):
    info = GAMES["coffre_et_cle"]
    options = (
        Option(
            "tours",
            "Limite de tours",
            tuple(Choice(n, f"{n} tours de table") for n in (2, 3, 4, 5)),
            3,
            "Quand elle est atteinte, le Trésor doit désigner (phase finale s'il est au centre).",
        ),
        Option(
            "neutres",
            "Cartes Neutres",
            (
                Choice(MINUS_ONE, "Une de moins que de joueurs"),
                Choice(ALL, "Autant que de joueurs"),
            ),
            MINUS_ONE,
            "Une de moins : tous les rôles sont en jeu. Autant : une carte est écartée sans "
            "la voir, et un rôle peut manquer.",
        ),
        Option(
            "phase_finale",
            "Phase finale : gagnant·es",
            (
                Choice(GUESSERS, "Celles et ceux qui la démasquent"),
                Choice(LITERAL, "À la lettre"),
            ),
            GUESSERS,
            "Qui gagne quand on vote contre la Clé Factice : celles et ceux qui la trouvent (sinon "
            "elle seule), ou « à la lettre » celles et ceux qui la trouvent avec elle (sinon "
            "personne).",
        ),
    )
    action_types = (Observe, Exchange, Force, Pass, Look, EndTurn, Designate, Vote)
    levels = ()
    """No robot levels (RULINGS §23, Implementation): the game is won by reading the table
    talk, which no robot hears, so a stronger robot would only play better blind; the one
    robot fills a seat, as the rules intend."""

    def new(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> CoffreState:
        seats = len(players)
        cards = [
            RoleCard(uid, c.role)
            for uid, c in enumerate(shuffled(deck(seats, options.get("neutres", MINUS_ONE)), rng))
        ]
        return CoffreState(
            tuple(players),
            dict(options),
            hands=cards[:seats],
            centre=cards[seats : seats + 2],
            aside=cards[seats + 2 :],
            known=[frozenset({uid}) for uid in range(seats)],
            locks=[0] * seats,
        )

    def bot(self, seed: int | str | None = None, level: str = DEFAULT_LEVEL) -> FillerBot:
        return FillerBot(seed)


GAME = CoffreEtCle()
