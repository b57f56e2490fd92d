"""Walk what a seat is shown (its view, the events it may see) looking for cards it may not see,
and write a state in a canonical form that two replicas of one match are compared by."""

from __future__ import annotations

import dataclasses
from random import Random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jeux.engine.core import Game


ATOMS = (str, int, float, bool, type(None))
CONTAINERS = (dict, list, tuple, set, frozenset)


def parts(value: Any, public: frozenset[int] = frozenset()) -> list[Any]:
    """Every value reachable from `value`: containers, attributes, dataclass fields; those
    whose id is in `public` are listed but not walked. A list built in one loop, with each
    type's kind looked up once: the playouts walk every seat's view at every checked position."""
    reached, seen, stack = [], set(public), [value]
    while stack:
        value = stack.pop()
        reached.append(value)
        kind = _KINDS.get(type(value)) or _kind(type(value))
        if kind is _ATOM or id(value) in seen:
            continue
        seen.add(id(value))
        if kind is _DICT:
            stack += value.keys()
            stack += value.values()
        elif kind is _CONTAINER:
            stack += value
        elif hasattr(value, "__dict__"):
            stack += vars(value).values()
        elif dataclasses.is_dataclass(value):  # one with slots
            stack += (getattr(value, f.name) for f in dataclasses.fields(value))
    return reached


_ATOM, _DICT, _CONTAINER, _OBJECT = "atom", "dict", "container", "object"
_KINDS: dict[type, str] = {}


def _kind(kind: type) -> str:
    """How `parts` walks the values of a type, decided once per type."""
    if issubclass(kind, ATOMS):
        _KINDS[kind] = _ATOM
    elif issubclass(kind, dict):
        _KINDS[kind] = _DICT
    elif issubclass(kind, CONTAINERS):
        _KINDS[kind] = _CONTAINER
    else:
        _KINDS[kind] = _OBJECT
    return _KINDS[kind]


def fixed_facts(game: Game) -> frozenset[int]:
    """The ids of a game's class-level facts (its spellbook, its options): the same for every
    seat and told by the rules, so a view that holds them needs them walked no deeper."""
    return frozenset(id(v) for kind in type(game).__mro__ for v in vars(kind).values())


def leaks(shown: Any, secrets: frozenset, public: frozenset[int] = frozenset()) -> list[Any]:
    """The secret values found in what is shown, not looking inside the objects whose ids are
    `public`. Secrets are cards and picks (frozen dataclasses or plain atoms), never
    containers: those are walked, and only the parts of exactly a secret's type looked up."""
    if not secrets:
        return []
    # Only a part of a secret's type can be one: the others (spells, states) go unhashed.
    kinds = {type(secret) for secret in secrets}.difference(CONTAINERS)
    return [part for part in parts(shown, public) if type(part) in kinds and part in secrets]


def canonical(
    value: Any, public: frozenset[int] = frozenset(), path: frozenset[int] = frozenset()
) -> Any:
    """`value` as plain nested tuples and frozensets, hidden parts included (a deck's order, an
    rng's state), equal for two replicas that hold the same match, wherever their parts live
    in memory and in whatever order their sets and dicts were filled. The objects whose ids
    are `public` (a game's fixed facts) stand for themselves."""
    if isinstance(value, ATOMS):
        return value
    if id(value) in public:
        return ("public", id(value))
    if id(value) in path:
        return "<cycle>"
    path = path | {id(value)}
    if isinstance(value, Random):
        return ("Random", value.getstate())
    if isinstance(value, list | tuple):
        return (type(value).__name__, tuple(canonical(v, public, path) for v in value))
    if isinstance(value, set | frozenset):
        return ("set", frozenset(canonical(v, public, path) for v in value))
    if isinstance(value, dict):
        items = ((canonical(k, public, path), canonical(v, public, path)) for k, v in value.items())
        return ("dict", frozenset(items))
    if isinstance(value, type) or callable(value):
        return getattr(value, "__qualname__", type(value).__name__)
    if hasattr(value, "__dict__"):  # every attribute, a dataclass's fields and any other
        return (type(value).__name__, canonical(vars(value), public, path))
    if dataclasses.is_dataclass(value):
        fields = (getattr(value, f.name) for f in dataclasses.fields(value))
        return (type(value).__name__, tuple(canonical(v, public, path) for v in fields))
    return repr(value)
