"""What was hidden in a Cardinal game, told at the end: nothing but how the opener was chosen."""

from __future__ import annotations

from games.cardinal.state import CardinalState
from games.cardinal.views import seat_name
from games.core.words import t


def reveal(state: CardinalState) -> list[str]:
    """Cardinal hides nothing: say so, and how the first player was chosen."""
    opener = seat_name(state.opener)
    how = (
        t("A coin toss chose {seat} to place first.", seat=opener)
        if state.coin_toss
        else t("{seat} placed first, as chosen when the game was set up.", seat=opener)
    )
    return [
        t("Nothing was hidden in Cardinal: every ship and the pirate were in view all game."),
        how,
    ]
