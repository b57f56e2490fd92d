"""The declaration of Deck menteur that the catalogue loads: its options, its robots and how a match
begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.cards import EVERYONE, NOBODY, SUITS, PlayingCard, Zone, deal_ids, shuffled
from jeux.engine.core import LEVELS, Choice, Game, Option

from .rules import PACK_RANKS, RANDOM, STARTER, WHOLE_HAND, Accuse, Announce, DeckMenteurState, Play


class DeckMenteur(Game):
    info = GAMES["deck_menteur"]
    options = (
        Option(
            "annonce",
            "Annonce de la couleur",
            (
                Choice(STARTER, "Le premier joueur de la manche"),
                Choice(RANDOM, "Tirée au hasard"),
            ),
            STARTER,
            "Qui choisit la couleur (trèfle, pique ou carreau) que chaque pose prétend suivre.",
        ),
        Option(
            "max_cartes",
            "Cartes par pose",
            (Choice(WHOLE_HAND, "De 1 à toute la main"), Choice(3, "De 1 à 3")),
            WHOLE_HAND,
        ),
    )
    action_types = (Announce, Play, Accuse)

    def new(
        self, players: Sequence[str], options: Mapping[str, Any], rng: Random
    ) -> DeckMenteurState:
        seats = len(players)
        packs = []
        for seat in range(seats):
            pack = [PlayingCard(rank, SUITS[seat]) for rank in PACK_RANKS]
            packs.append(Zone(deal_ids(shuffled(pack, rng), seat * len(PACK_RANKS)), NOBODY))
        state = DeckMenteurState(
            tuple(players),
            dict(options),
            packs=packs,
            flipped=[Zone(NOBODY, EVERYONE) for _ in range(seats)],
            hands=[Zone(NOBODY, (seat,)) for seat in range(seats)],
            pile=Zone(),
            next_uid=seats * len(PACK_RANKS),
        )
        state._new_round(0, rng)
        return state

    levels = tuple(LEVELS)


GAME = DeckMenteur()
