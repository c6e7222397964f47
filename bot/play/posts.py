"""What to tell whom after a change: the thread post and the DMs a committed action owes.

They are written in the same transaction as the change (the outbox), so a crash can neither
lose nor double them; :mod:`bot.discord.delivery` sends them.
"""

from __future__ import annotations

from typing import Any

from bot.play.story import replay_post
from bot.storage import DirectMessage, GameRecord, Post, ThreadPost
from games import GameSpec


def _news(old: dict[str, Any], new: dict[str, Any]) -> bool:
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
) -> list[Post]:
    """The thread post and DMs owed after a change.

    A secret action stays off the thread while the actor's secret choice goes on and
    nothing public changed, so a round of bids does not post once per card; one that
    settles the choice or reveals something is posted. Only seats that have just become due
    are pinged; those still due are named without a ping.
    """
    to_act = spec.to_act(after)
    posts: list[Post] = []
    due_before: set[int] = set() if before is None else set(spec.to_act(before))
    public = spec.view(after, None)
    seat_views = {seat: spec.view(after, seat) for seat in range(len(game.seats))}
    changed_hands = {
        seat
        for seat, view in seat_views.items()
        if everyone_private
        or before is None
        or spec.view(before, seat).get("private") != view.get("private")
    }
    quiet = (
        secret
        and actor in to_act
        and due_before == set(to_act)
        and (spec.secret_choice(after, actor))
        and not _news(spec.view(before, None), public)
    )
    if not quiet:
        outcome = spec.outcome(after)
        posts.append(
            ThreadPost(
                version=version,
                line=line,
                actor=None if actor is None else game.user_of(actor),
                waiting=[game.user_of(s) for s in to_act],
                mentions=[game.user_of(s) for s in to_act if s not in due_before],
                secret=any(spec.secret_choice(after, s) for s in to_act),
                view=public,
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
    for seat in sorted(changed_hands | newly_secret):
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
