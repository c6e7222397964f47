"""What to tell whom after a change: the thread post and the DMs a committed action owes.

They are written in the same transaction as the change (the outbox), so a crash can neither
lose nor double them; :mod:`bot.discord.delivery` sends them.
"""

from __future__ import annotations

from typing import Any

from bot.play.story import replay_post
from bot.storage import DirectMessage, GameRecord, Post, ThreadPost, UndoRequest, who
from games import GameSpec

#: Why a request to take back a move ended, as its asker is told.
UNDO_ENDED = {
    "expired": "Your request to take back your last move expired: the game moved on before "
    "everyone agreed.",
    "replaced": "Your request to take back your last move was replaced by {by}'s request: a "
    "game holds one request at a time.",
    "withdrawn": "Your request to take back your last move was withdrawn: a seat changed hands "
    "since you asked.",
}


def news(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether a public view gained something: a field now holding a different, non-empty
    value (a reveal). A field merely cleared, like the last action's events, is no news."""
    return any(
        value != old.get(key) and value not in (None, "", [], {}) for key, value in new.items()
    )


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
    """The thread post and DMs owed after a change: one post per turn.

    A turn ends when the set of seats to act changes or the game ends (read from the
    envelope, never from a game's name); a step after which the same seats are still due is
    held and told with the post that ends the turn (:mod:`bot.play.quiet`). A secret action
    is never held: while the actor's secret choice goes on and nothing public changed it is
    not told at all, so a round of bids does not tell every card; one that settles the choice
    or reveals something gets its post at once. Only seats that have just become due are
    pinged (never an AI seat: nobody to ping); those still due are named without a ping. A
    post that only says a seat is done, with nobody new due (a vote cast while others still
    vote), shows no board.

    A change that begins every due turn ``anew`` (moves taken back) is a public event, never
    a step: it is posted at once, with the board, pinging every seat due after it (whoever
    asked may have waited long for the answer) and sending their secret choices again.
    """
    to_act = spec.to_act(after)
    posts: list[Post] = []
    due_before: set[int] = set() if before is None or anew else set(spec.to_act(before))
    public = spec.view(after, None)
    public_before = None if before is None else spec.view(before, None)
    seat_views = {seat: spec.view(after, seat) for seat in range(len(game.seats))}
    changed_hands = {
        seat
        for seat, view in seat_views.items()
        if everyone_private
        or before is None
        or spec.view(before, seat).get("private") != view.get("private")
    }
    outcome = spec.outcome(after)
    goes_on = public_before is not None and outcome is None and due_before == set(to_act)
    quiet = (
        secret
        and goes_on
        and actor is not None
        and spec.secret_choice(after, actor)
        and public_before is not None
        and not news(public_before, public)
    )
    acted_by = None if actor is None else game.user_of(actor)
    ai_seats = {s.seat for s in game.seats if s.is_ai}
    if goes_on and not secret:
        posts.append(ThreadPost(version=version, line=line, actor=acted_by, step=public_before))
    elif not quiet:
        only_done = outcome is None and set(to_act) < due_before
        posts.append(
            ThreadPost(
                version=version,
                line=line,
                actor=acted_by,
                waiting=[game.user_of(s) for s in to_act],
                mentions=[
                    game.user_of(s) for s in to_act if s not in due_before and s not in ai_seats
                ],
                secret=any(spec.secret_choice(after, s) for s in to_act),
                view=None if only_done else public,
                result=None
                if outcome is None
                else {"winners": outcome.winners, "reason": outcome.reason},
            )
        )
        if outcome is not None:
            posts.append(replay_post(version))
    # The actor of a secret choice sees their refreshed panel in the interaction reply.
    if secret and actor is not None:
        changed_hands.discard(actor)
    # Due to a secret choice now but not before: that includes the actor who just called a
    # vote it takes part in (still to act, but its choice only now became secret).
    newly_secret = {
        s
        for s in to_act
        if spec.secret_choice(after, s)
        and (s not in due_before or not spec.secret_choice(before, s))
    }
    # A seat the AI plays is told nothing: an AI seat thinks in a worker process, never
    # from DMs, and a seat on autopilot (its player resigned or was removed) tells its old
    # player nothing.
    by_ai = {s.seat for s in game.seats if s.played_by_ai}
    for seat in sorted((changed_hands | newly_secret) - by_ai):
        text = spec.private_text(seat_views[seat])
        if text or seat in newly_secret:
            posts.append(
                DirectMessage(
                    user_id=game.user_of(seat),
                    seat=seat,
                    version=version,
                    text=text,
                    choices=seat in newly_secret,
                )
            )
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
    text = UNDO_ENDED[why].format(by=asker) + " You can ask again with `/parley undo`."
    thread = f"{who(request.user_id)}, {text[0].lower()}{text[1:]}"
    return [
        DirectMessage(
            request.user_id, request.seat, game.version, text, or_thread=thread, ping=False
        )
    ]
