"""The declaration of Arcane Arena that the catalogue loads: its options, its robots and how a match
begins; the rules themselves are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from jeux.catalog import GAMES
from jeux.engine.cards import EVERYONE, NOBODY, Zone
from jeux.engine.core import DEFAULT_LEVEL, Bot, Game
from jeux.engine.info import GameInfo
from jeux.engine.reactions import REACTION_WINDOW

from .cards import ARENA, Spellbook
from .rules import (
    MAX_HP,
    REVEAL_REMOVED,
    ArenaState,
    Cast,
    Discard,
    Draw,
    EndTurn,
    Pass,
    React,
    Reward,
    Swap,
)


class ArenaGame(Game):
    """Arcane Arena; `book`, `info` and `options` make another game of the same engine."""

    info: GameInfo = GAMES["arcane_arena"]
    book: Spellbook = ARENA
    options = (REACTION_WINDOW, REVEAL_REMOVED)
    action_types = (Draw, Cast, Pass, React, Reward, Swap, Discard, EndTurn)
    version = 2
    """2: a round where every living seat passes in a row ends (AA-12); in Aria, with secret
    alliances, a Mensonge's target is always asked (ARIA-6)."""

    def new(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> ArenaState:
        seats = len(players)
        state = ArenaState(
            tuple(players),
            dict(options),
            self.book,
            hands=[Zone(NOBODY, (seat,)) for seat in range(seats)],
            deck=Zone(),
            discard=Zone((), EVERYONE),
            removed=Zone(),
            hp=[MAX_HP] * seats,
            wins=[0] * seats,
            veiled=[False] * seats,
            warded=[False] * seats,
            allied=self.alliances(seats, options, rng),
        )
        state._new_round(rng.choice(range(seats)), rng)
        return state

    def alliances(self, seats: int, options: Mapping[str, Any], rng: Random) -> list[bool | None]:
        """Arena has none: nothing pierces a defence there."""
        return [False] * seats

    levels = ("debutant", "moyen", "fort")

    def bot(self, seed: int | str | None = None, level: str = DEFAULT_LEVEL) -> Bot:
        # Its own module's robots, for Aria too (Game.bot would look in jeux.games.aria).
        from .bots import LEVEL_BOTS  # on first use: a setup or a replay needs no robot

        return LEVEL_BOTS[level](seed)


GAME = ArenaGame()
