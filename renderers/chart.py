"""A player's rating over their rated games, as a small line chart for ``/parley stats``.

A pure function of the numbers shown (points, and whether each was provisional), drawn with
the boards' font and palette: provisional points are hollow, as the '?' marks them in text.
Every text is at least ``label_size`` high, so it stays legible on a phone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from games.core.words import t
from renderers.base import PALETTE, font, label_size, new_canvas, png_bytes, shorten

WIDTH, HEIGHT = 600, 240
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 64, 24, 40, 34


def step_of(low: int, high: int) -> int:
    """A round gap between the value lines (10, 20, 50, 100, ...): three or four lines."""
    span = max(high - low, 1)
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 4:
            return step
    return int(10 ** math.ceil(math.log10(span)))


def render(title: str, points: Sequence[tuple[int, bool]]) -> bytes:
    """The chart of ``points`` (a rating after each rated game, oldest first, each with
    whether it was provisional) under ``title``, as PNG bytes."""
    image = new_canvas(WIDTH, HEIGHT)
    draw = ImageDraw.Draw(image)
    size = label_size(WIDTH)
    text_font, title_font = font(size), font(size + 2, bold=True)
    ink, grid = PALETTE["ink"], PALETTE["grid"]
    draw.text((12, 10), shorten(title, title_font, WIDTH - 24), fill=ink, font=title_font)

    values = [value for value, _ in points]
    step = step_of(min(values), max(values))
    low = step * math.floor(min(values) / step)
    high = max(step * math.ceil(max(values) / step), low + step)
    left, right = MARGIN_LEFT, WIDTH - MARGIN_RIGHT
    top, bottom = MARGIN_TOP, HEIGHT - MARGIN_BOTTOM

    def y_of(value: float) -> float:
        return bottom - (value - low) * (bottom - top) / (high - low)

    def x_of(index: int) -> float:
        return left + index * (right - left) / max(len(points) - 1, 1)

    for value in range(low, high + 1, step):
        y = y_of(value)
        draw.line([(left, y), (right, y)], fill=PALETTE["shallows"], width=1)
        draw.text((left - 8, y), str(value), fill=ink, font=text_font, anchor="rm")
    draw.line([(left, top), (left, bottom), (right, bottom)], fill=grid, width=2)
    draw.text((left, bottom + 6), t("game {n}", n=1), fill=ink, font=text_font, anchor="lt")
    last = t("game {n}", n=len(points))
    draw.text((right, bottom + 6), last, fill=ink, font=text_font, anchor="rt")

    line = [(x_of(i), y_of(value)) for i, value in enumerate(values)]
    draw.line(line, fill=PALETTE["deep"], width=3, joint="curve")
    radius = 5 if len(points) <= 40 else 3
    for (x, y), (_, unsure) in zip(line, points, strict=True):
        box = (x - radius, y - radius, x + radius, y + radius)
        fill = PALETTE["background"] if unsure else PALETTE["deep"]
        draw.ellipse(box, fill=fill, outline=PALETTE["deep"], width=2)
    if any(unsure for _, unsure in points):
        middle = (left + right) // 2
        ring = (middle - 50 - 5, bottom + 13 - 5, middle - 50 + 5, bottom + 13 + 5)
        draw.ellipse(ring, fill=PALETTE["background"], outline=PALETTE["deep"], width=2)
        provisional = t("provisional")
        draw.text((middle - 40, bottom + 6), provisional, fill=ink, font=text_font, anchor="lt")
    return png_bytes(image)
