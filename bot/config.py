"""Settings from the environment (and a ``.env`` file beside the bot, via python-dotenv)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from dotenv import load_dotenv

TOKEN_HELP = (
    "DISCORD_TOKEN is not set. Create an application at https://discord.com/developers/"
    "applications, open Bot > Reset Token, copy the token, and put it in a .env file as\n"
    "    DISCORD_TOKEN=your-token-here\n"
    "(see .env.example and the README's 'Create the Discord application' section)."
)


@dataclass(frozen=True)
class Settings:
    token: str
    database: str = "parley.db"
    dev_guild: int | None = None
    log_level: str = "INFO"
    tick_seconds: float = 0.0  # the scheduler loop's period; 0 = no loop (tests call tick)

    @classmethod
    def from_env(cls, require_token: bool = True) -> Settings:
        load_dotenv()
        token = os.environ.get("DISCORD_TOKEN", "").strip()
        if require_token and not token:
            raise SystemExit(TOKEN_HELP)
        guild = os.environ.get("PARLEY_DEV_GUILD", "").strip()
        return cls(
            token=token,
            database=os.environ.get("PARLEY_DB", "parley.db").strip() or "parley.db",
            dev_guild=int(guild) if guild else None,
            log_level=os.environ.get("PARLEY_LOG_LEVEL", "INFO").strip().upper() or "INFO",
            tick_seconds=float(os.environ.get("PARLEY_TICK_SECONDS", "30").strip() or 30),
        )
