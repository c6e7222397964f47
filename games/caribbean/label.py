"""Words for Caribbean's choices: what a button, a menu entry or a step of a long list says,
at most 80 characters."""

from __future__ import annotations

from games.caribbean.data import (
    CAPTURE_REWARD,
    COLOURS,
    PORT_AT_HARBOUR,
    PORT_BY_CODE,
    SHIP_LETTERS,
    SHIP_NAMES,
    THIEF,
)
from games.caribbean.rules import SHIP_INDEX, chest_label, havens, last_round_bids, legal_actions
from games.caribbean.state import CaribbeanState
from games.caribbean.views import short_bids

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
