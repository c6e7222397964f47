"""The Cardinal board image: size, colours at known squares, every kind of state, change marks,
and fleets told apart by more than colour (a letter on every hull). Text size, contrast and
colour vision are checked for every game in ``test_legibility.py``."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from games import REGISTRY
from renderers import cardinal as picture
from renderers import render
from renderers.base import MARK
from renderers.cardinal import CELL, CROWDED, INFLUENCE, MARGIN, PANEL, SEAT_COLORS
from tests.renderers.legibility import Text, texts_drawn

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
    assert close(hull, SEAT_COLORS[0], 40)  # orange hull
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


# -- legibility and change marks ------------------------------------------------------------


def summoned_then_sent():
    """Rulings-style summon: Orange's a3 and b3 crowd b2 and b4; the pirate goes to b2."""
    before = play("place a1", "place a5", "place c1", "place c5", "place e1", "place e5",
                  "place a3", "place b3")  # fmt: skip
    return before, SPEC.apply(before, 1, "pirate b2")


def test_fleets_differ_by_letter_and_stay_apart_for_colour_blind_players():
    """Issue 14: "in a deuteranopia simulation Cardinal's orange and green hulls (the only way
    to tell the sides) ... become the same olive"."""
    state = play("place c3", "place d4")
    with texts_drawn() as drawn:
        picture.render(SPEC.view(state, None))
    on_board = [t for t in drawn if t.size >= 18 and t.text in ("O", "G")]
    assert sorted(t.text for t in on_board) == ["G", "O"]  # one letter on each ship's hull
    for text in on_board:
        seat = "OG".index(text.text)
        assert close(text.background, SEAT_COLORS[seat], 30)


def boats_drawn(state) -> tuple[list[tuple[float, float, float, float]], list[Text]]:
    boxes: list[tuple[float, float, float, float]] = []
    original = picture.draw_boat

    def spy(draw: Any, center: tuple[int, int], size: int, *args: Any, **kwargs: Any) -> None:
        x, y = center
        boxes.append((x - size / 2, y - size * 0.45, x + size / 2, y + size * 0.35))
        original(draw, center, size, *args, **kwargs)

    picture.draw_boat = spy  # type: ignore[assignment]
    try:
        with texts_drawn() as drawn:
            picture.render(SPEC.view(state, None))
    finally:
        picture.draw_boat = original
    return boxes, drawn


@pytest.mark.parametrize("actions", [(), ("place c3",), ("place c3", "place d4", "place a1")])
def test_the_to_move_label_never_sits_under_a_ship(actions: tuple[str, ...]):
    """Issue 14: "Cardinal's 'to move' label no longer sits under the ship icons"."""
    boxes, drawn = boats_drawn(play(*actions))
    status = [t for t in drawn if t.text == "to move"]
    assert len(status) == 1
    x0, y0, x1, y1 = status[0].box
    for bx0, by0, bx1, by1 in boxes:
        assert x1 <= bx0 or bx1 <= x0 or y1 <= by0 or by1 <= y0, (status[0].box, (bx0, by0))


def test_no_marks_draw_the_plain_board_byte_for_byte():
    _, after = summoned_then_sent()
    view = SPEC.view(after, None)
    plain = picture.render(view)
    assert picture.render(view, []) == plain
    assert picture.render(view, None) == plain
    assert render("cardinal", view) == plain


def mark_pixels(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    region = image.crop(box)
    colors = region.getcolors(region.width * region.height) or []
    return sum(n for n, c in colors if close(c, MARK, 30))


def test_marks_show_what_changed_and_pieces_keep_their_colours():
    before, after = summoned_then_sent()
    view = SPEC.view(after, None)
    marks = SPEC.changes(SPEC.view(before, 0), view)
    plain = Image.open(io.BytesIO(picture.render(view))).convert("RGB")
    marked = Image.open(io.BytesIO(picture.render(view, marks))).convert("RGB")

    def box(square: str) -> tuple[int, int, int, int]:
        col, row = ord(square[0]) - ord("a"), int(square[1:]) - 1
        x, y = MARGIN + col * CELL, MARGIN + PANEL + (4 - row) * CELL
        return x, y, x + CELL, y + CELL

    assert mark_pixels(marked, box("b2")) > 200  # a ring round the pirate that came on
    assert mark_pixels(marked, box("b3")) > 50  # a ghost where Green's ship went home
    assert mark_pixels(marked, box("d4")) == 0 and mark_pixels(plain, box("b2")) == 0
    top = (0, 0, marked.width, MARGIN + PANEL - 30)
    assert mark_pixels(marked, top) > 100  # Green's count in hand went from 1 to 2
    # Every pixel of every piece (ships and pirate) is the same colour as on the plain board.
    pieces = [SEAT_COLORS[0], SEAT_COLORS[1], (24, 24, 24), (60, 60, 60), (250, 250, 250)]
    for x in range(0, plain.width, 2):
        for y in range(0, plain.height, 2):
            color = plain.getpixel((x, y))
            if any(close(color, p, 6) for p in pieces):
                assert marked.getpixel((x, y)) == color, (x, y)
