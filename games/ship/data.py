"""The ship's deck: its size, the wave tiles, the pieces and the starting position (rulings
3.2, S1, S2).

Everything the rulings RECONSTRUCTED about the board lives here, so a better-sourced layout can
replace it without touching the rules. Squares are indexes ``row * width + col`` into the board
string of :mod:`games.ship.state`; row 0 is the Stern home row, the last row the Bow home row.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from games.core import square_name
from games.core.words import N_

STERN, BOW = 0, 1
SIDES = (N_("Stern"), N_("Bow"))

EMPTY = "."
MATE = ("s", "b")  # by seat
CAPTAIN = ("S", "B")
OWNER = {"s": STERN, "S": STERN, "b": BOW, "B": BOW}

EAST, WEST = 1, -1
ARROW_NAMES = {EAST: "east", WEST: "west"}

BOARD_SIZES = ("7x9", "9x9", "7x11", "9x11")  # width x height; widths odd so three can centre
DEFAULT_BOARD = "7x9"
START_ROWS = 3  # "Arrange 9 of your corresponding pieces ... Three rows, of three pieces, centered"
START_COLS = 3
PLY_CAP = 200  # rulings S15: "A draw after 200 plies, or on 3-fold repetition"
REPETITIONS = 3


@dataclass(frozen=True)
class Deck:
    """Geometry of one deck size. ``waves`` maps a square index to its arrow (EAST or WEST)."""

    width: int
    height: int
    waves: dict[int, int]

    def index(self, col: int, row: int) -> int:
        return row * self.width + col

    def home_row(self, seat: int) -> int:
        """Row a side starts on; its Captains win by returning to it."""
        return 0 if seat == STERN else self.height - 1

    def forward(self, seat: int) -> int:
        """Row step of that side's Mates: toward the opponent's home row."""
        return 1 if seat == STERN else -1

    def start_board(self) -> str:
        cells = [EMPTY] * (self.width * self.height)
        first_col = (self.width - START_COLS) // 2
        for i in range(START_ROWS):
            for col in range(first_col, first_col + START_COLS):
                cells[self.index(col, i)] = MATE[STERN]
                cells[self.index(col, self.height - 1 - i)] = MATE[BOW]
        return "".join(cells)


@lru_cache(maxsize=8)
def deck(width: int, height: int) -> Deck:
    """The deck of that size with its four waves.

    On 7x9 the rulings fix b4 and b6 arrowing east, f4 and f6 arrowing west. Larger decks keep
    the same idea: column b and the second column from the east edge, on the first and last open
    rows, so no wave lies on a starting column and the layout is the same under a half turn.
    """
    near, far = START_ROWS, height - 1 - START_ROWS
    west_col, east_col = 1, width - 2
    waves = {
        west_col + near * width: EAST,
        west_col + far * width: EAST,
        east_col + near * width: WEST,
        east_col + far * width: WEST,
    }
    return Deck(width, height, waves)


def parse_size(size: str) -> tuple[int, int]:
    width, height = size.split("x")
    return int(width), int(height)


@lru_cache(maxsize=8)
def square_names(width: int) -> tuple[str, ...]:
    """Names of every square index on a deck of that width (up to row 26), computed once."""
    return tuple(square_name((i % width, i // width)) for i in range(width * 26))


def name(index: int, width: int) -> str:
    return square_names(width)[index]
