"""Deck menteur's own screenshot scenes (found by jeux/screenshots.py): it opens behind the
handoff, so its play scene is the board of the seat that took the screen; a challenge gets a
scene of its own (the handoff that tells how it ended)."""

from __future__ import annotations

from jeux.screenshots import SEED, behind_handoff, demo_match, open_match, pass_handoff

from .rules import Accuse

GAME_ID = "deck_menteur"


def scenes() -> dict[str, object]:
    async def challenge(app) -> None:
        match = demo_match(GAME_ID, 0)
        bot = match.game.bot(SEED)
        while (action := bot.choose(match.state.view(match.state.to_move()))) != Accuse():
            match.play(action)
        await open_match(app, match)
        (await pass_handoff(app)).act(action)

    return {f"{GAME_ID}-partie": behind_handoff(GAME_ID, 5), f"{GAME_ID}-accusation": challenge}
