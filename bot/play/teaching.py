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
  situation holds now, once each. Which were shown follows from the game's log, not kept in
  the database: a moment was shown if it held at an earlier position where the learner was
  due (:class:`Taught`, remembered by :class:`Teacher` as a cache of the replay), so a
  restart, a retry or a take-back never shows one twice.

The notes ride on the post the change owes (:func:`with_notes`); a moment that comes up in
the middle of a turn (a chain reaction's choice, a chest to sink), whose post is held until
the turn ends, is told at once in a notice of its own instead.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.play.history import state_after, undo_target
from bot.play.posts import due_before, turn_goes_on
from bot.play.secrecy import is_secret_choice
from bot.storage import GameRecord, Post, ThreadPost
from games import GameSpec
from games.ai.hints import verdict
from games.core import Seen
from games.core.teaching import due
from games.core.words import t

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


@dataclass(frozen=True)
class Taught:
    """What a practice game's positions up to one of them tell its notes: the moments shown
    (those that held at a position where the learner was due) and where the learner's turn
    going on began (None when the learner is not due). ``state`` is that position's dump:
    the service keeps the latest per game (:class:`Teacher`) and trusts it only for a game
    still in that very state, else replays the log (:func:`taught`)."""

    state: str
    shown: frozenset[str]
    began: Any | None


def learned(spec: GameSpec[Any], seat: int, known: Taught | None, state: Any) -> Taught:
    """``known`` (None before the first position) one position further, at ``state``."""
    due_now = seat in spec.to_act(state) and spec.outcome(state) is None
    shown = set(known.shown) if known else set()
    began = None
    if due_now:
        shown |= {m.id for m in spec.moments if m.when(seen(spec, state, seat))}
        began = state if known is None or known.began is None else known.began
    return Taught(spec.dump(state), frozenset(shown), began)


def taught(spec: GameSpec[Any], game: GameRecord, log: Sequence[tuple[int, str]]) -> Taught | None:
    """What the positions through ``log`` tell, replayed from the start (None in a game
    without a learner)."""
    seat = learner(game)
    if seat is None:
        return None
    known = None
    for state in positions(spec, game, log):
        known = learned(spec, seat, known, state)
    return known


def notes_for(
    spec: GameSpec[Any],
    game: GameRecord,
    known: Taught | None,
    before: Any,
    actor: int | None,
    after: Any,
) -> tuple[list[str], Taught | None]:
    """The notes a change owes the learner of a practice game ([] in any other game), and
    what is known after it. When the learner's own turn ends: what it did, from where it
    began (a turn of several steps is one move to a player); then the moments the new
    position brings up, if they are due. ``known`` tells the positions through ``before``
    (None, with ``before``, when the game just began)."""
    seat = learner(game)
    if seat is None:
        return [], None
    notes = []
    ended = before is not None and not turn_goes_on(
        spec, before, after, due_before(spec, before, False)
    )
    if actor == seat and ended and not is_secret_choice(spec, before, seat):
        seed = random.Random(f"{game.seed}:{game.version}:teach").getrandbits(31)
        began = known.began if known is not None and known.began is not None else before
        open_hand = not spec.view(began, seat).get("private")
        said = verdict(spec, began, after, seat, seed, estimate_too=open_hand)
        notes += [said] if said else []
    if seat in spec.to_act(after) and spec.outcome(after) is None:
        shown = set(known.shown) if known else set()
        notes += [t(m.text) for m in due(spec.moments, seen(spec, after, seat), shown)]
    return [NOTE + note for note in notes], learned(spec, seat, known, after)


class Teacher:
    """The notes of practice games as the service commits their changes, remembering what
    each game's latest position told (:class:`Taught`), so a commit does not replay the
    game: only a game whose state is not the one remembered (a restart, another process, a
    take-back) is replayed from its log."""

    def __init__(self) -> None:
        self._known: dict[int, Taught] = {}

    async def notes(
        self,
        spec: GameSpec[Any],
        game: GameRecord,
        log: Callable[[], Awaitable[list[tuple[int, str]]]],
        before: Any,
        actor: int | None,
        after: Any,
    ) -> list[str]:
        """The notes the change from ``before`` (the game as read) to ``after`` owes;
        ``log`` reads the game's actions, if a replay is needed."""
        if learner(game) is None:
            return []
        known = None if before is None else self._known.get(game.id)
        if before is not None and (known is None or known.state != game.state):
            known = taught(spec, game, await log())
        notes, now = notes_for(spec, game, known, before, actor, after)
        if now is None or spec.outcome(after) is not None:
            self._known.pop(game.id, None)  # nothing more to teach there
        else:
            self._known[game.id] = now
        return notes


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
