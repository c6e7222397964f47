"""What was hidden in a Caribbean game, told to all at the end: every round's bids ship by
ship with each seat's tie-breaker, and the chests left face down in the supply."""

from __future__ import annotations

from games.caribbean.data import COLOURS, SHIP_NAMES
from games.caribbean.rules import chest_label, round_bids
from games.caribbean.state import CaribbeanState


def reveal(state: CaribbeanState) -> list[str]:
    """At the end only: every round's bids ship by ship with each seat's tie-breaker, and the
    chests still face down in the supply. Before the end, nothing."""
    if state.outcome is None:
        return []
    lines = ["Every bribe, round by round (Arriba to Fuego, then the tie-breaker):"]
    for number, line in enumerate(state.past_bids, start=1):
        for seat, row in enumerate(round_bids(line)):
            ships = ", ".join(f"{name} {card}" for name, card in zip(SHIP_NAMES, row, strict=False))
            lines.append(f"Round {number}, {COLOURS[seat]}: {ships}; tie-breaker {row[-1]}.")
    if state.supply:
        left = ", ".join(chest_label(code) for code in state.supply)
        lines.append(f"Still face down in the supply, in order: {left}.")
    return lines
