"""Settings from the environment (and a ``.env`` file beside the bot, via python-dotenv).

Every setting is checked at start: a bad value is refused with one line naming it, what was
found and what is allowed (all the bad ones at once), and the command exits with status 1.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from dotenv import load_dotenv

TOKEN_HELP = (
    "DISCORD_TOKEN is not set. Create an application at https://discord.com/developers/"
    "applications, open Bot > Reset Token, copy the token, and put it in a .env file as\n"
    "    DISCORD_TOKEN=your-token-here\n"
    "(see .env.example and the README's 'Create the Discord application' section)."
)
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
#: The scheduler's period: shorter is a busy loop, longer makes reminders late.
TICK_RANGE = (1.0, 3600.0)
SNOWFLAKE_MAX = 2**64 - 1
AI_WORKERS_MAX = 64
#: How long a stop may take (``PARLEY_STOP_GRACE_SECONDS``): systemd's TimeoutStopSec must be
#: longer, or it kills the bot mid-stop.
STOP_GRACE_RANGE = (0.0, 600.0)
LOG_FORMATS = ("text", "json")
T = TypeVar("T")


SHARDS_HELP = (
    "expected first-last/count (0-3/8: shards 0 to 3 of 8) or shard/count (5/8), every "
    "shard below the count; or nothing, for every shard in this one process"
)
SHARDS_NEED_POSTGRES = (
    "PARLEY_SHARDS={text!r} splits the bot over several processes, and they must share one "
    "PostgreSQL database: set PARLEY_DB=postgresql://user:password@host/dbname (move a SQLite "
    "database there with `parley copy-db parley.db postgresql://...`)."
)


@dataclass(frozen=True)
class Shards:
    """The shards this process runs (``PARLEY_SHARDS=first-last/count``); Discord puts a server
    on shard ``(guild_id >> 22) % count``."""

    first: int
    last: int
    count: int

    @classmethod
    def parse(cls, text: str) -> Shards:
        found = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?/\s*(\d+)\s*", text)
        if found is None:
            raise ValueError(SHARDS_HELP)
        first, last, count = int(found[1]), int(found[2] or found[1]), int(found[3])
        if not first <= last < count:
            raise ValueError(SHARDS_HELP)
        return cls(first, last, count)

    @property
    def ids(self) -> list[int]:
        return list(range(self.first, self.last + 1))

    @property
    def every(self) -> bool:
        return self.first == 0 and self.last == self.count - 1


class SettingsError(Exception):
    """Bad settings: one line per bad setting."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Settings:
    token: str
    database: str = "parley.db"
    dev_guild: int | None = None
    log_level: str = "INFO"
    tick_seconds: float = 0.0  # the scheduler loop's period; 0 = no loop (tests call tick)
    shards: Shards | None = None  # None: every shard, in this one process
    ai_workers: int = 0  # processes the AI thinks in; 0 = one per core
    stop_grace: float = 10.0  # seconds a stop waits for work under way and sends posts owed
    log_format: str = "text"  # or "json": one object a line
    metrics_port: int | None = None  # /healthz and /metrics; None = no listener (0: any port)
    metrics_host: str = "127.0.0.1"  # loopback unless the operator says otherwise

    @classmethod
    def from_env(cls, require_token: bool = True) -> Settings:
        """The settings, each checked; :class:`SettingsError` lists every bad one."""
        load_dotenv()
        token = os.environ.get("DISCORD_TOKEN", "").strip()
        if require_token and not token:
            raise SettingsError([TOKEN_HELP])
        problems: list[str] = []
        settings = cls(
            token=token,
            database=setting("PARLEY_DB", "parley.db", database_path, problems),
            dev_guild=setting("PARLEY_DEV_GUILD", "", guild_id, problems),
            log_level=setting("PARLEY_LOG_LEVEL", "INFO", log_level, problems),
            tick_seconds=setting("PARLEY_TICK_SECONDS", "30", tick_seconds, problems),
            shards=setting("PARLEY_SHARDS", "", shard_range, problems),
            ai_workers=setting("PARLEY_AI_WORKERS", "0", ai_workers, problems),
            stop_grace=setting("PARLEY_STOP_GRACE_SECONDS", "10", stop_grace, problems),
            log_format=setting("PARLEY_LOG_FORMAT", "text", log_format, problems),
            metrics_port=setting("PARLEY_METRICS_PORT", "", metrics_port, problems),
            metrics_host=setting("PARLEY_METRICS_HOST", "127.0.0.1", metrics_host, problems),
        )
        shards = settings.shards
        if shards and not shards.every and not is_postgres(settings.database):
            problems.append(SHARDS_NEED_POSTGRES.format(text=os.environ["PARLEY_SHARDS"]))
        if problems:
            raise SettingsError(problems)
        return settings


def setting(name: str, default: str, check: Callable[[str], T], problems: list[str]) -> T:
    """The checked value of one setting; a bad one adds its line to ``problems`` (and the
    default stands in, so the others are checked too)."""
    text = os.environ.get(name, "").strip() or default
    try:
        return check(text)
    except ValueError as error:
        problems.append(f"{name}={text!r} is refused: {error}.")
        return check(default)


def is_postgres(database: str) -> bool:
    """Whether ``PARLEY_DB`` names a PostgreSQL database (else it is a SQLite file)."""
    return database.startswith(("postgresql://", "postgres://"))


def database_path(text: str) -> str:
    if is_postgres(text):
        return text  # checked when the bot connects
    if text == ":memory:" or text.startswith("file:"):
        raise ValueError("give a file path (a database in memory would forget every game)")
    path = Path(text)
    if path.is_dir():
        raise ValueError("this is a folder; give a file name, like parley.db")
    if not path.parent.is_dir():
        raise ValueError(f"the folder {str(path.parent)!r} does not exist")
    return text


def guild_id(text: str) -> int | None:
    if not text:
        return None
    if not text.isdigit() or not 0 < int(text) <= SNOWFLAKE_MAX:
        raise ValueError(
            "expected a server id (digits only, from Discord's Copy Server ID), or nothing"
        )
    return int(text)


def log_level(text: str) -> str:
    if text.upper() not in LOG_LEVELS:
        raise ValueError(f"expected one of {', '.join(LOG_LEVELS)}")
    return text.upper()


def log_format(text: str) -> str:
    if text.lower() not in LOG_FORMATS:
        raise ValueError(f"expected one of {', '.join(LOG_FORMATS)}")
    return text.lower()


def metrics_port(text: str) -> int | None:
    if not text:
        return None
    if not text.isdigit() or not 0 < int(text) < 2**16:
        raise ValueError("expected a port number from 1 to 65535, or nothing (no listener)")
    return int(text)


def metrics_host(text: str) -> str:
    if any(c.isspace() for c in text) or "/" in text:
        raise ValueError("expected an address to listen on, like 127.0.0.1, 0.0.0.0 or ::")
    return text


def tick_seconds(text: str) -> float:
    return seconds_in(text, TICK_RANGE)


def stop_grace(text: str) -> float:
    return seconds_in(text, STOP_GRACE_RANGE)


def seconds_in(text: str, bounds: tuple[float, float]) -> float:
    low, high = bounds
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not low <= seconds <= high:  # also false for nan
        raise ValueError(f"expected a number of seconds from {low:g} to {high:g}")
    return seconds


def ai_workers(text: str) -> int:
    if not text.isdigit() or int(text) > AI_WORKERS_MAX:
        raise ValueError(
            f"expected a whole number from 0 (one per core) to {AI_WORKERS_MAX}: the "
            "processes the AI thinks in"
        )
    return int(text)


def shard_range(text: str) -> Shards | None:
    return Shards.parse(text) if text else None
