"""Ship's ``sample``: nothing to re-deal."""

from __future__ import annotations

from games.ship.state import ShipState, copy


def sample(state: ShipState, seat: int, seed: int) -> ShipState:
    """Ship hides nothing: every piece and the whole move history are public, and the only
    chance (the optional coin toss for the first move) was made at setup and is public
    since. The state holds no random generator, so the sample is a plain copy, whatever
    the seed."""
    return copy(state)
