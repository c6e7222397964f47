"""Running at scale: ``PARLEY_SHARDS`` (which shards a process runs, and only with PostgreSQL
when they are not all of them), and a scheduler that looks only at the games with something
due (claimed first), on both stores."""

from __future__ import annotations

import pytest

from bot.cli import main
from bot.config import Settings, Shards
from bot.discord.bot import ParleyBot
from tests.bot.conftest import World
from tests.bot.time_helpers import HOUR, FakeClock, dm_texts, open_game, start_bot


def test_shards_name_a_range_of_a_count():
    assert Shards.parse("0-3/8") == Shards(0, 3, 8)
    assert Shards.parse(" 5 / 8 ").ids == [5]
    assert Shards.parse("0-3/4").every and not Shards.parse("0-1/4").every
    for wrong in ("3-1/8", "8/8", "0-8/8", "four", "1-2"):
        with pytest.raises(ValueError, match="expected first-last/count"):
            Shards.parse(wrong)


def test_the_bot_runs_the_shards_it_is_given(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "fake")
    monkeypatch.setenv("PARLEY_DB", "postgresql://parley@db.example/parley")
    monkeypatch.setenv("PARLEY_SHARDS", "4-7/16")
    settings = Settings.from_env()
    bot = ParleyBot(settings)
    assert (bot.shard_ids, bot.shard_count) == ([4, 5, 6, 7], 16)
    assert ParleyBot(Settings(token="fake")).shard_ids is None  # every shard Discord says


def test_several_processes_on_sqlite_are_refused_before_connecting(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("DISCORD_TOKEN", "fake")
    monkeypatch.setenv("PARLEY_DB", str(tmp_path / "parley.db"))
    monkeypatch.setenv("PARLEY_SHARDS", "0-1/4")
    assert main(["run"]) == 1
    assert "must share one PostgreSQL database" in capsys.readouterr().err
    assert not (tmp_path / "parley.db").exists()


async def test_a_game_sleeps_until_its_next_reminder_is_due(world: World, monkeypatch):
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="24h")
    run_due = bot.timekeeper.run_due
    looked_at: list[int] = []

    async def spied(game: int, now: float) -> None:
        looked_at.append(game)
        await run_due(game, now)

    monkeypatch.setattr(bot.timekeeper, "run_due", spied)
    await bot.scheduler.tick()  # the turn's start: the game is due once after it changed
    assert looked_at == [game_id]
    await bot.scheduler.tick()
    clock.advance(12 * HOUR - 60)
    await bot.scheduler.tick()
    assert looked_at == [game_id], "a game with nothing due is not looked at"
    told = len(dm_texts(world, world.alice))
    clock.advance(120)  # half of Alice's 24 hours
    await bot.scheduler.tick()
    assert looked_at == [game_id, game_id]
    assert dm_texts(world, world.alice)[told:] == [
        f"**Cardinal #{game_id}** (Orange)\n⏰ Reminder: it is your turn in "
        f"https://discord.com/channels/{world.guild.id}/{world.thread().id}. Your clock runs "
        f"out <t:{int(clock.now + 12 * HOUR - 60)}:R>."
    ]
