"""The Cardinal state: who holds which square, where the pirate is, and the little history the
rules need (repetitions, the last move, the pirate choice still owed)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.cardinal.data import BOARDS, BoardShape
from games.core import StateCodec


@dataclass
class CardinalState:
    board: str  # a key of ``data.BOARDS``
    pirate_squares: str  # ruling K1: "any" crowded square, or only ones "touching" the new ship
    opener: int  # the seat that placed first
    coin_toss: bool  # whether a coin toss chose the opener (ruling K9)
    to_move: int
    ships: dict[str, int] = field(default_factory=dict)  # square name -> owner's seat
    pirate: str | None = None  # None while it waits "next to" the board
    ply: int = 0  # actions so far (placements and pirate choices), for the cap of ruling K8
    placements: int = 0  # ships placed so far: the turn counter players see
    summoning: list[str] = field(default_factory=list)  # crowded squares the mover picks from
    seen: dict[str, int] = field(default_factory=dict)  # position key -> times it occurred
    last_move: dict[str, Any] = field(default_factory=dict)  # the latest action's effects
    outcome: dict[str, Any] | None = None

    @property
    def shape(self) -> BoardShape:
        return BOARDS[self.board]


CODEC: StateCodec[CardinalState] = StateCodec(CardinalState)


def copy(state: CardinalState) -> CardinalState:
    """A private copy for look-ahead (the spec's ``copy`` is the same codec)."""
    return CODEC.copy(state)
