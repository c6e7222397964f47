"""Asked about a move it may make, a player hears that it is allowed, in every game: over
seeded random positions of every seat count, ``explain`` of each legal action of each seat to
act is :data:`games.core.ALLOWED`, and a refused one is never that."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import REGISTRY, GameSpec
from games.core import ALLOWED


def positions(spec: GameSpec[Any], players: int, seed: int, steps: int) -> list[Any]:
    """The states along a random game of ``players`` seats, at most ``steps`` of them."""
    picker = random.Random(seed)
    state = spec.new(players, seed)
    states = [state]
    while spec.to_act(state) and len(states) < steps:
        seat = picker.choice(spec.to_act(state))
        state = spec.apply(state, seat, picker.choice(spec.legal_actions(state, seat)))
        states.append(state)
    return states


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_explain_calls_every_legal_action_allowed(key):
    spec = REGISTRY[key]
    checked = 0
    for players in range(spec.min_players, spec.max_players + 1):
        for seed in range(2):
            for state in positions(spec, players, seed, steps=150):
                for seat in spec.to_act(state):
                    for action in spec.legal_actions(state, seat):
                        assert spec.explain(state, seat, action) == ALLOWED, (key, action)
                        assert spec.explain(state, seat, action.upper()) == ALLOWED
                        checked += 1
                    assert spec.explain(state, seat, "nonsense 42") != ALLOWED
    assert checked


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_explain_never_allows_a_seat_that_is_not_to_act(key):
    spec = REGISTRY[key]
    for state in positions(spec, spec.max_players, seed=7, steps=100):
        due = spec.to_act(state)
        for seat in range(spec.players(state)):
            if seat in due:
                continue
            for other in due:
                for action in spec.legal_actions(state, other)[:3]:
                    assert spec.explain(state, seat, action) != ALLOWED
