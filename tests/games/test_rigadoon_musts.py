"""Every line of "Musts, cans & can-nots", and the turn rules (wind, obligations, winning)."""

from __future__ import annotations

import pytest

from games import IllegalAction
from games.rigadoon import SPEC, data, rules
from games.rigadoon.position import chest_squares, piece, play, position
from games.rigadoon.rules import cell_of


def legal(state) -> list[str]:
    return SPEC.legal_actions(state, state.active)


def sails_of(state, square: str) -> set[str]:
    return {a for a in legal(state) if a.startswith(f"sail {square} ")}


# -- Ships MUST ... ---------------------------------------------------------------------------
def test_must_attack_all_orthogonally_adjacent_ships_friend_or_foe():
    """ "attack all orthogonally adjacent Ships, friend, or foe, even when multiple Ships are
    involved.\""""
    state = position(blue=["g5", "g2"], green=["f3", "h3"], wind="s", wind_changed=True)
    state = play(state, "sail g5 n 2")
    assert len(legal(state)) == 3
    while state.pending:
        state = play(state, legal(state)[0])
    assert [piece(state, s) for s in ("d3", "j3", "g13")] == [
        ("Green", 2),
        ("Green", 2),
        ("Blue", 2),
    ]


def test_must_decide_the_order_of_attacks():
    """ "decide the order all Ships are attacked, even during a complex attack resulting in
    multiple chain reactions.\""""
    state = play(
        position(blue=["h9", "f12:0"], green=["e11:1"], wind="n", wind_changed=True), "sail h9 sw 2"
    )
    assert SPEC.view(state, None)["decision"] == "which attack next"
    west_first = SPEC.last_lines(play(state, "attack f11 e11"))[0]
    south_first = SPEC.last_lines(play(state, "attack f11 f12"))[0]
    assert "Green E11" in west_first and "Blue F12" in south_first


def test_must_decide_bump_or_sink_for_the_ship_just_attacked():
    """ "decide whether a Treasure Chest is bumped, sunk/run aground on or bumped x-number of
    spaces then sunk/run aground on by the Ship it has just attacked.\""""
    state = position(blue=["c3"], green=["c5"], chests=["c6"], wind="n", wind_changed=True)
    state = play(state, "sail c3 s 1")
    assert legal(state) == ["bump", "sink"]
    bumped = play(state, "bump")
    assert legal(bumped) == ["bump", "sink"]  # one space ahead again, x-number of spaces
    assert piece(play(bumped, "sink", "island b1"), "c7") == ("Green", 2)
    assert piece(play(bumped, "bump"), "c7") == ("Green", 2)
    assert "c8" in chest_squares(play(bumped, "bump"))


def test_must_decide_for_every_ship_of_the_chain():
    """ "decide whether a Treasure Chest is bumped, sunk/run aground on ... by all Ships that
    collide with Treasure Chests in the chain reaction that results from their first attack.\""""
    state = position(blue=["b3"], green=["d3", "f3"], chests=["h3"], wind="w", wind_changed=True)
    state = play(state, "sail b3 e 1")  # C3 blasts D3 to E3, which blasts F3 into the chest
    assert legal(state) == ["bump", "sink"]
    assert SPEC.view(state, None)["decision"] == "bump or stop on the chest"


def test_must_blast_across_the_edge():
    """ "blast other Ships to the opposite side the board when the attacker has sailed
    orthogonal to a Ship which is within on space from edge of the board; so long as no other
    Ship blocks the way on either side on the board.\""""
    state = position(blue=["d3"], green=["a5"], wind="e", wind_changed=True)
    across = play(state, "sail d3 sw 2")  # B5 blasts A5 west: M5 then L5
    assert piece(across, "l5") == ("Green", 2)
    blocked = position(blue=["d3"], green=["a5", "m5"], wind="e", wind_changed=True)
    assert piece(play(blocked, "sail d3 sw 2"), "d5") == ("Blue", 2)  # backfire instead


# -- Ships CAN ... ----------------------------------------------------------------------------
@pytest.mark.parametrize(("masts", "column"), [(3, 1), (1, 0)])
def test_can_sail_to_spaces_allowed_by_the_wind(masts, column):
    """ "sail to spaces allowed by the current Wind Direction." (orange squares for any ship,
    yellow circles only with all 3 masts)"""
    state = position(blue=[f"g3:{masts}"], green=["k11"], wind="e", wind_changed=True)
    far = {}
    for action in sails_of(state, "g3"):
        _, _, d, k = action.split()
        far[d] = max(far.get(d, 0), int(k))
    expected = {
        d: data.REACH_BY_CARD[data.DIRECTIONS.index("e")][i][column]
        for i, d in enumerate(data.DIRECTIONS)
    }
    expected["n"] = min(expected["n"], 2)  # the north edge is 2 rows away
    for d in ("ne", "nw"):
        expected[d] = min(expected[d], 2)
    assert far == expected


def test_can_bump_sink_run_aground_and_claim():
    """ "bump, sink, run aground on and claim Treasure Chests.\""""
    state = position(
        blue=["e3", "g4"], green=["k11"], chests=["f4", "g5", "b1"], wind="w", wind_changed=True
    )
    assert {"sail e3 se 1", "sail e3 se 1 sink"} <= sails_of(state, "e3")  # F4 open water
    assert {"sail g4 s 1", "sail g4 s 1 aground"} <= sails_of(state, "g4")  # G5 Shallows
    state = position(blue=["c2"], green=["k11"], chests=["b1"], wind="w", wind_changed=True)
    assert piece(play(state, "sail c2 nw 1"), "b1") == ("Blue", 3)


def test_can_bump_then_sink_if_enough_spaces():
    """ "bump then sink or run aground on a Treasure Chest in the same turn, so long as there
    are enough spaces available.\""""
    state = position(blue=["b3:2"], green=["k11"], chests=["c3"], wind="n", wind_changed=True)
    assert sails_of(state, "b3") >= {"sail b3 e 1 sink", "sail b3 e 2 sink"}
    assert "sail b3 e 3 sink" not in sails_of(state, "b3")  # orange reach east is 2


def test_can_bump_multiple_chests_in_a_row():
    """ "bump multiple Chests in a row.\""""
    state = position(blue=["b3"], green=["k11"], chests=["c3", "d3"], wind="w", wind_changed=True)
    state = play(state, "sail b3 e 2")
    assert chest_squares(state) == ["e3", "f3"] and piece(state, "d3") == ("Blue", 3)


def test_can_force_a_mast_less_ship_to_run_aground_and_claim():
    """ "force a Ship without Masts, by way of an attack, to bump, run aground on or sink
    Treasure Chests and can even force Ships without Masts to attack other Ships or claim a
    Chest.\""""
    state = position(blue=["d4"], green=["g6:0"], chests=["h6"], wind="w", wind_changed=True)
    state = play(state, "sail d4 se 2")  # F6 blasts G6 east onto the Shallows chest at H6
    assert legal(state) == ["bump", "aground"]
    state = play(state, "aground")
    assert piece(state, "h6") == ("Green", 0) and state.aground(state.ship_at(cell_of("h6")))
    claim = position(
        blue=["b9"], green=["b11:0", "e11:0"], chests=["b13"], wind="s", wind_changed=True
    )
    claim = play(claim, "sail b9 s 1")  # B10 blasts B11 onto Island B13
    assert piece(claim, "b13") == ("Green", 3)
    fight = position(blue=["c6"], green=["e6:0", "h6"], wind="w", wind_changed=True)
    fight = play(fight, "sail c6 e 1")  # D6 blasts E6 to G6, which must attack H6
    assert piece(fight, "g6") == ("Green", 0) and piece(fight, "j6") == ("Green", 2)


def test_can_run_aground_only_with_three_masts():
    """ "run itself aground on a Chest, so long as the Chest is in The Shallows and the Ship has
    all 3 of its Masts.\""""
    three = position(blue=["g3"], green=["k11"], chests=["g5"], wind="n", wind_changed=True)
    two = position(blue=["g3:2"], green=["k11"], chests=["g5"], wind="n", wind_changed=True)
    assert "sail g3 s 2 aground" in sails_of(three, "g3")
    assert not any(a.endswith("aground") for a in sails_of(two, "g3"))


def test_can_dislodge_only_with_three_masts():
    """ "Dislodge itself from being run aground so long as the Ship has all 3 of its Masts.\""""
    three = position(blue=["g5"], green=["k11"], chests=["g5"], wind="n", wind_changed=True)
    two = position(blue=["g5:2"], green=["k11"], chests=["g5"], wind="n", wind_changed=True)
    assert sails_of(three, "g5") and "repair g5" not in legal(three)
    assert not sails_of(two, "g5") and "repair g5" in legal(two)


def test_cannot_run_aground_and_dislodge_in_the_same_turn():
    """ "A Ship with 3 Masts cannot run aground and dislodge itself in the same turn.\""""
    state = position(blue=["g3", "k3:1"], green=["k11"], chests=["g5"], wind="n", wind_changed=True)
    state = play(state, "sail g3 s 2 aground")
    assert not sails_of(state, "g5")


def test_can_attack_across_the_edge():
    """ "attack a Ship off the edge and across to the other side of the board.\""""
    state = position(blue=["f12:0", "h9"], green=["k11"], wind="n", wind_changed=True)
    state = play(state, "sail h9 sw 2")  # F11 blasts F12 south to F13 and on to F1
    assert piece(state, "f1") == ("Blue", 0)


# -- Ships can NOT ... ------------------------------------------------------------------------
def test_cannot_bump_a_chest_into_another_ship():
    """ "bump a Chest into another Ship (either to bump or attack that Ship).\""""
    state = position(blue=["b8"], green=["d8"], chests=["c8"], wind="w", wind_changed=True)
    assert sails_of(state, "b8") & {"sail b8 e 1", "sail b8 e 2"} == set()
    state = play(state, "sail b8 e 1 sink", "island b1")  # C8 then attacks D8 as usual
    assert chest_squares(state) == ["b1"] and piece(state, "f8") == ("Green", 2)


def test_cannot_bump_other_ships():
    """ "bump other Ships.\""""
    state = position(blue=["b3"], green=["d3"], wind="w", wind_changed=True)
    assert {a.split()[3] for a in sails_of(state, "b3") if a.split()[2] == "e"} == {"1"}


def test_cannot_bump_a_chest_across_the_board():
    """ "bump a Treasure Chest to the opposite side of the board.\""""
    state = position(blue=["k3"], green=["c11"], chests=["m3"], wind="w", wind_changed=True)
    assert sails_of(state, "k3") >= {"sail k3 e 1", "sail k3 e 2 sink"}
    assert "sail k3 e 2" not in sails_of(state, "k3")


def test_cannot_attack_chests():
    """ "attack Treasure Chests.\""""
    state = position(blue=["b3"], green=["k11"], chests=["d3"], wind="w", wind_changed=True)
    state = play(state, "sail b3 e 1")
    assert not state.pending and "attacks" not in " ".join(SPEC.last_lines(state))


def test_cannot_attack_diagonally():
    """ "attack other Ships diagonal to themselves.\""""
    state = position(blue=["b3"], green=["d4"], wind="w", wind_changed=True)
    state = play(state, "sail b3 e 1")
    assert piece(state, "d4") == ("Green", 3) and not state.pending


def test_cannot_share_a_space_with_another_ship():
    """ "occupy the same space as any other Ship.\""""
    state = position(blue=["b3"], green=["d3", "b5"], wind="w", wind_changed=True)
    assert not any(a.startswith(("sail b3 e 2", "sail b3 s 2")) for a in legal(state))


def test_cannot_sail_off_the_edge():
    """ "sail off the edge to the other side of the board.\""""
    state = position(blue=["a7"], green=["k11"], wind="e", wind_changed=True)
    assert not any(a.split()[2] in ("w", "nw", "sw") for a in sails_of(state, "a7"))


def test_cannot_attack_across_the_board():
    """ "attack a Ship on the opposite side of the board (even if both Ships are on the edge and
    in line with each other).\""""
    state = position(blue=["b7"], green=["m7"], wind="e", wind_changed=True)
    state = play(state, "sail b7 w 1")
    assert piece(state, "m7") == ("Green", 3) and not state.pending


# -- Treasure Chests can NOT ... --------------------------------------------------------------
def test_chests_cannot_share_a_space():
    """ "occupy the same space as another Treasure Chest" (a chest bumped into a maelstrom
    whose exit holds a chest cannot go)."""
    state = position(blue=["c2"], green=["k11"], chests=["b2", "e5"], wind="e", wind_changed=True)
    assert "sail c2 w 1" not in sails_of(state, "c2")  # B2 -> A2 maelstrom -> E5 taken
    state = position(blue=["c2"], green=["k11"], chests=["b2"], wind="e", wind_changed=True)
    assert chest_squares(play(state, "sail c2 w 1")) == ["e5"]


def test_chests_cannot_attack():
    """ "attack other Chests or Ships.\""""
    state = position(blue=["b3"], green=["e4"], chests=["c3"], wind="w", wind_changed=True)
    state = play(state, "sail b3 e 2")  # the chest ends on E3, next to the ship on E4
    assert piece(state, "e4") == ("Green", 3) and not state.pending


@pytest.mark.parametrize("blocker", ["ship", "island", "edge"])
def test_chests_cannot_bump_when_blocked(blocker):
    """ "bump other Chests when blocked by a Ship, an Island, or the edge of the board.\""""
    ships, chests, sail = {
        "ship": (["f3"], ["d3", "e3"], "sail b3 e 2"),
        "island": (["k11"], ["d3", "c2"], "sail e4 nw 1"),
        "edge": (["k11"], ["l3", "m3"], "sail j3 e 2"),
    }[blocker]
    start = sail.split()[1]
    state = position(blue=[start], green=ships, chests=chests, wind="w", wind_changed=True)
    assert sail not in sails_of(state, start) and f"{sail} sink" in sails_of(state, start)


# -- Turn rules -------------------------------------------------------------------------------
def test_the_wind_changes_exactly_once():
    """ "you must change the Wind Direction once, but only once, during your turn.\""""
    state = position(blue=["b3", "k3:1"], green=["k11"], wind="w")
    assert "change wind" in legal(state) and "end turn" not in legal(state)
    state = play(state, "change wind")
    assert "change wind" not in legal(state)
    assert state.wind != data.DIRECTIONS.index("w")


def test_the_wind_change_is_never_the_last_action():
    """ "changing the Wind Direction cannot be your turn's last action.\""""
    state = position(blue=["b3", "k3:0"], green=["k11"], wind="w")
    state = play(state, "repair k3")
    assert not sails_of(state, "b3")  # the last owed action waits for the wind
    with pytest.raises(IllegalAction):
        SPEC.apply(state, 0, "sail b3 e 1")
    assert SPEC.explain(state, 0, "sail b3 e 1").startswith("Change the wind first")
    state = play(state, "change wind", legal(play(state, "change wind"))[0])
    assert state.active == 1


def test_wind_change_alone_when_nothing_is_owed():
    """Ruling R2: "The wind change may be the last action of a turn only when it is the only
    action of that turn (nothing owed, nothing done).\""""
    state = position(blue=["b1"], green=["k11"], chests=["b1"], wind="w")
    assert sorted(legal(state)) == ["change wind"]
    assert "end turn" in legal(play(state, "change wind"))


def test_three_mast_ships_must_sail_and_zero_mast_ships_must_repair():
    """ "All Ships-at-sea* with all 3 Masts must sail. Conversely, all Ships-at-sea* missing all
    their Masts must repair.\""""
    state = position(blue=["b3", "k3:0", "g11:2"], green=["k11"], wind="w", wind_changed=True)
    assert "repair b3" not in legal(state) and sails_of(state, "b3")
    assert "repair k3" in legal(state) and not sails_of(state, "k3")
    assert "repair g11" in legal(state) and sails_of(state, "g11")
    assert "end turn" not in legal(state)
    state = play(state, "repair k3", "repair g11")
    assert "end turn" not in legal(state)  # B3 still owes its sail


def test_one_action_per_ship_per_turn():
    """ "You can either sail or repair a Mast, but you cannot do both in a single turn for any
    given Ship. Only one Mast repair per Ship per turn is allowed.\""""
    state = position(blue=["b3:1", "k3:1"], green=["k11"], wind="w", wind_changed=True)
    state = play(state, "repair b3")
    assert "repair b3" not in legal(state) and not sails_of(state, "b3")


def test_ships_in_port_need_not_act_and_abandon_when_they_sail():
    """ "Ships-in-port no longer need to sail or repair for the rest of the game. But they can
    ... Of course, this means the Treasure it had claimed is once again available\""""
    state = position(blue=["b1", "k3:0"], green=["k11"], chests=["b1"], wind="w", wind_changed=True)
    state = play(state, "repair k3")
    assert "end turn" in legal(state) and sails_of(state, "b1")
    state = play(state, "sail b1 e 1")
    assert chest_squares(state) == ["b1"] and "abandoning" in SPEC.last_lines(state)[0]


def test_maelstrom_moves_a_ship_to_its_exit_and_ends_its_turn():
    """ "when a Ship enters a Maelstrom, the Ship is at once transported to the Maelstrom's exit
    space. ... If another Ship occupies the Maelstrom's exit space, then the active Ship may not
    enter the Maelstrom at all\""""
    state = position(blue=["c2"], green=["k11"], wind="e", wind_changed=True)
    assert piece(play(state, "sail c2 w 2"), "e5") == ("Blue", 3)
    blocked = position(blue=["c2"], green=["e5"], wind="e", wind_changed=True)
    assert "sail c2 w 2" not in legal(blocked)


def test_maelstrom_exit_chest_is_sunk():
    """ "If a Treasure Chest occupies the Maelstrom's exit space, then the Ship traversing the
    Maelstrom must sink that Chest and whichever Fleet started this maneuver must decide on which
    Island to place the Chest.\""""
    state = position(blue=["c2"], green=["k11"], chests=["e5"], wind="e", wind_changed=True)
    state = play(state, "sail c2 w 2")
    assert sorted(legal(state)) == ["island b1", "island b13", "island l1", "island l13"]


def test_win_with_chests_on_two_islands():
    """ "The first player to successfully claim two Treasure Chests on two different Islands
    wins the game.\""""
    state = position(
        blue=["b1", "k2"], green=["g11"], chests=["b1", "l1"], wind="w", wind_changed=True
    )
    state = play(state, "sail k2 ne 1")
    assert SPEC.outcome(state).winners == [0] and SPEC.to_act(state) == []


@pytest.mark.parametrize("source", ["cards", "die"])
def test_wind_sources(source):
    """ "Changing the Wind is as simple as drawing a new card or rolling the Wind Direction
    dice." With the die a repeat is re-rolled (A2); the deck reshuffles all but the current
    card (A3)."""
    state = SPEC.apply(SPEC.new(2, 5, {"wind": source}), 1, "wind n")
    winds = [state.wind]
    for _ in range(20):
        rules.change_wind(state)
        assert state.wind != winds[-1]
        winds.append(state.wind)
    assert len(set(winds)) > 3
    if source == "cards":
        assert len(state.pile) + len(state.discard) == 7


def test_game_ends_at_the_turn_cap():
    """Ruling G2: "Optional turn cap (e.g. 300 full turns) → draw.\""""
    state = position(
        blue=["b3"], green=["k11"], wind="w", wind_changed=True, options={"turn_cap": 100}
    )
    state.turn = 200  # Blue's half of the 100th full turn
    state = play(state, legal(state)[0])  # its last owed action ends the turn by itself
    assert SPEC.outcome(state).winners == [] and "100 full turns" in SPEC.outcome(state).reason


def test_the_view_remembers_which_ships_have_acted():
    """ "What if I am having trouble remembering which Ships have sailed and which have not?"
    The view marks each ship that has sailed or repaired this turn (the picture's white dot)."""
    state = play(
        position(blue=["b3", "k3:1"], green=["k11"], wind="w", wind_changed=True), "repair k3"
    )
    acted = {s["square"]: s["acted"] for s in SPEC.view(state, None)["ships"]}
    assert acted == {"b3": False, "k3": True, "k11": False}
