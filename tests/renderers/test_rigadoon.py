"""The Rigadoon renderer: valid, small PNGs across random games; this turn's moves, the Wind
card around a chosen ship and the end of a game; change marks that number a chain reaction's
sails and blasts and leave the pieces' colours alone; a board that reads on a 550 px phone and
for colour-blind players (issue 14)."""

from __future__ import annotations

import io
import itertools
import random
from typing import Any

import pytest
from PIL import Image

import renderers.rigadoon as board
from games.rigadoon import SPEC
from games.rigadoon.position import play, position
from renderers.base import MARK, PALETTE
from renderers.rigadoon import HEIGHT, SEA, SEAT_COLORS, SHALLOWS, WIDTH, render
from tests.renderers.legibility import SIMULATIONS, apart, contrast, illegible, texts_drawn

THOUSAND = {
    "blue": ["h6", "k10:0", "h9:2", "k13:2"],
    "green": ["j9", "g4", "i4", "m13:2"],
    "chests": ["k2", "k4", "e10", "l13"],
    "wind": "nw",
}


def sample_views(count: int = 30) -> list[dict]:
    picker = random.Random(5)
    views = []
    for i in range(count):
        state = SPEC.new(2, i)
        for _ in range(picker.randrange(0, 400)):
            if SPEC.outcome(state) is not None:
                break
            seat = SPEC.to_act(state)[0]
            state = SPEC.apply(state, seat, picker.choice(SPEC.legal_actions(state, seat)))
        views.append(SPEC.view(state, None))
    return views


def picture(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def near(pixel: tuple[int, ...], colour: tuple[int, int, int], slack: int = 10) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(pixel, colour, strict=False))


def center(square: str) -> tuple[int, int]:
    return board._center(board._cell(square))


def test_renders_valid_small_pngs():
    """Contract targets: < 300 KB, phone width (speed is measured by `parley bench`)."""
    render(SPEC.view(SPEC.new(2, 0), None))  # the cached sea is built once per process
    for view in sample_views():
        png = render(view)
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and image.size == (WIDTH, HEIGHT)
        assert 700 <= WIDTH <= 1000 and len(png) < 300_000


def test_draws_moves_wraps_card_and_outcome():
    """A wrap-around blast, a sail and a claim, the Wind card laid around a chosen ship, and a
    finished game: each changes the picture."""
    state = position(
        blue=["h9", "f12:0"], green=["e11:1"], chests=["b1"], wind="n", wind_changed=True
    )
    before = SPEC.view(state, None)
    after_view = SPEC.view(play(state, "sail h9 sw 2", "attack f11 f12"), None)
    assert after_view["moves"] and render(after_view) != render(before)
    assert before["focus"] == "h9"  # the only ship that can sail
    assert render(dict(before, focus=None)) != render(before)
    won = position(
        blue=["b1", "k2"], green=["g11"], chests=["b1", "l1"], wind="w", wind_changed=True
    )
    over = SPEC.view(play(won, "sail k2 ne 1"), None)
    assert over["outcome"] and Image.open(io.BytesIO(render(over))).format == "PNG"


def test_opening_view_renders():
    """Before the opening wind is picked there is no card yet."""
    view = SPEC.view(SPEC.new(2, 1), None)
    assert view["wind"] is None and render(view)


# -- change marks (issue 14) --------------------------------------------------------------------
def thousand_words() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """ "A thousand words", steps 1-3, seen by Green: a sail, four blasts (one across the edge),
    masts lost, a chest sunk and washed up on Island L1."""
    state = position(**THOUSAND)
    before = SPEC.view(state, 1)
    state = play(state, "sail h6 se 3", "attack k9 j9", "attack i9 h9", "sink", "island l1")
    after = SPEC.view(state, 1)
    return after, SPEC.changes(before, after)


def test_a_board_with_no_changes_is_the_plain_board():
    """PLAN: "a board with marks=[] or None is byte-identical to the plain board"."""
    for view in sample_views(6):
        assert render(view, []) == render(view) == render(view, None)
        assert render(view, SPEC.changes(view, view)) == render(view)


def test_every_sail_and_blast_is_a_numbered_mark_where_it_happened():
    """Issue 14: "Rigadoon draws every sail and every blast of a chain reaction as arrows, in
    order, numbered": the mark colour shows at each numbered step and at each ghost."""
    after, marks = thousand_words()
    numbered = [m for m in marks if m["kind"] == "move" and m.get("number")]
    assert [m["number"] for m in numbered] == [1, 2, 3, 4, 5]
    plain, marked = picture(render(after)), picture(render(after, marks))
    taken = {s["square"] for s in after["ships"]} | {c["square"] for c in after["chests"]}
    for mark in numbered:  # the number's disc, in the ghost or along the first step
        leg = board._legs([board._cell(s) for s in mark["path"]])[0]
        x, y = board._number_spot(leg, mark["path"][0] in taken)
        disc = [marked.getpixel((x + dx, y + 9)) for dx in range(-4, 5)]
        assert any(near(p, board.MARK_DARK, 30) for p in disc), mark["text"]
        assert not any(
            near(plain.getpixel((x + dx, y + 9)), board.MARK_DARK, 30) for dx in range(-4, 5)
        )
    for square in ("h6", "j9", "h9", "k10", "k13"):  # ghosts where the ships were
        x, y = center(square)
        ring = [marked.getpixel((x + dx, y + dy)) for dx in range(-24, 25) for dy in (-21, 21)]
        assert any(near(p, MARK, 30) for p in ring), square
    x, y = center("f9")  # a ring on a ship that lost a mast
    assert any(near(marked.getpixel((x + 26, y + dy)), MARK, 30) for dy in range(-3, 4))


def test_marked_pieces_keep_their_own_colours():
    """Issue 14: "pieces keep their own colours on a marked board" (the old tint turned them
    olive): every ship's hull, and every chest, has the same colour with and without marks."""
    after, marks = thousand_words()
    plain, marked = picture(render(after)), picture(render(after, marks))
    for ship in after["ships"]:
        x, y = center(ship["square"])
        spot = (x - 12, y + 8)  # inside the hull, clear of the mast number
        assert near(marked.getpixel(spot), SEAT_COLORS[ship["fleet"]]), ship
        assert marked.getpixel(spot) == plain.getpixel(spot)
    for chest in after["chests"]:
        if chest["square"]:
            x, y = center(chest["square"])
            assert marked.getpixel((x, y + 6)) == plain.getpixel((x, y + 6))


def test_the_wind_change_rings_the_card():
    state = position(blue=["b3", "k3:1"], green=["k11"], wind="w")
    before = SPEC.view(state, 0)
    after = SPEC.view(play(state, "change wind"), 0)
    marks = SPEC.changes(before, after)
    assert [m["what"] for m in marks] == ["wind"]
    x0, y0, _, _ = board.CARD_BOX
    edge = picture(render(after, marks)).getpixel((x0 - 5, y0 + 100))
    assert near(edge, MARK, 30) and not near(
        picture(render(after)).getpixel((x0 - 5, y0 + 100)), MARK, 30
    )


# -- legibility and colour vision (issue 14; every game's texts: test_legibility.py) --------
def test_the_numbered_chain_reads_on_a_phone():
    """Issue 14: "no text smaller than 9 px tall at that width, and text contrast at least
    4.5:1 against what is behind it", here with a whole chain reaction's numbered marks."""
    after, marks = thousand_words()
    board._sea.cache_clear()
    with texts_drawn() as drawn:
        png = render(after, marks)
    assert any(text.text == "5" for text in drawn)  # the chain's step numbers are checked
    assert not illegible(png, drawn)


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_fleet_colours_stay_apart_from_the_sea_and_the_marks(vision):
    """Issue 14: the two fleets stay >= 35 CIELAB units apart, each >= 20 from the sea, the
    Shallows and the mark colour, for every colour vision (Machado et al. 2009)."""
    blue, green = SEAT_COLORS
    assert apart(blue, green, vision) >= 35
    for colour, other in itertools.product(SEAT_COLORS, (SEA, SHALLOWS, MARK)):
        assert apart(colour, other, vision) >= 20, other


def test_fleets_differ_by_shape_too():
    """Issue 14: "Sides and seats never differ by colour alone": Blue hulls are round, Green
    ones square, so a hull's corner is sea for Blue and hull for Green."""
    state = position(blue=["c3"], green=["j3"], wind="n")
    image = picture(render(SPEC.view(state, None)))
    for square, fleet, corner_is_hull in (("c3", 0, False), ("j3", 1, True)):
        x, y = center(square)
        assert near(image.getpixel((x, y + 12)), SEAT_COLORS[fleet])
        assert near(image.getpixel((x - 14, y - 14)), SEAT_COLORS[fleet]) is corner_is_hull
    assert contrast(SEAT_COLORS[0], PALETTE["white"]) >= 4.5
    assert contrast(SEAT_COLORS[1], PALETTE["ink"]) >= 4.5
