"""Phases as data: a game whose turn passes through phases (or pending decisions) keeps one
table from phase name to its legal-action and play functions, instead of ``if phase == ...``
chains repeated across modules (boardgame.io's phases, in a few lines)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

S = TypeVar("S")


@dataclass(frozen=True)
class Phase(Generic[S]):
    """What a seat may do in one phase, and how an action of that phase is carried out."""

    legal: Callable[[S, int], list[str]]
    play: Callable[[S, int, str], None]
