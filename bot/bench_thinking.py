"""``parley bench``'s numbers for the AI's thinking as claimed background work
(:mod:`bot.play.thoughts`), before and after, in one run on one machine.

Clocks run out in 20 and in 100 Cardinal games at once under the autopilot policy, and the
scheduler's real tick (sending to Discord left out) meets them:

- *before*: the tick waits for every move, one after another, as it did when the autopilot
  played inside the tick (emulated: the tick, then every thought it handed out, one slot);
- *after*: the tick only hands the moves out; ticks keep coming every 20 ms while the AI
  plays, and their p99 is the tick's cost while the moves are owed; the moves are done in
  a time compared with their think time (each thought's time in the pool, added up) divided
  by the AI's workers;
- a person's command (engine, commit, render) in games of their own, while those 100 moves
  are thought, p50/p99;
- the AI's throughput (decisions/s) with 1 and 2 workers, and at the pool's niceness 0, 5
  and 10: with ``--busy N``, N CPU-bound processes run beside the bench the whole time.
"""

from __future__ import annotations

import asyncio
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bot.bench import one_command, percentile
from bot.bench_stores import Instant, no_place
from bot.discord.scheduler import Scheduler
from bot.play.claims import Claims
from bot.play.clocks import HOUR
from bot.play.service import GameService
from bot.play.thinking import WORKER_NICENESS, Thinker
from bot.play.timekeeper import Timekeeper
from bot.storage import SqliteStore

T0 = 1_800_000_000.0
LATE = T0 + 2 * HOUR  # every clock (an hour) has run out
HOST, GUEST = 10_000_000, 20_000_000
TICK_EVERY = 0.02  # seconds between the ticks measured while the AI thinks


class Timed(Thinker):
    """The bot's thinker, noting how long each thought took in the pool."""

    def __init__(self, workers: int, niceness: int = WORKER_NICENESS) -> None:
        super().__init__(workers, niceness=niceness)
        self.times: list[float] = []

    async def choose(self, game_key: str, state: str, seat: int, seed: int) -> str:
        t0 = time.perf_counter()
        action = await super().choose(game_key, state, seat, seed)
        self.times.append(time.perf_counter() - t0)
        return action


class Bot:
    """The parts of the bot that play over days, on one SQLite file, less Discord."""

    def __init__(self, store: SqliteStore, thinker: Thinker) -> None:
        self.store = store
        self.claims = Claims(store)
        self.service = GameService(store, thinker, self.claims, self.delivered)
        self.keeper = Timekeeper(store, self.service)
        self.instant = Instant(store, self.keeper, self.claims)
        self.scheduler = Scheduler(
            store, self.service, self.keeper, self.instant, lambda: LATE, self.claims, no_place
        )
        self.instant.now = LATE

    async def delivered(self, game_id: int) -> None:
        await self.instant.deliver(game_id)

    async def close(self) -> None:
        await self.service.thoughts.close()
        self.service.thinker.shutdown()
        await self.claims.close()
        await self.store.close()


async def owed_store(path: Path, clocks: int, others: int) -> tuple[list[int], list[int]]:
    """``clocks`` games whose Orange clock (an hour, autopilot) runs out at :data:`LATE`, and
    ``others`` games with no clock for a person's commands."""
    store = await SqliteStore.open(str(path))
    bot = Bot(store, Thinker(1))  # no AI seat: nobody thinks while the games are made
    late: list[int] = []
    calm: list[int] = []
    for n in range(clocks + others):
        clock = HOUR if n < clocks else None
        game = await bot.service.new_game(
            "cardinal", 1, 2, HOST + n, "first=orange", clock_seconds=clock
        )
        await store.set_places(game.id, 500_000 + n, 600_000 + n)
        game = await bot.service.start(await bot.service.join(game, GUEST + n), HOST + n)
        await bot.keeper.sync(game.id, T0)
        for item in await store.unsent(game.id):
            await store.mark_sent(item.id)
        (late if clock else calm).append(game.id)
    await bot.close()
    return late, calm


@contextmanager
def copy_of(template: Path, folder: Path, name: str) -> Iterator[Path]:
    path = folder / f"{name}.db"
    shutil.copyfile(template, path)
    yield path


async def before(template: Path, folder: Path) -> tuple[float, int]:
    """The tick that plays every move itself, one after another: seconds, moves."""
    with copy_of(template, folder, "before") as path:
        thinker = Timed(1)
        bot = Bot(await SqliteStore.open(str(path)), thinker)
        try:
            t0 = time.perf_counter()
            await bot.scheduler.tick(LATE)
            await bot.service.thoughts.settled()
            seconds = time.perf_counter() - t0
        finally:
            await bot.close()
    return seconds, len(thinker.times)


async def after(
    template: Path, folder: Path, workers: int, calm: list[int], niceness: int = WORKER_NICENESS
) -> dict[str, float]:
    """The tick that hands the moves out, ticks while they are thought, and a person's
    commands meanwhile (in ``calm`` games): the numbers."""
    with copy_of(template, folder, f"after-{workers}-{niceness}") as path:
        thinker = Timed(workers, niceness)
        bot = Bot(await SqliteStore.open(str(path)), thinker)
        await thinker.choose(*warm_up())  # the pool's workers start before the clock does
        thinker.times.clear()
        t0 = time.perf_counter()
        await bot.scheduler.tick(LATE)
        first = time.perf_counter() - t0
        thoughts = bot.service.thoughts
        ticks: list[float] = []
        commands: list[float] = []

        async def ticking() -> None:
            while thoughts.owed:
                t1 = time.perf_counter()
                await bot.scheduler.tick(LATE)
                ticks.append((time.perf_counter() - t1) * 1000)
                await asyncio.sleep(TICK_EVERY)

        async def playing() -> None:
            for n, game_id in enumerate(calm):
                if not thoughts.owed:
                    return
                action = f"place {'abcde'[n % 5]}{1 + n // 5 % 5}"
                commands.append(await one_command(bot.service, game_id, HOST + game_id - 1, action))
                await asyncio.sleep(TICK_EVERY)

        try:
            await asyncio.gather(ticking(), playing(), thoughts.settled())
        finally:
            done = time.perf_counter() - t0
            await bot.close()
    think = sum(thinker.times)
    return {
        "first": first * 1000,
        "ticks": len(ticks),
        "tick_p99": percentile(ticks, 0.99) if ticks else first * 1000,
        "done": done,
        "think": think,
        "ratio": done / (think / workers) if think else 0.0,
        "moves": len(thinker.times),
        "per_s": len(thinker.times) / done,
        "cmd_p50": statistics.median(commands) if commands else 0.0,
        "cmd_p99": percentile(commands, 0.99) if commands else 0.0,
        "commands": len(commands),
    }


def warm_up() -> tuple[str, str, int, int]:
    from games import REGISTRY

    spec = REGISTRY["cardinal"]
    state = spec.new(2, 1)
    return "cardinal", spec.dump(state), spec.to_act(state)[0], 1


@contextmanager
def burners(count: int) -> Iterator[None]:
    """``count`` CPU-bound processes beside the bench (a machine busy with other work)."""
    procs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        yield
    finally:
        for proc in procs:
            proc.kill()
            proc.wait()


async def run_thinking_bench(quick: bool, busy: int = 0) -> None:
    print(f"\nThe AI's thinking as background work ({busy} CPU-bound processes beside the bench)")
    with tempfile.TemporaryDirectory() as name, burners(busy):
        folder = Path(name)
        templates, calms = {}, {}
        for clocks in (20, 100):
            templates[clocks] = folder / f"owed-{clocks}.db"
            _, calm = await owed_store(templates[clocks], clocks, 100 if quick else 400)
            calms[clocks] = calm
            was, moves = await before(templates[clocks], folder)
            now = await after(templates[clocks], folder, 2, calm)
            print(
                f"{clocks} clocks run out: before, the tick took {was:.2f} s ({moves} moves); "
                f"after, {now['first']:.0f} ms, then p99 {now['tick_p99']:.1f} ms over "
                f"{now['ticks']:.0f} ticks while the moves were thought; moves done in "
                f"{now['done']:.2f} s = {now['ratio']:.2f} x (think time {now['think']:.2f} s "
                f"/ 2 workers)",
                flush=True,
            )
        print(
            f"command while the AI thinks for 100 games ({now['commands']:.0f} commands): "
            f"p50 {now['cmd_p50']:.1f} ms, p99 {now['cmd_p99']:.1f} ms"
        )
        one = await after(templates[20], folder, 1, [])
        two = await after(templates[20], folder, 2, [])
        print(
            f"AI throughput: {one['per_s']:.2f} decisions/s with 1 worker, "
            f"{two['per_s']:.2f} with 2"
        )
        for niceness in (0, 5, 10):
            run = await after(templates[20], folder, 2, calms[20], niceness)
            print(
                f"pool at niceness {niceness}: {run['per_s']:.2f} decisions/s (2 workers); "
                f"command meanwhile p50 {run['cmd_p50']:.1f} ms, p99 {run['cmd_p99']:.1f} ms, "
                f"tick p99 {run['tick_p99']:.1f} ms",
                flush=True,
            )
