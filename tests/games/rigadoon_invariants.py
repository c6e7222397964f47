"""Rigadoon invariants for the shared random playouts (tests/test_playouts.py)."""

from __future__ import annotations

from games.rigadoon import chain, data
from games.rigadoon.state import RigadoonState


def check(spec, state: RigadoonState) -> None:
    ships = [c for c in state.ships if c >= 0]
    assert len(ships) == len(set(ships)), "two ships share a square"
    chests = [c for c in state.chests if c >= 0]
    assert len(chests) == len(set(chests)), "two chests share a square"
    assert all(0 <= m <= 3 for m in state.masts), "masts out of 0..3"
    for i, c in enumerate(state.chests):  # each chest is on the board, or sinking
        assert (c < 0) == (state.sinking == i), "a chest is nowhere or in two places"
        assert c < 0 or data.KIND[c] != data.MAELSTROM, "a chest on a maelstrom"
    for c in ships:
        kind = data.KIND[c]
        assert kind != data.MAELSTROM, "a ship stays on a maelstrom"
        assert kind != data.ISLAND or c in state.chests, "a ship on an island with no chest"
    if state.outcome is None and not chain.waiting(state):
        occupied = set(ships)
        for a in ships:
            assert not any(data.STEP[a][d] in occupied for d in data.ORTHOGONAL), (
                "two ships left orthogonally adjacent after a chain"
            )
    if state.options["wind"] == "cards" and state.wind >= 0:  # every Wind card is somewhere
        copies = state.options["deck_copies"]
        deck = sorted(state.pile + state.discard + [state.wind])
        assert deck == sorted(list(data.WIND_DECK) * copies), "a Wind card lost or doubled"
    if state.outcome is not None:
        assert spec.to_act(state) == []
