"""The rules defects an independent audit found (issue 13), each with its scenario."""

from __future__ import annotations

import random

import pytest

from games.rigadoon import SPEC, data, rules
from games.rigadoon.position import piece, play, position
from games.rigadoon.state import copy


def legal(state) -> list[str]:
    return SPEC.legal_actions(state, state.active)


@pytest.mark.parametrize("copies", [2, 3])
def test_changing_the_wind_never_draws_the_same_direction(copies):
    """ "Regardless of the convention you choose, you must change the Wind Direction once" and
    "each turn you must change the Wind Direction": with 2 or 3 copies of each card a card of
    the current direction is redrawn, as the die re-rolls (ruling A2). The audit's repro: every
    turn `change wind` first, then the first listed action until the turn passes; the 9th
    change used to go W -> W."""
    state = SPEC.apply(SPEC.new(2, 0, {"deck_copies": copies}), 1, "wind n")
    for _ in range(60):
        seat, old = state.active, state.wind
        state = SPEC.apply(state, seat, "change wind")
        assert state.wind != old
        # every card is somewhere: the pile, the discard, or in play
        deck = sorted(state.pile + state.discard + [state.wind])
        assert deck == sorted(list(data.WIND_DECK) * copies)
        while SPEC.outcome(state) is None and state.active == seat:
            state = SPEC.apply(state, seat, legal(state)[0])
        if SPEC.outcome(state) is not None:
            break


def test_a_duplicate_card_at_the_bottom_of_the_pile_reshuffles():
    """When the only card left is a copy of the wind in play, it goes to the discard and the
    whole discard is reshuffled: the draw still changes the wind."""
    state = position(blue=["b3"], green=["k11"], wind="w", options={"deck_copies": 2})
    state.pile = [data.DIRECTIONS.index("w")]
    state.discard = [d for d in data.WIND_DECK for _ in range(2)]
    state.discard.remove(data.DIRECTIONS.index("w"))
    state.discard.remove(data.DIRECTIONS.index("w"))
    for seed in range(20):
        trial = copy(state)
        trial.rng = seed
        rules.change_wind(trial)
        assert trial.wind != data.DIRECTIONS.index("w")
        assert len(trial.pile) + len(trial.discard) + 1 == 16


def test_r2_is_judged_after_the_whole_chain():
    """Ruling R2: "While the wind is unchanged, refuse any ship action, owed or optional, after
    which no owed action remains." Blue's F2 sailing west 2 lands on D2 and blasts Blue's own
    C2 through the maelstrom at A2, which counts as C2's action (R1: "A ship of the active
    fleet that passes through a maelstrom ... counts as having acted this turn"): nothing
    would be owed but the wind change, so the sail waits for it."""
    state = position(blue=["f2", "c2:2"], green=["k11"], wind="s")
    assert "sail f2 w 2" not in legal(state)
    assert "sail f2 w 1" in legal(state)  # lands on E2: no attack, C2 still owes
    assert "Change the wind first" in SPEC.explain(state, 0, "sail f2 w 2")
    after = play(state, "change wind")
    if "sail f2 w 2" in legal(after):  # the new wind may still allow it
        done = play(after, "sail f2 w 2")
        assert piece(done, "e5") == ("Blue", 1)


def test_r2_allows_an_action_whose_chain_makes_a_ship_owe():
    """Ruling R4: "A ship blasted off its island during its own fleet's turn becomes a
    Ship-at-sea and owes a sail or repair if it has not acted", so R2 judged after the chain
    lets a sail that blasts a friend out of port go before the wind change, although nothing
    else owed an action before it."""
    state = position(blue=["b1", "d2"], green=["k11"], chests=["b1"], wind="w")
    assert rules.ship_menus(state, wind_rule=False)[1] == {1}  # only D2 owes an action
    assert "sail d2 nw 1" in legal(state)  # C1 blasts B1 west across the edge to M1
    after = play(state, "sail d2 nw 1")
    assert piece(after, "m1") == ("Blue", 2)
    assert rules.ship_menus(after, wind_rule=False)[1] == {0}  # M1 owes, and waits for
    assert legal(after) == ["change wind"]  # the wind: its action must come last
    assert "repair m1" in legal(play(after, "change wind"))


def test_r2_never_refuses_a_winning_claim():
    """A claim that wins the game ends it: the wind change can no longer come last."""
    state = position(blue=["l1", "c2"], green=["k11"], chests=["b1", "l1"], wind="e")
    assert "sail c2 nw 1" in legal(state)
    assert SPEC.outcome(play(state, "sail c2 nw 1")).winners == [0]


def test_r2_shortcuts_agree_with_playing_every_action_out():
    """The wind rule settles most actions without playing them; over random games each of its
    answers equals playing the action and its chain out on a copy."""
    picker = random.Random(11)
    checked = 0
    for seed in range(3):
        state = SPEC.new(2, seed)
        while SPEC.outcome(state) is None:
            if rules.phase(state) == rules.TURN and not state.wind_changed:
                menus, _ = rules.ship_menus(state, wind_rule=False)
                kept = rules.ship_menus(state)[0]
                for ship, menu in menus.items():
                    for action in menu:
                        if action.startswith("sail"):
                            trial = copy(state)
                            rules.play(trial, state.active, action)
                            exact = rules.can_end_owing(trial)
                            assert exact == (action in kept[ship]), (seed, action)
                            checked += 1
            state = SPEC.apply(state, state.active, picker.choice(legal(state)))
    assert checked > 500
