"""Settings from the environment (and a ``.env`` file beside the bot, via python-dotenv)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from dotenv import load_dotenv

TOKEN_HELP = (
    "DISCORD_TOKEN is not set. Create an application at https://discord.com/developers/"
    "applications, open Bot > Reset Token, copy the token, and put it in a .env file as\n"
    "    DISCORD_TOKEN=your-token-here\n"
    "(see .env.example and the README's 'Create the Discord application' section)."
)


SHARDS_HELP = (
    "PARLEY_SHARDS must look like 0-3/8 (shards 0 to 3 of 8) or 5/8 (shard 5 of 8), with "
    "every shard below the count; leave it empty to run every shard in this one process."
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
            raise SystemExit(SHARDS_HELP)
        first, last, count = int(found[1]), int(found[2] or found[1]), int(found[3])
        if not first <= last < count:
            raise SystemExit(SHARDS_HELP)
        return cls(first, last, count)

    @property
    def ids(self) -> list[int]:
        return list(range(self.first, self.last + 1))

    @property
    def every(self) -> bool:
        return self.first == 0 and self.last == self.count - 1


@dataclass(frozen=True)
class Settings:
    token: str
    database: str = "parley.db"
    dev_guild: int | None = None
    log_level: str = "INFO"
    tick_seconds: float = 0.0  # the scheduler loop's period; 0 = no loop (tests call tick)
    shards: Shards | None = None  # None: every shard, in this one process

    @classmethod
    def from_env(cls, require_token: bool = True) -> Settings:
        load_dotenv()
        token = os.environ.get("DISCORD_TOKEN", "").strip()
        if require_token and not token:
            raise SystemExit(TOKEN_HELP)
        guild = os.environ.get("PARLEY_DEV_GUILD", "").strip()
        shards = os.environ.get("PARLEY_SHARDS", "").strip()
        return cls(
            token=token,
            database=os.environ.get("PARLEY_DB", "parley.db").strip() or "parley.db",
            dev_guild=int(guild) if guild else None,
            log_level=os.environ.get("PARLEY_LOG_LEVEL", "INFO").strip().upper() or "INFO",
            tick_seconds=float(os.environ.get("PARLEY_TICK_SECONDS", "30").strip() or 30),
            shards=Shards.parse(shards) if shards else None,
        )
