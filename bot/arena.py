"""``parley arena``: play games between players and print how often each wins.

``parley arena GAME --a SPEC --b SPEC [--players N] [--games N] [--seed S] [--option NAME=VALUE]
[--json] [--progress] [--log FILE]``, where a SPEC is ``random``, ``greedy`` or
``ai:easy|normal|hard``; each ``--option`` sets one of the game's options for every game.
``--a`` sits in one seat (a new seat each game), ``--b`` in all the others. ``--ladder`` instead
of ``--a`` and ``--b`` plays each AI level against the one below it, the table that shows the
levels mean something (docs/ai.md). ``--log`` keeps every game as a JSON line and counts the
games a log already holds instead of playing them again, so a long run stopped halfway resumes,
and one with more ``--games`` extends it. The counting lives in :mod:`games.ai.arena`; this
module only reads the command line, the log, and prints.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from bot.play.wording import choice_named, choice_words
from games import REGISTRY, GameSpec, find_game
from games.ai import LEVELS, PLAYER_NAMES
from games.ai.arena import MAX_ACTIONS, Game, Result, Standing, run_arena


def main(argv: list[str] | None = None) -> int:
    """Run ``parley arena`` with ``argv`` (the words after ``arena``); 0 on success."""
    parser = argparse.ArgumentParser(
        prog="parley arena", description="Play games between players and count the wins."
    )
    parser.add_argument("game", help=f"one of: {', '.join(REGISTRY)}")
    parser.add_argument("--a", metavar="SPEC", help=f"under test: {_names()}")
    parser.add_argument("--b", metavar="SPEC", help="fills every other seat")
    parser.add_argument(
        "--ladder", action="store_true", help="each AI level against the one below (no --a, --b)"
    )
    parser.add_argument("--players", type=int, default=None, help="seats (default: fewest)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        help="processes (default: one per core; results do not depend on it)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="one of the game's options, for every game (cardinal: --option board=compass)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--progress", action="store_true", help="a line on stderr as each game ends"
    )
    parser.add_argument(
        "--log",
        type=Path,
        metavar="FILE",
        help="keep each game as a JSON line; games already there are counted, not replayed",
    )
    args = parser.parse_args(argv)

    spec = find_game(args.game)
    if spec is None:
        parser.error(f"unknown game {args.game!r}; choose from {', '.join(REGISTRY)}")
    named = [args.a is not None, args.b is not None]
    if any(named) if args.ladder else not all(named):
        parser.error("give both --a and --b, or --ladder alone")
    pairs = rungs() if args.ladder else [(args.a, args.b)]
    for name in (name for pair in pairs for name in pair):
        if name not in PLAYER_NAMES:
            parser.error(f"unknown player {name!r}; choose from {_names()}")
    players = args.players or spec.min_players
    if not spec.min_players <= players <= spec.max_players:
        parser.error(f"{spec.title} takes {spec.player_range()}, not {players}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        options = game_options(spec, args.option)
    except ValueError as problem:
        parser.error(str(problem))

    for a, b in pairs:
        name = a if a != b else f"{a} (--a)"  # the same spec on both sides
        run = {"game": spec.key, "a": a, "b": b, "players": players, "seed": args.seed}
        if options:  # a log line without options is a game with the defaults
            run["options"] = options
        known = read_log(args.log, run) if args.log else {}
        tracker = Progress(args.games, name, args.progress, args.log, run)
        result = run_arena(
            spec, a, b, players, args.games, args.seed, args.workers, tracker, known, options
        )
        if args.json:
            print(json.dumps(result.as_json()))
        else:
            print(report(spec.title, args.seed, result))
    return 0


def game_options(spec: GameSpec[Any], given: list[str]) -> dict[str, Any]:
    """``NAME=VALUE`` words as the game's options, each value one of its choices (named as
    in ``/parley new``, so ``--option size=7`` finds the number 7). Only the options given
    are kept: a log line without options is a game with the defaults."""
    options: dict[str, Any] = {}
    known = {option.name: option for option in spec.options}
    for word in given:
        name, _, value = word.partition("=")
        if name not in known:
            names = ", ".join(known) or "none"
            raise ValueError(f"{spec.title} has no option {name!r} (its options: {names})")
        choice = choice_named(known[name], value)
        if choice is None:
            allowed = ", ".join(choice_words(c) for c in known[name].choices)
            raise ValueError(f"option {name} must be one of: {allowed}")
        options[name] = choice
    return options


def rungs() -> list[tuple[str, str]]:
    """Each AI level beside the one below it, weakest pair first: ``--ladder``'s games."""
    names = [f"ai:{level}" for level in LEVELS]
    return list(zip(names[1:], names[:-1], strict=True))


def read_log(path: Path, run: dict[str, Any]) -> dict[int, Game]:
    """The games of ``run`` (same game, players, seats and seed) that the log at ``path``
    holds, by index; none if there is no log yet."""
    if not path.exists():
        return {}
    known = {}
    for text in path.read_text().splitlines():
        line = json.loads(text)
        same = all(line.get(key) == value for key, value in run.items())
        if same and line.get("options") == run.get("options"):
            known[line["index"]] = Game.from_json(line)
    return known


class Progress:
    """Tells, as each game ends, how it went: with ``--progress`` (``tell``), a line on stderr
    with the score of ``--a`` so far, naming the player (``ai:normal won``) as the report
    does, not the flag that chose it; with ``--log``, the game as a JSON line, written at
    once, so a run stopped at any moment keeps every game it finished."""

    def __init__(
        self, games: int, name: str, tell: bool, log: Path | None, run: dict[str, Any]
    ) -> None:
        self.games = games
        self.name = name
        self.tell = tell
        self.log = log
        self.run = run
        self.done = 0
        self.won = 0
        self.started = time.monotonic()

    def __call__(self, index: int, game: Game) -> None:
        if self.log is not None:
            with self.log.open("a") as log:
                print(json.dumps({**self.run, "index": index, **game.as_json()}), file=log)
        self.done += 1
        won = game.seat_of_a in game.winners
        self.won += won
        if not self.tell:
            return
        verdict = "won" if won else "drew" if not game.winners else "lost"
        minutes = (time.monotonic() - self.started) / 60
        print(
            f"game {index + 1}/{self.games}: {self.name} {verdict} in {game.actions} actions; "
            f"{self.won}/{self.done} won so far ({minutes:.1f} min)",
            file=sys.stderr,
            flush=True,
        )


def report(title: str, seed: int, result: Result) -> str:
    """The arena's result as lines a person reads."""
    lines = [f"{title}, {result.players} players, {result.games} games, seed {seed}"]
    width = max(len(result.a.spec), len(result.b.spec))
    lines.append(_standing(result.a, width, "1 seat"))
    others = result.players - 1
    lines.append(_standing(result.b, width, f"{others} seat{'s' if others > 1 else ''}"))
    lines.append(
        f"{result.a.spec} thought {result.think(0.5):.0f} ms per decision (p50), "
        f"{result.think(0.95):.0f} ms (p95), over {len(result.think_ms)} decisions "
        "with a real choice"
    )
    opened, won = result.opening()
    lines.append(
        f"{result.a.spec} acted first in {opened} games and won {won} of them; "
        f"won {result.a.wins - won} of the {result.games - opened} others"
    )
    if result.unfinished:
        lines.append(
            f"{result.unfinished} games went round in circles for {MAX_ACTIONS} actions and "
            "were stopped (counted as draws)"
        )
    return "\n".join(lines)


def _standing(standing: Standing, width: int, seats: str) -> str:
    low, high = standing.interval()
    return (
        f"  {standing.spec:<{width}}  ({seats}) won {standing.wins}, drew {standing.draws}, "
        f"lost {standing.losses}: {standing.win_rate:.1%} won "
        f"(95% interval {low:.1%} to {high:.1%})"
    )


def _names() -> str:
    return ", ".join(PLAYER_NAMES)


if __name__ == "__main__":
    sys.exit(main())
