"""What changed on the deck between two views of one seat, in the game's own terms."""

from __future__ import annotations

from typing import Any

from games.core import Change, View, parse_square
from games.core.words import N_, t
from games.ship.data import CAPTAIN, MATE, OWNER
from games.ship.views import of_piece, shown, side_name


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
            text = of_piece(
                _piece(old[square]),
                N_("{side}'s Mate on {square} is gone."),
                N_("{side}'s Captain on {square} is gone."),
                side=side_name(old[square]["side"]),
                square=shown(square),
            )
            found.append({"kind": "remove", "at": square, "text": text})
        if square in new:
            text = of_piece(
                _piece(new[square]),
                N_("{side}'s Mate is now on {square}."),
                N_("{side}'s Captain is now on {square}."),
                side=side_name(new[square]["side"]),
                square=shown(square),
            )
            found.append({"kind": "add", "at": square, "text": text})
    return found


def _piece(seen: dict[str, Any]) -> str:
    """A view's piece (``side``, ``captain``) as its mark on the board."""
    return (CAPTAIN if seen["captain"] else MATE)[seen["side"]]


def _one_move(last: dict[str, Any], after: View) -> list[Change]:
    seat = last["seat"]
    moved = last["piece"] if not last["promoted"] else MATE[seat]
    found: list[Change] = [
        {
            "kind": "move",
            "from": last["from"],
            "to": last["to"],
            "text": of_piece(
                moved,
                N_("{side}'s Mate went from {start} to {end}."),
                N_("{side}'s Captain went from {start} to {end}."),
                side=side_name(seat),
                start=shown(last["from"]),
                end=shown(last["to"]),
            ),
        }
    ]
    if last["jumped"]:
        taken = last["jumped"]
        found.append(
            {
                "kind": "remove",
                "at": taken["square"],
                "text": of_piece(
                    taken["piece"],
                    N_("{side}'s Mate on {square} was jumped."),
                    N_("{side}'s Captain on {square} was jumped."),
                    side=side_name(OWNER[taken["piece"]]),
                    square=shown(taken["square"]),
                ),
            }
        )
    if last["promoted"]:
        found.append(
            {
                "kind": "promote",
                "at": last["to"],
                "text": t(
                    "{side}'s Mate on {square} gained its Sea-Leg.",
                    side=side_name(seat),
                    square=shown(last["to"]),
                ),
            }
        )
    wave = last["wave"] or {"shifts": [], "overboard": None}
    pieces = {p["square"]: p for p in after["pieces"]}
    fallen = wave["overboard"]
    for start, end in wave["shifts"]:
        slid = _piece(pieces[end]) if end in pieces else fallen["piece"]  # else: it fell
        found.append(
            {
                "kind": "move",
                "from": start,
                "to": end,
                "wave": True,
                "text": of_piece(
                    slid,
                    N_("The wave slid {side}'s Mate from {start} to {end}."),
                    N_("The wave slid {side}'s Captain from {start} to {end}."),
                    side=side_name(OWNER[slid]),
                    start=shown(start),
                    end=shown(end),
                ),
            }
        )
    if fallen:
        found.append(
            {
                "kind": "remove",
                "at": fallen["square"],
                "text": of_piece(
                    fallen["piece"],
                    N_("{side}'s Mate on {square} fell overboard."),
                    N_("{side}'s Captain on {square} fell overboard."),
                    side=side_name(OWNER[fallen["piece"]]),
                    square=shown(fallen["square"]),
                ),
            }
        )
    return found
