"""Caribbean's second-edition hooks: labels, bidding in words (issue 13), reasons for refusals,
changes between views, sampling for the AI, evaluation and the reveal at the end."""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from collections.abc import Iterator

import pytest

from games.caribbean import SPEC
from games.caribbean.data import CARDS, SHIP_LETTERS, SHIP_NAMES
from games.caribbean.position import build_position, sailing
from games.caribbean.state import CaribbeanState
from games.core import ENVELOPE_KEYS, IllegalAction, score
from tests.games.caribbean_invariants import check

RAW = re.compile(
    r"\b(bid [a-f] -?\d|bid repeat|tiebreaker (up|down)|move [a-h]\d+|"
    r"(steal|swap|pass) [a-f]\b)"
)


def random_states(games: int, players: int | None = None) -> Iterator[CaribbeanState]:
    """Every state of ``games`` random games (each cut after three rounds)."""
    for game in range(games):
        picker = random.Random(game)
        state = SPEC.new(players or 2 + game % 3, game)
        while SPEC.outcome(state) is None and state.round <= 3:
            yield state
            seat = picker.choice(SPEC.to_act(state))
            state = SPEC.apply(state, seat, picker.choice(SPEC.legal_actions(state, seat)))


def prefixes(action: str) -> list[str]:
    words = action.split()
    return [" ".join(words[:n]) for n in range(1, len(words))]


def bid_all(state: CaribbeanState, seat: int, cards: list[int]) -> CaribbeanState:
    for letter, card in zip(SHIP_LETTERS, cards, strict=True):
        state = SPEC.apply(state, seat, f"bid {letter} {card}")
    return SPEC.apply(state, seat, "confirm")


def round_two(first: list[list[int]]) -> CaribbeanState:
    """A 2-player game in round 2 after ``first`` were the round-1 bids and every ship ended its
    turn at once."""
    state = build_position(2)
    for seat, row in enumerate(first):
        state = bid_all(state, seat, row)
    while state.phase != "bid":
        state = SPEC.apply(
            state, SPEC.to_act(state)[0], SPEC.legal_actions(state, SPEC.to_act(state)[0])[-1]
        )
    assert state.round == 2
    return state


# -- the envelope and test positions ---------------------------------------------------------


def test_the_view_is_the_envelope_with_the_games_keys_beside_it():
    """Issue 11: "every view has game, seats, to_act, turn, last, outcome, scores and, in a
    seat's view only, private"; the game's keys never reuse those names."""
    state = bid_all(SPEC.new(3, 2), 0, [5, 4, 3, 2, 1, 0])
    view = SPEC.view(state, 1)
    assert set(ENVELOPE_KEYS) | {"private"} <= set(view)
    assert set(SPEC.board_view(state, 1)).isdisjoint([*ENVELOPE_KEYS, "private"])
    assert view["game"] == "caribbean" and view["seats"] == ["Red", "Blue", "Yellow"]
    assert view["turn"] == 1 and view["to_act"] == [1, 2] and view["outcome"] is None
    assert view["last"] == []
    assert view["scores"] == [score("Red", 0), score("Blue", 0), score("Yellow", 0)]


def test_a_position_is_described_in_the_games_own_words():
    state = SPEC.position(players=2, ships={"a": "E5"}, cargo={"a": "HAV"}, moving=("a", 1, 2))
    assert SPEC.to_act(state) == [1] and state.moves_left == 2 and state.cargo[0] == "HAV"
    assert "move e6" in SPEC.legal_actions(state, 1)


# -- labels -----------------------------------------------------------------------------------


def test_every_legal_action_and_prefix_has_a_short_label_in_words():
    """Issue 13: "Each game gives every legal action a short human label (at most 80
    characters)"; prefixes name the group the bot offers in steps; never raw notation."""
    checked = 0
    for state in random_states(45):
        for seat in SPEC.to_act(state):
            legal = SPEC.legal_actions(state, seat)
            for action in {*legal, *(p for a in legal for p in prefixes(a))}:
                text = SPEC.label(state, seat, action)
                assert 0 < len(text) <= 80, (action, text)
                assert not RAW.search(text), (action, text)
                assert text.lower() != action, (action, text)  # words, not the bare verb
                if " " in action:  # notation (``bid a 3``, ``move e6``) never shows
                    assert action not in text.lower(), (action, text)
                checked += 1
    assert checked > 20_000


def test_a_label_is_only_for_legal_actions_and_their_prefixes():
    state = SPEC.new(2, 1)
    with pytest.raises(ValueError):
        SPEC.label(state, 0, "bid b 3")


def test_bid_labels_name_the_card_and_the_ship():
    """Issue 13: "Put your 3 on ship A (Arriba)", never ``bid a -1``."""
    state = SPEC.new(2, 1)
    assert SPEC.label(state, 0, "bid a 3") == "Put your 3 on ship A (Arriba)"
    assert SPEC.label(state, 0, "bid a -1") == "Put your -1 (thief) on ship A (Arriba)"
    assert SPEC.label(state, 0, "bid a") == "A card for ship A (Arriba)"
    for letter, card in zip(SHIP_LETTERS, [3, -1, 0, 1, 2, 4], strict=True):
        state = SPEC.apply(state, 0, f"bid {letter} {card}")
    assert SPEC.label(state, 0, "bid b 5") == (
        "Put your spare 5 on ship B (Bravo); its -1 becomes your tie-breaker"
    )
    assert (
        SPEC.label(state, 0, "confirm") == "Confirm: A 3, B -1, C 0, D 1, E 2, F 4, tie-breaker 5"
    )


def test_sailing_labels_say_where_and_what():
    """Squares upper-case as on the board; chests by city and value; who earns what."""
    state = build_position(2, ships={"a": "B3", "b": "E6"}, cargo={"b": "TRU"}, ports=["HAV"])
    state = sailing(state, "a", 0, 2)
    assert SPEC.label(state, 0, "move b4") == (
        "Sail Arriba to B4, Havanna's harbour (7,000 chest) (1 left)"
    )
    assert SPEC.label(state, 0, "move") == "Sail Arriba one space (2 left)"
    assert SPEC.label(state, 0, "done") == "End Arriba's turn"
    state = SPEC.apply(state, 0, "move b4")
    assert SPEC.label(state, 0, "capture") == (
        "Capture Havanna: load its 7,000 chest, +2,000 to Red"
    )
    state = sailing(
        build_position(2, ships={"a": "E5", "b": "E6"}, cargo={"a": "HAV", "b": "TRU"}), "a", 0, 0
    )
    assert (
        SPEC.label(state, 0, "swap b")
        == "Swap Arriba's Havanna 7,000 chest for Bravo's Trujillo 7,000"
    )
    state = sailing(build_position(2, ships={"a": "E10", "b": "E9"}, cargo={"a": "SJU"}), "a", 1, 0)
    assert SPEC.label(state, 1, "pass b") == (
        "Pass the San Juan 5,000 chest to Bravo on Red's haven (Red +5,000)"
    )


def test_tie_breaker_labels_say_what_up_and_down_do():
    """Issue 13: "Tie-breakers say in words what up and down do." Rulebook: "A face up card
    means the player is bidding some more … Tie-breaker cards revealed face down can be used to
    break another tie in this round"."""
    state = build_position(2)
    state = bid_all(state, 0, [5, 0, 1, 2, 3, 4])  # tie-breaker -1
    state = bid_all(state, 1, [5, 4, 3, 2, 1, -1])  # tie-breaker 0
    assert state.phase == "tiebreak"
    assert SPEC.label(state, 1, "tiebreaker up") == (
        "Face up: bid your tie-breaker 0 too (then spent this round)"
    )
    assert SPEC.label(state, 1, "tiebreaker down") == (
        "Face down: bid no more and keep your 0 for a later tie"
    )
    text = SPEC.private_text(SPEC.view(state, 1))
    assert "Tie for Arriba! Face up adds your tie-breaker (0) as an extra bid" in text
    assert "Face down bids nothing more and keeps it for a later tie." in text


# -- bidding in words (issue 13) ----------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_all_six_ships_take_one_pick_each_plus_one_confirm(seed):
    """Issue 13: "lets a player set all six ships with at most one pick per ship plus one
    confirm". Any assignment of six of the seven cards is reached in exactly seven picks, each
    from a short list whose labels name that ship."""
    picker = random.Random(seed)
    target = picker.sample(CARDS, 6)
    state = SPEC.new(3, seed)
    for ship, (letter, card) in enumerate(zip(SHIP_LETTERS, target, strict=True)):
        legal = SPEC.legal_actions(state, 1)
        assert f"bid {letter} {card}" in legal and len(legal) <= 8
        labels = [SPEC.label(state, 1, a) for a in legal if a.startswith("bid")]
        assert all(f"ship {letter.upper()} ({SHIP_NAMES[ship]})" in text for text in labels)
        state = SPEC.apply(state, 1, f"bid {letter} {card}")
    state = SPEC.apply(state, 1, "confirm")
    assert state.bids[1] == target and state.confirmed[1]


def test_the_private_view_shows_the_assignment_so_far_and_explains_bids_and_thieves():
    """Issue 13: "shows the current assignment"; "explains bids and thieves in one sentence".
    Rulebook: "each thief card played by an opponent subtracts one space from the ship's
    movement"."""
    state = SPEC.new(2, 3)
    state = SPEC.apply(state, 0, "bid a 4")
    state = SPEC.apply(state, 0, "bid b -1")
    view = SPEC.view(state, 0)
    assert view["private"]["bids"] == {"a": 4, "b": -1, "c": None, "d": None, "e": None, "f": None}
    text = SPEC.private_text(view)
    assert "Ship A: 4, Ship B: -1, Ship C: —" in text
    assert (
        "The highest card on a ship wins it and sails it that many spaces, one fewer for each "
        "opponent's -1 thief card on that ship; your seventh card is your tie-breaker."
    ) in text
    assert "Free cards: 0, 1, 2, 3, 5. Next, pick a card for ship C (Caribic)." in text
    assert "bid a" not in text and "`" not in text


def test_same_as_last_round_is_one_step_from_round_two():
    """Issue 13: "offers 'same as last round' where legal" (ruling R7)."""
    assert "bid repeat" not in SPEC.legal_actions(SPEC.new(2, 1), 0)  # nothing to repeat yet
    state = round_two([[5, 4, 3, 2, 1, 0], [0, 1, 2, 3, 4, 5]])
    assert SPEC.legal_actions(state, 0)[-1] == "bid repeat"
    assert SPEC.label(state, 0, "bid repeat") == "Same as last round: A 5, B 4, C 3, D 2, E 1, F 0"
    assert SPEC.view(state, 0)["private"]["last_round"] == dict(
        zip("abcdef", [5, 4, 3, 2, 1, 0], strict=True)
    )
    assert "Last round you bid A 5, B 4, C 3, D 2, E 1, F 0." in SPEC.private_text(
        SPEC.view(state, 0)
    )
    state = SPEC.apply(state, 0, "bid a 1")  # a first card, then changes their mind
    after = SPEC.apply(state, 0, "bid repeat")
    assert after.bids[0] == [5, 4, 3, 2, 1, 0] and not after.confirmed[0]
    assert "bid repeat" not in SPEC.legal_actions(after, 0)  # already exactly last round's
    assert SPEC.legal_actions(after, 0)[-1] == "confirm"
    assert SPEC.describe(state, 0, "bid repeat", after) == "Red has assigned their cards."
    assert SPEC.view(after, None) == SPEC.view(state, None)  # nothing public changes
    reason = SPEC.explain(after, 0, "bid repeat")
    assert reason == "Your ships already hold the cards you bid last round."


# -- reasons for refusals ------------------------------------------------------------------------


def near_misses() -> list[tuple[CaribbeanState, int, str, str]]:
    """(position, seat, refused action, the reason's key words)."""
    fresh = SPEC.new(2, 1)
    started = SPEC.apply(fresh, 0, "bid a 3")
    full = started
    for letter, card in zip("bcdef", [-1, 0, 1, 2, 4], strict=True):
        full = SPEC.apply(full, 0, f"bid {letter} {card}")
    confirmed = SPEC.apply(full, 0, "confirm")
    tie = bid_all(bid_all(build_position(3), 0, [5, 0, 1, 2, 3, 4]), 1, [5, 4, 3, 2, 1, -1])
    tie = bid_all(tie, 2, [1, 2, 3, 4, 5, 0])
    chosen = SPEC.apply(tie, 0, "tiebreaker down")
    crowd = sailing(build_position(2, ships={"a": "D6", "b": "D7", "c": "E6"}), "a", 0, 2)
    spent = sailing(build_position(2, ships={"a": "D6"}), "a", 0, 0)
    laden = sailing(
        build_position(2, ships={"a": "E5", "b": "E6"}, cargo={"a": "HAV", "b": "TRU"}), "a", 0, 1
    )
    empty = sailing(build_position(2, ships={"a": "E5", "b": "E7"}, cargo={"b": "TRU"}), "a", 0, 1)
    yellow = sailing(build_position(2, ships={"a": "D5"}, cargo={"a": "HAV"}), "a", 0, 1)
    return [
        (started, 0, "confirm", "Put a card on all six ships before you confirm"),
        (started, 0, "bid c 4", "Cards go on the ships in order A to F: the next one is ship B"),
        (started, 0, "bid b 3", "Your 3 is already on ship A (Arriba)"),
        (started, 0, "bid b 7", "Your bribe cards are -1 (the thief) and 0 to 5"),
        (started, 0, "bid g 1", "There are six ships, A (Arriba) to F (Fuego)"),
        (
            full,
            0,
            "bid c 3",
            "Your 3 is on ship A (Arriba); to change a bid, give a ship your spare card (5)",
        ),
        (fresh, 0, "bid repeat", "There is no earlier round to repeat yet"),
        (confirmed, 0, "bid a 4", "You gave your OK: your bids cannot change until the next round"),
        (fresh, 0, "move e5", "Ships sail only after every bid is in"),
        (tie, 2, "tiebreaker up", "Only the players tied for the highest bid on Arriba"),
        (chosen, 0, "tiebreaker up", "the choice is final"),
        (crowd, 0, "move d7", "Bravo is on D7: only one ship may occupy a sea space"),
        (crowd, 0, "move f7", "F7 is not next to D6, where Arriba is"),
        (crowd, 0, "move d10", "D10 is land: ships sail only on sea spaces"),
        (crowd, 1, "move d5", "Only Red, who won Arriba, moves it"),
        (spent, 0, "move d5", "Arriba has no movement left this turn"),
        (spent, 0, "capture", "Arriba is not on a harbour space"),
        (laden, 0, "steal b", "Arriba already carries a chest (one per ship): swap chests instead"),
        (empty, 0, "steal b", "Bravo is not next to Arriba"),
        (empty, 0, "deliver", "Arriba carries no chest to deliver"),
        (yellow, 0, "deliver", "D5 is Yellow's haven, but Yellow is not playing: it is plain sea"),
        (laden, 0, "throw overboard", "A player may never throw a treasure chest overboard"),
        (confirmed, 1, "tiebreaker up", "There is no tie to break now"),
        (crowd, 0, "bid a 5", "this round's bids are already in"),
        (tie, 0, "move e5", "Ships sail only after every bid is in and revealed"),
    ]


def test_common_near_misses_get_their_own_reason():
    """Issue 13: "An illegal move gets the rule that forbids it, in a sentence"."""
    misses = near_misses()
    assert len(misses) >= 8
    for state, seat, action, reason in misses:
        assert action not in SPEC.legal_actions(state, seat), action
        with pytest.raises(IllegalAction):
            SPEC.apply(state, seat, action)
        text = SPEC.explain(state, seat, action)
        assert reason in text, (action, text)
        assert "`" not in text and text.endswith(".")


def test_reasons_never_echo_unknown_text_or_reveal_a_secret():
    state = SPEC.apply(SPEC.new(2, 4), 1, "bid a 5")
    for junk in ["move zz9", "bid x yz", "fly away", "steal q", "bid b 9", "bid a 5"]:
        text = SPEC.explain(state, 0, junk)
        assert junk.split()[-1] not in text.lower().split()
        assert text == SPEC.explain(SPEC.apply(SPEC.new(2, 4), 1, "bid a 0"), 0, junk)


# -- changes ------------------------------------------------------------------------------------


def test_changes_name_moves_chests_money_and_reveals_from_views_only():
    """Issue 14: "The change list comes from the engine (what moved, from where to where, what
    was added or removed)"."""
    state = sailing(build_position(2, ships={"a": "B3"}, ports=["HAV"]), "a", 0, 2)
    before = SPEC.view(state, 1)
    after_state = SPEC.apply(SPEC.apply(state, 0, "move b4"), 0, "capture")
    after = SPEC.view(after_state, 1)
    found = SPEC.changes(before, after)
    assert {
        "kind": "move",
        "ship": "a",
        "from": "B3",
        "to": "B4",
        "text": "Arriba sailed from B3 to B4.",
    } in found
    assert {
        "kind": "chest",
        "chest": "HAV",
        "from": "C4",
        "to": "B4",
        "text": "Arriba took the Havanna 7,000 chest from Havanna.",
    } in found
    assert {
        "kind": "count",
        "seat": 0,
        "before": 0,
        "after": 2000,
        "text": "Red: 0 → 2,000 doubloons.",
    } in found
    assert SPEC.changes(after, after) == []


def test_changes_tell_deliveries_new_chests_and_revealed_bids():
    """Rulebook: "After each round, the players place the next two treasure chests from the
    treasure chest supply … on the named harbor cities"."""
    state = build_position(2, ships={"f": "F8"}, cargo={"f": "HAV"})
    before = SPEC.view(state, 0)
    state = bid_all(bid_all(state, 0, [5, 4, 3, 2, 0, 1]), 1, [4, 3, 2, 1, -1, 0])
    while state.current < 5:
        state = SPEC.apply(state, 0, "done")
    state = SPEC.apply(state, 0, "move f7")
    state = SPEC.apply(state, 0, "done")  # Fuego ends on Blue's haven F7 and must unload
    found = SPEC.changes(before, SPEC.view(state, 0))
    kinds = [change["kind"] for change in found]
    assert "deliver" in kinds and kinds.count("add") == 2 and kinds.count("reveal") == 0
    deliver = next(change for change in found if change["kind"] == "deliver")
    assert deliver["at"] == "C4" and deliver["seat"] == 1
    assert deliver["text"] == "The Havanna 7,000 chest was delivered to Blue's haven: Blue +7,000."
    mid = bid_all(bid_all(build_position(2), 0, [5, 4, 3, 2, 1, 0]), 1, [4, 3, 2, 1, 0, -1])
    reveal = SPEC.changes(SPEC.view(build_position(2), 1), SPEC.view(mid, 1))
    assert {"kind": "reveal", "ship": 0, "text": "Arriba bids: Red 5, Blue 4."} in reveal


def test_changes_are_a_digest_for_any_seat_and_never_a_secret():
    for state in random_states(6):
        for seat in SPEC.to_act(state):
            after = SPEC.apply(state, seat, SPEC.legal_actions(state, seat)[0])
            for viewer in range(state.players):
                found = SPEC.changes(SPEC.view(state, viewer), SPEC.view(after, viewer))
                assert found == SPEC.changes(SPEC.view(state, None), SPEC.view(after, None))
                assert all(change["text"] for change in found)
            break


# -- sampling for the AI --------------------------------------------------------------------------


def other_world(state: CaribbeanState, seat: int, picker: random.Random) -> CaribbeanState:
    """The same game for ``seat``, with everything it cannot see dealt anew: how far other
    bidders got and which cards, unrevealed bids and tie-breakers, tie choices, the supply."""
    other = SPEC.copy(state)
    revealed = len(state.won_by)
    for who in range(state.players):
        if who == seat:
            continue
        if not state.confirmed[who]:
            cards = picker.sample(CARDS, 6)
            other.bids[who] = [*cards[: picker.randrange(7)], *[None] * 6][:6]
            continue
        known = set(state.bids[who][:revealed])
        known |= {mark for ties in state.tiebreaks for mark in [ties[who]] if type(mark) is int}
        pool = [card for card in CARDS if card not in known]
        picker.shuffle(pool)
        other.bids[who] = [*state.bids[who][:revealed], *pool[: 6 - revealed]]
        if state.tie_choice[who] is not None:
            other.tie_choice[who] = picker.choice(["up", "down"])
    picker.shuffle(other.supply)
    return other


def test_a_sample_agrees_with_the_seats_view_and_ignores_what_it_cannot_see():
    """Issue 15: "a new state that agrees with everything that seat can see and re-deals
    everything it cannot … two states with the same view for that seat give the same samples
    from the same random seed"."""
    picker = random.Random(0)
    samples, differ = 0, 0
    for state in random_states(30):
        if picker.random() > 0.2:
            continue
        seat = picker.randrange(state.players)
        twin = other_world(state, seat, picker)
        assert SPEC.view(twin, seat) == SPEC.view(state, seat)
        seed = picker.randrange(1 << 30)
        sample = SPEC.sample(state, seat, seed)
        assert SPEC.view(sample, seat) == SPEC.view(state, seat)
        assert SPEC.dump(sample) == SPEC.dump(SPEC.sample(twin, seat, seed))
        differ += SPEC.dump(sample) != SPEC.dump(SPEC.sample(state, seat, seed + 1))
        check(SPEC, sample)
        samples += 1
    assert samples > 200 and differ > samples // 2


def test_samples_are_legal_games_that_play_to_the_end():
    picker = random.Random(1)
    played = 0
    for state in random_states(12):
        if picker.random() > 0.05:
            continue
        world = SPEC.sample(state, picker.randrange(state.players), picker.randrange(1000))
        for _ in range(20_000):
            if SPEC.outcome(world) is not None:
                break
            seat = picker.choice(SPEC.to_act(world))
            world = SPEC.apply(world, seat, picker.choice(SPEC.legal_actions(world, seat)))
            check(SPEC, world)
        assert SPEC.outcome(world) is not None
        played += 1
    assert played >= 10


def test_a_sample_keeps_what_was_revealed_this_round():
    """Bids face up on revealed ships, and a tie-breaker shown face up, stay as they were."""
    rows = ([5, 4, 0, 1, 2, 3], [5, 4, 0, 1, 2, -1], [5, 4, 3, 2, 1, 0])
    state = build_position(3)
    for seat, row in enumerate(rows):
        state = bid_all(state, seat, row)
    for choice in ("up", "down", "down"):
        state = SPEC.apply(state, SPEC.to_act(state)[0], f"tiebreaker {choice}")
    state = SPEC.apply(state, 0, "done")  # Bravo ties among all three; Red's card is spent
    for seed in range(20):
        world = SPEC.sample(state, 1, seed)
        assert [row[:2] for row in world.bids] == [[5, 4]] * 3
        assert world.bids[1] == state.bids[1]
        assert world.tiebreaker(0) == -1  # Red's face-up -1 on Arriba is known to all
        assert sorted(world.supply) == sorted(state.supply)


# -- evaluation -----------------------------------------------------------------------------------


def test_an_ended_game_scores_winners_one_and_losers_zero():
    """Ruling C15: "A tie for most money is a shared win"."""
    state = build_position(3, money=[62_000, 1000, 0])
    state = bid_all(
        bid_all(bid_all(state, 0, [5, 4, 3, 2, 1, 0]), 1, [4, 3, 2, 1, 0, -1]),
        2,
        [4, 3, 2, 1, 0, -1],
    )
    while SPEC.outcome(state) is None:
        state = SPEC.apply(state, state.active, "done")
    assert SPEC.evaluate(state) == [1.0, 0.0, 0.0]
    shared = build_position(2, money=[62_000, 62_000])
    shared = bid_all(bid_all(shared, 0, [5, 4, 3, 2, 1, 0]), 1, [4, 3, 2, 1, 0, -1])
    while SPEC.outcome(shared) is None:
        shared = SPEC.apply(shared, shared.active, "done")
    assert SPEC.evaluate(shared) == [0.5, 0.5]


def test_a_clearly_better_position_scores_higher():
    """Money counts, a chest next to your own haven nearly counts, and the closer the leader
    is to the threshold the surer its win."""
    even = SPEC.evaluate(build_position(2))
    assert even == pytest.approx([0.5, 0.5])
    richer = SPEC.evaluate(build_position(2, money=[10_000, 4000]))
    assert richer[0] > 0.5 > richer[1]
    near_mine = SPEC.evaluate(build_position(2, ships={"a": "D9"}, cargo={"a": "PBE"}))  # E9 Red
    near_theirs = SPEC.evaluate(build_position(2, ships={"a": "E4"}, cargo={"a": "PBE"}))  # E3 Blue
    assert near_mine[0] > 0.5 > near_theirs[0]
    early = SPEC.evaluate(build_position(2, money=[14_000, 10_000]))
    late = SPEC.evaluate(build_position(2, money=[60_000, 56_000]))
    assert late[0] > early[0] > 0.5


def test_evaluation_is_cheap_and_a_distribution():
    states = list(random_states(8))
    start = time.perf_counter()
    for state in states:
        values = SPEC.evaluate(state)
        assert len(values) == state.players and all(0 <= v <= 1 for v in values)
        assert sum(values) == pytest.approx(1)
    assert (time.perf_counter() - start) / len(states) < 0.001


# -- the reveal -----------------------------------------------------------------------------------


def test_the_reveal_adds_up_every_rounds_bids_and_tie_breakers_only_at_the_end():
    """Every secret made public at the end, in a line per seat however long the game: each
    seat's bribes per ship added up over the rounds and how often it kept each tie-breaker
    (round by round they stay in the history); nothing before the outcome."""
    picker = random.Random(3)
    state = SPEC.new(3, 3)
    secrets: list[list[list[int | None]]] = []
    while SPEC.outcome(state) is None:
        assert SPEC.reveal(state) == []
        seat = picker.choice(SPEC.to_act(state))
        action = picker.choice(SPEC.legal_actions(state, seat))
        if action == "confirm" and SPEC.to_act(state) == [seat]:  # the last OK of a round
            secrets.append([[*row, state.tiebreaker(s)] for s, row in enumerate(state.bids)])
        state = SPEC.apply(state, seat, action)
    lines = SPEC.reveal(state)
    assert lines[0] == f"Bribes added up over {len(secrets)} rounds, and tie-breakers:"
    for seat, colour in enumerate(["Red", "Blue", "Yellow"]):
        rows = [rows[seat] for rows in secrets]
        totals = ", ".join(
            f"{name} {sum(row[ship] for row in rows)}" for ship, name in enumerate(SHIP_NAMES)
        )
        assert lines[1 + seat].startswith(f"{colour}: {totals}; tie-breakers ")
        kept = Counter(row[6] for row in rows)
        for card, times in kept.items():
            assert f"{card} ({times} round{'' if times == 1 else 's'})" in lines[1 + seat]
    assert len(secrets) == state.round


def test_the_reveal_names_chests_never_dealt():
    """Ruling C17: the supply runs out after round 5, so an earlier end leaves chests unseen."""
    state = build_position(2, money=[62_000, 0])
    supply = list(state.supply)
    state = bid_all(bid_all(state, 0, [5, 4, 3, 2, 1, 0]), 1, [4, 3, 2, 1, 0, -1])
    while SPEC.outcome(state) is None:
        state = SPEC.apply(state, state.active, "done")
    last = SPEC.reveal(state)[-1]
    assert last.startswith("Still face down in the supply, in order: ")
    assert state.supply == supply[2:] and "Havanna 7,000" not in last
