"""What Ship shows: the deck view, one line per move in words, and the counters.

Everything in Ship is public, so every seat and the public get the same view.
"""

from __future__ import annotations

from typing import Any

from games.core import parse_square, score
from games.ship.data import ARROW_NAMES, CAPTAIN, MATE, OWNER, PLY_CAP, SIDES, name
from games.ship.rules import piece_moves
from games.ship.state import ShipState


def board_view(state: ShipState) -> dict[str, Any]:
    width = state.width
    pieces = [
        {"square": name(i, width), "side": OWNER[cell], "captain": cell in CAPTAIN}
        for i, cell in enumerate(state.board)
        if cell in OWNER
    ]
    waves = [
        {"square": name(i, width), "arrow": ARROW_NAMES[arrow]}
        for i, arrow in sorted(state.deck.waves.items())
    ]
    lost = [{"jumped": 0, "overboard": 0} for _ in SIDES]
    for taken in state.removed:
        lost[OWNER[taken["piece"]]][taken["how"]] += 1
    return {
        "width": width,
        "height": state.height,
        "first_turn": list(state.first_turn),
        "ply": state.ply,
        "ply_cap": PLY_CAP,
        "pieces": pieces,
        "waves": waves,
        "last_move": state.last_move,
        "lost": lost,
        "sea_legs": list(state.sea_legs),
        "options": {
            "board": f"{width}x{state.height}",
            "captain_diagonals": "all" if state.all_diagonals else "homeward",
        },
    }


def turn_number(state: ShipState) -> int:
    """The move now being decided (each side's move counts one), or the last one once over."""
    return state.ply if state.outcome is not None else state.ply + 1


def piece_words(piece: str, square: str) -> str:
    """``Bow's g6`` for a Mate, ``Bow's Captain on g6`` for a Captain."""
    side = SIDES[OWNER[piece]]
    return f"{side}'s Captain on {square}" if piece in CAPTAIN else f"{side}'s {square}"


def last_lines(state: ShipState) -> list[str]:
    """E.g. "Stern moves a4 → b4; the wave at b4 shifts row 6 east and Bow's g6 falls
    overboard", with the verdict after the move that ended the game."""
    last = state.last_move
    if last is None:
        return []
    side = SIDES[last["seat"]]
    mover = f"{side}'s Captain" if last["piece"] in CAPTAIN and not last["promoted"] else side
    verb = "jumps" if last["kind"] == "jump" else "moves"
    parts = [f"{mover} {verb} {last['from']} → {last['to']}"]
    if last["jumped"]:
        parts[0] += f", taking {piece_words(last['jumped']['piece'], last['jumped']['square'])}"
    if last["promoted"]:
        parts.append("the Mate gains its Sea-Leg and becomes a Captain")
    wave = last["wave"]
    if wave:
        if wave["row"] is None:
            opponent = SIDES[1 - last["seat"]]
            parts.append(f"the wave at {wave['at']} finds no {opponent} Mate to shift")
        else:
            shift = f"the wave at {wave['at']} shifts row {wave['row']} {wave['arrow']}"
            fallen = wave["overboard"]
            if fallen:
                shift += f" and {piece_words(fallen['piece'], fallen['square'])} falls overboard"
            parts.append(shift)
    line = "; ".join(parts)
    if state.outcome:
        winners = state.outcome["winners"]
        verdict = f"{SIDES[winners[0]]} wins" if winners else "the game is drawn"
        line += f". {verdict.capitalize()}: {state.outcome['reason']}."
    return [line]


def scores(state: ShipState) -> list[dict[str, Any]]:
    """Pieces each side still has aboard."""
    return [
        score(
            f"{side} pieces aboard",
            state.board.count(MATE[seat]) + state.board.count(CAPTAIN[seat]),
        )
        for seat, side in enumerate(SIDES)
    ]


def explain(state: ShipState, seat: int, action: str) -> str:
    """Say what is wrong with the named piece, and what it could do instead."""
    words = action.split()
    squares = []
    if len(words) == 3 and words[0] in ("move", "jump"):
        try:
            squares = [parse_square(w) for w in words[1:]]
        except ValueError:
            squares = []
    if not squares or not all(0 <= c < state.width and 0 <= r < state.height for c, r in squares):
        return (
            "Write a move as `move c3 c4` (one step) or `jump d6 d4` (over an enemy), "
            "with squares on the deck (a1 to "
            f"{name(state.width * state.height - 1, state.width)})."
        )
    (col, row) = squares[0]
    src = row * state.width + col
    side = SIDES[seat]
    if state.board[src] not in (MATE[seat], CAPTAIN[seat]):
        return f"There is no {side} piece on {words[1]}."
    options = [move.text(state.width) for move in piece_moves(state, src)]
    rule = (
        "Your first move must step one Mate one square forward."
        if state.first_turn[seat]
        else "Mates step or jump forward, left or right; Captains also diagonally toward home;"
        " a step needs an empty square, a jump an enemy piece next door and an empty "
        "square beyond."
    )
    instead = (
        f"From {words[1]} you can play: " + ", ".join(f"`{o}`" for o in options)
        if options
        else f"The piece on {words[1]} cannot move now."
    )
    return f"`{action}` is not legal. {rule} {instead}"
