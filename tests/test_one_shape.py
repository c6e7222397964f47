"""Every registered game has the one shape: the same folder layout, a dataclass state on the
shared codec, the view envelope with one meaning everywhere, and every hook of ENGINE.md's
second edition in the module named after it, answering in its documented shape."""

from __future__ import annotations

import dataclasses
import importlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from games import REGISTRY
from games.core import ENVELOPE_KEYS, Envelope, GameSpec, IllegalAction

ROOT = Path(__file__).resolve().parents[1]
CORE_FILES = ("spec.py", "state.py", "rules.py", "views.py", "data.py", "position.py")
HOOKS = ("label", "explain", "changes", "sample", "evaluate", "reveal")
"""The second-edition hooks: each lives in ``games/<key>/<hook>.py`` as ``def <hook>``."""


def _states(spec: GameSpec[Any], games: int = 3, steps: int = 60) -> list[tuple[Any, Any]]:
    """(state, previous state) pairs along a few random games of every seat count."""
    picker = random.Random(5)
    pairs = []
    for players in sorted({spec.min_players, spec.max_players}):
        for seed in range(games):
            state = spec.new(players, seed)
            before = state
            for _ in range(steps):
                pairs.append((state, before))
                if spec.outcome(state) is not None:
                    break
                seat = picker.choice(spec.to_act(state))
                before, state = (
                    state,
                    spec.apply(state, seat, picker.choice(spec.legal_actions(state, seat))),
                )
    return pairs


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_every_game_folder_has_the_same_core_files_and_names(key):
    spec = REGISTRY[key]
    folder = ROOT / "games" / key
    missing = [name for name in CORE_FILES if not (folder / name).is_file()]
    assert not missing, f"games/{key} lacks {missing}"
    module = importlib.import_module(f"games.{key}.spec")
    assert type(spec).__module__ == module.__name__
    assert type(spec).__name__.endswith("Spec")
    assert dataclasses.is_dataclass(spec.state_type)
    assert spec.state_type.__name__.endswith("State")
    assert spec.state_type.__module__ == f"games.{key}.state"
    assert (ROOT / "renderers" / f"{key}.py").is_file()
    assert (ROOT / "tests" / "games" / f"{key}_invariants.py").is_file()


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_every_hook_lives_in_the_module_named_after_it(key, monkeypatch):
    """``games/<key>/label.py`` defines ``label``, and so on for every hook, and the spec's
    method hands the call to that function and returns its answer unchanged."""
    spec = REGISTRY[key]
    state = spec.new(spec.min_players, 0)
    seat = spec.to_act(state)[0]
    view = spec.view(state, seat)
    calls = {
        "label": (state, seat, spec.legal_actions(state, seat)[0]),
        "explain": (state, seat, "nonsense 42"),
        "changes": (view, view),
        "sample": (state, seat, 3),
        "evaluate": (state,),
        "reveal": (state,),
    }
    for hook, args in calls.items():
        assert (ROOT / "games" / key / f"{hook}.py").is_file(), f"games/{key} lacks {hook}.py"
        module = importlib.import_module(f"games.{key}.{hook}")
        function = getattr(module, hook, None)
        assert callable(function), f"games/{key}/{hook}.py defines no {hook}()"
        assert function.__module__ == module.__name__
        answers = []

        def spy(*given, function=function, answers=answers):
            answers.append(function(*given))
            return answers[-1]

        with monkeypatch.context() as patch:
            patch.setattr(module, hook, spy)
            answer = getattr(spec, hook)(*args)
        assert answers, f"{type(spec).__name__}.{hook} does not call {module.__name__}.{hook}"
        assert answer is answers[-1]


TABLES = ("teach",)
"""Game knowledge kept as data, not as a method: ``games/<key>/teach.py`` holds ``moments``,
which the spec hands on unchanged as ``GameSpec.moments`` (the guided game's teaching)."""


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_every_table_lives_in_the_module_named_after_it(key):
    spec = REGISTRY[key]
    for table in TABLES:
        assert (ROOT / "games" / key / f"{table}.py").is_file(), f"games/{key} lacks {table}.py"
        module = importlib.import_module(f"games.{key}.{table}")
        assert spec.moments is module.moments and spec.moments


def test_the_envelope_type_names_every_envelope_key():
    assert list(Envelope.__annotations__) == [*ENVELOPE_KEYS, "private"]


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_every_view_has_the_envelope_with_one_meaning(key):
    spec = REGISTRY[key]
    for state, _ in _states(spec):
        players = spec.players(state)
        for seat in [None, *range(players)]:
            view = spec.view(state, seat)
            json.dumps(view)
            assert set(ENVELOPE_KEYS) <= set(view)
            assert ("private" in view) == (seat is not None)
            assert view["game"] == key
            assert len(view["seats"]) == players and all(isinstance(n, str) for n in view["seats"])
            assert view["to_act"] == spec.to_act(state)
            assert isinstance(view["turn"], int)
            assert isinstance(view["last"], list) and all(isinstance(x, str) for x in view["last"])
            outcome = spec.outcome(state)
            if outcome is None:
                assert view["outcome"] is None
            else:
                assert view["outcome"]["winners"] == outcome.winners
                assert view["outcome"]["reason"] == outcome.reason
            scores = view["scores"]
            assert scores is None or all(
                set(s) == {"name", "value"} and isinstance(s["value"], int) for s in scores
            )


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_the_seat_count_is_checked_by_new(key):
    spec = REGISTRY[key]
    for players in (spec.min_players - 1, spec.max_players + 1):
        with pytest.raises(IllegalAction, match="takes"):
            spec.new(players, 0)


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_every_hook_answers_in_its_shape(key):
    spec = REGISTRY[key]
    for state, before in _states(spec, games=2, steps=40):
        players = spec.players(state)
        values = spec.evaluate(state)
        assert len(values) == players and all(0.0 <= v <= 1.0 for v in values)
        for seat in range(players):
            for change in spec.changes(spec.view(before, seat), spec.view(state, seat)):
                assert isinstance(change["kind"], str) and isinstance(change["text"], str)
            legal = spec.legal_actions(state, seat)
            for action in legal:
                label = spec.label(state, seat, action)
                assert 0 < len(label) <= 80 and "\n" not in label
            if seat in spec.to_act(state):
                reason = spec.explain(state, seat, "nonsense 42")
                assert isinstance(reason, str) and reason and "nonsense" not in reason
                sampled = spec.sample(state, seat, 3)
                assert spec.view(sampled, seat) == spec.view(state, seat)
        if spec.outcome(state) is not None:
            lines = spec.reveal(state)
            assert lines and all(isinstance(line, str) and line for line in lines)
