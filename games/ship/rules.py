"""How pieces move, jump, promote and ride the waves, and when the game ends.

The rulings this engine had to decide itself are listed in the package docstring.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from games.core import parse_square, square_name
from games.ship.deck import (
    ARROW_NAMES,
    CAPTAIN,
    EAST,
    EMPTY,
    MATE,
    OWNER,
    SIDES,
    Deck,
)
from games.ship.state import ShipState

PLY_CAP = 200  # rulings S15: "A draw after 200 plies, or on 3-fold repetition"
REPETITIONS = 3

Step = tuple[int, int]


class Move(NamedTuple):
    """One atomic action: ``kind`` is "move" or "jump"; ``over`` is the jumped square."""

    kind: str
    src: int
    dst: int
    over: int | None

    def text(self, width: int) -> str:
        return f"{self.kind} {name(self.src, width)} {name(self.dst, width)}"


@lru_cache(maxsize=8)
def square_names(width: int) -> tuple[str, ...]:
    """Names of every square index on a deck of that width (up to row 26), computed once."""
    return tuple(square_name((i % width, i // width)) for i in range(width * 26))


def name(index: int, width: int) -> str:
    return square_names(width)[index]


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
        state.removed.append({**jumped, "how": "jumped", "ply": state.ply + 1})
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
            state.removed.append({**wave["overboard"], "how": "overboard", "ply": state.ply + 1})
    state.board = "".join(cells)
    state.first_turn[seat] = False
    state.ply += 1
    state.to_move = 1 - seat
    state.last = {
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
    state.result = judge(state, seat, final)


def one_way(state: ShipState, move: Move, by_mate: bool) -> bool:
    """Whether ``move`` changed row for good: Mates never step back, and Captains never step
    away from home unless the all-diagonals flag lets them."""
    changed_row = move.src // state.width != move.dst // state.width
    return changed_row and (by_mate or not state.all_diagonals)


def break_wave(
    deck: Deck, cells: list[str], seat: int, at: int
) -> tuple[dict[str, Any], int | None]:
    """Shift the row of the opponent's front-most Mate toward the arrow; maybe one falls.

    "ALL Mates on your opponent's furthest row, shift to the edge of the ship in the direction
    the arrow is pointing. If there are two or more pieces in the row that has shifted, the
    piece closest to the edge of the boat falls overboard". Per rulings S8-S11 the row is that
    of the opponent Mate nearest the mover's home, every piece in it (either side, Mates and
    Captains) packs against the edge in order, and only the edge piece falls.

    Returns the record of the wave and where the mover's piece (which stood on ``at``) ended,
    or None if it fell.
    """
    width = deck.width
    arrow = deck.waves[at]
    record: dict[str, Any] = {
        "at": name(at, width), "arrow": ARROW_NAMES[arrow], "row": None, "shifts": [],
        "overboard": None,
    }
    opponent_mate = MATE[1 - seat]
    rows = [i // width for i, cell in enumerate(cells) if cell == opponent_mate]
    if not rows:
        return record, at
    row = min(rows) if deck.forward(1 - seat) < 0 else max(rows)
    base = row * width
    occupied = [c for c in range(width) if cells[base + c] != EMPTY]
    count = len(occupied)
    packed = list(range(width - count, width)) if arrow == EAST else list(range(count))
    pieces = [cells[base + c] for c in occupied]
    for c in occupied:
        cells[base + c] = EMPTY
    for c, piece in zip(packed, pieces, strict=True):
        cells[base + c] = piece
    record["row"] = row + 1
    record["shifts"] = [
        [name(base + a, width), name(base + b, width)]
        for a, b in zip(occupied, packed, strict=True) if a != b
    ]
    final: int | None = at
    if at // width == row:
        final = base + packed[occupied.index(at % width)]
    if count >= 2:
        edge = base + (width - 1 if arrow == EAST else 0)
        record["overboard"] = {"square": name(edge, width), "piece": cells[edge]}
        cells[edge] = EMPTY
        if final == edge:
            final = None
    return record, final


def judge(state: ShipState, mover: int, final: int | None) -> dict[str, Any] | None:
    """The result after ``mover``'s move, or None if play goes on (rulings 3.3, S15)."""
    deck, board = state.deck, state.board
    opponent = 1 - mover
    if (final is not None and final // state.width == deck.home_row(mover)
            and board[final] == CAPTAIN[mover]):
        square = name(final, state.width)
        return win(mover, f"{SIDES[mover]}'s Captain is back home on {square}")
    for side in (opponent, mover):
        if MATE[side] not in board and CAPTAIN[side] not in board:
            return win(1 - side, f"{SIDES[side]} has no pieces left")
    if not legal_moves(state):
        return win(mover, f"{SIDES[opponent]} has no legal move")
    if state.seen[state.position_key()] >= REPETITIONS:
        return {"winners": [], "reason": "the same position occurred three times"}
    if state.ply >= PLY_CAP:
        return {"winners": [], "reason": f"{PLY_CAP} plies passed without a winner"}
    return None


def win(seat: int, reason: str) -> dict[str, Any]:
    return {"winners": [seat], "reason": reason}
