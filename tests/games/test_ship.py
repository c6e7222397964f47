"""Scenario tests for Ship, built from the rulebook's examples and the binding rulings.

Positions are written as the rulings draw them: one line per row, ``s``/``b`` Mates,
``S``/``B`` Captains, ``>``/``<`` wave tiles (empty squares), ``.`` empty; unlisted rows are
empty.
"""

from __future__ import annotations

import json

import pytest

from games import REGISTRY, find_game
from games.core import IllegalAction, Outcome
from games.ship import SPEC
from games.ship.data import PLY_CAP
from games.ship.state import ShipState

STERN, BOW = 0, 1


def position(
    diagram: str,
    to_move: int,
    *,
    size: str = "7x9",
    all_diagonals: bool = False,
    first_turn: tuple[bool, bool] = (False, False),
) -> ShipState:
    """A state with the pieces of ``diagram`` (rows as in the rulings' pictures)."""
    return SPEC.position(
        deck=diagram,
        to_move=to_move,
        board=size,
        captain_diagonals="all" if all_diagonals else "homeward",
        first_turn=first_turn,
    )


def pieces(state: ShipState) -> dict[str, str]:
    """Occupied squares, e.g. ``{"d5": "s"}``."""
    return {
        piece["square"]: "SB"[piece["side"]] if piece["captain"] else "sb"[piece["side"]]
        for piece in SPEC.view(state, None)["pieces"]
    }


def said(outcome: Outcome | None) -> tuple[list[int], str]:
    """An outcome as a player reads it: the winners and the reason in words."""
    assert outcome is not None
    return outcome.winners, outcome.reason


def play(state: ShipState, *actions: str) -> ShipState:
    for action in actions:
        state = SPEC.apply(state, state.to_move, action)
    return state


# -- setup and first move -------------------------------------------------------------------


def test_starting_position_is_three_centred_rows_of_three():
    """ "Arrange 9 of your corresponding pieces on the ships deck ... Three rows, of three
    pieces, centered." (rulings 3.2: Stern on c1-e3, Bow on c7-e9, waves b4 b6 east, f4 f6
    west)."""
    state = SPEC.new(2, 1)
    expected = {f"{c}{r}": "s" for c in "cde" for r in (1, 2, 3)}
    expected |= {f"{c}{r}": "b" for c in "cde" for r in (7, 8, 9)}
    assert pieces(state) == expected
    waves = {w["square"]: w["arrow"] for w in SPEC.view(state, None)["waves"]}
    assert waves == {"b4": "east", "b6": "east", "f4": "west", "f6": "west"}
    assert SPEC.to_act(state) == [STERN]


def test_first_move_is_one_mate_one_space_forward_for_each_player():
    """ "On each player's first turn, they are allowed to move one Mate, one space forward into
    an empty space. Moving a Mate one space, constitutes as a move, and afterwards it is the
    other player's turn." """
    state = SPEC.new(2, 1)
    assert SPEC.legal_actions(state, STERN) == ["move c3 c4", "move d3 d4", "move e3 e4"]
    state = play(state, "move d3 d4")
    assert SPEC.to_act(state) == [BOW]
    assert SPEC.legal_actions(state, BOW) == ["move c7 c6", "move d7 d6", "move e7 e6"]
    state = play(state, "move c7 c6")
    assert "move d4 c4" in SPEC.legal_actions(state, STERN)  # first turns are over


def test_first_move_forbids_sideways_steps_and_jumps_even_when_possible():
    """ "On each player's first turn, they are allowed to move one Mate, one space forward"
    (rulings S13: a forward step only, no sideways step and no jump)."""
    state = position(
        """
      6   .  .  .  b  .  .  .
      5   .  .  .  s  .  .  .
      4   .  .  .  .  .  .  .
    """,
        BOW,
        first_turn=(False, True),
    )
    assert SPEC.legal_actions(state, BOW) == []  # blocked ahead, jump not allowed yet
    state = position(
        """
      6   .  .  .  b  .  .  .
      5   .  .  s  .  .  .  .
    """,
        BOW,
        first_turn=(False, True),
    )
    assert SPEC.legal_actions(state, BOW) == ["move d6 d5"]
    assert SPEC.legal_actions(SPEC.new(2, 1, {"first": "stern"}), BOW) == []


def test_random_first_player_option_uses_the_seed():
    """Rulings S14: "Who starts: Stern; or random." The coin toss comes from the seed."""
    firsts = {SPEC.to_act(SPEC.new(2, seed, {"first": "random"}))[0] for seed in range(20)}
    assert firsts == {STERN, BOW}
    assert SPEC.to_act(SPEC.new(2, 5, {"first": "random"})) == SPEC.to_act(
        SPEC.new(2, 5, {"first": "random"})
    )


# -- Mates ----------------------------------------------------------------------------------


def test_mates_step_right_left_or_forward_only():
    """Mates "will be able to move one space to the right, to the left, OR forward during a
    player's turn" (never backward or diagonally)."""
    state = position(
        """
      5   .  .  .  s  .  .  .
      2   .  .  .  .  .  .  b
    """,
        STERN,
    )
    assert sorted(SPEC.legal_actions(state, STERN)) == ["move d5 c5", "move d5 d6", "move d5 e5"]
    state = position(
        """
      5   .  .  .  b  .  .  .
      2   .  .  .  .  .  .  s
    """,
        BOW,
    )
    assert sorted(SPEC.legal_actions(state, BOW)) == ["move d5 c5", "move d5 d4", "move d5 e5"]


def test_moves_need_an_empty_square_and_stay_on_deck():
    """Mates move "one space forward into an empty space" and cannot leave the deck."""
    state = position(
        """
      9   .  .  .  .  .  .  b
      8   .  .  .  .  .  s  s
      2   .  .  .  b  .  .  .
    """,
        STERN,
    )
    assert sorted(SPEC.legal_actions(state, STERN)) == ["move f8 e8", "move f8 f9"]


# -- jumping --------------------------------------------------------------------------------

JUMP_INSTANCES = [
    # (picture, Bow's jump, Stern's reply jump had it been Stern's turn)
    (
        """
      5   .  .  b  s  .  .  .
    """,
        "jump c5 e5",
        "jump d5 b5",
    ),  # instance 1: lateral
    (
        """
      5   .  .  .  s  b  .  .
    """,
        "jump e5 c5",
        "jump d5 f5",
    ),  # instance 2: lateral, the other way
    (
        """
      6   .  .  .  b  .  .  .
      5   .  .  .  s  .  .  .
    """,
        "jump d6 d4",
        "jump d5 d7",
    ),  # instance 3: lengthwise
]


@pytest.mark.parametrize(
    ("diagram", "bow_jump", "stern_jump"),
    JUMP_INSTANCES,
    ids=["1-lateral", "2-lateral", "3-lengthwise"],
)
def test_the_three_jump_instances(diagram: str, bow_jump: str, stern_jump: str):
    """ "Here we see three instances of a Bow Mate Jumping a Stern Mate. Twice where the Bow
    jumps laterally (1,2), and another lengthwise (3). As you can see, if in these instances it
    had been Stern's turn instead of Bow's, Stern could've jumped Bow laterally in instance 2,
    and either laterally or lengthwise in instance 1 or 3." """
    extra = "\n      1   .  .  .  .  .  .  s\n      9   b  .  .  .  .  .  ."
    state = position(diagram + extra, BOW)
    assert bow_jump in SPEC.legal_actions(state, BOW)
    after = play(state, bow_jump)
    landing = bow_jump.split()[2]
    assert pieces(after) == {landing: "b", "g1": "s", "a9": "b"}
    stern_turn = position(diagram + extra, STERN)
    assert stern_jump in SPEC.legal_actions(stern_turn, STERN)


def test_jumped_mate_is_gone_for_good():
    """ "A player is able to 'Jump' one of their opponent's Mates during their turn, which
    results in the 'Jumped' mate being taken off the board never to return." """
    state = position(
        """
      6   .  .  .  b  .  .  .
      5   .  .  .  s  .  .  .
      1   s  .  .  .  .  .  .
    """,
        BOW,
    )
    after = play(state, "jump d6 d4")
    assert "d5" not in pieces(after)
    assert SPEC.view(after, None)["lost"][STERN] == {"jumped": 1, "overboard": 0}
    assert SPEC.describe(state, BOW, "jump d6 d4", after) == "Bow jumps D6 → D4, taking Stern's D5."


def test_no_backward_jump_no_jump_over_own_piece_or_onto_a_piece_or_off_deck():
    """Mates jump only in their own directions (rulings 3.3: "never backward"; "A piece cannot
    jump its own pieces or jump off the board"), into an empty square."""
    state = position(
        """
      7   .  .  .  .  .  .  .
      6   .  .  .  s  .  .  .
      5   b  s  .  b  s  s  .
      4   .  .  .  .  .  .  .
    """,
        BOW,
    )
    actions = SPEC.legal_actions(state, BOW)
    assert not [a for a in actions if a.startswith("jump d5")]  # d7 behind, f5 blocked
    assert "jump a5 c5" in actions
    stern = position(
        """
      5   s  b  .  .  .  .  .
      4   s  .  .  .  .  .  .
      9   .  .  .  .  .  .  b
    """,
        STERN,
    )
    assert [a for a in SPEC.legal_actions(stern, STERN) if a.startswith("jump")] == [
        "jump a5 c5"
    ]  # no jump over own a5 from a4, none off the deck


def test_jumping_is_optional_and_only_one_per_turn():
    """Rulings S3: "Optional; one per turn" — after a jump the turn passes even if another jump
    is waiting."""
    state = position(
        """
      8   .  .  .  .  .  .  .
      7   .  .  .  b  .  .  .
      6   .  .  .  .  .  .  .
      5   .  .  .  b  .  .  .
      4   .  .  .  s  .  .  .
      1   s  .  .  .  .  .  .
    """,
        STERN,
    )
    actions = SPEC.legal_actions(state, STERN)
    assert "jump d4 d6" in actions and "move d4 c4" in actions
    after = play(state, "jump d4 d6")
    assert SPEC.to_act(after) == [BOW]


# -- waves ----------------------------------------------------------------------------------


def test_wave_example_w1_single_mate_is_pushed_to_the_edge_but_not_overboard():
    """ "In this example, we'll have the circled Bow Mate (1), move to the Wave piece directly in
    front. As a result, The front-most Mate on Stern's side, is pushed to the edge of the boat
    in the direction the arrow was pointing (2) - but not overboard, since there was only one
    Mate in the row." (rulings W1)"""
    state = position(
        """
      7   .  b  .  b  .  .  .
      6   .  >  .  .  .  <  .
      5   .  .  .  s  .  .  .
      1   .  .  .  s  .  .  .
    """,
        BOW,
    )
    after = play(state, "move b7 b6")
    assert pieces(after) == {"d7": "b", "b6": "b", "g5": "s", "d1": "s"}
    assert (
        SPEC.describe(state, BOW, "move b7 b6", after)
        == "Bow moves B7 → B6; the wave at B6 shifts row 5 east."
    )


def test_wave_example_w2_two_mates_pack_and_the_edge_one_falls():
    """ "Stern's mate (circled[3]) is moved to the Wave tile directly to his right. Now, because
    there were two or more Mates in Bow's front most row, the Mate closest to the edge falls
    overboard(4)." (rulings W2: b6, d6 pack to a6, b6; a6 falls)"""
    state = position(
        """
      6   .  b  .  b  .  <  .
      5   .  .  .  .  .  .  s
      4   .  >  .  .  s  <  .
      9   .  .  .  b  .  .  .
    """,
        STERN,
    )
    after = play(state, "move e4 f4")
    assert pieces(after) == {"b6": "b", "g5": "s", "f4": "s", "d9": "b"}
    wave = after.last_move["wave"]
    assert wave["shifts"] == [["b6", "a6"], ["d6", "b6"]]
    assert wave["overboard"] == {"square": "a6", "piece": "b"}
    assert SPEC.view(after, None)["lost"][BOW] == {"jumped": 0, "overboard": 1}
    assert (
        SPEC.describe(state, STERN, "move e4 f4", after)
        == "Stern moves E4 → F4; the wave at F4 shifts row 6 west and Bow's A6 falls overboard."
    )


def test_describe_reads_like_the_issue_example():
    """The log line names the wave, the row, the direction and the piece that fell."""
    state = position(
        """
      6   .  .  b  .  .  b  .
      4   s  >  .  .  .  <  .
      9   .  .  .  b  .  .  .
    """,
        STERN,
    )
    after = play(state, "move a4 b4")
    assert (
        SPEC.describe(state, STERN, "move a4 b4", after)
        == "Stern moves A4 → B4; the wave at B4 shifts row 6 east and Bow's G6 falls overboard."
    )


def test_only_one_mate_falls_even_from_a_crowded_row():
    """ "If there are more than two Mates in a row that has shifted, it is still only the Mate
    closest to the edge that falls overboard, not more." """
    state = position(
        """
      6   b  .  b  .  b  .  b
      3   .  s  .  .  .  .  .
    """,
        STERN,
    )
    after = play(state, "move b3 b4")
    assert pieces(after) == {"b4": "s", "d6": "b", "e6": "b", "f6": "b"}


def test_sharing_the_row_the_movers_own_piece_shifts_and_can_fall():
    """ "If you share a row with your opponents frontmost Mate and move to a Wave tile, all Mates
    including your own shift to the side of the Ship the arrow is pointing. Still it is only the
    Mate closest to the edge of the boat that falls." """
    state = position(
        """
      5   .  .  .  .  .  .  .
      4   s  >  .  b  .  .  s
      9   .  .  .  .  b  .  .
    """,
        STERN,
    )
    after = play(state, "move a4 b4")  # b4, d4, g4 pack east to e4, f4, g4: g4 (Stern) falls
    assert pieces(after) == {"e4": "s", "f4": "b", "e9": "b"}
    assert after.last_move["wave"]["overboard"] == {"square": "g4", "piece": "s"}
    assert after.last_move["final"] == "e4"


def test_the_movers_last_piece_falling_overboard_loses():
    """Rulings S9: "The mover's own piece can fall overboard"; with no pieces left the mover
    loses (engine ruling, from rulings S15 "no pieces: loss")."""
    state = position(
        """
      4   b  >  .  .  .  .  .
      3   .  s  .  .  .  .  .
      9   .  .  .  B  .  .  .
    """,
        STERN,
    )
    after = play(state, "move b3 b4")  # a4 and b4 pack east to f4, g4: Stern's g4 falls
    assert pieces(after) == {"f4": "b", "d9": "B"}
    assert said(SPEC.outcome(after)) == ([BOW], "Stern has no pieces left")


def test_captains_shift_with_the_row():
    """Rulings S9: "Yes, all pieces in the row" — Captains too."""
    state = position(
        """
      6   B  .  b  .  .  .  .
      4   s  >  .  .  .  .  .
      9   .  .  .  .  .  .  b
    """,
        STERN,
    )
    after = play(state, "move a4 b4")
    assert pieces(after) == {"b4": "s", "f6": "B", "g9": "b"}
    assert after.last_move["wave"]["overboard"] == {"square": "g6", "piece": "b"}


def test_only_opponent_mates_define_the_row_and_no_mates_means_no_wave():
    """Rulings S8: "Only opponent Mates define it. If the opponent has no Mates, the wave does
    nothing." """
    state = position(
        """
      5   .  .  B  .  .  .  .
      4   s  >  .  .  .  .  .
      2   .  .  .  B  .  .  .
    """,
        STERN,
    )
    after = play(state, "move a4 b4")
    assert pieces(after) == {"b4": "s", "c5": "B", "d2": "B"}
    assert (
        SPEC.describe(state, STERN, "move a4 b4", after)
        == "Stern moves A4 → B4; the wave at B4 finds no Bow Mate to shift."
    )


def test_a_jump_or_a_captain_landing_on_a_wave_triggers_it():
    """Rulings S10: "Does a jump landing on a wave trigger it? Does a Captain's move trigger it?
    Yes to both." The jumped piece is gone before the wave looks for the front row."""
    state = position(
        """
      8   .  .  .  .  b  .  .
      7   .  .  .  .  .  .  .
      6   .  .  .  .  .  <  .
      5   .  .  .  .  .  b  .
      4   .  .  .  .  .  s  .
    """,
        STERN,
    )
    after = play(state, "jump f4 f6")
    assert pieces(after) == {"f6": "s", "a8": "b"}  # row 8, not the jumped f5's row 5
    captain = position(
        """
      7   .  .  .  .  b  .  S
      6   .  .  .  .  .  <  .
    """,
        STERN,
    )
    after = play(captain, "move g7 f6")
    assert pieces(after) == {"a7": "b", "f6": "S"}


def test_shifting_onto_a_wave_or_standing_on_one_does_not_trigger_it():
    """Rulings 3.4: "Standing on a wave, or being shifted onto or off one, does not trigger
    it. Tiles are permanent and re-usable." """
    state = position(
        """
      6   .  .  .  .  .  .  b
      4   s  >  .  .  b  <  .
      9   .  .  .  .  .  .  b
    """,
        STERN,
    )
    after = play(state, "move a4 b4")  # b4, e4 pack to f4 (wave), g4; g4 falls; f4 stays put
    assert pieces(after) == {"f4": "s", "g6": "b", "g9": "b"}
    again = play(after, "move g9 f9", "move f4 e4", "move f9 e9", "move e4 f4")
    assert again.last_move["wave"]["row"] == 6  # the tile works again for the next visitor


# -- Sea-Leg, Captains, winning -------------------------------------------------------------


def test_reaching_the_far_row_gives_the_sea_leg():
    """ "Once you move one of your Mates to the far side of the ship, you obtain a Sea Leg (1),
    thereby becoming a Captain." (by step or jump, rulings S7)"""
    state = position(
        """
      9   .  .  .  .  .  .  .
      8   .  .  .  s  b  .  .
      2   .  .  .  b  .  .  .
    """,
        STERN,
    )
    after = play(state, "move d8 d9")
    assert pieces(after)["d9"] == "S"
    assert (
        SPEC.describe(state, STERN, "move d8 d9", after)
        == "Stern moves D8 → D9; the Mate gains its Sea-Leg and becomes a Captain."
    )
    bow = position(
        """
      3   .  .  .  b  .  .  .
      2   .  .  .  s  .  .  .
      1   .  .  .  .  .  .  .
      8   s  .  .  .  .  .  .
    """,
        BOW,
    )
    assert pieces(play(bow, "jump d3 d1"))["d1"] == "B"


def test_several_captains_are_allowed():
    """Rulings S6: "Every Mate reaching the far row is promoted." """
    state = position(
        """
      9   .  S  .  .  .  .  .
      8   .  .  .  s  .  .  .
      2   b  .  .  .  .  .  .
    """,
        STERN,
    )
    after = play(state, "move d8 d9")
    assert pieces(after) == {"b9": "S", "d9": "S", "a2": "b"}


def test_captain_moves_homeward_sideways_and_homeward_diagonals():
    """ "as a Captain you are now able to move, and jump your opponent diagonally aswell as
    forwards, left and right" — forward now means home-ward (rulings S5: home-ward diagonals
    only by default)."""
    state = position(
        """
      6   .  .  .  .  .  .  .
      5   .  .  .  S  .  .  .
      4   .  .  .  .  .  .  .
      9   .  .  .  .  .  .  b
    """,
        STERN,
    )
    assert sorted(SPEC.legal_actions(state, STERN)) == [
        "move d5 c4",
        "move d5 c5",
        "move d5 d4",
        "move d5 e4",
        "move d5 e5",
    ]
    bow = position(
        """
      5   .  .  .  B  .  .  .
      1   s  .  .  .  .  .  .
    """,
        BOW,
    )
    assert sorted(SPEC.legal_actions(bow, BOW)) == [
        "move d5 c5",
        "move d5 c6",
        "move d5 d6",
        "move d5 e5",
        "move d5 e6",
    ]


def test_all_diagonals_option_adds_the_away_diagonals_but_not_straight_back():
    """Rulings S5: "A flag allows all four." The text still lists only "forwards, left and
    right" besides the diagonals, so a Captain never steps straight away from home."""
    state = position(
        """
      5   .  .  .  S  .  .  .
      9   .  .  .  .  .  .  b
    """,
        STERN,
        all_diagonals=True,
    )
    assert sorted(SPEC.legal_actions(state, STERN)) == [
        "move d5 c4",
        "move d5 c5",
        "move d5 c6",
        "move d5 d4",
        "move d5 e4",
        "move d5 e5",
        "move d5 e6",
    ]


def test_captains_jump_diagonally_and_can_be_jumped():
    """Captains "jump your opponent diagonally"; rulings S4: "Can Captains be jumped? Can they
    jump? Yes and yes." """
    state = position(
        """
      5   .  .  .  S  .  .  .
      4   .  .  b  .  .  .  .
      3   .  .  .  .  .  .  .
      9   .  .  .  .  .  .  b
    """,
        STERN,
    )
    after = play(state, "jump d5 b3")
    assert pieces(after) == {"b3": "S", "g9": "b"}
    victim = position(
        """
      5   .  .  b  S  .  .  .
      9   .  .  .  .  .  .  b
    """,
        BOW,
    )
    after = play(victim, "jump c5 e5")
    assert pieces(after) == {"e5": "b", "g9": "b"}
    assert SPEC.describe(victim, BOW, "jump c5 e5", after).startswith(
        "Bow jumps C5 → E5, taking Stern's Captain on D5"
    )


def test_captain_returning_home_wins():
    """ "Stern must return to a tile in this back row as a Captain in order to Win" (and "Bow
    must return to a tile in this back row as a Captain in order to Win")."""
    state = position(
        """
      9   .  .  b  .  .  .  .
      2   .  .  .  S  .  .  .
    """,
        STERN,
    )
    after = play(state, "move d2 c1")
    assert SPEC.outcome(after).winners == [STERN]
    assert SPEC.to_act(after) == []
    assert SPEC.describe(state, STERN, "move d2 c1", after) == (
        "Stern's Captain moves D2 → C1. Stern wins: Stern's Captain is back home on C1."
    )
    bow = position(
        """
      8   .  .  .  B  .  .  .
      1   .  .  s  .  .  .  .
    """,
        BOW,
    )
    assert SPEC.outcome(play(bow, "move d8 d9")).winners == [BOW]
    with pytest.raises(IllegalAction, match="over"):
        SPEC.apply(after, BOW, "move c9 c8")


def test_a_mate_on_its_own_home_row_does_not_win():
    """Only a Captain's return wins: "return ... as a Captain in order to Win"."""
    state = position(
        """
      9   .  .  b  .  .  .  .
      1   .  .  .  s  .  .  .
    """,
        STERN,
    )
    assert SPEC.outcome(play(state, "move d1 c1")) is None


def test_no_pieces_left_loses():
    """Rulings 3.3: "The opponent has no pieces left" wins."""
    state = position(
        """
      6   .  .  .  b  .  .  .
      5   .  .  .  s  .  .  .
    """,
        BOW,
    )
    after = play(state, "jump d6 d4")
    assert SPEC.outcome(after).winners == [BOW]
    assert SPEC.outcome(after).reason == "Stern has no pieces left"


def test_no_legal_move_loses():
    """Rulings 3.3: "The opponent has no legal move on their turn; they lose, checkers-style." """
    state = position(
        """
      9   b  .  .  .  .  .  b
      8   .  .  .  .  b  b  s
    """,
        BOW,
    )
    assert SPEC.outcome(state) is None
    after = play(state, "move a9 a8")  # g8: g9 and f8 taken, no landing square beyond
    assert said(SPEC.outcome(after)) == ([BOW], "Stern has no legal move")


def test_three_fold_repetition_is_a_draw():
    """Rulings S15: "draw at 200 plies or 3-fold repetition"."""
    state = position(
        """
      7   .  .  .  .  .  .  B
      5   .  .  .  S  .  .  .
    """,
        STERN,
    )
    shuffle = ("move d5 c5", "move g7 f7", "move c5 d5", "move f7 g7")
    twice = play(state, *shuffle)
    assert SPEC.outcome(twice) is None
    almost = play(twice, *shuffle[:-1])
    assert SPEC.outcome(almost) is None
    thrice = play(almost, shuffle[-1])
    assert SPEC.outcome(thrice) == Outcome([], "the same position occurred three times")


def test_ply_cap_is_a_draw():
    """Rulings S15: "draw at 200 plies"."""
    state = position(
        """
      6   .  .  .  .  .  .  B
      5   .  .  .  S  .  .  .
    """,
        STERN,
    )
    state.ply = PLY_CAP - 2
    assert SPEC.outcome(play(state, "move d5 d4")) is None
    state.ply = PLY_CAP - 1
    after = play(state, "move d5 d4")
    assert said(SPEC.outcome(after)) == ([], f"{PLY_CAP} plies passed without a winner")


# -- options, contract details --------------------------------------------------------------


def test_options_offer_board_size_and_captain_diagonals():
    """The rulings' flags are game options: board size (S1), Captain diagonals (S5) and who
    starts (S14)."""
    names = {option.name: option for option in SPEC.options}
    assert names["board"].default == "7x9" and "9x11" in names["board"].choices
    assert names["captain_diagonals"].choices == ("homeward", "all")
    assert names["first"].choices == ("stern", "random")
    with pytest.raises(IllegalAction):
        SPEC.new(2, 0, {"board": "8x9"})
    with pytest.raises(IllegalAction):
        SPEC.new(3, 0)


def test_bigger_deck_centres_the_start_and_keeps_waves_off_the_start_columns():
    """Rulings S1: "Keep width and height as parameters; width must be odd for centring." """
    state = SPEC.new(2, 0, {"board": "9x11"})
    view = SPEC.view(state, None)
    squares = {p["square"] for p in view["pieces"] if p["side"] == STERN}
    assert squares == {f"{c}{r}" for c in "def" for r in (1, 2, 3)}
    waves = {w["square"]: w["arrow"] for w in view["waves"]}
    assert waves == {"b4": "east", "b8": "east", "h4": "west", "h8": "west"}
    bow = {p["square"] for p in view["pieces"] if p["side"] == BOW}
    assert bow == {f"{c}{r}" for c in "def" for r in (9, 10, 11)}


def test_illegal_moves_are_explained():
    """Refusals say what is wrong: wrong square, not your piece, or what the piece can do."""
    state = SPEC.new(2, 0)
    for action in ("move c7 c6", "move c3 b3", "move c1 c2", "move z99 z100"):
        with pytest.raises(IllegalAction):
            SPEC.apply(state, STERN, action)
    assert "The piece on C7 is Bow's" in SPEC.explain(state, STERN, "move c7 c6")
    assert "first turn one Mate moves one space forward" in SPEC.explain(state, STERN, "move c3 b3")
    assert "C2 holds one of your own pieces" in SPEC.explain(state, STERN, "move c1 c2")
    assert "not on the deck" in SPEC.explain(state, STERN, "move z99 z100")
    assert SPEC.apply(state, STERN, "  MOVE  C3   C4 ").board != state.board


def test_views_are_public_json_and_dump_round_trips():
    """Ship has no secrets: every seat sees the same public view, with an empty ``private``."""
    state = play(SPEC.new(2, 0), "move d3 d4", "move d7 d6")
    public = SPEC.view(state, None)
    assert "private" not in public
    for seat in (STERN, BOW):
        assert SPEC.view(state, seat) == {**public, "private": {}}
    json.dumps(public)
    assert public["last"] == ["Bow moves D7 → D6."]
    text = SPEC.dump(state)
    assert SPEC.dump(SPEC.load(text)) == text
    assert SPEC.load(text) == state


def test_ship_goes_by_one_name():
    """Issue 11: "One game goes by four names (folder `ship`, key `sealegs`, title "Ship",
    class `ShipSpec`)": the key becomes `ship`, the title "Ship (Stern vs Bow)"."""
    assert SPEC.key == "ship" and REGISTRY["ship"] is SPEC and "sealegs" not in REGISTRY
    assert SPEC.title == "Ship (Stern vs Bow)"
    assert type(SPEC).__name__ == "ShipSpec" and isinstance(SPEC.new(2, 0), ShipState)
    assert find_game("Ship") is SPEC and find_game("ship (stern vs bow)") is SPEC


def test_the_rules_summary_names_the_ply_cap():
    """The summary is one marked text (no f-string), so its draw rule is written out: it must
    say the engine's own cap ("Draw after 200 plies or 3-fold repetition")."""
    assert f"Draw after {PLY_CAP} plies or 3-fold repetition" in SPEC.summary
