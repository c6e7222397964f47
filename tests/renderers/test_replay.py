"""The replay of a whole game (issue 16): an animated PNG under the upload limit."""

from __future__ import annotations

import io
import random

from PIL import Image

from renderers.base import new_canvas, png_bytes
from renderers.replay import pick_frames, replay


def _boards(count: int, noisy: bool = False) -> list[bytes]:
    picker = random.Random(1)
    boards = []
    for i in range(count):
        canvas = new_canvas(300, 200)
        for x in range(0, 300, 10) if noisy else ():
            for y in range(0, 200, 10):
                canvas.paste((picker.randrange(256),) * 3, (x, y, x + 10, y + 10))
        canvas.paste((200, 40, 40), (i % 290, 10, i % 290 + 10, 20))
        boards.append(png_bytes(canvas))
    return boards


def test_a_short_game_keeps_every_board_as_a_frame():
    data = replay(_boards(5))
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and getattr(image, "n_frames", 1) == 5
    assert image.size == (300, 200)


def test_a_long_game_is_sampled_keeping_the_first_and_last_board():
    keep = pick_frames(1000, 120)
    assert len(keep) == 120 and keep[0] == 0 and keep[-1] == 999
    assert pick_frames(7, 120) == list(range(7))


def test_a_replay_too_large_is_shrunk_under_the_budget():
    boards = _boards(60, noisy=True)
    data = replay(boards, max_bytes=400_000)
    assert len(data) <= 400_000
    assert getattr(Image.open(io.BytesIO(data)), "n_frames", 1) >= 2
