"""Cardinal's components: the board shapes, the fleets and the counts the rules use.

Board shapes follow rulings §2.2 and K11 ("Make the board shape a parameter"): a shape is its
width, height and the squares cut out of the rectangle. The default 5 x 5 is RECONSTRUCTED;
"compass" (5 x 5 minus corners) is the rulings' best-balanced alternative.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import Square
from games.core.words import N_

ORANGE, GREEN = 0, 1
SEATS = (N_("Orange"), N_("Green"))  # "11 wooden ships (5 orange, 5 green, 1 black)"

SHIPS_PER_PLAYER = 5
CROWD_SIZE = 4  # "If 4 or more ships are adjacent ... to an empty square"
PLY_CAP = 200  # ruling K8: "Draw after 3-fold repetition or a 200-ply cap"
REPETITIONS = 3


@dataclass(frozen=True)
class BoardShape:
    cols: int
    rows: int
    blocked: frozenset[Square] = frozenset()

    def squares(self) -> list[Square]:
        return [
            (c, r) for r in range(self.rows) for c in range(self.cols) if (c, r) not in self.blocked
        ]

    def contains(self, square: Square) -> bool:
        c, r = square
        return 0 <= c < self.cols and 0 <= r < self.rows and square not in self.blocked


BOARDS: dict[str, BoardShape] = {
    "5x5": BoardShape(5, 5),
    "compass": BoardShape(5, 5, frozenset({(0, 0), (4, 0), (0, 4), (4, 4)})),
    "centre-blocked": BoardShape(5, 5, frozenset({(2, 2)})),
    "6x6": BoardShape(6, 6),
    "4x4": BoardShape(4, 4),
}
