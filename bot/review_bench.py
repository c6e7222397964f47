"""``parley review-bench``: how long the review of a finished game takes, by game length.

``parley review-bench [GAME ...] [--seeds N] [--players N]``: for each game, ``--seeds`` games
are played to the end by random legal moves (random play makes the longest games, the worst
case), the longest is reviewed whole and at a few shorter lengths (its first 250, 500, 1,000
moves...), and each review's CPU and wall time is printed. A review runs on one core, as in
the bot's review worker; the budget is two minutes for a 1,000-move game.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from games import REGISTRY, GameSpec, find_game
from games.ai.review import Log, review

LENGTHS = (250, 500, 1000, 2000)
BUDGET = 120.0  # seconds for a 1,000-move game


def random_log(spec: GameSpec[Any], players: int, seed: int) -> Log:
    """A game played to its end by random legal moves, as ``(move, seat, action)``."""
    state, rng = spec.new(players, seed), random.Random(seed)
    log: list[tuple[int, int, str]] = []
    while spec.to_act(state):
        seat = rng.choice(spec.to_act(state))
        action = rng.choice(spec.legal_actions(state, seat))
        log.append((len(log) + 1, seat, action))
        state = spec.apply(state, seat, action)
    return log


def timed(spec: GameSpec[Any], players: int, seed: int, log: Log) -> str:
    """One review of ``log``, measured: a line of the report."""
    wall, cpu = time.perf_counter(), time.process_time()
    found = review(spec, players, seed, None, log)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    per = 1000 * cpu / max(1, len(log))
    return (
        f"  {len(log):5d} moves: {cpu:6.1f} s CPU ({wall:6.1f} s wall), {per:5.1f} ms a move, "
        f"{len(found.points)} turning points"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="parley review-bench", description="Time the review of long games."
    )
    parser.add_argument("games", nargs="*", help=f"any of: {', '.join(REGISTRY)} (default all)")
    parser.add_argument("--seeds", type=int, default=5, help="games played; the longest kept")
    parser.add_argument("--players", type=int, default=None, help="seats (default: fewest)")
    args = parser.parse_args(argv)
    specs = []
    for name in args.games or list(REGISTRY):
        spec = find_game(name)
        if spec is None:
            parser.error(f"unknown game {name!r}; choose from {', '.join(REGISTRY)}")
        specs.append(spec)
    print(f"The review's time by game length (budget: {BUDGET:.0f} s for 1,000 moves, one core)")
    for spec in specs:
        players = min(max(args.players or spec.min_players, spec.min_players), spec.max_players)
        seed, log = max(
            ((s, random_log(spec, players, s)) for s in range(1, args.seeds + 1)),
            key=lambda found: len(found[1]),
        )
        print(f"{spec.title}, {players} players, seed {seed} (the longest of {args.seeds}):")
        for length in [n for n in LENGTHS if n < len(log)] + [len(log)]:
            print(timed(spec, players, seed, log[:length]), flush=True)
    return 0
