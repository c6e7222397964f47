"""Every board reads on a phone and for colour-blind players (issue 14), for every game: "no
text smaller than 9 px tall at that width, and text contrast at least 4.5:1 against what is
behind it", and seat colours that "stay distinguishable under simulated deuteranopia,
protanopia and tritanopia". Each renderer names its seat colours ``SEAT_COLORS``."""

from __future__ import annotations

import importlib
import itertools
import random
from typing import Any

import pytest

from games import REGISTRY
from renderers import render
from tests.renderers.legibility import SIMULATIONS, apart, illegible, texts_drawn

SEATS_APART = 25  # CIELAB units between any two seat colours, for every vision


def boards(key: str) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Public and seat views along random games of every seat count, each with the marks of
    what its last action changed, and the end."""
    spec = REGISTRY[key]
    picker = random.Random(3)
    found = []
    for players in sorted({spec.min_players, min(spec.max_players, 5), spec.max_players}):
        state = spec.new(players, 11)
        for step in range(600):
            if spec.outcome(state) is not None:
                break
            seat = picker.choice(spec.to_act(state))
            after = spec.apply(state, seat, picker.choice(spec.legal_actions(state, seat)))
            if step % 60 == 0:
                for viewer in (None, seat):
                    view = spec.view(after, viewer)
                    found.append((view, spec.changes(spec.view(state, viewer), view)))
            state = after
        found.append((spec.view(state, None), []))
    return found


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_every_text_reads_on_a_phone(key):
    module = importlib.import_module(f"renderers.{key}")
    for view, marks in boards(key):
        for cached in vars(module).values():  # layers drawn once are drawn again, and seen
            if hasattr(cached, "cache_clear"):
                cached.cache_clear()
        with texts_drawn() as drawn:
            png = render(key, view, marks)
        assert drawn
        bad = illegible(png, drawn)
        assert not bad, bad[:3]


@pytest.mark.parametrize("key", sorted(REGISTRY))
@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_seat_colours_stay_apart_for_colour_blind_players(key, vision):
    colors = importlib.import_module(f"renderers.{key}").SEAT_COLORS
    for (i, a), (j, b) in itertools.combinations(enumerate(colors), 2):
        assert apart(a, b, vision) >= SEATS_APART, (vision, i, j)
