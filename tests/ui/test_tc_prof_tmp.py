import time, collections
from jeux.games.trois_couronnes.screen import TroisCouronnesScreen as S
from jeux.ui.game_screen import GameScreen
from tests.ui.test_trois_couronnes_pilot import test_three_players_play_by_keys_to_the_results as t

async def test_prof(app_factory, monkeypatch):
    stats = collections.defaultdict(float)
    counts = collections.Counter()
    def wrap(cls, name):
        orig = getattr(cls, name)
        def f(self, *a, **k):
            s = time.perf_counter(); r = orig(self, *a, **k); stats[name] += time.perf_counter() - s; counts[name] += 1; return r
        monkeypatch.setattr(cls, name, f)
    for n in ("show_dice", "show_lines", "show_controls", "show_guide", "update_footer", "sheet"):
        wrap(S, n)
    wrap(GameScreen, "render_state")
    await t(app_factory)
    for k in stats: print(k, counts[k], round(stats[k], 3))
