"""``parley bench``: the numbers we track, measured on this machine (never a timed test).

- render p50/p99 and PNG size per game, over views from random games, and render p50 per
  game in each language;
- engine actions/s per game, and Rigadoon random games per minute;
- one command through the bot layer (service: parse, engine, SQLite commit with its outbox
  rows, then the board render the post needs) with ``--games`` games stored;
- SQLite commits/s; and 200 games driven at once, several clicks at the same instant;
- the same commands while four AI seats think (the bot's own process pool, at ``normal``).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.language import LANGUAGES, speech_in
from bot.play.service import GameService, UserError
from bot.play.thinking import Thinker
from bot.storage import SqliteStore
from games import REGISTRY, GameSpec
from games.core.words import speaking
from renderers import render


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def random_game(spec: GameSpec[Any], seed: int) -> tuple[int, list[dict[str, Any]]]:
    """Play one random game; return its action count and a sample of public views."""
    picker = random.Random(seed)
    players = picker.randint(spec.min_players, spec.max_players)
    state = spec.new(players, seed)
    views, actions = [], 0
    while spec.outcome(state) is None:
        seat = picker.choice(spec.to_act(state))
        state = spec.apply(state, seat, picker.choice(spec.legal_actions(state, seat)))
        actions += 1
        if picker.random() < 0.05:
            views.append(spec.view(state, None))
    views.append(spec.view(state, None))
    return actions, views


def bench_engines_and_renders(quick: bool) -> None:
    print("game        actions/s   games/min   render p50   render p99   PNG max")
    for key, spec in REGISTRY.items():
        games = 5 if quick else 30
        start = time.perf_counter()
        total, views = 0, []
        for seed in range(games):
            count, sample = random_game(spec, seed)
            total += count
            views += sample
        elapsed = time.perf_counter() - start
        views = views[: 40 if quick else 300]
        timings, sizes = [], []
        for view in views:
            t0 = time.perf_counter()
            png = render(key, view)
            timings.append((time.perf_counter() - t0) * 1000)
            sizes.append(len(png))
        print(
            f"{key:<10} {total / elapsed:>10,.0f} {games * 60 / elapsed:>11,.0f} "
            f"{statistics.median(timings):>9.1f}ms {percentile(timings, 0.99):>9.1f}ms "
            f"{max(sizes) / 1024:>7.0f}KB"
        )


def bench_render_languages(quick: bool) -> None:
    """Render p50 per game in every language Parley speaks, views made in that language too,
    the languages taking turns on each view (so a busy machine slows them alike): a
    translated board must not draw markedly slower than the English one."""
    print("game        " + "".join(f"{code:>16}" for code in LANGUAGES))
    for key, spec in REGISTRY.items():
        picker = random.Random(key)
        state, states = spec.new(spec.max_players, 1), []
        while spec.outcome(state) is None:
            seat = picker.choice(spec.to_act(state))
            state = spec.apply(state, seat, picker.choice(spec.legal_actions(state, seat)))
            states.append(state)
        timings: dict[str, list[float]] = {code: [] for code in LANGUAGES}
        for index, state in enumerate(states[:: max(1, len(states) // (20 if quick else 100))]):
            for code, taken in timings.items():
                with speaking(speech_in(code)):
                    view = spec.view(state, None)
                    t0 = time.process_time()
                    render(key, view)
                    if index:  # the first draws the layers kept per language
                        taken.append((time.process_time() - t0) * 1000)
        medians = {code: statistics.median(taken) for code, taken in timings.items()}
        cells = [f"{ms:>7.1f}ms ({ms / medians['en'] - 1:+4.0%})" for ms in medians.values()]
        print(f"{key:<10} " + "".join(f"{cell:>16}" for cell in cells))


async def seed_games(store: SqliteStore, service: GameService, count: int) -> list[int]:
    """Open and start ``count`` Cardinal games (two seats each) as the bot would."""
    ids = []
    for i in range(count):
        game = await service.new_game("cardinal", 1, 2, 10_000 + i, "first=orange")
        await store.set_places(game.id, 500_000 + i, 600_000 + i)
        game = await service.join(game, 20_000 + i)
        await service.start(game, 10_000 + i)
        ids.append(game.id)
    return ids


async def one_command(service: GameService, game_id: int, user: int, action: str) -> float:
    t0 = time.perf_counter()
    acted = await service.act(game_id, user, action)
    view = REGISTRY["cardinal"].view(service.state(acted.game), None)
    await asyncio.to_thread(render, "cardinal", view)
    return (time.perf_counter() - t0) * 1000


async def bench_bot(stored: int, quick: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await SqliteStore.open(str(Path(folder) / "bench.db"))
        service = GameService(store)
        t0 = time.perf_counter()
        ids = await seed_games(store, service, stored)
        print(f"\nstored {stored:,} started games in {time.perf_counter() - t0:.1f}s")

        samples = []
        squares = [f"{c}{r}" for r in range(1, 6) for c in "abcde"]
        for n, game_id in enumerate(ids[: 100 if quick else 400]):
            users = (10_000 + game_id - 1, 20_000 + game_id - 1)
            samples.append(await one_command(service, game_id, users[0], f"place {squares[n % 5]}"))
        print(
            f"command (engine + SQLite commit + render), {stored:,} games stored: "
            f"p50 {statistics.median(samples):.1f} ms, p99 {percentile(samples, 0.99):.1f} ms"
        )

        commits = 300 if quick else 2000
        t0 = time.perf_counter()
        for i in range(commits):
            await store.mark_sent(i + 1)
        print(f"SQLite commits/s: {commits / (time.perf_counter() - t0):,.0f}")

        await bench_parallel(service, ids[-200:])
        await bench_while_thinking(service, ids[400:800] if not quick else ids[100:200])
        await store.close()


async def bench_while_thinking(service: GameService, ids: list[int]) -> None:
    """Commands in games of their own while four AI seats think without a pause."""
    thinker = Thinker()
    positions = [
        (key, REGISTRY[key].new(2, seed)) for seed, key in enumerate(("ship", "cardinal") * 2)
    ]
    thinking = True
    thoughts = 0

    async def think_on(key: str, state: Any) -> None:
        nonlocal thoughts
        spec = REGISTRY[key]
        while thinking:
            await thinker.choose(key, spec.dump(state), spec.to_act(state)[0], thoughts)
            thoughts += 1

    key, state = positions[0]  # the pool's workers start before the clock does
    await thinker.choose(key, REGISTRY[key].dump(state), REGISTRY[key].to_act(state)[0], 0)
    seats = [asyncio.create_task(think_on(key, state)) for key, state in positions]
    samples = []
    squares = [f"{c}{r}" for r in range(1, 6) for c in "abcde"]
    for n, game_id in enumerate(ids):
        users = (10_000 + game_id - 1, 20_000 + game_id - 1)
        samples.append(await one_command(service, game_id, users[0], f"place {squares[n % 5]}"))
        await asyncio.sleep(0.01)  # players' clicks come apart, not back to back
    thinking = False
    await asyncio.gather(*seats)
    thinker.shutdown()
    print(
        f"command while 4 AI seats think ({thinker.workers} workers, {thoughts} thoughts): "
        f"p50 {statistics.median(samples):.1f} ms, p99 {percentile(samples, 0.99):.1f} ms"
    )


async def bench_parallel(service: GameService, ids: list[int]) -> None:
    """200 games at once; in each, the same click arrives three times at the same instant."""
    latencies: list[float] = []
    applied = refused = 0

    async def click(game_id: int) -> None:
        nonlocal applied, refused
        game = await service.game(game_id)
        spec = REGISTRY[game.game_key]
        state = service.state(game)
        seat = spec.to_act(state)[0]
        action = spec.legal_actions(state, seat)[0]
        t0 = time.perf_counter()
        try:
            await service.act(game_id, game.user_of(seat), action, game.version)
            applied += 1
        except UserError:
            refused += 1
        latencies.append((time.perf_counter() - t0) * 1000)

    t0 = time.perf_counter()
    await asyncio.gather(*(click(gid) for gid in ids for _ in range(3)))
    wall = time.perf_counter() - t0
    print(
        f"{len(ids)} games in parallel, 3 simultaneous clicks each: applied {applied}, "
        f"refused {refused} (expected {len(ids)} / {2 * len(ids)}), wall {wall:.2f}s, "
        f"p50 {statistics.median(latencies):.1f} ms, p99 {percentile(latencies, 0.99):.1f} ms"
    )


async def run_bench(stored_games: int, quick: bool) -> None:
    bench_engines_and_renders(quick)
    bench_render_languages(quick)
    await bench_bot(stored_games if not quick else min(stored_games, 500), quick)
