"""Scenario tests for Caribbean: one per rule of the rulebook text and per ruling (C1-C18).

Positions are built with ``games.caribbean.position``; bids always go through the real
``bid``/``confirm`` actions so that reveals run exactly as in a game.
"""

from __future__ import annotations

import json
import random

import pytest

from games.caribbean import SPEC
from games.caribbean.data import PORT_BY_CODE
from games.caribbean.position import build_position, sailing
from games.caribbean.rules import MAX_BID_CHANGES, MAX_TURN_ACTIONS, bid_changes
from games.caribbean.state import CaribbeanState
from games.caribbean.views import private_text
from games.core import IllegalAction

DEFAULT_BIDS = [5, 4, 3, 2, 1, 0]  # seat 0 wins every ship against ONE_LESS
ONE_LESS = [4, 3, 2, 1, 0, -1]


def bid_all(
    state: CaribbeanState, seat: int, cards: list[int], confirm: bool = True
) -> CaribbeanState:
    for letter, card in zip("abcdef", cards, strict=True):
        state = SPEC.apply(state, seat, f"bid {letter} {card}")
    return SPEC.apply(state, seat, "confirm") if confirm else state


def bid_round(state: CaribbeanState, *rows: list[int]) -> CaribbeanState:
    for seat, row in enumerate(rows):
        state = bid_all(state, seat, row)
    return state


def play_round(state: CaribbeanState) -> CaribbeanState:
    """Seat 0 wins every ship and ends each turn at once."""
    state = bid_round(state, DEFAULT_BIDS, *[ONE_LESS] * (state.players - 1))
    while state.phase == "sail":
        state = SPEC.apply(state, state.active, "done")
    return state


def act(state: CaribbeanState, *actions: str) -> CaribbeanState:
    for action in actions:
        state = SPEC.apply(state, SPEC.to_act(state)[0], action)
    return state


# -- bribing --------------------------------------------------------------------------------


def test_each_player_assigns_six_cards_and_keeps_the_seventh_as_tie_breaker():
    """Rulebook: "each player allocates six of their seven bribing cards to the names of the six
    ships … places his seventh card (intended as tie-breaker in case of a draw) face down"."""
    state = SPEC.new(3, 1)
    assert SPEC.to_act(state) == [0, 1, 2]
    assert SPEC.legal_actions(state, 0) == [f"bid a {card}" for card in range(-1, 6)]
    state = bid_all(state, 0, [3, -1, 0, 1, 2, 4], confirm=False)
    private = SPEC.view(state, 0)["private"]
    assert private["bids"] == {"a": 3, "b": -1, "c": 0, "d": 1, "e": 2, "f": 4}
    assert private["tiebreaker"] == 5
    assert "confirm" in SPEC.legal_actions(state, 0)
    text = SPEC.private_text(SPEC.view(state, 0))
    assert (
        "Ship A: 3, Ship B: -1, Ship C: 0, Ship D: 1, Ship E: 2, Ship F: 4, tie-breaker: 5" in text
    )


def test_bids_can_change_until_ok_then_not():
    """Rulebook: "When all players have completed placing their bidding cards, they give their OK,
    and, then can no longer change their bidding cards for this round"."""
    state = bid_all(SPEC.new(2, 1), 0, [3, -1, 0, 1, 2, 4], confirm=False)
    state = SPEC.apply(state, 0, "bid b 5")  # the spare 5 replaces the -1, now the tie-breaker
    assert SPEC.view(state, 0)["private"]["bids"]["b"] == 5
    assert SPEC.view(state, 0)["private"]["tiebreaker"] == -1
    state = SPEC.apply(state, 0, "confirm")
    assert SPEC.to_act(state) == [1]
    assert SPEC.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction):
        SPEC.apply(state, 0, "bid b 4")


def test_bids_change_as_often_as_a_person_likes_until_the_ok():
    """Rulebook: "When all players have completed placing their bidding cards, they give their
    OK, and, then can no longer change their bidding cards"; until then a seat rethinks its
    bids as often as it likes (ruling R9: a guard of MAX_BID_CHANGES a round, far beyond
    that, so a round can never stall)."""
    state = bid_all(SPEC.new(2, seed=1), 0, DEFAULT_BIDS, confirm=False)
    for _ in range(30):  # ten swaps of two ships, three changes each
        state = SPEC.apply(state, 0, SPEC.legal_actions(state, 0)[0])  # the spare to ship A
    assert len(SPEC.legal_actions(state, 0)) == 7  # six ships and the OK, still
    assert bid_changes(state, 0) == 30
    for _ in range(MAX_BID_CHANGES - 30):
        state = SPEC.apply(state, 0, SPEC.legal_actions(state, 0)[0])
    assert SPEC.legal_actions(state, 0) == ["confirm"]
    reason = SPEC.explain(state, 0, "bid c 3")
    assert f"{MAX_BID_CHANGES} times this round" in reason and "OK" in reason
    assert "as often as a round allows" in private_text(SPEC.view(state, 0))
    state = bid_all(SPEC.apply(state, 0, "confirm"), 1, ONE_LESS)
    while state.phase != "bid":  # no tie-breaker shown, every ship's turn ended at once
        seat = SPEC.to_act(state)[0]
        state = SPEC.apply(state, seat, SPEC.legal_actions(state, seat)[-1])
    assert state.tried_bids == [[], []]  # a new round, a fresh count


def test_a_seat_s_trail_while_bidding_is_the_bids_it_has_held():
    """The contract's ``turn_trail`` while bidding: every full set of bids the seat held this
    round, so the AI can see a change that only brings back earlier bids."""
    state = bid_all(SPEC.new(2, seed=1), 0, DEFAULT_BIDS, confirm=False)
    assert SPEC.turn_trail(state, 0) == ["5 4 3 2 1 0"] and SPEC.turn_trail(state, 1) == []
    state = act(state, "bid a -1", "bid a 5")
    assert SPEC.turn_trail(state, 0) == ["5 4 3 2 1 0", "-1 4 3 2 1 0", "5 4 3 2 1 0"]
    assert SPEC.turn_trail(SPEC.sample(state, 1, 3), 1) == []
    assert SPEC.sample(state, 1, 3).tried_bids[0] == []  # seat 0's bids are its own secret


def test_confirm_needs_six_ships_and_cards_go_in_order():
    """Rulebook: "allocates six of their seven bribing cards to the names of the six ships" (ruling
    R1: cards go on ships A to F in order, every list of choices stays short)."""
    state = SPEC.new(2, 1)
    state = SPEC.apply(state, 0, "bid a 3")
    for refused, reason in [
        ("confirm", "Put a card on all six ships"),
        ("bid c 4", "next one is ship B"),
        ("bid b 3", "already on ship A"),
    ]:
        with pytest.raises(IllegalAction):
            SPEC.apply(state, 0, refused)
        assert reason in SPEC.explain(state, 0, refused)
    for _ in range(5):
        assert len(SPEC.legal_actions(state, 0)) <= 25
        state = SPEC.apply(state, 0, SPEC.legal_actions(state, 0)[0])
    assert len(SPEC.legal_actions(state, 0)) == 7  # six ships x the spare card, and confirm


def test_bidding_is_a_secret_choice_and_the_log_line_hides_the_card():
    """Bids are secret until revealed: the public line says only that a card was assigned."""
    state = SPEC.new(2, 4)
    assert SPEC.secret_choice(state, 0)
    after = SPEC.apply(state, 0, "bid a 5")
    assert SPEC.describe(state, 0, "bid a 5", after) == "Red has assigned a card."
    assert SPEC.view(after, None) == SPEC.view(SPEC.apply(state, 0, "bid a 0"), None)
    full = bid_all(state, 0, DEFAULT_BIDS, confirm=False)
    done = SPEC.apply(full, 0, "confirm")
    assert SPEC.describe(full, 0, "confirm", done) == "Red has confirmed their bids."
    assert SPEC.view(done, None)["confirmed"] == [True, False]


# -- reveal and movement allowance ----------------------------------------------------------


def test_ships_are_revealed_in_alphabetical_order():
    """Rulebook: "First, each player reveals his bidding card for Arriba … After the Arriba has been
    moved, the players reveal their bids for the Bravo"."""
    state = bid_round(build_position(2), [5, 0, 1, 2, 3, 4], [4, 5, 0, 1, 2, 3])
    view = SPEC.view(state, None)
    assert [r["ship"] for r in view["reveals"]] == [0]
    assert view["reveals"][0]["bids"] == [5, 4]
    assert state.active == 0 and state.moves_left == 5
    state = SPEC.apply(state, 0, "done")
    assert [r["bids"] for r in SPEC.view(state, None)["reveals"]] == [[5, 4], [0, 5]]
    assert state.current == 1 and state.active == 1


def test_thief_example_five_three_thief_thief_moves_three():
    """Rulebook: "each thief card played by an opponent subtracts one space from the ship's
    movement" (rulings: bids 5, 3, -1, -1 -> the 5 wins and moves 5 - 1 - 1 = 3)."""
    state = bid_round(
        build_position(4),
        [5, 0, 1, 2, 3, 4],
        [3, 0, 1, 2, 4, 5],
        [-1, 0, 1, 2, 3, 4],
        [-1, 5, 4, 3, 2, 1],
    )
    assert state.active == 0
    assert state.allowances[-1] == 3 == state.moves_left


def test_too_many_thieves_leave_zero_but_the_winner_may_still_act():
    """Rulings: "un movimento negativo è pari a zero" and ruling C3: a winner with allowance 0 may
    still take actions (here: capture the chest of the harbour it lies in)."""
    state = build_position(4, ships={"a": "B4"}, ports=["HAV"])
    state = bid_round(
        state, [1, 0, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5], [-1, 0, 1, 2, 3, 4], [-1, 5, 4, 3, 2, 1]
    )
    assert state.active == 0 and state.moves_left == 0
    assert SPEC.legal_actions(state, 0) == ["capture", "done"]


def test_all_thieves_on_a_ship_is_a_tie():
    """Ruling C7: if every bid on a ship is -1, the tie procedure runs among all players."""
    state = bid_round(build_position(2), [-1, 0, 1, 2, 3, 4], [-1, 0, 1, 2, 3, 5])
    assert state.phase == "tiebreak" and SPEC.to_act(state) == [0, 1]


def test_winner_need_not_use_the_full_allowance():
    """Rulebook: "The player need not use his full movement allowance when moving a ship"."""
    state = bid_round(build_position(2), [5, 0, 1, 2, 3, 4], [4, 5, 0, 1, 2, 3])
    state = SPEC.apply(state, 0, "move b3")
    assert state.moves_left == 4
    state = SPEC.apply(state, 0, "done")
    assert state.ship_spaces[0] == "B3" and state.current == 1


def test_ships_move_around_occupied_spaces():
    """Rulebook: "Only one ship may occupy a sea space. Players must move ships around occupied sea
    spaces."""
    state = sailing(
        build_position(2, ships={"a": "D6", "b": "D7", "c": "E6", "d": "E7"}), "a", 0, 3
    )
    assert [a for a in SPEC.legal_actions(state, 0) if a.startswith("move")] == ["move d5"]
    state = act(state, "move d5", "move e5")
    assert "move e6" not in SPEC.legal_actions(state, 0)
    assert state.paths[-1] == ["D6", "D5", "E5"]


def test_ships_pass_through_and_stop_on_havens_and_may_revisit_spaces():
    """Rulebook: "Ships may move through all safe havens and ships may stop at safe havens" (and
    ruling: revisiting a space during one move is allowed)."""
    state = sailing(build_position(2, ships={"a": "D9", "c": "B8"}), "a", 0, 3)
    state = act(state, "move e9", "move d9")  # E9 is a Red haven
    assert "move e9" in SPEC.legal_actions(state, 0)
    state = act(state, "move e9")
    assert state.ship_spaces[0] == "E9"


def test_start_and_harbour_spaces_are_ordinary_sea_after_setup():
    """Ruling C18: a ship may stop on a start space or a harbour space ("These symbols are of
    no further importance during the game")."""
    state = sailing(build_position(2, ships={"a": "A3"}), "a", 0, 1)
    state = act(state, "move a4")  # A4 is a ship start; nothing else to do there
    assert state.ship_spaces[0] == "A4" and state.current == 1


def test_a_winner_with_nothing_to_do_is_skipped():
    """Ruling R3: with allowance 0 and no chest action, the ship's turn ends by itself and the
    next ship is revealed."""
    state = build_position(2, ships={"a": "G8"})
    before = bid_all(state, 0, [0, 5, 1, 2, 3, 4])
    before = bid_all(before, 1, [-1, 4, 0, 1, 2, 3], confirm=False)
    after = SPEC.apply(before, 1, "confirm")
    assert after.current == 1 and after.active == 0 and after.won_by[0] == 0
    told = SPEC.describe(before, 1, "confirm", after)
    assert "Red takes Arriba, but a 0 sails it nowhere: Arriba stays." in told


# -- tie-breakers ---------------------------------------------------------------------------

TIE = ([5, 0, 1, 2, 3, 4], [5, 4, 3, 2, 1, -1])  # tie-breakers: Red -1, Blue 0


def test_face_up_beats_face_down_and_its_value_does_not_count():
    """Rulebook: "A face up card means the player is bidding some more" … "The number of barrels on
    the tie-breaker card does not influence the number of spaces moved"."""
    state = bid_round(build_position(2), *TIE)
    assert state.phase == "tiebreak" and SPEC.secret_choice(state, 0)
    state = act(state, "tiebreaker down", "tiebreaker up")
    assert state.active == 1 and state.moves_left == 5
    assert state.tiebreaks[-1] == ["down", 0]


def test_zero_beats_minus_one_and_a_thief_tie_breaker_costs_a_space():
    """Rulebook: "(note: zero is more than -1)" … "if there are any thieves on any of the
    tie-breaker cards, the number of spaces is reduced accordingly"."""
    state = act(bid_round(build_position(2), *TIE), "tiebreaker up", "tiebreaker up")
    assert state.active == 1
    assert state.moves_left == 4


SAME_TIE_BREAKERS = ([5, 4, 0, 1, 2, -1], [5, 4, -1, 0, 1, 2])  # both keep 3; A and B tie


def test_equal_face_up_tie_breakers_leave_the_ship_and_are_spent():
    """Rulebook: "If the result of the tie-breaker is another tie, the ship is not moved in this
    round" and "Once revealed, a tie-breaker card cannot be used a second time until the next round"
    (ruling C6: revealed cards are spent). A spent card counts as face down (C5)."""
    state = act(bid_round(build_position(2), *SAME_TIE_BREAKERS), "tiebreaker up", "tiebreaker up")
    assert state.ship_spaces[0] == "A4"  # Arriba stays
    assert state.spent == [True, True]
    assert state.tiebreaks[0] == [3, 3] and state.won_by[0] is None
    assert state.tiebreaks[1] == ["spent", "spent"]  # Bravo: 4 and 4, nobody asked
    assert state.won_by[1] is None and state.current == 3


def test_face_down_tie_breakers_can_break_a_later_tie():
    """Rulebook: "Tie-breaker cards revealed face down can be used to break another tie in this
    round."""
    state = act(
        bid_round(build_position(2), *SAME_TIE_BREAKERS), "tiebreaker down", "tiebreaker down"
    )
    assert state.current == 1 and state.phase == "tiebreak"
    assert SPEC.to_act(state) == [0, 1]
    state = act(state, "tiebreaker up", "tiebreaker down")
    assert state.active == 0 and state.moves_left == 4


def test_a_spent_tie_breaker_counts_as_face_down():
    """Ruling C5: a player whose tie-breaker is spent cannot reveal and counts as face down;
    only the others are asked."""
    rows = ([5, 4, 0, 1, 2, 3], [5, 4, 0, 1, 2, -1], [5, 4, 3, 2, 1, 0])
    state = act(
        bid_round(build_position(3), *rows), "tiebreaker up", "tiebreaker down", "tiebreaker down"
    )
    assert state.active == 0
    state = SPEC.apply(state, 0, "done")  # Bravo: all three bid 4; Red's card is spent
    assert SPEC.to_act(state) == [1, 2]
    state = act(state, "tiebreaker down", "tiebreaker up")
    assert state.active == 2


def test_tie_choices_stay_secret_until_all_have_chosen():
    """Rulebook: "they lay their tie-breaker cards face up or face down below their flat hand and
    then, simultaneously, lift their hands"."""
    state = bid_round(build_position(2), *TIE)
    up, down = SPEC.apply(state, 0, "tiebreaker up"), SPEC.apply(state, 0, "tiebreaker down")
    assert SPEC.view(up, None) == SPEC.view(down, None)
    assert SPEC.view(up, None)["tie"]["chosen"] == [0]
    assert SPEC.describe(state, 0, "tiebreaker up", up) == "Red has chosen their tie-breaker."


# -- chest actions --------------------------------------------------------------------------


def test_capture_loads_the_chest_and_pays_two_thousand():
    """Rulebook: "capture: when the ship being moved is in a sea space with a harbor city with a
    treasure chest … The active player puts the treasure chest on the ship and takes 2,000"."""
    state = sailing(build_position(2, ships={"a": "B3"}, ports=["HAV"]), "a", 1, 1)
    state = act(state, "move b4", "capture")
    assert state.cargo[0] == "HAV" and state.port_chests == []
    assert state.money == [0, 2000]


def test_actions_come_before_and_after_moving():
    """Rulebook: "The active player may take these actions in any order he chooses, whenever he
    chooses during the ship's movement, including before and after he moves the ship" (C1: free)."""
    state = sailing(build_position(2, ships={"a": "B4"}, ports=["HAV"]), "a", 0, 2)
    state = act(state, "capture", "move b3", "move b2")
    assert state.cargo[0] == "HAV" and state.ship_spaces[0] == "B2"


def test_a_ship_carries_one_chest_only():
    """Rulebook: "Each ship may only carry one chest at a time": no capture while loaded."""
    state = sailing(
        build_position(2, ships={"a": "B4"}, cargo={"a": "NAS"}, ports=["HAV"]), "a", 0, 0
    )
    assert "capture" not in SPEC.legal_actions(state, 0)


def test_steal_takes_the_chest_of_an_adjacent_ship():
    """Rulebook: "steal: when the ship being moved is in an adjacent sea space to a ship carrying a
    treasure chest, it may steal the treasure chest"."""
    state = build_position(2, ships={"a": "E5", "b": "E6"}, cargo={"b": "TRU"})
    state = act(sailing(state, "a", 0, 0), "steal b")
    assert state.cargo[:2] == ["TRU", None] and state.money == [0, 0]


def test_swap_exchanges_chests_with_an_adjacent_ship():
    """Rulebook: "swap: when the ship being moved has a treasure chest and is in an adjacent sea
    space to a ship carrying a treasure chest, the active player may swap the two treasure chests".
    """
    state = build_position(2, ships={"a": "E5", "b": "E6"}, cargo={"a": "HAV", "b": "TRU"})
    state = sailing(state, "a", 0, 0)
    assert "steal b" not in SPEC.legal_actions(state, 0)
    state = act(state, "swap b")
    assert state.cargo[:2] == ["TRU", "HAV"]


def test_pass_on_gives_the_chest_to_an_adjacent_empty_ship():
    """Rulebook: "pass on: when the ship being moved has a treasure chest and is in a space adjacent
    to another ship, which does not carry a treasure chest, the active player can pass on"."""
    state = build_position(2, ships={"a": "E5", "b": "E6"}, cargo={"a": "HAV"})
    state = act(sailing(state, "a", 0, 1), "pass b")
    assert state.cargo[:2] == [None, "HAV"]


def test_chests_and_steps_can_be_taken_back_as_often_as_the_player_likes():
    """Rulebook: "The active player may take these actions in any order he chooses, whenever
    he chooses during the ship's movement, including before and after he moves the ship"
    (ruling R8): a chest passed on may be stolen back, again and again, and a step sailed
    back; the turn's trail shows each return to where it stood."""
    state = build_position(2, ships={"a": "E5", "b": "E6"}, cargo={"a": "HAV"})
    state = act(sailing(state, "a", 0, 2), "pass b", "steal b", "pass b", "steal b")
    assert state.cargo[:2] == ["HAV", None]
    assert "pass b" in SPEC.legal_actions(state, 0)
    state = act(state, "move e4", "move e5")
    assert state.ship_spaces[0] == "E5" and state.moves_left == 0
    trail = SPEC.turn_trail(state, 0)
    assert len(trail) == 7 and trail[-1] == trail[0] == trail[2] == trail[4]
    assert trail[1] == trail[3] != trail[0]


def test_every_turn_of_free_chest_actions_ends():
    """Ruling R8: a player that keeps trading chests and never ends its turn still sees it
    end, after MAX_TURN_ACTIONS actions, far beyond any real turn."""
    state = build_position(
        2, ships={"a": "E5", "b": "E6", "c": "D5"}, cargo={"a": "HAV", "c": "TRU"}
    )
    state = sailing(state, "a", 0, 0)
    trades = 0
    while state.current == 0:
        chest_actions = [
            a for a in SPEC.legal_actions(state, 0) if a.split()[0] in ("steal", "swap", "pass")
        ]
        assert chest_actions
        state = act(state, chest_actions[0])
        trades += 1
    assert trades == MAX_TURN_ACTIONS


def test_ships_further_away_are_out_of_reach():
    """Ruling C12: steal, swap and pass on need sea-space adjacency."""
    state = build_position(2, ships={"a": "E5", "b": "E7"}, cargo={"b": "TRU"})
    assert "steal b" not in SPEC.legal_actions(sailing(state, "a", 0, 0), 0)


def test_deliver_while_passing_through_then_capture_again():
    """Rulebook: "when the ship being moved moves through a safe harbor and unloads a treasure chest
    there" — and ruling C2: several actions in one activation while their conditions hold."""
    state = build_position(2, ships={"a": "E10"}, cargo={"a": "HAV"}, ports=["PRY"])
    state = act(sailing(state, "a", 0, 3), "move e9", "deliver", "move f8", "capture")
    assert state.money == [7000 + 2000, 0]
    assert state.delivered == {"HAV": 0} and state.cargo[0] == "PRY"


def test_pausing_on_a_haven_mid_move_does_not_force_unloading():
    """Ruling C9: no forced unload until the ship ends its move on the haven."""
    state = build_position(2, ships={"a": "E10"}, cargo={"a": "HAV"})
    state = act(sailing(state, "a", 0, 2), "move e9", "move f8")
    assert state.cargo[0] == "HAV" and state.money == [0, 0]


def test_stopping_on_a_haven_forces_unloading_even_an_opponents():
    """Rulebook: "when the ship being moved stops at a safe harbor and must unload a treasure chest
    there" … "the owner of the safe haven (normally, the active player, but it could be another
    player) earns the number of doubloons shown on the treasure chest"."""
    state = build_position(2, ships={"a": "F8"}, cargo={"a": "HAV"})
    state = act(sailing(state, "a", 0, 2), "move f7", "done")  # F7 is a Blue haven
    assert state.money == [0, 7000] and state.delivered == {"HAV": 1}
    assert state.cargo[0] is None


def test_passing_on_to_a_ship_on_another_players_haven_unloads_there():
    """Rulebook: "when the ship being moved is passing on the treasure chest from an adjacent sea
    space to a ship standing at a safe harbor, which must unload the treasure there"."""
    state = build_position(2, ships={"a": "E10", "b": "E9"}, cargo={"a": "SJU"})
    state = act(sailing(state, "a", 1, 0), "pass b")  # E9 is Red's; Blue is active
    assert state.money == [5000, 0]
    assert state.cargo[:2] == [None, None] and state.delivered == {"SJU": 0}


def test_voluntary_delivery_to_an_opponents_haven_is_allowed():
    """Ruling C8: delivering while passing through an opponent's haven is allowed."""
    state = build_position(2, ships={"a": "F8"}, cargo={"a": "HAV"})
    state = act(sailing(state, "a", 0, 2), "move f7", "deliver")
    assert state.money == [0, 7000]


def test_unused_colours_havens_are_plain_sea():
    """Rulings §1.1 (FOUND): "With 2 or 3 players, havens of unused colours are treated as
    normal sea spaces" (C13): Yellow's D5 takes no delivery with two players."""
    state = build_position(2, ships={"a": "D6"}, cargo={"a": "HAV"})
    state = act(sailing(state, "a", 0, 1), "move d5")
    assert state.cargo[0] == "HAV" and state.money == [0, 0]
    three = build_position(3, ships={"a": "D6"}, cargo={"a": "HAV"})
    assert "deliver" not in SPEC.legal_actions(state, 0)
    three = act(sailing(three, "a", 0, 1), "move d5", "done")
    assert three.money == [0, 0, 7000]  # ends its move on a Yellow haven: must unload


def test_no_chest_is_thrown_overboard():
    """Rulebook: "a player may never throw a treasure chest overboard!": away from a haven a loaded
    ship alone has only movement and done."""
    state = sailing(build_position(2, ships={"a": "G8"}, cargo={"a": "HAV"}), "a", 0, 1)
    assert {a.split()[0] for a in SPEC.legal_actions(state, 0)} == {"move", "done"}


# -- rounds and the end ---------------------------------------------------------------------


def test_two_supply_chests_are_dealt_after_each_round_until_none_are_left():
    """Rulebook: "After each round, the players place the next two treasure chests from the treasure
    chest supply … on the named harbor cities" (ruling C17: the supply is empty after round
    5)."""
    state = SPEC.new(2, 9)
    supply = list(state.supply)
    state = play_round(state)
    assert state.round == 2 and state.phase == "bid"
    assert state.supply == supply[2:] and state.port_chests[-2:] == supply[:2]
    for _ in range(4):
        state = play_round(state)
    assert state.supply == [] and state.round == 6


def test_a_harbour_under_a_ship_still_gets_its_chest():
    """Ruling C11: the chest is placed even if a ship lies in the harbour; that ship captures
    it when it is next the active ship."""
    first = build_position(2).supply[0]
    harbour = PORT_BY_CODE[first].harbour
    state = play_round(build_position(2, ships={"a": harbour}))
    assert first in state.port_chests and state.ship_spaces[0] == harbour


@pytest.mark.parametrize(("players", "threshold"), [(2, 62_000), (3, 41_000), (4, 31_000)])
def test_the_game_ends_after_the_round_in_which_the_threshold_is_reached(players, threshold):
    """Rulebook: "The game ends when at least one player has: 62.000 doubloons (2 players), 41.000
    doubloons (3 players), 31.000 doubloons (4 players). The current round is played to
    completion."""
    money = [threshold - 2000] + [0] * (players - 1)
    state = build_position(players, ships={"a": "B3"}, ports=["HAV"], money=money)
    state = bid_round(state, DEFAULT_BIDS, *[ONE_LESS] * (players - 1))
    state = act(state, "move b4", "capture")
    assert state.money[0] == threshold and SPEC.outcome(state) is None
    while state.phase == "sail":
        state = SPEC.apply(state, state.active, "done")
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.winners == [0]
    assert SPEC.to_act(state) == []


@pytest.mark.parametrize(("players", "threshold"), [(2, 62_000), (3, 41_000), (4, 31_000)])
def test_one_short_of_the_threshold_plays_on(players, threshold):
    """Thresholds are "at least" the amount: 1,000 short, the game goes on."""
    money = [threshold - 1000] + [0] * (players - 1)
    state = play_round(build_position(players, money=money))
    assert SPEC.outcome(state) is None and state.round == 2


def test_equal_richest_players_share_the_win():
    """Ruling C15: a tie for most money is a shared victory."""
    state = play_round(build_position(3, money=[62_000, 62_000, 1000]))
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.winners == [0, 1]


def test_the_round_cap_ends_the_game():
    """Ruling C16 (implementation rule): after the round cap, most money wins."""
    state = play_round(build_position(2, money=[3000, 5000], round_no=29))
    assert SPEC.outcome(state) is None
    state = play_round(state)
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.winners == [1] and "round cap" in outcome.reason


def test_the_round_cap_is_an_option():
    """C16 says "e.g. 30 rounds": the table may choose 20, 30 or 40."""
    assert SPEC.new(2, 1).round_cap == 30
    assert SPEC.new(2, 1, {"round_cap": 20}).round_cap == 20
    with pytest.raises(IllegalAction):
        SPEC.new(2, 1, {"round_cap": 7})


def test_a_public_line_narrates_reveals_and_moves():
    """Every action is described in one public line, in words."""
    state = build_position(2, ships={"a": "B3"}, ports=["HAV"])
    before = bid_all(state, 0, DEFAULT_BIDS)
    before = bid_all(before, 1, ONE_LESS, confirm=False)
    after = SPEC.apply(before, 1, "confirm")
    line = SPEC.describe(before, 1, "confirm", after)
    assert line.startswith("Blue has confirmed their bids. All bids are in. Arriba bids: Red 5,")
    moved = SPEC.apply(after, 0, "move b4")
    assert SPEC.describe(after, 0, "move b4", moved) == "Red sails Arriba from B3 to B4."
    took = SPEC.apply(moved, 0, "capture")
    assert "captures Havanna" in SPEC.describe(moved, 0, "capture", took)


def test_a_state_stored_under_the_old_r8_and_r9_still_loads_and_plays_on():
    """Stored states are rebuilt from their logs when the state's shape changes; a log that no
    longer replays (the old R8 could end a turn by itself earlier) keeps its stored state,
    which must then load: its count of bid changes and its chest layouts give way to fresh
    trails."""
    state = build_position(2, ships={"a": "E5", "b": "E6"}, cargo={"a": "HAV"})
    data = json.loads(SPEC.dump(sailing(state, "a", 0, 2)))
    del data["tried_bids"]
    data |= {"bid_changes": [3, 0], "layouts": ["-,HAV,-,-,-,-"]}
    old = SPEC.load(json.dumps(data))
    assert old.tried_bids == [[], []] and old.layouts == [[], []]
    old = act(old, "pass b", "steal b")
    assert len(SPEC.turn_trail(old, 0)) == 2  # the trail starts with the first action
    picker = random.Random(1)
    while SPEC.to_act(old):
        seat = picker.choice(SPEC.to_act(old))
        old = SPEC.apply(old, seat, picker.choice(SPEC.legal_actions(old, seat)))
    assert SPEC.outcome(old) is not None
