"""The shared table's tests in one app open no doors (the real doors, in their own processes,
are tested by test_real_doors.py); the real tests' folders and private tmux server."""

import pytest

from jeux.cli.tmux import Terminals
from jeux.web import doors

from .real import Folders


@pytest.fixture(autouse=True)
def no_doors(monkeypatch):
    monkeypatch.setattr(doors, "open_doors", lambda locations: None)


@pytest.fixture
def folders(tmp_path) -> Folders:
    return Folders(tmp_path / "config", tmp_path / "data")


@pytest.fixture
def terminals():
    with Terminals({"TEXTUAL_ANIMATIONS": "none"}) as server:
        yield server
