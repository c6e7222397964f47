"""The named steps of what a change owes (``bot/play/posts.py``) and the secret-choice rules they
call (``bot/play/secrecy.py``), on real engine states from short seeded playouts.

Each test names the decision it checks: does the turn go on, the thread post, who is pinged,
who gets a DM, and when a ballot or bid is told to nobody.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from bot.play.posts import (
    dms_owed,
    due_before,
    kept_quiet,
    pinged,
    posts_owed,
    private_news,
    thread_post,
    turn_goes_on,
)
from bot.play.secrecy import ballots_owed, is_secret_choice, secret_aside
from bot.play.story import reason_of, stored_result
from bot.storage import DirectMessage, GameRecord, Seat, ThreadPost
from games import REGISTRY, GameSpec


@dataclass(frozen=True)
class Move:
    """One action of a playout: the game before and after it, and its public line."""

    before: Any
    seat: int
    action: str
    after: Any
    line: str


def playout(key: str, players: int, seed: int = 1) -> Iterator[Move]:
    """A random game of ``key``, the same for the same ``seed``, move by move."""
    spec = REGISTRY[key]
    picker = random.Random(seed)
    state = spec.new(players, seed, spec.resolve_options({}))
    while spec.outcome(state) is None:
        seat = picker.choice(spec.to_act(state))
        action = picker.choice(spec.legal_actions(state, seat))
        after = spec.apply(state, seat, action)
        yield Move(state, seat, action, after, spec.describe(state, seat, action, after))
        state = after


def first(key: str, players: int, found: Callable[[GameSpec[Any], Move], bool]) -> Move:
    spec = REGISTRY[key]
    return next(move for move in playout(key, players) if found(spec, move))


def table(key: str, players: int, ai: int | None = None, autopilot: int | None = None):
    """A game record whose seat ``s`` is played by user ``1000 + s``; ``ai`` is an AI seat,
    ``autopilot`` a seat whose player resigned."""
    seats = [
        Seat(s, -1, kind="ai") if s == ai else Seat(s, 1000 + s, resigned=s == autopilot)
        for s in range(players)
    ]
    return GameRecord(1, key, 1, 2, 3, 4, 1000, "active", 1, {}, 0, None, None, seats)


def calls_a_vote(spec: GameSpec[Any], move: Move) -> bool:
    return len(spec.to_act(move.after)) > 1 and spec.secret_choice(move.after, move.seat)


def first_of_two_votes(spec: GameSpec[Any], move: Move) -> bool:
    return move.action.startswith("vote") and len(spec.to_act(move.before)) == 2


TORTUGA, CARIBBEAN, RIGADOON = REGISTRY["tortuga"], REGISTRY["caribbean"], REGISTRY["rigadoon"]


# -- does the turn go on ------------------------------------------------------------------


def test_a_rigadoon_sail_that_leaves_the_turn_open_is_a_step():
    """A step after which the same seats are still due is held (``posts_owed``): a sail that
    does not end the turn (its line does not say "ends the turn") goes on; the last does not."""
    sail = first(
        "rigadoon", 2, lambda _, m: m.action.startswith("sail") and "ends the turn" not in m.line
    )
    last = first("rigadoon", 2, lambda _, m: "ends the turn" in m.line)
    was = due_before(RIGADOON, sail.before, anew=False)
    assert was == {sail.seat}
    assert turn_goes_on(RIGADOON, sail.before, sail.after, was)
    assert not turn_goes_on(
        RIGADOON, last.before, last.after, due_before(RIGADOON, last.before, False)
    )


def test_the_turn_never_goes_on_past_the_end_or_the_beginning():
    """A turn ends "when the set of seats to act changes or the game ends"; the game's first
    post and a turn begun anew (moves taken back) are never steps."""
    *_, end = playout("rigadoon", 2)
    assert RIGADOON.outcome(end.after) is not None
    assert not turn_goes_on(RIGADOON, end.before, end.after, {end.seat})
    sail = first("rigadoon", 2, lambda _, m: m.action.startswith("sail"))
    assert due_before(RIGADOON, None, anew=False) == set()
    assert due_before(RIGADOON, sail.before, anew=True) == set()
    assert not turn_goes_on(RIGADOON, None, sail.after, set())


def test_a_held_step_carries_the_board_before_it_and_pings_nobody():
    """A step is held with the public board before it (``step``), not posted on its own."""
    sail = first(
        "rigadoon", 2, lambda _, m: m.action.startswith("sail") and "ends the turn" not in m.line
    )
    game = table("rigadoon", 2)
    posts = posts_owed(game, RIGADOON, sail.before, sail.after, 5, sail.line, actor=sail.seat)
    assert posts == [
        ThreadPost(
            sail.line, version=5, actor=1000 + sail.seat, step=RIGADOON.view(sail.before, None)
        )
    ]


# -- the thread post ------------------------------------------------------------------------


def test_a_tortuga_vote_is_never_in_the_thread_post():
    """Tortuga's vote "says only 'P4 has voted.'": the post after a vote while another seat
    still votes names nobody's card, shows no board (nothing changed on it) and pings nobody."""
    vote = first("tortuga", 4, first_of_two_votes)
    card = vote.action.removeprefix("vote ")
    game = table("tortuga", 4)
    was = due_before(TORTUGA, vote.before, anew=False)
    post = thread_post(game, TORTUGA, vote.after, 9, vote.line, 1000 + vote.seat, was)
    assert card not in repr(post)
    assert post.view is None and post.mentions == []
    assert post.secret and post.waiting == [1000 + s for s in TORTUGA.to_act(vote.after)]
    owed = posts_owed(game, TORTUGA, vote.before, vote.after, 9, vote.line, vote.seat, True)
    assert owed == [post]  # the voter sees its panel in the reply; nobody else is told


def test_a_turns_post_shows_only_the_public_board_and_the_end_its_result():
    """Thread posts "carry the public view only (``spec.view(after, None)``)"; the final post
    carries the result and the replay follows it."""
    *_, end = playout("tortuga", 4)
    game = table("tortuga", 4)
    post = thread_post(game, TORTUGA, end.after, 40, end.line, 1000 + end.seat, {end.seat})
    assert post.view == TORTUGA.view(end.after, None) and "private" not in post.view
    outcome = TORTUGA.outcome(end.after)
    assert outcome is not None
    assert post.result == stored_result(outcome.winners, outcome.text, **outcome.params)
    assert reason_of(post.result) == outcome.reason
    owed = posts_owed(game, TORTUGA, end.before, end.after, 40, end.line, end.seat)
    assert owed[:2] == [
        post,
        ThreadPost("🎞️ The whole game, move by move:", version=40, replay=True),
    ]


# -- who is pinged ---------------------------------------------------------------------------


def test_the_seats_pinged_are_exactly_the_seats_newly_due():
    """Only "seats that have just become due are pinged (never an AI seat)": a called vote
    pings the other voters, not its caller, who was due already."""
    call = first("tortuga", 4, calls_a_vote)
    voters = TORTUGA.to_act(call.after)
    was = due_before(TORTUGA, call.before, anew=False)
    assert call.seat in voters and was == {call.seat}
    assert pinged(table("tortuga", 4), TORTUGA, call.after, was) == [
        1000 + s for s in voters if s != call.seat
    ]
    other = next(s for s in voters if s != call.seat)
    assert pinged(table("tortuga", 4, ai=other), TORTUGA, call.after, was) == [
        1000 + s for s in voters if s not in (call.seat, other)
    ]


def test_a_turn_begun_anew_pings_every_seat_due():
    """Moves taken back: "pinging every seat due after it (whoever asked may have waited
    long for the answer)"."""
    call = first("tortuga", 4, calls_a_vote)
    was = due_before(TORTUGA, call.before, anew=True)
    voters = TORTUGA.to_act(call.after)
    assert pinged(table("tortuga", 4), TORTUGA, call.after, was) == [1000 + s for s in voters]


# -- who gets a DM -------------------------------------------------------------------------


def test_a_seat_with_a_private_change_gets_a_dm_and_the_others_do_not():
    """Each DM "carries one seat's private_text, addressed to that seat's player": the seat
    that peeked at event cards is told what it saw; nobody else hears of it."""
    peek = first("tortuga", 4, lambda _, m: m.action.startswith("view "))
    game = table("tortuga", 4)
    told = private_news(game, TORTUGA, peek.before, peek.after, everyone_private=False)
    assert told == {peek.seat}
    text = TORTUGA.private_text(TORTUGA.view(peek.after, peek.seat))
    assert dms_owed(game, TORTUGA, None, peek.after, 7, told, set()) == [
        DirectMessage(
            user_id=1000 + peek.seat,
            seat=peek.seat,
            version=7,
            text=text,
            turn=TORTUGA.turn_number(peek.after),
        )
    ]
    # Told against what the seat read before, the DM leads with what changed: the card seen,
    # not the whole panel again.
    old = TORTUGA.private_text(TORTUGA.view(peek.before, peek.seat))
    (dm,) = dms_owed(game, TORTUGA, peek.before, peek.after, 7, told, set())
    assert dm.text and dm.text in text and len(dm.text) < len(text)
    assert not set(dm.text.splitlines()) & set(old.splitlines())


def test_a_private_change_that_reads_the_same_sends_no_dm():
    """A seat whose private text reads the same after the change gets no DM: two identical
    DMs in a row tell nothing."""
    peek = first("tortuga", 4, lambda _, m: m.action.startswith("view "))
    game = table("tortuga", 4)
    assert dms_owed(game, TORTUGA, peek.after, peek.after, 7, {peek.seat}, set()) == []


def test_a_seat_the_ai_plays_gets_no_dm():
    """A seat the AI plays gets no DM: "an AI seat has nobody to tell; a seat on autopilot
    must tell its old player nothing"."""
    peek = first("tortuga", 4, lambda _, m: m.action.startswith("view "))
    for game in (table("tortuga", 4, ai=peek.seat), table("tortuga", 4, autopilot=peek.seat)):
        assert dms_owed(game, TORTUGA, None, peek.after, 7, {peek.seat}, {peek.seat}) == []


def test_each_voter_is_sent_its_ballot_the_caller_too():
    """The ballot goes by DM to each seat "due to a secret choice now but not before: that
    includes the actor who just called a vote it takes part in"."""
    call = first("tortuga", 4, calls_a_vote)
    was = due_before(TORTUGA, call.before, anew=False)
    ballots = ballots_owed(TORTUGA, call.before, call.after, was)
    assert ballots == set(TORTUGA.to_act(call.after))
    dms = dms_owed(table("tortuga", 4), TORTUGA, call.before, call.after, 3, set(), ballots)
    assert [(dm.seat, dm.choices) for dm in dms] == [(seat, True) for seat in sorted(ballots)]


def test_every_seat_gets_its_hand_when_the_game_begins():
    """At "The game begins!" every seat is pinged and sent its own private view, with its bids
    to make (Caribbean's first round is bid by everyone at once)."""
    state = CARIBBEAN.new(4, 1, CARIBBEAN.resolve_options({}))
    game = table("caribbean", 4)
    post, *dms = posts_owed(
        game, CARIBBEAN, None, state, 0, "The game begins!", everyone_private=True
    )
    assert isinstance(post, ThreadPost) and post.mentions == [1000, 1001, 1002, 1003]
    assert dms == [
        DirectMessage(
            1000 + s, s, 0, CARIBBEAN.private_text(CARIBBEAN.view(state, s)), True, turn=1
        )
        for s in range(4)
    ]


# -- the secret-choice rules ------------------------------------------------------------------


def test_a_bid_while_bidding_goes_on_is_told_to_nobody():
    """While "a seat's secret choice goes on and nothing public changed, nothing is told at
    all (a round of bids does not tell every card)"; a secret action is never held as a step."""
    bid = first("caribbean", 4, lambda _, m: m.action.startswith("bid"))
    was = due_before(CARIBBEAN, bid.before, anew=False)
    goes_on = turn_goes_on(CARIBBEAN, bid.before, bid.after, was)
    assert goes_on
    assert kept_quiet(CARIBBEAN, bid.before, bid.after, bid.seat, True, goes_on)
    game = table("caribbean", 4)
    assert posts_owed(game, CARIBBEAN, bid.before, bid.after, 2, bid.line, bid.seat, True) == []


def test_confirming_ones_bids_is_told():
    """The action that settles a seat's secret choice gets its post at once ("Green has
    confirmed their bids.")."""
    done = first("caribbean", 4, lambda _, m: m.action == "confirm")
    was = due_before(CARIBBEAN, done.before, anew=False)
    goes_on = turn_goes_on(CARIBBEAN, done.before, done.after, was)
    assert not kept_quiet(CARIBBEAN, done.before, done.after, done.seat, True, goes_on)
    game = table("caribbean", 4)
    owed = posts_owed(game, CARIBBEAN, done.before, done.after, 9, done.line, done.seat, True)
    assert [post.line for post in owed if isinstance(post, ThreadPost)] == [done.line]


def test_a_seat_that_already_voted_has_no_secret_choice():
    """The engine's ``secret_choice`` speaks of the phase; the bot's ``is_secret_choice`` asks
    whether the seat still has a ballot to keep: the voter who has voted has none."""
    vote = first("tortuga", 4, first_of_two_votes)
    (still,) = TORTUGA.to_act(vote.after)
    assert TORTUGA.secret_choice(vote.after, vote.seat)
    assert not is_secret_choice(TORTUGA, vote.after, vote.seat)
    assert is_secret_choice(TORTUGA, vote.after, still)
    assert not is_secret_choice(RIGADOON, RIGADOON.new(2, 1, RIGADOON.resolve_options({})), 1)


def test_a_history_names_a_vote_only_once_the_game_is_over():
    """History "adds '(X's secret choice: ...)' only" once the game is over; a game without
    secret choices never adds it."""
    vote = first("tortuga", 4, first_of_two_votes)
    label = TORTUGA.label(vote.before, vote.seat, vote.action)
    assert secret_aside(TORTUGA, vote.before, vote.seat, vote.action, over=False) == ""
    assert secret_aside(TORTUGA, vote.before, vote.seat, vote.action, over=True) == (
        f" ({TORTUGA.seat_label(vote.seat)}'s secret choice: {label})"
    )
    sail = first("rigadoon", 2, lambda _, m: m.action.startswith("sail"))
    assert secret_aside(RIGADOON, sail.before, sail.seat, sail.action, over=True) == ""
