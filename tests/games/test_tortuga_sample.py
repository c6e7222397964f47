"""``sample`` for Tortuga 1667: what keeps the AI honest.

A sample must look exactly like the original to the seat, re-deal everything else, depend on
nothing but the seat's view and the seed, and be a legal state from which play goes on."""

from __future__ import annotations

import random
from collections import Counter

from games.tortuga import SPEC
from games.tortuga.data import ARMADA, STARRED, VOTE_CARDS
from games.tortuga.state import TortugaState
from tests.games import tortuga_invariants
from tests.games.test_tortuga import FILLER, act, position, vote_round
from tests.games.test_tortuga_hooks import random_states


def perturb(s: TortugaState, seat: int, picker: random.Random) -> TortugaState:
    """Another world with the same view for ``seat``, changed by hand (not by ``sample``):
    every field the seat cannot see is shuffled or rewritten."""
    t = SPEC.copy(s)
    t.rng = picker.randrange(2**63)
    others = [p for p in range(t.players) if p != seat]
    if t.outcome is None:
        cards = [t.loyalty[p] for p in others]
        picker.shuffle(cards)
        for p, card in zip(others, cards, strict=True):
            t.loyalty[p] = card
            t.loyalty_log[p] = [*t.loyalty_log[p][:-1], card]
    pending = t.pending or {}
    commits = (
        [] if "cards" not in pending else [i for i, v in enumerate(pending["voters"]) if v != seat]
    )
    searching = pending.get("kind") == "pick" and pending["seat"] == seat
    hands = [] if searching else others
    top = len(t.vote_deck) - sum(run["size"] for run in t.deck_runs)
    pool = [c for p in hands for c in t.hands[p]] + [
        c for i in commits for c in pending["cards"][i]
    ]
    pool += [] if searching else t.vote_deck[:top]
    picker.shuffle(pool)
    for p in hands:
        size = len(t.hands[p])
        t.hands[p], pool = pool[:size], pool[size:]
    for i in commits:
        size = len(pending["cards"][i])
        pending["cards"][i], pool = pool[:size], pool[size:]
    if not searching:
        t.vote_deck[:top] = pool
    if "picked" in pending:
        pending["picked"] = list(t.hands[pending["target"]])
    for run in t.deck_runs:
        run["own"] = {k: v for k, v in run["own"].items() if k == str(seat)}
    blind = [i for i, c in enumerate(t.row) if c is not None and t.known[seat][i] is None]
    deck = t.event_deck[:-1] if t.event_deck and t.event_deck[-1] == ARMADA else t.event_deck
    cards = [t.row[i] for i in blind] + deck
    picker.shuffle(cards)
    for i in blind:
        t.row[i] = cards.pop()
    deck[:] = cards
    if t.event_deck and t.event_deck[-1] == ARMADA:
        t.event_deck = [*deck, ARMADA]
    else:
        t.event_deck = deck
    t.known = [
        [t.row[i] if p in t.viewers[i] else None for i in range(5)] for p in range(t.players)
    ]
    for p in others:
        t.notes[p] = [{"text": f"hidden note {picker.random()}", "params": {}}]
    t.secret_log = [{"kind": "noise", "value": picker.random()}]
    assert SPEC.view(t, seat) == SPEC.view(s, seat)
    return t


def test_a_sample_looks_the_same_to_its_seat_and_is_a_legal_state():
    """ "A state that agrees with everything seat can see": the seat's whole view (public and
    private) is unchanged, and every invariant of the game holds in the sample."""
    checked = 0
    picker = random.Random(1)
    for s in random_states(120):
        seat = picker.randrange(s.players)
        t = SPEC.sample(s, seat, picker.randrange(1000))
        assert SPEC.view(t, seat) == SPEC.view(s, seat)
        assert SPEC.dump(SPEC.load(SPEC.dump(t))) == SPEC.dump(t)
        tortuga_invariants.check(SPEC, t)
        checked += 1
    assert checked > 4000


def test_the_sample_depends_only_on_the_view_and_the_seed():
    """ "Two states with the same view for seat give the same sample for the same seed":
    worlds that differ in every hidden field (hands, loyalties, deck orders, other seats'
    notes and knowledge, the RNG, the hidden history) give byte-identical samples."""
    picker = random.Random(2)
    checked = 0
    for s in random_states(60, seed=1):
        seat = picker.randrange(s.players)
        seed = picker.randrange(1000)
        other = perturb(s, seat, picker)
        assert SPEC.dump(SPEC.sample(s, seat, seed)) == SPEC.dump(SPEC.sample(other, seat, seed))
        checked += 1
    assert checked > 2000


def test_samples_re_deal_what_the_seat_cannot_see():
    """Different seeds give different worlds: other hands, loyalties, the event deck order."""
    s = position(
        players=6,
        ships=([0, 1, 2], [3, 4, 5]),
        row=["pistol", "scurvy", "albatross", "black spot", "facade"],
        event_deck=["pistol", "albatross", "letter of marque", ARMADA],
    )
    worlds = [SPEC.sample(s, 0, seed) for seed in range(30)]
    assert len({tuple(map(tuple, w.hands[1:])) for w in worlds}) > 20
    assert len({tuple(w.loyalty[1:]) for w in worlds}) > 5
    assert len({tuple(w.event_deck) for w in worlds}) > 5
    assert all(w.hands[0] and sorted(w.hands[0]) == sorted(w.hands[0]) for w in worlds)
    assert all(w.event_deck[-1] == ARMADA for w in worlds)  # A6: the bottom is public
    assert len({w.rng for w in worlds}) == 30
    assert SPEC.dump(SPEC.sample(s, 0, 7)) == SPEC.dump(SPEC.sample(s, 0, 7))


def test_row_cards_the_seat_has_seen_stay_and_others_follow_who_looked():
    s = position(row=["pistol", "scurvy", "albatross", "black spot", "facade"])
    s = act(s, 0, "view", "view 2 5")
    s = act(s, 1, "view", "view 1 2")
    for seed in range(20):
        t = SPEC.sample(s, 0, seed)
        assert t.row[1] == "scurvy" and t.row[4] == "facade"
        assert t.known[1] == [t.row[0], t.row[1], None, None, None]
        assert t.known[2] == [None] * 5


def test_which_starred_cards_are_in_the_game_is_re_dealt_but_revealed_ones_stay():
    """Three of the eight starred cards are in each game, unseen; a starred card revealed
    earlier stays in every sample, even once sudden death has shuffled it back."""
    s = position(row=["scurvy", *FILLER[1:]])
    s = act(s, 0, "reveal 1")
    in_game = set()
    for seed in range(40):
        t = SPEC.sample(s, 1, seed)
        cards = Counter([*t.event_deck, *(c for c in t.row if c), *t.discard])
        starred = {c for c in cards if c in STARRED}
        assert "scurvy" in starred and len(starred) <= 3
        in_game |= starred
    assert len(in_game) > 4


def test_a_cabin_fever_partner_keeps_what_the_swap_told():
    """ "Revealer and the chosen player's loyalty cards are shuffled and redistributed ...
    They each secretly view their new loyalty card": after a swap the revealer knows its
    partner holds its old card, and every sample agrees."""
    for rng in range(30):
        s = position(
            loyalty=["british", "french", "british", "french"], row=["cabin fever", *FILLER[1:]]
        )
        s.rng = rng
        s = act(s, 0, "reveal 1", "fever p2")
        if s.loyalty[0] == "french":
            break
    assert s.loyalty[:2] == ["french", "british"]
    partners = {SPEC.sample(s, 0, seed).loyalty[1] for seed in range(30)}
    assert partners == {"british"}
    assert {SPEC.sample(s, 2, seed).loyalty[0] for seed in range(40)} == {"british", "french"}


def test_the_buried_vote_cards_keep_their_revealed_symbols():
    """ "mix and place all played vote cards face-down at the bottom of the vote deck": the
    table saw their attack symbols, and the voter knows its own card is there."""
    s = position(
        players=5,
        ships=([0, 1, 2], [3, 4]),
        hands={0: ["cannon british skull"], 1: ["torch french helm"], 2: ["water british helm"]},
        deck_top=["water french helm"],
    )
    s = act(s, 0, "attack")
    s = vote_round(s, {0: "cannon british skull", 1: "torch french helm", 2: "water british helm"})
    assert s.deck_runs[0]["symbols"] == ["cannon", "torch", "water", "water"]
    for seed in range(25):
        t = SPEC.sample(s, 1, seed)
        bottom = t.vote_deck[-4:]
        assert sorted(VOTE_CARDS[c][0] for c in bottom) == ["cannon", "torch", "water", "water"]
        assert "torch french helm" in [" ".join(VOTE_CARDS[c]) for c in bottom]


def test_the_crows_nest_searcher_keeps_the_deck_it_sees():
    s = position(row=["crow's nest", *FILLER[1:]], hands={2: ["cannon british skull"]})
    s = act(s, 0, "reveal 1", "search p3")
    deck = sorted(s.vote_deck)
    for seed in range(10):
        t = SPEC.sample(s, 0, seed)
        assert Counter(map(VOTE_CARDS.__getitem__, t.vote_deck)) == Counter(
            map(VOTE_CARDS.__getitem__, deck)
        )


def test_play_goes_on_from_samples_to_the_end():
    """Samples are legal states: random play from them keeps the invariants and ends."""
    picker = random.Random(4)
    states = list(random_states(40, seed=2))
    for s in picker.sample(states, 60):
        seat = picker.randrange(s.players)
        t = SPEC.sample(s, seat, picker.randrange(100))
        for _ in range(3000):
            if SPEC.outcome(t) is not None:
                break
            mover = picker.choice(SPEC.to_act(t))
            t = SPEC.apply(t, mover, picker.choice(SPEC.legal_actions(t, mover)))
            tortuga_invariants.check(SPEC, t)
        assert SPEC.outcome(t) is not None
