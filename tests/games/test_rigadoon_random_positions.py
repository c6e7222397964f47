"""Random mid-game positions, played at random for a turn: the playout invariants hold and no
action the engine lists is ever refused. The start position alone rarely reaches the edges,
the maelstroms and the islands where the chain rules are subtle."""

from __future__ import annotations

import random

from games.rigadoon import SPEC, data
from games.rigadoon.position import position
from tests.games.rigadoon_invariants import check

EDGE_BAND = [c for c in range(data.CELLS) if min(data.xy(c)) < 2 or max(data.xy(c)) > data.SIZE - 3]


def random_position(picker: random.Random):
    """Ships never side by side; half of the positions crowd the edges (wraps, maelstroms)."""
    cells = EDGE_BAND if picker.random() < 0.5 else range(data.CELLS)
    chests = picker.sample([c for c in cells if data.KIND[c] != data.MAELSTROM], 4)
    free = [c for c in cells if data.KIND[c] not in (data.MAELSTROM, data.ISLAND) or c in chests]
    ships: list[int] = []
    for c in picker.sample(free, len(free)):
        if len(ships) == 8:
            break
        if not any(data.STEP[c][d] in ships for d in data.ORTHOGONAL):
            ships.append(c)
    squares = [f"{data.name(c)}:{picker.randrange(4)}" for c in ships]
    return position(
        blue=squares[:4],
        green=squares[4:],
        chests=[data.name(c) for c in chests],
        wind=picker.choice(data.DIRECTIONS),
        active=picker.choice(("Blue", "Green")),
        seed=picker.randrange(1000),
    )


def test_random_positions_keep_the_invariants():
    """ "Continue in this way until no Ship on the board is still orthogonal to any other Ship on
    the board." (and the other invariants of the shared playouts)"""
    picker = random.Random(2024)
    for _ in range(150):
        state = random_position(picker)
        turn = state.turn
        while SPEC.outcome(state) is None and state.turn == turn:
            seat = SPEC.to_act(state)[0]
            state = SPEC.apply(state, seat, picker.choice(SPEC.legal_actions(state, seat)))
            check(SPEC, state)
