"""The scheduler's tick: the due work of the games that have some (:mod:`bot.play.timekeeper`:
deadlines, vacations, reminders, clocks run out), then the posts that work owes.

The time cog runs :meth:`Scheduler.tick` on a ``discord.ext.tasks`` loop. A tick costs what is
due, not what is stored: it reads the turns whose stored wake time has come and the games
owing posts, both through indexes, and never replays a game that did not move. Every step is
idempotent and transactional, so a restart between a deadline and its processing neither
loses nor repeats it; one game failing never stops the others.
"""

from __future__ import annotations

import logging
from typing import Protocol

from bot.play.clocks import Clock
from bot.play.timekeeper import Timekeeper
from bot.storage import Store

log = logging.getLogger(__name__)


class Delivery(Protocol):
    """What sends a game's owed posts (:class:`bot.discord.delivery.Herald`)."""

    async def deliver(self, game_id: int | None = None) -> None: ...


class Scheduler:
    def __init__(
        self, store: Store, timekeeper: Timekeeper, herald: Delivery, clock: Clock
    ) -> None:
        self.store = store
        self.timekeeper = timekeeper
        self.herald = herald
        self.clock = clock
        #: Threads Discord archived since the last tick (their live games' threads reopen).
        self.archived: set[int] = set()

    async def tick(self, now: float | None = None) -> None:
        """Do everything that is due at ``now`` (default: the bot's clock), once."""
        now = self.clock() if now is None else now
        due = set(await self.store.due_games(now))
        owed = set(await self.store.owed_games())
        archived, self.archived = self.archived, set()
        for thread_id in archived:
            game = await self.store.game_in_thread(thread_id)
            if game is not None and game.status == "active":
                owed.add(game.id)  # delivering refreshes its status, which reopens the thread
        for game_id in sorted(due | owed):
            if game_id in due:
                try:
                    await self.timekeeper.run_due(game_id, now)
                except Exception:
                    log.exception("Scheduler failed on game %s", game_id)
            try:
                await self.herald.deliver(game_id)
            except Exception:
                log.exception("Delivery failed on game %s", game_id)
