"""Long lists in short steps (issue 13): every legal action of every game, at every decision of
random games under every option set, is reachable in at most 3 picks of at most 25 options, and
every pick path leads to exactly one legal action."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.play.steps import MAX_OPTIONS, Step, path_to, step
from games import REGISTRY


def _label(text: str) -> str:
    return text.upper()


def _walk(actions: list[str], place: str, depth: int, reached: list[str]) -> None:
    """Every pick path from ``place``: collects the actions reached, checks each step."""
    current: Step = step(actions, place, _label)
    assert 2 <= len(current.options) <= MAX_OPTIONS or (not place and len(actions) == 1)
    assert len({c.value for c in current.options}) == len(current.options)
    assert depth < 3, f"more than 3 picks to reach an action under {place!r}"
    for choice in current.options:
        if choice.final:
            assert choice.value in actions
            reached.append(choice.value)
        else:
            assert step(actions, choice.value, _label).parent == place
            _walk(actions, choice.value, depth + 1, reached)


def check_steps(actions: list[str]) -> None:
    reached: list[str] = []
    _walk(actions, "", 0, reached)
    assert sorted(reached) == sorted(actions), "each action exactly once, nothing else"
    for action in actions:
        assert len(path_to(actions, action)) <= 3


def _option_sets(spec) -> list[dict]:
    """Every option set when there are at most 36 (each of Cardinal's boards with each of its
    other settings, each of Ship's decks), else sets that use every value of every option
    at least once (Rigadoon's 144 sets differ in rules, not in the shape of the move list)."""
    names = [o.name for o in spec.options]
    choices = [o.choices for o in spec.options]
    combos = [dict(zip(names, c, strict=True)) for c in itertools.product(*choices)]
    if len(combos) <= 36:
        return combos
    return [
        {o.name: o.choices[i % len(o.choices)] for o in spec.options}
        for i in range(max(len(c) for c in choices))
    ]


def test_the_option_sets_cover_the_large_boards():
    boards = {o["board"] for o in _option_sets(REGISTRY["cardinal"])}
    assert "6x6" in boards
    assert {o["board"] for o in _option_sets(REGISTRY["ship"])} >= {"9x11", "7x11", "9x9"}
    rigadoon = _option_sets(REGISTRY["rigadoon"])
    for option in REGISTRY["rigadoon"].options:
        assert {o[option.name] for o in rigadoon} == set(option.choices)


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_every_action_is_reachable_in_three_short_steps(key):
    spec = REGISTRY[key]
    picker = random.Random(7)
    for options in _option_sets(spec) or [{}]:
        for players in sorted({spec.min_players, spec.max_players}):  # a two-player game once
            state = spec.new(players, picker.randrange(1 << 30), options)
            for _ in range(60):
                if spec.outcome(state) is not None:
                    break
                seat = picker.choice(spec.to_act(state))
                actions = spec.legal_actions(state, seat)
                check_steps(actions)
                state = spec.apply(state, seat, picker.choice(actions))


def test_a_long_flat_list_is_cut_into_ranges_that_keep_groups_whole():
    squares = [f"place {c}{r}" for c in "abcdef" for r in range(1, 7)]
    check_steps(squares)
    first = step(squares, "", _label)
    assert len(first.options) <= MAX_OPTIONS
    assert first.options[0].label.startswith("A1")
    # As few ranges as fit, of even sizes: two of 18, not eighteen of 2; 26 make 13 and 13.
    assert [c.label for c in first.options] == ["A1 – C6", "D1 – F6"]
    assert [len(step(squares, c.value, _label).options) for c in first.options] == [18, 18]
    halves = step(squares[:26], "", _label).options
    assert [len(step(squares[:26], c.value, _label).options) for c in halves] == [13, 13]
    assert first.title == "PLACE", "every action is a placement: the first step says so"


def test_a_single_option_step_is_skipped_and_an_action_may_also_open_a_group():
    few = ["sail g5 s 1", "sail g5 s 1 aground", "sail g5 s 2", "end turn"]
    assert [c.value for c in step(few, "", _label).options] == few, "25 or fewer: one step"
    sails = [f"sail g5 {d} {n}" for d in ("n", "e", "s", "w") for n in (1, 2, 3)]
    many = [*sails, "sail g5 s 1 aground", *[f"sail h{i} n 1" for i in range(1, 14)], "end turn"]
    first = step(many, "", _label)
    assert len(first.options) == 18, "27 actions: grouped three words deep, the fewest picks"
    assert first.title == "", "sails and the end of the turn: no one group to name"
    second = step(many, "sail g5 s", _label)
    assert [(c.value, c.final) for c in second.options] == [
        ("sail g5 s 1", True),
        ("sail g5 s 2", True),
        ("sail g5 s 3", True),
        ("sail g5 s 1 aground", True),
    ], "in the engine's order"
    assert second.parent == ""
    check_steps(many)
    only_one = ["pirate c3", "place a1 x", "place a2 x"]
    assert [c.value for c in step(only_one, "", _label).options] == only_one


def test_an_unknown_place_is_refused():
    with pytest.raises(KeyError):
        step(["place a1", "place a2"], "sail x", _label)


def test_a_range_is_named_by_its_first_and_last_entries_without_their_shared_words():
    bids = [f"bid a {n}" for n in range(30)]
    first = step(bids, "", lambda text: f"Put your {text.split()[-1]} on ship A (Arriba)")
    assert [c.label for c in first.options] == ["0 – 14", "15 – 29"]
