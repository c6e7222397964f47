"""Cardinal's ``sample``: nothing to re-deal."""

from __future__ import annotations

from games.cardinal.state import CardinalState, copy


def sample(state: CardinalState, seat: int, seed: int) -> CardinalState:
    """Cardinal hides nothing: every ship, the pirate and the whole move history are public,
    and the only chance (the coin toss for the first player) was made at setup and is
    public since. The state holds no random generator, so the sample is a plain copy,
    whatever the seed."""
    return copy(state)
