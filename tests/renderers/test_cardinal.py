"""The Cardinal board image: size, colours at known squares, every kind of state."""

from __future__ import annotations

import io

from PIL import Image

from games import REGISTRY
from renderers import render
from renderers.cardinal import CELL, CROWDED, INFLUENCE, MARGIN, PANEL

SPEC = REGISTRY["cardinal"]


def play(*actions: str, **options: str):
    state = SPEC.new(2, 1, {"first": "orange", **options})
    for action in actions:
        state = SPEC.apply(state, SPEC.to_act(state)[0], action)
    return state


def image_of(state) -> Image.Image:
    png = render("cardinal", SPEC.view(state, None))
    assert png.startswith(b"\x89PNG") and len(png) < 300_000
    return Image.open(io.BytesIO(png)).convert("RGB")


def pixel(image: Image.Image, square: str, dx: int = 8, dy: int = 8) -> tuple[int, int, int]:
    """A pixel near the top-left corner of a square (inside it, away from pieces)."""
    col, row = ord(square[0]) - ord("a"), int(square[1:]) - 1
    x = MARGIN + col * CELL + dx
    y = MARGIN + PANEL + (4 - row) * CELL + dy
    return image.getpixel((x, y))


def close(a, b, tolerance: int = 24) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def test_size_is_phone_friendly():
    image = image_of(play())
    assert 600 <= image.width <= 1000 and image.height < 1000


def test_crowded_squares_and_the_pirates_influence_are_coloured():
    summoning = play(
        "place a1",
        "place a5",
        "place c1",
        "place c5",
        "place e1",
        "place e5",
        "place a3",
        "place b3",
    )
    image = image_of(summoning)
    assert close(pixel(image, "b4", 20, 20), CROWDED)
    assert close(pixel(image, "b2", 20, 20), CROWDED)
    after = SPEC.apply(summoning, 1, "pirate b2")
    image = image_of(after)
    for square in ("a2", "c2", "b1", "b3"):
        assert close(pixel(image, square, 20, 20), INFLUENCE), square


def test_ships_are_drawn_in_fleet_colours_and_the_last_move_highlighted():
    state = play("place c3")
    image = image_of(state)
    col, row = 2, 2
    hull = image.getpixel(
        (MARGIN + col * CELL + CELL // 2, MARGIN + PANEL + (4 - row) * CELL + CELL // 2 + 16)
    )
    assert close(hull, (232, 122, 28), 40)  # orange hull
    assert close(pixel(image, "c3", 4, 4), (255, 204, 0), 40)  # highlight
    assert not close(pixel(image, "d4", 4, 4), (255, 204, 0), 40)


def test_every_state_renders_including_the_end():
    state = play(
        "place a1",
        "place a5",
        "place c1",
        "place c5",
        "place e1",
        "place e5",
        "place a3",
        "place b3",
        "pirate b2",
        "place e3",
    )
    assert SPEC.outcome(state).winners == [0]
    image_of(state)
    image_of(play(board="compass"))
    image_of(play(board="6x6"))
