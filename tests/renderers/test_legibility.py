"""Every board reads on a phone and for colour-blind players, for every game: shown 360 px wide
(a common phone), every coordinate, id and count is at least 8 px tall and every other text
at least 6 px, with a contrast of at least 4.5:1 against what is behind it; no text is clipped
by the picture's edge or the box it was fitted into, and no two texts overlap; a key explains
the change marks whenever they are drawn, and only then; seat colours "stay distinguishable
under simulated deuteranopia, protanopia and tritanopia". Each renderer names its seat colours
``SEAT_COLORS``."""

from __future__ import annotations

import importlib
import itertools
import random
from typing import Any

import pytest

from games import REGISTRY
from renderers import render
from renderers.base import KEY_TITLE
from tests.renderers.legibility import (
    SIMULATIONS,
    apart,
    clipped,
    illegible,
    on_board,
    overlapping,
    texts_drawn,
)

SEATS_APART = 25  # CIELAB units between any two seat colours, for every vision
SEEDS = (3, 8)  # random games per seat count; each is sampled every 60 actions, and its end


def boards(key: str, seed: int = 3) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Public and seat views along a random game of every seat count, each with the marks of
    what the last action changed (or, for the seat, the last ``seed`` actions: a player who
    missed several), and the end with and without marks."""
    spec = REGISTRY[key]
    picker = random.Random(seed)
    found = []
    for players in sorted({spec.min_players, min(spec.max_players, 5), spec.max_players}):
        state = spec.new(players, 8 + seed)
        history = [state]
        for step in range(600):
            if spec.outcome(state) is not None:
                break
            seat = picker.choice(spec.to_act(state))
            after = spec.apply(state, seat, picker.choice(spec.legal_actions(state, seat)))
            history.append(after)
            if step % 60 == 0:
                view = spec.view(after, None)
                found.append((view, spec.changes(spec.view(state, None), view)))
                view = spec.view(after, seat)
                then = spec.view(history[max(0, len(history) - 1 - seed)], seat)
                found.append((view, spec.changes(then, view)))
            state = after
        end = spec.view(state, None)
        found.append((end, []))
        found.append((end, spec.changes(spec.view(history[-2], None), end)))
    return found


def drawn_boards(key: str, seed: int):  # type: ignore[no-untyped-def]
    """Each board of ``boards`` rendered afresh, with every text drawn on it."""
    module = importlib.import_module(f"renderers.{key}")
    for view, marks in boards(key, seed):
        for cached in vars(module).values():  # layers drawn once are drawn again, and seen
            if hasattr(cached, "cache_clear"):
                cached.cache_clear()
        with texts_drawn() as drawn:
            png = render(key, view, marks)
        yield marks, png, drawn


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_every_text_reads_on_a_phone_inside_its_box_and_the_marks_are_explained(key, seed):
    """Each board, drawn once for all three checks (a game's boards take seconds):
    every text reads on a phone; each lies inside the picture and inside the box it was
    fitted into, and no two texts' boxes meet (before: Rigadoon's heading ran off the picture,
    Caribbean's "tie-breaker chosen" ran under the bids' "C  Caribic", its title under
    "Supply"); and the ghosts, arrows, rings and frames are explained on the board itself, for
    a player who was away: the key's title is drawn when there are marks, and never without."""
    seen = set()
    for marks, png, drawn in drawn_boards(key, seed):
        assert drawn
        bad = illegible(png, drawn)
        assert not bad, bad[:3]
        cut = clipped(png, drawn)
        assert not cut, [(text.text, text.box, text.given) for text in cut[:3]]
        pairs = overlapping(png, drawn)
        assert not pairs, [(a.text, a.box, b.text, b.box) for a, b in pairs[:3]]
        keyed = any(text.text == KEY_TITLE for text in on_board(png, drawn))
        assert keyed == bool(marks), marks
        seen.add(keyed)
    assert seen == {True, False}


@pytest.mark.parametrize("key", sorted(REGISTRY))
@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_seat_colours_stay_apart_for_colour_blind_players(key, vision):
    colors = importlib.import_module(f"renderers.{key}").SEAT_COLORS
    for (i, a), (j, b) in itertools.combinations(enumerate(colors), 2):
        assert apart(a, b, vision) >= SEATS_APART, (vision, i, j)
