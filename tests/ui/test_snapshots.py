"""Layer 4: the screens at 80×24 with a fixed seed, compared with stored SVG snapshots; none
shows a footer key or a score sheet's words cut."""

import random

import pytest

from jeux.screenshots import SEED, SIZE, make_scene_app, scenes
from jeux.store import tables
from tests.settle import still

from .driver import cut_words

SCENES = scenes()


@pytest.fixture(autouse=True)
def seeded_table_codes(monkeypatch):
    """The shared table's codes are secrets drawn at random: here they are drawn from a
    seeded source, so that the table screen that shows them is the same at every run."""
    rng = random.Random(SEED)
    monkeypatch.setattr(
        tables,
        "new_code",
        lambda: "".join(rng.choice(tables.CODE_ALPHABET) for _ in range(tables.CODE_LENGTH)),
    )


@pytest.mark.parametrize("name", sorted(SCENES))
def test_scene_snapshot(name, snap_compare, tmp_path):
    async def stage(pilot):
        await SCENES[name](pilot.app)
        await still(pilot.app)
        assert not cut_words(pilot.app.screen)

    assert snap_compare(make_scene_app(tmp_path), terminal_size=SIZE, run_before=stage)
