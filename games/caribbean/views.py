"""What each seat may see of a Caribbean game, and the readable text of a seat's secrets.

The public view carries no unrevealed bid, no tie-breaker value or choice before the tie is
settled and no supply order; only who has confirmed or chosen. A seat's view adds
its own cards under ``"private"``.
"""

from __future__ import annotations

from typing import Any

from games.caribbean.data import CARDS, COLOURS, PORT_BY_CODE, SHIP_LETTERS, SHIP_NAMES, THRESHOLDS
from games.caribbean.rules import havens
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
    row = state.bids[seat]
    return {
        "colour": COLOURS[seat],
        "hand": list(CARDS),
        "bids": dict(zip(SHIP_LETTERS, row, strict=True)),
        "free": [card for card in CARDS if card not in row],
        "tiebreaker": state.tiebreaker(seat),
        "tiebreaker_spent": state.spent[seat],
        "confirmed": state.confirmed[seat],
        "tie_choice": state.tie_choice[seat],
    }


def private_text(private: dict[str, Any]) -> str:
    """E.g. "Ship A: 3, Ship B: -1, … tie-breaker: 5" plus what is still to do."""
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
    else:
        free = ", ".join(str(card) for card in private["free"])
        lines.append(
            f"Free cards: {free}. Fill ships A to F in order (`bid a 3`); then you "
            f"may give any ship your spare card instead; then `confirm`."
        )
    if private["tie_choice"] is not None:
        lines.append(f"Your tie-breaker goes face {private['tie_choice']}.")
    return "\n".join(lines)
