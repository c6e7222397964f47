"""What changed on the table between two views of one seat, in Tortuga's own terms.

Only the public part of the views is compared, so a change never tells a secret even when the
list is shown beside a public board. Places are ``fd``, ``jr``, ``tortuga``, ``fd rowboat``
and ``jr rowboat``; counters are ``fd british`` (a hold), ``tortuga french`` (an area),
``galleon`` and ``hand p3`` (a seat's vote cards); ``slot`` is an event slot (1-5).
"""

from __future__ import annotations

from collections import Counter

from games.core import Change, View
from games.core.words import t
from games.tortuga.data import SEAT_NAMES, SHIPS, TEAMS, card_title, counted, ship_title, team_name


def places(view: View) -> dict[int, tuple[str, int]]:
    """Where each pawn stands in a view: (place, rank)."""
    where: dict[int, tuple[str, int]] = {}
    for ship in view["ships"]:
        for rank, seat in enumerate(ship["crew"]):
            where[seat] = (ship["key"], rank)
        if ship["rowboat"] is not None:
            where[ship["rowboat"]] = (f"{ship['key']} rowboat", 0)
    for rank, seat in enumerate(view["tortuga"]["line"]):
        where[seat] = ("tortuga", rank)
    return where


def place_words(place: str, rank: int) -> str:
    """``fd``, 0 -> "the Flying Dutchman (captain)", in the language spoken."""
    if place == "tortuga":
        if rank == 0:
            return t("Tortuga (governor)")
        return t("Tortuga (place {n})", n=rank + 1)
    if place.endswith("rowboat"):
        return t("the {ship}'s rowboat", ship=ship_title(SHIPS.index(place.split()[0])))
    ship = ship_title(SHIPS.index(place))
    if rank == 0:
        return t("the {ship} (captain)", ship=ship)
    if rank == 1:
        return t("the {ship} (first mate)", ship=ship)
    return t("the {ship} (place {n})", ship=ship, n=rank + 1)


def changes(before: View, after: View) -> list[Change]:
    """Moved pawns, changed counters, looked-at and revealed event slots, cards now held or
    given up, a blown-up rowboat, Scurvy and sudden death."""
    return [
        *_moves(before, after),
        *_counters(before, after),
        *_slots(before, after),
        *_cards(before, after),
        *_flags(before, after),
    ]


def _moves(before: View, after: View) -> list[Change]:
    """A pawn that changed place, or was reordered within a place whose pawns stayed the same
    (Eight Bells, Facade); pawns that only moved up behind a leaver are not marked."""
    old, new = places(before), places(after)
    found: list[Change] = []
    for seat in sorted(new):
        if seat not in old or old[seat] == new[seat]:
            continue
        (was, was_rank), (now, now_rank) = old[seat], new[seat]
        if was == now and _crowd(old, was) != _crowd(new, now):
            continue
        found.append(
            {
                "kind": "move",
                "seat": seat,
                "from": {"place": was, "rank": was_rank},
                "to": {"place": now, "rank": now_rank},
                "text": t(
                    "{seat} moved from {start} to {end}.",
                    seat=SEAT_NAMES[seat],
                    start=place_words(was, was_rank),
                    end=place_words(now, now_rank),
                ),
            }
        )
    return found


def _crowd(where: dict[int, tuple[str, int]], place: str) -> set[int]:
    return {seat for seat, (at, _) in where.items() if at == place}


def _count(at: str, before: int, after: int, text: str) -> Change:
    return {"kind": "count", "at": at, "before": before, "after": after, "text": text}


def _counters(before: View, after: View) -> list[Change]:
    found: list[Change] = []
    for old_ship, new_ship in zip(before["ships"], after["ships"], strict=True):
        for team in TEAMS:
            a, b = old_ship["holds"][team], new_ship["holds"][team]
            if a != b:
                text = t(
                    "The {ship}'s {team} hold: {chests} (was {was}).",
                    ship=new_ship["name"],
                    team=team_name(team),
                    chests=counted(b, "chest"),
                    was=a,
                )
                found.append(_count(f"{new_ship['key']} {team}", a, b, text))
    for team in TEAMS:
        a, b = before["tortuga"]["chests"][team], after["tortuga"]["chests"][team]
        if a != b:
            text = t(
                "Tortuga's {team} area: {chests} (was {was}).",
                team=team_name(team),
                chests=counted(b, "chest"),
                was=a,
            )
            found.append(_count(f"tortuga {team}", a, b, text))
    if before["galleon"] != after["galleon"]:
        a, b = before["galleon"], after["galleon"]
        text = t("The Spanish galleon: {chests} (was {was}).", chests=counted(b, "chest"), was=a)
        found.append(_count("galleon", a, b, text))
    for seat, (a, b) in enumerate(zip(before["hand_sizes"], after["hand_sizes"], strict=True)):
        if a != b:
            text = t(
                "{seat} holds {cards} (was {was}).",
                seat=SEAT_NAMES[seat],
                cards=counted(b, "vote card"),
                was=a,
            )
            found.append(_count(f"hand p{seat + 1}", a, b, text))
    return found


def _slots(before: View, after: View) -> list[Change]:
    found: list[Change] = []
    for old, new in zip(before["row"], after["row"], strict=True):
        for seat in new["viewed_by"]:
            if seat not in old["viewed_by"]:
                found.append(
                    {
                        "kind": "seen",
                        "slot": new["slot"],
                        "seat": seat,
                        "text": t(
                            "{seat} looked at event card {slot}.",
                            seat=SEAT_NAMES[seat],
                            slot=new["slot"],
                        ),
                    }
                )
    for reveal in after["reveals"][len(before["reveals"]) :]:
        found.append(
            {
                "kind": "reveal",
                "slot": reveal["slot"],
                "card": reveal["card"],
                "seat": reveal["by"],
                "text": t(
                    "{seat} revealed {card} from slot {slot}.",
                    seat=SEAT_NAMES[reveal["by"]],
                    card=card_title(reveal["card"]),
                    slot=reveal["slot"],
                ),
            }
        )
    return found


def _cards(before: View, after: View) -> list[Change]:
    found: list[Change] = []
    for seat, (old, new) in enumerate(zip(before["kept"], after["kept"], strict=True)):
        name = SEAT_NAMES[seat]
        gained, lost = Counter(new) - Counter(old), Counter(old) - Counter(new)
        for card in sorted(gained.elements()):
            text = t("{seat} now holds {card}.", seat=name, card=card_title(card))
            found.append({"kind": "add", "at": f"kept p{seat + 1}", "card": card, "text": text})
        for card in sorted(lost.elements()):
            text = t("{seat} no longer holds {card}.", seat=name, card=card_title(card))
            found.append({"kind": "remove", "at": f"kept p{seat + 1}", "card": card, "text": text})
    return found


def _flags(before: View, after: View) -> list[Change]:
    found: list[Change] = []
    for old, new in zip(before["ships"], after["ships"], strict=True):
        if new["exploded"] and not old["exploded"]:
            text = t("The {ship}'s rowboat is blown up.", ship=new["name"])
            found.append({"kind": "add", "at": f"{new['key']} rowboat", "text": text})
    for seat, (old_flag, new_flag) in enumerate(
        zip(before["scurvy"], after["scurvy"], strict=True)
    ):
        if new_flag and not old_flag:
            text = t("{seat} will lose their next turn (Scurvy).", seat=SEAT_NAMES[seat])
            found.append({"kind": "add", "at": f"scurvy p{seat + 1}", "text": text})
    if after["sudden_death"] and not before["sudden_death"]:
        text = t("Sudden death: the first team to take the lead wins.")
        found.append({"kind": "add", "at": "sudden death", "text": text})
    return found
