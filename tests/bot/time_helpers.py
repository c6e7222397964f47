"""Shared helpers for the play-over-days tests: an injected clock and a bot that uses it."""

from __future__ import annotations

import datetime as dt
import logging

import pytest

from bot.config import Settings
from bot.discord.bot import ParleyBot
from games import REGISTRY
from tests.bot.conftest import World

HOUR = 3600
DAY = 24 * HOUR
#: Monday 5 January 2026, 08:00 UTC.
T0 = dt.datetime(2026, 1, 5, 8, 0, tzinfo=dt.UTC).timestamp()


class FakeClock:
    """The bot's clock in tests: time only moves when the test says so."""

    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


async def tick(bot: ParleyBot, now: float | None = None) -> None:
    """One scheduler tick, then the AI's moves it handed out, waited for as the tasks they
    are (the tick itself returns without waiting for them)."""
    await bot.scheduler.tick(now)
    await bot.service.thoughts.settled()


async def start_bot(world: World, clock: FakeClock) -> ParleyBot:
    bot = ParleyBot(Settings(token="fake", database=str(world.database)), clock=clock)
    await world.fake.attach(bot)
    world.bots.append(bot)
    return bot


async def open_game(
    world: World,
    bot: ParleyBot,
    game: str = "cardinal",
    options: str = "",
    clock: str = "24h",
    absent: str = "autopilot",
    players=None,
) -> int:
    """Alice opens a game with a move clock, the others join, Alice starts it."""
    fake = world.fake
    players = players or [world.alice, world.carol]
    reply = await fake.slash(
        bot,
        players[0],
        world.channel,
        "parley new",
        game=game,
        options=options,
        clock=clock,
        absent=absent,
    )
    game_id = int(reply.text.split("Game #")[1].split()[0])
    lobby = [m for m in fake.messages(world.channel) if m.embeds][-1]
    for user in players[1:]:
        await fake.click(bot, user, lobby, f"parley:lobby:{game_id}:join")
    await fake.click(bot, players[0], lobby, f"parley:lobby:{game_id}:start")
    assert (await bot.store.game(game_id)).status == "active"
    return game_id


async def to_act(bot: ParleyBot, game_id: int) -> list[int]:
    game = await bot.store.game(game_id)
    spec = REGISTRY[game.game_key]
    return spec.to_act(spec.load(game.state))


@pytest.fixture
def no_bot_warnings(caplog):
    """Fail a test if the bot logged a warning or error (the scheduler swallows exceptions to
    keep running, so a test must look)."""
    caplog.set_level(logging.INFO)
    yield
    problems = [
        f"{r.name}: {r.getMessage()}"
        for r in caplog.records
        if r.levelno >= logging.WARNING and r.name.startswith("bot.")
    ]
    assert not problems, problems


def dm_texts(world: World, user) -> list[str]:
    return [m.content for m in world.fake.dms(user)]
