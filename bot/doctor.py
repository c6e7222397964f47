"""``parley doctor``: what stands between this machine and a running bot, one line per check,
each "ok" or what is wrong and what to do; exit status 1 if anything is wrong.

It changes nothing: the database is read through a read-only connection (never created, never
migrated), its lock only probed, the AI's pool is started and stopped. With a token it asks
Discord (REST only, no gateway) whether the token is valid, whether ``/parley`` is synced as
this version defines it, and what the bot may do in each server against the README's invite
permissions (the server-wide permissions: a channel can still take some away). A check that
could not run says so, and why, rather than passing.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import os
import shutil
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

import aiohttp
import discord
from discord.ext import commands
from discord.http import HTTPClient

from bot.config import Settings, SettingsError, is_postgres
from bot.discord.bot import EXTENSIONS
from bot.discord.permissions import ASKED
from bot.play.thinking import Thinker
from bot.storage.backup import read_only
from bot.storage.lock import ProcessLock
from bot.storage.problems import damaged, too_new, unreachable
from bot.storage.sqlite import migrations
from games import REGISTRY

#: Below this much free space on the database's disk, a write may fail (SQLite's WAL and a
#: backup of the same size need room too).
ROOM = 256 * 1024 * 1024
#: How long the network checks and the AI's first thought may take before they count as failed.
PATIENCE = 30.0
INVITE_HELP = (
    "give Parley's role these in Server Settings > Roles (or invite it again with the "
    "README's URL, which asks for all of them)"
)


@dataclass(frozen=True)
class Finding:
    """One check's verdict: ``ok`` (with an optional note), a ``problem`` (the sentence says
    what to do), or ``skipped`` (the note says why it could not run)."""

    check: str
    verdict: Literal["ok", "problem", "skipped"] = "ok"
    note: str = ""

    def line(self) -> str:
        if self.verdict == "problem":
            return f"{self.check}: {self.note}"
        said = "ok" if self.verdict == "ok" else "skipped"
        return f"{self.check}: {said}" + (f" ({self.note})" if self.note else "")


def problem(check: str, note: str) -> Finding:
    return Finding(check, "problem", note)


def settings_findings() -> tuple[Settings | None, list[Finding]]:
    """The settings, each checked as ``parley run`` checks them (the token apart)."""
    try:
        settings = Settings.from_env(require_token=False)
    except SettingsError as error:
        return None, [problem("settings", " ".join(error.problems))]
    findings = [Finding("settings")]
    if not settings.token:
        findings.append(
            problem("token", "DISCORD_TOKEN is not set: put the bot's token in .env (README).")
        )
    return settings, findings


def database_findings(path: Path) -> list[Finding]:
    """A SQLite database: there, Parley's, migrated, intact, free to open, with room."""
    if not path.exists():
        return [
            Finding("database", note=f"{path} is not created yet; `parley run` creates it"),
            disk_finding(path),
        ]
    try:
        with contextlib.closing(read_only(path)) as db:
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_schema")}
            schema = db.execute("PRAGMA user_version").fetchone()[0]
            verdict = db.execute("PRAGMA integrity_check").fetchone()[0] if tables else "ok"
    except sqlite3.Error as error:
        return [problem("database", str(damaged(str(path), str(error))))]
    if "games" not in tables:
        return [problem("database", f"{path} is not a Parley database: check PARLEY_DB.")]
    known = migrations()[-1][0]  # numbered, as PRAGMA user_version counts them
    found = [Finding("database", note=f"{path}")]
    if schema > known:
        found.append(problem("schema", str(too_new(str(path), schema, known))))
    elif schema < known:
        found.append(
            Finding(
                "schema",
                note=f"version {schema} of {known}: `parley run` upgrades it at start; "
                "`parley backup` first",
            )
        )
    else:
        found.append(Finding("schema", note=f"version {schema}"))
    found.append(
        Finding("integrity")
        if verdict == "ok"
        else problem("integrity", str(damaged(str(path), verdict)))
    )
    return [*found, lock_finding(path), disk_finding(path)]


def lock_finding(path: Path) -> Finding:
    """Whether a ``parley run`` could take the database now (another one may hold it)."""
    try:
        if ProcessLock.held(str(path)):
            return Finding("lock", note="held by a running Parley, as it is while the bot runs")
    except OSError as error:
        return problem("lock", str(unreachable(str(path), error)))
    if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
        return problem(
            "lock",
            f"Parley cannot write to {path} or its folder: give this user write access to both "
            "(SQLite writes its -wal and -shm files beside it).",
        )
    return Finding("lock")


def disk_finding(path: Path) -> Finding:
    folder = path.resolve().parent
    if not folder.is_dir():
        return problem("disk", f"The folder {folder} does not exist: create it, or fix PARLEY_DB.")
    free = shutil.disk_usage(folder).free
    size = path.stat().st_size if path.exists() else 0
    needed = max(ROOM, 2 * size)
    mb = 1024 * 1024
    if free < needed:
        return problem(
            "disk",
            f"only {free // mb:,} MB free beside {path} ({needed // mb:,} MB wanted: the "
            "database's log and a backup need room): free some space.",
        )
    return Finding("disk", note=f"{free // mb:,} MB free")


async def postgres_findings(url: str) -> list[Finding]:
    """PostgreSQL: reachable with these credentials, and migrated as far as this Parley."""
    import asyncpg

    from bot.storage.postgres import migrations as postgres_migrations

    where = urlsplit(url)
    named = f"{where.hostname or 'localhost'}:{where.port or 5432}{where.path}"  # no password
    try:
        db = await asyncpg.connect(url, timeout=PATIENCE)
    except (OSError, asyncpg.PostgresError, TimeoutError) as error:
        return [
            problem(
                "PostgreSQL",
                f"could not connect to {named} ({type(error).__name__}): check PARLEY_DB, "
                "that the server runs, and that it lets this machine and user in.",
            )
        ]
    names = [name for name, _ in postgres_migrations()]
    try:
        applied = 0
        if await db.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL"):
            applied = await db.fetchval(
                "SELECT count(*) FROM schema_migrations WHERE name = ANY($1::text[])", names
            )
    finally:
        await db.close()
    known = len(names)
    note = f"{named}, schema {applied} of {known}"
    if applied < known:
        note += ": `parley run` upgrades it at start"
    return [Finding("PostgreSQL", note=note)]


async def ai_finding(thinker: Thinker) -> Finding:
    """The AI's worker processes start and think once (the quickest level, a first move)."""
    spec = REGISTRY["cardinal"]
    state = spec.new(2, 1)
    try:
        async with asyncio.timeout(PATIENCE):
            await thinker.choose(spec.key, spec.dump(state), spec.to_act(state)[0], 1)
    except Exception as error:
        return problem(
            "AI pool",
            f"the AI's worker processes did not start ({type(error).__name__}: {error}): "
            "check memory and the process limit (systemd's TasksMax), or lower "
            "PARLEY_AI_WORKERS.",
        )
    finally:
        thinker.shutdown()
    return Finding("AI pool", note=f"{thinker.workers} worker(s)")


def parley_subcommands() -> set[str]:
    """The ``/parley`` subcommands this version defines (from its cogs, without starting)."""
    names: set[str] = set()
    for extension in EXTENSIONS:
        for value in vars(importlib.import_module(extension)).values():
            if isinstance(value, type) and issubclass(value, commands.Cog):
                names |= {command.name for command in value.__cog_app_commands__}
    return names


async def discord_findings(settings: Settings, http: HTTPClient) -> list[Finding]:
    """The token, the synced commands and the permissions in each server, asked of Discord
    through ``http`` (closed afterwards)."""
    try:
        async with asyncio.timeout(PATIENCE):
            return await asked_discord(settings, http)
    except discord.LoginFailure:
        return [
            problem(
                "token",
                "Discord refused the token in DISCORD_TOKEN: reset it in the Developer Portal "
                "(Bot > Reset Token) and put the new one in .env.",
            ),
            *skipped_discord("Discord refused the token"),
        ]
    except (aiohttp.ClientError, OSError, TimeoutError, discord.HTTPException) as error:
        return [
            problem(
                "Discord",
                f"could not reach Discord ({type(error).__name__}): check this machine's "
                "network connection and DNS.",
            ),
            *skipped_discord("Discord could not be reached"),
        ]
    finally:
        await http.close()


def skipped_discord(why: str) -> list[Finding]:
    return [Finding(check, "skipped", why) for check in ("commands", "permissions")]


async def asked_discord(settings: Settings, http: HTTPClient) -> list[Finding]:
    me = await http.static_login(settings.token)
    found = [Finding("token", note=f"logged in as {me['username']}")]
    application = await http.application_info()
    app_id = int(application["id"])
    if settings.dev_guild:
        synced = await http.get_guild_commands(app_id, settings.dev_guild)
        where = f"the server {settings.dev_guild} (PARLEY_DEV_GUILD)"
    else:
        synced = await http.get_global_commands(app_id)
        where = "every server (global)"
    found.append(commands_finding(synced, where))
    guilds = await http.get_guilds(200)
    if not guilds:
        found.append(
            Finding("permissions", "skipped", "the bot is in no server yet: invite it (README)")
        )
    for guild in guilds:
        found.append(permissions_finding(guild))
    return found


def commands_finding(synced: list[Any], where: str) -> Finding:
    parley = next((c for c in synced if c.get("name") == "parley"), None)
    fix = (
        "start `parley run` once: it syncs them (globally Discord may take up to an hour to "
        "show them)"
    )
    if parley is None:
        return problem("commands", f"/parley is not synced to {where}: {fix}.")
    shown = {o["name"] for o in parley.get("options", []) if o.get("type") in (1, 2)}
    expected = parley_subcommands()
    if shown != expected:
        missing, extra = sorted(expected - shown), sorted(shown - expected)
        differs = "; ".join(
            part
            for part in (
                f"missing {', '.join(missing)}" if missing else "",
                f"no longer defined: {', '.join(extra)}" if extra else "",
            )
            if part
        )
        return problem("commands", f"/parley on Discord is out of date ({differs}): {fix}.")
    return Finding("commands", note=f"/parley with {len(shown)} subcommands, in {where}")


def permissions_finding(guild: Mapping[str, Any]) -> Finding:
    """The bot's server-wide permissions (Discord's ``permissions`` of each of its servers)."""
    granted = discord.Permissions(int(guild.get("permissions", 0)))
    check = f"permissions in {guild.get('name', guild['id'])}"
    if granted.administrator:
        return Finding(check, note="Administrator")
    missing = [name for flag, name in ASKED.items() if not getattr(granted, flag)]
    if missing:
        return problem(check, f"missing {', '.join(missing)}: {INVITE_HELP}.")
    return Finding(check)


def discord_http() -> HTTPClient:
    return HTTPClient(asyncio.get_running_loop())


async def examine(
    http: Callable[[], HTTPClient] = discord_http,
    thinker: Callable[[int | None], Thinker] = Thinker,
) -> list[Finding]:
    """Every check, in the order a fix would follow (``http`` and ``thinker`` make what asks
    Discord and what thinks: the fake Discord's in tests)."""
    settings, found = settings_findings()
    if settings is None:
        return [*found, Finding("database", "skipped", "fix the settings first")]
    if is_postgres(settings.database):
        found += await postgres_findings(settings.database)
    else:
        found += database_findings(Path(settings.database))
    found.append(await ai_finding(thinker(settings.ai_workers or None)))
    if settings.token:
        found += await discord_findings(settings, http())
    else:
        found += [
            Finding(check, "skipped", "no DISCORD_TOKEN") for check in ("Discord", "commands")
        ]
    return found


def run_doctor() -> int:
    findings = asyncio.run(examine())
    for finding in findings:
        print(finding.line())
    return 1 if any(f.verdict == "problem" for f in findings) else 0
