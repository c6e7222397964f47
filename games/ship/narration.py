"""One public line per move, in words: what moved, what was taken, what the wave did."""

from __future__ import annotations

from typing import Any

from games.ship.deck import CAPTAIN, OWNER, SIDES


def piece_words(piece: str, square: str) -> str:
    """``Bow's g6`` for a Mate, ``Bow's Captain on g6`` for a Captain."""
    side = SIDES[OWNER[piece]]
    return f"{side}'s Captain on {square}" if piece in CAPTAIN else f"{side}'s {square}"


def narrate(last: dict[str, Any], result: dict[str, Any] | None) -> str:
    """E.g. "Stern moves a4 → b4; the wave at b4 shifts row 6 east and Bow's g6 falls
    overboard"."""
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
    if result:
        winners = result["winners"]
        verdict = f"{SIDES[winners[0]]} wins" if winners else "the game is drawn"
        line += f". {verdict.capitalize()}: {result['reason']}."
    return line
