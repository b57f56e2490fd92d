"""Push to Five's own screenshot scene (found by jeux/screenshots.py): the results of a solo
session, with the record it sets."""

from __future__ import annotations

from jeux.catalog import load_game
from jeux.engine.match import Match, Seat
from jeux.screenshots import NAMES, SEED, open_match


def scenes() -> dict[str, object]:
    async def solo_results(app) -> None:
        lina = app.profiles.create(NAMES[0])
        game = load_game("push_to_five")
        match = Match(game, SEED, (Seat(lina.name, lina.id),), {})
        bot = game.bot(SEED)
        while not match.over:
            match.play(bot.choose(match.state.view(0)))
        await open_match(app, match)

    return {"push_to_five-solo": solo_results}
