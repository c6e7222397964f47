"""The ``parley`` command: run the bot, play a demo game, benchmark, back up the database, copy
it to another store."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from games import REGISTRY, find_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="parley", description="Parley, the pirate games bot")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    demo = commands.add_parser(
        "demo", help="play a random game: its replay, its final board and a log"
    )
    demo.add_argument("game", help=f"one of: {', '.join(REGISTRY)}")
    demo.add_argument("--out", type=Path, required=True, help="folder for the images and log")
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--players", type=int, default=None)
    demo.add_argument(
        "--frames", action="store_true", help="also write every board, one PNG per action"
    )
    bench = commands.add_parser("bench", help="measure render, engine, bot and SQLite speed")
    bench.add_argument(
        "--games", type=int, help="games stored (10,000 for the bot run, 100,000 with --db)"
    )
    bench.add_argument("--quick", action="store_true", help="fewer samples (a smoke run)")
    bench.add_argument(
        "--db",
        help="a postgresql:// URL: the stores' numbers on PostgreSQL next to SQLite's "
        "(in a database of their own beside it, dropped afterwards)",
    )
    backup = commands.add_parser("backup", help="copy the live database safely")
    backup.add_argument("path", type=Path)
    copy = commands.add_parser(
        "copy-db", help="move every game and setting to another database (SQLite <-> PostgreSQL)"
    )
    copy.add_argument("source", help="a SQLite file or a postgresql:// URL")
    copy.add_argument("target", help="an empty one (a new file, or an empty PostgreSQL database)")
    args = parser.parse_args(argv)

    if args.command == "run":
        return run_bot()
    if args.command == "demo":
        spec = find_game(args.game)
        if spec is None:
            parser.error(f"unknown game {args.game!r}; choose from {', '.join(REGISTRY)}")
        if args.players is not None and not (spec.min_players <= args.players <= spec.max_players):
            print(f"{spec.title} takes {spec.player_range()}", file=sys.stderr)
            return 1
        from bot.demo import play_demo

        log = play_demo(spec, args.out, args.seed, args.players, args.frames)
        print(log.read_text().splitlines()[-1])
        print(f"Replay (replay.png), final board (final.png) and log written to {args.out}")
        return 0
    if args.command == "bench":
        if args.db:
            from bot.bench_stores import run_store_bench

            asyncio.run(run_store_bench(args.db, args.games or 100_000, quick=args.quick))
            return 0
        from bot.bench import run_bench

        asyncio.run(run_bench(stored_games=args.games or 10_000, quick=args.quick))
        return 0
    if args.command == "copy-db":
        return asyncio.run(copy_db(args.source, args.target))
    return asyncio.run(backup_database(args.path))


SHARDS_NEED_POSTGRES = (
    "PARLEY_SHARDS splits the bot over several processes, and they must share one PostgreSQL "
    "database: set PARLEY_DB=postgresql://user:password@host/dbname (move a SQLite database "
    "there with `parley copy-db parley.db postgresql://...`)."
)


def run_bot() -> int:
    from bot.config import Settings
    from bot.discord.bot import ParleyBot
    from bot.storage import DatabaseDamaged, is_postgres

    settings = Settings.from_env()
    if settings.shards and not settings.shards.every and not is_postgres(settings.database):
        print(SHARDS_NEED_POSTGRES, file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    bot = ParleyBot(settings)
    try:
        bot.run(settings.token, log_handler=None)
    except DatabaseDamaged as error:
        print(error, file=sys.stderr)
        return 2
    return 0


async def backup_database(path: Path) -> int:
    from bot.config import Settings
    from bot.storage import SqliteStore, is_postgres

    settings = Settings.from_env(require_token=False)
    if is_postgres(settings.database):
        print(
            "PARLEY_DB is a PostgreSQL database: back it up with PostgreSQL's own tools "
            "(pg_dump), or copy it to a SQLite file with `parley copy-db`.",
            file=sys.stderr,
        )
        return 2
    store = await SqliteStore.open(settings.database)
    try:
        await store.backup(str(path))
    finally:
        await store.close()
    print(f"Backed up {settings.database} to {path}")
    return 0


async def copy_db(source: str, target: str) -> int:
    from bot.copydb import CopyFailed, copy_database

    try:
        copied = await copy_database(source, target)
    except CopyFailed as error:
        print(f"copy-db: {error}", file=sys.stderr)
        return 1
    print(copied.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
