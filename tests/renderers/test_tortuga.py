"""The Tortuga 1667 renderer: valid, small, fast PNGs from public views at every player
count, and never a secret (a seat's private part changes nothing in the picture)."""

from __future__ import annotations

import io
import random

from PIL import Image

from games.tortuga import SPEC
from renderers.tortuga import render


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


def test_renders_valid_small_pngs():
    """Targets of the contract: < 300 KB, readable on a phone (about 960 px wide); speed is
    measured by `parley bench`."""
    for public, _ in sample_views():
        png = render(public)
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and image.width == 960 and image.height < 1100
        assert len(png) < 300_000


def test_the_picture_holds_no_secret():
    """The renderer draws the public part only: a seat's private view gives the same PNG."""
    for public, seated in sample_views(12):
        assert render(public) == render(seated)
