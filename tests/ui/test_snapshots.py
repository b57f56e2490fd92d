"""Layer 4: the screens at 80×24 with a fixed seed, compared with stored SVG snapshots."""

import pytest

from jeux.screenshots import SIZE, make_scene_app, scenes

SCENES = scenes()


@pytest.mark.parametrize("name", sorted(SCENES))
def test_scene_snapshot(name, snap_compare, tmp_path):
    async def stage(pilot):
        await SCENES[name](pilot.app)
        await pilot.pause()

    assert snap_compare(make_scene_app(tmp_path), terminal_size=SIZE, run_before=stage)
