"""What an operator watches, read when Prometheus scrapes or ``/healthz`` asks: counts from
indexes only (games by status, owed posts, owed AI moves), and a trivial statement that says
the database answers."""

from __future__ import annotations

from bot.storage.records import Census
from bot.storage.sql.base import SqlBase


class Counts(SqlBase):
    async def census(self) -> Census:
        async with self._reading() as db:
            statuses = await db.fetch("SELECT status, COUNT(*) AS n FROM games GROUP BY status")
            posts = await db.fetchval("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL")
            ai_moves = await db.fetchval("SELECT COUNT(*) FROM autopilot_due")
        return Census({r["status"]: r["n"] for r in statuses}, int(posts), int(ai_moves))

    async def ping(self) -> None:
        async with self._reading() as db:
            await db.fetchval("SELECT 1")
