"""The scheduler's tick: the due work of every game in play (:mod:`bot.play.timekeeper`:
deadlines, vacations, reminders, clocks run out), then the posts that work owes, then the
replays of games just finished (slow to draw, so never in the way of a move's posts).

The time cog runs :meth:`Scheduler.tick` on a ``discord.ext.tasks`` loop. Every step is
idempotent and transactional, so a restart between a deadline and its processing neither
loses nor repeats it; one game failing never stops the others. Games are claimed first
(:mod:`bot.play.claims`): with several processes on one database each takes the due games
no other holds, and hands each back with the time it is next due (:mod:`bot.play.wakes`).
"""

from __future__ import annotations

import logging
from typing import Protocol

from bot.discord.delivery import Herald
from bot.play.clocks import Clock
from bot.play.service import GameService
from bot.play.timekeeper import Timekeeper
from bot.play.wakes import next_wake
from bot.storage import Store

log = logging.getLogger(__name__)


class OpenPlace(Protocol):
    """Open a game that still owes its opening (lobby card and thread), after a crash."""

    async def __call__(self, game_id: int, resuming: bool = False) -> object: ...


async def no_opening(game_id: int, resuming: bool = False) -> None:
    """Until the lobby cog hands the scheduler its opener."""


class Scheduler:
    def __init__(
        self,
        store: Store,
        service: GameService,
        timekeeper: Timekeeper,
        herald: Herald,
        clock: Clock,
    ) -> None:
        self.store = store
        self.service = service
        self.timekeeper = timekeeper
        self.herald = herald
        self.clock = clock
        self.open_place: OpenPlace = no_opening

    async def resume(self) -> None:
        """Work owed after a commit that a crash may have cut short, at start and every tick:
        seats on autopilot due to move, games still owed their opening, and posts still owed
        (of any game, finished ones too). Each is recorded in the commit that made it owed,
        and each step is idempotent."""
        claims = self.herald.claims  # a game another process holds is its to resume
        for game_id in await self.store.autopilot_due():
            try:
                async with claims.hold(game_id, patience=0) as mine:
                    if mine:
                        await self.service.run_autopilot(game_id, recorded=True)
            except Exception:
                log.exception("The autopilot failed in game %s", game_id)
        for game_id in await self.store.unopened():
            try:
                async with claims.hold(game_id, patience=0) as mine:
                    if mine:
                        await self.open_place(game_id, resuming=True)
            except Exception:
                log.exception("Could not open game %s", game_id)
        await self.herald.deliver()

    async def tick(self, now: float | None = None) -> None:
        """Do everything that is due at ``now`` (default: the bot's clock), once."""
        now = self.clock() if now is None else now
        await self.resume()
        claims = self.herald.claims
        after = 0
        while batch := await claims.due(now, after):
            for game_id in batch:
                after = game_id
                wake = None  # after a failure: due again at the next tick
                try:
                    try:
                        await self.timekeeper.run_due(game_id, now)
                    except Exception:
                        log.exception("Scheduler failed on game %s", game_id)
                    await self.herald.deliver(game_id)
                    if self.store.sleeps_games:
                        wake = await next_wake(self.store, game_id, now)
                finally:
                    await claims.release(game_id, wake)
        await self.herald.post_replays()  # finished games' replays, drawn off the event loop
