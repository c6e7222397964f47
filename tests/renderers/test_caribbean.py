"""The Caribbean board image: valid, small, public-only, and showing the ship now moving."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from games.caribbean import SPEC
from games.caribbean.position import build_position, sailing
from games.caribbean.state import CaribbeanState
from renderers import caribbean
from renderers.base import PALETTE
from renderers.caribbean import CHEST, center


def near(pixel: tuple[int, ...], colour: tuple[int, int, int]) -> bool:
    """Within the rounding of the 128-colour palette the board is encoded with."""
    return all(abs(a - b) <= 6 for a, b in zip(pixel, colour, strict=True))


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
    """Readable on a phone (~960 px wide) and under 300 KB."""
    _, view = random_view(players, players, phase)
    png = caribbean.render(view)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.width == 960
    assert len(png) < 300_000


@pytest.mark.parametrize("players", [2, 4])
def test_a_seats_view_draws_nothing_more_than_the_public_one(players):
    """Nothing secret: the renderer ignores ``view["private"]``."""
    state, _ = random_view(players, 11, "bid")
    state = SPEC.apply(state, 0, SPEC.legal_actions(state, 0)[0])
    assert caribbean.render(SPEC.view(state, 0)) == caribbean.render(SPEC.view(state, None))


def test_the_moving_ships_path_is_drawn_in_gold():
    """The ship now moving is shown with its path this turn."""
    state = sailing(build_position(2, ships={"a": "E5"}), "a", 0, 3)
    still = Image.open(io.BytesIO(caribbean.render(SPEC.view(state, None)))).convert("RGB")
    state = SPEC.apply(state, 0, "move e6")
    moved = Image.open(io.BytesIO(caribbean.render(SPEC.view(state, None)))).convert("RGB")
    (x0, y0), (x1, y1) = center("E5"), center("E6")
    between = ((x0 + x1) // 2, (y0 + y1) // 2)
    assert near(moved.getpixel(between), PALETTE["highlight"])
    assert not near(still.getpixel(between), PALETTE["highlight"])


def test_a_waiting_chest_is_drawn_on_its_port_and_gone_once_captured():
    """Ports show their chests with values; a captured chest travels with its ship."""
    state = sailing(build_position(2, ships={"a": "B4"}, ports=["HAV"]), "a", 0, 0)
    land = center("C4")
    before = Image.open(io.BytesIO(caribbean.render(SPEC.view(state, None)))).convert("RGB")
    after_state = SPEC.apply(state, 0, "capture")
    after = Image.open(io.BytesIO(caribbean.render(SPEC.view(after_state, None)))).convert("RGB")
    probe = (land[0] - 12, land[1] + 8)
    assert near(before.getpixel(probe), CHEST)
    assert not near(after.getpixel(probe), CHEST)
