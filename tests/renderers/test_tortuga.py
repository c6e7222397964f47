"""The Tortuga 1667 renderer: valid PNGs from public views at every player count, never a
secret, change marks that leave the pieces' colours alone, and a board that reads on a phone
and for colour-blind players (issue 14)."""

from __future__ import annotations

import io
import math
import random
from itertools import combinations
from typing import Any

import pytest
from PIL import Image

import renderers.tortuga as board
from bot.language import LANGUAGES, speech_in
from games.core.words import speaking, t
from games.tortuga import SPEC
from games.tortuga.data import SECTIONS, VOTE_CARDS, team_name
from renderers.base import MARK
from renderers.tortuga import RADIUS, SEAT_COLORS, WIDTH, Layout, render
from tests.games.test_tortuga import act, position
from tests.renderers.legibility import (
    SIMULATIONS,
    Text,
    apart,
    illegible,
    on_board,
    texts_drawn,
)


def sample_views(count: int = 24) -> list[tuple[dict, dict]]:
    """(public view, a seat's view) pairs from random games at every player count."""
    picker = random.Random(11)
    pairs = []
    for i in range(count):
        players = 2 + i % 8
        s = SPEC.new(players, i)
        for _ in range(picker.randrange(0, 120)):
            if SPEC.outcome(s) is not None:
                break
            seat = picker.choice(SPEC.to_act(s))
            s = SPEC.apply(s, seat, picker.choice(SPEC.legal_actions(s, seat)))
        pairs.append((SPEC.view(s, None), SPEC.view(s, picker.randrange(players))))
    return pairs


def pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_renders_valid_small_pngs():
    """Targets of the contract: < 300 KB, readable on a phone (about 960 px wide); speed is
    measured by `parley bench`."""
    for public, _ in sample_views():
        png = render(public)
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and image.width == WIDTH and image.height < 1100
        assert len(png) < 300_000


def test_the_picture_holds_no_secret():
    """The renderer draws the public part only: a seat's private view gives the same PNG."""
    for public, seated in sample_views(12):
        assert render(public) == render(seated)


# -- change marks ----------------------------------------------------------------------------
def moved_table() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """P2 marooned and rowed into the Flying Dutchman's rowboat, P3 looked at cards 1 and 3,
    an attack took a chest: a view of the end and the marks since the start."""
    s = position(
        players=6,
        ships=([0, 1, 2, 3], [4]),
        tortuga=[5],
        hands={0: ["cannon british skull"], 2: ["torch french helm"], 3: ["torch british skull"]},
        deck_top=["cannon french helm"],
    )
    before = SPEC.view(s, 4)
    s = act(s, 0, "maroon p2")
    s = act(s, 1, "move fd rowboat")
    s = act(s, 2, "view", "view 1 3")
    after = SPEC.view(s, 4)
    return after, SPEC.changes(before, after)


def test_a_board_with_no_changes_is_the_plain_board():
    """Issue 14 (PLAN): "a board with marks=[] or None is byte-identical to the plain board"."""
    for public, _ in sample_views(8):
        assert render(public, []) == render(public) == render(public, None)
        assert render(public, SPEC.changes(public, public)) == render(public)


def test_pieces_keep_their_own_colours_on_a_marked_board():
    """Issue 14: the old tint turned the purple P5 pawn brown; marks draw beside the pieces,
    so every pawn's disc has the same colour with and without marks."""
    view, marks = moved_table()
    assert [m["kind"] for m in marks] == ["move", "seen", "seen"]
    plain, marked = pixels(render(view)), pixels(render(view, marks))
    assert plain.width == marked.width and plain.height < marked.height  # the marks' key
    layout = _layout(view)
    for ship in view["ships"]:
        for rank, seat in enumerate(ship["crew"]):
            _same_disc(plain, marked, layout.pawn(ship["key"], rank), seat)
        if ship["rowboat"] is not None:
            _same_disc(plain, marked, layout.pawn(f"{ship['key']} rowboat", 0), ship["rowboat"])
    for rank, seat in enumerate(view["tortuga"]["line"]):
        _same_disc(plain, marked, layout.pawn("tortuga", rank), seat)


def _layout(view: dict[str, Any]) -> Layout:
    lines = board._status_lines(view)
    return Layout(44 + 26 * (len(lines) + view["sudden_death"]) + 14)


def _same_disc(plain: Image.Image, marked: Image.Image, center: tuple[int, int], seat: int):
    x, y = center
    for dx, dy in ((0, RADIUS - 7), (-RADIUS + 7, 0), (RADIUS - 7, 4)):
        point = (x + dx, y + dy)
        assert plain.getpixel(point) == marked.getpixel(point), (seat, point)
        assert math.dist(marked.getpixel(point), SEAT_COLORS[seat]) < 30, (seat, point)


def _mark_pixels(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    region = image.crop(box)
    colors = region.getcolors(region.width * region.height) or []
    return sum(n for n, color in colors if math.dist(color, MARK) < 40)


def test_marks_appear_where_something_changed_and_nowhere_else():
    """A ghost where P2 stood with an arrow to the rowboat, a mark on the two slots looked at;
    the untouched Jolly Roger and the other slots carry none."""
    view, marks = moved_table()
    plain, marked = pixels(render(view)), pixels(render(view, marks))
    layout = _layout(view)
    fx, fy = layout.pawn("fd", 1)
    ghost = (fx - RADIUS - 8, fy - RADIUS - 8, fx + RADIUS + 8, fy + RADIUS + 8)
    assert _mark_pixels(marked, ghost) > 40 and _mark_pixels(plain, ghost) == 0
    for slot, expected in ((1, True), (2, False), (3, True), (4, False)):
        x0, y0, x1, _ = layout.slot_box(slot)
        found = _mark_pixels(marked, (x0 + 4, y0 - 6, x1 - 4, y0)) > 40  # above the card
        assert found is expected, slot
    top = layout.ship_tops[1]
    assert _mark_pixels(marked, (0, top, 620, top + 126)) == 0


def test_counter_and_card_marks_ring_what_changed():
    """A ring on a counter that changed (a hold, the galleon), and on a player whose cards
    changed."""
    s = position(
        players=5,
        ships=([0, 1, 2], [3, 4]),
        row=["atlantis", "pistol", "pistol", "pistol", "pistol"],
        hands={0: ["cannon british skull"], 1: ["torch french helm"], 2: ["torch british skull"]},
        deck_top=["water french helm"],
    )
    before = SPEC.view(s, None)
    s = act(s, 0, "attack")
    for seat, card in (
        (0, "cannon british skull"),
        (1, "torch french helm"),
        (2, "torch british skull"),
    ):
        s = act(s, seat, f"vote {card}")
    s = act(s, 0, "take to french")
    s = act(s, 1, "reveal 1", "give p4")
    view = SPEC.view(s, None)
    marks = SPEC.changes(before, view)
    assert {m["kind"] for m in marks} == {"count", "reveal", "add"}
    plain, marked = pixels(render(view)), pixels(render(view, marks))
    layout = _layout(view)
    for at in ("fd french", "galleon"):
        x, y = layout.counter(at)
        box = (x - 22, y - 22, x + 22, y + 22)
        assert _mark_pixels(marked, box) > 20 and _mark_pixels(plain, box) == 0, at
    x, y = layout.counter("fd british")  # unchanged
    assert _mark_pixels(marked, (x - 22, y - 22, x + 22, y + 22)) == 0


# -- legibility (issue 14; every game's texts and seat colours: test_legibility.py) --------
def test_nine_player_tables_read_on_a_phone():
    """Issue 14: "no text smaller than 9 px tall at that width, and text contrast at least
    4.5:1", on the busiest tables (every player count, with marks)."""
    with texts_drawn() as drawn:
        pngs = [render(public, SPEC.changes(public, public)) for public, _ in sample_views(16)]
        view, marks = moved_table()
        pngs.append(render(view, marks))
    assert len(drawn) > 500
    for png in pngs:
        assert not illegible(png, drawn)


def test_player_lines_are_never_cut():
    """Issue 16: "the final image clips player lines at 56 characters (in half of random
    3-player endings a loyalty is cut off)": every part of a player's line is drawn."""
    s = position(
        players=3,
        ships=([0], [1]),
        tortuga=[2],
        kept={
            0: [
                "albatross",
                "letter of marque",
                "fountain of youth",
                "el dorado",
                "atlantis",
                "pirate code",
            ]
        },
        loyalty=["british", "french", "dutch"],
    )
    s.pirate_code[0], s.scurvy[0] = 2, True
    view = SPEC.view(s, None)
    view["loyalty"] = ["british", "french", "dutch"]
    lines = board._wrap(" · ".join(board._player_parts(view, 0)), 84)
    assert len(lines) > 1 and "BRITISH" in lines[-1]
    image = pixels(render(view))
    assert image.width == WIDTH


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_seat_colours_stay_apart_for_colour_blind_players(vision):
    """Issue 14: "the palette stays distinguishable under simulated deuteranopia, protanopia
    and tritanopia": every two pawn colours stay at least 30 CIELAB units apart (and every pawn
    carries its seat's name too)."""
    for (i, a), (j, b) in combinations(enumerate(SEAT_COLORS), 2):
        distance = apart(a, b, vision)
        assert distance >= 30, (vision, f"P{i + 1}", f"P{j + 1}", round(distance, 1))


# -- in German and French as in English (issue 29) ------------------------------------------
#: Every verdict of each vote, as ``games/tortuga/votes.py`` gives it.
VERDICTS = {
    "attack": ("the attack succeeds", "the attack fails"),
    "brawl": (
        "one chest to each area",
        "both chests to the British area",
        "both chests to the French area",
    ),
    "mutiny": ("the mutiny succeeds", "the mutiny fails"),
}


def drawn_in(code: str, s: Any) -> list[Text]:
    """The texts of the public board of ``s`` drawn in language ``code``."""
    with speaking(speech_in(code)), texts_drawn() as texts:
        png = render(SPEC.view(s, None))
    return on_board(png, texts)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_longest_verdict_fits_the_galleon_uncut(code):
    """A vote's verdict was cut with "…" in German and French: every verdict of every vote,
    after the most symbols a vote can reveal (every symbol of its section, ten of each: more
    than nine players' cards and the deck's), is drawn whole in the galleon's box."""
    s = position(players=9, ships=([0, 1, 2, 3, 4], [5]), tortuga=[6, 7, 8])
    for vote, verdicts in VERDICTS.items():
        section = SECTIONS.index(vote)
        symbols = sorted({card[section] for card in VOTE_CARDS}) * 10
        for verdict in verdicts:
            s.last_vote = {"vote": vote, "caller": 0, "symbols": symbols, "verdict": verdict}
            texts = drawn_in(code, s)
            assert not [text.text for text in texts if "…" in text.text]
            with speaking(speech_in(code)):
                said = t(verdict).split()
            told = " ".join(text.text for text in texts).split()
            assert all(word in told for word in said), (said, told)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_hold_says_its_team_in_the_word_every_text_says(code):
    """The British hold was labelled "Anglais" while every French text says "Britanniques":
    each hold and area on the board names its team as the texts do, whole."""
    s = position()
    texts = [text.text for text in drawn_in(code, s)]
    for team in ("british", "french"):
        with speaking(speech_in(code)):
            name = team_name(team)
        assert texts.count(name) == 3, (name, texts)  # a hold on each ship, an area on Tortuga
    assert not [text for text in texts if "…" in text]


@pytest.mark.parametrize("code", LANGUAGES)
def test_blown_up_stays_inside_the_sea(code):
    """The "gesprengt" mark crossed the edge of the sea panel: a blown-up rowboat's word, in
    every language, lies inside the sea on the left of the table."""
    for ship in (0, 1):
        s = position()
        s.exploded = ship
        with speaking(speech_in(code)):
            word = t("blown up")
        (mark,) = [text for text in drawn_in(code, s) if text.text == word]
        assert mark.box[2] <= board.LEFT_W - 4, (word, mark.box)
