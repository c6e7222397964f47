"""What was hidden in a Ship game, told at the end: nothing but how the first mover was chosen."""

from __future__ import annotations

from games.core.words import t
from games.ship.state import ShipState
from games.ship.views import side_name


def reveal(state: ShipState) -> list[str]:
    """Ship hides nothing: say so, and how the first mover was chosen."""
    opener = side_name(state.to_move if state.ply % 2 == 0 else 1 - state.to_move)
    how = (
        t("A coin toss chose {side} to move first.", side=opener)
        if state.coin_toss
        else t("{side} moved first, as the game was set up.", side=opener)
    )
    return [t("Nothing was hidden in Ship: every piece was in view all game."), how]
