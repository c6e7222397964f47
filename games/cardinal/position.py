"""Test positions in Cardinal's own words: which squares each fleet holds, where the pirate is,
whose turn it is, and (optionally) the crowded squares a summoned pirate is waiting to choose
from."""

from __future__ import annotations

from collections.abc import Iterable

from games.cardinal.data import BOARDS, SEATS
from games.cardinal.rules import remember_position
from games.cardinal.state import CardinalState


def seat_of(who: int | str) -> int:
    """``0``, ``1``, ``"orange"`` or ``"green"``."""
    if isinstance(who, int):
        return who
    return [name.lower() for name in SEATS].index(who.lower())


def position(
    orange: Iterable[str] = (),
    green: Iterable[str] = (),
    pirate: str | None = None,
    to_move: int | str = "orange",
    board: str = "5x5",
    pirate_squares: str = "any",
    summoning: Iterable[str] = (),
    ply: int = 0,
) -> CardinalState:
    """E.g. ``position(orange=["b4"], green=["b2", "c2", "d2"], pirate="e5")``."""
    if board not in BOARDS:
        raise ValueError(f"no board shape {board!r}")
    seat = seat_of(to_move)
    ships = {name: 0 for name in orange} | {name: 1 for name in green}
    state = CardinalState(
        board=board,
        pirate_squares=pirate_squares,
        opener=seat,
        coin_toss=False,
        to_move=seat,
        ships=ships,
        pirate=pirate,
        ply=ply,
        summoning=list(summoning),
    )
    remember_position(state)
    return state
