"""A quick estimate of each seat's chances, for the AI's search and its greedy baseline.

Cardinal is a race to have all five ships on the board, slowed by the pirate. The estimate is
a logistic of a margin in "ships", seen from the seat to move:

* ships still in hand (fewer is better) and the tempo of moving next;
* crowding danger: an empty square with 3 or more ships around it is one placement away from
  summoning the pirate, which the summoner may send to any crowded square and so send home the
  ships orthogonally next to it; the best such net gain counts for the mover, and less against
  it for the other seat (the mover may defuse it);
* a win in one: a seat with one ship in hand and a square where it stays safe.
"""

from __future__ import annotations

import math

from games.cardinal.data import CROWD_SIZE
from games.cardinal.rules import pirate_influence, send_pirate, supply, tables
from games.cardinal.state import CardinalState, copy

WIN_IN_ONE = 0.97


def evaluate(state: CardinalState) -> list[float]:
    """Per seat, in [0, 1]: 1/0 for a decided game, 1/2 each for a draw."""
    if state.outcome is not None:
        winners = state.outcome["winners"]
        return [0.5, 0.5] if not winners else [float(seat in winners) for seat in (0, 1)]
    mover = state.to_move
    if state.summoning:  # the mover picks the pirate's square: take the best pick
        best: list[float] = []
        for square in state.summoning:
            trial = copy(state)
            send_pirate(trial, mover, f"pirate {square}")
            value = evaluate(trial)
            if not best or value[mover] > best[mover]:
                best = value
        return best
    chance = mover_chance(state)
    return [chance, 1 - chance] if mover == 0 else [1 - chance, chance]


def mover_chance(state: CardinalState) -> float:
    mover, other = state.to_move, 1 - state.to_move
    if wins_in_one(state, mover):
        return WIN_IN_ONE
    gain, loss = pirate_gain(state, mover), pirate_gain(state, other)
    margin = supply(state, other) - supply(state, mover) + 0.5 + 0.8 * gain - 0.4 * loss
    if wins_in_one(state, other):
        margin -= 1.5 if gain > 0 else 3.0
    return 1 / (1 + math.exp(-margin))


def crowds(state: CardinalState, king: dict[str, tuple[str, ...]]) -> dict[str, int]:
    """Ships around every empty square (the pirate's square is not empty)."""
    ships = state.ships
    return {
        name: sum(1 for n in around if n in ships)
        for name, around in king.items()
        if name not in ships and name != state.pirate
    }


def pirate_gain(state: CardinalState, seat: int) -> int:
    """The best net number of enemy ships ``seat`` could send home by summoning the pirate on
    its next placement (0 if none): a square with 3+ ships around it becomes crowded when
    ``seat`` places next to it."""
    _, king, orth = tables(state.board)
    ships = state.ships
    counts = crowds(state, king)
    hot = [name for name, n in counts.items() if n >= CROWD_SIZE - 1]
    if not hot:
        return 0
    best = 0
    for name in hot:
        net = sum(1 if ships[n] != seat else -1 for n in orth[name] if n in ships)
        best = max(best, net)
    return best


def wins_in_one(state: CardinalState, seat: int) -> bool:
    """Whether ``seat``, with one ship in hand, has a placement after which all five of its
    ships are safe: no crowd touched, or a crowded square to send the pirate to that has none
    of ``seat``'s ships orthogonally next to it."""
    if supply(state, seat) != 1:
        return False
    squares, king, orth = tables(state.board)
    ships = state.ships
    blocked = pirate_influence(state)
    counts = crowds(state, king)  # before the placement; it adds one around ``square``
    for square in squares:
        if square in ships or square == state.pirate or square in blocked:
            continue
        near = king[square]
        touched = [n for n in near if n in counts and counts[n] + 1 >= CROWD_SIZE]
        if not touched:
            return True
        if state.pirate_squares == "touching":
            choices = touched
        else:
            choices = [
                n for n, k in counts.items() if n != square and k + (n in near) >= CROWD_SIZE
            ]
        for choice in choices:
            if all(n != square and ships.get(n) != seat for n in orth[choice]):
                return True
    return False
