"""Caribbean under random play: invariants after every action, and every game ends.

The per-state invariants live in ``caribbean_invariants.check`` (also run by the shared
playouts); here we add what needs two consecutive states: money only grows.
"""

from __future__ import annotations

import random

import pytest

from games.caribbean import SPEC
from tests.games.caribbean_invariants import check


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_invariants_and_end(players):
    """Chests are conserved (16 = supply + ports + ships + delivered), money only grows, one
    ship per space, every choice list is short (<= 25), and every game reaches an outcome."""
    for seed in range(3):
        picker = random.Random(seed)
        state = SPEC.new(players, seed)
        for _ in range(20_000):
            if SPEC.outcome(state) is not None:
                break
            seat = picker.choice(SPEC.to_act(state))
            actions = SPEC.legal_actions(state, seat)
            assert 0 < len(actions) <= 25
            action = picker.choice(actions)
            after = SPEC.apply(state, seat, action)
            check(SPEC, after)
            assert all(new >= old for new, old in zip(after.money, state.money, strict=True))
            assert SPEC.describe(state, seat, action, after)
            state = after
        outcome = SPEC.outcome(state)
        assert outcome is not None and outcome.winners
        assert max(state.money) == state.money[outcome.winners[0]]
