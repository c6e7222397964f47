"""Maelstroms, winning, the opening, narration and views of Rigadoon."""

from __future__ import annotations

import json

import pytest

from games.rigadoon import SPEC
from games.rigadoon.position import piece, play, position
from tests.games.rigadoon_invariants import check


def legal(state) -> list[str]:
    return SPEC.legal_actions(state, state.active)


def test_a_blast_into_a_maelstrom_stops_on_its_exit():
    """ "Note: you cannot blast a Ship through a Maelstrom* to the other side of the board. Once
    a Ship hits a Maelstrom, for any reason, it is transported to that Maelstrom's* exit space
    where its turn ends abruptly.\""""
    state = position(blue=["c10"], green=["b12"], wind="n", wind_changed=True)
    state = play(state, "sail c10 s 2")  # C12 blasts B12 west into the maelstrom at A12
    assert piece(state, "e9") == ("Green", 2)
    assert "maelstrom at A12" in " ".join(SPEC.last_lines(state))


def test_a_blast_into_a_maelstrom_with_a_blocked_exit_backfires():
    """ "A Ship cannot be blasted onto a Maelstrom space whose exit space is blocked by another
    Ship. Such an attack would backfire.\""""
    state = position(blue=["c10", "e9:1"], green=["b12"], wind="n", wind_changed=True)
    state = play(state, "sail c10 s 2")
    assert piece(state, "b12") == ("Green", 2) and piece(state, "e12") == ("Blue", 2)


def test_own_ship_through_a_maelstrom_has_had_its_turn():
    """Ruling R1: "A ship of the active fleet that passes through a maelstrom (sailing or
    blasted) counts as having acted this turn; it may not sail or repair later that turn.\""""
    state = position(blue=["c10", "b12:2", "k3:1"], green=["h3"], wind="n", wind_changed=True)
    state = play(state, "sail c10 s 2")
    assert piece(state, "e9") == ("Blue", 1)
    assert not [a for a in legal(state) if a.endswith(" e9") or a.startswith("sail e9")]


def test_a_claim_made_during_the_opponents_turn_can_win_it():
    """Ruling §6.9: "a fleet with Ships-in-port on at least 2 different islands wins. This
    includes claims made while blasted during the opponent's turn.\""""
    state = position(
        blue=["b8"], green=["b1", "b11:1"], chests=["b1", "b13"], wind="n", wind_changed=True
    )
    state = play(state, "sail b8 s 2")
    assert SPEC.outcome(state).winners == [1]


def test_both_fleets_qualifying_at_once():
    """Ruling E2: "If both fleets qualify at the same moment, the active player wins" [cfg]."""
    pieces = {
        "blue": ["c2", "b13"],
        "green": ["a1", "l13"],
        "chests": ["b1", "l1", "b13", "l13"],
        "wind": "w",
        "wind_changed": True,
    }
    assert SPEC.outcome(play(position(**pieces), "sail c2 nw 1")).winners == [0]
    drawn = play(position(**pieces, options={"tie": "draw"}), "sail c2 nw 1")
    assert SPEC.outcome(drawn).winners == []


def test_the_opening_wind_is_picked_by_the_second_player():
    """ "The other player decides the opening Wind Direction by picking their preferred Wind
    Direction from the deck. ... Reshuffle the rest of the deck.\""""
    state = SPEC.new(2, 3)
    assert SPEC.to_act(state) == [1] and len(SPEC.legal_actions(state, 1)) == 8
    state = SPEC.apply(state, 1, "wind s")
    assert SPEC.to_act(state) == [0] and len(state.pile) == 7
    view = SPEC.view(state, None)
    assert view["wind"] == "s" and view["downwind"] == "n" and view["pile"] == 7


def test_describe_narrates_every_chain_step():
    """The issue's example line: "Blue K9 blasts Green J9 two spaces west; it loses a mast"."""
    start = position(
        blue=["h6", "k10:0", "h9:2", "k13:2"],
        green=["j9", "g4", "i4", "m13:2"],
        chests=["k2", "k4", "e10", "l13"],
        wind="nw",
    )
    chosen = play(start, "sail h6 se 3")
    after = play(chosen, "attack k9 j9")
    line = SPEC.describe(chosen, 0, "attack k9 j9", after)
    assert "Blue K9 blasts Green J9 one space west to I9; it loses a mast." in line
    line = SPEC.describe(after, 0, "attack i9 h9", play(after, "attack i9 h9"))
    assert line.startswith("Green I9 blasts Blue H9 two spaces west to F9; it loses a mast.")


def test_views_hold_no_secret_and_list_this_turns_moves():
    """The public view has no deck order or RNG; it lists this turn's sails and blasts."""
    state = play(
        position(blue=["h9", "f12:0"], green=["e11:1"], wind="n", wind_changed=True),
        "sail h9 sw 2",
        "attack f11 e11",
    )
    view = SPEC.view(state, None)
    text = json.dumps(view)
    assert "rng" not in text and "private" not in view and isinstance(view["pile"], int)
    kinds = [(m["kind"], m["path"][0], m["path"][-1]) for m in view["moves"]]
    assert kinds == [("sail", "h9", "f11"), ("blast", "e11", "c11"), ("blast", "f12", "f1")]
    assert SPEC.view(state, 0) == dict(view, private={})


def test_the_playout_invariants_catch_broken_positions():
    """The checker used by the shared playouts fails on ships left side by side, and on a
    ship sitting on a chest-less island."""
    with pytest.raises(AssertionError, match="adjacent"):
        check(SPEC, position(blue=["b3"], green=["b4"]))
    with pytest.raises(AssertionError, match="island"):
        check(SPEC, position(blue=["b1"], green=["k4"]))
    check(SPEC, SPEC.new(2, 0))


def test_the_view_marks_what_a_decision_is_about():
    """The picture rings the ship and the chest of a "bump or stop" decision, and the targets
    of the attacks on offer."""
    state = position(blue=["f8"], green=["g6:2"], chests=["g6", "h6"], wind="s", wind_changed=True)
    assert SPEC.view(play(state, "sail f8 n 2"), None)["marked"] == ["g6", "h6"]
    state = play(
        position(blue=["h9", "f12:0"], green=["e11:1"], wind="n", wind_changed=True), "sail h9 sw 2"
    )
    assert sorted(SPEC.view(state, None)["marked"]) == ["e11", "f12"]
