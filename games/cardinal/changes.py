"""What changed on a Cardinal board between two views of one seat, in the game's own terms."""

from __future__ import annotations

from games.cardinal.views import seat_name, shown
from games.core import Change, View
from games.core.words import t, tn


def changes(before: View, after: View) -> list[Change]:
    """What changed between two views: the pirate's move (``move``, or ``add`` when it first
    comes on), ships placed (``add``) and sent home (``remove``), and each fleet's ships in
    hand (``count``)."""
    found: list[Change] = []
    was, now = before["pirate"], after["pirate"]
    if was != now and now is not None:
        if was is None:
            found.append(
                {
                    "kind": "add",
                    "piece": "pirate",
                    "at": now,
                    "text": t("The pirate came onto {square}.", square=shown(now)),
                }
            )
        else:
            found.append(
                {
                    "kind": "move",
                    "piece": "pirate",
                    "from": was,
                    "to": now,
                    "text": t(
                        "The pirate sailed from {start} to {end}.", start=shown(was), end=shown(now)
                    ),
                }
            )
    old, new = before["ships"], after["ships"]
    for name in sorted(set(old) | set(new)):
        if old.get(name) == new.get(name):
            continue
        if name in old:
            owner = old[name]
            found.append(
                {
                    "kind": "remove",
                    "at": name,
                    "seat": owner,
                    "text": t(
                        "{seat}'s ship on {square} went home.",
                        seat=seat_name(owner),
                        square=shown(name),
                    ),
                }
            )
        if name in new:
            owner = new[name]
            found.append(
                {
                    "kind": "add",
                    "at": name,
                    "seat": owner,
                    "text": t(
                        "{seat} placed a ship on {square}.",
                        seat=seat_name(owner),
                        square=shown(name),
                    ),
                }
            )
    for seat, (a, b) in enumerate(zip(before["supply"], after["supply"], strict=True)):
        if a != b:
            found.append(
                {
                    "kind": "count",
                    "seat": seat,
                    "before": a,
                    "after": b,
                    "text": tn(
                        "{seat} now has {n} in hand (was {was}).",
                        "{seat} now has {n} in hand (was {was}).",
                        b,
                        seat=seat_name(seat),
                        was=a,
                    ),
                }
            )
    return found
