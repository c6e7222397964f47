"""The game state: a compact board string plus the little history the rules need.

The board is one string of ``width * height`` cells (``.`` empty, ``s``/``S`` a Stern Mate or
Captain, ``b``/``B`` a Bow Mate or Captain), so copying it is free and it doubles as the key for
the 3-fold repetition rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core import StateCodec
from games.ship.data import Deck, deck


@dataclass
class ShipState:
    width: int
    height: int
    all_diagonals: bool  # rulings S5 flag: Captains step diagonally away from home too
    board: str
    to_move: int
    first_turn: list[bool]  # per seat: still owes its forced first move (rulings S13)
    coin_toss: bool = False  # whether a coin toss chose who moved first (rulings S14)
    ply: int = 0
    sea_legs: list[int] = field(default_factory=lambda: [0, 0])  # promotions per seat so far
    seen: dict[str, int] = field(default_factory=dict)  # position key -> times it occurred
    last_move: dict[str, Any] | None = None  # what the latest move did, for words and picture
    # every piece taken, in order: {"square", "piece", "how": "jumped" or "overboard"}
    removed: list[dict[str, str]] = field(default_factory=list)
    outcome: dict[str, Any] | None = None

    @property
    def deck(self) -> Deck:
        return deck(self.width, self.height)

    def position_key(self) -> str:
        """What must repeat for 3-fold repetition: the deck, whose turn, and first-move duty."""
        duty = "".join("f" if owed else "-" for owed in self.first_turn)
        return f"{self.board}{self.to_move}{duty}"


CODEC: StateCodec[ShipState] = StateCodec(ShipState)


def copy(state: ShipState) -> ShipState:
    """A private copy for look-ahead (the spec's ``copy`` is the same codec)."""
    return CODEC.copy(state)
