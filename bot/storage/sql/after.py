"""After play: finished games, results settled into ratings, a server's settings, and the
requests to take back a move."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot.storage.history import GuildSettings, Rating, UndoRequest
from bot.storage.records import GameRecord, Post
from bot.storage.sql.base import SqlBase
from bot.storage.sql.rows import OPEN_UNDO, undo_record


class AfterPlay(SqlBase):
    async def finished_games(
        self,
        guild_id: int,
        user_id: int | None = None,
        game_key: str | None = None,
        limit: int | None = None,
    ) -> list[GameRecord]:
        """Games over on a server, newest first: a player's, of one game, or all."""
        where = "g.guild_id=? AND g.status='over'"
        args: list[Any] = [guild_id]
        if user_id is not None:
            where += " AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id=g.id AND s.user_id=?)"
            args.append(user_id)
        if game_key is not None:
            where += " AND g.game_key=?"
            args.append(game_key)
        where += " ORDER BY g.updated_at DESC, g.id DESC"
        if limit is not None:
            where += " LIMIT ?"
            args.append(limit)
        return await self._games(where, *args)

    async def settle(
        self,
        game_id: int,
        forced: str | None,
        rated: bool,
        ratings: list[Rating],
        moves: Sequence[Sequence[float]] = (),
    ) -> bool:
        """Note in a finished game's result how it was decided (``forced``: None, ``forfeit``
        or ``autopilot``), whether it counts in the ratings and how each player's rating
        ``moves`` (numbers per player, read by :mod:`bot.play.ratings`), and write its
        players' new ratings, at once; False (and nothing written) if the game was settled
        already."""
        told = json.dumps([list(move) for move in moves])
        sql, args = self._settle_result(forced, rated, told, game_id)
        async with self._write() as db:
            if await db.execute(sql, *args) != 1:
                return False
            await db.executemany(
                "INSERT INTO ratings (guild_id, game_key, user_id, mu, sigma, games) "
                "SELECT guild_id, game_key, ?, ?, ?, ? FROM games WHERE id=? "
                "ON CONFLICT (guild_id, game_key, user_id) DO UPDATE SET mu=excluded.mu, "
                "sigma=excluded.sigma, games=excluded.games",
                [(r.user_id, r.mu, r.sigma, r.games, game_id) for r in ratings],
            )
        return True

    async def ratings(self, guild_id: int, game_key: str) -> list[Rating]:
        async with self._reading() as db:
            rows = await db.fetch(
                "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id=? AND game_key=? "
                "ORDER BY mu - 3 * sigma DESC, games DESC, user_id",
                guild_id,
                game_key,
            )
        return [Rating(r["user_id"], r["mu"], r["sigma"], r["games"]) for r in rows]

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        async with self._reading() as db:
            rate_forced = await db.fetchval(
                "SELECT rate_forced FROM guild_settings WHERE guild_id=?", guild_id
            )
        if rate_forced is None:
            return GuildSettings(guild_id)
        return GuildSettings(guild_id, bool(rate_forced))

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        async with self._single() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, rate_forced) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET rate_forced=excluded.rate_forced",
                settings.guild_id,
                int(settings.rate_forced),
            )

    # -- requests to take back a move -----------------------------------------------------
    async def undo_request(self, game_id: int, request_id: int) -> UndoRequest | None:
        async with self._reading() as db:
            row = await db.fetchrow(
                "SELECT * FROM undo_requests WHERE id=? AND game_id=?", request_id, game_id
            )
        return None if row is None else undo_record(row)

    async def open_undo(self, game_id: int) -> UndoRequest | None:
        async with self._reading() as db:
            row = await db.fetchrow(OPEN_UNDO, game_id)
        return None if row is None else undo_record(row)

    async def ask_undo(
        self, request: UndoRequest, posts: list[Post], read: GameRecord, replaces: int | None
    ) -> UndoRequest:
        async with self._write() as db:
            await self._unchanged(db, read)
            await self._undo_unchanged(db, read, replaces)
            await self._end_undo(db, request.game_id, "replaced")
            request_id = await db.insert(
                "INSERT INTO undo_requests (game_id, version, seat, user_id, first_version, "
                "waiting, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                request.game_id,
                request.version,
                request.seat,
                request.user_id,
                request.first_version,
                json.dumps(request.waiting),
                self._clock(),
            )
            await self._queue(db, request.game_id, posts, locked=True)
        return replace(request, id=request_id)

    async def answer_undo(
        self, game_id: int, request_id: int, seat: int, approve: bool
    ) -> UndoRequest | None:
        async with self._write() as db:
            await self._lock_game(db, game_id)  # answers wait for the game's other changes
            row = await db.fetchrow(OPEN_UNDO + " AND u.id=?", game_id, request_id)
            if row is None or seat not in json.loads(row["waiting"]):
                return None
            request = undo_record(row)
            request.waiting.remove(seat)
            if approve:
                await db.execute(
                    "UPDATE undo_requests SET waiting=? WHERE id=?",
                    json.dumps(request.waiting),
                    request_id,
                )
            else:
                request.ended = "refused"
                await db.execute("UPDATE undo_requests SET ended='refused' WHERE id=?", request_id)
            return request
