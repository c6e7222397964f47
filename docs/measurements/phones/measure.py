"""Boards at 360 px, as a common phone shows them, and the legibility test's figures.

Run from the repository root: ``python docs/measurements/phones/measure.py before`` (or
``after``). Writes ``<game>-<tag>-360.png`` beside this file (a mid-game board with the
change marks a player who missed several actions sees, scaled down with LANCZOS), and prints
per game, over every board the legibility test renders: the smallest text in px at 360 px
wide, the worst contrast, and how many texts are clipped or overlap another.
"""

from __future__ import annotations

import importlib
import io
import random
import sys
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from games import REGISTRY
from renderers import render
from tests.renderers.legibility import (
    PHONE_WIDTH,
    clipped,
    needed_to_move,
    on_board,
    overlapping,
    texts_drawn,
)
from tests.renderers.test_legibility import SEEDS, boards

HERE = Path(__file__).parent
MIDGAME = {"cardinal": 8, "ship": 40, "rigadoon": 60, "tortuga": 24, "caribbean": 176}
MISSED = 6  # actions since the pinged player last looked


def midgame(key: str) -> tuple[dict, list]:
    """The board a player sees after missing ``MISSED`` actions in the middle of a seeded
    random game (seed 3), with what changed marked."""
    spec = REGISTRY[key]
    picker = random.Random(3)
    players = {"caribbean": 3, "tortuga": 5}.get(key, 2)
    state = spec.new(players, 3)
    then = None
    seat = 0
    for step in range(MIDGAME[key]):
        if step == MIDGAME[key] - MISSED:
            seat = spec.to_act(state)[0]
            then = spec.view(state, seat)
        actor = picker.choice(spec.to_act(state))
        state = spec.apply(state, actor, picker.choice(spec.legal_actions(state, actor)))
    now = spec.view(state, seat)
    return now, spec.changes(then, now)


def fresh(key: str) -> None:
    for cached in vars(importlib.import_module(f"renderers.{key}")).values():
        if hasattr(cached, "cache_clear"):
            cached.cache_clear()


def main(tag: str) -> None:
    print(
        "| game | smallest id/coordinate/count at 360 px | smallest other text | worst contrast"
        " | clipped | overlapping pairs | boards |"
    )
    print("|---|---|---|---|---|---|---|")
    for key in sorted(REGISTRY):
        view, marks = midgame(key)
        png = render(key, view, marks)
        image = Image.open(io.BytesIO(png)).convert("RGB")
        small = image.resize(
            (PHONE_WIDTH, round(image.height * PHONE_WIDTH / image.width)),
            Image.Resampling.LANCZOS,
        )
        small.save(HERE / f"{key}-{tag}-360.png")
        smallest, prose, worst, clips, overlaps = 99.0, 99.0, 99.0, 0, 0
        positions = [*(b for seed in SEEDS for b in boards(key, seed)), (view, marks)]
        examples: list[str] = []
        for board, board_marks in positions:
            fresh(key)
            with texts_drawn() as drawn:
                png = render(key, board, board_marks)
            texts = on_board(png, drawn)
            smallest = min([smallest, *(t.phone_px for t in texts if needed_to_move(t.text))])
            prose = min([prose, *(t.phone_px for t in texts if not needed_to_move(t.text))])
            worst = min([worst, *(text.contrast for text in texts)])
            cut = clipped(png, drawn)
            pairs = overlapping(png, drawn)
            clips += len(cut)
            overlaps += len(pairs)
            examples += [f"clipped {t.text!r}" for t in cut[:1]]
            examples += [f"{a.text!r} over {b.text!r}" for a, b in pairs[:1]]
        print(
            f"| {key} | {smallest:.1f} px | {prose:.1f} px | {worst:.2f}:1 | {clips} | {overlaps}"
            f" | {len(positions)} |"
        )
        for example in sorted(set(examples))[:6]:
            print(f"  {key}: {example}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
