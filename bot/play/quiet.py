"""A quiet thread: the steps of one seat's turn go out as one post, when the turn ends; a
turn the AI answers goes out with the AI's reply.

:func:`bot.play.posts.posts_owed` writes a step after which the same seats are still due as a
held post (``ThreadPost.step``). It stays in the outbox, unsent, until the post that ends the
turn (or a post after the game stopped) comes; that post then tells every held line before its
own, and the held posts are marked sent with it. A turn after which an AI seat is due is held
the same way (``ThreadPost.awaits_ai``) until the AI's reply ends, so a move against the AI and
its answer are one post with one board. Nothing is kept in memory, so a restart mid-turn
loses no step and posts none twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.storage import Store, ThreadPost, who


def is_held(post: ThreadPost) -> bool:
    """Whether ``post`` waits in the outbox for a later post to tell it: a step of a turn that
    goes on, or a turn the AI answers (its reply joins it)."""
    return post.step is not None or post.awaits_ai


def releases(post: ThreadPost, game_active: bool, waiting: Sequence[ThreadPost] = ()) -> bool:
    """Whether ``post`` carries the ``waiting`` held posts before it: a post of the game itself
    (a turn that ended, a resignation's result), or anything once the game stopped (a
    cancellation); a notice (a reminder, a vacation) during the game leaves them held. A post
    that only says a seat is done carries them only when it ends the AI's reply (its last
    vote), which completes the post it answers."""
    if is_held(post):
        return False
    if post.status_only:
        return any(w.awaits_ai for w in waiting)
    return post.version is not None or not game_active


def merged(held: list[ThreadPost], post: ThreadPost) -> ThreadPost:
    """``post`` telling the lines of ``held`` before its own; consecutive lines of one player
    share one mention, a line of another player (the AI's reply, an autopilot after a
    resignation) starts a line of its own. A line that only says a seat is done is left out
    when there is more to tell. The players pinged by a held post and still due are pinged
    by this one, a post with no board of its own shows the last held board, and every post's
    teaching notes (a practice game's) come along."""
    if not held:
        return post
    told = [p for p in [*held, post] if not p.status_only] or [post]
    groups: list[tuple[int | None, list[str]]] = []
    for step in told:
        if groups and groups[-1][0] == step.actor:
            groups[-1][1].append(step.line)
        else:
            groups.append((step.actor, [step.line]))
    (actor, lines), *rest = groups
    text = [" ".join(lines)]
    text += [(f"{who(user)}: " if user is not None else "") + " ".join(more) for user, more in rest]
    mentions = [*post.mentions]
    for earlier in held:
        mentions += [m for m in earlier.mentions if m in post.waiting and m not in mentions]
    view = post.view
    if view is None and post.status_only:
        view = next((p.view for p in reversed(held) if p.view is not None), None)
    return replace(
        post,
        actor=actor,
        line="\n".join(text),
        mentions=mentions,
        view=view,
        status_only=False,
        notes=[note for p in [*held, post] for note in p.notes],
    )


async def held_steps(store: Store, game_id: int) -> list[ThreadPost]:
    """The steps of the turn going on in game ``game_id``, oldest first (none between turns;
    a turn whose post still waits, in a thread that refuses posts, is not this one)."""
    steps: list[ThreadPost] = []
    for item in await store.unsent(game_id):
        if isinstance(item.post, ThreadPost) and item.post.step is not None:
            steps.append(item.post)
        elif isinstance(item.post, ThreadPost) and item.post.version is not None:
            steps = []
    return steps
