"""A whole game as one animated picture: the public board after each move, frames
sampled when the game is long (:mod:`renderers.replay`), built by replaying the log.

Pure and slow (a second per few frames): the Discord side runs it off the event loop, one at a
time.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bot.play.history import walk
from bot.storage import GameRecord
from games import GameSpec
from renderers import render
from renderers.replay import MAX_FRAMES, pick_frames, replay


@dataclass(frozen=True)
class Animation:
    data: bytes  # an APNG
    frames: int
    moves: int


def public_boards(
    spec: GameSpec[Any], game: GameRecord, actions: Sequence[tuple[int, str]], most: int
) -> list[dict[str, Any]]:
    """The public views to draw: the opening board, then the board after each row of the log,
    at most ``most`` of them spread evenly (always the first and the last)."""
    keep = set(pick_frames(len(actions) + 1, most))
    state = spec.new(len(game.seats), game.seed, game.options)
    views = [spec.view(state, None)] if 0 in keep else []
    for step in walk(spec, game, actions):
        if step.version in keep:
            views.append(spec.view(step.after, None))
    return views


def animate(key: str, views: Sequence[dict[str, Any]]) -> bytes:
    """Draw each public view and join them into one APNG under the upload limit."""
    return replay([render(key, view) for view in views])


def build(
    spec: GameSpec[Any],
    game: GameRecord,
    actions: Sequence[tuple[int, str]],
    most: int = MAX_FRAMES,
) -> Animation:
    """The replay of ``game`` as far as ``actions`` go."""
    data = animate(spec.key, public_boards(spec, game, actions, most))
    with Image.open(io.BytesIO(data)) as image:
        frames = getattr(image, "n_frames", 1)  # fewer than drawn if the size budget bit
    return Animation(data, frames, len(actions))
