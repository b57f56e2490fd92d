"""Arcane Arena's own screenshot scenes (found by jeux/screenshots.py): it opens behind the
handoff, so its play scene is the board of the seat that took the screen; the reaction scene is
the target's board while an attack waits."""

from __future__ import annotations

from jeux.screenshots import SEED, behind_handoff, demo_match, open_match, pass_handoff

from .rules import REACT

GAME_ID = "arcane_arena"


def scenes() -> dict[str, object]:
    async def reaction(app) -> None:
        match = demo_match(GAME_ID, 0)
        bot = match.game.bot(SEED)
        while match.state.phase != REACT:
            match.play(bot.choose(match.state.view(match.state.to_move())))
        await open_match(app, match)
        await pass_handoff(app)

    return {f"{GAME_ID}-partie": behind_handoff(GAME_ID, 5), f"{GAME_ID}-reaction": reaction}
