"""The game registry: ``REGISTRY[key]`` is the :class:`~games.core.GameSpec` of each game."""

from __future__ import annotations

from typing import Any

from games.cardinal import SPEC as CARDINAL
from games.caribbean import SPEC as CARIBBEAN
from games.core import GameSpec, IllegalAction, Option, Outcome
from games.rigadoon import SPEC as RIGADOON
from games.ship import SPEC as SHIP
from games.tortuga import SPEC as TORTUGA

REGISTRY: dict[str, GameSpec[Any]] = {
    spec.key: spec for spec in (CARDINAL, CARIBBEAN, RIGADOON, SHIP, TORTUGA)
}


def find_game(name: str) -> GameSpec[Any] | None:
    """Look a game up by key or title, ignoring case and spaces (``"Ship"`` is a key)."""
    wanted = "".join(name.lower().split())
    for spec in REGISTRY.values():
        if wanted in (spec.key, "".join(spec.title.lower().split())):
            return spec
    return None


__all__ = ["REGISTRY", "GameSpec", "IllegalAction", "Option", "Outcome", "find_game"]
