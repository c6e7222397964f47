"""``parley teaching``: how the guided game and the hints measure up.

``parley teaching [GAME ...] [--games N] [--player SPEC] [--positions N] [--margin M]
[--seed S] [--json]``

* **Coverage.** ``--games`` games (20) between ``--player`` (``ai:easy`` by default: the
  moments depend on the situations play reaches, not on strength, and easy keeps it cheap)
  in every seat of the usual table; for each teaching moment, in how many games it fired for
  seat 0, the learner's seat of a practice game.
* **Hints.** ``--positions`` positions (10) reached by seeded random play; in each, the hint
  (:func:`games.ai.hints.suggest` at ``normal``, the AI seats' strength, reason included)
  against ``ai:hard``'s choice: the same action, or one whose one-ply value over the seat's
  sampled worlds is within ``--margin`` (0.02) of hard's. And the hint's latency (wall time,
  one process, so it shows how loaded the machine is) and its CPU time, median and p95.

Nothing here is a unit test: it runs for minutes. The moments themselves are checked by
``tests/games/test_teach.py``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from games import REGISTRY, GameSpec
from games.ai import make_player
from games.ai.arena import MAX_ACTIONS, percentile
from games.ai.hints import WORLDS, chances, suggest
from games.ai.players import observe
from games.core import Seen
from games.core.teaching import due


def table_size(spec: GameSpec[Any]) -> int:
    """The practice game's table: the one ``/parley rules`` shows."""
    return spec.lesson.players if spec.lesson else spec.min_players


def coverage(spec: GameSpec[Any], games: int, player: str, seed: int) -> dict[str, int]:
    """For each moment, the number of ``games`` in which it fired for seat 0."""
    fired = {m.id: 0 for m in spec.moments}
    players = table_size(spec)
    for index in range(games):
        mixer = random.Random(f"{seed}:{index}:teach")
        seated = [make_player(player, mixer.getrandbits(62)) for _ in range(players)]
        state = spec.new(players, mixer.getrandbits(31))
        shown: set[str] = set()
        for _ in range(MAX_ACTIONS):
            to_act = spec.to_act(state)
            if not to_act:
                break
            if 0 in to_act:
                seen = Seen(spec.view(state, 0), spec.legal_actions(state, 0), 0)
                shown |= {m.id for m in due(spec.moments, seen, shown)}
            seat = to_act[0]
            state = spec.apply(state, seat, seated[seat].choose(spec, state, seat))
        for moment in shown:
            fired[moment] += 1
    return fired


def positions(spec: GameSpec[Any], count: int, seed: int) -> list[tuple[Any, int]]:
    """``count`` positions of seeded random play (2 to 40 actions in), each with a seat to
    act that has a real choice."""
    found: list[tuple[Any, int]] = []
    picker = random.Random(f"{seed}:hint-positions")
    while len(found) < count:
        state = spec.new(table_size(spec), picker.getrandbits(31))
        for _ in range(picker.randint(2, 40)):
            if spec.outcome(state) is not None:
                break
            seat = picker.choice(spec.to_act(state))
            state = spec.apply(state, seat, picker.choice(spec.legal_actions(state, seat)))
        if spec.outcome(state) is None:
            seat = spec.to_act(state)[0]
            if len(spec.legal_actions(state, seat)) > 1:
                found.append((state, seat))
    return found


def agreement(spec: GameSpec[Any], count: int, margin: float, seed: int) -> dict[str, Any]:
    """The hint against ``ai:hard`` over ``count`` positions, and the hint's latency."""
    same = close = 0
    latency: list[float] = []
    cpu: list[float] = []
    for index, (state, seat) in enumerate(positions(spec, count, seed)):
        started, worked = time.perf_counter(), time.process_time()
        hint = suggest(spec, state, seat, index, "normal")
        latency.append(time.perf_counter() - started)
        cpu.append(time.process_time() - worked)
        hard = make_player("ai:hard", index).choose(spec, state, seat)
        seen = observe(spec, state, seat)
        worlds = [seen.worlds(index + n) for n in range(WORLDS)]
        gap = chances(spec, worlds, seat, hard) - chances(spec, worlds, seat, hint.action)
        same += hint.action == hard
        close += hint.action != hard and gap <= margin
    return {
        "positions": count,
        "same": same,
        "within_margin": close,
        "agree": (same + close) / count if count else 0.0,
        "latency_median_s": percentile(latency, 0.5),
        "latency_p95_s": percentile(latency, 0.95),
        "cpu_median_s": percentile(cpu, 0.5),
        "cpu_p95_s": percentile(cpu, 0.95),
    }


def main(argv: list[str] | None = None) -> int:
    """Run ``parley teaching`` with ``argv`` (the words after ``teaching``); 0 on success."""
    parser = argparse.ArgumentParser(
        prog="parley teaching",
        description="The teaching moments' coverage in AI games, and the hints against ai:hard.",
    )
    parser.add_argument("game", nargs="*", help=f"some of: {', '.join(REGISTRY)} (default: all)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--player", default="ai:easy", help="who plays the coverage games")
    parser.add_argument("--positions", type=int, default=10, help="hint positions (0: none)")
    parser.add_argument("--margin", type=float, default=0.02)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    unknown = [key for key in args.game if key not in REGISTRY]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; choose from {', '.join(REGISTRY)}")
    report: dict[str, Any] = {}
    for key in args.game or list(REGISTRY):
        spec = REGISTRY[key]
        fired = coverage(spec, args.games, args.player, args.seed)
        hints = agreement(spec, args.positions, args.margin, args.seed)
        report[key] = {"games": args.games, "player": args.player, "fired": fired, "hints": hints}
        if not args.json:
            print(describe(spec, report[key]), flush=True)
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    return 0


def describe(spec: GameSpec[Any], entry: dict[str, Any]) -> str:
    fired: dict[str, int] = entry["fired"]
    games = entry["games"]
    lines = [
        f"{spec.title}: {sum(1 for n in fired.values() if n)} of {len(fired)} moments fired "
        f"in {games} games ({entry['player']} in every seat), for seat 0:",
        "  " + ", ".join(f"{moment} {count}/{games}" for moment, count in fired.items()),
    ]
    hints = entry["hints"]
    if hints["positions"]:
        lines.append(
            f"  hints: {hints['same']} same as ai:hard, {hints['within_margin']} within the "
            f"margin, of {hints['positions']} ({hints['agree']:.0%}); latency median "
            f"{hints['latency_median_s']:.2f} s, p95 {hints['latency_p95_s']:.2f} s (CPU "
            f"{hints['cpu_median_s']:.2f} s, p95 {hints['cpu_p95_s']:.2f} s)"
        )
    return "\n".join(lines)
