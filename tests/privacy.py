"""Walk what a seat is shown (its view, the events it may see) looking for cards it may not see."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any


def parts(value: Any, seen: set[int] | None = None) -> Iterator[Any]:
    """Every value reachable from `value`: containers, dataclass fields, plain attributes."""
    seen = set() if seen is None else seen
    if id(value) in seen or isinstance(value, str | int | float | bool | type(None)):
        yield value
        return
    seen.add(id(value))
    yield value
    if isinstance(value, dict):
        children = [*value.keys(), *value.values()]
    elif isinstance(value, list | tuple | set | frozenset):
        children = list(value)
    elif dataclasses.is_dataclass(value):
        children = [getattr(value, f.name) for f in dataclasses.fields(value)]
    else:
        children = list(getattr(value, "__dict__", {}).values())
    for child in children:
        yield from parts(child, seen)


def leaks(shown: Any, secrets: frozenset) -> list[Any]:
    """The secret values found in what is shown."""
    if not secrets:
        return []
    found = []
    for part in parts(shown):
        try:
            if part in secrets:
                found.append(part)
        except TypeError:  # unhashable containers are walked, not looked up
            pass
    return found
