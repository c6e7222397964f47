"""The Ship picture: readable size, the mover's side at the bottom, waves, Captains, the last
move and pieces overboard actually drawn, change marks, and legibility (issue 14)."""

from __future__ import annotations

import io
import random

from PIL import Image

from games.ship import SPEC
from renderers.base import MARK
from renderers.ship import HEADER, PLANKS, SEAT_COLORS, render
from tests.games.test_ship import BOW, STERN, play, position
from tests.renderers.legibility import illegible, texts_drawn

RED = SEAT_COLORS[STERN]
BLACK = SEAT_COLORS[BOW]
GOLD = (212, 168, 40)
WAVE = (140, 196, 214)


def picture(view: dict) -> Image.Image:
    return Image.open(io.BytesIO(render(view))).convert("RGB")


def count(image: Image.Image, color: tuple[int, int, int], box=None) -> int:
    """Pixels within a small distance of ``color`` (the palette quantiser moves colours a bit)."""
    region = image.crop(box) if box else image
    return sum(
        n
        for n, c in region.getcolors(1 << 20)
        if sum(abs(a - b) for a, b in zip(c, color, strict=True)) <= 12
    )


def halves(image: Image.Image) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    """Upper and lower half of the deck area (between the header and the footer)."""
    width, height = image.size
    top, bottom = 90, height - 110
    middle = (top + bottom) // 2
    return (0, top, width, middle), (0, middle, width, bottom)


def test_png_is_phone_sized_and_small():
    for options in ({}, {"board": "9x11"}):
        data = render(SPEC.view(SPEC.new(2, 0, options), None))
        image = Image.open(io.BytesIO(data))
        assert 800 <= image.width <= 1000
        assert image.height <= 1300
        assert len(data) < 300_000


def test_the_player_to_move_sees_their_home_at_the_bottom():
    """Stern's Mates fill the lower half when Stern is to move, Bow's when Bow is."""
    state = SPEC.new(2, 0)
    stern_view = picture(SPEC.view(state, None))
    top, bottom = halves(stern_view)
    assert count(stern_view, RED, bottom) > 5 * count(stern_view, RED, top)
    bow_turn = play(state, "move d3 d4")
    bow_view = picture(SPEC.view(bow_turn, None))
    top, bottom = halves(bow_view)
    assert count(bow_view, BLACK, bottom) > 5 * count(bow_view, BLACK, top)
    assert count(bow_view, RED, top) > 5 * count(bow_view, RED, bottom)


def test_wave_tiles_are_drawn():
    image = picture(SPEC.view(SPEC.new(2, 0), None))
    cell_area = 80 * 80
    assert count(image, WAVE) > 4 * cell_area // 2  # four mostly-blue tiles


def test_captains_look_different_from_mates():
    diagram = """
      5   .  .  .  {piece}  .  .  .
      9   .  .  .  .  .  .  b
    """
    mate = picture(SPEC.view(position(diagram.format(piece="s"), STERN), None))
    captain = picture(SPEC.view(position(diagram.format(piece="S"), STERN), None))
    assert count(captain, GOLD) > count(mate, GOLD) + 1500


def test_last_move_and_overboard_piece_are_shown():
    """The W2 example: the arrow of the move and the fallen Bow Mate in the sea."""
    state = position(
        """
      6   .  b  .  b  .  <  .
      5   .  .  .  .  .  .  s
      4   .  >  .  .  s  <  .
      9   .  .  .  b  .  .  .
    """,
        STERN,
    )
    after = SPEC.view(play(state, "move e4 f4"), None)
    last = after["last_move"]
    quiet = {
        **after,
        "last_move": {**last, "wave": {**last["wave"], "overboard": None, "shifts": []}},
    }
    shown, hidden = picture(after), picture(quiet)
    sea_west = (0, 100, 100, shown.height - 120)  # the sea beside the deck, below the header
    sea_east = (shown.width - 100, 100, shown.width, shown.height - 120)
    assert count(shown, BLACK, sea_west) + count(shown, BLACK, sea_east) > 800
    assert count(hidden, BLACK, sea_west) + count(hidden, BLACK, sea_east) < 800
    no_last = picture({**after, "last_move": None})
    assert count(shown, (255, 204, 0)) > count(no_last, (255, 204, 0)) + 1000


def test_render_is_pure():
    """Same view, same bytes (speed is measured by `parley bench`)."""
    picker = random.Random(4)
    state = SPEC.new(2, 4)
    views = []
    while SPEC.outcome(state) is None and len(views) < 40:
        state = SPEC.apply(
            state, state.to_move, picker.choice(SPEC.legal_actions(state, state.to_move))
        )
        views.append(SPEC.view(state, None))
    for view in views:
        assert render(view) == render(view)


W2 = """
      6   .  b  .  b  .  <  .
      5   .  .  .  .  .  .  s
      4   .  >  .  .  s  <  .
      3   .  .  .  S  .  .  .
      9   .  .  .  b  .  .  .
"""


def legibility_views():
    yield SPEC.view(SPEC.new(2, 0), None), None
    state = position(W2, STERN)
    after = play(state, "move e4 f4")
    yield SPEC.view(after, None), SPEC.changes(SPEC.view(state, BOW), SPEC.view(after, BOW))
    yield (
        SPEC.view(play(position("2 . . . S . . .\n9 b . . . . . .", STERN), "move d2 d1"), None),
        None,
    )
    yield SPEC.view(SPEC.new(2, 1, {"board": "9x11"}), None), None
    yield (
        SPEC.view(play(position("8 . . . B . . .\n1 s . . . . . .", BOW), "move d8 e8"), None),
        None,
    )


def test_text_is_legible_at_phone_width():
    """Issue 14: "Ship's footer has 2.45:1 contrast"; now every text reaches 4.5:1 and stays
    9 px tall or more at 550 px wide."""
    for view, marks in legibility_views():
        with texts_drawn() as drawn:
            png = render(view, marks)
        assert not illegible(png, drawn)
        footer = [t for t in drawn if "jumped" in t.text]
        assert len(footer) == 1


def test_sides_differ_by_shape_and_letter_and_stay_apart_for_colour_blind_players():
    """Issue 14: "Sides and seats never differ by colour alone"."""
    state = position("5 . . s . b . .\n7 . . . . . . B\n2 S . . . . . .", STERN)
    with texts_drawn() as drawn:
        image = Image.open(io.BytesIO(render(SPEC.view(state, None)))).convert("RGB")
    letters = {t.text: t for t in drawn if t.text in ("S", "B") and t.box[1] > HEADER}
    assert sorted(letters) == ["B", "S"]  # each Mate carries its side's letter
    # Stern's pieces are round, Bow's square: how far a piece reaches along a diagonal,
    # against along a row, is about 0.71 for a disc and near 0.9 for a square.
    shape = {}
    for letter, text in letters.items():
        x0, y0, x1, y1 = text.box
        centre = ((x0 + x1) // 2, (y0 + y1) // 2)
        shape[letter] = _reach(image, centre, (1, 1)) / _reach(image, centre, (1, 0))
    assert shape["S"] < 0.78 < 0.86 < shape["B"], shape


def _reach(image: Image.Image, centre: tuple[int, int], step: tuple[int, int]) -> int:
    """Pixels from ``centre`` along ``step`` until the deck's planks show."""
    x, y = centre
    for k in range(1, 80):
        color = image.getpixel((x + k * step[0], y + k * step[1]))
        if any(_near(color, plank, 16) for plank in PLANKS):
            return k
    raise AssertionError("no deck around the piece")


def _near(a, b, tolerance: int = 12) -> bool:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance


def test_no_marks_draw_the_plain_deck_byte_for_byte():
    view = SPEC.view(play(position(W2, STERN), "move e4 f4"), None)
    assert render(view, []) == render(view) == render(view, None)


def test_marks_show_the_move_and_the_wave_and_pieces_keep_their_colours():
    """The W2 wave seen by Bow: ghosts and arrows for Stern's step and the slid Mates, and no
    piece repainted."""
    state = position(W2, STERN)
    after = play(state, "move e4 f4")
    view = SPEC.view(after, None)
    marks = SPEC.changes(SPEC.view(state, BOW), view)
    plain = picture(view)
    marked = Image.open(io.BytesIO(render(view, marks))).convert("RGB")
    assert count(plain, MARK) == 0
    assert count(marked, MARK) > 400
    for x in range(0, plain.width, 2):
        for y in range(0, plain.height, 2):
            color = plain.getpixel((x, y))
            if _near(color, RED, 6) or _near(color, BLACK, 6) or _near(color, GOLD, 6):
                assert marked.getpixel((x, y)) == color, (x, y)
    promoted = position("8 . . . s . . .\n1 b . . . . . .", STERN)
    crowned = play(promoted, "move d8 d9")
    ring = SPEC.changes(SPEC.view(promoted, BOW), SPEC.view(crowned, BOW))
    assert [m["kind"] for m in ring] == ["move", "promote"]
    with_ring = Image.open(io.BytesIO(render(SPEC.view(crowned, None), ring))).convert("RGB")
    assert count(with_ring, MARK) > count(picture(SPEC.view(crowned, None)), MARK) + 300
