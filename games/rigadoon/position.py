"""Build a Rigadoon position directly (ships, chests, wind), for scenario tests and previews.

Ships are written ``"k9:2"`` (square and masts; masts default to 3). Ships left out are absent
from the board, and so are chests: the worked examples of the rulebook show only a few pieces.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.rigadoon import data
from games.rigadoon.rules import cell_of
from games.rigadoon.state import FLEETS, RigadoonState


def position(
    blue: Iterable[str] = (),
    green: Iterable[str] = (),
    chests: Iterable[str] = (),
    wind: str = "n",
    active: str = "Blue",
    wind_changed: bool = False,
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> RigadoonState:
    """Blue's and Green's ships, the chests, the wind and whose turn it is (a turn under way
    once ``wind_changed``); the Wind cards not in play form the shuffled pile."""
    from games.rigadoon import SPEC

    ships, masts = [-1] * 8, [3] * 8
    for fleet, pieces in enumerate((blue, green)):
        for i, piece in enumerate(pieces):
            square, _, count = piece.partition(":")
            ships[4 * fleet + i] = cell_of(square)
            masts[4 * fleet + i] = int(count or 3)
    resolved = SPEC.resolve_options(options)
    state = RigadoonState(
        options=resolved,
        rng=seed,
        ships=ships,
        masts=masts,
        chests=[cell_of(c) for c in chests],
        wind=data.DIRECTIONS.index(wind),
        active=FLEETS.index(active),
        turn=1,
        wind_changed=wind_changed,
    )
    if resolved["wind"] == "cards":
        state.pile = [c for c in data.WIND_DECK for _ in range(int(resolved["deck_copies"]))]
        state.pile.remove(state.wind)
    return state


def play(state: RigadoonState, *actions: str) -> RigadoonState:
    """Apply ``actions`` in order for whoever is to act; legality is checked as in a game."""
    from games.rigadoon import SPEC

    for action in actions:
        state = SPEC.apply(state, state.active, action)
    return state


def piece(state: RigadoonState, square: str) -> tuple[str, int] | None:
    """``("Blue", 2)``: the fleet and masts of the ship on ``square``, or None."""
    ship = state.ship_at(cell_of(square))
    return None if ship < 0 else (FLEETS[ship // 4], state.masts[ship])


def chest_squares(state: RigadoonState) -> list[str]:
    return sorted(data.name(c) for c in state.chests if c >= 0)
