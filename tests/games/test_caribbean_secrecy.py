"""Caribbean's secrets stay secret: in random games, redrawing everything a viewer may not
know (others' unrevealed bids and tie-breakers, pending tie choices, the supply order)
never changes what that viewer is shown.

That is stronger than searching views for card values: a view that does not change when the
secret changes cannot carry it.
"""

from __future__ import annotations

import random

import pytest

from games.caribbean import SPEC
from games.caribbean.data import CARDS
from games.caribbean.state import CaribbeanState

GAMES = 240
ROUNDS = 2


def redraw_secrets(
    state: CaribbeanState, viewer: int | None, picker: random.Random
) -> CaribbeanState:
    """The same game as far as ``viewer`` can know, with every hidden card drawn anew."""
    other = SPEC.copy(state)
    revealed = len(state.won_by)  # ships of this round whose bids are already face up
    for seat in range(state.players):
        if seat == viewer:
            continue
        row = other.bids[seat]
        known = set(row[:revealed])
        if state.spent[seat]:
            known.add(state.tiebreaker(seat))
        pool = [card for card in CARDS if card not in known]
        picker.shuffle(pool)
        hidden = [ship for ship in range(revealed, 6) if row[ship] is not None]
        for ship, card in zip(hidden, pool, strict=False):
            row[ship] = card
        if other.tie_choice[seat] is not None:
            other.tie_choice[seat] = picker.choice(["up", "down"])
    picker.shuffle(other.supply)
    return other


@pytest.mark.slow
def test_no_bid_or_tie_breaker_shows_before_its_reveal():
    """Rulebook: "Each places his seventh card … face down"; bids are revealed ship by ship;
    tie-breakers are lifted "simultaneously". The public view and each seat's view depend only on
    what that viewer may know; a seat's view holds its own cards only."""
    secret_steps = 0
    for game in range(GAMES):
        picker = random.Random(game)
        players = 2 + game % 3
        state = SPEC.new(players, game)
        while state.round <= ROUNDS and SPEC.outcome(state) is None:
            viewer = picker.choice([None, *range(players)])
            variant = redraw_secrets(state, viewer, picker)
            assert SPEC.view(variant, viewer) == SPEC.view(state, viewer)
            public = SPEC.view(state, None)
            assert "private" not in public
            seat = picker.choice(SPEC.to_act(state))
            action = picker.choice(SPEC.legal_actions(state, seat))
            after = SPEC.apply(state, seat, action)
            if SPEC.secret_choice(state, seat):
                secret_steps += 1
                line = SPEC.describe(state, seat, action, after)
                if action == "bid repeat":
                    assert line == f"{SPEC.seat_label(seat)} has assigned their cards."
                elif action.startswith("bid"):
                    assert line == f"{SPEC.seat_label(seat)} has assigned a card."
            state = after
    assert secret_steps > GAMES * 20


def test_a_seat_sees_its_own_cards_and_nobody_elses():
    """`view["private"]` holds the seat's own hand and assignment only."""
    state = SPEC.new(3, 5)
    for seat, card in ((0, 5), (1, 4), (2, 3)):
        state = SPEC.apply(state, seat, f"bid a {card}")
    for seat, card in ((0, 5), (1, 4), (2, 3)):
        view = SPEC.view(state, seat)
        assert view["private"]["bids"]["a"] == card
        assert "bids" not in {k for k, v in view.items() if k != "private"}
        assert SPEC.view(state, None) == {k: v for k, v in view.items() if k != "private"}
