"""A quick estimate of each side's chances, for the AI's search and its greedy baseline.

A margin in "pieces", seen from the side to move, through a logistic:

* material: Mates aboard, a Captain worth more (it has its Sea-Leg);
* progress: a side without a Captain is as far along as its most advanced Mate is toward the
  far row; a side with one is past half way, and further the closer its best Captain is to
  its own home row ("make your way back to your side's furthest row in order to win");
* captures in reach: the best jump the mover has counts for it, the best the other side has
  counts less against it (the mover may step away);
* a win in one: a Captain one step from home with the way open. The mover takes it; against
  the other side's, the mover is in danger unless it can jump that Captain.
"""

from __future__ import annotations

import math

from games.ship.data import CAPTAIN, MATE, START_ROWS
from games.ship.rules import Move, piece_moves
from games.ship.state import ShipState

CAPTAIN_WORTH = 1.5
WIN_IN_ONE = 0.97


def evaluate(state: ShipState) -> list[float]:
    """Per seat, in [0, 1]: 1/0 for a decided game, 1/2 each for a draw."""
    if state.outcome is not None:
        winners = state.outcome["winners"]
        return [0.5, 0.5] if not winners else [float(seat in winners) for seat in (0, 1)]
    chance = mover_chance(state)
    return [chance, 1 - chance] if state.to_move == 0 else [1 - chance, chance]


def side_moves(state: ShipState, side: int) -> list[Move]:
    """Every move ``side`` could make if it were its turn."""
    mine = (MATE[side], CAPTAIN[side])
    moves: list[Move] = []
    for src, piece in enumerate(state.board):
        if piece in mine:
            moves.extend(piece_moves(state, src))
    return moves


def mover_chance(state: ShipState) -> float:
    mover, other = state.to_move, 1 - state.to_move
    board = state.board
    mine, theirs = side_moves(state, mover), side_moves(state, other)
    if homecomings(state, mover, mine):
        return WIN_IN_ONE
    margin = (
        material(board, mover)
        - material(board, other)
        + 2.0 * (progress(state, mover) - progress(state, other))
        + 0.7 * best_capture(board, mine)
        - 0.35 * best_capture(board, theirs)
        + 0.1
    )
    threats = homecomings(state, other, theirs)
    if threats:
        answered = any(move.over is not None and move.over in threats for move in mine)
        margin -= 1.0 if answered else 4.0
    return 1 / (1 + math.exp(-0.8 * margin))


def material(board: str, side: int) -> float:
    return board.count(MATE[side]) + CAPTAIN_WORTH * board.count(CAPTAIN[side])


def progress(state: ShipState, side: int) -> float:
    """0 at the start, 1 when a Mate reaches the far row, 2 with a Captain home."""
    deck, width = state.deck, state.width
    span = state.height - 1
    home, far = deck.home_row(side), deck.home_row(1 - side)
    captains = [i // width for i, cell in enumerate(state.board) if cell == CAPTAIN[side]]
    if captains:
        return 1 + (span - min(abs(row - home) for row in captains)) / span
    mates = [i // width for i, cell in enumerate(state.board) if cell == MATE[side]]
    if not mates:
        return 0.0
    start = START_ROWS - 1  # how far the starting block's front row already is from home
    best = span - min(abs(row - far) for row in mates)
    return max(0.0, (best - start) / (span - start))


def best_capture(board: str, moves: list[Move]) -> float:
    """The worth of the best piece these moves could jump."""
    best = 0.0
    for move in moves:
        if move.over is not None:
            best = max(best, CAPTAIN_WORTH if board[move.over] in CAPTAIN else 1.0)
    return best


def homecomings(state: ShipState, side: int, moves: list[Move]) -> set[int]:
    """Squares of ``side``'s Captains that one of ``moves`` brings home (a win)."""
    home = state.deck.home_row(side)
    return {
        move.src
        for move in moves
        if state.board[move.src] == CAPTAIN[side] and move.dst // state.width == home
    }
