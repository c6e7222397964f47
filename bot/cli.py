"""The ``parley`` command: run the bot, check what it needs (``doctor``), play a demo game (or
replay a game record), check a game record, pit players against each other, benchmark, back up
the database, copy it to another store, simulate a league, keep the translations in step."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from games import REGISTRY, find_game

if TYPE_CHECKING:
    from bot.config import Settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="parley", description="Parley, the pirate games bot")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    commands.add_parser(
        "doctor", help="check settings, database, AI pool and Discord: what to fix, line by line"
    )
    demo = commands.add_parser(
        "demo", help="play a game (random moves, or --ai): its replay, its final board and a log"
    )
    demo.add_argument("game", nargs="?", help=f"one of: {', '.join(REGISTRY)}")
    demo.add_argument("--out", type=Path, required=True, help="folder for the images and log")
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--players", type=int, default=None)
    demo.add_argument(
        "--frames", action="store_true", help="also write every board, one PNG per action"
    )
    demo.add_argument("--ai", action="store_true", help="every seat the AI (normal), not random")
    demo.add_argument(
        "--from",
        dest="record",
        type=Path,
        help="replay a game record (📄 Record under /parley replay) instead",
    )
    check = commands.add_parser(
        "import",
        help="check that a game record (📄 Record under /parley replay) replays to its result",
    )
    check.add_argument("record", type=Path)
    bench = commands.add_parser("bench", help="measure render, engine, bot and SQLite speed")
    bench.add_argument(
        "--games", type=int, help="games stored for the stores' numbers (default 100,000)"
    )
    bench.add_argument("--quick", action="store_true", help="fewer samples (a smoke run)")
    bench.add_argument(
        "--thinking", action="store_true", help="only the AI's thinking as background work"
    )
    bench.add_argument(
        "--busy", type=int, default=0, help="CPU-bound processes to run beside the AI's numbers"
    )
    bench.add_argument(
        "--db",
        help="a postgresql:// URL: only the stores' numbers, PostgreSQL's next to SQLite's "
        "(in a database of their own beside it, dropped afterwards)",
    )
    backup = commands.add_parser("backup", help="copy the live database safely")
    backup.add_argument(
        "path", type=Path, help="a file, or a folder: the copy is named with the time it was made"
    )
    backup.add_argument(
        "--keep",
        type=int,
        metavar="N",
        help="into a folder: then remove all but the newest N backups made there",
    )
    copy = commands.add_parser(
        "copy-db", help="move every game and setting to another database (SQLite <-> PostgreSQL)"
    )
    copy.add_argument("source", help="a SQLite file or a postgresql:// URL")
    copy.add_argument("target", help="an empty one (a new file, or an empty PostgreSQL database)")
    commands.add_parser(
        "arena", help="play games between players (random, greedy, ai:LEVEL)", add_help=False
    )
    commands.add_parser(
        "teaching",
        help="the teaching moments' coverage in AI games, and the hints against ai:hard",
        add_help=False,
    )
    commands.add_parser(
        "league-sim",
        help="play a whole league on a store, killed and resumed, and check it",
        add_help=False,
    )
    commands.add_parser(
        "review-bench", help="time the review of long games, by length", add_help=False
    )
    words = commands.add_parser(
        "words", help="keep the translation catalogues in step with the code, check or measure them"
    )
    words.add_argument("action", choices=["update", "check", "stats"])
    words.add_argument("--games", type=int, default=3, help="stats: random games per game")
    words.add_argument("--renders", type=int, default=21, help="stats: renders per language")
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["arena"]:  # its own options: see `parley arena --help`
        from bot.arena import main as arena

        return arena(argv[1:])
    if argv[:1] == ["teaching"]:  # its own options: see `parley teaching --help`
        from bot.teach_bench import main as teaching

        return teaching(argv[1:])
    if argv[:1] == ["league-sim"]:  # its own options: see `parley league-sim --help`
        from bot.league_sim import main as league_sim

        return league_sim(argv[1:])
    if argv[:1] == ["review-bench"]:  # its own options: see `parley review-bench --help`
        from bot.review_bench import main as review_bench

        return review_bench(argv[1:])
    args = parser.parse_args(argv)

    if args.command == "run":
        return run_bot()
    if args.command == "import":
        return import_record(args.record)
    if args.command == "demo" and args.record is not None:
        return demo_from(args.record, args.out)
    if args.command == "doctor":
        from bot.doctor import run_doctor

        return run_doctor()
    if args.command == "demo":
        if args.game is None:
            parser.error("name a game to play, or replay a record with --from FILE")
        spec = find_game(args.game)
        if spec is None:
            parser.error(f"unknown game {args.game!r}; choose from {', '.join(REGISTRY)}")
        if args.players is not None and not (spec.min_players <= args.players <= spec.max_players):
            print(f"{spec.title} takes {spec.player_range()}", file=sys.stderr)
            return 1
        from bot.demo import play_demo

        log = play_demo(
            spec, args.out, args.seed, args.players, args.frames, "ai:normal" if args.ai else None
        )
        print(log.read_text().splitlines()[-1])
        print(f"Replay (replay.gif), final board (final.png) and log written to {args.out}")
        return 0
    if args.command == "bench":
        from bot.bench import run_bench
        from bot.bench_stores import run_store_bench
        from bot.bench_thinking import run_thinking_bench

        if not args.db and not args.thinking:  # engines, renders, the bot, the stepper first
            from bot.bench_stepper import bench_stepper

            asyncio.run(run_bench(stored_games=10_000, quick=args.quick))
            asyncio.run(bench_stepper(args.quick))
        if not args.db:  # with --db: the stores only
            asyncio.run(run_thinking_bench(args.quick, args.busy))
        if args.thinking:
            return 0
        print("\nThe stores at scale")
        asyncio.run(run_store_bench(args.db, args.games or 100_000, quick=args.quick))
        return 0
    if args.command == "words":
        return words_command(args.action, args.games, args.renders)
    if args.command == "copy-db":
        return asyncio.run(copy_db(args.source, args.target))
    return backup_database(args.path, args.keep)


def words_command(action: str, games: int = 3, renders: int = 21) -> int:
    """``update``: every text the code says into every language's catalogue file of its area;
    ``check``: every problem in the catalogues, one per line (exit 1 if any); ``stats``: each
    language's coverage, longest labels and render time (``bot/words_stats.py``)."""
    from bot.catalogue import problems, update
    from bot.language import TRANSLATED

    if action == "stats":
        from bot.words_stats import report

        print("\n".join(report(games, renders)))
        return 0
    if action == "update":
        print("\n".join(update()) or "The catalogues already say what the code says.")
        return 0
    found = [line for code in TRANSLATED for line in problems(code)]
    print("\n".join(found) or "Every text is translated into every language.")
    return 1 if found else 0


def run_bot() -> int:
    """Run the bot until it is stopped. Anything that keeps it from running (a bad setting, a
    database it may not use, a token Discord refuses, no network) is one line on stderr and
    exit status 1."""
    import aiohttp
    import discord

    from bot.config import Settings, SettingsError
    from bot.logs import configure
    from bot.storage import DatabaseProblem

    try:
        settings = Settings.from_env()
    except SettingsError as error:
        return refuse(*error.problems)
    configure(settings.log_level, settings.log_format)
    try:
        asyncio.run(serve(settings))
    except KeyboardInterrupt:
        return 0
    except DatabaseProblem as error:
        return refuse(str(error))
    except discord.LoginFailure:
        return refuse(
            "Discord refused the token in DISCORD_TOKEN: reset it in the Developer Portal "
            "(Bot > Reset Token) and put the new one in .env."
        )
    except (aiohttp.ClientError, OSError) as error:
        return refuse(
            f"Could not reach Discord ({type(error).__name__}): check this machine's network "
            "connection and DNS, then start again."
        )
    return 0


async def serve(settings: Settings) -> None:
    """Open the database first (so a database problem is said before connecting), then run
    the bot on it until it stops."""
    from bot.discord.bot import ParleyBot
    from bot.storage import open_store

    shards = settings.shards
    where = None if shards is None else (shards.first, shards.last, shards.count)
    store = await open_store(settings.database, where)
    bot = ParleyBot(settings, store=store)
    async with bot:
        bot.stop_on_signals()  # SIGTERM, SIGINT: stop safely, exit status 0
        await bot.start(settings.token)


def import_record(path: Path) -> int:
    """Check a game record: it replays, move by move, to its history and result."""
    from bot.play.gamerecord import RecordError, read_record, replay_record

    try:
        replayed = replay_record(read_record(path.read_text()))
    except OSError as error:
        return refuse(f"{path}: {error.strerror or error}")
    except (RecordError, UnicodeDecodeError) as error:
        return refuse(f"{path}: {error}")
    game, spec = replayed.game, replayed.spec
    print(
        f"{path}: {spec.title}, {len(game.seats)} players, {len(replayed.log)} moves, "
        f"{'finished' if game.status == 'over' else game.status}: every move is legal, and its "
        "history and result are as recorded."
    )
    return 0


def demo_from(path: Path, out: Path) -> int:
    from bot.demo import replay_demo
    from bot.play.gamerecord import RecordError

    try:
        log = replay_demo(path, out)
    except OSError as error:
        return refuse(f"{path}: {error.strerror or error}")
    except (RecordError, UnicodeDecodeError) as error:
        return refuse(f"{path}: {error}")
    print(log.read_text().splitlines()[-1])
    print(f"Replay (replay.gif), final board (final.png) and log written to {out}")
    return 0


def refuse(*lines: str) -> int:
    for line in lines:
        print(line, file=sys.stderr)
    return 1


def backup_database(target: Path, keep: int | None = None) -> int:
    """``parley backup``: into a file, or into a folder (named by time, the newest ``keep``
    kept)."""
    import datetime as dt

    from bot.config import Settings, SettingsError, is_postgres
    from bot.storage.backup import BackupRefused, backup, backup_into

    if keep is not None and keep < 1:
        return refuse("--keep takes how many backups to keep: 1 or more.")
    if keep is not None and not target.is_dir():
        return refuse(
            f"--keep works with a folder, and {target} is not one: give the folder the "
            "backups go into (create it first)."
        )
    removed: list[Path] = []
    try:
        settings = Settings.from_env(require_token=False)
        if is_postgres(settings.database):
            return refuse(
                "PARLEY_DB is a PostgreSQL database: back it up with PostgreSQL's own tools "
                "(pg_dump, see docs/deploy.md), or copy it to a SQLite file with "
                "`parley copy-db`."
            )
        if target.is_dir():
            rotation = backup_into(Path(settings.database), target, keep, dt.datetime.now(dt.UTC))
            target, report, removed = rotation.target, rotation.report, rotation.removed
        else:
            report = backup(Path(settings.database), target)
    except SettingsError as error:
        return refuse(*error.problems)
    except BackupRefused as error:
        return refuse(str(error))
    print(
        f"Backed up {settings.database} to {target}: integrity check ok, {report.games:,} "
        f"games ({report.in_play:,} in play), schema version {report.schema}."
    )
    if removed:
        print(f"Removed {len(removed)} older backup(s), keeping the newest {keep}.")
    return 0


async def copy_db(source: str, target: str) -> int:
    from bot.copydb import CopyFailed, copy_database

    try:
        copied = await copy_database(source, target)
    except CopyFailed as error:
        return refuse(f"copy-db: {error}")
    print(copied.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
