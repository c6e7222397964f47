"""Taking back a move, the way good async sites do it.

A player asks to take back their own last action in effect, together with every action played
after it. It is allowed only when those actions told nobody anything hidden, which is decided
the same way for every game, with no game named here:

    For each seat, a few re-dealt worlds are drawn with ``spec.sample(before, seat, seed)``:
    each agrees with everything that seat could see before the actions and re-deals the rest
    (other hands, loyalties, bids, the deck order, the RNG). The actions are played again in
    each world. If they are legal there and leave that seat's view, and the public view,
    exactly as they are now, what they did depended on nothing the seat could not see. If in
    some world an action is refused or a view comes out differently, a card was drawn, a vote
    or bid revealed, a wind card turned or a die rolled: something hidden came to light, and
    playing the actions again could come out otherwise. The undo is refused.

The rule is conservative: an action whose very legality depends on a hidden card (a secret vote
cast but not yet revealed) is never taken back either.

Who must agree: in a two-player game the opponent; with more players every player who has
acted since (a seat the autopilot plays has nobody to ask). With nobody to ask the action is
taken back at once. Only a seat's current holder speaks for it: the asker must hold their
seat, those asked are seats, answered by whoever holds each one when they answer, and a seat
changing hands (a sub, a kick, a resignation) withdraws the open request, whose asker is told
and can ask again (those asked are no longer the players the request named).

A game has one open request; each has its own id, carried by its buttons, so an answer counts
for the request it was given to. It ends at the next action (it expires), when a newer one
replaces it, when it is refused or withdrawn; its asker is told when it expires, is replaced
or withdrawn by someone else's doing. Taking back is an ordinary version-checked action (see
:mod:`bot.play.history`): the undone actions stay in the log, marked undone, and the game is
the replay without them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.play.history import in_effect, state_after, undo_action, undo_line
from bot.play.posts import posts_owed, undo_ended
from bot.play.readers import aloud
from bot.play.service import UserError
from bot.play.turns import replay
from bot.storage import GameRecord, Post, Store, UndoRequest, VersionConflict
from games import REGISTRY, GameSpec, IllegalAction
from games.core.words import N_, t

SEEDS = range(1, 9)  # re-dealt worlds per seat

HIDDEN = N_(
    "That move can't be taken back: since you played it something hidden came to light (a "
    "card drawn, a vote or bid revealed, a wind card turned), so playing it again could come "
    "out differently."
)
EXPIRED = N_("That request to take back a move has expired: the game moved on since.")
ANSWERED = N_("That request to take back a move was already answered.")
#: What a click on a request no longer open says, and the line its post gets (its buttons go).
CLOSED = {
    "expired": (EXPIRED, N_("⌛ Expired: the game moved on.")),
    "replaced": (
        N_(
            "That request to take back a move was replaced by a newer one: answer the newest "
            "request in the thread."
        ),
        N_("⌛ Replaced by a newer request."),
    ),
    "withdrawn": (
        N_(
            "That request to take back a move was withdrawn: a seat changed hands since. Its "
            "asker can ask again with `/parley undo`."
        ),
        N_("⌛ Withdrawn: a seat changed hands."),
    ),
    "taken": (
        N_("That move has already been taken back."),
        N_("✅ The move is taken back."),
    ),
}


def told_something(spec: GameSpec[Any], before: Any, actions: list[tuple[int, str]]) -> bool:
    """Whether ``actions`` (seat, action), played from ``before``, showed any seat or the
    table something it could not know before them (see the module's rule)."""
    after = before
    for seat, action in actions:
        after = spec.apply(after, seat, action)
    public = spec.view(after, None)
    for viewer in range(spec.players(before)):
        mine = spec.view(after, viewer)
        for seed in SEEDS:
            world = spec.sample(before, viewer, seed)
            try:
                for seat, action in actions:
                    world = spec.apply(world, seat, action)
            except IllegalAction:
                return True
            if spec.view(world, viewer) != mine or spec.view(world, None) != public:
                return True
    return False


class Closed(UserError):
    """A click on a request that is no longer open; ``mark`` is the line its post gets."""

    def __init__(self, text: str, mark: str) -> None:
        super().__init__(text)
        self.mark = mark


def ended(game: GameRecord, why: str) -> Closed:
    """:class:`Closed` for a request that ended for ``why``: said to the clicker in their
    words, the mark in the thread's."""
    text, mark = CLOSED[why]
    with aloud(game):
        marked = t(mark)
    return Closed(t(text), marked)


def closed(game: GameRecord, request: UndoRequest) -> UserError | None:
    """Why ``request`` can no longer be answered (None: it is open). A refused one's post
    already says so."""
    if request.ended == "refused":
        return UserError(t(ANSWERED))
    if request.ended is not None:
        return ended(game, request.ended)
    if game.status != "active" or game.version != request.version:
        return ended(game, "expired")
    return None


@dataclass(frozen=True)
class Plan:
    """What taking back a seat's last action means now: the first version taken back, the
    public line of that action, and the seats that must agree."""

    first_version: int
    what: str
    approvers: list[int]


def plan_undo(
    spec: GameSpec[Any], game: GameRecord, log: Sequence[tuple[int, str]], seat: int
) -> Plan:
    """The plan to take back ``seat``'s last action in effect, or a :class:`UserError`
    saying why it cannot be."""
    live = in_effect(log)
    mine = [version for version, s, _ in live if s == seat]
    if not mine:
        raise UserError(t("You have no move in this game to take back."))
    first = mine[-1]
    before = state_after(spec, game, log[: first - 1])
    again = [(s, action) for version, s, action in live if version >= first]
    if told_something(spec, before, again):
        raise UserError(t(HIDDEN))
    autopiloted = {s.seat for s in game.seats if s.played_by_ai}  # the AI has no say
    if len(game.seats) == 2:
        asked = {1 - seat}
    else:
        asked = {s for version, s, _ in live if version > first and s != seat}
    what = replay(spec, game, list(log[:first])).lines[-1][2]
    return Plan(first, what, sorted(asked - autopiloted))


def taken_back(
    spec: GameSpec[Any], game: GameRecord, log: Sequence[tuple[int, str]], request: UndoRequest
) -> tuple[Any, list[Post]]:
    """The game once ``request``'s moves are taken back, and the posts that owes: the board
    in the thread (saying which move went) and each seat's refreshed secrets."""
    before = spec.load(game.state or "")
    after = state_after(spec, game, log[: request.first_version - 1])
    version = game.version + 1
    with aloud(game):
        what = replay(spec, game, list(log[: request.first_version])).lines[-1][2]
        line = f"{undo_line(spec, request.seat, request.first_version, version)} ({what})"
    posts = posts_owed(game, spec, before, after, version, line, actor=request.seat, anew=True)
    return after, posts


@dataclass(frozen=True)
class Asked:
    """A request made (with nobody ``waiting``: it was taken back at once); ``waiting`` are
    the players asked, by user id."""

    request: UndoRequest
    what: str
    waiting: list[int]


@dataclass(frozen=True)
class Answered:
    """A request as an answer left it; ``waiting`` are the players still to agree."""

    request: UndoRequest
    waiting: list[int]


class Undos:
    """Requests to take back a move, their answers, and the taking back itself."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def ask(self, game: GameRecord, user_id: int) -> Asked:
        """``user_id`` asks to take back their seat's last move, replacing the game's open
        request (its asker is told); with nobody to ask it is done at once."""
        if game.status != "active":
            raise UserError(t("Moves can only be taken back while the game is being played."))
        seat = game.seat_held_by(user_id)
        if seat is None:
            if game.seat_of(user_id) is not None:
                raise UserError(
                    t("You have already left this game: the autopilot plays your old seat.")
                )
            raise UserError(t("You are not playing in this game."))
        spec = REGISTRY[game.game_key]
        log = await self.store.actions(game.id)
        plan = await asyncio.to_thread(plan_undo, spec, game, log, seat)  # replays: CPU
        request = UndoRequest(
            game.id, game.version, seat, user_id, plan.first_version, plan.approvers
        )
        if not plan.approvers:
            await self.take_back(game, request)
            return Asked(request, plan.what, [])
        pending = await self.store.open_undo(game.id)
        told = undo_ended(game, pending, "replaced", user_id)
        try:
            request = await self.store.ask_undo(
                request, told, game, None if pending is None else pending.id
            )
        except VersionConflict:
            raise UserError(
                t("The game changed while I looked at your move: try `/parley undo` again.")
            ) from None
        return Asked(request, plan.what, [game.user_of(s) for s in plan.approvers])

    async def answer(self, game_id: int, request_id: int, user_id: int, approve: bool) -> Answered:
        """The answer of ``user_id``, for the seat they hold now, to request ``request_id``;
        once every seat asked has agreed, the moves are taken back. A request no longer open
        raises :class:`Closed` (or a :class:`UserError` once refused)."""
        game, request = await self._read(game_id, request_id)
        if refusal := closed(game, request):
            raise await self._taken_back(game, request) or refusal
        seat = game.seat_held_by(user_id)
        if seat is None or seat not in request.waiting:
            raise UserError(
                t("You asked: the other players answer.")
                if seat == request.seat
                else t("Only the players asked can answer this request.")
            )
        answered = await self.store.answer_undo(game_id, request_id, seat, approve)
        if answered is None:  # another click answered for this seat, or the request ended
            game, request = await self._read(game_id, request_id)
            if (refusal := closed(game, request)) is None:
                raise UserError(t(ANSWERED))
            raise await self._taken_back(game, request) or refusal
        if approve and not answered.waiting:
            await self.take_back(game, answered)
        return Answered(answered, [game.user_of(s) for s in answered.waiting])

    async def _taken_back(self, game: GameRecord, request: UndoRequest) -> Closed | None:
        """:class:`Closed` as "taken back" when the game's next action after ``request`` is
        its undo: a press that lost the race to the last agreement (a double tap) is told
        the request succeeded, and its post keeps saying so."""
        following = await self.store.actions(game.id, request.version)
        if following[:1] == [(request.seat, undo_action(request.first_version))]:
            return ended(game, "taken")
        return None

    async def _read(self, game_id: int, request_id: int) -> tuple[GameRecord, UndoRequest]:
        """The game and its request ``request_id`` as they are now (a button naming another
        game's request is refused)."""
        game = await self.store.game(game_id)
        request = None if game is None else await self.store.undo_request(game_id, request_id)
        if game is None or request is None:
            raise UserError(t("That button does not belong to this game."))
        return game, request

    async def take_back(self, game: GameRecord, request: UndoRequest) -> None:
        """Put the game back as it stood before ``request.first_version``, as one action of
        the requester, version-checked against the game as read, its seats and open request
        included: refused if the game moved on or a seat changed hands meanwhile. Another
        open request expires (its asker is told)."""
        spec = REGISTRY[game.game_key]
        after, posts = taken_back(spec, game, await self.store.actions(game.id), request)
        pending = await self.store.open_undo(game.id)
        if pending is not None and pending.id != request.id:
            posts += undo_ended(game, pending, "expired", request.user_id)
        due = spec.to_act(after)
        try:
            await self.store.record_action(
                game.id,
                game.version,
                request.seat,
                request.user_id,
                undo_action(request.first_version),
                spec.dump(after),
                "active",
                None,
                posts,
                read=game,
                # a seat the AI plays due again: its move is owed (GameService.run_autopilot)
                autopilot=any(s.played_by_ai and s.seat in due for s in game.seats),
                undo=None if pending is None else pending.id,
            )
        except VersionConflict:
            raise ended(game, "expired") from None
