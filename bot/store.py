"""What the bot keeps between restarts, behind one small async interface.

:class:`Store` is the whole surface the bot uses; :mod:`bot.sqlite_store` implements it on
SQLite. A PostgreSQL backend only has to implement the same methods.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass
class Seat:
    seat: int
    user_id: int
    dm_open: bool | None = None
    resigned: bool = False


@dataclass
class GameRecord:
    id: int
    game_key: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    lobby_message_id: int | None
    host_id: int
    status: str
    seed: int
    options: dict[str, Any]
    version: int
    state: str | None
    result: dict[str, Any] | None
    seats: list[Seat] = field(default_factory=list)

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def user_of(self, seat: int) -> int:
        return next(s.user_id for s in self.seats if s.seat == seat)


@dataclass
class OutboxItem:
    id: int
    game_id: int
    kind: str  # "thread" or "dm"
    user_id: int | None
    payload: dict[str, Any]


@dataclass
class Post:
    """Something owed to Discord because of a committed change (written in the same commit)."""

    kind: str
    payload: dict[str, Any]
    user_id: int | None = None


@dataclass
class TimePolicy:
    """A game's move clock (seconds, None for none) and what happens to an absent player."""

    game_id: int
    clock_seconds: int | None = None
    policy: str = "autopilot"  # 'autopilot', 'forfeit' or 'wait'
    status_message_id: int | None = None
    synced_version: int | None = None


@dataclass
class Deadline:
    """One due seat's turn: when it became due (``turn`` is that game version) and its clock."""

    game_id: int
    seat: int
    turn: int
    user_id: int
    started_at: float
    due_at: float | None = None
    paused_at: float | None = None


@dataclass
class UserSettings:
    user_id: int
    timezone: str = "UTC"
    quiet_start: int | None = None
    quiet_end: int | None = None
    style: str = "dm"
    turn_dm: bool = False
    vacation_bank: float = 14.0
    vacation_start: float | None = None
    vacation_until: float | None = None


class VersionConflict(Exception):
    """The game moved on between reading it and writing the action: nothing was written."""


class Store(Protocol):
    async def create_game(self, game_key: str, guild_id: int, channel_id: int, host_id: int,
                          seed: int, options: dict[str, Any]) -> GameRecord: ...

    async def game(self, game_id: int) -> GameRecord | None: ...

    async def game_in_thread(self, thread_id: int) -> GameRecord | None: ...

    async def games_of_user(self, user_id: int, guild_id: int) -> list[GameRecord]: ...

    async def open_lobbies(self, guild_id: int) -> list[GameRecord]: ...

    async def set_places(self, game_id: int, thread_id: int | None,
                         lobby_message_id: int | None, channel_id: int | None = None) -> None:
        """Where the game lives; ``channel_id`` only when it moved to another channel."""

    async def add_seat(self, game_id: int, user_id: int) -> None: ...

    async def remove_seat(self, game_id: int, user_id: int) -> None: ...

    async def set_dm_open(self, user_id: int, is_open: bool) -> None: ...

    async def start(self, game_id: int, state: str, posts: list[Post]) -> None: ...

    async def record_action(self, game_id: int, expected_version: int, seat: int,
                            user_id: int | None, action: str, state: str, status: str,
                            result: dict[str, Any] | None, posts: list[Post]) -> int: ...

    async def finish(self, game_id: int, status: str, result: dict[str, Any] | None,
                     posts: list[Post], resigned_user: int | None = None) -> None: ...

    async def actions(self, game_id: int, after_version: int = 0) -> list[tuple[int, str]]: ...

    async def unsent(self, game_id: int | None = None) -> list[OutboxItem]: ...

    async def mark_sent(self, item_id: int) -> None: ...

    async def close(self) -> None: ...

    # -- play over days (bot/scheduler.py) ----------------------------------------------
    async def active_games(self) -> list[GameRecord]: ...

    async def time_policy(self, game_id: int) -> TimePolicy: ...

    async def set_time_policy(self, game_id: int, clock_seconds: int | None,
                              policy: str) -> None: ...

    async def set_status_message(self, game_id: int, message_id: int | None) -> None: ...

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]: ...

    async def replace_deadlines(self, game_id: int, version: int,
                                deadlines: list[Deadline]) -> None: ...

    async def update_deadline(self, deadline: Deadline, posts: list[Post]) -> None: ...

    async def mark_step(self, game_id: int, seat: int, turn: int, step: str, now: float,
                        posts: list[Post]) -> bool: ...

    async def steps_done(self, game_id: int, seat: int, turn: int) -> set[str]: ...

    async def user_settings(self, user_id: int) -> UserSettings: ...

    async def save_user_settings(self, settings: UserSettings) -> None: ...

    async def replace_seat(self, game_id: int, old_user: int, new_user: int,
                           posts: list[Post]) -> None: ...
