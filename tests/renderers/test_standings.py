"""The league table picture: one row per player up to a limit (then a line saying how many
more), the podium tinted, text legible on a phone."""

from __future__ import annotations

import io

from PIL import Image

from renderers.standings import MOST_ROWS, PODIUM, WIDTH, Row, render


def rows(count: int) -> list[Row]:
    return [Row(i + 1, f"player {i + 1}", "1.5", ("3", "2.25"), 1, i == 4) for i in range(count)]


def test_the_table_grows_with_its_rows_up_to_the_limit():
    heights = []
    for count in (1, 8, MOST_ROWS, MOST_ROWS + 20):
        with Image.open(
            io.BytesIO(render("Spring · round 2 of 5", ("BH", "SB"), rows(count)))
        ) as im:
            assert im.width == WIDTH
            heights.append(im.height)
    assert heights[0] < heights[1] < heights[2] < heights[3]
    assert heights[3] - heights[2] < heights[2] // MOST_ROWS * 2  # one line of "more", not 20 rows


def test_the_podium_rows_are_tinted_gold_silver_and_bronze():
    with Image.open(io.BytesIO(render("Spring", ("BH", "SB"), rows(4)))) as image:
        colours = {image.convert("RGB").getpixel((WIDTH - 12, y)) for y in range(image.height)}
    assert set(PODIUM) <= colours
