"""The PostgreSQL implementation of :class:`bot.storage.Store` (asyncpg, a connection pool).

Chosen by ``PARLEY_DB=postgresql://...`` (see :mod:`bot.storage.factory`). It keeps the same
rows as :mod:`bot.storage.sqlite`, method by method in the same order, and the same
transaction rules: an action, its version check, its new state and the posts it owes commit
together or not at all. SQLite gives each write the whole database (``BEGIN IMMEDIATE``); here
several processes write at once, so a write that reads before it writes (a seat added after
the last, deadlines replaced) first locks its game's row (``FOR NO KEY UPDATE``), which orders
every change of one game; a read is one statement, so it sees one committed moment.

Several processes share the work no interaction carries (deadlines, reminders, posts owed):
:meth:`PostgresStore.claim_due` hands out the games with something due under a lease
(``pg0001_schedule.sql``).
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from importlib import resources
from typing import Any

import asyncpg

from bot.storage.history import GuildSettings, LogEntry, Rating, UndoRequest
from bot.storage.records import (
    Claim,
    Deadline,
    GameListing,
    GameRecord,
    OutboxItem,
    Post,
    Seat,
    TimePolicy,
    TooManyLobbies,
    UserSettings,
    VersionConflict,
)
from bot.storage.sqlite import read_post, written_post

GAME_COLUMNS = (
    "id, game_key, guild_id, channel_id, thread_id, lobby_message_id, host_id, status, seed, "
    "options, version, state, result"
)
#: A game's columns and its seats (as one JSON list, so a game and its seats are one read). A
#: seat's kind is read from the whole row: before migration 0007 there is none (a person).
GAME_WITH_SEATS = ", ".join(f"g.{c.strip()}" for c in GAME_COLUMNS.split(",")) + (
    ", (SELECT coalesce(json_agg(json_build_array(s.seat, s.user_id, s.dm_open, s.resigned, "
    "coalesce(to_jsonb(s) ->> 'kind', 'human')) ORDER BY s.seat), '[]') "
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
    """The ``bot/storage/pg_migrations`` scripts in the order they apply: those mirroring
    SQLite's (``NNNN_*.sql``, by number), then PostgreSQL's own (``pgNNNN_*.sql``)."""
    folder = resources.files("bot.storage") / "pg_migrations"
    scripts = [p for p in folder.iterdir() if p.name.endswith(".sql")]
    scripts.sort(key=lambda p: (p.name.startswith("pg"), p.name))
    return [(p.name.removesuffix(".sql"), p.read_text()) for p in scripts]


def count(status: str) -> int:
    """The rows a statement changed, from asyncpg's status (``UPDATE 1``, ``INSERT 0 1``)."""
    return int(status.rsplit(" ", 1)[-1])


def game_record(row: asyncpg.Record) -> GameRecord:
    return GameRecord(
        id=row["id"],
        game_key=row["game_key"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        lobby_message_id=row["lobby_message_id"],
        host_id=row["host_id"],
        status=row["status"],
        seed=row["seed"],
        options=json.loads(row["options"]),
        version=row["version"],
        state=row["state"],
        result=json.loads(row["result"]) if row["result"] else None,
        seats=[
            Seat(seat, user, None if dm_open is None else bool(dm_open), bool(resigned), kind)
            for seat, user, dm_open, resigned, kind in json.loads(row["seats"])
        ],
    )


async def unchanged(db: asyncpg.Connection, read: GameRecord | None) -> None:
    """Refuse (:class:`VersionConflict`) a write decided on a game that changed since it was
    read: its status, version or seats. The game's row is locked first, and every change of
    a game's seats locks it too, so nothing can change in between."""
    if read is None:
        return
    row = await db.fetchrow(
        "SELECT status, version FROM games WHERE id=$1 FOR NO KEY UPDATE", read.id
    )
    seats = await db.fetch(
        "SELECT seat, user_id, resigned FROM seats WHERE game_id=$1 ORDER BY seat", read.id
    )
    if (
        row is None
        or (row["status"], row["version"]) != (read.status, read.version)
        or [(r["seat"], r["user_id"], bool(r["resigned"])) for r in seats]
        != [(seat.seat, seat.user_id, seat.resigned) for seat in read.seats]
    ):
        raise VersionConflict


#: A game's open request to take back a move: not ended, and the game still where it was asked.
OPEN_UNDO = (
    "SELECT u.* FROM undo_requests u JOIN games g ON g.id = u.game_id WHERE u.game_id=$1 "
    "AND u.ended IS NULL AND u.version = g.version AND g.status = 'active'"
)


def undo_record(row: asyncpg.Record) -> UndoRequest:
    return UndoRequest(
        row["game_id"],
        row["version"],
        row["seat"],
        row["user_id"],
        row["first_version"],
        json.loads(row["waiting"]),
        row["id"],
        row["ended"],
    )


async def undo_unchanged(db: asyncpg.Connection, read: GameRecord | None, undo: int | None) -> None:
    """Refuse (:class:`VersionConflict`) a write decided on ``read`` while its open request
    to take back a move was ``undo`` if another one is open now (its asker would not be told
    what the write did to it). Run after :func:`unchanged`, which locks the game."""
    if read is None:
        return
    if await db.fetchval(f"SELECT id FROM ({OPEN_UNDO}) u", read.id) != undo:
        raise VersionConflict


async def end_undo(db: asyncpg.Connection, game_id: int, why: str) -> None:
    """End the game's open request to take back a move, if any, for ``why``."""
    await db.execute(
        "UPDATE undo_requests SET ended=$1 WHERE ended IS NULL AND game_id=$2 "
        "AND version=(SELECT version FROM games WHERE id=$2 AND status='active')",
        why,
        game_id,
    )


class PostgresStore:
    """One pool per process. ``shards`` (first, last, count) limits the background work this
    process claims to the servers of its shards (it knows only those from the gateway)."""

    def __init__(self, pool: asyncpg.Pool, shards: tuple[int, int, int] | None = None) -> None:
        self._pool = pool
        self._shards = shards
        #: This process, as the owner of its leases.
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{id(self):x}"

    @classmethod
    async def open(
        cls, url: str, shards: tuple[int, int, int] | None = None, pool_size: int = 10
    ) -> PostgresStore:
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        store = cls(pool, shards)
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
                    time.time(),
                )
                done.add(name)
                if name == up_to:
                    break
            return sorted(done, key=lambda n: (n.startswith("pg"), n))

    async def close(self) -> None:
        await self._pool.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[asyncpg.Connection]:
        async with self._pool.acquire() as db, db.transaction():
            yield db

    @staticmethod
    async def _lock_game(db: asyncpg.Connection, game_id: int) -> int | None:
        """Lock the game's row for this transaction (every change of one game waits its
        turn); its version, None if there is no such game."""
        version: int | None = await db.fetchval(
            "SELECT version FROM games WHERE id=$1 FOR NO KEY UPDATE", game_id
        )
        return version

    # -- reading ------------------------------------------------------------------------
    async def _games(self, where: str, *args: Any) -> list[GameRecord]:
        rows = await self._pool.fetch(f"SELECT {GAME_WITH_SEATS} FROM games g WHERE {where}", *args)
        return [game_record(row) for row in rows]

    async def game(self, game_id: int) -> GameRecord | None:
        found = await self._games("g.id=$1", game_id)
        return found[0] if found else None

    async def game_in_thread(self, thread_id: int) -> GameRecord | None:
        found = await self._games("g.thread_id=$1 ORDER BY g.id DESC LIMIT 1", thread_id)
        return found[0] if found else None

    async def games_of_user(self, user_id: int, guild_id: int) -> list[GameRecord]:
        return await self._games(
            "g.id IN (SELECT game_id FROM seats WHERE user_id=$1) AND g.guild_id=$2 "
            "AND g.status IN ('lobby', 'active') ORDER BY g.updated_at DESC",
            user_id,
            guild_id,
        )

    async def games_listed(self, user_id: int, guild_id: int) -> list[GameListing]:
        rows = await self._pool.fetch(
            "SELECT g.id, g.game_key, g.status FROM seats s JOIN games g ON g.id = s.game_id "
            "WHERE s.user_id=$1 AND g.guild_id=$2 AND g.status IN ('lobby', 'active') "
            "ORDER BY g.updated_at DESC",
            user_id,
            guild_id,
        )
        return [GameListing(*row) for row in rows]

    async def unopened(self) -> list[int]:
        rows = await self._pool.fetch(
            "SELECT id FROM games WHERE thread_id IS NULL AND status IN ('lobby', 'active') "
            "ORDER BY id"
        )
        return [r["id"] for r in rows]

    async def open_lobbies(self, guild_id: int) -> list[GameRecord]:
        return await self._games(
            "g.guild_id=$1 AND g.status='lobby' ORDER BY g.id DESC LIMIT 25", guild_id
        )

    async def actions(self, game_id: int, after_version: int = 0) -> list[tuple[int, str]]:
        rows = await self._pool.fetch(
            "SELECT seat, action FROM actions WHERE game_id=$1 AND version>$2 ORDER BY version",
            game_id,
            after_version,
        )
        return [(r["seat"], r["action"]) for r in rows]

    async def unsent(self, game_id: int | None = None) -> list[OutboxItem]:
        query = (
            "SELECT id, game_id, kind, user_id, payload, tried_at FROM outbox WHERE sent_at IS NULL"
        )
        args: tuple[Any, ...] = ()
        if game_id is not None:
            query += " AND game_id=$1"
            args = (game_id,)
        rows = await self._pool.fetch(query + " ORDER BY id", *args)
        return [
            OutboxItem(
                r["id"],
                r["game_id"],
                read_post(r["kind"], r["user_id"], r["payload"]),
                r["tried_at"],
            )
            for r in rows
        ]

    # -- writing ------------------------------------------------------------------------
    async def create_game(
        self,
        game_key: str,
        guild_id: int,
        channel_id: int,
        host_id: int,
        seed: int,
        options: dict[str, Any],
        clock_seconds: int | None = None,
        policy: str = "autopilot",
        caps: tuple[int, int] | None = None,
    ) -> GameRecord:
        now = time.time()
        async with self._transaction() as db:
            if caps is not None:
                await self._check_caps(db, guild_id, host_id, *caps)
            game_id = await db.fetchval(
                "INSERT INTO games (game_key, guild_id, channel_id, host_id, status, seed, "
                "options, created_at, updated_at) VALUES ($1, $2, $3, $4, 'lobby', $5, $6, $7, $8) "
                "RETURNING id",
                game_key,
                guild_id,
                channel_id,
                host_id,
                seed,
                json.dumps(options),
                now,
                now,
            )
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id) VALUES ($1, 0, $2)", game_id, host_id
            )
            if clock_seconds is not None or policy != "autopilot":
                await db.execute(
                    "INSERT INTO game_clocks (game_id, clock_seconds, policy) VALUES ($1, $2, $3)",
                    game_id,
                    clock_seconds,
                    policy,
                )
        record = await self.game(game_id)
        assert record is not None
        return record

    @staticmethod
    async def _check_caps(
        db: asyncpg.Connection, guild_id: int, host_id: int, per_host: int, per_guild: int
    ) -> None:
        """Refuse a new lobby past the host's or the server's cap on open lobbies; lobbies
        opened at once on a server (by several processes) take turns on an advisory lock
        keyed by the server, so none slips past the cap."""
        await db.execute("SELECT pg_advisory_xact_lock($1)", guild_id)
        rows = await db.fetch(
            "SELECT id, host_id FROM games WHERE guild_id=$1 AND status='lobby' ORDER BY id",
            guild_id,
        )
        mine = [r["id"] for r in rows if r["host_id"] == host_id]
        if len(mine) >= per_host:
            raise TooManyLobbies(per_host, mine)
        if len(rows) >= per_guild:
            raise TooManyLobbies(per_guild, [])

    async def set_places(
        self,
        game_id: int,
        thread_id: int | None,
        lobby_message_id: int | None,
        channel_id: int | None = None,
    ) -> None:
        await self._pool.execute(
            "UPDATE games SET thread_id=$1, lobby_message_id=$2, "
            "channel_id=COALESCE($3, channel_id), updated_at=$4 WHERE id=$5",
            thread_id,
            lobby_message_id,
            channel_id,
            time.time(),
            game_id,
        )

    async def add_seat(self, game_id: int, user_id: int, read: GameRecord | None = None) -> None:
        async with self._transaction() as db:
            await self._lock_game(db, game_id)
            await unchanged(db, read)
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id) SELECT $1, "
                "COALESCE(MAX(seat) + 1, 0), $2 FROM seats WHERE game_id=$1 "
                "ON CONFLICT DO NOTHING",
                game_id,
                user_id,
            )

    async def add_ai_seat(self, game_id: int, read: GameRecord | None = None) -> None:
        async with self._transaction() as db:
            await self._lock_game(db, game_id)
            await unchanged(db, read)
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, kind) SELECT $1, "
                "COALESCE(MAX(seat) + 1, 0), LEAST(COALESCE(MIN(user_id), 0), 0) - 1, 'ai' "
                "FROM seats WHERE game_id=$1",
                game_id,
            )

    async def remove_seat(self, game_id: int, user_id: int, read: GameRecord | None = None) -> None:
        async with self._transaction() as db:
            await self._lock_game(db, game_id)
            await unchanged(db, read)
            await db.execute("DELETE FROM seats WHERE game_id=$1 AND user_id=$2", game_id, user_id)
            # keep seats numbered 0..n-1 in join order, each with its kind
            rows = await db.fetch(
                "SELECT user_id, kind FROM seats WHERE game_id=$1 ORDER BY seat", game_id
            )
            await db.execute("DELETE FROM seats WHERE game_id=$1", game_id)
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, kind) VALUES ($1, $2, $3, $4)",
                [(game_id, i, r["user_id"], r["kind"]) for i, r in enumerate(rows)],
            )

    async def set_dm_open(self, user_id: int, is_open: bool) -> None:
        await self._pool.execute(
            "UPDATE seats SET dm_open=$1 WHERE user_id=$2", int(is_open), user_id
        )

    async def start(
        self,
        game_id: int,
        state: str,
        posts: list[Post],
        read: GameRecord | None = None,
        autopilot: bool = False,
    ) -> None:
        async with self._transaction() as db:
            await unchanged(db, read)
            started = await db.execute(
                "UPDATE games SET status='active', state=$1, version=0, updated_at=$2 "
                "WHERE id=$3 AND status='lobby'",
                state,
                time.time(),
                game_id,
            )
            if count(started) != 1:
                raise VersionConflict
            await self._queue(db, game_id, posts, locked=True)
            if autopilot:
                await self._owe_autopilot(db, game_id)

    async def record_action(
        self,
        game_id: int,
        expected_version: int,
        seat: int,
        user_id: int | None,
        action: str,
        state: str,
        status: str,
        result: dict[str, Any] | None,
        posts: list[Post],
        read: GameRecord | None = None,
        autopilot: bool = False,
        undo: int | None = None,
    ) -> int:
        now = time.time()
        async with self._transaction() as db:
            await unchanged(db, read)
            await undo_unchanged(db, read, undo)
            moved = await db.execute(
                "UPDATE games SET version=version+1, state=$1, status=$2, result=$3, "
                "updated_at=$4 WHERE id=$5 AND version=$6 AND status='active'",
                state,
                status,
                json.dumps(result) if result else None,
                now,
                game_id,
                expected_version,
            )
            if count(moved) != 1:
                raise VersionConflict
            await db.execute(
                "INSERT INTO actions (game_id, version, seat, user_id, action, created_at) "
                "VALUES ($1, $2, $3, $4, $5, $6)",
                game_id,
                expected_version + 1,
                seat,
                user_id,
                action,
                now,
            )
            await self._queue(db, game_id, posts, locked=True)
            if autopilot:
                await self._owe_autopilot(db, game_id)
        return expected_version + 1

    async def finish(
        self,
        game_id: int,
        status: str,
        result: dict[str, Any] | None,
        posts: list[Post],
        resigned_user: int | None = None,
        read: GameRecord | None = None,
        autopilot: bool = False,
        undo: int | None = None,
    ) -> None:
        async with self._transaction() as db:
            await unchanged(db, read)
            if status == "active" and resigned_user is not None:
                await undo_unchanged(db, read, undo)
                await end_undo(db, game_id, "withdrawn")
            finished = await db.execute(
                "UPDATE games SET status=$1, result=$2, updated_at=$3 "
                "WHERE id=$4 AND status IN ('lobby', 'active')",
                status,
                json.dumps(result) if result else None,
                time.time(),
                game_id,
            )
            if count(finished) != 1:
                raise VersionConflict
            if resigned_user is not None:
                await db.execute(
                    "UPDATE seats SET resigned=1 WHERE game_id=$1 AND user_id=$2",
                    game_id,
                    resigned_user,
                )
            await self._queue(db, game_id, posts, locked=True)
            if autopilot:
                await self._owe_autopilot(db, game_id)

    @staticmethod
    async def _owe_autopilot(db: asyncpg.Connection, game_id: int) -> None:
        await db.execute(
            "INSERT INTO autopilot_due (game_id) VALUES ($1) ON CONFLICT DO NOTHING", game_id
        )

    async def autopilot_due(self) -> list[int]:
        rows = await self._pool.fetch("SELECT game_id FROM autopilot_due ORDER BY game_id")
        return [r["game_id"] for r in rows]

    async def autopilot_done(self, read: GameRecord) -> None:
        """The autopilot has nothing left to play in the game as read; kept if the game changed
        since (a commit meanwhile may have made a seat on autopilot due again)."""
        async with self._transaction() as db:
            with contextlib.suppress(VersionConflict):
                await unchanged(db, read)
                await db.execute("DELETE FROM autopilot_due WHERE game_id=$1", read.id)

    async def mark_tried(self, item_id: int, when: float) -> None:
        await self._pool.execute("UPDATE outbox SET tried_at=$1 WHERE id=$2", when, item_id)

    async def mark_sent(self, item_id: int, message_id: int | None = None) -> None:
        await self._pool.execute(
            "UPDATE outbox SET sent_at=$1, message_id=$2 WHERE id=$3",
            time.time(),
            message_id,
            item_id,
        )

    @classmethod
    async def _queue(
        cls, db: asyncpg.Connection, game_id: int, posts: list[Post], locked: bool = False
    ) -> None:
        """Add the posts to the outbox, with the game's row locked (``locked``: it already
        is): a game's items are numbered in the order their transactions commit, which is
        the order they go out."""
        if not posts:
            return
        if not locked:
            await cls._lock_game(db, game_id)
        now = time.time()
        await db.executemany(
            "INSERT INTO outbox (game_id, kind, user_id, payload, created_at) "
            "VALUES ($1, $2, $3, $4, $5)",
            [(game_id, *written_post(post), now) for post in posts],
        )

    # -- play over days (bot/play: clocks, reminders, vacations) ------------------------
    async def due_games(self, now: float) -> list[int]:
        rows = await self._pool.fetch(
            "SELECT game_id FROM deadlines WHERE wake_at <= $1 ORDER BY wake_at", now
        )
        return list(dict.fromkeys(row[0] for row in rows))

    async def owed_games(self) -> list[int]:
        rows = await self._pool.fetch(
            "SELECT DISTINCT game_id FROM outbox WHERE sent_at IS NULL ORDER BY game_id"
        )
        return [row[0] for row in rows]

    async def unsynced_games(self) -> list[int]:
        rows = await self._pool.fetch(
            "SELECT g.id FROM games g LEFT JOIN game_clocks c ON c.game_id = g.id "
            "WHERE g.status = 'active' AND c.synced_version IS DISTINCT FROM g.version "
            "ORDER BY g.id"
        )
        return [row[0] for row in rows]

    async def set_wake(self, game_id: int, seat: int, turn: int, wake_at: float | None) -> None:
        await self._pool.execute(
            "UPDATE deadlines SET wake_at=$1 WHERE game_id=$2 AND seat=$3 AND turn=$4",
            wake_at,
            game_id,
            seat,
            turn,
        )

    # -- stored states are a cache of the seed and the action log -----------------------
    async def snapshot_formats(self) -> dict[str, str]:
        rows = await self._pool.fetch("SELECT game_key, format FROM snapshot_formats")
        return {row[0]: row[1] for row in rows}

    async def set_snapshot_format(self, game_key: str, state_format: str) -> None:
        await self._pool.execute(
            "INSERT INTO snapshot_formats (game_key, format) VALUES ($1, $2) "
            "ON CONFLICT (game_key) DO UPDATE SET format=excluded.format",
            game_key,
            state_format,
        )

    async def games_with_state(self, game_key: str, after_id: int, limit: int) -> list[GameRecord]:
        return await self._games(
            "g.game_key=$1 AND g.id>$2 AND g.state IS NOT NULL ORDER BY g.id LIMIT $3",
            game_key,
            after_id,
            limit,
        )

    async def rewrite_state(self, game_id: int, version: int, state: str) -> bool:
        done = await self._pool.execute(
            "UPDATE games SET state=$1 WHERE id=$2 AND version=$3", state, game_id, version
        )
        return count(done) == 1

    async def time_policy(self, game_id: int) -> TimePolicy:
        row = await self._pool.fetchrow(
            "SELECT clock_seconds, policy, status_message_id, synced_version FROM game_clocks "
            "WHERE game_id=$1",
            game_id,
        )
        if row is None:
            return TimePolicy(game_id)
        return TimePolicy(
            game_id,
            row["clock_seconds"],
            row["policy"],
            row["status_message_id"],
            row["synced_version"],
        )

    async def set_time_policy(self, game_id: int, clock_seconds: int | None, policy: str) -> None:
        await self._pool.execute(
            "INSERT INTO game_clocks (game_id, clock_seconds, policy) VALUES ($1, $2, $3) "
            "ON CONFLICT (game_id) DO UPDATE SET clock_seconds=excluded.clock_seconds, "
            "policy=excluded.policy",
            game_id,
            clock_seconds,
            policy,
        )

    async def set_status_message(self, game_id: int, message_id: int | None) -> None:
        await self._pool.execute(
            "INSERT INTO game_clocks (game_id, status_message_id) VALUES ($1, $2) "
            "ON CONFLICT (game_id) DO UPDATE SET status_message_id=excluded.status_message_id",
            game_id,
            message_id,
        )

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]:
        query = (
            "SELECT game_id, seat, turn, user_id, started_at, due_at, paused_at, wake_at "
            "FROM deadlines"
        )
        args: tuple[Any, ...] = ()
        if game_id is not None:
            query += " WHERE game_id=$1"
            args = (game_id,)
        rows = await self._pool.fetch(query + " ORDER BY game_id, seat", *args)
        return [
            Deadline(
                r["game_id"],
                r["seat"],
                r["turn"],
                r["user_id"],
                r["started_at"],
                r["due_at"],
                r["paused_at"],
                r["wake_at"],
            )
            for r in rows
        ]

    async def replace_deadlines(
        self, game_id: int, version: int, deadlines: list[Deadline]
    ) -> None:
        """Deadlines computed at game ``version``; left alone if the game has moved on since
        (another process acted: the deadlines of the newer version are its to write)."""
        async with self._transaction() as db:
            if await self._lock_game(db, game_id) != version:
                return
            await db.execute("DELETE FROM deadlines WHERE game_id=$1", game_id)
            await db.executemany(
                "INSERT INTO deadlines (game_id, seat, turn, user_id, started_at, due_at, "
                "paused_at, wake_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                [
                    (
                        d.game_id,
                        d.seat,
                        d.turn,
                        d.user_id,
                        d.started_at,
                        d.due_at,
                        d.paused_at,
                        d.wake_at,
                    )
                    for d in deadlines
                ],
            )
            await db.execute(
                "INSERT INTO game_clocks (game_id, synced_version) VALUES ($1, $2) "
                "ON CONFLICT (game_id) DO UPDATE SET synced_version=excluded.synced_version",
                game_id,
                version,
            )

    async def update_deadline(self, deadline: Deadline, posts: list[Post]) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE deadlines SET due_at=$1, paused_at=$2, wake_at=0 "
                "WHERE game_id=$3 AND seat=$4 AND turn=$5",
                deadline.due_at,
                deadline.paused_at,
                deadline.game_id,
                deadline.seat,
                deadline.turn,
            )
            await self._queue(db, deadline.game_id, posts)

    async def mark_step(
        self,
        game_id: int,
        seat: int,
        turn: int,
        step: str,
        now: float,
        posts: list[Post],
        read: GameRecord | None = None,
    ) -> bool:
        """Record one step as done and queue its posts in the same commit; False if it was
        already done (so a step is never sent twice, even across restarts and processes)."""
        async with self._transaction() as db:
            await unchanged(db, read)
            marked = await db.execute(
                "INSERT INTO reminder_steps (game_id, seat, turn, step, done_at) "
                "VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
                game_id,
                seat,
                turn,
                step,
                now,
            )
            if count(marked) != 1:
                return False
            await self._queue(db, game_id, posts)
        return True

    async def steps_done(self, game_id: int, seat: int, turn: int) -> set[str]:
        rows = await self._pool.fetch(
            "SELECT step FROM reminder_steps WHERE game_id=$1 AND seat=$2 AND turn=$3",
            game_id,
            seat,
            turn,
        )
        return {r["step"] for r in rows}

    async def user_settings(self, user_id: int) -> UserSettings:
        r = await self._pool.fetchrow(
            "SELECT timezone, quiet_start, quiet_end, style, turn_dm, vacation_bank, "
            "vacation_start, vacation_until FROM user_settings WHERE user_id=$1",
            user_id,
        )
        if r is None:
            return UserSettings(user_id)
        return UserSettings(
            user_id,
            r["timezone"],
            r["quiet_start"],
            r["quiet_end"],
            r["style"],
            bool(r["turn_dm"]),
            r["vacation_bank"],
            r["vacation_start"],
            r["vacation_until"],
        )

    async def save_user_settings(self, settings: UserSettings) -> None:
        s = settings
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO user_settings (user_id, timezone, quiet_start, quiet_end, style, "
                "turn_dm, vacation_bank, vacation_start, vacation_until) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (user_id) DO UPDATE SET "
                "timezone=excluded.timezone, quiet_start=excluded.quiet_start, "
                "quiet_end=excluded.quiet_end, style=excluded.style, turn_dm=excluded.turn_dm, "
                "vacation_bank=excluded.vacation_bank, vacation_start=excluded.vacation_start, "
                "vacation_until=excluded.vacation_until",
                s.user_id,
                s.timezone,
                s.quiet_start,
                s.quiet_end,
                s.style,
                int(s.turn_dm),
                s.vacation_bank,
                s.vacation_start,
                s.vacation_until,
            )
            await db.execute("UPDATE deadlines SET wake_at=0 WHERE user_id=$1", s.user_id)

    async def replace_seat(
        self,
        game_id: int,
        old_user: int,
        new_user: int,
        posts: list[Post],
        read: GameRecord | None = None,
        due_at: float | None = None,
        undo: int | None = None,
    ) -> None:
        """Hand ``old_user``'s seat to ``new_user``, with its deadline (a fresh clock running
        out at ``due_at`` if given) and the posts the change owes, in one commit."""
        async with self._transaction() as db:
            await self._lock_game(db, game_id)
            await unchanged(db, read)
            await undo_unchanged(db, read, undo)
            await end_undo(db, game_id, "withdrawn")
            replaced = await db.execute(
                "UPDATE seats SET user_id=$1, dm_open=NULL, resigned=0 "
                "WHERE game_id=$2 AND user_id=$3",
                new_user,
                game_id,
                old_user,
            )
            if count(replaced) != 1:
                raise VersionConflict
            await db.execute(
                "UPDATE deadlines SET user_id=$1, due_at=COALESCE($2, due_at), "
                "paused_at=CASE WHEN $2::float8 IS NULL THEN paused_at END, wake_at=0 "
                "WHERE game_id=$3 AND user_id=$4",
                new_user,
                due_at,
                game_id,
                old_user,
            )
            await self._queue(db, game_id, posts, locked=True)

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
        async with self._transaction() as db:
            for table in ("games", "outbox", "undo_requests"):
                await db.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"(SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)"
                )

    # -- after play: the log, results, ratings, rematches, undo requests (issue 16) -------
    async def log(self, game_id: int) -> list[LogEntry]:
        rows = await self._pool.fetch(
            "SELECT version, seat, user_id, action, created_at FROM actions "
            "WHERE game_id=$1 ORDER BY version",
            game_id,
        )
        return [
            LogEntry(r["version"], r["seat"], r["user_id"], r["action"], r["created_at"])
            for r in rows
        ]

    async def finished_games(
        self,
        guild_id: int,
        user_id: int | None = None,
        game_key: str | None = None,
        limit: int | None = None,
    ) -> list[GameRecord]:
        """Games over on a server, newest first: a player's, of one game, or all."""
        where = "g.guild_id=$1 AND g.status='over'"
        args: list[Any] = [guild_id]
        if user_id is not None:
            args.append(user_id)
            where += (
                " AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id=g.id "
                f"AND s.user_id=${len(args)})"
            )
        if game_key is not None:
            args.append(game_key)
            where += f" AND g.game_key=${len(args)}"
        where += " ORDER BY g.updated_at DESC, g.id DESC"
        if limit is not None:
            args.append(limit)
            where += f" LIMIT ${len(args)}"
        return await self._games(where, *args)

    async def settle(
        self,
        game_id: int,
        forced: str | None,
        rated: bool,
        ratings: list[Rating],
        moves: Sequence[tuple[int, float, float]] = (),
    ) -> bool:
        """Note in a finished game's result how it was decided (``forced``: None, ``forfeit``
        or ``autopilot``), whether it counts in the ratings and how each player's shown
        rating ``moves`` (user, before, after), and write its players' new ratings, at once;
        False (and nothing written) if the game was settled already."""
        async with self._transaction() as db:
            settled = await db.execute(
                "UPDATE games SET result=(result::jsonb || jsonb_build_object("
                "'forced', $1::text, 'rated', $2::boolean, 'ratings', $4::text::jsonb))::text "
                "WHERE id=$3 AND status='over' AND result::jsonb -> 'rated' IS NULL",
                forced,
                rated,
                game_id,
                json.dumps([list(m) for m in moves]),
            )
            if count(settled) != 1:
                return False
            await db.executemany(
                "INSERT INTO ratings (guild_id, game_key, user_id, mu, sigma, games) "
                "SELECT guild_id, game_key, $1, $2, $3, $4 FROM games WHERE id=$5 "
                "ON CONFLICT (guild_id, game_key, user_id) DO UPDATE SET mu=excluded.mu, "
                "sigma=excluded.sigma, games=excluded.games",
                [(r.user_id, r.mu, r.sigma, r.games, game_id) for r in ratings],
            )
        return True

    async def ratings(self, guild_id: int, game_key: str) -> list[Rating]:
        rows = await self._pool.fetch(
            "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id=$1 AND game_key=$2 "
            "ORDER BY mu - 3 * sigma DESC, games DESC, user_id",
            guild_id,
            game_key,
        )
        return [Rating(r["user_id"], r["mu"], r["sigma"], r["games"]) for r in rows]

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        rate_forced = await self._pool.fetchval(
            "SELECT rate_forced FROM guild_settings WHERE guild_id=$1", guild_id
        )
        if rate_forced is None:
            return GuildSettings(guild_id)
        return GuildSettings(guild_id, bool(rate_forced))

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        await self._pool.execute(
            "INSERT INTO guild_settings (guild_id, rate_forced) VALUES ($1, $2) "
            "ON CONFLICT (guild_id) DO UPDATE SET rate_forced=excluded.rate_forced",
            settings.guild_id,
            int(settings.rate_forced),
        )

    async def create_rematch(self, game_id: int, seed: int) -> tuple[GameRecord, bool]:
        """A new lobby with the finished game's seats (in order), host, options and clock;
        the one already opened (and False) if a rematch of it is waiting or in play. A
        rematch cancelled or played gives way to a new one: the players want another game.
        The finished game's row is locked, so two clicks at once open one."""
        now = time.time()
        async with self._transaction() as db:
            existing: int | None = await db.fetchval(
                "SELECT r.id FROM games g LEFT JOIN games r ON r.id = g.rematch_id "
                "AND r.status IN ('lobby', 'active') WHERE g.id=$1 FOR NO KEY UPDATE OF g",
                game_id,
            )
            target = existing
            if existing is None:
                target = await db.fetchval(
                    "INSERT INTO games (game_key, guild_id, channel_id, host_id, status, seed, "
                    "options, created_at, updated_at) SELECT game_key, guild_id, channel_id, "
                    "host_id, 'lobby', $1, options, $2, $3 FROM games WHERE id=$4 RETURNING id",
                    seed,
                    now,
                    now,
                    game_id,
                )
                for sql in (
                    "INSERT INTO seats (game_id, seat, user_id, kind) SELECT $1, seat, user_id, "
                    "kind FROM seats WHERE game_id=$2",
                    "INSERT INTO game_clocks (game_id, clock_seconds, policy) SELECT $1, "
                    "clock_seconds, policy FROM game_clocks WHERE game_id=$2",
                ):
                    await db.execute(sql, target, game_id)
                await db.execute("UPDATE games SET rematch_id=$1 WHERE id=$2", target, game_id)
        assert target is not None
        record = await self.game(target)
        assert record is not None
        return record, existing is None

    async def undo_request(self, game_id: int, request_id: int) -> UndoRequest | None:
        row = await self._pool.fetchrow(
            "SELECT * FROM undo_requests WHERE id=$1 AND game_id=$2", request_id, game_id
        )
        return None if row is None else undo_record(row)

    async def open_undo(self, game_id: int) -> UndoRequest | None:
        row = await self._pool.fetchrow(OPEN_UNDO, game_id)
        return None if row is None else undo_record(row)

    async def ask_undo(
        self, request: UndoRequest, posts: list[Post], read: GameRecord, replaces: int | None
    ) -> UndoRequest:
        async with self._transaction() as db:
            await unchanged(db, read)
            await undo_unchanged(db, read, replaces)
            await end_undo(db, request.game_id, "replaced")
            request_id = await db.fetchval(
                "INSERT INTO undo_requests (game_id, version, seat, user_id, first_version, "
                "waiting, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
                request.game_id,
                request.version,
                request.seat,
                request.user_id,
                request.first_version,
                json.dumps(request.waiting),
                time.time(),
            )
            await self._queue(db, request.game_id, posts, locked=True)
        return replace(request, id=request_id)

    async def answer_undo(
        self, game_id: int, request_id: int, seat: int, approve: bool
    ) -> UndoRequest | None:
        async with self._transaction() as db:
            await self._lock_game(db, game_id)  # answers wait for the game's other changes
            row = await db.fetchrow(OPEN_UNDO + " AND u.id=$2", game_id, request_id)
            if row is None or seat not in json.loads(row["waiting"]):
                return None
            request = undo_record(row)
            request.waiting.remove(seat)
            if approve:
                await db.execute(
                    "UPDATE undo_requests SET waiting=$1 WHERE id=$2",
                    json.dumps(request.waiting),
                    request_id,
                )
            else:
                request.ended = "refused"
                await db.execute("UPDATE undo_requests SET ended='refused' WHERE id=$1", request_id)
            return request
