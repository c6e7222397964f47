"""A quick appraisal of a Caribbean position, per seat, for the AI's short playouts.

Random play almost never reaches the money thresholds, so a playout is cut short and the
position judged by what decides the game: money already earned (captures pay 2,000 each),
chests on ships in reach of each seat's havens (a chest one space from my haven is nearly mine;
one that any seat can reach is shared), and how close the leader is to the threshold: far from
it any lead can turn, near it the leader is likely to win.
"""

from __future__ import annotations

import math
from collections import deque
from functools import cache

from games.caribbean.data import ADJACENCY, PORT_BY_CODE, THRESHOLDS
from games.caribbean.rules import havens
from games.caribbean.state import CaribbeanState

REACH = 0.5  # share of a chest's value per space between the ship and a seat's nearest haven
EARLY_SPREAD = 8000  # doubloons of lead that make a seat ~e times likelier to win, early on
LATE_SPREAD = 2000  # ... and once the leader stands at the threshold


@cache
def distances(start: str) -> dict[str, int]:
    """Sea steps from ``start`` to every sea space (ignoring ships in the way)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        space = queue.popleft()
        for step in ADJACENCY[space]:
            if step not in seen:
                seen[step] = seen[space] + 1
                queue.append(step)
    return seen


@cache
def haven_distance(players: int) -> tuple[dict[str, int], ...]:
    """Per seat: sea space -> steps to that seat's nearest active haven."""
    per_seat: list[dict[str, int]] = [{} for _ in range(players)]
    for haven, owner in havens(players).items():
        for space, steps in distances(haven).items():
            best = per_seat[owner].get(space)
            if best is None or steps < best:
                per_seat[owner][space] = steps
    return tuple(per_seat)


def expected_money(state: CaribbeanState) -> list[float]:
    """Money plus each seat's share of the chests now on ships, by distance to its havens."""
    worth = [float(money) for money in state.money]
    reach = haven_distance(state.players)
    for code, space in zip(state.cargo, state.ship_spaces, strict=True):
        if code is None:
            continue
        shares = [REACH ** reach[seat][space] for seat in range(state.players)]
        total = max(1.0, sum(shares))
        for seat, share in enumerate(shares):
            worth[seat] += PORT_BY_CODE[code].value * share / total
    return worth


def evaluate(state: CaribbeanState) -> list[float]:
    """Per seat in [0, 1], summing to 1: a winner 1 and a loser 0 once the game is over (a
    shared win splits the 1); before that, a softmax of expected money whose spread narrows
    as the leader nears the threshold."""
    if state.outcome is not None:
        winners = state.outcome["winners"]
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(state.players)]
    worth = expected_money(state)
    best = max(worth)
    progress = min(1.0, best / THRESHOLDS[state.players])
    spread = EARLY_SPREAD + (LATE_SPREAD - EARLY_SPREAD) * progress
    weights = [math.exp((value - best) / spread) for value in worth]
    total = sum(weights)
    return [weight / total for weight in weights]
