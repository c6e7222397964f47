"""What each seat may see of a Caribbean game, and the words of its own cards.

The public view carries no unrevealed bid, no tie-breaker value or choice before the tie is
settled and no supply order; only who has confirmed or chosen. A seat's view adds its own cards
under ``"private"``. Here too: the readable text of those cards (``private_text``).
"""

from __future__ import annotations

from typing import Any

from games.caribbean.data import (
    CARDS,
    COLOURS,
    PORT_BY_CODE,
    SHIP_LETTERS,
    SHIP_NAMES,
    THRESHOLDS,
)
from games.caribbean.rules import (
    MAX_BID_CHANGES,
    bid_changes,
    havens,
    last_round_bids,
)
from games.caribbean.state import CaribbeanState
from games.core import Score, View, score
from games.core.words import N_, t, tn


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
            "chosen": [seat for seat in tied if state.tie_choice[seat] is not None],
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


def scores(state: CaribbeanState) -> list[Score]:
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
        "changes_left": MAX_BID_CHANGES - bid_changes(state, seat),
        "last_round": None if last is None else dict(zip(SHIP_LETTERS, last, strict=True)),
    }


HOW_BIDS_WORK = N_(
    "The highest card on a ship wins it and sails it that many spaces, one fewer for each "
    "opponent's -1 thief card on that ship; your seventh card is your tie-breaker."
)
TIE_CHOICE = N_(
    "Tie for {ship}! Face up adds your tie-breaker ({card}) as an extra bid: face up beats face "
    "down, a higher card beats a lower one (0 beats -1), a -1 shown costs the winner a space, "
    "and the card is spent for the round. Face down bids nothing more and keeps it for a later "
    "tie."
)


def private_text(view: View) -> str:
    """The seat's bribes ("Ship A: 3, Ship B: -1, … tie-breaker: 5"), how bids work, and
    what is still to do, in words."""
    private = view.get("private") or {}
    if not private:
        return ""
    bids = private["bids"]
    parts = [
        t("Ship {letter}: {card}", letter=letter.upper(), card="—" if card is None else card)
        for letter, card in bids.items()
    ]
    if private["tiebreaker"] is not None:
        parts.append(
            t("tie-breaker: {card} (spent this round)", card=private["tiebreaker"])
            if private["tiebreaker_spent"]
            else t("tie-breaker: {card}", card=private["tiebreaker"])
        )
    colour = private["colour"]
    lines = [t("Your bribes ({seat}): {bids}", seat=t(colour), bids=", ".join(parts))]
    if private["confirmed"]:
        lines.append(t("Your bids are confirmed for this round."))
    elif view.get("phase") == "bid":
        lines.append(t(HOW_BIDS_WORK))
        lines.append(
            t(
                "Free cards: {cards}. {step}",
                cards=", ".join(map(str, private["free"])),
                step=next_step(private),
            )
        )
        if private["last_round"] is not None:
            lines.append(t("Last round you bid {bids}.", bids=short_bids(private["last_round"])))
    tie = view.get("tie")
    if tie and private["tie_choice"] is None and COLOURS.index(colour) in tie["seats"]:
        if private["tiebreaker_spent"]:
            lines.append(t("Your tie-breaker is spent this round: it counts as face down."))
        else:
            lines.append(t(TIE_CHOICE, ship=SHIP_NAMES[tie["ship"]], card=private["tiebreaker"]))
    if private["tie_choice"] == "up":
        lines.append(t("Your tie-breaker goes face up."))
    elif private["tie_choice"] == "down":
        lines.append(t("Your tie-breaker goes face down."))
    return "\n".join(lines)


def next_step(private: dict[str, Any]) -> str:
    """What the seat still has to do with its bids this round."""
    bids = private["bids"]
    if None in bids.values():
        nxt = list(bids.values()).index(None)
        return t(
            "Next, pick a card for ship {letter} ({ship}).",
            letter=SHIP_LETTERS[nxt].upper(),
            ship=SHIP_NAMES[nxt],
        )
    left = private["changes_left"]
    if left <= 0:
        return t("You have changed your bids as often as a round allows: confirm them.")
    if left <= 3:
        return tn(
            "Give your spare card to any ship to change your bids ({n} more this round), or "
            "confirm them.",
            "Give your spare card to any ship to change your bids ({n} more this round), or "
            "confirm them.",
            left,
        )
    return t("Give your spare card to any ship to change your bids, or confirm them.")


def short_bids(bids: dict[str, int | None]) -> str:
    """ "A 3, B -1, C 0, D 1, E 2, F 4": a seat's cards by ship letter."""
    return ", ".join(f"{letter.upper()} {card}" for letter, card in bids.items())
