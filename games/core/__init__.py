"""What every game shares: the contract, the state codec, phases, the seeded RNG, squares."""

from games.core.codec import StateCodec, clone
from games.core.contract import (
    ALLOWED,
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
from games.core.teaching import Moment, Seen

__all__ = [
    "ALLOWED",
    "DIAGONAL",
    "ENVELOPE_KEYS",
    "KING",
    "ORTHOGONAL",
    "Change",
    "Envelope",
    "GameSpec",
    "IllegalAction",
    "Lesson",
    "Moment",
    "Option",
    "Outcome",
    "Phase",
    "Score",
    "SeededRng",
    "Seen",
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
