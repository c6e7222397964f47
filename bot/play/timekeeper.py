"""The due work of one game at a time, for the Discord side's tick and before its posts go out.

:meth:`Timekeeper.run_due` brings the deadlines up to date, then for each due seat follows
vacations, handles a clock that ran out (:mod:`bot.play.deadlines`) or sends the reminder step
due (:mod:`bot.play.reminders`), and stores when the turn next needs looking at
(:mod:`bot.play.wakes`), so the tick visits only games with something due. Work on one game
holds that game's lock, so a tick and a delivery never update the same game's deadlines at once.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from typing import Any

from bot.play.deadlines import Deadlines
from bot.play.reminders import remind
from bot.play.service import GameService
from bot.play.thoughts import LOOK_AGAIN
from bot.play.turns import Replay
from bot.play.vacations import follow_vacation
from bot.play.wakes import next_wake
from bot.storage import GameRecord, Store, TimePolicy
from games import REGISTRY, GameSpec


class Timekeeper:
    def __init__(self, store: Store, service: GameService) -> None:
        self.store = store
        self.deadlines = Deadlines(store, service)
        self.thoughts = service.thoughts
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock of one game's clock work (the status message is refreshed under it too)."""
        return self._locks[game_id]

    def known_replay(self, game: GameRecord) -> Replay | None:
        return self.deadlines.known_replay(game)

    async def sync(self, game_id: int, now: float) -> None:
        """Deadlines follow the game (before its posts go out, so they can show the clock)."""
        async with self.lock(game_id):
            game = await self.store.game(game_id)
            if game is not None:
                await self.deadlines.sync(game, now)

    async def catch_up(self, now: float) -> None:
        """At start: deadlines a crash left behind their game's version follow it again."""
        for game_id in await self.store.unsynced_games():
            await self.sync(game_id, now)

    async def run_due(self, game_id: int, now: float) -> None:
        """Everything due in one game at ``now``, once; then when it is next due."""
        async with self.lock(game_id):
            game = await self.store.game(game_id)
            if game is None:
                return
            rp = await self.deadlines.sync(game, now)
            if game.status != "active" or rp is None:
                return  # a game out of play keeps no deadlines
            spec = REGISTRY[game.game_key]
            policy = await self.store.time_policy(game_id)
            for deadline in await self.store.deadlines(game_id):
                settings = await self.store.user_settings(deadline.user_id)
                interrupt = spec.default_action(rp.state, deadline.seat) is not None
                if not interrupt:  # a short interrupt neither stops for vacations nor reminds
                    deadline = await follow_vacation(self.store, game, deadline, settings, now)
                if deadline.paused_at is not None:
                    continue
                if deadline.due_at is not None and now >= deadline.due_at:
                    await self.deadlines.expire(game, rp, policy, deadline, now)
                    game = await self.store.game(game_id)
                    if game is None:
                        return
                    rp = await self.deadlines.sync(game, now)
                    if game.status != "active" or rp is None:
                        return
                else:
                    if settings.turn_dm and not rp.complete:  # the turn's DM tells the news
                        rp = await self.deadlines.replay(game) or rp
                    clock = None if interrupt else policy.clock_seconds  # no ladder: start only
                    await remind(self.store, game, spec, clock, deadline, settings, rp, now)
            await self._schedule(game, spec, rp.state, policy, now)

    async def _schedule(
        self, game: GameRecord, spec: GameSpec[Any], state: Any, policy: TimePolicy, now: float
    ) -> None:
        """Store when each due seat's turn next needs the scheduler; a clock run out whose
        stand-in is handed out (:mod:`bot.play.thoughts`) is not looked at on every tick
        while the AI thinks, only after :data:`LOOK_AGAIN` if its turn still stands."""
        for deadline in await self.store.deadlines(game.id):
            settings = await self.store.user_settings(deadline.user_id)
            done = await self.store.steps_done(game.id, deadline.seat, deadline.turn)
            interrupt = spec.default_action(state, deadline.seat) is not None
            wake = next_wake(
                deadline,
                None if interrupt else policy.clock_seconds,
                settings,
                done,
                policy.policy == "wait" and not interrupt,
                now,
            )
            if wake is not None and wake <= now and self.thoughts.owes(game.id):
                wake = now + LOOK_AGAIN
            if wake != deadline.wake_at:
                await self.store.set_wake(game.id, deadline.seat, deadline.turn, wake)
