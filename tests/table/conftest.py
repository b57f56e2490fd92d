"""The shared table's tests in one app open no doors: the real doors, in their own processes,
are tested by test_doors.py."""

import pytest

from jeux.web import doors


@pytest.fixture(autouse=True)
def no_doors(monkeypatch):
    monkeypatch.setattr(doors, "open_doors", lambda locations: None)
