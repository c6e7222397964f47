"""``tint_changes``: the generic "since you last looked" picture."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from renderers.base import PALETTE, png_bytes, tint_changes


def board(with_piece: bool) -> bytes:
    image = Image.new("RGB", (240, 120), (70, 130, 180))
    if with_piece:
        ImageDraw.Draw(image).ellipse([170, 40, 210, 80], fill=(200, 40, 40))
    return png_bytes(image)


def test_only_the_changed_blocks_are_tinted():
    result = Image.open(io.BytesIO(tint_changes(board(False), board(True)))).convert("RGB")
    untouched = result.getpixel((20, 20))
    assert untouched == (70, 130, 180)
    tinted = result.getpixel((176, 46))  # background inside a changed block turns yellowish
    assert tinted != (70, 130, 180)
    assert abs(tinted[0] - 70) > 40 and tinted[0] < PALETTE["highlight"][0] + 1


def test_boards_of_different_sizes_are_left_alone():
    other = png_bytes(Image.new("RGB", (10, 10)))
    assert tint_changes(other, board(True)) == board(True)
