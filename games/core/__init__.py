"""What every game shares: the contract, the state codec, phases, the seeded RNG, squares."""

from games.core.codec import StateCodec, clone
from games.core.contract import (
    ENVELOPE_KEYS,
    Change,
    Envelope,
    GameSpec,
    IllegalAction,
    Lesson,
    Option,
    Outcome,
    Score,
    View,
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
    "Change",
    "Envelope",
    "GameSpec",
    "IllegalAction",
    "Lesson",
    "Option",
    "Outcome",
    "Phase",
    "Score",
    "SeededRng",
    "Square",
    "StateCodec",
    "View",
    "clone",
    "finish",
    "normalize",
    "parse_square",
    "score",
    "square_name",
]
