"""What changed on a Rigadoon board between two views of one seat, in the game's own terms.

Every sail and every blast since the earlier view is a numbered ``move`` along its path (the
views keep this turn's and the previous turn's moves, numbered in the order of the game), so a
picture can draw a chain reaction step by step. A ship that moved in turns no longer listed
gets one unnumbered move from where it was to where it is. Masts and the wind are ``count``
changes; chests are ``move`` (bumped, or sunk and washed up), ``remove`` (sunk, its Island not
yet chosen) or ``add`` (washed up)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from games.core import Change, View
from games.core.coords import parse_square
from games.core.words import t, tn
from games.rigadoon import data
from games.rigadoon.state import ship_name

MAELSTROMS = frozenset(data.name(c) for c in data.MAELSTROMS)


def changes(before: View, after: View) -> list[Change]:
    out = _ship_moves(before, after)
    out += _masts(before, after)
    out += _chests(before, after)
    if before.get("wind") != after.get("wind") and after.get("wind"):
        old, new = before.get("wind"), after["wind"]
        text = (
            t("The wind changed from {old} to {new}.", old=old.upper(), new=new.upper())
            if old
            else t("The opening wind is {new}.", new=new.upper())
        )
        out.append({"kind": "count", "what": "wind", "before": old, "after": new, "text": text})
    return out


def _xy(square: str) -> tuple[int, int]:
    return parse_square(square)


def _direction(a: str, b: str) -> int:
    """The direction of one step from ``a`` to ``b`` (a step across the edge is reversed)."""
    (ax, ay), (bx, by) = _xy(a), _xy(b)
    dx, dy = bx - ax, by - ay
    if abs(dx) > 1:
        dx = -dx // abs(dx)
    if abs(dy) > 1:
        dy = -dy // abs(dy)
    return data.VECTORS.index((dx, dy))


def _neighbours(a: str, b: str) -> bool:
    (ax, ay), (bx, by) = _xy(a), _xy(b)
    return max(abs(ax - bx), abs(ay - by)) == 1


def move_text(move: dict[str, Any]) -> str:
    """``"Green J9 was blasted west to I9"``, from a move of a view."""
    path = move["path"]
    said = {
        "ship": ship_name(move["fleet"], path[0].upper()),
        "direction": t(data.DIRECTION_WORDS[_direction(path[0], path[1])]),
        "square": path[-1].upper(),
    }
    sailed = move["kind"] == "sail"
    if any(square in MAELSTROMS for square in path[1:]):
        if sailed:
            return t("{ship} sailed {direction} into the maelstrom, out at {square}", **said)
        return t("{ship} was blasted {direction} into the maelstrom, out at {square}", **said)
    if any(not _neighbours(a, b) and a not in MAELSTROMS for a, b in pairwise(path)):
        if sailed:
            return t("{ship} sailed {direction} across the edge to {square}", **said)
        return t("{ship} was blasted {direction} across the edge to {square}", **said)
    if sailed:
        return t("{ship} sailed {direction} to {square}", **said)
    return t("{ship} was blasted {direction} to {square}", **said)


def _ship_moves(before: View, after: View) -> list[Change]:
    seen = before.get("moves_made", 0)
    listed = sorted(
        (m for m in after.get("last_turn_moves", []) + after.get("moves", []) if m["n"] > seen),
        key=lambda m: m["n"],
    )
    was = {ship["id"]: ship["square"] for ship in before["ships"]}
    now = {ship["id"]: ship["square"] for ship in after["ships"]}
    out: list[Change] = []
    first: dict[int, str] = {}
    for move in listed:
        first.setdefault(move["ship"], move["path"][0])
    for ship, start in first.items():  # moves older than the listed ones
        if was.get(ship) not in (None, start):
            out.append(_unnumbered(ship, was[ship], start, after))
    for number, move in enumerate(listed, 1):
        out.append(
            {
                "kind": "move",
                "piece": "ship",
                "ship": move["ship"],
                "fleet": move["fleet"],
                "how": move["kind"],
                "from": move["path"][0],
                "to": move["path"][-1],
                "path": list(move["path"]),
                "number": number,
                "n": move["n"],
                "text": t("{number}. {move}.", number=number, move=move_text(move)),
            }
        )
    for ship, square in now.items():
        if ship not in first and was.get(ship) not in (None, square):
            out.append(_unnumbered(ship, was[ship], square, after))
    return out


def _unnumbered(ship: int, start: str, end: str, after: View) -> Change:
    fleet = next(listed["fleet"] for listed in after["ships"] if listed["id"] == ship)
    return {
        "kind": "move",
        "piece": "ship",
        "ship": ship,
        "fleet": fleet,
        "how": "moved",
        "from": start,
        "to": end,
        "path": [start, end],
        "number": None,
        "text": t(
            "{ship} moved to {square}.", ship=ship_name(fleet, start.upper()), square=end.upper()
        ),
    }


def _masts(before: View, after: View) -> list[Change]:
    was = {ship["id"]: ship["masts"] for ship in before["ships"]}
    out: list[Change] = []
    for ship in after["ships"]:
        old = was.get(ship["id"])
        if old is not None and old != ship["masts"]:
            new = ship["masts"]
            out.append(
                {
                    "kind": "count",
                    "what": "masts",
                    "ship": ship["id"],
                    "at": ship["square"],
                    "before": old,
                    "after": new,
                    "text": tn(
                        "{ship} has {n} mast (had {old}).",
                        "{ship} has {n} masts (had {old}).",
                        new,
                        ship=ship_name(ship["fleet"], ship["square"].upper()),
                        old=old,
                    ),
                }
            )
    return out


def _chests(before: View, after: View) -> list[Change]:
    was = {chest["id"]: chest for chest in before["chests"]}
    out: list[Change] = []
    for chest in after["chests"]:
        old = was.get(chest["id"])
        if old is None or old["square"] == chest["square"]:
            continue
        start, end = old["square"], chest["square"]
        if end is None:
            out.append(
                {
                    "kind": "remove",
                    "piece": "chest",
                    "at": start,
                    "text": t(
                        "The chest on {square} was sunk, its Island yet to be chosen.",
                        square=start.upper(),
                    ),
                }
            )
        elif start is None:
            out.append(
                {
                    "kind": "add",
                    "piece": "chest",
                    "at": end,
                    "text": t("The sunk chest washed up on Island {square}.", square=end.upper()),
                }
            )
        elif chest["place"] == "island" and old["place"] != "island":
            out.append(
                {
                    "kind": "move",
                    "piece": "chest",
                    "sunk": True,
                    "from": start,
                    "to": end,
                    "text": t(
                        "The chest on {start} was sunk and washed up on Island {end}.",
                        start=start.upper(),
                        end=end.upper(),
                    ),
                }
            )
        else:
            out.append(
                {
                    "kind": "move",
                    "piece": "chest",
                    "sunk": False,
                    "from": start,
                    "to": end,
                    "text": t(
                        "A chest was bumped from {start} to {end}.",
                        start=start.upper(),
                        end=end.upper(),
                    ),
                }
            )
    return out
