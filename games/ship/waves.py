"""Waves: landing on a wave tile shifts the row of the opponent's front-most Mate toward the
arrow, and if that row holds two or more pieces the one at the edge falls overboard."""

from __future__ import annotations

from typing import Any

from games.ship.data import ARROW_NAMES, EAST, EMPTY, MATE, Deck, name


def front_row(deck: Deck, cells: list[str], side: int) -> int | None:
    """The row of ``side``'s front-most Mate (the one furthest from its own home), if any.

    Rulings S8: "Frontmost, per both examples. Only opponent Mates define it."
    """
    rows = [i // deck.width for i, cell in enumerate(cells) if cell == MATE[side]]
    if not rows:
        return None
    return min(rows) if deck.forward(side) < 0 else max(rows)


def break_wave(
    deck: Deck, cells: list[str], seat: int, at: int
) -> tuple[dict[str, Any], int | None]:
    """Shift the row of the opponent's front-most Mate toward the arrow; maybe one falls.

    "ALL Mates on your opponent's furthest row, shift to the edge of the ship in the direction
    the arrow is pointing. If there are two or more pieces in the row that has shifted, the
    piece closest to the edge of the boat falls overboard". Per rulings S8-S11 the row is that
    of the opponent Mate nearest the mover's home, every piece in it (either side, Mates and
    Captains) packs against the edge in order, and only the edge piece falls.

    Returns the record of the wave and where the mover's piece (which stood on ``at``) ended,
    or None if it fell.
    """
    width = deck.width
    arrow = deck.waves[at]
    record: dict[str, Any] = {
        "at": name(at, width),
        "arrow": ARROW_NAMES[arrow],
        "row": None,
        "shifts": [],
        "overboard": None,
    }
    row = front_row(deck, cells, 1 - seat)
    if row is None:
        return record, at
    base = row * width
    occupied = [c for c in range(width) if cells[base + c] != EMPTY]
    count = len(occupied)
    packed = list(range(width - count, width)) if arrow == EAST else list(range(count))
    pieces = [cells[base + c] for c in occupied]
    for c in occupied:
        cells[base + c] = EMPTY
    for c, piece in zip(packed, pieces, strict=True):
        cells[base + c] = piece
    record["row"] = row + 1
    record["shifts"] = [
        [name(base + a, width), name(base + b, width)]
        for a, b in zip(occupied, packed, strict=True)
        if a != b
    ]
    final: int | None = at
    if at // width == row:
        final = base + packed[occupied.index(at % width)]
    if count >= 2:
        edge = base + (width - 1 if arrow == EAST else 0)
        record["overboard"] = {"square": name(edge, width), "piece": cells[edge]}
        cells[edge] = EMPTY
        if final == edge:
            final = None
    return record, final
