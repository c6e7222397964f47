"""What an operator watches: an HTTP listener (opt-in, ``PARLEY_METRICS_PORT``, on loopback
unless ``PARLEY_METRICS_HOST`` says otherwise) with ``/healthz`` and ``/metrics``, served by
aiohttp (which discord.py brings) on the bot's own event loop.

``/healthz`` answers 200 "ok", or 503 with each failing check in words, one a line: the
gateway is connected, the database answers a trivial query within :data:`PATIENCE`, a
scheduler tick ended within :data:`LATE_TICKS` periods, and the AI's process pool works (no
worker died without a thought finished since). ``/metrics`` is the Prometheus text format of
:class:`bot.metrics.Metrics`, with the store's counts and the gateway's latency read at the
scrape.

Database errors are counted from the log: every one the bot survives is logged with its
traceback (a command's, a tick's, a delivery's), so one handler counts them all. An extension,
loaded by name (:data:`bot.discord.bot.EXTENSIONS`), as a cog without commands: unloading
it, as closing the bot does, stops the listener.
"""

from __future__ import annotations

import asyncio
import logging

from aiohttp import web
from discord.ext import commands
from prometheus_client import CONTENT_TYPE_LATEST

from bot.discord.bot import ParleyBot
from bot.metrics import Metrics
from bot.storage.problems import is_database_error

log = logging.getLogger(__name__)

#: How long the database may take to answer ``SELECT 1`` (or the scrape's counts).
PATIENCE = 2.0
#: A tick is late once this many periods pass without one ending.
LATE_TICKS = 3


class DatabaseErrors(logging.Handler):
    """Counts each logged error whose exception the database raised."""

    def __init__(self, metrics: Metrics) -> None:
        super().__init__()
        self.metrics = metrics

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        if error is not None and is_database_error(error):
            self.metrics.database_errors.inc()


class Watch(commands.Cog, name="watch"):
    """The listener of one bot, and the log handler that counts its database errors."""

    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot
        self.errors = DatabaseErrors(bot.metrics)
        #: When watching began: the first tick is late only counted from here.
        self.since = bot.clock()
        self._runner: web.AppRunner | None = None
        #: The port it listens on (the one the OS chose, for ``PARLEY_METRICS_PORT`` 0).
        self.port: int | None = None

    async def cog_load(self) -> None:
        logging.getLogger().addHandler(self.errors)
        settings = self.bot.settings
        if settings.metrics_port is None:
            return
        app = web.Application()
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/metrics", self.metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, settings.metrics_host, settings.metrics_port)
        await site.start()
        self.port = self._runner.addresses[0][1]
        log.info("Health and metrics on http://%s:%s/", settings.metrics_host, self.port)

    async def cog_unload(self) -> None:
        logging.getLogger().removeHandler(self.errors)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def troubles(self) -> list[str]:
        """Each failing check, in words; none when the bot is healthy."""
        bot = self.bot
        found = []
        down = sorted(shard for shard, info in bot.shards.items() if info.is_closed())
        if not bot.is_ready() or bot.is_closed():
            found.append("not connected to Discord's gateway")
        elif down:
            found.append(f"shards {', '.join(map(str, down))} not connected to Discord's gateway")
        try:
            await asyncio.wait_for(bot.store.ping(), PATIENCE)
        except TimeoutError:
            found.append(f"the database did not answer within {PATIENCE:g} s")
        except Exception:
            log.warning("Health check: the database failed", exc_info=True)
            found.append("the database failed a trivial query (the log has the error)")
        period = bot.settings.tick_seconds
        ended = bot.metrics.ticked_at or self.since
        waited = bot.clock() - ended
        if period > 0 and waited > LATE_TICKS * period:
            found.append(
                f"no scheduler tick has ended for {waited:.0f} s (one is due every {period:g} s)"
            )
        if bot.service.thinker.broken:
            found.append("an AI worker process died and no AI move has been thought since")
        return found

    async def healthz(self, request: web.Request) -> web.Response:
        troubles = await self.troubles()
        if troubles:
            return web.Response(status=503, text="\n".join(troubles) + "\n")
        return web.Response(text="ok\n")

    async def metrics(self, request: web.Request) -> web.Response:
        bot = self.bot
        try:
            census = await asyncio.wait_for(bot.store.census(), PATIENCE)
        except Exception:
            log.warning("Metrics: the database's counts could not be read", exc_info=True)
            return web.Response(status=503, text="the database's counts could not be read\n")
        body = bot.metrics.scraped(census.games, census.backlog, bot.latency)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})


async def setup(bot: ParleyBot) -> None:
    await bot.add_cog(Watch(bot))
