"""Play over days: move clocks, deadlines and when each wakes, reminder steps, players'
settings (quiet hours, vacations), and a seat handed to a substitute."""

from __future__ import annotations

from typing import Any

from bot.storage.records import (
    AbsentPolicy,
    Deadline,
    GameRecord,
    Post,
    TimePolicy,
    UserSettings,
    VersionConflict,
)
from bot.storage.sql.base import SqlBase
from bot.storage.sql.rows import (
    DEADLINE_COLUMNS,
    USER_SETTINGS_COLUMNS,
    deadline_record,
    deadline_row,
    user_settings_record,
)


class Days(SqlBase):
    async def due_games(self, now: float) -> list[int]:
        async with self._reading() as db:
            rows = await db.fetch(
                "SELECT game_id FROM deadlines WHERE wake_at <= ? ORDER BY wake_at", now
            )
        return list(dict.fromkeys(row[0] for row in rows))

    async def unsynced_games(self) -> list[int]:
        async with self._reading() as db:
            rows = await db.fetch(
                "SELECT g.id FROM games g LEFT JOIN game_clocks c ON c.game_id = g.id "
                "WHERE g.status = 'active' AND COALESCE(c.synced_version, -1) <> g.version "
                "ORDER BY g.id"  # versions start at 0: no clocks row, or never synced
            )
        return [row[0] for row in rows]

    async def set_wake(self, game_id: int, seat: int, turn: int, wake_at: float | None) -> None:
        async with self._single() as db:
            await db.execute(
                "UPDATE deadlines SET wake_at=? WHERE game_id=? AND seat=? AND turn=?",
                wake_at,
                game_id,
                seat,
                turn,
            )

    async def time_policy(self, game_id: int) -> TimePolicy:
        async with self._reading() as db:
            row = await db.fetchrow(
                "SELECT clock_seconds, policy, status_message_id, synced_version "
                "FROM game_clocks WHERE game_id=?",
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

    async def set_time_policy(
        self, game_id: int, clock_seconds: int | None, policy: AbsentPolicy
    ) -> None:
        async with self._single() as db:
            await db.execute(
                "INSERT INTO game_clocks (game_id, clock_seconds, policy) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET clock_seconds=excluded.clock_seconds, "
                "policy=excluded.policy",
                game_id,
                clock_seconds,
                policy,
            )

    async def set_status_message(self, game_id: int, message_id: int | None) -> None:
        async with self._single() as db:
            await db.execute(
                "INSERT INTO game_clocks (game_id, status_message_id) VALUES (?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET status_message_id=excluded.status_message_id",
                game_id,
                message_id,
            )

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]:
        query = f"SELECT {DEADLINE_COLUMNS} FROM deadlines"
        args: tuple[Any, ...] = ()
        if game_id is not None:
            query += " WHERE game_id=?"
            args = (game_id,)
        async with self._reading() as db:
            rows = await db.fetch(query + " ORDER BY game_id, seat", *args)
        return [deadline_record(r) for r in rows]

    async def replace_deadlines(
        self, game_id: int, version: int, deadlines: list[Deadline]
    ) -> None:
        """Deadlines computed at game ``version``; left alone if the game has moved on since
        and another process may write them (see :meth:`_moved_on`)."""
        async with self._write() as db:
            if await self._moved_on(db, game_id, version):
                return
            await db.execute("DELETE FROM deadlines WHERE game_id=?", game_id)
            await db.executemany(
                f"INSERT INTO deadlines ({DEADLINE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [deadline_row(d) for d in deadlines],
            )
            await db.execute(
                "INSERT INTO game_clocks (game_id, synced_version) VALUES (?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET synced_version=excluded.synced_version",
                game_id,
                version,
            )

    async def update_deadline(self, deadline: Deadline, posts: list[Post]) -> None:
        async with self._write() as db:
            await db.execute(
                "UPDATE deadlines SET due_at=?, paused_at=?, wake_at=0 "
                "WHERE game_id=? AND seat=? AND turn=?",
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
        async with self._write() as db:
            await self._unchanged(db, read)
            count = await db.execute(
                "INSERT INTO reminder_steps (game_id, seat, turn, step, done_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                game_id,
                seat,
                turn,
                step,
                now,
            )
            if count != 1:
                return False
            await self._queue(db, game_id, posts)
        return True

    async def steps_done(self, game_id: int, seat: int, turn: int) -> set[str]:
        async with self._reading() as db:
            rows = await db.fetch(
                "SELECT step FROM reminder_steps WHERE game_id=? AND seat=? AND turn=?",
                game_id,
                seat,
                turn,
            )
        return {r["step"] for r in rows}

    async def user_settings(self, user_id: int) -> UserSettings:
        async with self._reading() as db:
            row = await db.fetchrow(
                f"SELECT {USER_SETTINGS_COLUMNS}, locale FROM user_settings WHERE user_id=?",
                user_id,
            )
        return UserSettings(user_id) if row is None else user_settings_record(user_id, row)

    async def save_user_settings(self, settings: UserSettings) -> None:
        s = settings
        columns = USER_SETTINGS_COLUMNS.split(", ")
        async with self._write() as db:
            await db.execute(
                f"INSERT INTO user_settings (user_id, {USER_SETTINGS_COLUMNS}) "
                f"VALUES ({', '.join('?' * (len(columns) + 1))}) ON CONFLICT (user_id) DO UPDATE "
                f"SET {', '.join(f'{c}=excluded.{c}' for c in columns)}",
                s.user_id,
                s.timezone,
                s.quiet_start,
                s.quiet_end,
                s.style,
                int(s.turn_dm),
                s.vacation_bank,
                s.vacation_start,
                s.vacation_until,
                s.language,
            )
            await db.execute("UPDATE deadlines SET wake_at=0 WHERE user_id=?", s.user_id)

    async def note_locale(self, user_id: int, locale: str) -> None:
        async with self._single() as db:
            await db.execute(
                "INSERT INTO user_settings (user_id, locale) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET locale=excluded.locale",
                user_id,
                locale,
            )

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
        async with self._write() as db:
            await self._lock_game(db, game_id)
            await self._unchanged(db, read)
            await self._undo_unchanged(db, read, undo)
            await self._end_undo(db, game_id, "withdrawn")
            count = await db.execute(
                "UPDATE seats SET user_id=?, dm_open=NULL, resigned=0 "
                "WHERE game_id=? AND user_id=?",
                new_user,
                game_id,
                old_user,
            )
            if count != 1:
                raise VersionConflict
            await db.execute(
                "UPDATE deadlines SET user_id=?, due_at=COALESCE(?, due_at), "
                "paused_at=CASE WHEN CAST(? AS DOUBLE PRECISION) IS NULL THEN paused_at END, "
                "wake_at=0 WHERE game_id=? AND user_id=?",
                new_user,
                due_at,
                due_at,
                game_id,
                old_user,
            )
            await self._queue(db, game_id, posts, locked=True)
