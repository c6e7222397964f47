"""What changed on the deck between two views of one seat, in the game's own terms."""

from __future__ import annotations

from typing import Any

from games.core import Change, View, parse_square
from games.ship.data import CAPTAIN, OWNER, SIDES
from games.ship.views import kind_of, piece_on, shown


def changes(before: View, after: View) -> list[Change]:
    """What changed between two views of the deck.

    After exactly one move it is told in full from the move record: the piece's ``move``, a
    jumped piece's ``remove``, a Sea-Leg's ``promote``, every piece a wave slid (``move``) and
    the one it threw overboard (``remove``). Across several moves (or none) it is the plain
    difference of the two decks: ``remove`` where a piece was, ``add`` where one now is."""
    if after["ply"] == before["ply"] + 1 and after["last_move"]:
        return _one_move(after["last_move"], after)
    old = {p["square"]: p for p in before["pieces"]}
    new = {p["square"]: p for p in after["pieces"]}
    found: list[Change] = []
    for square in sorted(set(old) | set(new), key=lambda sq: parse_square(sq)[::-1]):
        if old.get(square) == new.get(square):
            continue
        if square in old:
            found.append(
                {
                    "kind": "remove",
                    "at": square,
                    "text": f"{_view_piece(old[square])} on {shown(square)} is gone.",
                }
            )
        if square in new:
            found.append(
                {
                    "kind": "add",
                    "at": square,
                    "text": f"{_view_piece(new[square])} is now on {shown(square)}.",
                }
            )
    return found


def _view_piece(piece: dict[str, Any]) -> str:
    return f"{SIDES[piece['side']]}'s {'Captain' if piece['captain'] else 'Mate'}"


def _one_move(last: dict[str, Any], after: View) -> list[Change]:
    side = SIDES[last["seat"]]
    moved = "Captain" if last["piece"] in CAPTAIN and not last["promoted"] else "Mate"
    found: list[Change] = [
        {
            "kind": "move",
            "from": last["from"],
            "to": last["to"],
            "text": f"{side}'s {moved} went from {shown(last['from'])} to {shown(last['to'])}.",
        }
    ]
    if last["jumped"]:
        taken = last["jumped"]
        found.append(
            {
                "kind": "remove",
                "at": taken["square"],
                "text": f"{piece_on(taken['piece'], taken['square'])} was jumped.",
            }
        )
    if last["promoted"]:
        found.append(
            {
                "kind": "promote",
                "at": last["to"],
                "text": f"{side}'s Mate on {shown(last['to'])} gained its Sea-Leg.",
            }
        )
    wave = last["wave"] or {"shifts": [], "overboard": None}
    pieces = {p["square"]: p for p in after["pieces"]}
    fallen = wave["overboard"]
    for start, end in wave["shifts"]:
        if end in pieces:
            who = _view_piece(pieces[end])
        else:  # slid to the edge and fell
            who = f"{SIDES[OWNER[fallen['piece']]]}'s {kind_of(fallen['piece'])}"
        found.append(
            {
                "kind": "move",
                "from": start,
                "to": end,
                "wave": True,
                "text": f"The wave slid {who} from {shown(start)} to {shown(end)}.",
            }
        )
    if fallen:
        found.append(
            {
                "kind": "remove",
                "at": fallen["square"],
                "text": f"{piece_on(fallen['piece'], fallen['square'])} fell overboard.",
            }
        )
    return found
