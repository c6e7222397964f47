"""Games and their seats: reading them, opening lobbies, joining and leaving, rematches, and
the stored states that cache a game's seed and actions."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from bot.storage.records import AbsentPolicy, GameListing, GameRecord
from bot.storage.sql.base import SqlBase


class Games(SqlBase):
    # -- reading ------------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRecord | None:
        found = await self._games("g.id=?", game_id)
        return found[0] if found else None

    async def game_in_thread(self, thread_id: int) -> GameRecord | None:
        found = await self._games("g.thread_id=? ORDER BY g.id DESC LIMIT 1", thread_id)
        return found[0] if found else None

    async def games_of_user(self, user_id: int, guild_id: int) -> list[GameRecord]:
        return await self._games(
            "g.id IN (SELECT game_id FROM seats WHERE user_id=?) AND g.guild_id=? "
            "AND g.status IN ('lobby', 'active') ORDER BY g.updated_at DESC",
            user_id,
            guild_id,
        )

    async def games_listed(
        self, user_id: int, guild_id: int, titles: Mapping[str, str], holding: str, limit: int
    ) -> list[GameListing]:
        title = "CASE g.game_key " + "WHEN ? THEN ? " * len(titles) + "ELSE g.game_key END"
        label = f"'#' || CAST(g.id AS TEXT) || ' ' || {title} || ' (' || g.status || ')'"
        pattern = "%" + re.sub(r"([\\%_])", r"\\\1", holding.lower()) + "%"
        async with self._reading() as db:
            rows = await db.fetch(
                # from the user's seats (SQLite keeps a CROSS JOIN's order), never the guild's
                "SELECT g.id, g.game_key, g.status FROM seats s CROSS JOIN games g "
                "WHERE g.id = s.game_id AND s.user_id=? AND g.guild_id=? "
                f"AND g.status IN ('lobby', 'active') AND lower({label}) LIKE ? ESCAPE '\\' "
                "ORDER BY g.updated_at DESC LIMIT ?",
                user_id,
                guild_id,
                *(word for pair in titles.items() for word in pair),
                pattern,
                limit,
            )
        return [GameListing(r["id"], r["game_key"], r["status"]) for r in rows]

    async def unopened(self) -> list[int]:
        async with self._reading() as db:
            rows = await db.fetch(
                "SELECT id FROM games WHERE thread_id IS NULL AND status IN ('lobby', 'active') "
                "UNION SELECT id FROM games WHERE practice=1 AND status='lobby' ORDER BY id"
            )
        return [r["id"] for r in rows]

    async def open_lobbies(self, guild_id: int) -> list[GameRecord]:
        return await self._games(
            "g.guild_id=? AND g.status='lobby' ORDER BY g.id DESC LIMIT 25", guild_id
        )

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
        policy: AbsentPolicy = "autopilot",
        caps: tuple[int, int] | None = None,
        hints: bool = False,
        practice: bool = False,
        ai: int = 0,
        language: str = "en",
    ) -> GameRecord:
        now = self._clock()
        async with self._write() as db:
            if caps is not None:
                await self._check_caps(db, guild_id, host_id, *caps)
            game_id = await db.insert(
                "INSERT INTO games (game_key, guild_id, channel_id, host_id, status, seed, "
                "options, created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                game_key,
                guild_id,
                channel_id,
                host_id,
                seed,
                json.dumps(options),
                now,
                now,
            )
            if language != "en":  # (a column of migration 0013: set only when asked for)
                await db.execute("UPDATE games SET language=? WHERE id=?", language, game_id)
            if hints or practice:  # (columns of migration 0011: set only when asked for)
                await db.execute(
                    "UPDATE games SET hints=?, practice=? WHERE id=?",
                    int(hints),
                    int(practice),
                    game_id,
                )
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id) VALUES (?, 0, ?)", game_id, host_id
            )
            if ai:  # as add_ai_seat numbers them: seats 1, 2, ... played by users -1, -2, ...
                await db.executemany(
                    "INSERT INTO seats (game_id, seat, user_id, kind) VALUES (?, ?, ?, 'ai')",
                    [(game_id, n, -n) for n in range(1, ai + 1)],
                )
            if clock_seconds is not None or policy != "autopilot":
                await db.execute(
                    "INSERT INTO game_clocks (game_id, clock_seconds, policy) VALUES (?, ?, ?)",
                    game_id,
                    clock_seconds,
                    policy,
                )
        record = await self.game(game_id)
        assert record is not None
        return record

    async def set_places(
        self,
        game_id: int,
        thread_id: int | None,
        lobby_message_id: int | None,
        channel_id: int | None = None,
    ) -> None:
        async with self._single() as db:
            await db.execute(
                "UPDATE games SET thread_id=?, lobby_message_id=?, "
                "channel_id=COALESCE(?, channel_id), updated_at=? WHERE id=?",
                thread_id,
                lobby_message_id,
                channel_id,
                self._clock(),
                game_id,
            )

    async def add_seat(self, game_id: int, user_id: int, read: GameRecord | None = None) -> None:
        async with self._write() as db:
            await self._lock_game(db, game_id)
            await self._unchanged(db, read)
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id) SELECT ?, "
                "COALESCE(MAX(seat) + 1, 0), ? FROM seats WHERE game_id=? "
                "ON CONFLICT DO NOTHING",
                game_id,
                user_id,
                game_id,
            )

    async def add_ai_seat(self, game_id: int, read: GameRecord | None = None) -> None:
        async with self._write() as db:
            await self._lock_game(db, game_id)
            await self._unchanged(db, read)
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, kind) SELECT ?, "
                "COALESCE(MAX(seat) + 1, 0), COALESCE(MIN(CASE WHEN user_id < 0 THEN user_id "
                "END), 0) - 1, 'ai' FROM seats WHERE game_id=?",
                game_id,
                game_id,
            )

    async def remove_seat(self, game_id: int, user_id: int, read: GameRecord | None = None) -> None:
        async with self._write() as db:
            await self._lock_game(db, game_id)
            await self._unchanged(db, read)
            await db.execute("DELETE FROM seats WHERE game_id=? AND user_id=?", game_id, user_id)
            # keep seats numbered 0..n-1 in join order, each with its kind
            rows = await db.fetch(
                "SELECT user_id, kind FROM seats WHERE game_id=? ORDER BY seat", game_id
            )
            await db.execute("DELETE FROM seats WHERE game_id=?", game_id)
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, kind) VALUES (?, ?, ?, ?)",
                [(game_id, i, r["user_id"], r["kind"]) for i, r in enumerate(rows)],
            )

    async def set_dm_open(self, user_id: int, is_open: bool) -> None:
        async with self._single() as db:
            await db.execute("UPDATE seats SET dm_open=? WHERE user_id=?", int(is_open), user_id)

    async def create_rematch(self, game_id: int, seed: int) -> tuple[GameRecord, bool]:
        """A new lobby with the finished game's seats (in order), host, options and clock;
        the one already opened (and False) if a rematch of it is waiting or in play. A
        rematch cancelled or played gives way to a new one: the players want another game.
        The finished game is locked, so two clicks at once open one."""
        now = self._clock()
        async with self._write() as db:
            await self._lock_game(db, game_id)
            existing: int | None = await db.fetchval(
                "SELECT r.id FROM games g JOIN games r ON r.id = g.rematch_id "
                "WHERE g.id=? AND r.status IN ('lobby', 'active')",
                game_id,
            )
            target = existing
            if existing is None:
                target = await db.insert(
                    "INSERT INTO games (game_key, guild_id, channel_id, host_id, status, seed, "
                    "options, created_at, updated_at, hints, language) SELECT game_key, guild_id, "
                    "channel_id, host_id, 'lobby', ?, options, ?, ?, hints, language FROM games "
                    "WHERE id=?",
                    seed,
                    now,
                    now,
                    game_id,
                )
                for sql in (
                    "INSERT INTO seats (game_id, seat, user_id, kind) SELECT ?, seat, user_id, "
                    "kind FROM seats WHERE game_id=?",
                    "INSERT INTO game_clocks (game_id, clock_seconds, policy) SELECT ?, "
                    "clock_seconds, policy FROM game_clocks WHERE game_id=?",
                ):
                    await db.execute(sql, target, game_id)
                await db.execute("UPDATE games SET rematch_id=? WHERE id=?", target, game_id)
        assert target is not None
        record = await self.game(target)
        assert record is not None
        return record, existing is None

    # -- stored states are a cache of the seed and the action log -----------------------
    async def snapshot_formats(self) -> dict[str, str]:
        async with self._reading() as db:
            rows = await db.fetch("SELECT game_key, format FROM snapshot_formats")
        return {row[0]: row[1] for row in rows}

    async def set_snapshot_format(self, game_key: str, state_format: str) -> None:
        async with self._single() as db:
            await db.execute(
                "INSERT INTO snapshot_formats (game_key, format) VALUES (?, ?) "
                "ON CONFLICT (game_key) DO UPDATE SET format=excluded.format",
                game_key,
                state_format,
            )

    async def games_with_state(self, game_key: str, after_id: int, limit: int) -> list[GameRecord]:
        return await self._games(
            "g.game_key=? AND g.id>? AND g.state IS NOT NULL ORDER BY g.id LIMIT ?",
            game_key,
            after_id,
            limit,
        )

    async def rewrite_state(self, game_id: int, version: int, state: str) -> bool:
        async with self._single() as db:
            count = await db.execute(
                "UPDATE games SET state=? WHERE id=? AND version=?", state, game_id, version
            )
        return count == 1
