"""Leagues, their players and rounds, and seasons: every statement of
:class:`bot.storage.leagues.LeagueStore`, for both dialects. The two steps several processes
could race on are version-checked in their transaction: a round is drawn only from the round
read (``draw_round``), and a board's game is made only while the board has none, its row
locked first (``open_league_game``)."""

from __future__ import annotations

import json

from bot.storage.leagues import (
    LeagueBoard,
    LeagueDraft,
    LeaguePlayer,
    LeagueRecord,
    LeagueStatus,
)
from bot.storage.sql.base import SqlBase
from bot.storage.sql.rows import later
from bot.storage.sql.session import Row

LEAGUE = "SELECT l.*, s.name AS season FROM leagues l LEFT JOIN seasons s ON s.id = l.season_id "


def league_record(row: Row) -> LeagueRecord:
    draft = LeagueDraft(
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        organiser_id=row["organiser_id"],
        name=row["name"],
        game_key=row["game_key"],
        options=json.loads(row["options"]),
        clock_seconds=row["clock_seconds"],
        policy=row["policy"],
        format=row["format"],
        rounds=row["rounds"],
        seats=row["seats"],
        signup_until=row["signup_until"],
        rated=bool(row["rated"]),
        season=row["season"],
        language=later(row, "language") or "en",
    )
    return LeagueRecord(
        row["id"],
        draft,
        row["card_id"],
        row["thread_id"],
        row["round"],
        row["posted"],
        row["status"],
    )


class Leagues(SqlBase):
    async def create_league(self, draft: LeagueDraft) -> LeagueRecord:
        now = self._clock()
        async with self._write() as db:
            season_id = None
            if draft.season:
                await db.execute(
                    "INSERT INTO seasons (guild_id, name, created_at) VALUES (?, ?, ?) "
                    "ON CONFLICT DO NOTHING",
                    draft.guild_id,
                    draft.season,
                    now,
                )
                season_id = await db.fetchval(
                    "SELECT id FROM seasons WHERE guild_id=? AND name=?",
                    draft.guild_id,
                    draft.season,
                )
            league_id = await db.insert(
                "INSERT INTO leagues (guild_id, channel_id, organiser_id, name, game_key, "
                "options, clock_seconds, policy, format, rounds, seats, signup_until, rated, "
                "season_id, created_at, language) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                draft.guild_id,
                draft.channel_id,
                draft.organiser_id,
                draft.name,
                draft.game_key,
                json.dumps(draft.options),
                draft.clock_seconds,
                draft.policy,
                draft.format,
                draft.rounds,
                draft.seats,
                draft.signup_until,
                int(draft.rated),
                season_id,
                now,
                draft.language,
            )
        league = await self.league(league_id)
        assert league is not None
        return league

    async def league(self, league_id: int) -> LeagueRecord | None:
        async with self._reading() as db:
            row = await db.fetchrow(LEAGUE + "WHERE l.id=?", league_id)
        return None if row is None else league_record(row)

    async def leagues(self, guild_id: int, season: str | None = None) -> list[LeagueRecord]:
        async with self._reading() as db:
            if season is None:
                rows = await db.fetch(LEAGUE + "WHERE l.guild_id=? ORDER BY l.id DESC", guild_id)
            else:
                rows = await db.fetch(
                    LEAGUE + "WHERE l.guild_id=? AND s.name=? ORDER BY l.id DESC",
                    guild_id,
                    season,
                )
        return [league_record(row) for row in rows]

    async def league_of_game(self, game_id: int) -> int | None:
        async with self._reading() as db:
            found: int | None = await db.fetchval(
                "SELECT league_id FROM league_games WHERE game_id=?", game_id
            )
        return found

    async def set_league_places(self, league_id: int, card_id: int, thread_id: int) -> None:
        async with self._single() as db:
            await db.execute(
                "UPDATE leagues SET card_id=?, thread_id=? WHERE id=?",
                card_id,
                thread_id,
                league_id,
            )

    async def leagues_due(self, now: float) -> list[int]:
        async with self._reading() as db:
            rows = await db.fetch(
                "SELECT id FROM leagues WHERE thread_id IS NOT NULL AND ("
                "(status='signup' AND signup_until<=?) OR status='playing' "
                "OR (status IN ('over', 'cancelled') AND posted<=round)) ORDER BY id",
                now,
            )
        return [row["id"] for row in rows]

    async def join_league(self, league_id: int, user_id: int) -> bool:
        async with self._write() as db:
            status = await db.fetchval(
                f"SELECT status FROM leagues WHERE id=?{self.ROW_LOCK}", league_id
            )
            if status != "signup":
                return False
            count = await db.execute(
                "INSERT INTO league_players (league_id, user_id, joined) VALUES (?, ?, ?) "
                "ON CONFLICT DO NOTHING",
                league_id,
                user_id,
                self._clock(),
            )
        return count == 1

    async def leave_league(self, league_id: int, user_id: int) -> bool:
        async with self._write() as db:
            status = await db.fetchval(
                f"SELECT status FROM leagues WHERE id=?{self.ROW_LOCK}", league_id
            )
            if status == "signup":
                count = await db.execute(
                    "DELETE FROM league_players WHERE league_id=? AND user_id=?",
                    league_id,
                    user_id,
                )
            else:
                count = await db.execute(
                    "UPDATE league_players SET gone=1 WHERE league_id=? AND user_id=? AND gone=0",
                    league_id,
                    user_id,
                )
        return count == 1

    async def league_players(self, league_id: int) -> list[LeaguePlayer]:
        async with self._reading() as db:
            rows = await db.fetch(
                "SELECT user_id, gone FROM league_players WHERE league_id=? "
                "ORDER BY joined, user_id",
                league_id,
            )
        return [LeaguePlayer(row["user_id"], bool(row["gone"])) for row in rows]

    async def league_boards(self, league_id: int) -> list[LeagueBoard]:
        async with self._reading() as db:
            rows = await db.fetch(
                "SELECT b.id, b.round, b.board, b.players, b.game_id, g.status, g.result, "
                "g.thread_id FROM league_games b LEFT JOIN games g ON g.id = b.game_id "
                "WHERE b.league_id=? ORDER BY b.round, b.board",
                league_id,
            )
        boards = []
        for row in rows:
            players = tuple(json.loads(row["players"]))
            winners = None
            if row["status"] == "over" and row["result"]:
                seats = json.loads(row["result"]).get("winners", [])
                winners = frozenset(players[s] for s in seats)
            elif row["status"] == "cancelled":
                winners = frozenset()  # called off: a draw
            boards.append(
                LeagueBoard(
                    row["id"],
                    row["round"],
                    row["board"],
                    players,
                    row["game_id"],
                    row["status"],
                    winners,
                    row["thread_id"],
                )
            )
        return boards

    async def draw_round(
        self,
        league_id: int,
        after: int,
        boards: list[tuple[int, ...]],
        rounds: int | None = None,
    ) -> bool:
        async with self._write() as db:
            count = await db.execute(
                "UPDATE leagues SET round=round+1, status='playing', "
                "rounds=COALESCE(?, rounds) WHERE id=? AND round=? "
                "AND status IN ('signup', 'playing')",
                rounds,
                league_id,
                after,
            )
            if count != 1:
                return False
            await db.executemany(
                "INSERT INTO league_games (league_id, round, board, players) VALUES (?, ?, ?, ?)",
                [(league_id, after + 1, i, json.dumps(list(b))) for i, b in enumerate(boards)],
            )
        return True

    async def end_league(self, league_id: int, after: int, status: LeagueStatus) -> bool:
        async with self._single() as db:
            count = await db.execute(
                "UPDATE leagues SET status=? WHERE id=? AND round=? "
                "AND status IN ('signup', 'playing')",
                status,
                league_id,
                after,
            )
        return count == 1

    async def mark_league_posted(self, league_id: int, posted: int) -> None:
        async with self._single() as db:
            await db.execute(
                "UPDATE leagues SET posted=? WHERE id=? AND posted<?", posted, league_id, posted
            )

    async def open_league_game(
        self, board_id: int, seed: int, host_id: int, channel_id: int
    ) -> int | None:
        now = self._clock()
        async with self._write() as db:
            row = await db.fetchrow(
                "SELECT b.game_id, b.players, l.guild_id, l.game_key, l.options, "
                "l.clock_seconds, l.policy, l.language FROM league_games b JOIN leagues l "
                f"ON l.id = b.league_id WHERE b.id=?{self.ROW_LOCK}",
                board_id,
            )
            if row is None or row["game_id"] is not None:
                return None
            game_id = await db.insert(
                "INSERT INTO games (game_key, guild_id, channel_id, host_id, status, seed, "
                "options, created_at, updated_at, language) "
                "VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                row["game_key"],
                row["guild_id"],
                channel_id,
                host_id,
                seed,
                row["options"],
                now,
                now,
                row["language"],
            )
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id) VALUES (?, ?, ?)",
                [(game_id, i, user) for i, user in enumerate(json.loads(row["players"]))],
            )
            await db.execute(
                "INSERT INTO game_clocks (game_id, clock_seconds, policy) VALUES (?, ?, ?)",
                game_id,
                row["clock_seconds"],
                row["policy"],
            )
            await db.execute("UPDATE league_games SET game_id=? WHERE id=?", game_id, board_id)
        return game_id

    async def league_rated(self, game_id: int) -> bool:
        async with self._reading() as db:
            rated = await db.fetchval(
                "SELECT l.rated FROM league_games b JOIN leagues l ON l.id = b.league_id "
                "WHERE b.game_id=?",
                game_id,
            )
        return rated is None or bool(rated)

    async def league_role(self, guild_id: int) -> int | None:
        async with self._reading() as db:
            role: int | None = await db.fetchval(
                "SELECT league_role FROM guild_settings WHERE guild_id=?", guild_id
            )
        return role

    async def set_league_role(self, guild_id: int, role_id: int | None) -> None:
        async with self._single() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, league_role) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET league_role=excluded.league_role",
                guild_id,
                role_id,
            )

    async def season_games(self, guild_id: int, season: str) -> list[int]:
        async with self._reading() as db:
            rows = await db.fetch(
                "SELECT g.id FROM seasons s JOIN leagues l ON l.season_id = s.id "
                "JOIN league_games b ON b.league_id = l.id JOIN games g ON g.id = b.game_id "
                "WHERE s.guild_id=? AND s.name=? AND l.rated=1 AND g.status='over' "
                "ORDER BY g.updated_at, g.id",
                guild_id,
                season,
            )
        return [row["id"] for row in rows]
