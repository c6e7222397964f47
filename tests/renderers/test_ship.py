"""The Ship picture: readable size, the mover's side at the bottom, waves, Captains, the last
move and pieces overboard actually drawn, and fast enough for the bot."""

from __future__ import annotations

import io
import random

from PIL import Image

from games.ship import SPEC
from renderers.ship import render
from tests.games.test_ship import STERN, play, position

RED = (196, 40, 48)
BLACK = (34, 34, 40)
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
