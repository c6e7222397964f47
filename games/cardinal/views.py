"""What Cardinal shows: the board view, the lines saying what just happened, the counters, and
how a square is written (``shown``, which the hook modules share).

Everything in Cardinal is public, so every seat and the public get the same view.
"""

from __future__ import annotations

from typing import Any

from games.cardinal.data import SEATS, SHIPS_PER_PLAYER
from games.cardinal.rules import crowded_squares, pirate_influence, supply
from games.cardinal.state import CardinalState
from games.core import Score, clone, score, square_name
from games.core.words import t


def board_view(state: CardinalState) -> dict[str, Any]:
    shape = state.shape
    return {
        "cols": shape.cols,
        "rows": shape.rows,
        "blocked": sorted(square_name(square) for square in shape.blocked),
        "ships": dict(sorted(state.ships.items())),
        "pirate": state.pirate,
        "supply": [supply(state, seat) for seat in (0, 1)],
        "crowded": crowded_squares(state),
        "influence": sorted(pirate_influence(state)),
        "summoning": list(state.summoning),
        "last_move": clone(state.last_move),
    }


def turn_number(state: CardinalState) -> int:
    """The turn now being played (a pirate choice belongs to its placement's turn), or the last
    one once the game is over."""
    if state.outcome is not None or state.summoning:
        return state.placements
    return state.placements + 1


def last_lines(state: CardinalState) -> list[str]:
    """E.g. "Orange places a ship on B4.", "The pirate sails to C3.", "Sent home: Green C2.":
    squares as the buttons name them."""
    last = state.last_move
    if not last:
        return []
    who = seat_name(last["seat"])
    lines = []
    if last["action"] == "place":
        lines.append(t("{seat} places a ship on {square}.", seat=who, square=shown(last["placed"])))
    if state.summoning:
        squares = ", ".join(shown(square) for square in state.summoning)
        lines.append(
            t("The pirate is summoned: {seat} chooses among {squares}.", seat=who, squares=squares)
        )
    elif last["pirate"]:
        lines.append(t("The pirate sails to {square}.", square=shown(last["pirate"])))
        removed = [f"{seat_name(owner)} {shown(name)}" for name, owner in last["removed"]]
        if removed:
            lines.append(t("Sent home: {ships}.", ships=", ".join(removed)))
    return lines


def scores(state: CardinalState) -> list[Score]:
    """Ships each fleet has on the board: the race to all five."""
    return [
        score(
            t("{seat} ships on board", seat=seat_name(seat)), SHIPS_PER_PLAYER - supply(state, seat)
        )
        for seat in (0, 1)
    ]


def seat_name(seat: int) -> str:
    """A fleet's name in the language spoken now ("Green", "Grün", "Vert")."""
    return t(SEATS[seat])


def shown(name: str) -> str:
    """A square as printed in words and on buttons: ``c3`` -> ``C3``."""
    return name.upper()
