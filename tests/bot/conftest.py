"""A Discord world (fake HTTP layer) and a Parley bot on a temporary SQLite file."""

from __future__ import annotations

import itertools
import logging
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.config import Settings
from bot.discord.bot import ParleyBot
from bot.logs import PAYLOAD_LOGGERS, keep_payloads_out
from tests.bot.fake_discord import FakeChannel, FakeDiscord, FakeGuild, FakeMessage, FakeUser


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser
    database: Path
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


@pytest.fixture
async def world(tmp_path, monkeypatch) -> AsyncIterator[World]:
    # Game seeds come from secrets.randbits; here they count up from 1, so every run of a bot
    # test plays the same games (a test may still pick its own seed).
    seeds = itertools.count(1)
    monkeypatch.setattr("bot.play.service.secrets.randbits", lambda _bits: next(seeds))
    fake = FakeDiscord()
    guild = fake.add_guild("Harbour")
    alice = fake.add_user("alice")
    bob = fake.add_user("bob", dms_open=False)
    carol = fake.add_user("carol")
    for user in (alice, bob, carol):
        fake.add_member(guild, user)
    world = World(fake, guild, fake.channel(guild), alice, bob, carol, tmp_path / "parley.db")
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
def debug_log(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Everything logged at DEBUG, the log set up as ``parley run`` sets it up at DEBUG
    (issue 12: at DEBUG the log held a loyalty DM's text and a vote button's custom id)."""
    levels = {name: logging.getLogger(name).level for name in PAYLOAD_LOGGERS}
    caplog.set_level(logging.DEBUG)
    keep_payloads_out("DEBUG")
    yield caplog
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)
