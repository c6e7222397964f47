"""The Rigadoon renderer: valid, small, fast PNGs from views across random games, with this
turn's moves, the Wind card around a chosen ship, and the end of a game."""

from __future__ import annotations

import io
import random

from PIL import Image

from games.rigadoon import SPEC
from games.rigadoon.position import play, position
from renderers.rigadoon import HEIGHT, WIDTH, render


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
