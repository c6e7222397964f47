"""Per-game invariants checked after every action of the random playouts.

Each game's checker lives in ``tests/games/<key>_invariants.py`` as ``check(spec, state)``;
the table is derived from the game registry, so a new game adds its module and nothing here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from games import REGISTRY

Checker = Callable[[Any, Any], None]

INVARIANTS: dict[str, Checker] = {
    key: importlib.import_module(f"tests.games.{key}_invariants").check for key in REGISTRY
}
