"""What Ship shows: the deck view, one line per move in words, the counters, and how squares
and pieces are written (which the hook modules share).

Everything in Ship is public, so every seat and the public get the same view.
"""

from __future__ import annotations

from typing import Any

from games.core import Score, clone, parse_square, score
from games.ship.data import ARROW_NAMES, CAPTAIN, MATE, OWNER, PLY_CAP, SIDES, name
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
        "last_move": clone(state.last_move),
        "lost": lost,
        "sea_legs": list(state.sea_legs),
    }


def turn_number(state: ShipState) -> int:
    """The move now being decided (each side's move counts one), or the last one once over."""
    return state.ply if state.outcome is not None else state.ply + 1


def piece_words(piece: str, square: str) -> str:
    """``Bow's G6`` for a Mate, ``Bow's Captain on G6`` for a Captain."""
    side = SIDES[OWNER[piece]]
    at = shown(square)
    return f"{side}'s Captain on {at}" if piece in CAPTAIN else f"{side}'s {at}"


def last_lines(state: ShipState) -> list[str]:
    """E.g. "Stern moves A4 → B4; the wave at B4 shifts row 6 east and Bow's G6 falls
    overboard.", with the verdict after the move that ended the game; squares as the buttons
    name them."""
    last = state.last_move
    if last is None:
        return []
    side = SIDES[last["seat"]]
    mover = f"{side}'s Captain" if last["piece"] in CAPTAIN and not last["promoted"] else side
    verb = "jumps" if last["kind"] == "jump" else "moves"
    parts = [f"{mover} {verb} {shown(last['from'])} → {shown(last['to'])}"]
    if last["jumped"]:
        parts[0] += f", taking {piece_words(last['jumped']['piece'], last['jumped']['square'])}"
    if last["promoted"]:
        parts.append("the Mate gains its Sea-Leg and becomes a Captain")
    wave = last["wave"]
    if wave:
        if wave["row"] is None:
            opponent = SIDES[1 - last["seat"]]
            parts.append(f"the wave at {shown(wave['at'])} finds no {opponent} Mate to shift")
        else:
            shift = f"the wave at {shown(wave['at'])} shifts row {wave['row']} {wave['arrow']}"
            fallen = wave["overboard"]
            if fallen:
                shift += f" and {piece_words(fallen['piece'], fallen['square'])} falls overboard"
            parts.append(shift)
    line = "; ".join(parts)
    if state.outcome:
        winners = state.outcome["winners"]
        verdict = f"{SIDES[winners[0]]} wins" if winners else "the game is drawn"
        line += f". {verdict.capitalize()}: {state.outcome['reason']}"
    return [line + "."]


def scores(state: ShipState) -> list[Score]:
    """Pieces each side still has aboard."""
    return [
        score(
            f"{side} pieces aboard",
            state.board.count(MATE[seat]) + state.board.count(CAPTAIN[seat]),
        )
        for seat, side in enumerate(SIDES)
    ]


def shown(square: str) -> str:
    """A square as printed in words and on buttons: ``c3`` -> ``C3``."""
    return square.upper()


def kind_of(piece: str) -> str:
    return "Captain" if piece in CAPTAIN else "Mate"


def piece_on(piece: str, square: str) -> str:
    """``Stern's Mate on D5``."""
    return f"{SIDES[OWNER[piece]]}'s {kind_of(piece)} on {shown(square)}"


def square_index(state: ShipState, square: str) -> int:
    """The cell of a square name in ``state.board`` (``a1`` is 0)."""
    col, row = parse_square(square)
    return row * state.width + col
