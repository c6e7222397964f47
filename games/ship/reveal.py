"""What was hidden in a Ship game, told at the end: nothing but how the first mover was chosen."""

from __future__ import annotations

from games.ship.data import SIDES
from games.ship.state import ShipState


def reveal(state: ShipState) -> list[str]:
    """Ship hides nothing: say so, and how the first mover was chosen."""
    opener = state.to_move if state.ply % 2 == 0 else 1 - state.to_move
    how = (
        f"A coin toss chose {SIDES[opener]} to move first."
        if state.coin_toss
        else f"{SIDES[opener]} moved first, as the game was set up."
    )
    return ["Nothing was hidden in Ship: every piece was in view all game.", how]
