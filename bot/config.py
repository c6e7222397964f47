"""Settings from the environment (and a ``.env`` file beside the bot, via python-dotenv).

Every setting is checked at start: a bad value is refused with one line naming it, what was
found and what is allowed (all the bad ones at once), and the command exits with status 1.
"""

from __future__ import annotations

import math
import os
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
T = TypeVar("T")


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
        )
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


def database_path(text: str) -> str:
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


def tick_seconds(text: str) -> float:
    low, high = TICK_RANGE
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not low <= seconds <= high:  # also false for nan
        raise ValueError(f"expected a number of seconds from {low:g} to {high:g}")
    return seconds
