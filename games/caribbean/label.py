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
from games.caribbean.lines import chest_label
from games.caribbean.rules import SHIP_INDEX, havens, last_round_bids, legal_actions
from games.caribbean.state import CaribbeanState
from games.caribbean.views import short_bids
from games.core.words import N_, number, t, tn

LIMIT = 80


def fit(*texts: str) -> str:
    """The first text that fits a button or menu entry (the last one always does); each is
    measured as said, in the reader's language."""
    return next((text for text in texts if len(text) <= LIMIT), texts[-1][:LIMIT])


def card_words(card: int) -> str:
    return t("-1 (thief)") if card == THIEF else str(card)


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
        return fit(
            t("Confirm: {bids}, tie-breaker {card}", bids=short_bids(row), card=tiebreaker),
            t("Confirm your bids"),
        )
    if words[0] == "tiebreaker":
        return tiebreak_label(state, seat, words[1:])
    return sail_label(state, words)


def bid_label(state: CaribbeanState, seat: int, rest: list[str]) -> str:
    if not rest:
        return t("Place a bribe card on a ship")
    if rest == ["repeat"]:
        last = last_round_bids(state, seat)
        assert last is not None
        bids = short_bids(dict(zip(SHIP_LETTERS, last, strict=True)))
        return t("Same as last round: {bids}", bids=bids)
    ship = SHIP_INDEX[rest[0]]
    where = {"letter": rest[0].upper(), "ship": SHIP_NAMES[ship]}
    if len(rest) == 1:
        return t("A card for ship {letter} ({ship})", **where)
    card = int(rest[1])
    placed = state.bids[seat][ship]
    if placed is None:
        return t("Put your {card} on ship {letter} ({ship})", card=card_words(card), **where)
    return t(
        "Put your spare {card} on ship {letter} ({ship}); its {placed} becomes your tie-breaker",
        card=card,
        placed=placed,
        **where,
    )


def tiebreak_label(state: CaribbeanState, seat: int, rest: list[str]) -> str:
    card = state.tiebreaker(seat)
    if not rest:
        return t("Your tie-breaker for {ship}", ship=SHIP_NAMES[state.current])
    if rest == ["up"]:
        return t("Face up: bid your tie-breaker {card} too (then spent this round)", card=card)
    return t("Face down: bid no more and keep your {card} for a later tie", card=card)


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
            return tn(
                "Sail {ship} one space ({n} left)",
                "Sail {ship} one space ({n} left)",
                state.moves_left,
                ship=name,
            )
        target = words[1].upper()
        return fit(*sail_to(state, name, target, left))
    if verb == "capture":
        port = PORT_AT_HARBOUR[space]
        return t(
            "Capture {city}: load its {value} chest, +{reward} to {seat}",
            city=port.city,
            value=number(port.value),
            reward=number(CAPTURE_REWARD),
            seat=t(COLOURS[active]),
        )
    if verb == "deliver":
        assert load is not None
        haven = {
            "chest": chest_label(load),
            "seat": t(COLOURS[havens(state.players)[space]]),
            "space": space,
            "value": number(PORT_BY_CODE[load].value),
        }
        return fit(
            t("Deliver the {chest} chest at {seat}'s haven {space} ({seat} +{value})", **haven),
            t("Deliver the {chest} chest at {seat}'s haven {space}", **haven),
        )
    if verb == "done":
        if load is not None and space in havens(state.players):
            owner = t(COLOURS[havens(state.players)[space]])
            return t(
                "End {ship}'s turn: it unloads the {chest} chest for {seat}",
                ship=name,
                chest=chest_label(load),
                seat=owner,
            )
        return t("End {ship}'s turn", ship=name)
    if len(words) == 1:
        return t(CHEST_GROUPS[verb], ship=name)
    other = SHIP_INDEX[words[1]]
    other_name = SHIP_NAMES[other]
    theirs = state.cargo[other]
    if verb == "steal":
        assert theirs is not None
        return t(
            "Steal the {chest} chest from {other}", chest=chest_label(theirs), other=other_name
        )
    assert load is not None
    if verb == "swap":
        assert theirs is not None
        return fit(
            t(
                "Swap {ship}'s {chest} chest for {other}'s {their_chest}",
                ship=name,
                chest=chest_label(load),
                other=other_name,
                their_chest=chest_label(theirs),
            ),
            t(
                "Swap {ship}'s {chest} chest for {other}'s {their_chest}",
                ship=name,
                chest=PORT_BY_CODE[load].city,
                other=other_name,
                their_chest=PORT_BY_CODE[theirs].city,
            ),
        )
    owner_seat = havens(state.players).get(state.ship_spaces[other])
    if owner_seat is None:
        return t("Pass the {chest} chest on to {other}", chest=chest_label(load), other=other_name)
    passed = {
        "chest": chest_label(load),
        "other": other_name,
        "seat": t(COLOURS[owner_seat]),
        "value": number(PORT_BY_CODE[load].value),
    }
    return fit(
        t("Pass the {chest} chest to {other} on {seat}'s haven ({seat} +{value})", **passed),
        t("Pass the {chest} chest to {other} on {seat}'s haven", **passed),
    )


CHEST_GROUPS = {
    "steal": N_("Steal a chest from a ship next to {ship}"),
    "swap": N_("Swap chests with a ship next to {ship}"),
    "pass": N_("Pass {ship}'s chest on to a ship next to it"),
}
"""The step of a long list that gathers one chest action's targets."""


def sail_to(state: CaribbeanState, name: str, target: str, left: int) -> tuple[str, str]:
    """A step to ``target`` with what the space holds for the ship sailing there (a haven,
    or a harbour with its chest), and without it, for when that is too long."""
    facts = {"ship": name, "space": target}
    plain = (
        t("Sail {ship} to {space} (last space)", **facts)
        if left == 0
        else tn(
            "Sail {ship} to {space} ({n} left)", "Sail {ship} to {space} ({n} left)", left, **facts
        )
    )
    owner = havens(state.players).get(target)
    port = PORT_AT_HARBOUR.get(target)
    if owner is not None:
        facts["seat"] = t(COLOURS[owner])
        noted = (
            t("Sail {ship} to {space}, {seat}'s haven (last space)", **facts)
            if left == 0
            else tn(
                "Sail {ship} to {space}, {seat}'s haven ({n} left)",
                "Sail {ship} to {space}, {seat}'s haven ({n} left)",
                left,
                **facts,
            )
        )
    elif port is not None and port.code in state.port_chests:
        facts |= {"city": port.city, "value": number(port.value)}
        noted = (
            t("Sail {ship} to {space}, {city}'s harbour ({value} chest) (last space)", **facts)
            if left == 0
            else tn(
                "Sail {ship} to {space}, {city}'s harbour ({value} chest) ({n} left)",
                "Sail {ship} to {space}, {city}'s harbour ({value} chest) ({n} left)",
                left,
                **facts,
            )
        )
    else:
        noted = plain
    return noted, plain
