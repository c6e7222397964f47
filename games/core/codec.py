"""One codec for every game state: a dataclass of plain JSON values, dumped, loaded and copied.

A state is a ``@dataclass`` whose fields hold only JSON values (None, bool, int, float, str,
lists and string-keyed dicts of them). ``copy`` is built once per class from the field types,
so a ``list[int]`` is copied with one slice and only ``Any`` fields pay for a deep walk: this
keeps the copy that every ``apply`` makes as cheap as the hand-written copies it replaced.
Fields declared with ``compare=False`` are caches: never copied, never dumped.

A state class may define ``upgrade(data) -> data`` (a static method): the fields of an older
stored shape brought to the current one, on load. The bot rebuilds stored states by replaying
their logs when the shape changes (``bot/play/snapshots.py``); this keeps a stored state
loadable when a log no longer replays under changed rules.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable
from typing import Any, Generic, TypeVar

S = TypeVar("S")
Copier = Callable[[Any], Any]

_PLAIN: frozenset[Any] = frozenset({int, str, bool, float, type(None)})
_ENCODER = json.JSONEncoder(separators=(",", ":"))


def _same(value: Any) -> Any:
    return value


def clone(value: Any) -> Any:
    """A deep copy of a JSON value (faster than ``copy.deepcopy``: no memo, no dispatch)."""
    kind = type(value)
    if kind is list:
        return [clone(item) for item in value]
    if kind is dict:
        return {key: clone(item) for key, item in value.items()}
    return value


def _copier(hint: Any) -> Copier:
    """The cheapest correct copy for a value of type ``hint``."""
    if hint in _PLAIN:
        return _same
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [_copier(arg) for arg in args if arg is not type(None)]
        if all(c is _same for c in inner):
            return _same
        if len(inner) == 1:
            only = inner[0]
            return lambda value: None if value is None else only(value)
        return clone
    if origin is list:
        item = _copier(args[0]) if args else clone
        if item is _same:
            return list.copy
        return lambda value: [item(v) for v in value]
    if origin is dict:
        item = _copier(args[1]) if args else clone
        if item is _same:
            return dict.copy
        return lambda value: {k: item(v) for k, v in value.items()}
    if origin is tuple and all(_copier(arg) is _same for arg in args if arg is not Ellipsis):
        return _same
    return clone


class StateCodec(Generic[S]):
    """Dump, load and copy for one dataclass state type."""

    def __init__(self, state_type: type[S]) -> None:
        if not dataclasses.is_dataclass(state_type):
            raise TypeError(f"{state_type.__name__} must be a dataclass")
        hints = typing.get_type_hints(state_type)
        fields = [f for f in dataclasses.fields(state_type) if f.compare]
        self.state_type = state_type
        self.saved: tuple[str, ...] = tuple(f.name for f in fields)
        self._copiers: tuple[tuple[str, Copier], ...] = tuple(
            (f.name, _copier(hints[f.name])) for f in fields
        )

    def dump(self, state: S) -> str:
        """JSON text of the saved fields, in declaration order."""
        return _ENCODER.encode({name: getattr(state, name) for name in self.saved})

    def load(self, text: str) -> S:
        data = json.loads(text)
        upgrade = getattr(self.state_type, "upgrade", None)
        return self.state_type(**(data if upgrade is None else upgrade(data)))

    def copy(self, state: S) -> S:
        """A new state sharing nothing mutable with ``state`` (caches start empty)."""
        return self.state_type(**{name: copy(getattr(state, name)) for name, copy in self._copiers})
