"""Secrecy of Tortuga 1667 (engine level): in many random games the public view never holds a
loyalty card, a hand, a viewed card, a vote commit or who voted what, and each seat's view
holds only its own secrets (rulings A16)."""

from __future__ import annotations

import json
import random

import pytest

from games.tortuga import SPEC
from games.tortuga.data import VOTE_CARDS, vote_text
from games.tortuga.state import TortugaState

VOTE_TEXTS = sorted({" ".join(card) for card in VOTE_CARDS})
GAMES = 300


def assert_public_is_clean(s: TortugaState, public: dict) -> None:
    text = json.dumps(public)
    assert not any(card in text for card in VOTE_TEXTS), "a vote card leaked"
    assert "private" not in public
    assert ("loyalty" in public) is (s.outcome is not None)
    assert all(
        set(slot) == {"slot", "card", "viewed_by"} and isinstance(slot["card"], bool)
        for slot in public["row"]
    )
    pending = public["pending"] or {}
    assert "cards" not in pending and "rng" not in public and "hands" not in public
    assert "picked" not in pending and "secret_log" not in public and "loyalty_log" not in public
    assert all(set(run) == {"size", "section", "symbols"} for run in public["deck_runs"])
    assert SPEC.reveal(s) == [] or s.outcome is not None
    assert str(s.rng) not in text


def assert_seat_sees_only_its_own(s: TortugaState, seat: int, public: dict) -> None:
    view = SPEC.view(s, seat)
    private = view.pop("private")
    assert view == public
    assert private["seat"] == seat and private["loyalty"] == s.loyalty[seat]
    assert private["hand"] == sorted(vote_text(c) for c in s.hands[seat])
    assert private["known_events"] == {str(i + 1): c for i, c in enumerate(s.known[seat]) if c}
    pending = s.pending or {}
    own = (
        pending.get("kind") == "vote"
        and seat in pending["voters"]
        and pending["cards"][pending["voters"].index(seat)]
    )
    assert ("vote_played" in private) == bool(own)
    searching = pending.get("kind") == "pick" and pending["seat"] == seat
    assert ("vote_deck_search" in private) == searching
    assert private["loyalty_history"] == s.loyalty_log[seat]
    mine = [c for run in s.deck_runs for c in run["own"].get(str(seat), [])]
    assert sorted(c for entry in private["buried"] for c in entry["cards"]) == sorted(
        vote_text(c) for c in mine
    )
    loyalty = private["loyalty"].title()
    assert SPEC.private_text({**view, "private": private}).startswith(f"Loyalty: **{loyalty}**.")


@pytest.mark.slow
def test_random_games_keep_every_secret():
    """ "the team you are on is secret" and votes are shuffled before the reveal: checked
    after every action of a few hundred random games at every player count."""
    for seed in range(GAMES):
        players = 2 + seed % 8
        picker = random.Random(seed)
        s = SPEC.new(players, seed)
        while SPEC.outcome(s) is None:
            public = SPEC.view(s, None)
            assert_public_is_clean(s, public)
            seat = picker.choice(SPEC.to_act(s))
            assert_seat_sees_only_its_own(s, seat, public)
            assert_seat_sees_only_its_own(s, picker.randrange(players), public)
            action = picker.choice(SPEC.legal_actions(s, seat))
            after = SPEC.apply(s, seat, action)
            line = SPEC.describe(s, seat, action, after)
            assert line  # every action says what it did
            assert not any(card in line for card in VOTE_TEXTS)
            if SPEC.secret_choice(s, seat):
                assert action not in line
            s = after
        final = SPEC.view(s, None)
        assert final["loyalty"] == s.loyalty and final["to_act"] == []
