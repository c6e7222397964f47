"""Ship invariants for the shared random playouts: one piece per square, piece counts that
never grow, and Captains that only come from a Sea-Leg promotion."""

from __future__ import annotations

from games.ship.data import CAPTAIN, EMPTY, MATE, OWNER, PLY_CAP, START_COLS, START_ROWS
from games.ship.spec import ShipSpec
from games.ship.state import ShipState

START_PIECES = START_ROWS * START_COLS


def check(spec: ShipSpec, state: ShipState) -> None:
    deck = state.deck
    board = state.board
    assert len(board) == deck.width * deck.height
    assert set(board) <= {EMPTY, *OWNER}, "a square holds something that is not one piece"
    squares = [piece["square"] for piece in spec.view(state, None)["pieces"]]
    assert len(squares) == len(set(squares)), "two pieces share a square"
    for seat in (0, 1):
        aboard = board.count(MATE[seat]) + board.count(CAPTAIN[seat])
        gone = [r for r in state.removed if OWNER[r["piece"]] == seat]
        # Pieces only ever leave: what is aboard plus what was taken is the starting nine.
        assert aboard + len(gone) == START_PIECES, "a side's piece count grew"
        captains_made = board.count(CAPTAIN[seat]) + sum(r["piece"] == CAPTAIN[seat] for r in gone)
        assert captains_made == state.sea_legs[seat], "a Captain appeared without a Sea-Leg"
        far_row = deck.home_row(1 - seat) * deck.width
        assert MATE[seat] not in board[far_row : far_row + deck.width], "an unpromoted Mate"
        home = deck.home_row(seat) * deck.width
        if CAPTAIN[seat] in board[home : home + deck.width]:
            assert state.outcome and state.outcome["winners"] == [seat], "a Captain home, no win"
    assert state.first_turn[state.to_move] is (state.ply < 2), "first-move duty out of step"
    assert state.ply <= PLY_CAP
