"""The tick scales (issue 12): "with 10,000 stored games (8,633 active) an idle tick took
32-72 s (about 30 store round trips per active game per tick), and the first tick replayed every
game". A tick now reads only what is due, through indexed queries; each turn's next wake time
is stored when the turn is looked at, never recomputed by replay on every tick.

These tests count what a tick does (SQL statements, games visited, replays), not how long it
takes, so they hold on any machine; ``parley bench`` reports the times."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from zoneinfo import ZoneInfo

import aiosqlite
import pytest

import bot.play.deadlines as deadlines_module
from bot.discord.scheduler import Scheduler
from bot.play.service import GameService
from bot.play.timekeeper import Timekeeper
from bot.play.wakes import next_wake, quiet_end
from bot.storage import Deadline, SqliteStore, UserSettings
from tests.bot.conftest import World
from tests.bot.time_helpers import DAY, HOUR, T0

GUILD = 1
GAMES = 40


class Sent:
    """Delivery with Discord answering at once: the posts a game owes are marked sent."""

    def __init__(self, store: SqliteStore) -> None:
        self.store = store
        self.games: list[int | None] = []

    async def deliver(self, game_id: int | None = None) -> None:
        self.games.append(game_id)
        for item in await self.store.unsent(game_id):
            await self.store.mark_sent(item.id)

    async def post_replays(self) -> None:
        """No game here ends, so no replay is owed."""

    async def open_place(self, game_id: int, resuming: bool = False) -> None:
        """No Discord here: a game without a thread stays so."""


class Bot:
    """The parts of the bot the tick uses, without Discord, as one process would hold them."""

    def __init__(self, store: SqliteStore) -> None:
        self.store = store
        self.service = GameService(store)
        self.timekeeper = Timekeeper(store, self.service)
        self.herald = Sent(store)
        self.scheduler = Scheduler(
            store,
            self.service,
            self.timekeeper,
            self.herald,
            lambda: T0,
            self.service.claims,
            self.herald.open_place,
        )

    async def statements(self, work) -> list[str]:  # type: ignore[no-untyped-def]
        """The SQL statements ``work`` (a coroutine) runs."""
        said: list[str] = []
        await self.store._db.set_trace_callback(said.append)
        try:
            await work
        finally:
            await self.store._db.set_trace_callback(None)
        return said


async def started_games(bot: Bot, clocks: list[int]) -> list[int]:
    """Cardinal games with those move clocks, started at T0 and delivered (which brings their
    deadlines up), then one tick (each new turn's start looked at)."""
    ids = []
    for i, clock in enumerate(clocks):
        service = bot.service
        game = await service.new_game("cardinal", GUILD, 2, 1000 + i, "first=orange")
        await bot.store.set_places(game.id, 500_000 + i, None)
        await bot.store.set_time_policy(game.id, clock, "autopilot")
        game = await service.start(await service.join(game, 2000 + i), 1000 + i)
        await bot.timekeeper.sync(game.id, T0)
        ids.append(game.id)
    await bot.scheduler.tick(T0)
    return ids


@pytest.fixture
async def bot(tmp_path):
    store = await SqliteStore.open(str(tmp_path / "parley.db"))
    yield Bot(store)
    await store.close()


async def test_an_idle_tick_costs_the_same_for_any_number_of_games(bot: Bot):
    """Issue 12: "about 30 store round trips per active game per tick"."""
    await started_games(bot, [DAY] * GAMES)
    bot.herald.games.clear()
    said = await bot.statements(bot.scheduler.tick(T0 + HOUR))  # nothing due for 11 hours
    # a fixed handful of indexed look-ups: work a crash left (autopilot, openings), due turns,
    # owed posts; none per game
    assert len(said) <= 5, said
    assert bot.herald.games == []  # no game was visited


async def test_a_tick_visits_only_the_games_with_something_due(bot: Bot, monkeypatch):
    """Three games have 12-hour clocks, the others a week: six hours on, only those three
    owe a reminder (half their clock), and only they are looked at."""
    ids = await started_games(bot, [12 * HOUR] * 3 + [7 * DAY] * (GAMES - 3))
    visited: list[int] = []
    run_due = bot.timekeeper.run_due

    async def spy(game_id: int, now: float) -> None:
        visited.append(game_id)
        await run_due(game_id, now)

    monkeypatch.setattr(bot.timekeeper, "run_due", spy)
    bot.herald.games.clear()
    await bot.scheduler.tick(T0 + 6 * HOUR + 1)
    assert visited == ids[:3]
    for game_id in ids[:3]:
        (deadline,) = await bot.store.deadlines(game_id)
        assert "half:" + str(deadline.user_id) in await bot.store.steps_done(
            game_id, deadline.seat, deadline.turn
        )
    assert set(bot.herald.games) == set(ids[:3])  # their reminders went out


async def test_the_first_tick_after_a_restart_replays_no_game(bot: Bot, monkeypatch):
    """Issue 12: "the first tick replayed every game". A new process (nothing cached) ticks
    with reminders due in some games: none is replayed; their stored state is read."""
    ids = await started_games(bot, [12 * HOUR] * 3 + [DAY] * (GAMES - 3))
    replays: list[int] = []
    replay = deadlines_module.replay

    def counting(spec, game, actions, start=None):  # type: ignore[no-untyped-def]
        replays.append(game.id)
        return replay(spec, game, actions, start)

    monkeypatch.setattr(deadlines_module, "replay", counting)
    restarted = Bot(bot.store)
    await restarted.scheduler.tick(T0 + 6 * HOUR + 1)
    assert replays == []
    assert set(restarted.herald.games) == set(ids[:3])


async def test_each_turn_stores_when_it_is_next_due(bot: Bot):
    """The half-clock reminder, then the last call, then the clock running out: each turn's
    next wake time is on its row, computed when the turn was looked at."""
    (game_id,) = await started_games(bot, [DAY])
    (deadline,) = await bot.store.deadlines(game_id)
    assert deadline.wake_at == T0 + DAY / 2
    await bot.scheduler.tick(T0 + DAY / 2)
    (deadline,) = await bot.store.deadlines(game_id)
    assert deadline.wake_at == T0 + DAY - HOUR  # the last call
    await bot.scheduler.tick(T0 + DAY - HOUR)
    (deadline,) = await bot.store.deadlines(game_id)
    assert deadline.wake_at == T0 + DAY  # the clock runs out


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)  # counts SQLite's statements
async def test_the_game_autocomplete_reads_one_list_for_a_user_in_many_games(world: World):
    """Goal: the ``game`` autocomplete under 100 ms for a user in 10,000 games. It was one
    query per game (each with its seats and state); it is one query, whatever the count."""
    bot = await world.start_bot()
    for i in range(60):
        await bot.store.create_game(
            "cardinal", world.guild.id, world.channel.id, world.alice.id, i, {}
        )
    said: list[str] = []
    await bot.store._db.set_trace_callback(said.append)  # type: ignore[attr-defined]
    choices = await world.fake.autocomplete(
        bot, world.alice, world.channel, "parley board", "game", ""
    )
    await bot.store._db.set_trace_callback(None)  # type: ignore[attr-defined]
    assert len(choices) == 25 and choices[0]["value"] == 60  # the newest first
    assert len(said) <= 2, said


async def test_the_game_autocomplete_finds_an_old_game_by_what_is_typed(world: World):
    """The database matches the label (``#12 Cardinal (lobby)``) in any case, so a game far
    down a long list is found by its number; ``%`` and ``_`` are letters, not wildcards."""
    bot = await world.start_bot()
    ids = [
        (
            await bot.store.create_game(
                "cardinal", world.guild.id, world.channel.id, world.alice.id, i, {}
            )
        ).id
        for i in range(40)
    ]

    async def typed(text: str) -> list[int]:
        choices = await world.fake.autocomplete(
            bot, world.alice, world.channel, "parley board", "game", text
        )
        return [c["value"] for c in choices]

    assert await typed(f"#{ids[0]} ") == [ids[0]]  # the oldest, 39 newer ones above it
    assert await typed("CARDINAL (Lob") == ids[::-1][:25]  # newest first
    assert await typed("%") == [] and await typed("_") == []
    assert await typed("rigadoon") == []


# -- when a turn is next due ----------------------------------------------------------------


def turn(**changes: float | None) -> Deadline:
    return replace(Deadline(1, 0, 3, 77, T0), **changes)


def test_a_turn_without_a_clock_is_due_only_for_its_start():
    settings = UserSettings(77)
    assert next_wake(turn(), None, settings, set(), False, T0) == T0
    assert next_wake(turn(), None, settings, {"start:77"}, False, T0) is None


def test_a_reminder_held_by_quiet_hours_wakes_when_they_end():
    """Quiet hours 22:00-07:00 in Paris: a half-clock reminder due at 23:00 waits till 07:00."""
    paris = UserSettings(77, timezone="Europe/Paris", quiet_start=22, quiet_end=7)
    late = dt.datetime(2026, 1, 5, 23, 0, tzinfo=ZoneInfo("Europe/Paris")).timestamp()
    morning = dt.datetime(2026, 1, 6, 7, 0, tzinfo=ZoneInfo("Europe/Paris")).timestamp()
    assert quiet_end(paris, late) == morning
    deadline = turn(started_at=late - 12 * HOUR, due_at=late + 12 * HOUR)
    assert next_wake(deadline, DAY, paris, {"start:77"}, False, late) == morning


def test_a_paused_turn_wakes_when_the_vacation_ends():
    away = UserSettings(77, vacation_start=T0, vacation_until=T0 + 3 * DAY)
    paused = turn(due_at=T0 + DAY, paused_at=T0)
    assert next_wake(paused, DAY, away, set(), False, T0) == T0 + 3 * DAY


def test_a_clock_run_out_under_the_wait_policy_asks_nothing_more():
    done = {"start:77", "half:77", "last:77", "expired:77"}
    late = turn(due_at=T0 + DAY)
    assert next_wake(late, DAY, UserSettings(77), done, True, T0 + 2 * DAY) is None
    assert next_wake(late, DAY, UserSettings(77), done, False, T0 + 2 * DAY) == T0 + DAY


async def test_turns_stored_before_the_upgrade_get_a_wake_time_no_later_than_due(tmp_path):
    """Migration 5 gives the deadlines of an older database the earliest time SQL can see:
    a turn whose start and half-clock reminders went out wakes for its last call."""
    path = str(tmp_path / "old.db")
    db = await aiosqlite.connect(path, isolation_level=None)
    db.row_factory = aiosqlite.Row
    old = SqliteStore(db)
    assert await old.migrate(up_to=3) == 3
    game = await old.create_game("cardinal", 1, 2, 77, 7, {})
    await old.set_time_policy(game.id, DAY, "autopilot")
    for table, row in [
        (
            "deadlines (game_id, seat, turn, user_id, started_at, due_at)",
            (game.id, 0, 3, 77, T0, T0 + DAY),
        ),
        ("reminder_steps (game_id, seat, turn, step, done_at)", (game.id, 0, 3, "start:77", T0)),
        ("reminder_steps (game_id, seat, turn, step, done_at)", (game.id, 0, 3, "half:77", T0)),
    ]:
        await db.execute_fetchall(f"INSERT INTO {table} VALUES ({', '.join('?' * len(row))})", row)
    await old.close()
    store = await SqliteStore.open(path)
    try:
        (deadline,) = await store.deadlines(game.id)
        assert deadline.wake_at == T0 + DAY - HOUR
    finally:
        await store.close()
