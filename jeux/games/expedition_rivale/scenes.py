"""L'Expédition Rivale's own screenshot scenes (found by jeux/screenshots.py): it opens behind
the handoff, so its play scene is the board of the seat that took the screen; the seeded match
opens on a Tablette, whose secret look (the three cards on top of the deck, in its player's view
only) gets a scene of its own."""

from __future__ import annotations

from jeux.screenshots import behind_handoff

GAME_ID = "expedition_rivale"


def scenes() -> dict[str, object]:
    return {
        f"{GAME_ID}-partie": behind_handoff(GAME_ID, 5),
        f"{GAME_ID}-tablette": behind_handoff(GAME_ID, 1),
    }
