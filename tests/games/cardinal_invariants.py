"""Cardinal invariants checked after every random action."""

from __future__ import annotations

from games.cardinal.data import SHIPS_PER_PLAYER
from games.cardinal.rules import pirate_influence
from games.cardinal.state import CardinalState
from games.core import parse_square


def check(spec, state: CardinalState) -> None:
    for seat in (0, 1):
        on_board = sum(1 for owner in state.ships.values() if owner == seat)
        assert 0 <= on_board <= SHIPS_PER_PLAYER
    assert state.pirate not in state.ships, "pirate and a ship share a square"
    for name in state.ships:
        assert state.shape.contains(parse_square(name))
    if not state.summoning:
        assert not (pirate_influence(state) & set(state.ships)), "a ship sits next to the pirate"
    if state.outcome and state.outcome["winners"]:
        winner = state.outcome["winners"][0]
        assert sum(1 for o in state.ships.values() if o == winner) == SHIPS_PER_PLAYER
