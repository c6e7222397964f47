"""The scheduler's tick: work a crash may have cut short, the due work of the games that have
some (:mod:`bot.play.timekeeper`: deadlines, vacations, reminders, clocks run out), then the
posts that work owes, then the replays of games just finished (slow to draw, so never in the
way of a move's posts).

The time cog runs :meth:`Scheduler.tick` on a ``discord.ext.tasks`` loop. A tick costs what is
due, not what is stored: it reads the turns whose stored wake time has come and the games
owing posts, both through indexes, and never replays a game that did not move. Every step is
idempotent and transactional, so a restart between a deadline and its processing neither
loses nor repeats it; one game failing never stops the others. Each game is claimed first
(:mod:`bot.play.claims`): with several processes on one database, each takes the games with
something due that no other holds, so no work is done twice.
"""

from __future__ import annotations

import logging
import time
from typing import Protocol

from bot.logs import about
from bot.metrics import Metrics, since
from bot.play.claims import Claims
from bot.play.clocks import Clock
from bot.play.service import GameService
from bot.play.timekeeper import Timekeeper
from bot.storage import GameRecord, Store

log = logging.getLogger(__name__)


class OpenPlace(Protocol):
    """The one opener of a game that owes its opening (lobby card and thread): ``/parley
    new``'s, a Rematch click's, and the tick's after a crash. The game as it then is."""

    async def __call__(self, game_id: int, resuming: bool = False) -> GameRecord | None: ...


class Delivery(Protocol):
    """What sends a game's owed posts (:class:`bot.discord.delivery.Herald`)."""

    async def deliver(self, game_id: int | None = None) -> None: ...

    async def post_replays(self) -> None: ...


class LeagueTick(Protocol):
    """What runs the due leagues (:class:`bot.discord.leagues.LeagueDesk`): rounds drawn and
    their games made (``tick``), then, once the games are opened, the leagues' posts."""

    async def tick(self, now: float) -> None: ...

    async def announce(self) -> None: ...


class Scheduler:
    def __init__(
        self,
        store: Store,
        service: GameService,
        timekeeper: Timekeeper,
        herald: Delivery,
        clock: Clock,
        claims: Claims,
        open_place: OpenPlace,
        metrics: Metrics | None = None,
        leagues: LeagueTick | None = None,
    ) -> None:
        self.store = store
        self.service = service
        self.timekeeper = timekeeper
        self.herald = herald
        self.clock = clock
        #: The games this process holds (the herald's own: a game held by either is held).
        self.claims = claims
        self.open_place = open_place
        #: Leagues, whose rounds make games (before :meth:`resume` opens them).
        self.leagues = leagues
        #: Threads Discord archived since the last tick (their live games' threads reopen).
        self.archived: set[int] = set()
        #: Each tick's duration and end (``/healthz`` asks whether one ended lately).
        self.metrics = metrics or Metrics()

    async def start(self) -> None:
        """At start-up: the deadlines a crash or a stop left behind, the work owed
        (:meth:`resume`), then every post owed."""
        await self.timekeeper.catch_up(self.clock())
        await self.resume()
        await self.herald.deliver()

    async def resume(self) -> None:
        """Work owed after a commit that a crash may have cut short, at start and every tick:
        the AI's moves owed, handed out to be thought in the background (the tick does not
        wait for them, see :mod:`bot.play.thoughts`), and games still owed their opening (the
        posts still owed go out on the tick, or at start-up right after this). Each is
        recorded in the commit that made it owed, and each step is idempotent."""
        claims = self.claims  # a game another process holds is its to resume
        for game_id in await self.store.autopilot_due():
            self.service.play_ai_seats(game_id)
        for game_id in await self.store.unopened():
            try:
                async with claims.hold(game_id, patience=0) as mine:
                    if mine:
                        await self.open_place(game_id, resuming=True)
            except Exception:
                log.exception("Could not open game %s", game_id)

    async def tick(self, now: float | None = None) -> None:
        """Do everything that is due at ``now`` (default: the bot's clock), once."""
        now = self.clock() if now is None else now
        began = time.perf_counter()
        if self.leagues is not None:
            await self.leagues.tick(now)
        await self.resume()
        if self.leagues is not None:
            await self.leagues.announce()  # the rounds' games are opened now
        claims = self.claims
        after = 0
        while batch := await claims.due(now, after):  # turns due, posts owed
            for claim in batch:
                after = claim.game_id
                try:
                    await self._work(claim.game_id, claim.due, now)
                finally:
                    await claims.release(claim.game_id)
        archived, self.archived = self.archived, set()
        for thread_id in archived:
            game = await self.store.game_in_thread(thread_id)
            if game is not None and game.status == "active":
                # delivering refreshes its status, which reopens the thread
                await self._work(game.id, False, now)
        await self.herald.post_replays()  # finished games' replays, drawn off the event loop
        self.metrics.ticked(since(began), self.clock())

    async def _work(self, game_id: int, due: bool, now: float) -> None:
        """A game's due work (when ``due``), then its posts."""
        with about(game_id=game_id):  # every line logged below names the game
            if due:
                try:
                    await self.timekeeper.run_due(game_id, now)
                except Exception:
                    log.exception("Scheduler failed on game %s", game_id)
            try:
                await self.herald.deliver(game_id)
            except Exception:
                log.exception("Delivery failed on game %s", game_id)
