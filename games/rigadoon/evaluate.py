"""A quick estimate of each fleet's chances, for the AI's short playouts: random Rigadoon games
rarely end before the turn cap, so a search needs to see progress before it is a win.

Winning takes chests on two islands, so the estimate counts, per fleet: islands held; chests
washed up on an island nobody holds, by how soon a ship of the fleet could weigh anchor there;
chests in Open Water, which a ship can sink and wash up near its friends; chests in the
Shallows, still to be bumped out; and masts, which make ships fast and sturdy."""

from __future__ import annotations

import math

from games.rigadoon import data
from games.rigadoon.state import RigadoonState

HELD, FREE_ISLAND, OPEN_WATER, SHALLOWS, MAST = 1.0, 0.8, 0.4, 0.08, 0.01
STEEPNESS = 2.0
_XY = tuple(data.xy(c) for c in range(data.CELLS))


def _turns_to(ship_cells: list[tuple[int, int]], c: int) -> float:
    """About how many sails the nearest of ``ship_cells`` needs to reach cell ``c``."""
    if not ship_cells:
        return 9.0
    x, y = _XY[c]
    return min(max(abs(x - sx), abs(y - sy)) for sx, sy in ship_cells) / 2.5


def strength(state: RigadoonState, fleet: int) -> float:
    ships = range(4 * fleet, 4 * fleet + 4)
    cells = [state.ships[ship] for ship in ships if state.ships[ship] >= 0]
    held = {c for c in cells if data.KIND[c] == data.ISLAND}
    sailing = [
        _XY[state.ships[ship]] for ship in ships if state.ships[ship] >= 0 and state.masts[ship] > 0
    ]
    sailing = [xy for xy in sailing if data.cell(*xy) not in held]
    score = HELD * len(held) + MAST * sum(
        state.masts[ship] for ship in ships if state.ships[ship] >= 0
    )
    occupied = set(state.ships)
    for chest in state.chests:
        if chest < 0:
            continue
        kind = data.KIND[chest]
        if kind == data.ISLAND:
            if chest not in occupied:
                score += FREE_ISLAND / (1 + _turns_to(sailing, chest))
        elif kind == data.OPEN:
            score += OPEN_WATER / (1 + _turns_to(sailing, chest))
        else:  # the nearer Open Water, the fewer bumps it needs
            x, y = _XY[chest]
            bumps = 1 + min(x - 4, 8 - x, y - 4, 8 - y)
            score += SHALLOWS / bumps / (1 + _turns_to(sailing, chest))
    return score


def evaluate(state: RigadoonState) -> list[float]:
    """Per fleet, in [0, 1]: 1 for the winner, 0 for the loser, 1/2 each for a draw."""
    if state.outcome is not None:
        winners = state.outcome["winners"]
        if not winners:
            return [0.5, 0.5]
        return [1.0 if seat in winners else 0.0 for seat in (0, 1)]
    lead = strength(state, 0) - strength(state, 1)
    blue = 1 / (1 + math.exp(-STEEPNESS * lead))
    return [blue, 1 - blue]
