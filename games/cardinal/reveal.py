"""What was hidden in a Cardinal game, told at the end: nothing but how the opener was chosen."""

from __future__ import annotations

from games.cardinal.data import SEATS
from games.cardinal.state import CardinalState


def reveal(state: CardinalState) -> list[str]:
    """Cardinal hides nothing: say so, and how the first player was chosen."""
    opener = SEATS[state.opener]
    how = (
        f"A coin toss chose {opener} to place first."
        if state.coin_toss
        else (f"{opener} placed first, as chosen when the game was set up.")
    )
    return ["Nothing was hidden in Cardinal: every ship and the pirate were in view all game.", how]
