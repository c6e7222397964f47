"""What each seat may see of a Caribbean game, and every word a player reads about it.

The public view carries no unrevealed bid, no tie-breaker value or choice before the tie is
settled and no supply order; only who has confirmed or chosen. A seat's view adds its own cards
under ``"private"``. Here too: the readable text of those cards (``private_text``), the label
of every choice (``label``), and what changed between two views of one seat (``changes``).
"""

from __future__ import annotations

from typing import Any

from games.caribbean.data import (
    CAPTURE_REWARD,
    CARDS,
    COLOURS,
    PORT_AT_HARBOUR,
    PORT_BY_CODE,
    PORTS,
    SHIP_LETTERS,
    SHIP_NAMES,
    THIEF,
    THRESHOLDS,
    Port,
)
from games.caribbean.rules import (
    MAX_BID_CHANGES,
    SHIP_INDEX,
    chest_label,
    havens,
    last_round_bids,
    legal_actions,
)
from games.caribbean.state import CaribbeanState
from games.core import score


def board_view(state: CaribbeanState) -> dict[str, Any]:
    """Caribbean's own view keys (the envelope is added by the contract): the same for every
    seat, since everything secret is in :func:`private_view`."""
    ships = [
        {
            "letter": letter,
            "name": name,
            "space": space,
            "chest": chest,
            "value": PORT_BY_CODE[chest].value if chest else None,
        }
        for letter, name, space, chest in zip(
            SHIP_LETTERS, SHIP_NAMES, state.ship_spaces, state.cargo, strict=True
        )
    ]
    resolving = state.phase in ("tiebreak", "sail")
    tied = state.ties[state.current] if state.phase == "tiebreak" else []
    return {
        "round_cap": state.round_cap,
        "threshold": THRESHOLDS[state.players],
        "phase": state.phase,
        "money": list(state.money),
        "ships": ships,
        "port_chests": sorted(state.port_chests),
        "supply_left": len(state.supply),
        "delivered": dict(state.delivered),
        "havens": dict(havens(state.players)),
        "confirmed": list(state.confirmed),
        "current": state.current if resolving else None,
        "tie": {
            "ship": state.current,
            "seats": list(tied),
            "chosen": [s for s in tied if state.tie_choice[s] is not None],
        }
        if state.phase == "tiebreak"
        else None,
        "active": state.active,
        "moves_left": state.moves_left,
        "reveals": [
            {
                "ship": ship,
                "bids": [row[ship] for row in state.bids],
                "tied": list(state.ties[ship]),
                "tiebreakers": list(state.tiebreaks[ship]),
                "winner": state.won_by[ship],
                "allowance": state.allowances[ship],
                "path": list(state.paths[ship]),
            }
            for ship in range(len(state.won_by))
        ],
    }


def scores(state: CaribbeanState) -> list[dict[str, Any]]:
    """Doubloons per colour: "Doubloons earned by players are public"."""
    return [score(COLOURS[seat], money) for seat, money in enumerate(state.money)]


def private_view(state: CaribbeanState, seat: int) -> dict[str, Any]:
    """``seat``'s own cards: the assignment so far, free cards, the tie-breaker, its choice,
    and its own bids of last round (for "same as last round")."""
    row = state.bids[seat]
    last = last_round_bids(state, seat)
    return {
        "colour": COLOURS[seat],
        "hand": list(CARDS),
        "bids": dict(zip(SHIP_LETTERS, row, strict=True)),
        "free": [card for card in CARDS if card not in row],
        "tiebreaker": state.tiebreaker(seat),
        "tiebreaker_spent": state.spent[seat],
        "confirmed": state.confirmed[seat],
        "tie_choice": state.tie_choice[seat],
        "changes_left": MAX_BID_CHANGES - state.bid_changes[seat],
        "last_round": None if last is None else dict(zip(SHIP_LETTERS, last, strict=True)),
    }


HOW_BIDS_WORK = (
    "The highest card on a ship wins it and sails it that many spaces, one fewer for each "
    "opponent's -1 thief card on that ship; your seventh card is your tie-breaker."
)
TIE_CHOICE = (
    "Face up adds your tie-breaker ({card}) as an extra bid: face up beats face down, a higher "
    "card beats a lower one (0 beats -1), a -1 shown costs the winner a space, and the card is "
    "spent for the round. Face down bids nothing more and keeps it for a later tie."
)


def private_text(view: dict[str, Any]) -> str:
    """The seat's bribes ("Ship A: 3, Ship B: -1, … tie-breaker: 5"), how bids work, and
    what is still to do, in words."""
    private = view.get("private") or {}
    if not private:
        return ""
    bids = private["bids"]
    parts = [
        f"Ship {letter.upper()}: {'—' if card is None else card}" for letter, card in bids.items()
    ]
    if private["tiebreaker"] is not None:
        spent = " (spent this round)" if private["tiebreaker_spent"] else ""
        parts.append(f"tie-breaker: {private['tiebreaker']}{spent}")
    lines = [f"Your bribes ({private['colour']}): " + ", ".join(parts)]
    if private["confirmed"]:
        lines.append("Your bids are confirmed for this round.")
    elif view.get("phase") == "bid":
        lines.append(HOW_BIDS_WORK)
        free = ", ".join(str(card) for card in private["free"])
        if None in bids.values():
            nxt = list(bids.values()).index(None)
            step = f"Next, pick a card for ship {SHIP_LETTERS[nxt].upper()} ({SHIP_NAMES[nxt]})."
        elif private["changes_left"] <= 0:
            step = "You have changed your bids as often as a round allows: confirm them."
        else:
            left = private["changes_left"]
            more = f" ({left} more this round)" if left <= 3 else ""
            step = f"Give your spare card to any ship to change your bids{more}, or confirm them."
        lines.append(f"Free cards: {free}. {step}")
        if private["last_round"] is not None:
            lines.append(f"Last round you bid {short_bids(private['last_round'])}.")
    tie = view.get("tie")
    seat = view["seats"].index(private["colour"])
    if tie and private["tie_choice"] is None and seat in tie["seats"]:
        if private["tiebreaker_spent"]:
            lines.append("Your tie-breaker is spent this round: it counts as face down.")
        else:
            lines.append(
                f"Tie for {SHIP_NAMES[tie['ship']]}! "
                + TIE_CHOICE.format(card=private["tiebreaker"])
            )
    if private["tie_choice"] is not None:
        lines.append(f"Your tie-breaker goes face {private['tie_choice']}.")
    return "\n".join(lines)


def short_bids(bids: dict[str, int | None]) -> str:
    """ "A 3, B -1, C 0, D 1, E 2, F 4": a seat's cards by ship letter."""
    return ", ".join(f"{letter.upper()} {card}" for letter, card in bids.items())


# -- labels: every choice in words ----------------------------------------------------------

LIMIT = 80


def fit(*texts: str) -> str:
    """The first text that fits a button or menu entry (the last one always does)."""
    return next((text for text in texts if len(text) <= LIMIT), texts[-1][:LIMIT])


def card_words(card: int) -> str:
    return "-1 (thief)" if card == THIEF else str(card)


def label(state: CaribbeanState, seat: int, action: str) -> str:
    """Words for one of ``seat``'s legal actions, or for a whole-word prefix several share."""
    legal = legal_actions(state, seat)
    if action not in legal and not any(a.startswith(action + " ") for a in legal):
        raise ValueError("label() takes a legal action or a prefix of legal actions")
    words = action.split()
    if words[0] == "bid":
        return bid_label(state, seat, words[1:])
    if words[0] == "confirm":
        tiebreaker = state.tiebreaker(seat)
        row = dict(zip(SHIP_LETTERS, state.bids[seat], strict=True))
        return fit(f"Confirm: {short_bids(row)}, tie-breaker {tiebreaker}", "Confirm your bids")
    if words[0] == "tiebreaker":
        return tiebreak_label(state, seat, words[1:])
    return sail_label(state, words)


def bid_label(state: CaribbeanState, seat: int, rest: list[str]) -> str:
    if not rest:
        return "Place a bribe card on a ship"
    if rest == ["repeat"]:
        last = last_round_bids(state, seat)
        assert last is not None
        return f"Same as last round: {short_bids(dict(zip(SHIP_LETTERS, last, strict=True)))}"
    ship = SHIP_INDEX[rest[0]]
    where = f"ship {rest[0].upper()} ({SHIP_NAMES[ship]})"
    if len(rest) == 1:
        return f"A card for {where}"
    card = int(rest[1])
    placed = state.bids[seat][ship]
    if placed is None:
        return f"Put your {card_words(card)} on {where}"
    return f"Put your spare {card} on {where}; its {placed} becomes your tie-breaker"


def tiebreak_label(state: CaribbeanState, seat: int, rest: list[str]) -> str:
    card = state.tiebreaker(seat)
    if not rest:
        return f"Your tie-breaker for {SHIP_NAMES[state.current]}"
    if rest == ["up"]:
        return f"Face up: bid your tie-breaker {card} too (then spent this round)"
    return f"Face down: bid no more and keep your {card} for a later tie"


def sail_label(state: CaribbeanState, words: list[str]) -> str:
    ship = state.current
    name = SHIP_NAMES[ship]
    active = state.active
    assert active is not None
    space = state.ship_spaces[ship]
    load = state.cargo[ship]
    verb = words[0]
    if verb == "move":
        left = state.moves_left - 1
        if len(words) == 1:
            return f"Sail {name} one space ({state.moves_left} left)"
        target = words[1].upper()
        after = "last space" if left == 0 else f"{left} left"
        return fit(
            f"Sail {name} to {target}{space_note(state, target)} ({after})",
            f"Sail {name} to {target} ({after})",
        )
    if verb == "capture":
        port = PORT_AT_HARBOUR[space]
        return (
            f"Capture {port.city}: load its {port.value:,} chest, "
            f"+{CAPTURE_REWARD:,} to {COLOURS[active]}"
        )
    if verb == "deliver":
        assert load is not None
        owner = COLOURS[havens(state.players)[space]]
        return fit(
            f"Deliver the {chest_label(load)} chest at {owner}'s haven {space} "
            f"({owner} +{PORT_BY_CODE[load].value:,})",
            f"Deliver the {chest_label(load)} chest at {owner}'s haven {space}",
        )
    if verb == "done":
        if load is not None and space in havens(state.players):
            owner = COLOURS[havens(state.players)[space]]
            return f"End {name}'s turn: it unloads the {chest_label(load)} chest for {owner}"
        return f"End {name}'s turn"
    if len(words) == 1:
        return {
            "steal": f"Steal a chest from a ship next to {name}",
            "swap": f"Swap chests with a ship next to {name}",
            "pass": f"Pass {name}'s chest on to a ship next to it",
        }[verb]
    other = SHIP_INDEX[words[1]]
    other_name = SHIP_NAMES[other]
    theirs = state.cargo[other]
    if verb == "steal":
        assert theirs is not None
        return f"Steal the {chest_label(theirs)} chest from {other_name}"
    assert load is not None
    if verb == "swap":
        assert theirs is not None
        return fit(
            f"Swap {name}'s {chest_label(load)} chest for {other_name}'s {chest_label(theirs)}",
            f"Swap {name}'s {PORT_BY_CODE[load].city} chest for {other_name}'s "
            f"{PORT_BY_CODE[theirs].city}",
        )
    owner_seat = havens(state.players).get(state.ship_spaces[other])
    if owner_seat is None:
        return f"Pass the {chest_label(load)} chest on to {other_name}"
    owner = COLOURS[owner_seat]
    return fit(
        f"Pass the {chest_label(load)} chest to {other_name} on {owner}'s haven "
        f"({owner} +{PORT_BY_CODE[load].value:,})",
        f"Pass the {chest_label(load)} chest to {other_name} on {owner}'s haven",
    )


def space_note(state: CaribbeanState, space: str) -> str:
    """What a space holds for the ship sailing there: a haven, or a harbour with its chest."""
    owner = havens(state.players).get(space)
    if owner is not None:
        return f", {COLOURS[owner]}'s haven"
    port = PORT_AT_HARBOUR.get(space)
    if port is not None and port.code in state.port_chests:
        return f", {port.city}'s harbour ({port.value:,} chest)"
    return ""


# -- changes between two views of one seat -------------------------------------------------


def changes(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """What changed from ``before`` to ``after`` (two views of one seat), in the game's terms:
    ships sailed (``move``), chests taken or handed on (``chest``), new chests on ports
    (``add``), chests delivered (``deliver``), money (``count``) and ships revealed
    (``reveal``). Only what the views show is used."""
    found: list[dict[str, Any]] = []
    for old, new in zip(before["ships"], after["ships"], strict=True):
        if old["space"] != new["space"]:
            found.append(
                {
                    "kind": "move",
                    "ship": new["letter"],
                    "from": old["space"],
                    "to": new["space"],
                    "text": f"{new['name']} sailed from {old['space']} to {new['space']}.",
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
                    "text": f"{after['seats'][seat]}: {old_money:,} → {new_money:,} doubloons.",
                }
            )
    found += revealed_ships(before, after)
    return found


Place = tuple[str, str]  # ("port", land cell) | ("ship", letter) | ("haven", owner seat)


def chest_places(view: dict[str, Any]) -> dict[str, Place]:
    """Where each chest out of the supply is, as a view shows it."""
    places: dict[str, Place] = {
        code: ("port", PORT_BY_CODE[code].land) for code in view["port_chests"]
    }
    places |= {ship["chest"]: ("ship", ship["letter"]) for ship in view["ships"] if ship["chest"]}
    places |= {code: ("haven", str(owner)) for code, owner in view["delivered"].items()}
    return places


def cell(view: dict[str, Any], place: Place) -> str:
    """The board cell of a place: the city's land cell, or the ship's sea space."""
    kind, where = place
    if kind == "ship":
        return str(view["ships"][SHIP_INDEX[where]]["space"])
    return where


def chest_change(
    port: Port, was: Place | None, now: Place | None, before: dict[str, Any], after: dict[str, Any]
) -> dict[str, Any]:
    """One chest's change of place: dealt (``add``), taken or handed on (``chest`` with
    ``from``/``to`` cells) or delivered (``deliver``, ``at`` its city)."""
    chest = f"{port.city} {port.value:,}"
    change: dict[str, Any] = {"chest": port.code}
    assert now is not None, "a chest never goes back to the supply"
    if now[0] == "haven":
        owner = int(now[1])
        name = after["seats"][owner]
        return change | {
            "kind": "deliver",
            "at": port.land,
            "seat": owner,
            "text": f"The {chest} chest was delivered to {name}'s haven: {name} +{port.value:,}.",
        }
    if was is None:
        if now[0] == "port":
            return change | {
                "kind": "add",
                "at": port.land,
                "text": f"A new chest waits at {port.city} ({port.value:,}).",
            }
        ship = SHIP_NAMES[SHIP_INDEX[now[1]]]
        return change | {
            "kind": "add",
            "at": cell(after, now),
            "text": f"{ship} now carries the {chest} chest.",
        }
    ship = SHIP_NAMES[SHIP_INDEX[now[1]]]
    if was[0] == "port":
        text = f"{ship} took the {chest} chest from {port.city}."
    else:
        text = f"The {chest} chest went from {SHIP_NAMES[SHIP_INDEX[was[1]]]} to {ship}."
    return change | {
        "kind": "chest",
        "from": cell(before, was),
        "to": cell(after, now),
        "text": text,
    }


def revealed_ships(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """Ships whose bids were turned face up since ``before``, with the result so far."""
    seen = len(before["reveals"]) if before["turn"] == after["turn"] else 0
    found = []
    for record in after["reveals"][seen:]:
        bids = ", ".join(
            f"{after['seats'][seat]} {card}" for seat, card in enumerate(record["bids"])
        )
        found.append(
            {
                "kind": "reveal",
                "ship": record["ship"],
                "text": f"{SHIP_NAMES[record['ship']]} bids: {bids}.",
            }
        )
    return found
