"""What every game shares: the contract, the seeded RNG and square names."""

from games.core.contract import GameSpec, IllegalAction, Option, Outcome
from games.core.coords import DIAGONAL, KING, ORTHOGONAL, Square, parse_square, square_name
from games.core.rng import SeededRng

__all__ = [
    "DIAGONAL",
    "KING",
    "ORTHOGONAL",
    "GameSpec",
    "IllegalAction",
    "Option",
    "Outcome",
    "SeededRng",
    "Square",
    "parse_square",
    "square_name",
]
