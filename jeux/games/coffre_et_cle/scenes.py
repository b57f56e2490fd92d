"""Le Coffre et la Clé's own screenshot scenes (found by jeux/screenshots.py): it opens behind
the handoff, so its play scene is the board of the seat that took the screen; the final votes,
public, get a scene of their own."""

from __future__ import annotations

from jeux.screenshots import SEED, behind_handoff, demo_match, open_match

from .rules import ACT, DESIGNATE, NEUTRE, VOTE, Designate, EndTurn, Pass

GAME_ID = "coffre_et_cle"


def scenes() -> dict[str, object]:
    async def votes(app) -> None:
        match = demo_match(GAME_ID, 0)
        while match.state.phase != VOTE:  # everyone passes; at the limit, a Neutral is named
            state = match.state
            if state.phase == DESIGNATE:
                neutral = next(s for s, c in enumerate(state.hands) if c.role == NEUTRE)
                match.play(Designate(neutral))
            else:
                match.play(Pass() if state.phase == ACT else EndTurn())
        bot = match.game.bot(SEED)
        for _ in range(2):
            match.play(bot.choose(match.state.view(match.state.to_move())))
        await open_match(app, match)

    return {f"{GAME_ID}-partie": behind_handoff(GAME_ID, 5), f"{GAME_ID}-vote": votes}
