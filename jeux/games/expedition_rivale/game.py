"""The declaration of L'Expédition Rivale that the catalogue loads: its options, its robots and how
a match begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import Choice, Game, Option

from .rules import (
    ARTIFACTS,
    DRAFT,
    HAND,
    PLAYED,
    PLAYER,
    VICTIM,
    Draw,
    ExpeditionState,
    Pass,
    Pick,
    Play,
)


class ExpeditionRivale(Game):
    info = GAMES["expedition_rivale"]
    options = (
        Option(
            "draft",
            "Mise en place",
            (
                Choice(False, "Une carte chacun·e"),
                Choice(True, "Draft initial (3 cartes chacun·e)"),
            ),
            False,
            "Draft : on pioche 3 cartes, on en garde 1 et on passe les autres, deux fois.",
        ),
        Option(
            "masque",
            "Défausse du Masque",
            (
                Choice(VICTIM, "Choisie par l'adversaire"),
                Choice(PLAYER, "Choisie par le poseur"),
            ),
            VICTIM,
        ),
        Option(
            "jumelle",
            "Statue jumelle",
            (
                Choice(PLAYED, "Autant de cartes posées"),
                Choice(HAND, "Autant de cartes en main"),
            ),
            PLAYED,
        ),
        Option(
            "dernier_tour",
            "Fin de partie",
            (
                Choice(False, "Dès que la pioche est vide"),
                Choice(True, "Puis un dernier tour de pose chacun·e"),
            ),
            False,
            "Par défaut, qui pioche la dernière carte ne peut plus la poser.",
        ),
    )
    action_types = (Draw, Play, Pass, Pick)

    def new(
        self, players: Sequence[str], options: Mapping[str, Any], rng: Random
    ) -> ExpeditionState:
        deck = list(ARTIFACTS)
        rng.shuffle(deck)
        first = rng.choice((0, 1))
        state = ExpeditionState(tuple(players), dict(options), deck=deck, hands=[[], []])
        state.turn = first
        if options.get("draft", False):
            state.packs, state.deck, state.phase = [deck[:3], deck[3:6]], deck[6:], DRAFT
            seen = state.packs
        else:
            state.hands, state.deck = [[deck[0]], [deck[1]]], deck[2:]
            seen = state.hands
        state.seen = [set(cards) for cards in seen]
        return state

    levels = ("debutant", "moyen", "fort")


GAME = ExpeditionRivale()
