"""Board images: ``render(key, view)`` turns an engine view into PNG bytes.

Each game has one module here exposing ``render(view) -> bytes``; the registry maps game keys
to those functions so the bot never branches on a game's name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from renderers import cardinal, caribbean, rigadoon, ship, tortuga

Renderer = Callable[[dict[str, Any]], bytes]

RENDERERS: dict[str, Renderer] = {
    "cardinal": cardinal.render,
    "caribbean": caribbean.render,
    "rigadoon": rigadoon.render,
    "ship": ship.render,
    "tortuga": tortuga.render,
}


def render(key: str, view: dict[str, Any]) -> bytes:
    return RENDERERS[key](view)
