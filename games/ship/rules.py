"""How pieces move, jump and gain their Sea-Leg, and when the game ends (waves: ``waves``).

The rulings this engine had to decide itself are listed in the package docstring.
"""

from __future__ import annotations

from typing import NamedTuple

from games.core import SeededRng, finish, parse_square
from games.core.words import N_
from games.ship.data import (
    CAPTAIN,
    EMPTY,
    MATE,
    OWNER,
    PLY_CAP,
    REPETITIONS,
    SIDES,
    deck,
    name,
    parse_size,
)
from games.ship.state import ShipState
from games.ship.waves import break_wave

Step = tuple[int, int]


class Move(NamedTuple):
    """One atomic action: ``kind`` is "move" or "jump"; ``over`` is the jumped square."""

    kind: str
    src: int
    dst: int
    over: int | None

    def text(self, width: int) -> str:
        return f"{self.kind} {name(self.src, width)} {name(self.dst, width)}"


def setup(board: str, captain_diagonals: str, first: str, seed: int) -> ShipState:
    """The starting deck; Stern moves first unless the ``first`` option tosses a coin (S14)."""
    width, height = parse_size(board)
    coin_toss = first == "random"
    state = ShipState(
        width=width,
        height=height,
        all_diagonals=captain_diagonals == "all",
        board=deck(width, height).start_board(),
        to_move=SeededRng(seed).below(2) if coin_toss else 0,
        first_turn=[True, True],
        coin_toss=coin_toss,
    )
    state.seen[state.position_key()] = 1
    return state


def steps(piece: str, all_diagonals: bool) -> tuple[Step, ...]:
    """Directions a piece may step or jump in, as (column, row) deltas.

    "Mates ... move one space to the right, to the left, OR forward"; a Captain turns round
    ("start your journey back") and may "move, and jump ... diagonally as well as forwards,
    left and right". Diagonals are the two home-ward ones unless the S5 flag allows all four.
    """
    ahead = 1 if OWNER[piece] == 0 else -1  # toward the opponent's home row
    if piece in MATE:
        return ((0, ahead), (-1, 0), (1, 0))
    home = -ahead
    diagonals = ((-1, home), (1, home)) + (((-1, ahead), (1, ahead)) if all_diagonals else ())
    return ((0, home), (-1, 0), (1, 0), *diagonals)


def piece_moves(state: ShipState, src: int) -> list[Move]:
    """Every legal move of the piece on ``src`` (assumed to belong to the side to move)."""
    board, width, height = state.board, state.width, state.height
    piece = board[src]
    seat = OWNER[piece]
    first_turn = state.first_turn[seat]
    col, row = src % width, src // width
    moves: list[Move] = []
    for dc, dr in steps(piece, state.all_diagonals):
        c, r = col + dc, row + dr
        if not (0 <= c < width and 0 <= r < height):
            continue
        near = r * width + c
        target = board[near]
        if target == EMPTY:
            # "On each player's first turn, they are allowed to move one Mate, one space forward"
            if not first_turn or dc == 0:
                moves.append(Move("move", src, near, None))
        elif OWNER[target] != seat and not first_turn:
            c2, r2 = c + dc, r + dr
            if 0 <= c2 < width and 0 <= r2 < height and board[r2 * width + c2] == EMPTY:
                moves.append(Move("jump", src, r2 * width + c2, near))
    return moves


def legal_moves(state: ShipState) -> list[Move]:
    seat = state.to_move
    mine = (MATE[seat], CAPTAIN[seat])
    moves: list[Move] = []
    for src, piece in enumerate(state.board):
        if piece in mine:
            moves.extend(piece_moves(state, src))
    return moves


def parse_move(action: str, width: int) -> Move:
    """Read canonical text back into a :class:`Move` (the text is known to be legal)."""
    kind, src_name, dst_name = action.split()
    (c1, r1), (c2, r2) = parse_square(src_name), parse_square(dst_name)
    over = ((r1 + r2) // 2) * width + (c1 + c2) // 2 if kind == "jump" else None
    return Move(kind, r1 * width + c1, r2 * width + c2, over)


def make_move(state: ShipState, move: Move) -> None:
    """Carry out a legal move in place: jump, Sea-Leg, wave, then judge the position."""
    seat, deck, width = state.to_move, state.deck, state.width
    cells = list(state.board)
    piece = cells[move.src]
    by_mate = piece in MATE
    cells[move.src] = EMPTY
    jumped = None
    if move.over is not None:
        jumped = {"square": name(move.over, width), "piece": cells[move.over]}
        cells[move.over] = EMPTY
        state.removed.append({**jumped, "how": "jumped"})
    # "Once you move one of your Mates to the far side of the ship, you obtain a Sea Leg"
    promoted = by_mate and move.dst // width == deck.home_row(1 - seat)
    if promoted:
        piece = CAPTAIN[seat]
        state.sea_legs[seat] += 1
    cells[move.dst] = piece
    final: int | None = move.dst
    wave = None
    if move.dst in deck.waves:
        wave, final = break_wave(deck, cells, seat, move.dst)
        if wave["overboard"]:
            state.removed.append({**wave["overboard"], "how": "overboard"})
    state.board = "".join(cells)
    state.first_turn[seat] = False
    state.ply += 1
    state.to_move = 1 - seat
    state.last_move = {
        "seat": seat,
        "action": move.text(width),
        "kind": move.kind,
        "piece": piece,
        "from": name(move.src, width),
        "to": name(move.dst, width),
        "jumped": jumped,
        "promoted": promoted,
        "wave": wave,
        "final": None if final is None else name(final, width),
    }
    if move.kind == "jump" or (wave and wave["overboard"]) or one_way(state, move, by_mate):
        state.seen.clear()  # no earlier position can come back: keep the history short
    key = state.position_key()
    state.seen[key] = state.seen.get(key, 0) + 1
    judge(state, seat, final)


def one_way(state: ShipState, move: Move, by_mate: bool) -> bool:
    """Whether ``move`` changed row for good: Mates never step back, and Captains never step
    away from home unless the all-diagonals flag lets them."""
    changed_row = move.src // state.width != move.dst // state.width
    return changed_row and (by_mate or not state.all_diagonals)


def judge(state: ShipState, mover: int, final: int | None) -> None:
    """Finish the game if ``mover``'s move decided it (rulings 3.3, S15)."""
    deck, board = state.deck, state.board
    opponent = 1 - mover
    if (
        final is not None
        and final // state.width == deck.home_row(mover)
        and board[final] == CAPTAIN[mover]
    ):
        square = name(final, state.width)
        reason = N_("{side}'s Captain is back home on {square}")
        finish(state, [mover], reason, side=SIDES[mover], square=square.upper())
        return
    for side in (opponent, mover):
        if MATE[side] not in board and CAPTAIN[side] not in board:
            finish(state, [1 - side], N_("{side} has no pieces left"), side=SIDES[side])
            return
    if not legal_moves(state):
        finish(state, [mover], N_("{side} has no legal move"), side=SIDES[opponent])
    elif state.seen[state.position_key()] >= REPETITIONS:
        finish(state, [], N_("the same position occurred three times"))
    elif state.ply >= PLY_CAP:
        finish(state, [], N_("{count} plies passed without a winner"), count=PLY_CAP)
