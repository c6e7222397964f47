"""Rigadoon's board, Wind cards and die: every RECONSTRUCTED constant of the rulings in one place.

The rulebook's board picture and cards are lost; ``rigadoon-rulings.md`` §3-§5 rebuilt them from
the worked examples. Keeping them here means the real art can replace them without touching the
rules. Cells are ints ``y * 13 + x`` (x west to east, y north to south; ``a1`` is the north-west
corner) so that the engine's hot loops index flat tuples instead of hashing coordinates.
"""

from __future__ import annotations

from games.core.coords import square_name
from games.core.words import N_

SIZE = 13
CELLS = SIZE * SIZE

# The eight directions in clockwise order; a direction's index is its id everywhere.
DIRECTIONS: tuple[str, ...] = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
VECTORS: tuple[tuple[int, int], ...] = (
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
)
# How a player reads each direction (English, marked for the catalogue: say it with ``t``).
DIRECTION_WORDS: tuple[str, ...] = (
    N_("north"),
    N_("north-east"),
    N_("east"),
    N_("south-east"),
    N_("south"),
    N_("south-west"),
    N_("west"),
    N_("north-west"),
)
ORTHOGONAL: tuple[int, ...] = (0, 2, 4, 6)  # N, E, S, W: the only ways a ship can attack

OPEN, SHALLOWS, ISLAND, MAELSTROM = 0, 1, 2, 3


def cell(x: int, y: int) -> int:
    return y * SIZE + x


def xy(c: int) -> tuple[int, int]:
    return c % SIZE, c // SIZE


NAMES: tuple[str, ...] = tuple(square_name((c % SIZE, c // SIZE)) for c in range(CELLS))


def name(c: int) -> str:
    """``"k9"`` for a cell; actions use this lowercase form."""
    return NAMES[c]


def label(c: int) -> str:
    """``"K9"``: the rulebook's way of writing a square, used in narration."""
    return NAMES[c].upper()


ISLANDS: tuple[int, ...] = (cell(1, 0), cell(11, 0), cell(1, 12), cell(11, 12))
MAELSTROMS: tuple[int, ...] = (cell(0, 1), cell(12, 1), cell(0, 11), cell(12, 11))
EXITS: tuple[int, ...] = (cell(4, 4), cell(8, 4), cell(4, 8), cell(8, 8))
COMPASS = cell(6, 6)
CHEST_START: tuple[int, ...] = (cell(6, 5), cell(7, 6), cell(6, 7), cell(5, 6))
BLUE_START: tuple[int, ...] = (cell(4, 2), cell(10, 4), cell(8, 10), cell(2, 8))
GREEN_START: tuple[int, ...] = (cell(8, 2), cell(10, 8), cell(4, 10), cell(2, 4))


def _kinds() -> tuple[int, ...]:
    kinds = [OPEN] * CELLS
    for x in range(4, 9):
        for y in range(4, 9):
            kinds[cell(x, y)] = SHALLOWS
    for c in EXITS:
        kinds[c] = OPEN
    for c in ISLANDS:
        kinds[c] = ISLAND
    for c in MAELSTROMS:
        kinds[c] = MAELSTROM
    return tuple(kinds)


KIND: tuple[int, ...] = _kinds()
EXIT_OF: dict[int, int] = dict(zip(MAELSTROMS, EXITS, strict=True))


def _steps(wrap: bool) -> tuple[tuple[int, ...], ...]:
    """``table[c][d]``: the neighbour of ``c`` in direction ``d``; -1 off the board, or the far
    edge's cell when ``wrap`` (only blasts wrap, and only orthogonally)."""
    table = []
    for c in range(CELLS):
        x, y = xy(c)
        row = []
        for dx, dy in VECTORS:
            nx, ny = x + dx, y + dy
            if wrap and (dx == 0 or dy == 0):
                nx, ny = nx % SIZE, ny % SIZE
            row.append(cell(nx, ny) if 0 <= nx < SIZE and 0 <= ny < SIZE else -1)
        table.append(tuple(row))
    return tuple(table)


STEP = _steps(wrap=False)
WRAP = _steps(wrap=True)


def _rays() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``RAYS[c][d]``: the cells a sail from ``c`` along ``d`` crosses, up to 4, on the board."""
    rays: list[tuple[tuple[int, ...], ...]] = []
    for c in range(CELLS):
        per_direction: list[tuple[int, ...]] = []
        for d in range(8):
            ray: list[int] = []
            cur = c
            while len(ray) < 4 and (cur := STEP[cur][d]) >= 0:
                ray.append(cur)
            per_direction.append(tuple(ray))
        rays.append(tuple(per_direction))
    return tuple(rays)


RAYS = _rays()

# Reach by angle (in 45° steps) between the sailing direction and downwind: (orange, yellow).
# Orange squares serve ships with 1-2 masts; yellow circles add one more space for 3 masts.
REACH: dict[int, tuple[int, int]] = {0: (3, 4), 1: (2, 3), 2: (2, 3), 3: (1, 2), 4: (1, 2)}
WIND_NAMED_FROM = True  # card "n" is a north wind: it blows ships south (ruling A1)
WIND_DECK: tuple[int, ...] = tuple(range(8))  # one card per direction (ruling A3)


def downwind(wind: int) -> int:
    return (wind + 4) % 8 if WIND_NAMED_FROM else wind


# A wind by the direction it blows from, each a whole phrase: "from the north" needs its own
# words in German (aus Norden) and French (du nord, de l'est).
WINDS_FROM: tuple[str, ...] = (
    N_("from the north (ships run south)"),
    N_("from the north-east (ships run south-west)"),
    N_("from the east (ships run west)"),
    N_("from the south-east (ships run north-west)"),
    N_("from the south (ships run north)"),
    N_("from the south-west (ships run north-east)"),
    N_("from the west (ships run east)"),
    N_("from the north-west (ships run south-east)"),
)


def wind_words(wind: int) -> str:
    """A wind as the buttons say it, in English (say it with ``t``): ``from the north (ships
    run south)``."""
    return WINDS_FROM[(downwind(wind) + 4) % 8]


def _reach_by_card(wind: int, direction: int) -> tuple[int, int]:
    turn = abs(direction - downwind(wind)) % 8
    return REACH[min(turn, 8 - turn)]


REACH_BY_CARD = tuple(tuple(_reach_by_card(w, d) for d in range(8)) for w in range(8))


def reach(wind: int, direction: int, masts: int) -> int:
    """How far a ship may sail in ``direction`` under the card ``wind``."""
    return REACH_BY_CARD[wind][direction][masts == 3]
