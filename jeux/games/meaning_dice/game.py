"""The declaration of Meaning Dice that the catalogue loads: its options, its robots and how a match
begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import DEFAULT_LEVEL, Choice, Game, Option
from jeux.engine.dice import roll

from .rules import (
    MJ_DECIDES,
    SCENARIOS,
    VOTE,
    Associate,
    Claim,
    Draw,
    GiveUp,
    Judge,
    MeaningState,
    Reroll,
    Scenario,
    Teller,
    Vote,
)


class MeaningDice(Game):
    info = GAMES["meaning_dice"]
    version = 1
    action_types = (Scenario, Draw, Associate, Reroll, Claim, GiveUp, Judge, Vote)
    options = (
        Option(
            "dice",
            "Nombre de dés",
            tuple(Choice(n, f"{n} dés") for n in range(9, 19)),
            9,
            "Les images des dés au-delà du neuvième reprennent celles des neuf premiers.",
        ),
        Option(
            "judge",
            "Qui tranche une solution contestée",
            (
                Choice(VOTE, "Les joueurs votent (égalité : les joueurs gagnent)"),
                Choice(MJ_DECIDES, "Le·la MJ décide seul·e"),
            ),
            VOTE,
            "Quand un joueur annonce le scénario résolu et que le·la MJ conteste.",
        ),
    )

    def new(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> MeaningState:
        faces = roll(rng, options["dice"])
        suggested = SCENARIOS[rng.randrange(len(SCENARIOS))]
        return MeaningState(players, options, faces, suggested)

    def bot(self, seed: int | str | None = None, level: str = DEFAULT_LEVEL) -> Teller:
        return Teller(seed)


GAME = MeaningDice()
