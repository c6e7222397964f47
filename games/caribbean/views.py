"""What each seat may see of a Caribbean game, and the readable text of a seat's secrets.

The public view carries no unrevealed bid, no tie-breaker value or choice before the tie is
settled, no supply order and no RNG state; only who has confirmed or chosen. A seat's view adds
its own cards under ``"private"``.
"""

from __future__ import annotations

from typing import Any

from games.caribbean.data import CARDS, COLOURS, PORT_BY_CODE, SHIP_LETTERS, SHIP_NAMES, THRESHOLDS
from games.caribbean.rules import havens, to_act
from games.caribbean.state import CaribbeanState


def public_view(state: CaribbeanState) -> dict[str, Any]:
    ships = [
        {"letter": letter, "name": name, "space": space, "chest": chest,
         "value": PORT_BY_CODE[chest].value if chest else None}
        for letter, name, space, chest in zip(SHIP_LETTERS, SHIP_NAMES, state.ship_spaces,
                                              state.cargo, strict=True)
    ]
    resolving = state.phase in ("tiebreak", "sail")
    return {
        "game": "caribbean",
        "players": state.players,
        "seat_names": list(COLOURS[:state.players]),
        "round": state.round,
        "round_cap": state.round_cap,
        "threshold": THRESHOLDS[state.players],
        "phase": state.phase,
        "to_act": to_act(state),
        "money": list(state.money),
        "ships": ships,
        "port_chests": sorted(state.port_chests),
        "supply_left": len(state.supply),
        "delivered": [list(d) for d in state.delivered],
        "havens": dict(havens(state.players)),
        "confirmed": list(state.confirmed),
        "current": state.current if resolving else None,
        "tie": {"ship": state.current, "seats": list(state.tied),
                "chosen": [s for s in state.tied if state.tie_choice[s] is not None]}
        if state.phase == "tiebreak" else None,
        "active": state.active,
        "moves_left": state.moves_left,
        "reveals": [{k: list(v) if isinstance(v, list) else v for k, v in r.items()}
                    for r in state.log],
        "last": list(state.events),
        "outcome": state.result,
    }


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
    parts = [f"Ship {letter.upper()}: {'—' if card is None else card}"
             for letter, card in bids.items()]
    if private["tiebreaker"] is not None:
        spent = " (spent this round)" if private["tiebreaker_spent"] else ""
        parts.append(f"tie-breaker: {private['tiebreaker']}{spent}")
    lines = [f"Your bribes ({private['colour']}): " + ", ".join(parts)]
    if private["confirmed"]:
        lines.append("Your bids are confirmed for this round.")
    else:
        free = ", ".join(str(card) for card in private["free"])
        lines.append(f"Free cards: {free}. Fill ships A to F in order (`bid a 3`); then you "
                     f"may give any ship your spare card instead; then `confirm`.")
    if private["tie_choice"] is not None:
        lines.append(f"Your tie-breaker goes face {private['tie_choice']}.")
    return "\n".join(lines)
