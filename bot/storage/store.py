"""What the bot keeps between restarts, behind one small async interface.

:class:`Store` is the whole surface the bot uses; :mod:`bot.storage.sqlite` implements it on
SQLite (one process) and :mod:`bot.storage.postgres` on PostgreSQL (any number of processes);
:func:`bot.storage.factory.open_store` picks one from ``PARLEY_DB``.
"""

from __future__ import annotations

from typing import Any, Protocol

from bot.storage.history import GuildSettings, LogEntry, Rating, UndoRequest
from bot.storage.records import (
    Claim,
    Deadline,
    GameRecord,
    OutboxItem,
    Post,
    TimePolicy,
    UserSettings,
)


class Store(Protocol):
    #: Whether games sleep until due (a released game's ``wake_at`` is kept), or every game in
    #: play is due at every tick (one process, as on SQLite).
    sleeps_games: bool

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
        """A new lobby with its host seated and its move clock, in one commit; ``caps`` (per
        host, per server) refuses it with :class:`TooManyLobbies` past either cap."""

    async def game(self, game_id: int) -> GameRecord | None: ...

    async def game_in_thread(self, thread_id: int) -> GameRecord | None: ...

    async def games_of_user(self, user_id: int, guild_id: int) -> list[GameRecord]: ...

    async def unopened(self) -> list[int]:
        """Games still owed their opening (no thread yet): a crash may have cut it short."""

    async def open_lobbies(self, guild_id: int) -> list[GameRecord]: ...

    async def set_places(
        self,
        game_id: int,
        thread_id: int | None,
        lobby_message_id: int | None,
        channel_id: int | None = None,
    ) -> None:
        """Where the game lives; ``channel_id`` only when it moved to another channel."""

    # Each change below is refused with VersionConflict, writing nothing, when ``read`` (the
    # game as the caller read it, if given) no longer matches its status, version or seats.
    async def add_seat(
        self, game_id: int, user_id: int, read: GameRecord | None = None
    ) -> None: ...

    async def remove_seat(
        self, game_id: int, user_id: int, read: GameRecord | None = None
    ) -> None: ...

    async def set_dm_open(self, user_id: int, is_open: bool) -> None: ...

    async def start(
        self, game_id: int, state: str, posts: list[Post], read: GameRecord | None = None
    ) -> None: ...

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
    ) -> int:
        """``autopilot``: a seat on autopilot is due after this action; recorded with it (see
        :meth:`autopilot_due`)."""

    async def finish(
        self,
        game_id: int,
        status: str,
        result: dict[str, Any] | None,
        posts: list[Post],
        resigned_user: int | None = None,
        read: GameRecord | None = None,
        autopilot: bool = False,
    ) -> None: ...

    async def autopilot_due(self) -> list[int]:
        """Games where a seat on autopilot may be due to move (recorded by the commit that
        made it so, until :meth:`autopilot_done`): resumed at start and every tick."""

    async def autopilot_done(self, read: GameRecord) -> None: ...

    async def actions(self, game_id: int, after_version: int = 0) -> list[tuple[int, str]]: ...

    async def unsent(self, game_id: int | None = None) -> list[OutboxItem]: ...

    async def mark_tried(self, item_id: int, when: float) -> None: ...

    async def mark_sent(self, item_id: int, message_id: int | None = None) -> None: ...

    async def close(self) -> None: ...

    # -- play over days (bot/play: clocks, reminders, vacations) ------------------------
    async def active_games(self) -> list[GameRecord]: ...

    async def time_policy(self, game_id: int) -> TimePolicy: ...

    async def set_time_policy(
        self, game_id: int, clock_seconds: int | None, policy: str
    ) -> None: ...

    async def set_status_message(self, game_id: int, message_id: int | None) -> None: ...

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]: ...

    async def replace_deadlines(
        self, game_id: int, version: int, deadlines: list[Deadline]
    ) -> None: ...

    async def update_deadline(self, deadline: Deadline, posts: list[Post]) -> None: ...

    async def mark_step(
        self, game_id: int, seat: int, turn: int, step: str, now: float, posts: list[Post]
    ) -> bool: ...

    async def steps_done(self, game_id: int, seat: int, turn: int) -> set[str]: ...

    async def user_settings(self, user_id: int) -> UserSettings: ...

    async def save_user_settings(self, settings: UserSettings) -> None: ...

    async def replace_seat(
        self,
        game_id: int,
        old_user: int,
        new_user: int,
        posts: list[Post],
        read: GameRecord | None = None,
        due_at: float | None = None,
    ) -> None: ...

    # -- sharing the background work between processes (bot/play/claims.py) -------------
    async def claim_due(self, now: float, after: int, limit: int) -> list[Claim]:
        """Claim up to ``limit`` games (ids above ``after``, in order) whose background work
        is due at ``now``; each is given back with :meth:`release`."""

    async def claim(self, game_id: int) -> Claim | None:
        """Claim one game now; None while another process holds it."""

    async def renew(self, game_ids: list[int]) -> None:
        """Keep this process's claims on these games (they lapse if it dies)."""

    async def release(self, claim: Claim, wake_at: float | None) -> None:
        """Give a game back, next due at ``wake_at`` (None: as it is) unless it changed
        since it was claimed."""

    # -- after play: the log, results, ratings, rematches, undo requests (issue 16) -------
    async def log(self, game_id: int) -> list[LogEntry]: ...

    async def finished_games(
        self,
        guild_id: int,
        user_id: int | None = None,
        game_key: str | None = None,
        limit: int | None = None,
    ) -> list[GameRecord]: ...

    async def settle(
        self, game_id: int, forced: str | None, rated: bool, ratings: list[Rating]
    ) -> bool: ...

    async def ratings(self, guild_id: int, game_key: str) -> list[Rating]: ...

    async def guild_settings(self, guild_id: int) -> GuildSettings: ...

    async def save_guild_settings(self, settings: GuildSettings) -> None: ...

    async def create_rematch(self, game_id: int, seed: int) -> tuple[GameRecord, bool]: ...

    async def undo_request(self, game_id: int) -> UndoRequest | None: ...

    async def ask_undo(self, request: UndoRequest) -> None: ...

    async def answer_undo(
        self, game_id: int, version: int, user_id: int, approve: bool
    ) -> UndoRequest | None: ...
