"""Computer players. A bot only reads the state its seat may see and picks a legal action."""

from __future__ import annotations

from random import Random

from .core import Action, State


class RandomBot:
    """Picks uniformly among the legal actions, with its own rng (never the match's)."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())
