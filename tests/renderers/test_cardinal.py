"""The Cardinal board image: size, colours at known squares, every kind of state, change marks,
and legibility (issue 14): text size at phone width, text contrast, and fleets told apart by
more than colour, for every colour vision.

The legibility helpers here (a spy on every text drawn, WCAG contrast, colour-vision
simulation) are shared with the Ship picture's tests.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image, ImageDraw

from games import REGISTRY
from renderers import cardinal as picture
from renderers import render
from renderers.base import MARK
from renderers.cardinal import CELL, CROWDED, FLEET_COLORS, INFLUENCE, MARGIN, PANEL

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
    assert close(hull, FLEET_COLORS[0], 40)  # orange hull
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


# -- legibility helpers (shared with the Ship picture's tests) ------------------------------

PHONE_WIDTH = 550
Rgb = tuple[int, int, int]


def linear(channel: float) -> float:
    channel /= 255
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def luminance(color: Rgb) -> float:
    """WCAG 2 relative luminance."""
    r, g, b = (linear(c) for c in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Rgb, b: Rgb) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


# Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB.
SIMULATIONS: dict[str, tuple[tuple[float, float, float], ...]] = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}  # fmt: skip


def simulate(color: Rgb, deficiency: str) -> Rgb:
    """How ``color`` looks with a colour-vision deficiency."""
    rows = SIMULATIONS[deficiency]
    lin = [linear(c) for c in color]
    out = []
    for row in rows:
        v = min(1.0, max(0.0, sum(k * c for k, c in zip(row, lin, strict=True))))
        v = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
        out.append(round(v * 255))
    return out[0], out[1], out[2]


def lab_distance(a: Rgb, b: Rgb) -> float:
    """CIE76 colour difference (delta E)."""

    def lab(color: Rgb) -> tuple[float, float, float]:
        r, g, b = (linear(c) for c in color)
        x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

        def f(t: float) -> float:
            return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

        return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))

    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b), strict=True)) ** 0.5


def assert_sides_stay_apart(colors: tuple[Rgb, Rgb]) -> None:
    """Two seat colours stay apart in lightness and in hue for normal vision and under
    deuteranopia, protanopia and tritanopia."""
    for deficiency in (None, *SIMULATIONS):
        a, b = (c if deficiency is None else simulate(c, deficiency) for c in colors)
        assert contrast(a, b) >= 3.0, (deficiency, a, b)
        assert lab_distance(a, b) >= 40, (deficiency, a, b)


@dataclass
class Text:
    text: str
    size: int
    color: Rgb
    background: Rgb
    box: tuple[int, int, int, int]
    canvas: tuple[int, int]  # size of the image drawn on (a palette swatch is not the board)


@contextmanager
def texts_drawn() -> Iterator[list[Text]]:
    """Every text any renderer draws meanwhile, with its font size, colour and the colour most
    of the box behind it had just before (what the text must stand out from)."""
    drawn: list[Text] = []
    original: Callable[..., Any] = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, fill: Any = None, font: Any = None,
            anchor: Any = None, *args: Any, **kwargs: Any) -> None:  # fmt: skip
        box = self.textbbox(xy, text, font=font, anchor=anchor)
        region = self._image.crop(box).convert("RGB")  # type: ignore[attr-defined]
        background = max(region.getcolors(region.width * region.height) or [(0, fill)])[1]
        canvas = self._image.size  # type: ignore[attr-defined]
        drawn.append(Text(str(text), font.size, tuple(fill[:3]), background, box, canvas))
        original(self, xy, text, fill, font, anchor, *args, **kwargs)

    ImageDraw.ImageDraw.text = spy  # type: ignore[method-assign]
    try:
        yield drawn
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]


def assert_legible(png: bytes, drawn: list[Text]) -> None:
    """No text under 9 px tall once the picture is scaled to a 550 px wide phone, and every
    text at least 4.5:1 against what is behind it."""
    size = Image.open(io.BytesIO(png)).size
    on_board = [text for text in drawn if text.canvas == size]
    assert on_board
    for text in on_board:
        assert text.size * PHONE_WIDTH / size[0] >= 9, text
        assert contrast(text.color, text.background) >= 4.5, text


# -- legibility and change marks ------------------------------------------------------------


def summoned_then_sent():
    """Rulings-style summon: Orange's a3 and b3 crowd b2 and b4; the pirate goes to b2."""
    before = play("place a1", "place a5", "place c1", "place c5", "place e1", "place e5",
                  "place a3", "place b3")  # fmt: skip
    return before, SPEC.apply(before, 1, "pirate b2")


def legibility_states():
    before, after = summoned_then_sent()
    yield before, None
    yield after, SPEC.changes(SPEC.view(before, 0), SPEC.view(after, 0))
    yield play("place a1", "place a5", "place c1", "place c5", "place e1", "place e5",
               "place a3", "place b3", "pirate b2", "place e3"), None  # fmt: skip
    yield play(board="6x6"), None
    yield play("place c3", board="compass"), None


def test_text_is_legible_at_phone_width():
    for state, marks in legibility_states():
        with texts_drawn() as drawn:
            png = picture.render(SPEC.view(state, None), marks)
        assert_legible(png, drawn)


def test_fleets_differ_by_letter_and_stay_apart_for_colour_blind_players():
    """Issue 14: "in a deuteranopia simulation Cardinal's orange and green hulls (the only way
    to tell the sides) ... become the same olive"."""
    assert_sides_stay_apart(FLEET_COLORS)
    state = play("place c3", "place d4")
    with texts_drawn() as drawn:
        picture.render(SPEC.view(state, None))
    on_board = [t for t in drawn if t.size >= 18 and t.text in ("O", "G")]
    assert sorted(t.text for t in on_board) == ["G", "O"]  # one letter on each ship's hull
    for text in on_board:
        seat = "OG".index(text.text)
        assert close(text.background, FLEET_COLORS[seat], 30)


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
    pieces = [FLEET_COLORS[0], FLEET_COLORS[1], (24, 24, 24), (60, 60, 60), (250, 250, 250)]
    for x in range(0, plain.width, 2):
        for y in range(0, plain.height, 2):
            color = plain.getpixel((x, y))
            if any(close(color, p, 6) for p in pieces):
                assert marked.getpixel((x, y)) == color, (x, y)
