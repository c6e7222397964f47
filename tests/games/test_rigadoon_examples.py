"""The rulebook's worked examples and "What if" answers, placed on our board (rulings R5, R6)."""

from __future__ import annotations

import pytest

from games.rigadoon import SPEC
from games.rigadoon.position import chest_squares, piece, play, position
from games.rigadoon.rules import cell_of


def legal(state) -> list[str]:
    return SPEC.legal_actions(state, state.active)


def resolve_attacks(state, pick: int = 0):
    """Take the ``pick``-th listed attack while the chain asks which attack comes next."""
    while legal(state) and all(a.startswith("attack") for a in legal(state)):
        state = play(state, legal(state)[min(pick, len(legal(state)) - 1)])
    return state


# -- Examples ---------------------------------------------------------------------------------
def test_basic_sailing():
    """ "one of the yellow circles is on an Island space. Since there is no Treasure Chest on that
    Island this Ship cannot sail to that space. Also notice how the southernmost space with a
    yellow circle is off the edge of the board. Ships cannot sail off the edge of the board.\""""
    state = position(green=["e10"], wind="n", active="Green", wind_changed=True)
    actions = legal(state)
    assert "sail e10 sw 2" in actions and "sail e10 sw 3" not in actions  # Island B13
    assert "sail e10 s 3" in actions and "sail e10 s 4" not in actions  # off the board
    assert {
        "sail e10 n 2",
        "sail e10 ne 2",
        "sail e10 e 3",
        "sail e10 se 3",
        "sail e10 w 3",
        "sail e10 nw 2",
    } <= set(actions)
    assert "sail e10 n 3" not in actions and "sail e10 e 4" not in actions


def test_basic_chest_bumping():
    """ "if it bumps this Chest 2 spaces east it can sink the Chest on the 3rd space.
    Maneuvering this way will allow this Ship to attack its own Zero-Mast Ship, blasting it 2
    spaces south where it will sink yet another Chest.\""""
    state = position(
        green=["h7:1", "k8:0"], chests=["i7", "k10"], wind="w", active="Green", wind_changed=True
    )
    assert {"sail h7 e 1", "sail h7 e 2", "sail h7 e 3 sink"} <= set(legal(state))
    state = play(state, "sail h7 e 3 sink", "island l1")
    assert legal(state) == ["bump", "sink"]  # the blasted ship reaches the chest at K10
    state = play(state, "sink", "island b1")
    assert piece(state, "k7") == ("Green", 1)
    assert piece(state, "k10") == ("Green", 0)
    assert chest_squares(state) == ["b1", "l1"]


@pytest.mark.parametrize("first", [0, 1])
def test_basic_attack(first):
    """ "Ship will lose its 1 remaining Mast in this attack. Ship must be blasted away 2 spaces as
    well, but there is only one space between it and the edge of the board. In this case, Ship
    is blasted 1 space south and is then blasted off the edge and across to the other side of
    the board. It will stop on the northern most space in this column.\""""
    state = position(blue=["h9", "f12:0"], green=["e11:1"], wind="n", wind_changed=True)
    state = play(state, "sail h9 sw 2")
    assert sorted(legal(state)) == ["attack f11 e11", "attack f11 f12"]
    state = resolve_attacks(state, first)
    assert piece(state, "f11") == ("Blue", 3)
    assert piece(state, "c11") == ("Green", 0)
    assert piece(state, "f1") == ("Blue", 0)
    assert "across the edge" in SPEC.describe(None, 0, "", state)


def test_claiming_a_chest():
    """ "Ship sails south and attacks Ship, ... This will blast Ship right on top of the Chest.
    Notice that Ship now has all its Masts instantly repaired. ... If Ship decided, it could sail
    again, moving one space North which would blast the only Blue Ship in this scene, costing it
    its 1 remaining Mast.\""""
    state = position(
        blue=["c12:1"],
        green=["b9", "b11:0"],
        chests=["b13"],
        wind="s",
        active="Green",
        wind_changed=True,
    )
    state = play(state, "sail b9 s 1")
    assert piece(state, "b13") == ("Green", 3)
    assert state.in_port(state.ship_at(cell_of("b13")))
    assert "sail b13 n 1" in legal(state) and "end turn" in legal(state)
    state = play(state, "sail b13 n 1")
    assert piece(state, "e12") == ("Blue", 0)
    assert chest_squares(state) == ["b13"]  # abandoned, claimable again


THOUSAND = {
    "blue": ["h6", "k10:0", "h9:2", "k13:2"],
    "green": ["j9", "g4", "i4", "m13:2"],
    "chests": ["k2", "k4", "e10", "l13"],
    "wind": "nw",
}


@pytest.mark.parametrize("first", [0, 1])
def test_a_thousand_words_steps_1_to_5(first):
    """Step 1-3: "The 3-Mast Blue Ship sails 3 spaces southeast where it can attack both the
    Green Ship to its west, and the Zero-Mast Blue Ship to its south. The order these are
    attacked is up to the Ship which sailed into position." ... "Ship is blasted off the edge and
    across to the other side of the board. ... Ship winds up on top of a Chest. Since this is in
    Open Water, sinks the Chest but the Blue Fleet decides which island".
    Step 4: "sail southwest, bumping the Chest one space, then sinking that Chest in the 2nd
    space". Step 5: "sail Ship northeast one space where it weighs anchor and claims the Chest".
    """
    state = position(**THOUSAND)
    state = play(state, "sail h6 se 3")
    assert sorted(legal(state)) == ["attack k9 j9", "attack k9 k10"]
    state = resolve_attacks(state, first)
    assert legal(state) == ["bump", "sink"]  # Y reaches the chest at K2 after the wrap
    state = play(state, "sink")
    assert sorted(legal(state)) == ["island b1", "island b13", "island l1"]
    state = resolve_attacks(play(state, "island l1"), first)
    assert piece(state, "k9") == ("Blue", 3)
    assert piece(state, "i9") == ("Green", 2)  # G1 stopped by X after one space
    assert piece(state, "f9") == ("Blue", 1)  # X
    assert piece(state, "k12") == ("Blue", 0)  # B0
    assert piece(state, "k2") == ("Blue", 1)  # Y, wrapped K13 -> K1 -> K2
    assert chest_squares(state) == ["e10", "k4", "l1", "l13"]
    # Step 4
    state = play(state, "sail f9 sw 2 sink")
    assert sorted(legal(state)) == ["island b1", "island b13"]
    state = play(state, "island b13")
    assert piece(state, "d11") == ("Blue", 1)
    assert chest_squares(state) == ["b13", "k4", "l1", "l13"]
    # Step 5: "the Wind Direction card suggests otherwise" for the 2nd NE space
    assert "sail k2 ne 1" in legal(state) and "sail k2 ne 2" not in legal(state)
    state = play(state, "sail k2 ne 1")
    assert piece(state, "l1") == ("Blue", 3) and state.in_port(state.ship_at(cell_of("l1")))
    # "this Fleet will save that until just prior to its last action": repair B0 last
    assert "repair k12" not in legal(state)
    state = play(state, "change wind", "repair k12")
    assert state.active == 1  # nothing left for Blue: the turn passed to Green


def test_a_thousand_words_option_1():
    """ "If this Ship sails southwest to the space, it will have access to the Chest 1 space
    south of the space, but will have to wait until its next turn to sink this Chest.\""""
    state = play(position(**THOUSAND), "sail h6 sw 3")
    assert piece(state, "e9") == ("Blue", 3) and "e10" in chest_squares(state)
    assert not state.pending


def test_a_thousand_words_option_2():
    """ "If this Ship sails northeast to the space it will attack the Green Ship just west of the
    space, which will wind up attacking its own Ship, that Green Ship further west in this row.\""""
    state = play(position(**THOUSAND), "sail h6 ne 2")
    assert piece(state, "j4") == ("Blue", 3)
    assert piece(state, "h4") == ("Green", 2) and piece(state, "e4") == ("Green", 2)


def test_a_thousand_words_option_3():
    """ "If this Ship sails northwest to the space, it will attack the Green Ship 1 space east of
    the space, which will then attack the Green Ship further east in that row. That Ship will
    then bump or sink a Chest.\""""
    state = play(position(**THOUSAND), "sail h6 nw 2")
    assert legal(state) == ["bump", "sink"]
    sunk = play(state, "sink")
    assert piece(sunk, "k4") == ("Green", 2) and piece(sunk, "h4") == ("Green", 2)
    assert sorted(legal(sunk)) == ["island b1", "island b13", "island l1"]  # Blue decides
    bumped = play(state, "bump")
    assert piece(bumped, "k4") == ("Green", 2) and "l4" in chest_squares(bumped)


# -- What if ----------------------------------------------------------------------------------
def test_what_if_several_ships_attacked():
    """ "What if I sail or blast one of my own Ships orthogonal to multiple Ships? Your Ship must
    then attack each of these Ships in any order you decide.\""""
    state = position(blue=["g5", "g2"], green=["f3", "h3"], wind="s", wind_changed=True)
    state = play(state, "sail g5 n 2")
    assert sorted(legal(state)) == ["attack g3 f3", "attack g3 g2", "attack g3 h3"]
    state = resolve_attacks(state, 2)
    assert [piece(state, s) for s in ("d3", "j3", "g13")] == [
        ("Green", 2),
        ("Green", 2),
        ("Blue", 2),
    ]


TWO_CHAINS = {
    "blue": ["g5:1", "d4", "j2"],
    "green": ["f3", "h3", "d2", "j4"],
    "wind": "s",
    "wind_changed": True,
}


def test_what_if_two_chains_at_once():
    """ "What if 2 Ships I attack in a single attack are both blasted orthogonal to 2 other pairs
    of Ships, each? You now have 4 Ships to attack. These attacks can take place in any order
    you decide.\""""
    state = play(position(**TWO_CHAINS), "sail g5 n 2", "attack g3 f3", "attack g3 h3")
    assert sorted(legal(state)) == ["attack d3 d2", "attack d3 d4", "attack j3 j2", "attack j3 j4"]
    state = resolve_attacks(state, 3)
    assert [piece(state, s) for s in ("d13", "d6", "j13", "j6")] == [
        ("Green", 2),
        ("Blue", 2),
        ("Blue", 2),
        ("Green", 2),
    ]


def test_rigadoon_bonus():
    """ "a Rigadoon is a rare maneuver where a single attack from one of your Ships sets off a
    chain of attacks resulting in the attack of all 4 of your opponent's Ships. ... the Ship that
    set off this chain reaction will at once regain all its Masts and may sail a second time
    that turn.\""""
    state = resolve_attacks(play(position(**TWO_CHAINS), "sail g5 n 2"))
    assert piece(state, "g3") == ("Blue", 3)
    assert any(a.startswith("sail g3 ") for a in legal(state))
    state = play(state, "sail g3 s 1")
    assert not any(a.startswith("sail g4 ") for a in legal(state))  # only one bonus sail


#: Game 121 of ``parley arena rigadoon --a ai:normal --b ai:easy --seed 0``: Green's ship sails
#: F8 <-> F9, each sail a Rigadoon against Blue's four wrecks lined up in column F.
TO_AND_FRO_SEED = 1506971041
TO_AND_FRO = [
    (1, "wind nw"),
    (0, "sail e3 se 3"),
    (0, "sail k5 sw 3"),
    (0, "sail c9 ne 3"),
    (0, "change wind"),
    (0, "sail i11 w 3"),
    (1, "sail c5 se 3"),
    (1, "sail k9 w 3"),
    (1, "sail i3 s 4"),
    (1, "aground"),
    (1, "attack f7 f8"),
    (1, "attack f7 f6"),
    (1, "change wind"),
    (1, "sail c11 ne 3"),
    (0, "repair f5"),
    (0, "repair f2"),
    (0, "repair h4"),
    (0, "change wind"),
    (0, "repair f13"),
    (1, "sail f8 e 3"),
    (1, "sail i5 n 1"),
    (1, "bump"),
    (1, "sail f10 s 2"),
    (1, "bump"),
    (1, "bump"),
    (1, "sail f12 n 2 sink"),
    (1, "island l1"),
    (1, "sail f10 n 2"),
    (1, "sail f8 s 1"),
    (1, "sail f9 ne 3"),
    (1, "change wind"),
    (1, "sail h9 sw 2"),
    (1, "sail f11 n 1"),
    (1, "sail f10 n 2"),
    (1, "sail f8 s 1"),
    (1, "sail f9 n 1"),
]


def test_rigadoon_bonuses_chain_but_not_in_a_circle():
    """ "the Ship that set off this chain reaction will at once regain all its Masts and may
    sail a second time that turn", and a bonus sail may earn another (ruling F2, "Bonuses can
    chain"). Our ruling (games/rigadoon/spec.py): a Rigadoon that leaves the board as an
    earlier Rigadoon of the same turn left it restores the masts and gives no bonus sail, so
    the turn ends. The arena's game went round F8 <-> F9 until it was stopped."""
    state = SPEC.new(2, TO_AND_FRO_SEED)
    for seat, action in TO_AND_FRO[:-1]:
        state = SPEC.apply(state, seat, action)
    assert state.active == 1 and state.bonus  # the sail to F9 was a Rigadoon with its bonus
    assert TO_AND_FRO[-1] == (1, "sail f9 n 1") and "sail f9 n 1" in legal(state)
    state = SPEC.apply(state, 1, "sail f9 n 1")  # a Rigadoon again, back to an earlier board
    said = [entry["text"] for entry in state.narration]
    assert any(text.startswith("Rigadoon!") and "sails no more" in text for text in said)
    assert piece(state, "f8") == ("Green", 3)  # its masts restored all the same
    assert state.active == 0 and state.turn == 5  # nothing left to do: Green's turn ended


def test_what_if_mast_less_ship_attacked():
    """ "What if a Ship I have attacked does not have any Masts to lose? The attacked Ship is
    still blasted away 2 spaces but suffers no other penalty.\" and \"The Ship without Masts
    still has its cannons and therefore must attack the Ship it just landed orthogonally next
    to.\""""
    state = position(blue=["c5"], green=["e5:0", "h5:2"], wind="w", wind_changed=True)
    state = play(state, "sail c5 e 1")  # D5 attacks E5, blasted to G5 next to H5
    assert piece(state, "g5") == ("Green", 0)
    assert piece(state, "j5") == ("Green", 1)  # the mast-less ship attacked H5


def test_what_if_attack_own_ship_and_sail_it_later():
    """ "What if I attack one of my own Ships during my turn? Does the attacked Ship still get to
    take its turn? Yes, provided it has not already done so.\""""
    state = position(blue=["c5", "e5:2"], green=["k11"], wind="w")
    state = play(state, "sail c5 e 1")
    assert piece(state, "g5") == ("Blue", 1)
    state = play(state, "change wind")
    assert any(a.startswith("sail g5 ") for a in legal(state))
    state = play(state, "sail g5 s 1")
    assert piece(state, "g6") == ("Blue", 1)


def test_what_if_blast_an_opponent_into_a_chest():
    """ "What if I blast an opponent's Ship and in doing so force it to sink a Treasure Chest? Do
    I get to decide which Island that Chest washes up on? Yes.\""""
    state = position(blue=["c3"], green=["c5"], chests=["c7", "b1"], wind="n", wind_changed=True)
    state = play(state, "sail c3 s 1")  # C4 blasts C5 south onto the chest at C7
    assert legal(state) == ["bump", "sink"]
    state = play(state, "sink")
    assert state.active == 0 and sorted(legal(state)) == ["island b13", "island l1", "island l13"]
    assert "Blue washes it up" in " ".join(SPEC.last_lines(play(state, "island l13")))


def test_what_if_backfire_by_an_island():
    """ "What if I try to blast a Ship but that Ship is blocked from being blasted away even 1
    space by an Island ... The attack backfires. ... blasting that Ship 2 spaces away from that
    2nd attack. In the end, both Ships lose 1 Mast.\""""
    state = position(blue=["b6"], green=["b2"], wind="s", wind_changed=True)
    state = play(state, "sail b6 n 3")
    assert piece(state, "b2") == ("Green", 2)
    assert piece(state, "b5") == ("Blue", 2)
    assert "backfires" in " ".join(SPEC.last_lines(state))


def test_what_if_backfire_by_a_blocked_far_edge():
    """ "... or by a Ship blocking the edge space on the opposite side of the board? The attack
    backfires.\""""
    state = position(blue=["b8"], green=["a6", "m6"], wind="s", wind_changed=True)
    state = play(state, "sail b8 n 2")
    assert piece(state, "a6") == ("Green", 2) and piece(state, "m6") == ("Green", 3)
    assert piece(state, "d6") == ("Blue", 2)


def test_what_if_bump_a_chest_into_a_ship():
    """ "What if I bump a Treasure Chest into a Ship? Nothing happens. You cannot force a Chest
    under a Ship whether in The Shallows or Open Water.\""""
    state = position(
        blue=["b8", "d6:2"], green=["d8", "f6"], chests=["c8", "e6"], wind="w", wind_changed=True
    )
    actions = legal(state)
    assert "sail b8 e 1 sink" in actions
    assert "sail b8 e 1" not in actions and "sail b8 e 2" not in actions
    assert not any(a.startswith("sail d6 e ") for a in actions)  # Shallows, fewer than 3 masts


def test_what_if_three_ships_in_a_row_one_blocked():
    """ "Whichever Ship the attacker decides to attack first will result in a backfire. The
    result of this attack is that the unblocked Ship is blasted 4 spaces away from the attacker
    and loses 2 Masts. The attacker is blasted 2 spaces away from the Ship blocked by an Island
    and loses 1 Mast. The Ship blocked by the Island does not sail at all but also loses a
    Mast.\""""
    state = position(blue=["j3"], green=["i1", "k1"], wind="s", wind_changed=True)
    state = play(state, "sail j3 n 2")
    assert piece(state, "e1") == ("Green", 1)  # I1 -> E1: 4 spaces, 2 masts
    assert piece(state, "h1") == ("Blue", 2)  # J1 -> H1
    assert piece(state, "k1") == ("Green", 2)  # never moves
    assert state.outcome is None


@pytest.mark.parametrize("first", [0, 1])
def test_what_if_infinite_loop(first):
    """ "What if I cause an infinite loop of attacks? You lose the game." and "attacks backfire
    at both edge spaces of this row or column of spaces. Whichever Fleet caused the infinite
    loop, in other words whose ever turn it is when the infinite loop occurs, at once loses the
    game.\""""
    state = position(blue=["b8"], green=["a6", "m6", "c6", "d6"], wind="s", wind_changed=True)
    state = play(state, "sail b8 n 2", legal(play(state, "sail b8 n 2"))[first])
    assert SPEC.outcome(state).winners == [1]
    assert SPEC.to_act(state) == []


def test_infinite_loop_softened_by_the_option():
    """Ruling C8 [cfg] `stop`: "a second backfire simply ends with both ships in place and 1
    mast lost each"."""
    state = position(
        blue=["b8"],
        green=["a6", "m6", "c6", "d6"],
        wind="s",
        wind_changed=True,
        options={"double_backfire": "stop"},
    )
    state = resolve_attacks(play(state, "sail b8 n 2"))
    assert state.outcome is None
    assert piece(state, "b6") == ("Blue", 1)
    assert piece(state, "a6") == ("Green", 2) and piece(state, "c6") == ("Green", 2)


@pytest.mark.parametrize(
    ("choice", "ship_at", "chests"),
    [
        ("aground", "h6", ["g6", "h6"]),
        ("bump", "i6", ["g6", "i6"]),
    ],
)
def test_what_if_attacked_while_aground_with_a_chest_in_the_way(choice, ship_at, chests):
    """ "What if while run aground on a Treasure Chest I am attacked but a Treasure Chest blocks
    the way from my being blasted two spaces? Whichever Fleet started the attack ... gets to
    decide whether you bump that second Treasure Chest or are instead run aground again on that
    second Chest.\""""
    state = position(blue=["f8"], green=["g6:2"], chests=["g6", "h6"], wind="s", wind_changed=True)
    state = play(state, "sail f8 n 2")
    assert legal(state) == ["bump", "aground"]
    state = play(state, choice)
    if choice == "bump":  # the chest is now on I6, one space ahead again
        assert legal(state) == ["bump", "aground"]
        state = play(state, "aground")
    assert piece(state, ship_at) == ("Green", 1)
    assert chest_squares(state) == chests
    assert state.aground(state.ship_at(cell_of(ship_at)))
