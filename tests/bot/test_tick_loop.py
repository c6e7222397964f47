"""The time cog runs the scheduler's tick on its own every ``PARLEY_TICK_SECONDS``, and stops
when the bot closes."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.config import Settings
from bot.discord.bot import ParleyBot
from tests.bot.conftest import World
from tests.bot.time_helpers import (  # noqa: F401 - no_bot_warnings is a fixture
    DAY,
    FakeClock,
    no_bot_warnings,
    open_game,
)

pytestmark = pytest.mark.usefixtures("no_bot_warnings")


async def test_the_loop_plays_for_an_absent_player_and_stops_with_the_bot(world: World):
    clock = FakeClock()
    settings = Settings(token="fake", database=str(world.database), tick_seconds=0.01)
    bot = ParleyBot(settings, clock=clock)
    await world.fake.attach(bot)
    world.bots.append(bot)
    ticking = bot.get_cog("time").ticking  # type: ignore[union-attr]
    assert ticking.is_running()
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="24h")
    played = asyncio.Event()
    record_action = bot.store.record_action

    async def noted(*args: Any, **kwargs: Any) -> Any:
        result = await record_action(*args, **kwargs)
        played.set()
        return result

    bot.store.record_action = noted  # type: ignore[method-assign]
    clock.advance(DAY + 60)  # Alice's clock runs out; nobody calls tick
    # the loop's own tick plays the autopilot's move: wait for that commit, however long the
    # AI thinks on a busy machine (the bound only stops a hung test)
    await asyncio.wait_for(played.wait(), timeout=600)
    assert len(await bot.store.actions(game_id)) == 1
    await world.kill_bot(bot)
    assert not ticking.is_running()
