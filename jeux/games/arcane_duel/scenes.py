"""Arcane Duel's own screenshot scenes (found by jeux/screenshots.py): it opens behind the
handoff, so its play scene is the board of the seat that took the screen; a defence gets a
scene of its own (the defender's board, the attack paused)."""

from __future__ import annotations

from jeux.screenshots import SEED, behind_handoff, demo_match, open_match, pass_handoff

from .rules import DEFEND

GAME_ID = "arcane_duel"


def scenes() -> dict[str, object]:
    async def defence(app) -> None:
        match = demo_match(GAME_ID, 0)
        bot = match.game.bot(SEED)
        while match.state.phase != DEFEND:
            match.play(bot.choose(match.state.view(match.state.to_move())))
        await open_match(app, match)
        await pass_handoff(app)

    return {
        f"{GAME_ID}-partie": behind_handoff(GAME_ID, 4),  # Lina's turn to cast
        f"{GAME_ID}-defense": defence,
    }
