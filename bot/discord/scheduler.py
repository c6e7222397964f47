"""The scheduler's tick: the due work of every game in play (:mod:`bot.play.timekeeper`:
deadlines, vacations, reminders, clocks run out), then the posts that work owes.

The time cog runs :meth:`Scheduler.tick` on a ``discord.ext.tasks`` loop. Every step is
idempotent and transactional, so a restart between a deadline and its processing neither
loses nor repeats it; one game failing never stops the others. Games are claimed first
(:mod:`bot.play.claims`): with several processes on one database each takes the due games
no other holds, and hands each back with the time it is next due (:mod:`bot.play.wakes`).
"""

from __future__ import annotations

import logging

from bot.discord.delivery import Herald
from bot.play.clocks import Clock
from bot.play.timekeeper import Timekeeper
from bot.play.wakes import next_wake
from bot.storage import Store

log = logging.getLogger(__name__)


class Scheduler:
    def __init__(self, store: Store, timekeeper: Timekeeper, herald: Herald, clock: Clock) -> None:
        self.store = store
        self.timekeeper = timekeeper
        self.herald = herald
        self.clock = clock

    async def tick(self, now: float | None = None) -> None:
        """Do everything that is due at ``now`` (default: the bot's clock), once."""
        now = self.clock() if now is None else now
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
