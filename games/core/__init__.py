"""What every game shares: the contract, the state codec, phases, the seeded RNG, squares."""

from games.core.codec import StateCodec, clone
from games.core.contract import (
    ENVELOPE_KEYS,
    GameSpec,
    IllegalAction,
    Option,
    Outcome,
    finish,
    normalize,
    score,
)
from games.core.coords import DIAGONAL, KING, ORTHOGONAL, Square, parse_square, square_name
from games.core.phases import Phase
from games.core.rng import SeededRng

__all__ = [
    "DIAGONAL",
    "ENVELOPE_KEYS",
    "KING",
    "ORTHOGONAL",
    "GameSpec",
    "IllegalAction",
    "Option",
    "Outcome",
    "Phase",
    "SeededRng",
    "Square",
    "StateCodec",
    "clone",
    "finish",
    "normalize",
    "parse_square",
    "score",
    "square_name",
]
