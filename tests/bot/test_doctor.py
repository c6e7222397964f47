"""``parley doctor`` (issue 26, item 3): each check one line, "ok" or what is wrong and what to
do, exit status 0 or 1. Discord's side is asked of the fake Discord's REST routes (the token,
the synced commands, the bot's permissions in each server); a Discord out of reach says the
checks were not made."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import aiohttp
import discord
from discord.http import HTTPClient

from bot.cli import main
from bot.config import Settings, is_postgres
from bot.discord.permissions import ASKED, INVITE
from bot.doctor import (
    database_findings,
    discord_findings,
    parley_subcommands,
    postgres_findings,
)
from bot.storage import open_store
from bot.storage.postgres import migrations as postgres_migrations
from bot.storage.sqlite import migrations
from tests.bot.conftest import World

ROOT = Path(__file__).resolve().parents[2]


def lines(findings) -> list[str]:
    return [finding.line() for finding in findings]


def http_to(world: World) -> HTTPClient:
    http = HTTPClient(asyncio.get_running_loop())
    http.request = world.fake._rest_request  # type: ignore[method-assign]
    return http


async def test_discord_says_token_commands_and_each_servers_permissions(world: World):
    """ "with network and a token: the token is valid, the application's commands are synced,
    and in each server the bot's permissions against the README's list"."""
    await world.start_bot()  # it syncs /parley, globally
    settings = Settings(token="fake", database=world.database)
    assert lines(await discord_findings(settings, http_to(world))) == [
        "token: ok (logged in as Parley)",
        f"commands: ok (/parley with {len(parley_subcommands())} subcommands, in every "
        "server (global))",
        "permissions in Harbour: ok",
    ]

    world.fake.set_bot_permissions(
        world.guild,
        discord.Permissions(
            INVITE & ~discord.Permissions(attach_files=True, pin_messages=True).value
        ),
    )
    (parley,) = world.fake.global_commands
    parley["options"] = [o for o in parley["options"] if o["name"] != "replay"]
    found = lines(await discord_findings(settings, http_to(world)))
    assert found[1:] == [
        "commands: /parley on Discord is out of date (missing replay): start `parley run` "
        "once: it syncs them (globally Discord may take up to an hour to show them).",
        "permissions in Harbour: missing Attach Files, Pin Messages: give Parley's role these "
        "in Server Settings > Roles (or invite it again with the README's URL, which asks "
        "for all of them).",
    ]

    in_dev = Settings(token="fake", database=world.database, dev_guild=world.guild.id)
    found = lines(await discord_findings(in_dev, http_to(world)))
    assert found[1].startswith(f"commands: /parley is not synced to the server {world.guild.id}")


async def test_a_refused_token_or_no_network_says_what_was_not_checked(world: World):
    settings = Settings(token="wrong", database=world.database)
    world.fake.fail_next("GET /users/@me", status=401, code=0, message="401: Unauthorized")
    assert lines(await discord_findings(settings, http_to(world))) == [
        "token: Discord refused the token in DISCORD_TOKEN: reset it in the Developer Portal "
        "(Bot > Reset Token) and put the new one in .env.",
        "commands: skipped (Discord refused the token)",
        "permissions: skipped (Discord refused the token)",
    ]

    async def offline(*_args: object, **_kwargs: object) -> None:
        raise aiohttp.ClientConnectionError("Cannot connect to host discord.com:443")

    http = HTTPClient(asyncio.get_running_loop())
    http.request = offline  # type: ignore[method-assign]
    assert lines(await discord_findings(settings, http)) == [
        "Discord: could not reach Discord (ClientConnectionError): check this machine's "
        "network connection and DNS.",
        "commands: skipped (Discord could not be reached)",
        "permissions: skipped (Discord could not be reached)",
    ]


def test_the_permissions_checked_are_the_readmes_invite():
    assert discord.Permissions(**dict.fromkeys(ASKED, True)).value == INVITE
    readme = (ROOT / "README.md").read_text()
    assert f"permissions={INVITE}" in readme
    for name in ASKED.values():
        assert f"| {name.replace('View Channel', 'View Channels')} |" in readme, name


async def test_the_database_says_schema_integrity_lock_and_room(database: str, monkeypatch):
    """ "the database (migrations, integrity, lock, free disk)" and "PostgreSQL reachable"."""
    store = await open_store(database)  # created and migrated, as `parley run` does
    try:
        if is_postgres(database):
            (found,) = await postgres_findings(database)
            known = len(postgres_migrations())
            assert found.verdict == "ok" and found.note.endswith(f"schema {known} of {known}")
            return
        path = Path(database)
        assert [f.line() for f in database_findings(path)][:4] == [
            f"database: ok ({path})",
            f"schema: ok (version {migrations()[-1][0]})",
            "integrity: ok",
            "lock: ok (held by a running Parley, as it is while the bot runs)",
        ]
    finally:
        await store.close()
    assert database_findings(path)[3].line() == "lock: ok"
    monkeypatch.setattr("bot.doctor.ROOM", 1 << 62)
    assert database_findings(path)[4].line().startswith("disk: only ")

    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version={migrations()[-1][0] + 1}")
    (schema,) = [f for f in database_findings(path) if f.check == "schema"]
    assert schema.verdict == "problem" and "written by a newer Parley" in schema.note

    path.write_bytes(b"not a database at all" * 100)
    (damaged,) = database_findings(path)
    assert damaged.verdict == "problem" and "Restore a backup" in damaged.note
    assert database_findings(path.with_name("new.db"))[0].line() == (
        f"database: ok ({path.with_name('new.db')} is not created yet; `parley run` creates it)"
    )


async def test_postgresql_out_of_reach_is_said_without_the_password():
    (found,) = await postgres_findings("postgresql://parley:s3cret@127.0.0.1:1/parley")
    assert found.verdict == "problem" and "s3cret" not in found.line()
    assert found.line().startswith("PostgreSQL: could not connect to 127.0.0.1:1/parley (")


def test_parley_doctor_prints_a_line_per_check_and_exits_1_on_a_problem(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("PARLEY_DB", str(tmp_path / "parley.db"))
    monkeypatch.setenv("PARLEY_AI_WORKERS", "1")
    assert main(["doctor"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "settings: ok"
    assert out[1].startswith("token: DISCORD_TOKEN is not set")
    assert out[2].startswith("database: ok (") and "not created yet" in out[2]
    assert out[3].startswith("disk: ok (")
    assert out[4] == "AI pool: ok (1 worker(s))"  # its process started and thought
    assert out[5:] == [
        "Discord: skipped (no DISCORD_TOKEN)",
        "commands: skipped (no DISCORD_TOKEN)",
    ]
    assert list(tmp_path.iterdir()) == [], "the doctor creates nothing"

    monkeypatch.setenv("PARLEY_TICK_SECONDS", "0")
    assert main(["doctor"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "settings: PARLEY_TICK_SECONDS='0' is refused: expected a number of seconds from 1 "
        "to 3600.",
        "database: skipped (fix the settings first)",
    ]
