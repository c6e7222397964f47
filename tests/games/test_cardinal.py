"""Cardinal scenario tests: each quotes the rulebook (cardinal.txt) or ruling it checks."""

from __future__ import annotations

import pytest

from games import REGISTRY, IllegalAction
from games.cardinal.rules import crowded_squares
from games.cardinal.state import CardinalState

SPEC = REGISTRY["cardinal"]
O, G = 0, 1  # noqa: E741 - the rulings draw Orange as O


def position(
    ships: dict[str, int], pirate: str | None = None, turn: int = O, **options: str
) -> CardinalState:
    """The rulings' diagrams: ``{"b2": G, "b4": O}`` and the pirate's square."""
    return SPEC.position(
        orange=[s for s, o in ships.items() if o == O],
        green=[s for s, o in ships.items() if o == G],
        pirate=pirate,
        to_move=turn,
        **options,
    )


def test_players_place_one_ship_on_any_empty_square_in_turn():
    """ "Players take turns placing 1 of their ships on any empty square on the board." """
    state = SPEC.new(2, 1, {"first": "green"})
    assert SPEC.to_act(state) == [G]
    assert len(SPEC.legal_actions(state, G)) == 25
    assert SPEC.legal_actions(state, O) == []
    state = SPEC.apply(state, G, "place c3")
    assert state.ships == {"c3": G}
    assert SPEC.to_act(state) == [O]
    assert "place c3" not in SPEC.legal_actions(state, O)
    with pytest.raises(IllegalAction):
        SPEC.apply(state, O, "place c3")
    assert "already holds a ship" in SPEC.explain(state, O, "place c3")


def test_crowded_means_four_ships_around_an_empty_square_diagonals_included():
    """ "If 4 or more ships are adjacent orthogonally (left, right, up, or down) or diagonally to
    an empty square, then that square has been crowded." """
    state = position({"b2": O, "d2": G, "b4": O})
    assert crowded_squares(state) == []
    state.ships["d4"] = G  # four diagonal neighbours of c3
    assert crowded_squares(state) == ["c3"]


def test_the_pirate_does_not_count_in_a_crowd():
    """ "**Do NOT count the pirate in ship crowds! Only count the players ships.**" """
    state = position({"b2": G, "c2": G, "d2": G}, pirate="c4", turn=O)
    state = SPEC.apply(state, O, "place a1")
    assert "c3" not in crowded_squares(state)  # three ships and the pirate around c3
    assert state.pirate == "c4"


def test_example_1_a_simple_summon():
    """Rulings Example 1: "Green has b2, c2 and d2. Orange places b4. Square c3 now has 4 ships
    around it ... so the pirate is summoned." and "pirate on c3 removes c2 (Green)"."""
    state = position({"b2": G, "c2": G, "d2": G})
    after = SPEC.apply(state, O, "place b4")
    assert after.pirate == "c3"
    assert after.ships == {"b2": G, "d2": G, "b4": O}
    assert after.last_move["removed"] == [["c2", G]]
    assert SPEC.to_act(after) == [G]
    assert SPEC.describe(state, O, "place b4", after) == (
        "Orange places a ship on B4. The pirate sails to C3. Sent home: Green C2."
    )
    # "Afterwards nobody may place on b3, d3, c4 or c2."
    legal = SPEC.legal_actions(after, G)
    for square in ("b3", "d3", "c4", "c2", "c3"):
        assert f"place {square}" not in legal


def test_example_2_any_crowded_square_may_take_the_pirate():
    """ "If more than 1 square is crowded, the active player chooses where to place the pirate."
    and "It does not have to be a square adjacent to the newly placed ship." (rulings Example 2:
    "Orange may pick b4 or b2, even though b2 is nowhere near c5.")"""
    ships = {"c4": G, "d4": O, "e4": G, "a3": G, "c3": O, "b1": G, "c1": G}
    state = position(ships, pirate="a5")
    after = SPEC.apply(state, O, "place c5")
    assert sorted(SPEC.legal_actions(after, O)) == [
        "pirate b2",
        "pirate b4",
        "pirate d3",
        "pirate d5",
    ]
    assert SPEC.to_act(after) == [O]
    b2 = SPEC.apply(after, O, "pirate b2")
    assert b2.pirate == "b2" and "b1" not in b2.ships and b2.last_move["removed"] == [["b1", G]]
    d5 = SPEC.apply(after, O, "pirate d5")
    assert {"d4", "c5"}.isdisjoint(d5.ships)


def test_option_b_limits_the_pirate_to_crowds_the_new_ship_touches():
    """Ruling K1: "Keep B behind a flag" (only crowded squares touching the new ship)."""
    ships = {"c4": G, "d4": O, "e4": G, "a3": G, "c3": O, "b1": G, "c1": G}
    state = position(ships, pirate="a5", pirate_squares="touching")
    after = SPEC.apply(state, O, "place c5")
    assert sorted(SPEC.legal_actions(after, O)) == ["pirate b4", "pirate d5"]


def test_crowds_that_do_not_touch_the_new_ship_do_not_summon():
    """ "If your newly placed ship is part of a crowd of ships, you have summoned the pirate!"
    (ruling K2: earlier crowds do not trigger a summon)."""
    state = position({"b2": G, "c2": G, "d2": G, "b4": O})
    state.pirate = "e5"
    after = SPEC.apply(state, O, "place a5")
    assert after.pirate == "e5"
    assert "c3" in crowded_squares(after)


def test_the_pirate_moves_when_already_on_the_board_and_removes_orthogonal_ships_only():
    """ "If the pirate is already on the board, then it moves to the new location." and
    "remove any of their ships from the board that are orthogonally adjacent to the pirate
    (not diagonally)"."""
    state = position({"b2": G, "c2": G, "d2": G, "d4": G}, pirate="e1")
    after = SPEC.apply(state, O, "place b4")
    assert after.pirate == "c3"
    assert "d4" in after.ships and "b2" in after.ships and "d2" in after.ships  # diagonals stay
    assert "c2" not in after.ships
    assert after.last_move["pirate_from"] == "e1"


def test_removed_ships_return_to_their_owner_and_can_be_placed_again():
    """ "These ships go back into their owners and must be placed again on later turns." """
    state = position({"b2": G, "c2": G, "d2": G})
    after = SPEC.apply(state, O, "place b4")
    assert SPEC.view(after, None)["supply"] == [4, 3]


def test_the_new_ship_itself_can_be_removed():
    """Ruling K5: "Removed regardless of colour, including the new ship." """
    state = position({"b2": G, "d2": G, "b4": G})
    after = SPEC.apply(state, O, "place c2")
    assert after.pirate == "c3" and "c2" not in after.ships


def test_no_ship_may_be_placed_orthogonally_next_to_the_pirate():
    """ "Players may not place a ship on a square orthogonally adjacent to the pirate." """
    state = position({}, pirate="c3")
    legal = SPEC.legal_actions(state, O)
    assert "place b2" in legal  # diagonal is fine
    for square in ("c4", "c2", "b3", "d3", "c3"):
        assert f"place {square}" not in legal
    with pytest.raises(IllegalAction):
        SPEC.apply(state, O, "place c4")
    assert "pirate's influence" in SPEC.explain(state, O, "place c4")


def test_a_square_next_to_the_pirate_can_still_be_crowded():
    """Ruling K3: "Is a square orthogonally adjacent to the pirate 'empty' for crowding
    purposes? Yes." """
    state = position({"a1": O, "b1": G, "c1": O}, pirate="b3")
    state.ships["c3"] = G
    assert "b2" in crowded_squares(state)


def test_placing_onto_a_crowded_square_is_allowed():
    """Ruling K6: "Placing directly onto a crowded square. Allowed. It un-crowds that square." """
    state = position({"b2": G, "d2": G, "b4": G, "d4": O}, pirate="a5")
    assert "place c3" in SPEC.legal_actions(state, O)
    after = SPEC.apply(state, O, "place c3")
    assert "c3" in after.ships


def test_all_five_ships_on_the_board_at_the_end_of_the_turn_wins():
    """ "At the end of a player's turn (after summoning the pirate if needed), if they have all 5
    of their ships on the board, they win the game!" """
    state = position({"a1": O, "a3": O, "a5": O, "e1": O, "b5": G})
    after = SPEC.apply(state, O, "place e5")
    outcome = SPEC.outcome(after)
    assert outcome.winners == [O]
    assert SPEC.to_act(after) == []
    with pytest.raises(IllegalAction, match="over"):
        SPEC.apply(after, G, "place c3")


def test_placing_the_last_ship_and_losing_one_to_the_pirate_is_no_win():
    """ "If you place your last ship and the pirate removes one, you have not won. All your ships
    must be safe before victory." (rulings Example 3)"""
    state = position({"b2": O, "c2": O, "d2": O, "e5": O, "a5": G})
    after = SPEC.apply(state, O, "place b4")
    assert after.pirate == "c3" and "c2" not in after.ships
    assert SPEC.outcome(after) is None
    assert SPEC.to_act(after) == [G]


def test_the_win_waits_for_the_pirate_choice():
    """ "You must complete all effects of the pirate before checking for a winner." """
    ships = {"c4": G, "d4": O, "e4": G, "a3": G, "c3": O, "e1": O, "e2": O}
    state = position(ships, pirate="a5")
    after = SPEC.apply(state, O, "place c5")
    assert SPEC.outcome(after) is None and SPEC.to_act(after) == [O]
    assert SPEC.outcome(SPEC.apply(after, O, "pirate b4")).winners == [O]  # removes only Green
    assert SPEC.outcome(SPEC.apply(after, O, "pirate d5")) is None  # removes Orange d4, c5


def test_a_legal_square_always_exists_on_every_offered_board():
    """Ruling K7 ("No legal placement available (only possible on very small boards)") cannot
    arise: even with 8 ships and the pirate's influence, free squares remain."""
    for board in ("4x4", "5x5"):
        state = position(
            {"a1": O, "b1": O, "c1": O, "d1": O, "a4": G, "b4": G, "c4": G, "d4": G},
            pirate="b3",
            board=board,
        )
        assert SPEC.legal_actions(state, O)


def test_the_200th_ply_is_a_draw():
    """Ruling K8: "Draw after 3-fold repetition or a 200-ply cap." """
    state = position({})
    state.ply = 199
    after = SPEC.apply(state, O, "place a1")
    assert SPEC.outcome(after).winners == []
    assert "200" in SPEC.outcome(after).reason


def test_first_player_option_and_coin_flip():
    """Ruling K9: "'Most recent loser of Cardinal', otherwise a coin flip. Expose it as a
    setting." """
    assert SPEC.to_act(SPEC.new(2, 5, {"first": "green"})) == [G]
    assert SPEC.to_act(SPEC.new(2, 5, {"first": "orange"})) == [O]
    firsts = {SPEC.to_act(SPEC.new(2, seed))[0] for seed in range(20)}
    assert firsts == {O, G}
    with pytest.raises(IllegalAction, match="must be one of"):
        SPEC.new(2, 1, {"first": "purple"})


def test_compass_board_has_no_corners():
    """Rulings §2.2: "the 21-cell 'compass' shape (5×5 minus the four corners)"."""
    state = SPEC.new(2, 1, {"board": "compass", "first": "orange"})
    legal = SPEC.legal_actions(state, O)
    assert len(legal) == 21 and "place a1" not in legal


@pytest.mark.parametrize("players", [1, 3])
def test_cardinal_is_for_two_players_only(players: int):
    """ "Rules 2-Players — ~10 min" (cardinal.txt): ``new`` refuses any other count, as every
    game does (issue 13's audit found 1 and 3 accepted)."""
    with pytest.raises(IllegalAction, match="Cardinal takes 2 players, not"):
        SPEC.new(players, 0)
    assert SPEC.to_act(SPEC.new(2, 0)) in ([O], [G])


def test_cardinal_follows_the_one_pattern():
    """Issue 11: the spec is `CardinalSpec` and the state `CardinalState` (was `Cardinal`)."""
    assert type(SPEC).__name__ == "CardinalSpec" and SPEC.state_type is CardinalState
    assert isinstance(SPEC.new(2, 0), CardinalState)
