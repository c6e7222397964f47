"""Invariants of Tortuga 1667, checked after every action of the random playouts."""

from __future__ import annotations

from games.tortuga.data import SECTIONS, SHIP_SIZE, TREASURE_TOTAL, VOTE_CARDS, VOTE_TOTAL
from games.tortuga.state import TortugaState

EVENT_CARDS = 19


def check(spec, s: TortugaState) -> None:
    pending = s.pending or {}
    unplaced = 2 - pending["ship"] if pending.get("kind") == "hold" else 0
    treasure = s.galleon + sum(map(sum, s.holds)) + sum(s.tortuga_chests) + unplaced
    assert treasure == TREASURE_TOTAL, f"treasure is {treasure}"
    assert min(s.galleon, *s.tortuga_chests, *(h for hold in s.holds for h in hold)) >= 0
    assert all(len(ship) <= SHIP_SIZE for ship in s.ships), s.ships
    pawns = [*s.ships[0], *s.ships[1], *s.tortuga, *(p for p in s.rowboats if p is not None)]
    assert sorted(pawns) == list(range(s.players)), f"pawns {pawns}"
    if s.exploded is not None:
        assert s.rowboats[s.exploded] is None
    committed = [c for cards in pending.get("cards", []) for c in cards]
    votes = [*(c for hand in s.hands for c in hand), *s.vote_deck, *committed]
    assert sorted(votes) == list(range(VOTE_TOTAL)), "vote cards are not conserved"
    in_hand = (
        1
        if pending.get("kind") == "give"
        or (pending.get("kind") == "marque" and not pending["saved"])
        else 0
    )
    events = (
        len(s.event_deck)
        + sum(c is not None for c in s.row)
        + len(s.discard)
        + sum(map(len, s.kept))
        + in_hand
    )
    armada_gone = s.sudden_death or s.outcome is not None
    assert events in (EVENT_CARDS - armada_gone, EVENT_CARDS - s.sudden_death), events
    assert all(s.pirate_code[p] == 0 or "pirate code" in s.kept[p] for p in range(s.players))
    if s.outcome is None:
        assert spec.to_act(s)
    check_memory(s)


def check_memory(s: TortugaState) -> None:
    """What the table remembers agrees with the cards: each known run at the bottom of the vote
    deck holds cards with exactly the symbols shown, its owners' cards among them; each seat's
    loyalty history ends with the card it holds."""
    bottom = len(s.vote_deck)
    for run in s.deck_runs:
        segment = s.vote_deck[bottom - run["size"] : bottom]
        bottom -= run["size"]
        assert bottom >= 0, "runs are larger than the deck"
        if run["section"] is not None:
            section = SECTIONS.index(run["section"])
            assert sorted(VOTE_CARDS[c][section] for c in segment) == run["symbols"]
        for cards in run["own"].values():
            assert set(cards) <= set(segment)
    if s.event_deck and not s.sudden_death:
        assert s.event_deck[-1] == "spanish armada", "the Armada lies at the deck's bottom (A6)"
    assert [log[-1] for log in s.loyalty_log] == s.loyalty
    assert all(
        len(log) == 1 + sum(p in pair for pair in s.fevers) for p, log in enumerate(s.loyalty_log)
    )
