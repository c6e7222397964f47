"""The Caribbean board image: valid, small, public-only, legible on a phone and for colour-blind
players, showing the ship now moving, and marking what changed without repainting pieces."""

from __future__ import annotations

import io
import itertools
import math
import random
from typing import Any

import pytest
from PIL import Image, ImageDraw

from games.caribbean import SPEC
from games.caribbean.data import COLOURS
from games.caribbean.position import build_position, sailing
from games.caribbean.rules import havens
from games.caribbean.state import CaribbeanState
from renderers import caribbean
from renderers.base import MARK
from renderers.caribbean import (
    CHEST,
    COIN,
    PATH_NOW,
    SEA,
    SEAT_COLOR_BY_NAME,
    SHIP_HULL,
    center,
    coin_center,
    haven_badge,
    land_chest,
)
from tests.renderers.legibility import PHONE_WIDTH as PHONE
from tests.renderers.legibility import SIMULATIONS, apart, contrast, illegible, texts_drawn


def near(pixel: tuple[int, ...], colour: tuple[int, int, int], slack: int = 6) -> bool:
    """Within the rounding of the 128-colour palette the board is encoded with."""
    return all(abs(a - b) <= slack for a, b in zip(pixel, colour, strict=True))


def picture(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def random_view(players: int, seed: int, phase: str) -> tuple[CaribbeanState, dict[str, Any]]:
    """Play randomly from a new game until ``phase`` comes up, after a few rounds."""
    picker = random.Random(seed)
    state = SPEC.new(players, seed)
    while not (state.phase == phase and state.round >= 2) and SPEC.outcome(state) is None:
        seat = picker.choice(SPEC.to_act(state))
        state = SPEC.apply(state, seat, picker.choice(SPEC.legal_actions(state, seat)))
    assert state.phase == phase
    return state, SPEC.view(state, None)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("phase", ["bid", "tiebreak", "sail", "over"])
def test_every_phase_renders_a_phone_sized_png(players, phase):
    """Readable on a phone (960 px wide, scaled down) and under 300 KB."""
    _, view = random_view(players, players, phase)
    png = caribbean.render(view)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.width == caribbean.WIDTH == 960
    assert len(png) < 300_000


@pytest.mark.parametrize("players", [2, 4])
def test_a_seats_view_draws_nothing_more_than_the_public_one(players):
    """Nothing secret: the renderer ignores ``view["private"]``."""
    state, _ = random_view(players, 11, "bid")
    state = SPEC.apply(state, 0, SPEC.legal_actions(state, 0)[0])
    assert caribbean.render(SPEC.view(state, 0)) == caribbean.render(SPEC.view(state, None))


def test_the_moving_ships_path_is_drawn_in_white():
    """The ship now moving is shown with its path this turn."""
    state = sailing(build_position(2, ships={"a": "E5"}), "a", 0, 3)
    still = picture(caribbean.render(SPEC.view(state, None)))
    state = SPEC.apply(state, 0, "move e6")
    moved = picture(caribbean.render(SPEC.view(state, None)))
    (x0, y0), (x1, y1) = center("E5"), center("E6")
    between = ((x0 + x1) // 2, (y0 + y1) // 2)
    assert near(moved.getpixel(between), PATH_NOW)
    assert not near(still.getpixel(between), PATH_NOW)


def test_a_waiting_chest_is_drawn_on_its_port_and_gone_once_captured():
    """Ports show their chests with values; a captured chest travels with its ship."""
    state = sailing(build_position(2, ships={"a": "B4"}, ports=["HAV"]), "a", 0, 0)
    before = picture(caribbean.render(SPEC.view(state, None)))
    after = picture(caribbean.render(SPEC.view(SPEC.apply(state, 0, "capture"), None)))
    x, y = land_chest("C4")
    probe = (x - 13, y + 6)
    assert near(before.getpixel(probe), CHEST)
    assert not near(after.getpixel(probe), CHEST)


# -- legibility (issue 14) ----------------------------------------------------------------------


def legibility_views() -> tuple[list[dict[str, Any]], list[list[dict[str, Any]]]]:
    """Every phase with 2 to 4 players, with the change marks of the last action."""
    views, marks = [], []
    for players, phase in itertools.product([2, 3, 4], ["bid", "tiebreak", "sail", "over"]):
        state, view = random_view(players, players + 7, phase)
        seat = SPEC.to_act(state)[0] if SPEC.to_act(state) else None
        if seat is not None:
            after = SPEC.apply(state, seat, SPEC.legal_actions(state, seat)[0])
            views.append(SPEC.view(after, None))
            marks.append(SPEC.changes(view, views[-1]))
        views.append(view)
        marks.append([])
    return views, marks


def test_the_space_names_players_type_read_on_a_phone_in_every_phase():
    """Issue 14: "at 550 px wide Caribbean's hex names (which players type) are about 6 px
    tall": every text, hex names included, now passes the phone measures, in every phase with
    2 to 4 players and with the change marks of the last action."""
    views, marks = legibility_views()
    caribbean.base_map.cache_clear()
    with texts_drawn() as drawn:
        pngs = [
            caribbean.render(view, view_marks)
            for view, view_marks in zip(views, marks, strict=True)
        ]
    assert {"A1", "E9", "H12"} <= {text.text for text in drawn}
    for png in pngs:
        assert not illegible(png, drawn)


def test_the_board_scaled_to_a_phone_still_shows_the_space_names():
    """The 550 px picture keeps the hex names dark on the sea: a crude check that the scaled
    pixels under E5's name are much darker than the sea around it."""
    _, view = random_view(3, 2, "bid")
    small = picture(caribbean.render(view)).resize(
        (PHONE, round(picture(caribbean.render(view)).height * PHONE / 960)),
        Image.Resampling.LANCZOS,
    )
    x, y = center("E5")
    scale = PHONE / 960
    name = small.crop(
        (int((x - 15) * scale), int((y - 25) * scale), int((x + 15) * scale), int((y - 13) * scale))
    )
    darkest = min(sum(colour) for _, colour in name.getcolors(maxcolors=1 << 16))
    assert darkest < sum(SEA) / 2


# -- colour vision (issue 14) ------------------------------------------------------------


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_seat_colours_stay_apart_for_colour_blind_players(vision):
    """Issue 14: "the palette stays distinguishable under simulated deuteranopia, protanopia
    and tritanopia". Before, red and green havens became the same olive for deuteranopes
    (1.5:1). Each pair of seat colours stays >= 35 CIELAB units apart, and >= 20 from the sea
    they are drawn on and from the change-mark magenta."""
    for (a, one), (b, two) in itertools.combinations(SEAT_COLOR_BY_NAME.items(), 2):
        assert apart(one, two, vision) >= 35, (vision, a, b)
    for name, colour in SEAT_COLOR_BY_NAME.items():
        for other in (SEA, MARK):
            assert apart(colour, other, vision) >= 20, (vision, name)


def test_every_seat_piece_carries_its_letter(monkeypatch):
    """Issue 14: "Sides and seats never differ by colour alone". Every haven, every delivered
    chest and every seat in the panels shows the seat's letter or name."""
    state = build_position(4, delivered=[("HAV", 2)])
    view = SPEC.view(state, None)
    drawn: list[tuple[str, tuple[float, float]]] = []
    original = ImageDraw.ImageDraw.text

    def recording(
        self: ImageDraw.ImageDraw, xy: Any, words: Any, *args: Any, **kwargs: Any
    ) -> None:
        drawn.append((words, xy))
        original(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    caribbean.base_map.cache_clear()
    try:
        caribbean.render(view)
    finally:
        caribbean.base_map.cache_clear()
    letters = {(words, (round(xy[0]), round(xy[1]))) for words, xy in drawn}
    for space, seat in havens(4).items():
        assert (COLOURS[seat][0], haven_badge(space)) in letters, space
    assert ("Y", land_chest("C4")) in letters  # Havanna's chest went to Yellow
    for name in COLOURS:
        assert any(words == name for words, _ in drawn)


def test_seat_letters_read_on_their_colours():
    for colour in SEAT_COLOR_BY_NAME.values():
        assert max(contrast(colour, (250, 250, 250)), contrast(colour, (40, 32, 24))) >= 4.5


# -- change marks (issue 14) --------------------------------------------------------------------


def moved_and_captured() -> tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
    state = sailing(build_position(2, ships={"a": "B2"}, ports=["HAV"]), "a", 0, 3)
    before = SPEC.view(state, 1)
    state = SPEC.apply(SPEC.apply(SPEC.apply(state, 0, "move b3"), 0, "move b4"), 0, "capture")
    after = SPEC.view(state, 1)
    return before, after, SPEC.changes(before, after)


def test_no_marks_is_byte_identical_to_the_plain_board():
    _, after, _ = moved_and_captured()
    plain = caribbean.render(after)
    assert caribbean.render(after, []) == plain == caribbean.render(after, None)


def test_marks_appear_where_something_changed():
    """Issue 14: "a faint ghost where a piece was and an arrow to where it is, a ring on a
    counter that changed"."""
    _, after, marks = moved_and_captured()
    assert {mark["kind"] for mark in marks} == {"move", "chest", "count"}
    plain = picture(caribbean.render(after))
    marked = picture(caribbean.render(after, marks))
    x, y = center("B2")
    ghost = [
        (x + round(28 * math.cos(a)), y + round(28 * math.sin(a)))
        for a in (math.radians(d + 9) for d in range(0, 360, 30))
    ]
    assert any(near(marked.getpixel(p), MARK, 30) for p in ghost)
    assert not any(near(plain.getpixel(p), MARK, 30) for p in ghost)
    cx, cy = coin_center(0)
    ring = [(cx + 26, cy), (cx - 26, cy), (cx, cy + 26), (cx, cy - 26)]
    assert sum(near(marked.getpixel(p), MARK, 30) for p in ring) >= 3
    assert not any(near(plain.getpixel(p), MARK, 30) for p in ring)
    lx, ly = land_chest("C4")  # Havanna's chest left its city: a ghost there
    assert any(
        near(marked.getpixel((lx + dx, ly + dy)), MARK, 30)
        for dx in range(-21, 22)
        for dy in (-20, -19, 19, 20)
    )


def test_marked_pieces_keep_their_own_colours():
    """Issue 14: "Tests check, by pixel colour, that pieces keep their own colours on a marked
    board". Every ship's hull, the chests and the coins are drawn on top of the arrows and under
    no fill: their pixels are the same with and without marks."""
    _, after, marks = moved_and_captured()
    plain = picture(caribbean.render(after))
    marked = picture(caribbean.render(after, marks))
    piece_colours = (SHIP_HULL, CHEST, COIN, *SEAT_COLOR_BY_NAME.values())
    checked = 0
    for ship in after["ships"]:
        x, y = center(ship["space"])
        for dx, dy in itertools.product(range(-31, 33), range(-12, 32)):
            pixel = plain.getpixel((x + dx, y + dy))
            if any(near(pixel, colour) for colour in piece_colours):
                assert marked.getpixel((x + dx, y + dy)) == pixel
                checked += 1
    cx, cy = coin_center(0)
    for dx, dy in itertools.product(range(-20, 21), repeat=2):
        if dx * dx + dy * dy <= 20 * 20:  # the coin, inside the ring around it
            assert marked.getpixel((cx + dx, cy + dy)) == plain.getpixel((cx + dx, cy + dy))
    assert checked > 1000


def test_new_chests_and_deliveries_are_ringed():
    """Rulebook: "After each round, the players place the next two treasure chests … on the
    named harbor cities"; a delivered chest is laid "face down on the city names"."""
    state = build_position(2, ships={"f": "F8"}, cargo={"f": "HAV"})
    before = SPEC.view(state, 0)
    for seat, row in enumerate(([5, 4, 3, 2, 0, 1], [4, 3, 2, 1, -1, 0])):
        for letter, card in zip("abcdef", row, strict=True):
            state = SPEC.apply(state, seat, f"bid {letter} {card}")
        state = SPEC.apply(state, seat, "confirm")
    while state.current < 5:
        state = SPEC.apply(state, 0, "done")
    state = SPEC.apply(SPEC.apply(state, 0, "move f7"), 0, "done")
    after = SPEC.view(state, 0)
    marks = SPEC.changes(before, after)
    marked = picture(caribbean.render(after, marks))
    for mark in marks:
        if mark["kind"] in ("add", "deliver"):
            x, y = land_chest(mark["at"])
            assert (
                sum(
                    near(marked.getpixel(p), MARK, 30)
                    for p in ((x + 22, y), (x - 22, y), (x, y + 22), (x, y - 22))
                )
                >= 3
            )
