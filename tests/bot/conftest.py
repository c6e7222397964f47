"""A Discord world (fake HTTP layer) and a Parley bot on a fresh database: a temporary SQLite
file, or (the ``postgres`` half, ``-m postgres``) a new database on a PostgreSQL server the
session starts (:mod:`tests.bot.postgres`)."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import pytest

from bot.config import Settings
from bot.discord.bot import ParleyBot
from bot.logs import PAYLOAD_LOGGERS, formatter, keep_payloads_out
from tests.bot.fake_discord import FakeChannel, FakeDiscord, FakeGuild, FakeMessage, FakeUser
from tests.bot.golden import RecordingDiscord
from tests.bot.postgres import PostgresServer, missing

#: The stores every bot test runs on; the PostgreSQL half is marked ``postgres``.
STORES = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The PostgreSQL half runs only when ``-m`` names it (``-m postgres``: only that half),
    so the README's test command stays as fast as before; ``.ci/run`` runs it as its own
    step."""
    if "postgres" in (config.option.markexpr or ""):
        return
    dropped = [item for item in items if item.get_closest_marker("postgres")]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if not item.get_closest_marker("postgres")]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the session (each xdist worker has its own)."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    server = PostgresServer()
    server.start()
    try:
        with ThreadPoolExecutor(1) as thread:  # this fixture may be set up inside a test's loop
            thread.submit(asyncio.run, server.make_template()).result()
        yield server
    finally:
        server.stop()


@pytest.fixture(params=STORES)
async def database(request: pytest.FixtureRequest, tmp_path) -> AsyncIterator[str]:
    """What ``PARLEY_DB`` would say: a SQLite file, or a fresh PostgreSQL database's URL."""
    if request.param == "sqlite":
        yield str(tmp_path / "parley.db")
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    url = await server.database()
    yield url
    await server.drop(url)


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser
    database: str  # a SQLite file or a postgresql:// URL
    bots: list[ParleyBot] = field(default_factory=list)

    async def start_bot(self) -> ParleyBot:
        bot = ParleyBot(Settings(token="fake", database=str(self.database)))
        await self.fake.attach(bot)
        self.bots.append(bot)
        return bot

    async def kill_bot(self, bot: ParleyBot) -> None:
        """Throw the bot object away mid-game, as a crash or redeploy would."""
        await self.fake.detach(bot)
        self.bots.remove(bot)

    def thread(self) -> FakeChannel:
        return self.fake.threads(self.channel)[-1]

    def thread_posts(self) -> list[FakeMessage]:
        """The thread's posts, without the pinned status message (which is edited in place)."""
        return [m for m in self.fake.messages(self.thread()) if not m.pinned]

    def status_message(self) -> FakeMessage:
        return next(m for m in self.fake.messages(self.thread()) if m.pinned)

    def lobby(self) -> FakeMessage:
        return next(m for m in self.fake.messages(self.channel) if m.embeds)


@asynccontextmanager
async def harbour(fake: FakeDiscord, database: str, *, bob_dms_open: bool) -> AsyncIterator[World]:
    """The server every bot test plays in (alice, bob and carol on "Harbour"), and after the
    test its bots stopped and every message checked against Discord's limits."""
    guild = fake.add_guild("Harbour")
    alice = fake.add_user("alice")
    bob = fake.add_user("bob", dms_open=bob_dms_open)
    carol = fake.add_user("carol")
    for user in (alice, bob, carol):
        fake.add_member(guild, user)
    world = World(fake, guild, fake.channel(guild), alice, bob, carol, database)
    yield world
    try:
        for bot in list(world.bots):
            await world.kill_bot(bot)
    finally:
        fake.close()
    # The fake refused each of these with Discord's 400; the bot may have swallowed it (the
    # outbox logs and moves on), so every bot test checks here that none was ever sent.
    assert fake.limit_violations == [], (
        "the bot sent Discord something beyond its documented limits:\n"
        + "\n".join(fake.limit_violations)
    )


@pytest.fixture
async def world(database: str, monkeypatch) -> AsyncIterator[World]:
    # Game seeds come from secrets.randbits; here they count up from 1, so every run of a bot
    # test plays the same games (a test may still pick its own seed).
    seeds = itertools.count(1)
    monkeypatch.setattr("bot.play.service.secrets.randbits", lambda _bits: next(seeds))
    async with harbour(FakeDiscord(), database, bob_dms_open=False) as world:
        yield world


@pytest.fixture
async def recorded_world(database: str) -> AsyncIterator[World]:
    """The same server with a fake that writes a transcript of what each reader sees
    (:mod:`tests.bot.golden`); everyone's DMs are open (a test closes one as it needs)."""
    async with harbour(RecordingDiscord(), database, bob_dms_open=True) as world:
        yield world


@pytest.fixture
def debug_log(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Everything logged at DEBUG, the log set up as ``parley run`` sets it up at DEBUG
    (issue 12: at DEBUG the log held a loyalty DM's text and a vote button's custom id)."""
    levels = {name: logging.getLogger(name).level for name in PAYLOAD_LOGGERS}
    caplog.set_level(logging.DEBUG)
    keep_payloads_out("DEBUG")
    yield caplog
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def logged(caplog: pytest.LogCaptureFixture) -> str:
    """Every captured line as ``parley run`` writes it in each ``PARLEY_LOG_FORMAT``: the text
    lines (tracebacks too), and each JSON line's values decoded (an escaped quote or a
    non-ASCII letter hides nothing from a search)."""
    text, json_lines = formatter("text"), formatter("json")
    out = []
    for record in caplog.records:
        out.append(text.format(record))
        out.extend(str(v) for v in json.loads(json_lines.format(record)).values())
    return "\n".join(out)
