"""The rating chart: a small PNG for any run of ratings, text legible on a phone."""

from __future__ import annotations

import io

from PIL import Image

from renderers.base import label_size
from renderers.chart import HEIGHT, WIDTH, render, step_of


def test_the_chart_draws_flat_short_and_long_runs_at_its_size():
    runs = [
        [(1500, True), (1500, True)],
        [(1524, True), (1487, True), (1566, False)],
        [(1500 + (n * 37) % 300, n < 5) for n in range(200)],
    ]
    for run in runs:
        with Image.open(io.BytesIO(render("alice · Cardinal rating", run))) as image:
            assert image.size == (WIDTH, HEIGHT)
    assert label_size(WIDTH) * 360 / WIDTH >= 8  # its text is at least label size


def test_value_lines_are_round_and_few():
    assert step_of(1500, 1500) == 5 and step_of(1487, 1566) == 20 and step_of(1200, 2400) == 500
