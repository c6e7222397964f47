"""Words for Ship's actions: what a button or a menu entry says, at most 80 characters."""

from __future__ import annotations

from typing import Any

from games.core.words import N_, clauses, t
from games.ship import rules
from games.ship.data import MATE
from games.ship.state import ShipState, copy
from games.ship.views import kind_of, of_piece, piece_on, shown, square_index

LABEL_LIMIT = 80

#: A one-square step in the mover's own words, by the way it goes.
STEPS = {
    "right": N_("{piece} {start} right to {end}"),
    "left": N_("{piece} {start} left to {end}"),
    "forward": N_("{piece} {start} forward to {end}"),
    "home": N_("{piece} {start} home to {end}"),
    "diagonally home": N_("{piece} {start} diagonally home to {end}"),
    "diagonally away": N_("{piece} {start} diagonally away from home to {end}"),
}


def direction(seat: int, piece: str, dc: int, dr: int) -> str:
    """A one-square step as the mover sees the deck (their home row at the bottom, so
    Stern's right is toward column G and Bow's toward column A): a key of :data:`STEPS`."""
    ahead = 1 if seat == 0 else -1  # toward the opponent's home row
    if dr == 0:
        return "right" if dc * ahead > 0 else "left"
    if piece in MATE:
        return "forward"
    if not dc:
        return "home"
    return "diagonally home" if dr == -ahead else "diagonally away"


def label(state: ShipState, seat: int, action: str) -> str:
    """Words for a legal action or a whole-word group of them (``move``, ``jump d6``). A full
    action is played on a copy, so the label can tell what it does: "Mate E4 right to F4; the
    wave shifts row 6, Bow's Mate on A6 goes overboard"."""
    words = action.split()
    if len(words) == 1:
        return t("Step a piece one square") if words[0] == "move" else t("Jump an enemy piece")
    width = state.width
    src = square_index(state, words[1])
    piece = state.board[src]
    if len(words) == 2:
        if words[0] == "move":
            mate, captain = N_("Step the Mate on {square}"), N_("Step the Captain on {square}")
        else:
            mate, captain = (
                N_("Jump with the Mate on {square}"),
                N_("Jump with the Captain on {square}"),
            )
        return of_piece(piece, mate, captain, square=shown(words[1]))
    after = copy(state)
    rules.make_move(after, rules.parse_move(action, width))
    assert after.last_move is not None, "a move always leaves its record"
    last = after.last_move
    ending = ""
    if after.outcome is not None:
        winners = after.outcome["winners"]
        if not winners:
            ending = t("the game is drawn")
        else:
            ending = t("you win") if winners == [seat] else t("you lose")
    for terse in range(4):  # shorter wordings until the label fits
        parts = [head(state, seat, action, last, terse)]
        if last["promoted"]:
            parts.append(t("gains its Sea-Leg"))
        if last["wave"]:
            parts.append(wave_clause(last["wave"], terse))
        if ending:
            parts.append(ending)
        text = clauses(parts)
        if len(text) <= LABEL_LIMIT:
            break
    return text


def head(state: ShipState, seat: int, action: str, last: dict[str, Any], terse: int) -> str:
    """The move itself, shorter as ``terse`` grows (0 to 3): "Mate E4 jumps Bow's Mate on
    E5, landing on E6", then "... jumps E5, landing on E6", then "... jumps E5 to E6"; a step
    "Captain G7 diagonally home to F6", at last "Captain G7 → F6"."""
    _, start, end = action.split()
    src, dst = square_index(state, start), square_index(state, end)
    piece = state.board[src]
    if last["kind"] == "jump":
        over = last["jumped"]
        taken = shown(over["square"]) if terse else piece_on(over["piece"], over["square"])
        jump = (
            N_("{piece} {start} jumps {taken} to {end}")
            if terse > 1
            else N_("{piece} {start} jumps {taken}, landing on {end}")
        )
        return t(jump, piece=kind_of(piece), start=shown(start), taken=taken, end=shown(end))
    width = state.width
    dc, dr = dst % width - src % width, dst // width - src // width
    way = STEPS[direction(seat, piece, dc, dr)] if terse < 3 else N_("{piece} {start} → {end}")
    return t(way, piece=kind_of(piece), start=shown(start), end=shown(end))


def wave_clause(wave: dict[str, Any], terse: int) -> str:
    """What the wave does, shorter as ``terse`` grows (0 to 3): "the wave shifts row 6, Bow's
    Mate on A6 goes overboard", then "..., A6 goes overboard", then "wave shifts row 6, A6
    overboard"."""
    if wave["row"] is None:
        return (
            t("wave finds no Mate to shift") if terse > 1 else t("the wave finds no Mate to shift")
        )
    fallen = wave["overboard"]
    if not fallen:
        if terse > 1:
            return t("wave shifts row {row}", row=wave["row"])
        return t("the wave shifts row {row}", row=wave["row"])
    who = shown(fallen["square"]) if terse else piece_on(fallen["piece"], fallen["square"])
    if terse > 1:
        return t("wave shifts row {row}, {piece} overboard", row=wave["row"], piece=who)
    return t("the wave shifts row {row}, {piece} goes overboard", row=wave["row"], piece=who)
