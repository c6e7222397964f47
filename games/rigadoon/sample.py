"""Rigadoon's only secret: the order of the Wind cards not yet drawn (and the seeded RNG that
shuffles them, or rolls the die). Every ship, mast and chest is open, and so are the discards
and the card in play, so the undrawn pile's cards are known; only their order is not."""

from __future__ import annotations

from collections import Counter

from games.core.rng import SeededRng
from games.rigadoon import data
from games.rigadoon.state import RigadoonState, copy

_SALT = 0x52494741  # keeps a sample's shuffles apart from a game's own seed stream


def undrawn(state: RigadoonState) -> list[int]:
    """The Wind cards in the pile, in no particular order: the deck minus the discards and
    the card in play (empty with the die, and before the opening wind is picked)."""
    if state.options["wind"] != "cards" or state.wind < 0:
        return []
    left = Counter({card: int(state.options["deck_copies"]) for card in data.WIND_DECK})
    left.subtract([*state.discard, state.wind])
    return sorted(left.elements())


def sample(state: RigadoonState, seat: int, seed: int) -> RigadoonState:
    """The same board with the undrawn Wind cards shuffled anew and a new RNG, both from
    ``seed`` alone: two states that differ only in those give the same sample."""
    world = copy(state)
    rng = SeededRng(seed ^ _SALT)
    world.pile = undrawn(state)
    rng.shuffle(world.pile)
    world.rng = rng.next64()
    return world
