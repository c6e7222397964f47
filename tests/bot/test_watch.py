"""The operator's listener (issue 26, item 2): ``/metrics`` in Prometheus's text format counts
the commands and clicks played through the real discord.py paths, and ``/healthz`` says 200,
or 503 naming each failing check: a late tick (on the fake clock), a database that fails."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import AsyncIterator
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.config import Settings
from bot.discord.bot import ParleyBot
from bot.discord.watch import LATE_TICKS
from tests.bot.conftest import World
from tests.bot.helpers import private_reply
from tests.bot.time_helpers import FakeClock, open_game

TICK = 30.0


@pytest.fixture
async def watched(world: World) -> AsyncIterator[tuple[ParleyBot, FakeClock, str]]:
    """A bot listening on a port the OS picks, its tick due every 30 s on a fake clock; the
    loop itself is stopped (the test ticks), so only the clock says when a tick is late."""
    clock = FakeClock()
    settings = Settings(token="fake", database=world.database, tick_seconds=TICK, metrics_port=0)
    bot = ParleyBot(settings, clock=clock)
    await world.fake.attach(bot)
    world.bots.append(bot)
    await bot.remove_cog("time")  # stops the tick loop and waits until it has
    port = bot.get_cog("watch").port  # type: ignore[union-attr]
    assert port
    yield bot, clock, f"http://127.0.0.1:{port}"


async def get(url: str) -> tuple[int, str, str]:
    async with aiohttp.ClientSession() as http, http.get(url) as answer:
        return answer.status, answer.headers["Content-Type"], await answer.text()


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Each sample of a scrape, by name and labels, parsed as Prometheus parses it."""
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def value(scrape: dict[Any, float], name: str, **labels: str) -> float:
    return scrape.get((name, tuple(sorted(labels.items()))), 0.0)


async def test_a_scrape_counts_commands_clicks_games_and_database_errors(world: World, watched):
    bot, _clock, url = watched
    await open_game(world, bot)  # /parley new, then two clicks on the lobby card
    refused = await world.fake.slash(
        bot, world.alice, world.thread(), "parley move", action="fly to the moon"
    )
    assert "fly to the moon" not in private_reply(refused)

    async def broken(*_args: Any) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    bot.store.game = broken  # type: ignore[method-assign,assignment]
    await world.fake.slash(bot, world.alice, world.thread(), "parley move", action="pass")
    del bot.store.game  # the store's own method again

    status, kind, text = await get(f"{url}/metrics")
    assert status == 200 and kind.startswith("text/plain")
    scrape = samples(text)
    total = "parley_commands_total"
    assert value(scrape, total, command="parley new", outcome="ok") == 1
    assert value(scrape, total, command="parley:lobby", outcome="ok") == 2
    assert value(scrape, total, command="parley move", outcome="refused") == 1
    assert value(scrape, total, command="parley move", outcome="error") == 1
    assert value(scrape, "parley_command_seconds_count", command="parley move") == 2
    assert value(scrape, "parley_database_errors_total") == 1
    assert value(scrape, "parley_games", status="active") == 1
    census = await bot.store.census()
    assert value(scrape, "parley_backlog", kind="posts") == census.owed_posts
    assert value(scrape, "parley_backlog", kind="ai_moves") == 0
    assert ("parley_gateway_latency_seconds", ()) in scrape
    assert "fly to the moon" not in text  # labels are fixed words, never what a player typed


async def test_health_is_ok_until_a_tick_is_late_or_the_database_fails(world: World, watched):
    bot, clock, url = watched
    await bot.scheduler.tick()
    assert await get(f"{url}/healthz") == (200, "text/plain; charset=utf-8", "ok\n")

    clock.advance(LATE_TICKS * TICK + 1)
    status, _, text = await get(f"{url}/healthz")
    assert status == 503
    assert text == "no scheduler tick has ended for 91 s (one is due every 30 s)\n"
    await bot.scheduler.tick()
    assert (await get(f"{url}/healthz"))[0] == 200

    scrape = samples((await get(f"{url}/metrics"))[2])
    assert value(scrape, "parley_tick_seconds_count") == 2
    assert value(scrape, "parley_last_tick_timestamp_seconds") == clock.now

    await bot.store.close()
    status, _, text = await get(f"{url}/healthz")
    assert (status, text) == (503, "the database failed a trivial query (the log has the error)\n")
    assert (await get(f"{url}/metrics"))[0] == 503


def die(*_args: Any) -> None:
    """A worker killed mid-thought (by the OOM killer, say)."""
    os._exit(1)


async def test_health_says_when_an_ai_worker_died(world: World, watched, monkeypatch):
    bot, _clock, url = watched
    await bot.scheduler.tick()
    thinker = bot.service.thinker
    monkeypatch.setattr("bot.play.thinking.think", die)
    monkeypatch.setattr("bot.play.thinking.worker_context", lambda: get_context("fork"))
    with pytest.raises(BrokenProcessPool):
        await thinker.choose("cardinal", "{}", 0, 1)
    status, _, text = await get(f"{url}/healthz")
    assert (status, text) == (
        503,
        "an AI worker process died and no AI move has been thought since\n",
    )


async def test_health_says_when_the_gateway_is_not_connected(world: World):
    settings = Settings(token="fake", database=world.database, metrics_port=0)
    bot = ParleyBot(settings)
    await world.fake.attach(bot, ready=False)  # logged in, the gateway not ready
    world.bots.append(bot)
    port = bot.get_cog("watch").port  # type: ignore[union-attr]
    status, _, text = await get(f"http://127.0.0.1:{port}/healthz")
    assert (status, text) == (503, "not connected to Discord's gateway\n")


async def test_no_listener_unless_a_port_is_set(world: World):
    bot = await world.start_bot()
    assert bot.get_cog("watch").port is None  # type: ignore[union-attr]
