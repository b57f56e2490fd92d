"""What the menu knows of a game: apart from the engine contract (`core`), so that the menu
paints without importing it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    """What the menu knows of a game, cheap to import."""

    id: str
    title: str
    pitch: str
    min_players: int
    max_players: int
    family: str  # "dés" or "cartes"
    solo: bool = False
    handoff: bool = False
    """Humans must pass the screen between seats (hidden hands, roles, secret choices)."""
    available: bool = False
    history: bool = False
    """Its screen offers past matches to reread (`history_screen`), reachable from the menu."""

    @property
    def players_label(self) -> str:
        if self.max_players == 1:
            return "1 joueur"
        if self.min_players == self.max_players:
            return f"{self.min_players} joueurs"
        return f"{self.min_players}–{self.max_players} joueurs"
