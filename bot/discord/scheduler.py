"""The scheduler's tick: the due work of every game in play (:mod:`bot.play.timekeeper`:
deadlines, vacations, reminders, clocks run out), then the posts that work owes, then the
replays of games just finished (slow to draw, so never in the way of a move's posts).

The time cog runs :meth:`Scheduler.tick` on a ``discord.ext.tasks`` loop. Every step is
idempotent and transactional, so a restart between a deadline and its processing neither
loses nor repeats it; one game failing never stops the others.
"""

from __future__ import annotations

import logging

from bot.discord.delivery import Herald
from bot.play.clocks import Clock
from bot.play.timekeeper import Timekeeper
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
        for game in await self.store.active_games():
            try:
                await self.timekeeper.run_due(game.id, now)
            except Exception:
                log.exception("Scheduler failed on game %s", game.id)
            await self.herald.deliver(game.id)
        await self.herald.post_replays()  # finished games' replays, drawn off the event loop
