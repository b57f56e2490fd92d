"""The declaration of Les dés bloqués that the catalogue loads: its options, its robots and how a
match begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.core import DEFAULT_LEVEL, Choice, Game, Option

from .rules import (
    AUTO,
    BY_KEY,
    PLAYOFF,
    SHARED,
    THROW,
    TURN,
    DesBloquesBot,
    DesBloquesState,
    Roll,
    Stop,
)


class DesBloques(Game):
    info = GAMES["des_bloques"]
    action_types = (Roll, Stop)
    levels = ()
    """No robot levels: the rules leave nothing to decide (DB-2), so every level would throw
    alike; only the house-rule stops of the variants ask for a choice, which the one robot
    makes by the odds of the next throw."""
    options = (
        Option(
            "penalty",
            "Un 2 ou un 5 annule…",
            (
                Choice(THROW, "Le lancer seulement"),
                Choice(TURN, "Tout le tour en cours (stricte, arrêt permis)"),
            ),
            THROW,
            "Lecture stricte du texte. Comme le dernier lancer d'un tour montre toujours "
            "un 2 ou un 5, on peut alors s'arrêter pour garder ses points.",
        ),
        Option(
            "stop",
            "S'arrêter en cours de tour",
            (Choice(False, "Non, comme dans le texte"), Choice(True, "Oui (règle maison)")),
            False,
            "Règle maison : après un lancer, marquer les points du tour et passer la main.",
        ),
        Option(
            "ties",
            "Égalité",
            (
                Choice(SHARED, "Victoire partagée"),
                Choice(PLAYOFF, "Tours de barrage entre les ex æquo"),
            ),
            SHARED,
        ),
        Option(
            "pace",
            "Rythme",
            (
                Choice(BY_KEY, "Une touche par lancer"),
                Choice(AUTO, "Automatique : le tour se lance tout seul"),
            ),
            BY_KEY,
            "Sans décision à prendre, les lancers d'un tour peuvent s'enchaîner seuls après le"
            " premier ; p les met en pause. Sans effet quand on peut s'arrêter.",
        ),
    )

    def new(
        self, players: Sequence[str], options: Mapping[str, Any], rng: Random
    ) -> DesBloquesState:
        return DesBloquesState(players, options)

    def bot(self, seed: int | str | None = None, level: str = DEFAULT_LEVEL) -> DesBloquesBot:
        return DesBloquesBot(seed)


GAME = DesBloques()
