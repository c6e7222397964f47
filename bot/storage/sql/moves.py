"""A game in play: its start, each action with its version check, its end, the autopilot's
due list, and the outbox of posts each commit owes."""

from __future__ import annotations

import contextlib
from typing import Any

from bot.storage.history import LogEntry
from bot.storage.records import GameRecord, GameStatus, OutboxItem, Post, VersionConflict
from bot.storage.sql.base import SqlBase, result_json
from bot.storage.sql.rows import read_post


class Moves(SqlBase):
    async def start(
        self,
        game_id: int,
        state: str,
        posts: list[Post],
        read: GameRecord | None = None,
        autopilot: bool = False,
    ) -> None:
        async with self._write() as db:
            await self._unchanged(db, read)
            count = await db.execute(
                "UPDATE games SET status='active', state=?, version=0, updated_at=? "
                "WHERE id=? AND status='lobby'",
                state,
                self._clock(),
                game_id,
            )
            if count != 1:
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
        status: GameStatus,
        result: dict[str, Any] | None,
        posts: list[Post],
        read: GameRecord | None = None,
        autopilot: bool = False,
        undo: int | None = None,
    ) -> int:
        now = self._clock()
        async with self._write() as db:
            await self._unchanged(db, read)
            await self._undo_unchanged(db, read, undo)
            count = await db.execute(
                "UPDATE games SET version=version+1, state=?, status=?, result=?, updated_at=? "
                "WHERE id=? AND version=? AND status='active'",
                state,
                status,
                result_json(result),
                now,
                game_id,
                expected_version,
            )
            if count != 1:
                raise VersionConflict
            await db.execute(
                "INSERT INTO actions (game_id, version, seat, user_id, action, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
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
        status: GameStatus,
        result: dict[str, Any] | None,
        posts: list[Post],
        resigned_user: int | None = None,
        read: GameRecord | None = None,
        autopilot: bool = False,
        undo: int | None = None,
    ) -> None:
        async with self._write() as db:
            await self._unchanged(db, read)
            if status == "active" and resigned_user is not None:
                await self._undo_unchanged(db, read, undo)
                await self._end_undo(db, game_id, "withdrawn")
            count = await db.execute(
                "UPDATE games SET status=?, result=?, updated_at=? "
                "WHERE id=? AND status IN ('lobby', 'active')",
                status,
                result_json(result),
                self._clock(),
                game_id,
            )
            if count != 1:
                raise VersionConflict
            if resigned_user is not None:
                await db.execute(
                    "UPDATE seats SET resigned=1 WHERE game_id=? AND user_id=?",
                    game_id,
                    resigned_user,
                )
            await self._queue(db, game_id, posts, locked=True)
            if autopilot:
                await self._owe_autopilot(db, game_id)

    async def autopilot_due(self) -> list[int]:
        async with self._reading() as db:
            rows = await db.fetch("SELECT game_id FROM autopilot_due ORDER BY game_id")
        return [r["game_id"] for r in rows]

    async def autopilot_done(self, read: GameRecord) -> None:
        """The autopilot has nothing left to play in the game as read; kept if the game changed
        since (a commit meanwhile may have made a seat on autopilot due again)."""
        async with self._write() as db:
            with contextlib.suppress(VersionConflict):
                await self._unchanged(db, read)
                await db.execute("DELETE FROM autopilot_due WHERE game_id=?", read.id)

    async def actions(self, game_id: int, after_version: int = 0) -> list[tuple[int, str]]:
        async with self._reading() as db:
            rows = await db.fetch(
                "SELECT seat, action FROM actions WHERE game_id=? AND version>? ORDER BY version",
                game_id,
                after_version,
            )
        return [(r["seat"], r["action"]) for r in rows]

    async def log(self, game_id: int) -> list[LogEntry]:
        async with self._reading() as db:
            rows = await db.fetch(
                "SELECT version, seat, user_id, action, created_at FROM actions "
                "WHERE game_id=? ORDER BY version",
                game_id,
            )
        return [
            LogEntry(r["version"], r["seat"], r["user_id"], r["action"], r["created_at"])
            for r in rows
        ]

    # -- the outbox -----------------------------------------------------------------------
    async def unsent(self, game_id: int | None = None) -> list[OutboxItem]:
        query = (
            "SELECT id, game_id, kind, user_id, payload, tried_at FROM outbox WHERE sent_at IS NULL"
        )
        args: tuple[Any, ...] = ()
        if game_id is not None:
            query += " AND game_id=?"
            args = (game_id,)
        async with self._reading() as db:
            rows = await db.fetch(query + " ORDER BY id", *args)
        return [
            OutboxItem(
                r["id"],
                r["game_id"],
                read_post(r["kind"], r["user_id"], r["payload"]),
                r["tried_at"],
            )
            for r in rows
        ]

    async def mark_tried(self, item_id: int, when: float) -> None:
        async with self._single() as db:
            await db.execute("UPDATE outbox SET tried_at=? WHERE id=?", when, item_id)

    async def mark_sent(self, item_id: int, message_id: int | None = None) -> None:
        async with self._single() as db:
            await db.execute(
                "UPDATE outbox SET sent_at=?, message_id=? WHERE id=?",
                self._clock(),
                message_id,
                item_id,
            )

    async def owed_games(self) -> list[int]:
        async with self._reading() as db:
            rows = await db.fetch(
                "SELECT DISTINCT game_id FROM outbox WHERE sent_at IS NULL ORDER BY game_id"
            )
        return [row[0] for row in rows]
