"""``parley bench``'s numbers for the step-through board (``/parley replay``): a long finished
game of each game stored in SQLite, opened (its replay, cold), then stepped forward move by
move (a board drawn each time) and back again (boards kept), each step as a click does it: the
game read from the store, then the frame. The promise: p95 under 300 ms per step."""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.bench import percentile
from bot.play.service import GameService
from bot.play.stepper import Stepper
from bot.storage import GameStatus, SqliteStore
from games import REGISTRY


async def stored_game(service: GameService, store: SqliteStore, key: str, seed: int) -> int:
    """A game of random legal moves played to its end, stored move by move (no posts)."""
    spec = REGISTRY[key]
    game = await service.new_game(key, 1, 2, 10, "")
    for user in range(11, 10 + spec.min_players):
        game = await service.join(game, user)
    game = await service.start(game, 10)
    picker = random.Random(seed)
    state, version = service.state(game), game.version
    while spec.outcome(state) is None:
        seat = picker.choice(spec.to_act(state))
        action = picker.choice(spec.legal_actions(state, seat))
        state = spec.apply(state, seat, action)
        outcome = spec.outcome(state)
        status: GameStatus = "over" if outcome else "active"
        result = {"winners": outcome.winners, "reason": outcome.reason} if outcome else None
        dump = spec.dump(state)
        user = game.user_of(seat)
        await store.record_action(game.id, version, seat, user, action, dump, status, result, [])
        version += 1
    return game.id


async def click(store: SqliteStore, stepper: Stepper, game_id: int, move: int) -> float:
    """One step as a click takes it: the game read, then its frame; in milliseconds."""
    t0 = time.perf_counter()
    game = await store.game(game_id)
    assert game is not None
    await stepper.frame(game, move)
    return (time.perf_counter() - t0) * 1000


async def bench_stepper(quick: bool) -> None:
    print("\nstep-through board (/parley replay), a finished game of each, as a click reads it:")
    print("game        moves   open (cold)   step p50   step p95   back p50   back p95")
    with tempfile.TemporaryDirectory() as folder:
        store = await SqliteStore.open(str(Path(folder) / "bench.db"))
        service = GameService(store)
        stepper = Stepper(store)
        for n, key in enumerate(REGISTRY):
            game_id = await stored_game(service, store, key, n)
            moves = (await store.game(game_id)).version  # type: ignore[union-attr]
            shown = min(moves, 30 if quick else 150)
            start = moves // 3

            cold = await click(store, stepper, game_id, start)
            end = min(moves, start + shown)
            forward = [await click(store, stepper, game_id, m) for m in range(start + 1, end + 1)]
            back = [await click(store, stepper, game_id, m) for m in range(end - 1, start - 1, -1)]
            print(
                f"{key:<10} {moves:>6} {cold:>10.0f}ms "
                f"{statistics.median(forward):>8.1f}ms {percentile(forward, 0.95):>8.1f}ms "
                f"{statistics.median(back):>8.1f}ms {percentile(back, 0.95):>8.1f}ms"
            )
        await store.close()
