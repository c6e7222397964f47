"""What changed between two views of one Caribbean seat, in the game's own terms."""

from __future__ import annotations

from games.caribbean.data import PORT_BY_CODE, PORTS, SHIP_NAMES, Port
from games.caribbean.lines import chest_label
from games.caribbean.rules import SHIP_INDEX
from games.core import Change, View
from games.core.words import number, t


def changes(before: View, after: View) -> list[Change]:
    """What changed from ``before`` to ``after`` (two views of one seat), in the game's terms:
    ships sailed (``move``), chests taken or handed on (``chest``), new chests on ports
    (``add``), chests delivered (``deliver``), money (``count``) and ships revealed
    (``reveal``). Only what the views show is used."""
    found: list[Change] = []
    for old, new in zip(before["ships"], after["ships"], strict=True):
        if old["space"] != new["space"]:
            found.append(
                {
                    "kind": "move",
                    "ship": new["letter"],
                    "from": old["space"],
                    "to": new["space"],
                    "text": t(
                        "{ship} sailed from {start} to {end}.",
                        ship=new["name"],
                        start=old["space"],
                        end=new["space"],
                    ),
                }
            )
    was, now = chest_places(before), chest_places(after)
    for port in PORTS:
        code = port.code
        if was.get(code) != now.get(code):
            found.append(chest_change(port, was.get(code), now.get(code), before, after))
    for seat, (old_money, new_money) in enumerate(
        zip(before["money"], after["money"], strict=True)
    ):
        if old_money != new_money:
            found.append(
                {
                    "kind": "count",
                    "seat": seat,
                    "before": old_money,
                    "after": new_money,
                    "text": t(
                        "{seat}: {before} → {after} doubloons.",
                        seat=t(after["seats"][seat]),
                        before=number(old_money),
                        after=number(new_money),
                    ),
                }
            )
    found += revealed_ships(before, after)
    return found


Place = tuple[str, str]  # ("port", land cell) | ("ship", letter) | ("haven", owner seat)


def chest_places(view: View) -> dict[str, Place]:
    """Where each chest out of the supply is, as a view shows it."""
    places: dict[str, Place] = {
        code: ("port", PORT_BY_CODE[code].land) for code in view["port_chests"]
    }
    places |= {ship["chest"]: ("ship", ship["letter"]) for ship in view["ships"] if ship["chest"]}
    places |= {code: ("haven", str(owner)) for code, owner in view["delivered"].items()}
    return places


def cell(view: View, place: Place) -> str:
    """The board cell of a place: the city's land cell, or the ship's sea space."""
    kind, where = place
    if kind == "ship":
        return str(view["ships"][SHIP_INDEX[where]]["space"])
    return where


def chest_change(
    port: Port, was: Place | None, now: Place | None, before: View, after: View
) -> Change:
    """One chest's change of place: dealt (``add``), taken or handed on (``chest`` with
    ``from``/``to`` cells) or delivered (``deliver``, ``at`` its city)."""
    chest = chest_label(port.code)
    change: Change = {"chest": port.code}
    assert now is not None, "a chest never goes back to the supply"
    if now[0] == "haven":
        owner = int(now[1])
        name = t(after["seats"][owner])
        return change | {
            "kind": "deliver",
            "at": port.land,
            "seat": owner,
            "text": t(
                "The {chest} chest was delivered to {seat}'s haven: {seat} +{value}.",
                chest=chest,
                seat=name,
                value=number(port.value),
            ),
        }
    if was is None:
        if now[0] == "port":
            return change | {
                "kind": "add",
                "at": port.land,
                "text": t(
                    "A new chest waits at {city} ({value}).",
                    city=port.city,
                    value=number(port.value),
                ),
            }
        ship = SHIP_NAMES[SHIP_INDEX[now[1]]]
        return change | {
            "kind": "add",
            "at": cell(after, now),
            "text": t("{ship} now carries the {chest} chest.", ship=ship, chest=chest),
        }
    ship = SHIP_NAMES[SHIP_INDEX[now[1]]]
    if was[0] == "port":
        text = t(
            "{ship} took the {chest} chest from {city}.", ship=ship, chest=chest, city=port.city
        )
    else:
        text = t(
            "The {chest} chest went from {other} to {ship}.",
            chest=chest,
            other=SHIP_NAMES[SHIP_INDEX[was[1]]],
            ship=ship,
        )
    return change | {
        "kind": "chest",
        "from": cell(before, was),
        "to": cell(after, now),
        "text": text,
    }


def revealed_ships(before: View, after: View) -> list[Change]:
    """Ships whose bids were turned face up since ``before``, with the result so far."""
    seen = len(before["reveals"]) if before["turn"] == after["turn"] else 0
    found = []
    for record in after["reveals"][seen:]:
        bids = ", ".join(
            f"{t(after['seats'][seat])} {card}" for seat, card in enumerate(record["bids"])
        )
        found.append(
            {
                "kind": "reveal",
                "ship": record["ship"],
                "text": t("{ship} bids: {bids}.", ship=SHIP_NAMES[record["ship"]], bids=bids),
            }
        )
    return found
