"""The PostgreSQL dialect of the shared SQL store (asyncpg, a connection pool):
:class:`bot.storage.Store` for any number of processes.

Chosen by ``PARLEY_DB=postgresql://...`` (see :mod:`bot.storage.factory`). The statements and
transaction rules are :mod:`bot.storage.sql`'s: an action, its version check, its new state
and the posts it owes commit together or not at all. SQLite gives each write the whole
database (``BEGIN IMMEDIATE``); here several processes write at once, so a write that reads
before it writes (a seat added after the last, deadlines replaced) first locks its game's row
(``FOR NO KEY UPDATE``), which orders every change of one game; a read is one statement, so
it sees one committed moment.

Several processes share the work no interaction carries (deadlines, reminders, posts owed):
:meth:`PostgresStore.claim_due` hands out the games with something due under a lease
(``pg0001_schedule.postgres.sql``).
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import re
import socket
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.storage.migrations import migrations as all_migrations
from bot.storage.records import Claim, GameRecord
from bot.storage.sql import GAME_COLUMNS, Row, Session, SqlStore, game_record, seat_record

#: A game's columns and its seats (as one JSON list, so a game and its seats are one read). A
#: seat's kind is read from the whole row: before migration 0007 there is none (a person).
GAME_WITH_SEATS = ", ".join(f"g.{c.strip()}" for c in GAME_COLUMNS.split(",")) + (
    ", (SELECT coalesce(json_agg(json_build_array(s.seat, s.user_id, s.dm_open, s.resigned, "
    "to_jsonb(s) ->> 'kind') ORDER BY s.seat), '[]') "
    "FROM seats s WHERE s.game_id = g.id) AS seats"
)
#: The server's clock, which every lease is measured by (the processes' clocks may differ).
SERVER_NOW = "extract(epoch FROM clock_timestamp())"
#: How long a claim lasts unless renewed (a process renews its claims while it works).
LEASE_SECONDS = 60.0
#: Tables of PostgreSQL's own (bookkeeping, the shared background work): never copied.
OWN_TABLES = {"schema_migrations", "game_schedule"}
#: Serialises migrations when several processes start at once (any constant of ours).
MIGRATION_LOCK = 0x5041524C  # "PARL"


def migrations() -> list[tuple[str, str]]:
    """PostgreSQL's migrations by name: the shared ones, then its own (``pgNNNN_*``)."""
    return all_migrations("postgres")


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """The shared SQL's ``?`` placeholders as PostgreSQL's ``$1``, ``$2``, ..."""
    counter = itertools.count(1)
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


def count(status: str) -> int:
    """The rows a statement changed, from asyncpg's status (``UPDATE 1``, ``INSERT 0 1``)."""
    return int(status.rsplit(" ", 1)[-1])


class PostgresSession:
    """The shared SQL's :class:`Session` on one pooled connection (or the pool itself, for a
    statement on its own)."""

    def __init__(self, db: asyncpg.Connection | asyncpg.Pool) -> None:
        self._db = db

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        rows: list[Row] = await self._db.fetch(numbered(sql), *args)
        return rows

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        row: Row | None = await self._db.fetchrow(numbered(sql), *args)
        return row

    async def fetchval(self, sql: str, *args: Any) -> Any:
        return await self._db.fetchval(numbered(sql), *args)

    async def execute(self, sql: str, *args: Any) -> int:
        return count(await self._db.execute(numbered(sql), *args))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._db.executemany(numbered(sql), rows)

    async def insert(self, sql: str, *args: Any) -> int:
        new_id: int = await self._db.fetchval(numbered(sql) + " RETURNING id", *args)
        return new_id


class PostgresStore(SqlStore):
    """One pool per process. ``shards`` (first, last, count) limits the background work this
    process claims to the servers of its shards (it knows only those from the gateway)."""

    ROW_LOCK = " FOR NO KEY UPDATE"

    def __init__(
        self,
        pool: asyncpg.Pool,
        shards: tuple[int, int, int] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._pool = pool
        self._shards = shards
        self._clock = clock
        #: A statement on its own: the pool lends it a connection for that statement alone.
        self._alone = PostgresSession(pool)
        #: This process, as the owner of its leases.
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{id(self):x}"

    @classmethod
    async def open(
        cls,
        url: str,
        shards: tuple[int, int, int] | None = None,
        pool_size: int = 10,
        clock: Callable[[], float] = time.time,
    ) -> PostgresStore:
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        store = cls(pool, shards, clock)
        try:
            await store.migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def migrate(self, up_to: str | None = None) -> list[str]:
        """Apply every script not yet recorded in ``schema_migrations`` (those named up to
        ``up_to`` only, for tests), each with its record, all in one transaction: an upgrade
        applies whole or not at all. An advisory lock makes processes starting together take
        turns. Returns the names applied so far."""
        async with self._pool.acquire() as db, db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await db.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                "name TEXT PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)"
            )
            done = {r["name"] for r in await db.fetch("SELECT name FROM schema_migrations")}
            for name, script in migrations():
                if name in done:
                    continue
                await db.execute(script)
                await db.execute(
                    "INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)",
                    name,
                    self._clock(),
                )
                done.add(name)
                if name == up_to:
                    break
            return sorted(done, key=lambda n: (n.startswith("pg"), n))

    async def close(self) -> None:
        await self._pool.close()

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[Session]:
        async with self._pool.acquire() as db, db.transaction():
            yield PostgresSession(db)

    @asynccontextmanager
    async def _single(self) -> AsyncIterator[Session]:
        yield self._alone

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[Session]:
        yield self._alone

    async def _lock_game(self, db: Session, game_id: int) -> None:
        await db.execute(f"SELECT version FROM games WHERE id=?{self.ROW_LOCK}", game_id)

    async def _lock_guild(self, db: Session, guild_id: int) -> None:
        """An advisory lock keyed by the server: lobbies opened there at once (by several
        processes) take turns, so none slips past a cap."""
        await db.execute("SELECT pg_advisory_xact_lock(?)", guild_id)

    async def _moved_on(self, db: Session, game_id: int, version: int) -> bool:
        """Lock the game; whether another process acted since ``version``."""
        found = await db.fetchval(f"SELECT version FROM games WHERE id=?{self.ROW_LOCK}", game_id)
        return bool(found != version)

    async def _games(self, where: str, *args: Any) -> list[GameRecord]:
        rows = await self._alone.fetch(
            f"SELECT {GAME_WITH_SEATS} FROM games g WHERE {where}", *args
        )
        return [
            game_record(row, [seat_record(*seat) for seat in json.loads(row["seats"])])
            for row in rows
        ]

    def _settle_result(
        self, forced: str | None, rated: bool, game_id: int
    ) -> tuple[str, tuple[Any, ...]]:
        return (
            "UPDATE games SET result=(result::jsonb || jsonb_build_object("
            "'forced', ?::text, 'rated', ?::boolean))::text "
            "WHERE id=? AND status='over' AND result::jsonb -> 'rated' IS NULL",
            (forced, rated, game_id),
        )

    # -- several processes sharing the background work (bot/play/claims.py) -------------
    def _my_shards(self, first_arg: int) -> tuple[str, list[Any]]:
        """The SQL condition (on ``g``) for the games of this process's shards: Discord puts a
        server on shard ``(guild_id >> 22) % shard_count``."""
        if self._shards is None:
            return "TRUE", []
        first, last, shard_count = self._shards
        n = first_arg
        return f"((g.guild_id >> 22) % ${n}) BETWEEN ${n + 1} AND ${n + 2}", [
            shard_count,
            first,
            last,
        ]

    async def claim_due(self, now: float, after: int, limit: int) -> list[Claim]:
        """Claim up to ``limit`` games of this process's shards, by id above ``after``, with
        a turn due at ``now`` (game clock) or posts owed, whose lease no live process holds
        (this one's own excepted); a game another process is claiming at this instant is
        skipped, not waited for. What is due is read in the same statement as the claim, so a
        game another process has just finished with is not done again."""
        shards, args = self._my_shards(6)
        rows = await self._pool.fetch(
            "WITH wanted AS ("
            "SELECT game_id, TRUE AS due FROM deadlines WHERE wake_at <= $1 AND game_id > $2 "
            "UNION ALL SELECT game_id, FALSE FROM outbox WHERE sent_at IS NULL AND game_id > $2"
            "), mine AS (SELECT w.game_id, bool_or(w.due) AS due FROM wanted w "
            f"JOIN games g ON g.id = w.game_id WHERE {shards} GROUP BY w.game_id), "
            "free AS (SELECT s.game_id, mine.due FROM game_schedule s JOIN mine USING (game_id) "
            f"WHERE s.lease_until IS NULL OR s.lease_until < {SERVER_NOW} OR s.owner = $4 "
            "ORDER BY s.game_id LIMIT $3 FOR UPDATE OF s SKIP LOCKED) "
            f"UPDATE game_schedule s SET owner=$4, lease_until={SERVER_NOW} + $5 FROM free "
            "WHERE s.game_id = free.game_id RETURNING s.game_id, free.due",
            now,
            after,
            limit,
            self.owner,
            LEASE_SECONDS,
            *args,
        )
        return sorted(Claim(r["game_id"], r["due"]) for r in rows)

    async def claim(self, game_id: int) -> bool:
        """Claim one game now (to send what an action owes, to resume work cut short),
        unless another process holds its lease or it is not of this process's shards."""
        shards, args = self._my_shards(4)
        row = await self._pool.fetchrow(
            f"UPDATE game_schedule s SET owner=$2, lease_until={SERVER_NOW} + $3 FROM games g "
            f"WHERE s.game_id=$1 AND g.id=s.game_id AND {shards} AND (s.lease_until IS NULL "
            f"OR s.lease_until < {SERVER_NOW} OR s.owner=$2) RETURNING s.game_id",
            game_id,
            self.owner,
            LEASE_SECONDS,
            *args,
        )
        return row is not None

    async def renew(self, game_ids: list[int]) -> None:
        """Extend this process's leases on games it is still working on."""
        await self._pool.execute(
            f"UPDATE game_schedule SET lease_until={SERVER_NOW} + $3 "
            "WHERE owner=$1 AND game_id = ANY($2::bigint[])",
            self.owner,
            game_ids,
            LEASE_SECONDS,
        )

    async def release(self, game_id: int) -> None:
        await self._pool.execute(
            "UPDATE game_schedule SET owner=NULL, lease_until=NULL WHERE game_id=$1 AND owner=$2",
            game_id,
            self.owner,
        )

    # -- moving a database (bot/copydb.py) ----------------------------------------------
    async def tables(self) -> dict[str, list[str]]:
        """Every table both backends have and its columns, in creation order (a table after
        those it refers to); PostgreSQL's own tables are not part of a copy."""
        rows = await self._pool.fetch(
            "SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns "
            "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a "
            "ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped "
            "WHERE c.relkind = 'r' AND n.nspname = current_schema() "
            "GROUP BY c.relname, c.oid ORDER BY c.oid"
        )
        return {r["name"]: list(r["columns"]) for r in rows if r["name"] not in OWN_TABLES}

    async def read_rows(
        self, table: str, columns: list[str], batch: int = 5000
    ) -> AsyncIterator[list[tuple[Any, ...]]]:
        """The table's rows, ``batch`` at a time, as one snapshot (a cursor)."""
        query = f"SELECT {', '.join(columns)} FROM {table}"
        async with self._pool.acquire() as db, db.transaction(isolation="repeatable_read"):
            cursor = await db.cursor(query)
            while rows := [tuple(r) for r in await cursor.fetch(batch)]:
                yield rows

    async def write_rows(self, table: str, columns: list[str], rows: list[tuple[Any, ...]]) -> None:
        async with self._pool.acquire() as db:
            await db.copy_records_to_table(table, records=rows, columns=columns)

    async def after_copy(self) -> None:
        """New games, posts and requests to take back a move are numbered after the copied
        ones."""
        async with self._write() as db:
            for table in ("games", "outbox", "undo_requests"):
                await db.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"(SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)"
                )
