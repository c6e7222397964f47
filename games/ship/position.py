"""Test positions drawn as the rulings draw them: one line per row, ``s``/``b`` Mates,
``S``/``B`` Captains, ``>``/``<`` wave tiles (empty squares), ``.`` empty; unlisted rows are
empty. E.g.::

    position('''
      6   .  b  .  b  .  <  .
      4   .  >  .  .  s  <  .
    ''', to_move="stern")
"""

from __future__ import annotations

from games.ship.data import BOARD_SIZES, EMPTY, SIDES, parse_size
from games.ship.state import ShipState


def seat_of(who: int | str) -> int:
    """``0``, ``1``, ``"stern"`` or ``"bow"``."""
    if isinstance(who, int):
        return who
    return [side.lower() for side in SIDES].index(who.lower())


def position(
    deck: str = "",
    to_move: int | str = "stern",
    board: str = "7x9",
    captain_diagonals: str = "homeward",
    first_turn: tuple[bool, bool] = (False, False),
    ply: int = 0,
) -> ShipState:
    """A state with the pieces drawn in ``deck`` (first moves already made unless told)."""
    if board not in BOARD_SIZES:
        raise ValueError(f"no deck size {board!r}")
    width, height = parse_size(board)
    cells = [EMPTY] * (width * height)
    for line in filter(str.strip, deck.splitlines()):
        row, *marks = line.split()
        for col, mark in enumerate(marks):
            if mark in "sSbB":
                cells[(int(row) - 1) * width + col] = mark
    state = ShipState(
        width=width,
        height=height,
        all_diagonals=captain_diagonals == "all",
        board="".join(cells),
        to_move=seat_of(to_move),
        first_turn=list(first_turn),
        ply=ply,
    )
    state.seen[state.position_key()] = 1
    return state
