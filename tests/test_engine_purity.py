"""Engines never import Textual or Rich: checked in a fresh interpreter, for every game's rules and
its declaration (game.py)."""

import subprocess
import sys

from jeux.catalog import GAMES, has_engine

ENGINES = [f"jeux.games.{g}.{m}" for g in GAMES if has_engine(g) for m in ("rules", "game")]


def test_engines_and_rules_import_neither_textual_nor_rich() -> None:
    modules = ["jeux.engine.core", "jeux.engine.match", "jeux.engine.simulate", *ENGINES]
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in modules)
        + "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
