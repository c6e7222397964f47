"""The store's numbers at scale: SQLite's in every ``parley bench``; with ``--db
postgresql://...``, PostgreSQL's next to them, from the same run on the same machine.

Both stores get the same ``--games`` started games (100,000 by default: one real game, started
by the service, then stored again under new ids; every game has a 24-hour clock, its deadline
synced and its reminders sent, and one in a hundred runs out two hours in), then:

- the idle tick (nothing due) and the busy tick (the one in a hundred: the autopilot moves
  handed out to be thought in the background, see :mod:`bot.bench_thinking` for them), each
  the scheduler's real tick with sending to Discord left out;
- a command (engine, commit with its outbox rows, the board render) p50/p99;
- commits per second (one small write each);
- the ``game`` autocomplete for a player seated in 10,000 of the games, in one server;
- the counts a ``/metrics`` scrape reads (games by status, posts and AI moves owed);
- start-up: opening the store and the work the bot does before it is ready (states checked,
  deadlines caught up, owed work resumed and delivered), the first time as after an upgrade
  that changed the engines' states (every stored state checked), then as any restart;
- on PostgreSQL, commands per second from 1, 2 and 3 processes at once on one database.

The PostgreSQL run happens in a database of its own on the server ``--db`` names (created,
and dropped at the end), so ``--db`` may name any database its user can create one beside.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import random
import tempfile
import time
from collections.abc import AsyncIterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import asyncpg

from bot.bench import one_command, percentile
from bot.copydb import CopyableStore, open_copyable
from bot.discord.scheduler import Scheduler
from bot.discord.targets import game_autocomplete
from bot.play.claims import Claims
from bot.play.clocks import DAY, HOUR
from bot.play.service import GameService, UserError
from bot.play.snapshots import refresh_snapshots
from bot.play.timekeeper import Timekeeper
from bot.storage import PostgresStore
from games import REGISTRY

T0 = 1_800_000_000.0  # the game clock when every stored game's turn began
BUSY_EVERY = 100  # one game in this many runs out of time two hours in
CAP = 60.0  # seconds a tick may run in the bench before it is extrapolated
HOSTS, GUESTS = 10_000_000, 20_000_000
FAN, FAN_GUILD, FAN_GAMES = 30_000_000, 4242 << 22, 10_000  # one player in many games


@dataclass
class Tick:
    seconds: float
    visited: int  # games the tick looked at
    whole: bool  # False: stopped after CAP seconds, and ``seconds`` extrapolated

    def text(self) -> str:
        return f"{self.seconds:.3f} s" if self.whole else f"~{self.seconds:,.0f} s*"


@dataclass
class Numbers:
    idle_first: Tick | None = None
    idle: Tick | None = None
    busy: Tick | None = None
    moves: int = 0
    commands: list[float] = field(default_factory=list)
    commits: float = 0.0
    #: PostgreSQL with synchronous_commit off (durable like SQLite's WAL at NORMAL).
    lazy_commands: list[float] = field(default_factory=list)
    lazy_commits: float = 0.0
    autocomplete: list[float] = field(default_factory=list)  # ms
    census: list[float] = field(default_factory=list)  # ms, the store's part of a scrape
    startup: float = 0.0  # seconds
    upgrade_startup: float = 0.0  # seconds, every stored state checked against the engines


class Instant:
    """The herald, less Discord: what a game owes counts as sent at once; the deadlines are
    kept in step first, as the real herald does before it posts."""

    def __init__(self, store: CopyableStore, timekeeper: Timekeeper, claims: Claims) -> None:
        self.store = store
        self.timekeeper = timekeeper
        self.claims = claims
        self.now = T0
        self.visited = 0

    async def deliver(self, game_id: int | None = None) -> None:
        if game_id is None:  # what is owed from before (the tick's resume)
            for owed in sorted({item.game_id for item in await self.store.unsent()}):
                await self.deliver(owed)
            return
        self.visited += 1
        async with self.claims.hold(game_id) as mine:
            if mine:
                await self.timekeeper.sync(game_id, self.now)
                for item in await self.store.unsent(game_id):
                    await self.store.mark_sent(item.id)

    async def post_replays(self) -> None:
        """No game in the bench ends, so no replay is owed."""


async def no_place(game_id: int, resuming: bool = False) -> None:
    """The opener, less Discord: there is no channel for a lobby card or thread, so a game that
    owes its opening (the one the service starts in :func:`seed`) keeps owing it."""


async def seed(store: CopyableStore, count: int) -> list[int]:
    """``count`` started Cardinal games: one started by the service, the rest its copies."""
    service = GameService(store)
    game = await service.new_game("cardinal", 1, 2, HOSTS, "first=orange")
    await store.set_time_policy(game.id, DAY, "autopilot")
    game = await service.start(await service.join(game, GUESTS), HOSTS)
    for item in await store.unsent(game.id):
        await store.mark_sent(item.id)
    row = {"game_key": "cardinal", "status": "active", "seed": game.seed, "version": 0}
    row |= {"options": '{"first": "orange"}', "state": game.state, "result": None}
    tables = await store.tables()
    ids = list(range(game.id + 1, game.id + count))
    start = 0
    while start < len(ids):
        chunk = ids[start : start + 10_000]
        start += len(chunk)
        rows: dict[str, list[dict[str, Any]]] = {t: [] for t in tables}
        for n in chunk:
            due = T0 + (2 * HOUR if n % BUSY_EVERY == 0 else DAY)
            fan = n - ids[0] < FAN_GAMES
            host, guest = HOSTS + n, FAN if fan else GUESTS + n
            guild = FAN_GUILD if fan else (n % 64) << 22 | 1
            rows["games"].append(
                row
                | {"id": n, "guild_id": guild, "channel_id": 2, "thread_id": n}
                | {"lobby_message_id": n, "host_id": host, "created_at": T0, "updated_at": T0}
            )
            rows["seats"] += [
                {"game_id": n, "seat": s, "user_id": u, "dm_open": 1, "resigned": 0}
                | {"kind": "human"}
                for s, u in ((0, host), (1, guest))
            ]
            rows["game_clocks"].append(
                {"game_id": n, "clock_seconds": DAY, "policy": "autopilot"}
                | {"status_message_id": n, "synced_version": 0}
            )
            rows["deadlines"].append(
                {"game_id": n, "seat": 0, "turn": 0, "user_id": host}
                | {"started_at": due - DAY, "due_at": due, "paused_at": None, "wake_at": due}
            )
            rows["reminder_steps"] += [
                {"game_id": n, "seat": 0, "turn": 0, "step": f"{step}:{host}", "done_at": T0}
                for step in ("start", "half", "last")
            ]
        for table, found in rows.items():
            if found:
                columns = tables[table]
                await store.write_rows(
                    table, columns, [tuple(r.get(c) for c in columns) for r in found]
                )
    await store.after_copy()
    if isinstance(store, PostgresStore):
        await store._pool.execute("ANALYZE")  # fresh statistics for the planner
    return [game.id, *ids]


async def timed_tick(scheduler: Scheduler, instant: Instant, now: float, games: int) -> Tick:
    """The scheduler's tick at ``now``, which has ``games`` to visit; one still running
    after :data:`CAP` seconds is stopped and its time extrapolated from the games it got
    through."""
    instant.now, instant.visited = now, 0
    task = asyncio.create_task(scheduler.tick(now))
    t0 = time.perf_counter()
    done, _ = await asyncio.wait({task}, timeout=CAP)
    seconds = time.perf_counter() - t0
    if done:
        task.result()
        return Tick(seconds, instant.visited, True)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    return Tick(seconds * games / max(instant.visited, 1), instant.visited, False)


async def bench_store(database: str, count: int, quick: bool, say: Any) -> Numbers:
    store = await open_copyable(database)
    numbers = Numbers()
    try:
        t0 = time.perf_counter()
        ids = await seed(store, count)
        say(f"  stored {count:,} started games in {time.perf_counter() - t0:.1f}s")
        service = GameService(store)
        keeper = Timekeeper(store, service)
        claims = Claims(store)
        instant = Instant(store, keeper, claims)
        scheduler = Scheduler(
            store, service, keeper, instant, lambda: instant.now, claims, no_place
        )
        busy = count // BUSY_EVERY  # games the busy tick has to visit (the idle one: none)
        numbers.idle_first = await timed_tick(scheduler, instant, T0 + 60, 0)
        numbers.idle = await timed_tick(scheduler, instant, T0 + 60, 0)
        say(f"  idle tick {numbers.idle_first.text()}, then {numbers.idle.text()}")
        numbers.busy = await timed_tick(scheduler, instant, T0 + 3 * HOUR, busy)
        numbers.moves = service.thoughts.owed
        await service.thoughts.close()  # the moves stay owed: the start-up below resumes them
        say(f"  busy tick {numbers.busy.text()} ({numbers.moves:,} autopilot moves handed out)")
        numbers.commands, numbers.commits = await commands_and_commits(store, ids, quick, 1)
        numbers.autocomplete = await autocompletes(store, 20 if quick else 100)
        numbers.census = await censuses(store, 20 if quick else 100)
        await claims.close()
    finally:
        await store.close()
    # The stored states carry no fingerprint yet, as after an upgrade that changed them.
    numbers.upgrade_startup = await startup(database, T0 + 3 * HOUR)
    numbers.startup = await startup(database, T0 + 3 * HOUR)
    say(f"  start-up {numbers.startup:.2f} s ({numbers.upgrade_startup:.2f} s after an upgrade)")
    if database.startswith("postgresql://"):  # again, each commit not waiting for the disk
        admin = await asyncpg.connect(database)
        name = database.rsplit("/", 1)[1]
        await admin.execute(f"ALTER DATABASE {name} SET synchronous_commit = off")
        await admin.close()
        store = await open_copyable(database)
        try:
            numbers.lazy_commands, numbers.lazy_commits = await commands_and_commits(
                store, ids, quick, 2
            )
        finally:
            await store.close()
    return numbers


async def commands_and_commits(
    store: CopyableStore, ids: list[int], quick: bool, seed: int
) -> tuple[list[float], float]:
    """Commands (engine, commit, render) in games not moved yet, in ms; then commits/s."""
    service = GameService(store)
    picker = random.Random(seed)
    squares = [f"{c}{r}" for r in range(1, 6) for c in "abcde"]
    commands = []
    for game_id in picker.sample(ids, 100 if quick else 400):
        game = await store.game(game_id)
        assert game is not None
        if game.version:
            continue  # moved already
        action = f"place {picker.choice(squares)}"
        commands.append(await one_command(service, game_id, game.host_id, action))
    t0 = time.perf_counter()
    commits = 300 if quick else 2000
    for n in range(commits):
        await store.set_status_message(ids[n], n + seed)
    return commands, commits / (time.perf_counter() - t0)


async def autocompletes(store: CopyableStore, times: int) -> list[float]:
    """The ``game`` autocomplete (the real function) for the player in 10,000 games, in ms."""
    interaction = SimpleNamespace(
        client=SimpleNamespace(store=store), guild_id=FAN_GUILD, user=SimpleNamespace(id=FAN)
    )
    samples = []
    for n in range(times):
        t0 = time.perf_counter()
        choices = await game_autocomplete(cast(Any, interaction), str(n % 10))
        samples.append((time.perf_counter() - t0) * 1000)
        assert choices
    return samples


async def censuses(store: CopyableStore, times: int) -> list[float]:
    """The counts a ``/metrics`` scrape reads (games by status, work owed), in ms."""
    samples = []
    for _ in range(times):
        t0 = time.perf_counter()
        await store.census()
        samples.append((time.perf_counter() - t0) * 1000)
    return samples


async def startup(database: str, now: float) -> float:
    """Seconds from opening the store to ready, as the bot's ``setup_hook`` does it (less
    Discord: commands are not synced, posts count as sent at once)."""
    t0 = time.perf_counter()
    store = await open_copyable(database)
    try:
        service = GameService(store)
        keeper = Timekeeper(store, service)
        claims = Claims(store)
        instant = Instant(store, keeper, claims)
        scheduler = Scheduler(store, service, keeper, instant, lambda: now, claims, no_place)
        instant.now = now
        await refresh_snapshots(store)
        await scheduler.start()
        seconds = time.perf_counter() - t0
        await claims.close()
    finally:
        await store.close()
    return seconds


def worker(url: str, ids: list[int], ready: Any, seconds: float) -> int:
    """One bot process's commands for ``seconds`` once all are ``ready``, eight at a time."""
    return asyncio.run(commands_for(url, ids, ready, seconds))


async def commands_for(url: str, ids: list[int], ready: Any, seconds: float) -> int:
    store = await PostgresStore.open(url)
    service = GameService(store)
    spec = REGISTRY["cardinal"]
    done = 0
    queue = list(ids)
    await asyncio.to_thread(ready.wait)  # every process is up and connected
    stop = time.time() + seconds

    async def player() -> None:
        nonlocal done
        while time.time() < stop and queue:
            game_id = queue.pop()
            game = await store.game(game_id)
            if game is None or game.status != "active":
                continue
            state = service.state(game)
            seat = spec.to_act(state)[0]
            action = spec.legal_actions(state, seat)[0]
            with contextlib.suppress(UserError):
                await one_command(service, game_id, game.user_of(seat), action)
                done += 1
            queue.insert(0, game_id)

    await asyncio.gather(*(player() for _ in range(8)))
    await store.close()
    return done


def throughput(url: str, ids: list[int], processes: int, seconds: float) -> float:
    """Commands per second from ``processes`` processes on disjoint games, all at once."""
    context = multiprocessing.get_context("spawn")
    with context.Manager() as manager, ProcessPoolExecutor(processes, mp_context=context) as pool:
        ready = manager.Barrier(processes)
        shares = [ids[n::processes] for n in range(processes)]
        counts = [pool.submit(worker, url, share, ready, seconds) for share in shares]
        total = sum(f.result() for f in counts)
    return total / seconds


@contextlib.asynccontextmanager
async def scratch_database(url: str) -> AsyncIterator[str]:
    """A new database beside the one ``url`` names, dropped afterwards."""
    name = f"parley_bench_{int(time.time())}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"CREATE DATABASE {name}")
        yield url.rsplit("/", 1)[0] + "/" + name
    finally:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await admin.close()


def ticks_of(numbers: Numbers) -> list[Tick]:
    return [t for t in (numbers.idle_first, numbers.idle, numbers.busy) if t is not None]


async def run_store_bench(url: str | None, count: int, quick: bool) -> None:
    """SQLite's numbers, and PostgreSQL's beside them when ``url`` names a server."""
    count = min(count, 2_000) if quick else count
    results: dict[str, Numbers] = {}
    async with contextlib.AsyncExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory())
        stores = {"SQLite": str(Path(folder) / "bench.db")}
        if url:
            stores["PostgreSQL"] = await stack.enter_async_context(scratch_database(url))
        for name, database in stores.items():
            print(f"{name}:")
            results[name] = await bench_store(database, count, quick, print)
        print_table(count, results)
        if url:
            await bench_processes(stores["PostgreSQL"], quick)


def print_table(count: int, results: dict[str, Numbers]) -> None:
    names = list(results)
    print(f"\nwith {count:,} games stored".ljust(35) + "".join(f"{n:>15}" for n in names))

    def line(label: str, cells: list[str]) -> None:
        print(f"{label:<34}" + "".join(f" {c:>14}" for c in cells))

    numbers = list(results.values())
    line("start-up", [f"{n.startup:.2f} s" for n in numbers])
    line("start-up after an upgrade", [f"{n.upgrade_startup:.2f} s" for n in numbers])
    line("idle tick, first after start", [t.text() for n in numbers if (t := n.idle_first)])
    line("idle tick", [t.text() for n in numbers if (t := n.idle)])
    line(
        f"busy tick ({count // BUSY_EVERY:,} clocks run out)",
        [t.text() for n in numbers if (t := n.busy)],
    )
    for label, q in (("command p50", 0.5), ("command p99", 0.99)):
        line(label, [f"{percentile(n.commands, q):.1f} ms" for n in numbers])
    line("commits/s (one process)", [f"{n.commits:,.0f}" for n in numbers])
    line(
        f"autocomplete p99 (in {min(FAN_GAMES, count):,} games)",
        [f"{percentile(n.autocomplete, 0.99):.1f} ms" for n in numbers],
    )
    line("/metrics counts p99", [f"{percentile(n.census, 0.99):.1f} ms" for n in numbers])
    if "PostgreSQL" in results:
        pg = results["PostgreSQL"]
        print("PostgreSQL with synchronous_commit=off (the disk as SQLite's WAL at NORMAL):")
        for label, q in (("command p50", 0.5), ("command p99", 0.99)):
            line(label, ["", f"{percentile(pg.lazy_commands, q):.1f} ms"])
        line("commits/s (one process)", ["", f"{pg.lazy_commits:,.0f}"])
        print(
            "(PostgreSQL as its server is configured, above: with synchronous_commit on, each "
            "commit waits for the disk, as SQLite's does with synchronous=FULL.)"
        )
    if not all(t.whole for n in numbers for t in ticks_of(n)):
        print(f"* stopped after {CAP:.0f} s and extrapolated to the games due.")


async def bench_processes(scratch: str, quick: bool) -> None:
    """Commands per second on one PostgreSQL database from 1, 2 and 3 processes."""
    seconds = 5.0 if quick else 15.0
    store = await PostgresStore.open(scratch)
    ids = [row[0] async for rows in store.read_rows("games", ["id"]) for row in rows]
    await store.close()
    print(f"\ncommands/s on PostgreSQL (engine, commit, render; {seconds:.0f} s each):")
    for processes in (1, 2, 3):
        rate = throughput(scratch, ids, processes, seconds)
        print(f"  {processes} process{'es' if processes > 1 else ''}: {rate:,.0f}")
