"""The guided first game (``/parley learn``): the teaching notes a practice game's posts carry
for its learner, the one person at the table.

Two kinds of note, both built only from what the learner may see and never naming a secret
(so a note is safe in any post):

* after each of the learner's own moves (a turn, however many steps it takes), one sentence
  on what it did (:func:`games.ai.hints.verdict` on the public table, with the learner's win
  estimate before and after when the learner holds no secret: in Tortuga the estimate would
  tell the learner's loyalty); none after a secret choice (a vote, a bid), whose effect is
  its secret;
* when the learner is due, each of the game's teaching moments (``spec.moments``) whose
  situation holds now, once each. Which were shown is read from the game's log, not kept
  anywhere: a moment was shown if it held at any earlier position where the learner was due
  (:func:`shown_before`), so a restart, a retry or a take-back never shows one twice.

The notes ride on the post the change owes (:func:`with_notes`); a moment that comes up in
the middle of a turn (a chain reaction's choice, a chest to sink), whose post is held until
the turn ends, is told at once in a notice of its own instead.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from bot.play.history import state_after, undo_target
from bot.play.posts import due_before, turn_goes_on
from bot.play.secrecy import is_secret_choice
from bot.storage import GameRecord, Post, ThreadPost
from games import GameSpec
from games.ai.hints import verdict
from games.core import Seen
from games.core.teaching import due

#: How a note starts in a post, so it reads apart from the game's own lines.
NOTE = "📘 "


def learner(game: GameRecord) -> int | None:
    """The learner's seat in a practice game (its one person); None in any other game."""
    if not game.practice:
        return None
    return next((s.seat for s in game.seats if not s.is_ai), None)


def seen(spec: GameSpec[Any], state: Any, seat: int) -> Seen:
    """What ``seat`` knows of ``state``: its own view and its legal actions."""
    return Seen(spec.view(state, seat), spec.legal_actions(state, seat), seat)


def positions(
    spec: GameSpec[Any], game: GameRecord, log: Sequence[tuple[int, str]]
) -> Iterator[Any]:
    """Every position of the game from its start through ``log``, a take-back's row giving
    the position it returned to."""
    state = spec.new(len(game.seats), game.seed, game.options)
    yield state
    for seat, action in log:
        first = undo_target(action)
        if first is None:
            state = spec.apply(state, seat, action)
        else:
            state = state_after(spec, game, log[: first - 1])
        yield state


def shown_before(spec: GameSpec[Any], states: Sequence[Any], seat: int) -> set[str]:
    """The moments already shown to ``seat`` in the game's positions ``states``: those whose
    situation held at some position where the seat was due."""
    shown: set[str] = set()
    for state in states:
        if seat in spec.to_act(state) and spec.outcome(state) is None:
            shown |= {m.id for m in spec.moments if m.when(seen(spec, state, seat))}
    return shown


def turn_began(spec: GameSpec[Any], states: Sequence[Any], seat: int) -> Any:
    """Where ``seat``'s turn that ends after the last of ``states`` began: the earliest of
    the positions it has been due in without a break, up to the last."""
    start = len(states) - 1
    while start > 0 and seat in spec.to_act(states[start - 1]):
        start -= 1
    return states[start]


def notes_for(
    spec: GameSpec[Any],
    game: GameRecord,
    log: Sequence[tuple[int, str]],
    before: Any,
    actor: int | None,
    after: Any,
) -> list[str]:
    """The notes a change owes the learner of a practice game ([] in any other game): when
    the learner's own turn ends, what it did (from where it began: a turn of several steps is
    one move to a player); then the moments the new position brings up, if they are due.
    ``log`` holds the actions that led to ``before`` (None when the game just began)."""
    seat = learner(game)
    if seat is None:
        return []
    states = list(positions(spec, game, log)) if before is not None else []
    notes = []
    ended = before is not None and not turn_goes_on(
        spec, before, after, due_before(spec, before, False)
    )
    if actor == seat and ended and not is_secret_choice(spec, before, seat):
        seed = random.Random(f"{game.seed}:{len(log)}:teach").getrandbits(31)
        began = turn_began(spec, states, seat)
        open_hand = not spec.view(began, seat).get("private")
        said = verdict(spec, began, after, seat, seed, estimate_too=open_hand)
        notes += [said] if said else []
    if seat in spec.to_act(after) and spec.outcome(after) is None:
        shown = shown_before(spec, states, seat)
        notes += [m.text for m in due(spec.moments, seen(spec, after, seat), shown)]
    return [NOTE + note for note in notes]


def tells_the_change(post: ThreadPost) -> bool:
    """A post of the game's own (not a notice) that goes to the thread with the turn's
    board: not a held step, not one only the status message tells."""
    return post.version is not None and post.step is None and not post.status_only


def with_notes(posts: list[Post], notes: list[str]) -> list[Post]:
    """``posts`` with ``notes`` on the thread post that tells the change (held for the AI's
    reply or not: the notes go out with it), or else as a notice of their own, sent at once
    (a step inside a turn, held till the turn ends; a secret choice told to nobody; a post
    only the status message tells)."""
    if not notes:
        return posts
    for index, post in enumerate(posts):
        if isinstance(post, ThreadPost) and tells_the_change(post):
            return [*posts[:index], replace(post, notes=[*post.notes, *notes]), *posts[index + 1 :]]
    return [*posts, ThreadPost("\n".join(notes))]
