"""Random-playout properties shared by every registered game (the OpenSpiel-style check).

Each game may add its own invariants in ``INVARIANTS`` via its test module's helper
``tests/games/<game>_invariants.py``; here we check the contract itself. The suite plays a
sample; CI (``.ci/run``) plays 1,000 games of every game with the invariants after every action.
"""

from __future__ import annotations

import json
import os
import random

import pytest

from games import REGISTRY, IllegalAction
from tests.invariants import INVARIANTS

#: Random games per game, every player count among them; ``PARLEY_PLAYOUT_GAMES`` overrides
#: it (CI plays 1,000 more, so the suite's share is a quick look).
GAMES_PER_SPEC = int(os.environ.get("PARLEY_PLAYOUT_GAMES") or 20)


def player_counts(spec) -> list[int]:
    return list(range(spec.min_players, spec.max_players + 1))


def random_playout(spec, players: int, seed: int, check_every_step: bool):
    picker = random.Random(seed)
    state = spec.new(players, seed)
    log: list[tuple[int, str]] = []
    check = INVARIANTS.get(spec.key)
    for _ in range(20_000):
        if spec.outcome(state) is not None:
            assert spec.to_act(state) == []
            return state, log
        seats = spec.to_act(state)
        assert seats, "a running game must have someone to act"
        seat = picker.choice(seats)
        actions = spec.legal_actions(state, seat)
        assert actions, f"seat {seat} is to act but has no legal action"
        assert len(actions) == len(set(actions)), "legal actions must be distinct"
        action = picker.choice(actions)
        before = spec.dump(state)
        state = spec.apply(state, seat, action)
        assert spec.dump(spec.load(before)) == before, "apply mutated the old state"
        log.append((seat, action))
        if check_every_step and check is not None:
            check(spec, state)
    raise AssertionError(f"{spec.key} seed {seed}: no outcome after 20,000 actions")


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_every_game_terminates_and_keeps_its_invariants(key):
    spec = REGISTRY[key]
    for i in range(GAMES_PER_SPEC):
        players = player_counts(spec)[i % len(player_counts(spec))]
        state, _ = random_playout(spec, players, seed=i, check_every_step=True)
        outcome = spec.outcome(state)
        assert all(0 <= w < players for w in outcome.winners)


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_replay_of_the_log_rebuilds_the_same_state(key):
    spec = REGISTRY[key]
    for seed in range(8):  # every player count at least once (Tortuga has eight)
        players = player_counts(spec)[seed % len(player_counts(spec))]
        final, log = random_playout(spec, players, seed, check_every_step=False)
        replayed = spec.new(players, seed)
        for seat, action in log:
            replayed = spec.apply(replayed, seat, action)
        assert spec.dump(replayed) == spec.dump(final)


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_dump_load_round_trips_and_views_are_json(key):
    spec = REGISTRY[key]
    picker = random.Random(7)
    players = spec.max_players
    state = spec.new(players, 7)
    for _ in range(200):
        if spec.outcome(state) is not None:
            break
        text = spec.dump(state)
        json.loads(text)
        assert spec.dump(spec.load(text)) == text
        for seat in [None, *range(players)]:
            json.dumps(spec.view(state, seat))
        assert "private" not in spec.view(state, None) or not spec.view(state, None)["private"]
        seat = picker.choice(spec.to_act(state))
        state = spec.apply(state, seat, picker.choice(spec.legal_actions(state, seat)))


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_illegal_actions_are_refused_without_change(key):
    spec = REGISTRY[key]
    picker = random.Random(3)
    state = spec.new(spec.min_players, 3)
    for _ in range(60):
        if spec.outcome(state) is not None:
            break
        before = spec.dump(state)
        acting = spec.to_act(state)
        idle = [s for s in range(spec.min_players) if s not in acting]
        for bad in ("", "fly to the moon", "x" * 500, "💥 ünïcødé", "move z99 z100"):
            with pytest.raises(IllegalAction):
                spec.apply(state, acting[0], bad)
        if idle:
            with pytest.raises(IllegalAction):
                spec.apply(state, idle[0], spec.legal_actions(state, acting[0])[0])
        assert spec.dump(state) == before
        seat = picker.choice(acting)
        state = spec.apply(state, seat, picker.choice(spec.legal_actions(state, seat)))
