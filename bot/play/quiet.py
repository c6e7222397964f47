"""A quiet thread: the steps of one seat's turn go out as one post, when the turn ends.

:func:`bot.play.posts.posts_owed` writes a step after which the same seats are still due as a
held post (``ThreadPost.step``). It stays in the outbox, unsent, until the post that ends the
turn (or a post after the game stopped) comes; that post then tells every held line before its
own, and the held posts are marked sent with it. Nothing is kept in memory, so a restart mid-turn
loses no step and posts none twice.
"""

from __future__ import annotations

from dataclasses import replace

from bot.storage import Store, ThreadPost, who


def releases(post: ThreadPost, game_active: bool) -> bool:
    """Whether ``post`` carries the held steps before it: a post of the game itself (a turn
    that ended, a resignation's result), or anything once the game stopped (a cancellation);
    a notice (a reminder, a vacation) during the game leaves them held."""
    return post.step is None and (post.version is not None or not game_active)


def merged(held: list[ThreadPost], post: ThreadPost) -> ThreadPost:
    """``post`` telling the lines of ``held`` before its own; consecutive lines of one player
    share one mention, a line of another player (an autopilot after a resignation) starts a
    line of its own."""
    if not held:
        return post
    groups: list[tuple[int | None, list[str]]] = []
    for step in [*held, post]:
        if groups and groups[-1][0] == step.actor:
            groups[-1][1].append(step.line)
        else:
            groups.append((step.actor, [step.line]))
    (actor, lines), *rest = groups
    text = [" ".join(lines)]
    text += [(f"{who(user)}: " if user is not None else "") + " ".join(more) for user, more in rest]
    return replace(post, actor=actor, line="\n".join(text))


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
