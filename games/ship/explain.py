"""Why a Ship action is refused: one sentence naming the rule that forbids it."""

from __future__ import annotations

from games.core import parse_square
from games.core.words import t, told
from games.ship.data import EMPTY, MATE, OWNER, name
from games.ship.rules import steps
from games.ship.state import ShipState
from games.ship.views import shown, side_name, square_index


def _on_deck(state: ShipState, square: str) -> bool:
    try:
        col, row = parse_square(square)
    except ValueError:
        return False
    return 0 <= col < state.width and 0 <= row < state.height


def explain(state: ShipState, seat: int, action: str) -> str:
    """Why ``action`` is not legal for ``seat`` now: the rule that forbids it, in one sentence
    (squares named as on the board; the refused text itself is never echoed)."""
    if state.outcome is not None:
        reason = told(state.outcome["reason"], state.outcome.get("params", {}))
        return t("The game is over: {reason}.", reason=reason)
    if seat != state.to_move:
        return t("It is {side}'s move: wait for your own.", side=side_name(state.to_move))
    corner = shown(name(state.width * state.height - 1, state.width))
    words = action.split()
    if len(words) != 3 or words[0] not in ("move", "jump"):
        return t(
            "Name a step or a jump by the square a piece leaves and the square it reaches, "
            "both on the deck (A1 to {corner}).",
            corner=corner,
        )
    verb, src_name, dst_name = words
    for square in (src_name, dst_name):
        if not _on_deck(state, square):
            return t(
                "That square is not on the deck: squares run from A1 to {corner}.", corner=corner
            )
    src, dst = square_index(state, src_name), square_index(state, dst_name)
    piece, target = state.board[src], state.board[dst]
    src_shown, dst_shown = shown(src_name), shown(dst_name)
    if piece == EMPTY:
        return t("There is no piece on {square}.", square=src_shown)
    if OWNER[piece] != seat:
        return t(
            "The piece on {square} is {side}'s: move one of your own.",
            square=src_shown,
            side=side_name(OWNER[piece]),
        )
    width = state.width
    dc, dr = dst % width - src % width, dst // width - src // width
    forward = (0, 1 if seat == 0 else -1)
    if state.first_turn[seat] and (verb == "jump" or (dc, dr) != forward):
        return t(
            "On each side's first turn one Mate moves one space forward into an empty space, "
            "nothing else."
        )
    reach = 1 if verb == "move" else 2
    if max(abs(dc), abs(dr)) != reach or (dc and dr and abs(dc) != abs(dr)):
        if verb == "move":
            return t("A step goes one square; to cover two, jump over an enemy piece next to you.")
        return t("A jump goes over the piece next to you to the square just beyond it.")
    step = (dc // reach, dr // reach)
    if step not in steps(piece, state.all_diagonals):
        return _wrong_way(piece, step, seat)
    if verb == "move":
        if target == EMPTY:
            return t("That step is not open now.")
        if OWNER[target] == seat:
            return t(
                "{square} holds one of your own pieces: a step needs an empty square.",
                square=dst_shown,
            )
        return t(
            "{square} holds a {side} piece: a step needs an empty square; to take it, jump "
            "over it.",
            square=dst_shown,
            side=side_name(OWNER[target]),
        )
    over = src + step[0] + step[1] * width
    if state.board[over] == EMPTY:
        return t("There is no piece on {square} to jump over.", square=shown(name(over, width)))
    if OWNER[state.board[over]] == seat:
        return t(
            "{square} holds your own piece: you may only jump an enemy.",
            square=shown(name(over, width)),
        )
    if target != EMPTY:
        return t("{square} is taken: a jump must land on an empty square.", square=dst_shown)
    return t("That jump is not open now.")


def _wrong_way(piece: str, step: tuple[int, int], seat: int) -> str:
    """The direction rule a step or jump breaks."""
    dc, dr = step
    ahead = 1 if seat == 0 else -1
    if piece in MATE:
        if dc and dr:
            return t("Only Captains move diagonally: a Mate goes forward, left or right.")
        return t("Mates never move backward: only forward, left or right.")
    if dc == 0:
        return t(
            "A Captain heads home: it goes toward its own home row, left, right or diagonally, "
            "never straight back."
        )
    if dr == ahead:
        return t("In this game a Captain's diagonal moves go toward its home row only.")
    return t("That direction is not open to a Captain.")
