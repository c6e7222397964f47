"""The replay of a whole game: an animated GIF, which Discord plays inline, under the upload
limit; a title card first, every board captioned with its move, the first and last frames held."""

from __future__ import annotations

import io
import random

from PIL import Image

from renderers.base import PALETTE, new_canvas, png_bytes
from renderers.replay import (
    FRAME_MS,
    LAST_FRAME_MS,
    TITLE_MS,
    caption_height,
    pick_frames,
    replay,
)

CARD = ["Cardinal #7", "Orange wins. All five ships are on the board.", "4 moves", "Orange"]
RED = (200, 40, 40)


def _boards(count: int, noisy: bool = False) -> list[tuple[int, bytes]]:
    picker = random.Random(1)
    boards = []
    for i in range(count):
        canvas = new_canvas(300, 200)
        for x in range(0, 300, 10) if noisy else ():
            for y in range(0, 200, 10):
                canvas.paste((picker.randrange(256),) * 3, (x, y, x + 10, y + 10))
        canvas.paste(RED, (i % 290, 10, i % 290 + 10, 20))
        boards.append((i, png_bytes(canvas)))
    return boards


def _frames(data: bytes) -> list[tuple[Image.Image, int]]:
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF" and image.is_animated
    frames = []
    for n in range(image.n_frames):
        image.seek(n)
        frames.append((image.convert("RGB"), image.info["duration"]))
    return frames


def _has(image: Image.Image, color: tuple[int, int, int], box: tuple[int, int, int, int]) -> bool:
    return color in {rgb for _, rgb in image.crop(box).getcolors(1 << 16) or []}


def test_a_short_game_is_a_title_card_then_every_board_captioned():
    frames = _frames(replay(_boards(5), CARD))
    assert len(frames) == 1 + 5  # the title card, then the opening board and four moves
    strip = caption_height(300)
    assert all(image.size == (300, 200 + strip) for image, _ in frames)
    assert [ms for _, ms in frames] == [TITLE_MS] + [FRAME_MS] * 4 + [LAST_FRAME_MS]
    assert TITLE_MS > FRAME_MS < LAST_FRAME_MS
    card, *boards = (image for image, _ in frames)
    assert not _has(card, RED, (0, 0, 300, 200 + strip))  # no board on the card
    assert _has(card, PALETTE["ink"], (0, 0, 300, 200))  # its words
    for image in boards:
        assert _has(image, RED, (0, 0, 300, 200))
        assert _has(image, PALETTE["ink"], (0, 200, 300, 200 + strip))  # "move N of 4"
    # the captions differ (N), so no two boards merge into one frame
    assert len({image.crop((0, 200, 300, 200 + strip)).tobytes() for image in boards}) == 5


def test_a_long_game_is_sampled_keeping_the_first_and_last_board():
    keep = pick_frames(1000, 120)
    assert len(keep) == 120 and keep[0] == 0 and keep[-1] == 999
    assert pick_frames(7, 120) == list(range(7))


def test_a_replay_too_large_is_shrunk_under_the_budget():
    data = replay(_boards(60, noisy=True), CARD, max_bytes=150_000)
    assert len(data) <= 150_000
    assert len(_frames(data)) >= 3
