"""Words for Ship's actions: what a button or a menu entry says, at most 80 characters."""

from __future__ import annotations

from games.ship import rules
from games.ship.data import MATE
from games.ship.state import ShipState, copy
from games.ship.views import kind_of, piece_on, shown, square_index

LABEL_LIMIT = 80


def direction(seat: int, piece: str, dc: int, dr: int) -> str:
    """A one-square step in the mover's own words, as they see the deck (their home row at the
    bottom, so Stern's right is toward column G and Bow's toward column A)."""
    ahead = 1 if seat == 0 else -1  # toward the opponent's home row
    if dr == 0:
        return "right" if dc * ahead > 0 else "left"
    if piece in MATE:
        return "forward"
    toward = "home" if dr == -ahead else "away from home"
    return f"diagonally {toward}" if dc else "home"


def label(state: ShipState, seat: int, action: str) -> str:
    """Words for a legal action or a whole-word group of them (``move``, ``jump d6``). A full
    action is played on a copy, so the label can tell what it does: "Mate E4 right to F4; the
    wave shifts row 6, Bow's Mate on A6 goes overboard"."""
    words = action.split()
    if len(words) == 1:
        return "Step a piece one square" if words[0] == "move" else "Jump an enemy piece"
    width = state.width
    src = square_index(state, words[1])
    piece = state.board[src]
    if len(words) == 2:
        verb = "Step" if words[0] == "move" else "Jump with"
        return f"{verb} the {kind_of(piece)} on {shown(words[1])}"
    after = copy(state)
    rules.make_move(after, rules.parse_move(action, width))
    assert after.last_move is not None, "a move always leaves its record"
    last = after.last_move
    for terse in range(3):  # shorter wordings until the label fits
        if last["kind"] == "jump":
            over = last["jumped"]
            taken = shown(over["square"]) if terse else piece_on(over["piece"], over["square"])
            landing = " to " if terse > 1 else ", landing on "
            head = f"{kind_of(piece)} {shown(words[1])} jumps {taken}{landing}{shown(words[2])}"
        else:
            dst = square_index(state, words[2])
            dc, dr = dst % width - src % width, dst // width - src // width
            way = direction(seat, piece, dc, dr)
            head = f"{kind_of(piece)} {shown(words[1])} {way} to {shown(words[2])}"
        parts = [head]
        if last["promoted"]:
            parts.append("gains its Sea-Leg")
        wave = last["wave"]
        the = "" if terse > 1 else "the "
        if wave and wave["row"] is None:
            parts.append(f"{the}wave finds no Mate to shift")
        elif wave:
            shift = f"{the}wave shifts row {wave['row']}"
            fallen = wave["overboard"]
            if fallen:
                who = (
                    shown(fallen["square"])
                    if terse
                    else piece_on(fallen["piece"], fallen["square"])
                )
                shift += f", {who} goes overboard" if terse < 2 else f", {who} overboard"
            parts.append(shift)
        if after.outcome is not None:
            winners = after.outcome["winners"]
            ending = (
                "you win" if winners == [seat] else "you lose" if winners else "the game is drawn"
            )
            parts.append(ending)
        text = "; ".join(parts)
        if len(text) <= LABEL_LIMIT:
            break
    return text
