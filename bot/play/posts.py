"""What to tell whom after a change: the thread post and the DMs a committed action owes.

They are written in the same transaction as the change (the outbox), so a crash can neither
lose nor double them; :mod:`bot.discord.delivery` sends them.
"""

from __future__ import annotations

from typing import Any

from bot.play.readers import aloud, to_reader
from bot.play.secrecy import ballots_owed, is_secret_choice
from bot.play.story import replay_post, stored_result
from bot.storage import DirectMessage, GameRecord, Post, ThreadPost, UndoRequest, who
from games import GameSpec
from games.core.words import N_, t

#: Why a request to take back a move ended, as its asker is told (in private, and in the
#: thread when their DMs are closed).
UNDO_ENDED = {
    "expired": (
        N_(
            "Your request to take back your last move expired: the game moved on before "
            "everyone agreed. You can ask again with `/parley undo`."
        ),
        N_(
            "{player}, your request to take back your last move expired: the game moved on "
            "before everyone agreed. You can ask again with `/parley undo`."
        ),
    ),
    "replaced": (
        N_(
            "Your request to take back your last move was replaced by {by}'s request: a game "
            "holds one request at a time. You can ask again with `/parley undo`."
        ),
        N_(
            "{player}, your request to take back your last move was replaced by {by}'s "
            "request: a game holds one request at a time. You can ask again with `/parley undo`."
        ),
    ),
    "withdrawn": (
        N_(
            "Your request to take back your last move was withdrawn: a seat changed hands since "
            "you asked. You can ask again with `/parley undo`."
        ),
        N_(
            "{player}, your request to take back your last move was withdrawn: a seat changed "
            "hands since you asked. You can ask again with `/parley undo`."
        ),
    ),
}


def news(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether a public view gained something: a field now holding a different, non-empty
    value (a reveal). A field merely cleared, like the last action's events, is no news."""
    return any(
        value != old.get(key) and value not in (None, "", [], {}) for key, value in new.items()
    )


def due_before(spec: GameSpec[Any], before: Any, anew: bool) -> set[int]:
    """The seats due before the change, against which the seats due after it are new: none
    when the game just began (``before`` is None) or every due turn begins ``anew`` (moves
    taken back), so that everyone due then is pinged and sent their secret choice again."""
    return set() if before is None or anew else set(spec.to_act(before))


def turn_goes_on(spec: GameSpec[Any], before: Any, after: Any, was_due: set[int]) -> bool:
    """Whether the change is a step inside a turn: the same seats are due before and after
    and the game is not over (read from the envelope, never from a game's name). Such a step
    is held and told with the post that ends the turn (:mod:`bot.play.quiet`), so a turn of
    several steps is one post and one ping."""
    return before is not None and spec.outcome(after) is None and was_due == set(spec.to_act(after))


def kept_quiet(
    spec: GameSpec[Any], before: Any, after: Any, actor: int | None, secret: bool, goes_on: bool
) -> bool:
    """Whether a secret action is told to nobody: the turn ``goes_on``, its actor still chooses
    in secret and the public table gained nothing. Telling each one would tell how a seat's
    bids grow card by card; the action that settles the choice or reveals something is told
    at once."""
    return (
        secret
        and goes_on
        and actor is not None
        and is_secret_choice(spec, after, actor)
        and not news(spec.view(before, None), spec.view(after, None))
    )


def ai_answers(game: GameRecord, spec: GameSpec[Any], after: Any) -> bool:
    """Whether a seat the AI plays is due after the change in a game that goes on: the AI
    answers in the background (:mod:`bot.play.thoughts`), so the post is held for its reply
    to join (one post and one board for a move and its answer), and the AI is never told it
    is its move."""
    ai_seats = {s.seat for s in game.seats if s.played_by_ai}
    return spec.outcome(after) is None and bool(ai_seats & set(spec.to_act(after)))


def reveal_split(
    spec: GameSpec[Any], before: Any, after: Any, line: str, secret: bool
) -> tuple[str, str] | None:
    """``line`` cut where a reveal the change made starts (the engine's ``changes`` of kind
    ``reveal`` between the public views, told in the line after the move's own words): a
    ship's bids turned up when a ship ends its turn. The reveal then gets a post of its own,
    sent at once even inside a turn that goes on, so nobody acts before the thread tells it.
    None when there is nothing to cut: no reveal, or the action itself is the reveal (a secret
    choice that settles a vote or the bids says nothing but the reveal)."""
    if secret or before is None:
        return None
    for change in spec.changes(spec.view(before, None), spec.view(after, None)):
        at = line.find(change["text"]) if change["kind"] == "reveal" else -1
        if at > 0:
            return line[:at].rstrip(), line[at:]
    return None


def pinged(game: GameRecord, spec: GameSpec[Any], after: Any, was_due: set[int]) -> list[int]:
    """The players a turn's post pings: those of the seats newly due, never an AI seat's
    (nobody to ping). A seat still due was pinged when its turn began; a post names it
    without a ping, so a long vote does not ping a voter at every ballot of the others."""
    ai_seats = {s.seat for s in game.seats if s.is_ai}
    return [
        game.user_of(seat)
        for seat in spec.to_act(after)
        if seat not in was_due and seat not in ai_seats
    ]


def thread_post(
    game: GameRecord,
    spec: GameSpec[Any],
    after: Any,
    version: int,
    line: str,
    acted_by: int | None,
    was_due: set[int],
) -> ThreadPost:
    """The post that ends a turn: the line, the public board after it (``spec.view(after,
    None)``: the thread is read by everyone), who is due and who is pinged, and the result
    once the game is over. A post that only says a seat is done, with nobody new due (a vote
    cast while others still vote), shows no board: nothing on it changed for anyone; it is
    ``status_only``, told by the pinned status message. A post the AI answers at once is
    held for its reply (:func:`ai_answers`)."""
    to_act = spec.to_act(after)
    outcome = spec.outcome(after)
    only_done = outcome is None and set(to_act) < was_due
    return ThreadPost(
        version=version,
        line=line,
        actor=acted_by,
        waiting=[game.user_of(seat) for seat in to_act],
        mentions=pinged(game, spec, after, was_due),
        secret=any(is_secret_choice(spec, after, seat) for seat in to_act),
        view=None if only_done else spec.view(after, None),
        result=None
        if outcome is None
        else stored_result(outcome.winners, outcome.text, **outcome.params),
        awaits_ai=ai_answers(game, spec, after),
        status_only=only_done,
    )


def private_news(
    game: GameRecord, spec: GameSpec[Any], before: Any, after: Any, everyone_private: bool
) -> set[int]:
    """The seats whose private view the change altered (a card drawn, a bid placed), or every
    seat when the game begins or ``everyone_private`` asks for it: each may be told its own
    news, never another's."""
    return {
        seat
        for seat in range(len(game.seats))
        if everyone_private
        or before is None
        or spec.view(before, seat).get("private") != spec.view(after, seat).get("private")
    }


def what_changed(old: str, new: str) -> str:
    """The lines of a seat's private text ``new`` that it has not read in ``old`` (a card
    drawn, a loyalty swapped), in order: a DM leads with these instead of the whole panel
    again, which ``/parley hand`` shows. All of ``new`` when it was never told (``old`` is
    empty)."""
    if not old:
        return new
    known = set(old.splitlines())
    return "\n".join(line for line in new.splitlines() if line not in known)


def dms_owed(
    game: GameRecord,
    spec: GameSpec[Any],
    before: Any,
    after: Any,
    version: int,
    told: set[int],
    ballots: set[int],
) -> list[DirectMessage]:
    """The DMs owed: to each seat ``told`` its news or owed one of the ``ballots``, what
    changed in the seat's own ``private_text`` (:func:`what_changed` against ``before``, None
    to tell it whole), addressed to its player, with its secret choice if owed one (and then
    the whole text if nothing in it changed). A seat the AI plays is told nothing: an AI seat
    thinks in a worker process, never from DMs, and a seat on autopilot (its player resigned
    or was removed) tells its old player nothing. A seat whose text reads the same and that
    owes no choice gets no DM: nothing it can read changed."""
    by_ai = {s.seat for s in game.seats if s.played_by_ai}
    dms = []
    for seat in sorted((told | ballots) - by_ai):
        with to_reader(game, game.user_of(seat)):
            whole = spec.private_text(spec.view(after, seat))
            old = "" if before is None else spec.private_text(spec.view(before, seat))
        text = what_changed(old, whole)
        if seat in ballots and not text:
            text = whole
        if text or seat in ballots:
            dms.append(
                DirectMessage(
                    user_id=game.user_of(seat),
                    seat=seat,
                    version=version,
                    text=text,
                    choices=seat in ballots,
                    turn=spec.turn_number(after),
                )
            )
    return dms


def posts_owed(
    game: GameRecord,
    spec: GameSpec[Any],
    before: Any,
    after: Any,
    version: int,
    line: str,
    actor: int | None = None,
    secret: bool = False,
    everyone_private: bool = False,
    anew: bool = False,
) -> list[Post]:
    """The thread post and DMs owed after a change (``secret``: ``actor`` made a secret
    choice): one post per turn, each seat's news in its own DM.

    A step inside a turn is held (:func:`turn_goes_on`), but a secret action never is: it is
    told to nobody while the choice goes on (:func:`kept_quiet`), or at once. Otherwise the
    turn's post (:func:`thread_post`) pings the seats newly due (:func:`pinged`), and the
    game's end brings its replay. A reveal the change made after the move's own words
    (:func:`reveal_split`) ends the turn's post there and starts a post of its own. The DMs
    (:func:`dms_owed`) go to the seats whose private view changed and those owed a ballot
    (:func:`bot.play.secrecy.ballots_owed`), except the actor of a secret choice, who sees its
    refreshed panel in the interaction reply.

    A change that begins every due turn ``anew`` (moves taken back) is a public event, never
    a step: it is posted at once, with the board, pinging every seat due after it (whoever
    asked may have waited long for the answer) and sending their secret choices again.
    """
    was_due = due_before(spec, before, anew)
    goes_on = turn_goes_on(spec, before, after, was_due)
    acted_by = None if actor is None else game.user_of(actor)
    posts: list[Post] = []
    with aloud(game):  # the views a post keeps hold words: its board's
        cut = reveal_split(spec, before, after, line, secret)
        if cut is not None:
            move, reveal = cut
            posts.append(ThreadPost(version=version, line=move, actor=acted_by))
            posts.append(thread_post(game, spec, after, version, reveal, None, was_due))
        elif goes_on and not secret:
            step = spec.view(before, None)
            posts.append(ThreadPost(version=version, line=line, actor=acted_by, step=step))
        elif not kept_quiet(spec, before, after, actor, secret, goes_on):
            posts.append(thread_post(game, spec, after, version, line, acted_by, was_due))
            if spec.outcome(after) is not None:
                posts.append(replay_post(version))
    told = private_news(game, spec, before, after, everyone_private)
    if secret and actor is not None:
        told.discard(actor)
    ballots = ballots_owed(spec, before, after, was_due)
    since = None if everyone_private or anew else before
    posts += dms_owed(game, spec, since, after, version, told, ballots)
    return posts


def undo_ended(
    game: GameRecord, request: UndoRequest | None, why: str, by: int | None
) -> list[Post]:
    """What the asker of ``request`` (the game's open request to take back a move, if any) is
    owed when a change ``by`` someone ends it for ``why`` (see :data:`UNDO_ENDED`): a word in
    private, or in the thread without a ping while their DMs are closed. Nothing when the
    change was their own (they moved, asked again or left the seat)."""
    if request is None or request.user_id == by:
        return []
    asker = "" if by is None else who(by)  # only a newer request names its asker
    private, public = UNDO_ENDED[why]
    with to_reader(game, request.user_id):
        text = t(private, by=asker)
    with aloud(game):
        thread = t(public, player=who(request.user_id), by=asker)
    return [
        DirectMessage(
            request.user_id, request.seat, game.version, text, or_thread=thread, ping=False
        )
    ]
