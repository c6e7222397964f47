"""Per-game invariants checked after every action of the random playouts.

Each game's checker takes (spec, state) and asserts; register it under the game's key.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.games import (
    cardinal_invariants,
    caribbean_invariants,
    rigadoon_invariants,
    ship_invariants,
    tortuga_invariants,
)

Checker = Callable[[Any, Any], None]

INVARIANTS: dict[str, Checker] = {
    "cardinal": cardinal_invariants.check,
    "caribbean": caribbean_invariants.check,
    "rigadoon": rigadoon_invariants.check,
    "ship": ship_invariants.check,
    "tortuga": tortuga_invariants.check,
}
