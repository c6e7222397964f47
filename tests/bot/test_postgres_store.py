"""The PostgreSQL store on its own: its migrations (mirroring SQLite's, tested from the first
schema), writes racing from separate processes' pools, and the claims that let several
processes share the background work without doing any of it twice."""

from __future__ import annotations

import asyncio
import sqlite3

import asyncpg
import pytest

from bot.play.service import GameService, UserError
from bot.storage import (
    Claim,
    Deadline,
    PostgresStore,
    SqliteStore,
    ThreadPost,
    VersionConflict,
    migrations,
    open_store,
)
from bot.storage import postgres as pg
from tests.bot.postgres import PostgresServer, lapse_leases

pytestmark = pytest.mark.postgres

HOST, FRIEND, THIRD = 101, 202, 303
#: SQLite's column types and the PostgreSQL types that mirror them (see
#: bot/storage/migrations/README.md).
TYPES = {"INTEGER": "bigint", "REAL": "double precision", "TEXT": "text"}
POSTGRES_ONLY = {"schema_migrations", "game_schedule"}


@pytest.fixture
async def url(postgres_server: PostgresServer):
    url = await postgres_server.database()
    yield url
    await postgres_server.drop(url)


@pytest.fixture
async def stores(url):
    """Two stores on one database, as two processes would have (each its own pool)."""
    first, second = await PostgresStore.open(url), await PostgresStore.open(url)
    yield first, second
    await first.close()
    await second.close()


async def started_cardinal(service: GameService, guild: int = 1) -> int:
    game = await service.new_game("cardinal", guild, 2, HOST, "first=orange")
    await service.store.set_places(game.id, 99, 98)
    game = await service.join(game, FRIEND)
    game = await service.start(game, HOST)
    return game.id


def test_every_sqlite_migration_has_its_postgresql_twin_by_number_and_name():
    shared = [name for name, _ in pg.migrations() if not name.startswith("pg")]
    assert [int(name[:4]) for name in shared] == [number for number, _ in migrations()]
    assert shared == sorted(shared)


async def test_both_schemas_have_the_same_tables_columns_and_types(url, tmp_path):
    store = await SqliteStore.open(str(tmp_path / "parley.db"))
    await store.close()
    lite = sqlite3.connect(tmp_path / "parley.db")
    tables = [r[0] for r in lite.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    expected = {
        (table, column, TYPES[kind])
        for table in tables
        for _, column, kind, *_ in lite.execute(f"PRAGMA table_info({table})")
    }
    lite.close()
    await (await PostgresStore.open(url)).close()
    db = await asyncpg.connect(url)
    rows = await db.fetch(
        "SELECT table_name, column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = current_schema()"
    )
    await db.close()
    found = {tuple(r.values()) for r in rows if r["table_name"] not in POSTGRES_ONLY}
    assert found == expected


async def test_migration_3_renames_stored_ship_games_from_the_first_schema(postgres_server):
    url = await postgres_server.database(schema=False)
    old = PostgresStore(await asyncpg.create_pool(url, min_size=1, max_size=2))
    assert await old.migrate(up_to="0001_initial") == ["0001_initial"]
    ship = await old.create_game("sealegs", 1, 2, HOST, 7, {"board": "small"})
    other = await old.create_game("cardinal", 1, 2, HOST, 8, {})
    board = ThreadPost("Stern moves.", version=1, view={"game": "sealegs", "to_act": [1]})
    await old.finish(ship.id, "active", None, [board])
    await old.close()

    store = await PostgresStore.open(url)
    try:
        assert await store.migrate() == [name for name, _ in pg.migrations()]
        renamed = await store.game(ship.id)
        assert (renamed.game_key, renamed.seed, renamed.options) == ("ship", 7, {"board": "small"})
        assert (await store.game(other.id)).game_key == "cardinal"
        (item,) = await store.unsent(ship.id)
        assert item.post == ThreadPost(
            "Stern moves.", version=1, view={"game": "ship", "to_act": [1]}
        )
        # games stored before the schedule existed can be claimed like any other
        assert await store.claim(ship.id) and await store.claim(other.id)
    finally:
        await store.close()
        await postgres_server.drop(url)


async def test_processes_starting_together_migrate_once(postgres_server):
    url = await postgres_server.database(schema=False)
    opened = await asyncio.gather(*(PostgresStore.open(url) for _ in range(4)))
    db = await asyncpg.connect(url)
    applied = await db.fetchval("SELECT count(*) FROM schema_migrations")
    await db.close()
    for store in opened:
        await store.close()
    await postgres_server.drop(url)
    assert applied == len(pg.migrations())


async def test_the_same_click_on_two_processes_applies_once(stores):
    first, second = stores
    game_id = await started_cardinal(GameService(first))
    results = await asyncio.gather(
        GameService(first).act(game_id, HOST, "place a1", click_version=0),
        GameService(second).act(game_id, HOST, "place a1", click_version=0),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert any(isinstance(r, UserError) for r in results)
    assert await first.actions(game_id) == [(0, "place a1")]
    assert (await second.game(game_id)).version == 1


async def test_a_stale_version_is_refused_and_writes_nothing(stores):
    first, _ = stores
    game_id = await started_cardinal(GameService(first))
    game = await first.game(game_id)
    owed = len(await first.unsent(game_id))
    with pytest.raises(VersionConflict):
        await first.record_action(
            game_id, 5, 0, HOST, "place a1", game.state, "active", None, [ThreadPost("x")]
        )
    assert await first.actions(game_id) == []
    assert len(await first.unsent(game_id)) == owed


async def test_players_joining_on_two_processes_at_once_each_get_a_seat(stores):
    first, second = stores
    game = await first.create_game("tortuga", 1, 2, HOST, 7, {})
    users = list(range(500, 508))
    await asyncio.gather(
        *((first if n % 2 else second).add_seat(game.id, user) for n, user in enumerate(users))
    )
    seats = (await first.game(game.id)).seats
    assert sorted(s.user_id for s in seats) == sorted([HOST, *users])
    assert [s.seat for s in seats] == list(range(9))


async def test_deadlines_of_an_older_version_do_not_overwrite_newer_ones(stores):
    first, _ = stores
    game_id = await started_cardinal(GameService(first))
    await GameService(first).act(game_id, HOST, "place a1")
    fresh = [Deadline(game_id, 1, 1, FRIEND, 10.0, 20.0)]
    await first.replace_deadlines(game_id, 1, fresh)
    await first.replace_deadlines(game_id, 0, [Deadline(game_id, 0, 0, HOST, 1.0, 2.0)])
    assert await first.deadlines(game_id) == fresh
    assert (await first.time_policy(game_id)).synced_version == 1


async def test_a_claimed_game_is_nobody_elses_until_given_back(stores):
    first, second = stores
    game_id = await started_cardinal(GameService(first))  # it owes its opening posts
    assert await first.claim_due(0, 0, 10) == [Claim(game_id, due=False)]
    assert not await second.claim(game_id)
    assert await second.claim_due(0, 0, 10) == []
    assert await first.claim(game_id)  # the holder's own process may
    await first.release(game_id)
    assert await second.claim_due(0, 0, 10) == [Claim(game_id, due=False)]


async def test_games_are_claimed_for_a_turn_due_or_posts_owed_and_nothing_else(stores):
    first, _ = stores
    service = GameService(first)
    owing, due, idle = [await started_cardinal(service) for _ in range(3)]
    for game_id in (due, idle):
        for item in await first.unsent(game_id):
            await first.mark_sent(item.id)
    await first.replace_deadlines(due, 0, [Deadline(due, 0, 0, HOST, 10.0, 99.0, wake_at=50.0)])
    await first.replace_deadlines(idle, 0, [Deadline(idle, 0, 0, HOST, 10.0, 99.0, wake_at=80.0)])
    assert await first.claim_due(60.0, 0, 10) == [Claim(owing, False), Claim(due, True)]
    await first.release(owing)
    await first.release(due)
    assert await first.claim_due(60.0, owing, 10) == [Claim(due, True)]  # by id, after one


async def test_a_game_done_by_one_process_is_not_done_again_by_another(stores):
    """What is due is read in the claim itself: a process that listed the game before the
    other finished with it does not find it due any more."""
    first, second = stores
    game_id = await started_cardinal(GameService(first))
    (claim,) = await first.claim_due(0, 0, 10)
    for item in await first.unsent(game_id):  # the first process sends what was owed
        await first.mark_sent(item.id)
    await first.release(claim.game_id)
    assert await second.claim_due(0, 0, 10) == []


async def test_a_dead_process_lease_lapses_and_another_takes_the_game(stores):
    first, second = stores
    game_id = await started_cardinal(GameService(first))
    assert await first.claim_due(0, 0, 10)  # ... and the first process dies here
    assert not await second.claim(game_id)
    await lapse_leases(second)  # a lease's time goes by
    assert await second.claim(game_id)
    await first.release(game_id)  # too late: not the owner any more, nothing changes
    assert not await first.claim(game_id)


async def test_a_process_claims_only_the_servers_of_its_shards(url):
    """Discord's shard of a server is ``(guild_id >> 22) % shard_count``."""
    setup = await PostgresStore.open(url)
    service = GameService(setup)
    guilds = [(n << 22) + 5 for n in range(4)]  # shards 0, 1, 0, 1 of 2
    games = [await started_cardinal(service, guild) for guild in guilds]
    await setup.close()
    low = await open_store(url, (0, 0, 2))
    high = await open_store(url, (1, 1, 2))
    try:
        assert [c.game_id for c in await low.claim_due(0, 0, 10)] == games[0::2]
        assert [c.game_id for c in await high.claim_due(0, 0, 10)] == games[1::2]
        await high.release(games[1])
        assert not await low.claim(games[1])  # resuming another shard's game: not here
        assert await high.claim(games[1])
    finally:
        await low.close()
        await high.close()
