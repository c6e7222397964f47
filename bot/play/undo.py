"""Taking back a move, the way good async sites do it (issue 16).

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
taken back at once. A request is tied to the game version it was asked at, so it expires at
the next action. Taking back is an ordinary version-checked action (see
:mod:`bot.play.history`): the undone actions stay in the log, marked undone, and the game is
the replay without them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.play.history import in_effect, state_after, undo_action, undo_line
from bot.play.posts import posts_owed
from bot.play.service import UserError
from bot.play.turns import replay
from bot.storage import GameRecord, Post, Store, UndoRequest, VersionConflict
from games import REGISTRY, GameSpec, IllegalAction

SEEDS = range(1, 9)  # re-dealt worlds per seat

HIDDEN = (
    "That move can't be taken back: since you played it something hidden came to light (a "
    "card drawn, a vote or bid revealed, a wind card turned), so playing it again could come "
    "out differently."
)
EXPIRED = "That request to take back a move has expired: the game moved on since."


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


@dataclass(frozen=True)
class Plan:
    """What taking back a seat's last action means now: the first version taken back, the
    public line of that action, and who must agree."""

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
        raise UserError("You have no move in this game to take back.")
    first = mine[-1]
    before = state_after(spec, game, log[: first - 1])
    again = [(s, action) for version, s, action in live if version >= first]
    if told_something(spec, before, again):
        raise UserError(HIDDEN)
    autopiloted = {s.seat for s in game.seats if s.played_by_ai}  # the AI has no say
    if len(game.seats) == 2:
        asked = {1 - seat}
    else:
        asked = {s for version, s, _ in live if version > first and s != seat}
    what = replay(spec, game, list(log[:first])).lines[-1][2]
    return Plan(first, what, [game.user_of(s) for s in sorted(asked - autopiloted)])


def taken_back(
    spec: GameSpec[Any], game: GameRecord, log: Sequence[tuple[int, str]], request: UndoRequest
) -> tuple[Any, list[Post]]:
    """The game once ``request``'s moves are taken back, and the posts that owes: the board
    in the thread (saying which move went) and each seat's refreshed secrets."""
    before = spec.load(game.state or "")
    after = state_after(spec, game, log[: request.first_version - 1])
    version = game.version + 1
    what = replay(spec, game, list(log[: request.first_version])).lines[-1][2]
    line = f"{undo_line(spec, request.seat, request.first_version, version)} ({what})"
    posts = posts_owed(game, spec, before, after, version, line, actor=request.seat, anew=True)
    return after, posts


@dataclass(frozen=True)
class Asked:
    """A request made: those who must still agree (none: it was taken back at once)."""

    request: UndoRequest
    what: str


class Undos:
    """Requests to take back a move, their answers, and the taking back itself."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def ask(self, game: GameRecord, user_id: int) -> Asked:
        """``user_id`` asks to take back their last move; with nobody to ask it is done."""
        if game.status != "active":
            raise UserError("Moves can only be taken back while the game is being played.")
        seat = game.seat_of(user_id)
        if seat is None:
            raise UserError("You are not playing in this game.")
        spec = REGISTRY[game.game_key]
        log = await self.store.actions(game.id)
        plan = await asyncio.to_thread(plan_undo, spec, game, log, seat)  # replays: CPU
        request = UndoRequest(
            game.id, game.version, seat, user_id, plan.first_version, plan.approvers
        )
        if plan.approvers:
            await self.store.ask_undo(request)
        else:
            await self.take_back(game, request)
        return Asked(request, plan.what)

    async def answer(self, game_id: int, version: int, user_id: int, approve: bool) -> UndoRequest:
        """One player's answer to the request asked at ``version``; once everyone asked has
        agreed, the moves are taken back. Returns the request as it stands."""
        game = await self.store.game(game_id)
        pending = await self.store.undo_request(game_id)
        if game is None or game.version != version or game.status != "active":
            raise UserError(EXPIRED)
        if pending is None or pending.version != version:
            raise UserError("That request to take back a move was already answered.")
        if user_id not in pending.waiting:
            raise UserError(
                "Only the players asked can answer this request."
                if user_id != pending.user_id
                else "You asked: the other players answer."
            )
        answered = await self.store.answer_undo(game_id, version, user_id, approve)
        if answered is None:  # another click answered for this player meanwhile
            raise UserError("That request to take back a move was already answered.")
        if approve and not answered.waiting:
            await self.take_back(game, answered)
        return answered

    async def take_back(self, game: GameRecord, request: UndoRequest) -> None:
        """Put the game back as it stood before ``request.first_version``, as one action of
        the requester (version-checked: refused if the game moved on)."""
        spec = REGISTRY[game.game_key]
        after, posts = taken_back(spec, game, await self.store.actions(game.id), request)
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
                # a seat the AI plays due again: its move is owed (GameService.run_autopilot)
                autopilot=any(s.played_by_ai and s.seat in due for s in game.seats),
            )
        except VersionConflict:
            raise UserError(EXPIRED) from None
