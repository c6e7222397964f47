"""Board images: ``render(key, view, marks)`` turns an engine view into PNG bytes.

Each game has one module here named by its registry key, exposing
``render(view, marks=None) -> bytes`` (``marks``: the game's ``changes`` to draw). The table
below is derived from the game registry, so adding a game means adding its module; the bot
never branches on a game's name. A board's words are in the language spoken when it is drawn
(``games.core.words.speaking``: the bot sets it, and a worker process is handed the code).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from games import REGISTRY
from games.core import Change, View
from renderers.base import KEY_TITLE

Marks = list[Change]
Renderer = Callable[[View, Marks | None, str], bytes]

RENDERERS: dict[str, Renderer] = {
    key: importlib.import_module(f"renderers.{key}").render for key in REGISTRY
}


def render(key: str, view: View, marks: Marks | None = None, key_title: str = KEY_TITLE) -> bytes:
    """The board of ``view``, with ``marks`` (what changed) drawn over it when given, and a
    key to the marks under ``key_title``."""
    return RENDERERS[key](view, marks, key_title)
